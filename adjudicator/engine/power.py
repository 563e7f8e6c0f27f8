"""Power arithmetic: a printed power and the changes applied to it, in order (10.4.2, 10.4.3, 11.6.2).

A leaf of the engine: pure arithmetic over :class:`~adjudicator.engine.board.PowerMod`, used both for a
card's power now (:mod:`adjudicator.engine.stats`) and for its power without continuous effects, which
is what continuous effects judge their conditions on (:mod:`adjudicator.engine.continuous`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudicator.engine.board import PowerMod


def apply_power_mods(base: int, mods: "list[PowerMod]") -> int:
    """Mods in the order applied: a ``set`` wipes the earlier adds except continuous ones (10.4.3).

    Continuous 「常」 adds keep applying whatever was set, so they are added after the others; the result
    is never below 0 (11.6.2).
    """
    # A continuous 「パワーが〇〇になる」 holds for as long as its card is face-up, so it acts as the base
    # that timed changes then apply to (10.4.3's last sentence).
    continuous_sets = [mod.set for mod in mods if mod.continuous and mod.set is not None]
    value = continuous_sets[-1] if continuous_sets else base
    for mod in mods:
        if mod.continuous:
            continue
        value = mod.set if mod.set is not None else value + (mod.add or 0)
    value += sum(mod.add or 0 for mod in mods if mod.continuous)
    return max(0, value)
