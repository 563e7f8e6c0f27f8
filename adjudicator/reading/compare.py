"""A reading against hand-written sentences, once the player's picks are left out (bench/reading.py, tests).

Hand-written sentences carry the picks a player made inside the steps (``chosen``) or name the picked
card outright (``card: kiba`` where the text says 「手札の〈騎馬隊〉を」). The text says only what may be
picked; so a reading equals the hand-written sentences when they are the same once every pick is taken
out, and the picks taken out, in the order the text asks for them, are what an action's ``picks`` gives
(for 「n枚…セットせずに召喚する」 into empty slots, the cards' own pick, then where any that find no slot
go, 14.2)
(docs/format-additions.md). ``{it: {where: W}}`` and ``{it: W}`` are the same condition. A field card
written as its slot (``onto: A1``) where the text makes the player choose is not the same: the step skips
the choice the text asks for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Alignment:
    equal: bool = True
    picks: list[Any] = field(default_factory=list)
    difference: str = ""
    # A hand-written step named a hand/deck/graveyard card outright where the text chooses it: the same
    # card, but the reading's ruling also cites how a choice in a hidden zone is made (6.6, 8.4.1).
    named_hidden_choice: bool = False

    def differ(self, where: str, read: Any, written: Any) -> None:
        if self.equal:
            self.equal = False
            self.difference = f"{where}: read {read!r}, written {written!r}"


def align(read: list[dict[str, Any]], written: list[dict[str, Any]]) -> Alignment:
    """Compare two lists of sentences in the spec's dump shape; collect the written picks."""
    out = Alignment()
    _walk(read, written, "sentences", out)
    return out


def _is_choice(node: Any) -> bool:
    return isinstance(node, dict) and "choose" in node


def _walk(read: Any, written: Any, where: str, out: Alignment) -> None:
    if not out.equal:
        return
    if _is_choice(read):
        _choice(read, written, where, out)
        return
    if isinstance(read, dict) and isinstance(written, dict):
        if where.endswith(".if") and "it" in read and "it" in written:
            read, written = _it(read), _it(written)
        for key, marks in (("name", "〈〉"), ("effect_name", "｛｝")):  # brackets are not part of the word (7.1.1;
            if isinstance(written.get(key), str):                     # the engine strips them)
                written = {**written, key: written[key].strip(marks)}
        if where.endswith("summon_without_set") and read.get("empty_slot") and read.get("count", 1) > 1:
            _walk(read["card"], written.get("card"), f"{where}.card", out)
            out.picks.append(written.get("overflow_onto"))  # 14.2: where the cards that find no slot go
            read, written = _without(read, "card"), _without(written, "card", "overflow_onto")
        if "slots" in read:  # which card fills each slot (6.5.9)
            out.picks.append(written.get("chosen"))
            written = _without(written, "chosen")
        if where.endswith(".choose_effects"):  # which options, picked before any is done (6.5.7)
            out.picks.append(written.get("chosen"))
            written = _without(written, "chosen")
        if where.endswith(".search"):  # the cards looked for, as the player picked them (6.5.6)
            out.picks.append(written.get("chosen"))
            written = _without(written, "chosen")
        if "up_to" in read and "chosen" in written and set(read) == {"up_to"}:  # 「n枚まで引く」
            out.picks.append(written["chosen"])
            written = {k: v for k, v in written.items() if k != "chosen"}
        elif set(read) == {"count"} or set(read) == {"count", "position"}:  # hand_to_deck
            if "chosen" in written:
                out.picks.append(written["chosen"])
                written = {k: v for k, v in written.items() if k != "chosen"}
            elif where.endswith("hand_to_deck"):
                out.picks.append(None)
        if set(read) != set(written):
            out.differ(where, sorted(read), sorted(written))
            return
        for key in read:
            _walk(read[key], written[key], f"{where}.{key}", out)
        return
    if isinstance(read, list) and isinstance(written, list):
        if len(read) != len(written):
            out.differ(where, len(read), len(written))
            return
        for index, (r, w) in enumerate(zip(read, written)):
            _walk(r, w, f"{where}.{index}", out)
        return
    if where.endswith(".discard") and isinstance(read, int):
        if isinstance(written, dict) and set(written) <= {"count", "chosen"} and written.get("count") == read:
            out.picks.append(written.get("chosen"))
            return
        if written == read:
            out.picks.append(None)
            return
    if read != written:
        out.differ(where, read, written)


def _choice(read: dict[str, Any], written: Any, where: str, out: Alignment) -> None:
    if isinstance(written, str) and read.get("zone", "field") != "field":
        # A card of a hidden zone, written as itself: the only way a step could name it.
        out.picks.append([written])
        out.named_hidden_choice = True
        return
    if not isinstance(written, dict):
        out.differ(where, read, written)
        return
    chosen = written.get("chosen")
    rest = {k: v for k, v in written.items() if k != "chosen"}
    if rest != read:
        out.differ(where, read, rest)
        return
    out.picks.append(chosen)


def _without(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def _it(condition: dict[str, Any]) -> dict[str, Any]:
    value = condition["it"]
    if isinstance(value, dict) and set(value) == {"where"}:
        return {"it": value["where"]}
    return condition
