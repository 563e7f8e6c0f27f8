"""Continuous 「常」 effects: applied while their card is face-up on the top of the field, re-judged on
every read of the board (6.4.5, 8.2.2).

A ``mark: constant`` effect with no ``when`` is continuous. Nothing here is cached or stored on the cards:
each question (this card's power, whether that player may attack) walks the effects live on the board at
that moment, so a card that turns face-down, goes under another card or leaves stops applying at once and
applies again when it is face-up on the top (3.6.2), and a card that arrives later is covered at once.

Which cards a continuous effect covers is judged on what cards carry without continuous effects (printed
values and timed changes). The rulebook does not order continuous effects among themselves; judging their
conditions without them keeps every read finite and independent of the order the effects are listed in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from adjudicator.engine.board import Board, Card, Expiry, PowerMod, RankMod, zone_count
from adjudicator.engine.durations import in_force
from adjudicator.engine.matching import CardFacts, effect_names, matches
from adjudicator.engine.power import apply_power_mods
from adjudicator.engine.rules import rule
from adjudicator.format.base import Act, Whose
from adjudicator.vocabulary import CountedZone, PlayerId, opponent_of

if TYPE_CHECKING:
    from adjudicator.format.effects import CardRef, Condition, Effect, Step, Where

CONTINUOUS_REJUDGED = rule(
    "continuous_rejudged", ("6.4.5", "8.2.2"), "「常」効果は場にオモテである限り、その都度の場の状態で判定して適用する"
)
CONTINUOUS_SURVIVES_SET = rule(
    "continuous_survives_set", "10.4.3", "「パワーが〇〇になる」は以前の加算・減算を上書きするが、「常」効果によるものは除く"
)
NOT_WHILE_FACE_DOWN_OR_UNDER = rule(
    "not_while_face_down_or_under", ("3.6.2", "6.4.5"),
    "ウラである間・場の下にある間は継続効果が一時的に適用されず、オモテかつ場の一番上に戻れば再び適用される",
)
IMMUNE_TO_CHANGES = rule(
    "immune_to_changes", ("9.1.1", "9.1.2"),
    "「効果を受けない」カードは自身の状態変化（位置・向き・数値等）を防ぐが、参照・選択されることは防がない",
)

CONTINUOUS_STEPS = ("power", "rank", "grant", "restrict", "protect")


@dataclass(frozen=True)
class Source:
    """A continuous effect live on the board: the card that has it and the effect."""

    card: Card
    effect: "Effect"

    @property
    def controller(self) -> PlayerId:
        return self.card.owner


def sources(board: Board) -> Iterator[Source]:
    """Every continuous effect live now: its card is face-up on the top of a field slot (6.4.5)."""
    for player in board.players.values():
        for _, stack in player.field_tops():
            card = stack.top
            if stack.face_down or card.info is None:
                continue
            for effect in card.info.effects:
                if effect.mark == "constant" and effect.when is None:
                    yield Source(card, effect)


def _live_steps(board: Board, source: Source, kind: str) -> Iterator["Step"]:
    """The steps of ``kind`` in sentences whose condition holds now."""
    for sentence in source.effect.sentences:
        if sentence.if_ is not None and not condition_holds(board, source, sentence.if_):
            continue
        for step in sentence.do:
            if step.kind == kind:
                yield step


def continuous_effects_of(card: Card) -> list["Effect"]:
    """The card's own 「常」 effects that apply all the time (no ``when``)."""
    if card.info is None:
        return []
    return [effect for effect in card.info.effects if effect.mark == "constant" and effect.when is None]


def pause_note(card: Card, why: str) -> str | None:
    """Words for a card whose continuous effects stop applying because it went face-down or under (3.6.2)."""
    effects = continuous_effects_of(card)
    if not effects:
        return None
    names = "、".join(f"｛{effect.name}｝" for effect in effects)
    return f"{card.label()}の「常」効果{names}は、{why}間は適用されない（オモテかつ場の一番上に戻れば再び適用される）"


# --- what a card gets from continuous effects -------------------------------------------------------


def power_mods_for(board: Board, card: Card) -> list[PowerMod]:
    """Power changes continuous effects give ``card`` now (they survive a later set, 10.4.3)."""
    return [
        PowerMod(step.power.add, step.power.set, Expiry(card.owner, 0, "never"), continuous=True, source=src.effect.name)
        for src, step in _steps_covering(board, card, "power")
    ]


def rank_mods_for(board: Board, card: Card) -> list[RankMod]:
    """Rank changes continuous effects give ``card`` now (effective rank, 2.2.3)."""
    return [
        RankMod(step.rank.add, Expiry(card.owner, 0, "never"), continuous=True, source=src.effect.name)
        for src, step in _steps_covering(board, card, "rank")
    ]


def roles_for(board: Board, card: Card) -> set[str]:
    """Attacker/blocker granted by continuous effects (never while face-down, 3.1.4: the caller checks)."""
    return {step.grant.role for _, step in _steps_covering(board, card, "grant")}


def protections_for(board: Board, card: Card) -> set[str]:
    """Protections (leave_field, battle, effects) continuous effects give ``card`` now."""
    return {step.protect.from_ for _, step in _steps_covering(board, card, "protect")}


def _steps_covering(board: Board, card: Card, kind: str) -> Iterator[tuple[Source, "Step"]]:
    if not _is_top_face_up(board, card):
        return
    for source in sources(board):
        # 「効果を受けない」 stops changes other cards' effects would make to it (9.1.1).
        if card.immune and source.card is not card:
            continue
        for step in _live_steps(board, source, kind):
            if card in covered(board, source, step.argument.target):
                yield source, step


def live_restrictions(board: Board, player_id: PlayerId, act: Act) -> Iterator[tuple[Source, "Step"]]:
    """The continuous 「〜できない」 steps live now that forbid ``player_id`` (or a card of theirs) the act.

    Whether a card-subject one covers a given card is judged at the attempt with every continuous effect
    applied (8.2.4, 8.2.5): that is :func:`adjudicator.engine.restrictions.forbidding`'s part.
    """
    for source in sources(board):
        for step in _live_steps(board, source, "restrict"):
            spec = step.restrict
            if spec.cannot == act and player_id in _players(source.controller, spec.player):
                yield source, step


# --- selectors and conditions, judged without continuous effects -------------------------------------


def covered(board: Board, source: Source, selector: "CardRef") -> list[Card]:
    """The cards a continuous step covers now: 「これ」, a slot, or 「全て」 with its conditions (8.3)."""
    if isinstance(selector, str):
        found = board.find(selector)
        return [found] if found is not None and is_top(board, found) else []
    if selector.this:
        return [source.card]
    if selector.it or selector.zone != "field":
        return []  # 「それ」 and hand/deck cards have no meaning for an effect that applies all the time
    cards = [
        stack.top
        for pid in _players(source.controller, selector.player)
        for _, stack in board.players[pid].field_tops()
    ]
    return [c for c in cards if _matches_raw(board, c, selector.where, source.card)]


def _players(controller: PlayerId, whose: Whose) -> tuple[PlayerId, ...]:
    if whose == "self":
        return (controller,)
    if whose == "opponent":
        return (opponent_of(controller),)
    return (controller, opponent_of(controller))


def condition_holds(board: Board, source: Source, condition: "Condition") -> bool:
    """A 「…なら」 of a continuous effect, judged on the board now (8.2.2)."""
    me = board.players[source.controller]
    kind = condition.kind
    if kind == "not_":
        return not condition_holds(board, source, condition.not_)
    if kind == "hand_at_least":
        return zone_count(me, "hand", "「常」効果の手札の枚数条件", CONTINUOUS_REJUDGED) >= condition.hand_at_least
    if kind == "hand_at_most":
        return zone_count(me, "hand", "「常」効果の手札の枚数条件", CONTINUOUS_REJUDGED) <= condition.hand_at_most
    if kind in ("deck_at_most", "deck_at_least", "graveyard_at_least"):
        spec = getattr(condition, kind)
        zone: CountedZone = "graveyard" if kind.startswith("graveyard") else "deck"
        counts = [
            zone_count(board.players[p], zone, "「常」効果の枚数条件", CONTINUOUS_REJUDGED)
            for p in _players(source.controller, spec.player)
        ]
        return all(n <= spec.count for n in counts) if kind == "deck_at_most" else all(n >= spec.count for n in counts)
    if kind in ("field_count_at_least", "field_count_at_most"):
        spec = getattr(condition, kind)
        count = sum(
            1
            for pid in _players(source.controller, spec.player)
            for _, stack in board.players[pid].field_tops()
            if _matches_raw(board, stack.top, spec.where, source.card)
        )
        return count >= spec.count if kind == "field_count_at_least" else count <= spec.count
    return False  # 「それ」 and 「この効果で〜したなら」 need an effect being resolved; a 「常」 has none


def raw_facts(board: Board, card: Card) -> CardFacts:
    """A card's facts without continuous effects: printed values and timed changes only."""
    stack = _stack_of(board, card)
    face_up = stack is None or not stack.face_down
    info = card.info if card.known and face_up else None
    return CardFacts(
        uid=card.uid,
        on_field=is_top(board, card),
        face_up=face_up,
        rested=bool(stack and stack.rested),
        known=info is not None,
        short_name=card.short_name if info else None,
        attributes=tuple(info.attributes) if info else (),
        rank=max(0, info.rank + sum(m.add or 0 for m in in_force(card.rank_mods))) if info and info.rank is not None else None,
        power=apply_power_mods(info.power, in_force(card.power_mods)) if info and info.power is not None else None,
        roles=frozenset(({info.role} - {"none"}) | {grant.what for grant in in_force(card.grants)}) if info else frozenset(),
        type=info.type if info else None,
        attacking=board.attacking is card,
        level=info.level if info else None,
        effect_names=effect_names(info) if info else (),
    )


def _matches_raw(board: Board, card: Card, where: "Where", source: Card) -> bool:
    return matches(where, raw_facts(board, card), source.uid)


# --- where a card is ----------------------------------------------------------------------------------


def _stack_of(board: Board, card: Card):
    found = board.players[card.owner].stack_of(card)
    return found[1] if found else None


def is_top(board: Board, card: Card) -> bool:
    stack = _stack_of(board, card)
    return stack is not None and stack.top is card


def _is_top_face_up(board: Board, card: Card) -> bool:
    stack = _stack_of(board, card)
    return stack is not None and stack.top is card and not stack.face_down


