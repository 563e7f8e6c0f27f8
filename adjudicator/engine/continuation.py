"""The ruling's final board as a scenario (``hi-story-scenario/1``): "and then?" starts from the result.

Everything the board carries that the format can say is written out (counts or listed cards, stacks with
their face and state, what each card carries and for how long, the players' rights, restrictions and
per-turn counts). A duration is written as the format reads it from the board's moment (``turns: N`` of the
affected player, ``until: end_of_turn`` / ``next_turn``); what the format cannot say is listed under
``x-not-carried`` instead of being dropped silently.
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine.board import Board, Card, Expiry, Player, Stack
from adjudicator.format.scenario import FORMAT as FORMAT_ID
from adjudicator.vocabulary import CountedZone, PlayerId

STATE_FIELDS = (
    "summoned_this_turn", "summoned_without_set_this_turn", "mark_used_this_turn", "once_used", "power_mods",
    "rank_mods", "granted_role", "no_refresh", "restrictions", "protected",
)


def scenario_form(board: Board, title: str) -> dict[str, Any]:
    """The board as scenario data (no actions): load it, add actions, ask the next question."""
    lost: list[str] = []
    players = {pid: _player(board, player, lost) for pid, player in board.players.items()}
    data: dict[str, Any] = {
        "format": FORMAT_ID,
        "title": f"{title}（続き）"[:200],
        "game": {"round": board.round, "first_player": board.first_player, "turn_player": board.turn_player,
                 "phase": board.phase},
        "players": players,
        "actions": [],
    }
    if lost:
        data["x-not-carried"] = lost
    return data


def _player(board: Board, player: Player, lost: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {zone: _zone(player, zone) for zone in ("deck", "graveyard", "hand")}
    out["field"] = {str(slot): _stack(board, player, stack, lost) for slot, stack in player.field_tops()}  # as in JSON
    if player.damage_zero:
        out["rights"] = {"damage_zero": player.damage_zero}
    if player.events_this_turn:
        out["events_this_turn"] = player.events_this_turn
    if player.hand_draw_limit is not None:
        out["hand_draw_limit"] = player.hand_draw_limit
    if player.summon_limit is not None:
        out["summon_limit"] = player.summon_limit
    if player.extra_turn:
        out["extra_turn"] = True
    restrictions = []
    for held in player.restrictions:
        period = _period(board, held.expiry, player.id)
        if held.where is not None or held.limit is not None or period is None:
            lost.append(f"{player.id}の制限「{held.what}」（{held.source or '効果'}）")
            continue
        restrictions.append({"cannot": held.what, **period})
    if restrictions:
        out["restrictions"] = restrictions
    return out


def _zone(player: Player, zone: CountedZone) -> Any:
    """A count, ``unknown``, or the listed cards when every card in the zone is known."""
    if zone in player.unknown_zones:
        return "unknown"
    cards = getattr(player, zone)
    if cards and all(card.known for card in cards):
        return [card.info.model_dump(mode="json", by_alias=True, exclude_defaults=True, exclude=set(STATE_FIELDS))
                for card in cards]
    return len(cards)


def _stack(board: Board, player: Player, stack: Stack, lost: list[str]) -> dict[str, Any]:
    cards = [_card(board, player, card, lost) for card in stack.cards]
    return {"cards": cards, "face": "down" if stack.face_down else "up", "state": "rest" if stack.rested else "active"}


def _card(board: Board, player: Player, card: Card, lost: list[str]) -> dict[str, Any]:
    if card.info is None:
        lost.append(f"{player.id}の場の内容不明のカード")
        return {"name": "（内容不明のカード）"}
    out = card.info.model_dump(mode="json", by_alias=True, exclude_defaults=True, exclude=set(STATE_FIELDS))
    now = board.turn_index
    if card.summoned_turn == now:
        out["summoned_this_turn"] = True
    if card.summoned_without_set_turn == now:
        out["summoned_without_set_this_turn"] = True
    if card.mark_used_turn == now:
        out["mark_used_this_turn"] = True
    if card.once_used:
        out["once_used"] = sorted(card.once_used)
    if card.no_refresh:
        out["no_refresh"] = True
    label = f"{player.id}の〈{card.short_name}〉"
    mods = []
    for mod in card.power_mods:
        period = {} if mod.continuous else _period(board, mod.expiry, card.owner)
        if period is None:
            lost.append(f"{label}のパワー修正（{mod.source or '効果'}）")
            continue
        mods.append({**({"add": mod.add} if mod.set is None else {"set": mod.set}), **period,
                     **({"continuous": True} if mod.continuous else {})})
    if mods:
        out["power_mods"] = mods
    ranks = [(m, _period(board, m.expiry, card.owner)) for m in card.rank_mods if not m.continuous]
    if ranks:
        out["rank_mods"] = [{"add": m.add, **p} for m, p in ranks if p is not None]
        lost += [f"{label}のランク修正" for _, p in ranks if p is None]
    for grant in card.grants:
        if grant.expiry.at == "never":
            out["granted_role"] = grant.what
        else:
            lost.append(f"{label}の期間つきの{grant.what}の付与（形式に期間つきの付与はない）")
    for key, items, name in (("restrictions", card.restrictions, "cannot"), ("protected", card.protections, "from")):
        written = []
        for held in items:
            period = _period(board, held.expiry, card.owner)
            if period is None:
                lost.append(f"{label}の「{held.what}」")
                continue
            written.append({name: held.what, **period})
        if written:
            out[key] = written
    return out


def _period(board: Board, expiry: Expiry, affected: PlayerId) -> dict[str, Any] | None:
    """The duration as the format reads it on this board, or None when the format cannot say it."""
    if expiry.at == "never":
        return {}
    if expiry.at == "attack":
        return None  # the attack is over by the time a ruling's final board exists
    if not expiry.in_force:
        # 「次のターン」 read from the board's moment is the non-turn player's next turn.
        return {"until": "next_turn"} if expiry.waits_for == board.non_turn_player else None
    if expiry.player == affected:
        return {"turns": expiry.turns}
    if expiry.player == board.turn_player and expiry.turns == 1:
        return {"until": "end_of_turn"}
    return None
