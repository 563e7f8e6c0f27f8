"""The order of a deck or graveyard: known while nobody has shuffled it, known to no one after (4.4.1).

A scenario lists a deck top first, so the engine knows which card is where. Once a zone is shuffled
(「シャッフルする」 or the supplementary shuffle after a search, 4.4.1) its contents stay the same but the
order is chance: taking cards from the top of it is then only honest when the cards cannot be told apart
(all of them unknown to the scenario, or alike). Otherwise the trace goes no further than the facts do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.rules import Rule, registered_rules, rule
from adjudicator.vocabulary import CountedZone, PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.board import Card
    from adjudicator.engine.game import Game

SHUFFLED_ORDER = rule(
    "shuffled_order", ("4.4.1", "2.5.4"), "シャッフルした山札・墓地の順序は誰にも分からない（内容は非公開情報）"
)
PLAYERS_ORDER = rule("players_order", ("6.5.1", "2.5.4"), "残りのカードを置く順序は持ち主が決め、シナリオに書かれていなければ分からない")
RANDOM_PICK = rule("random_pick", ("4.3.1", "4.3.2"), "「見ずに」は「ランダムに」と読み、移動したカードの内容も確認しない")


def distinguishable(cards: "list[Card]") -> bool:
    """Whether which of ``cards`` ends up where could make a difference (two cards that differ)."""
    printed = {card.info.model_copy(update={"id": None}).model_dump_json() if card.info else None for card in cards}
    return len(printed) > 1


def check_known_top(game: "Game", player_id: PlayerId, zone: CountedZone, count: int) -> None:
    """Stop when ``count`` cards are taken from the top of a zone of unknown order whose cards differ (4.4.1)."""
    player = game.board.players[player_id]
    cards = getattr(player, zone)
    why = {name for known_zone, name in player.order_unknown if known_zone == zone}
    if count <= 0 or not why or count >= len(cards) or not distinguishable(cards):
        return
    word = {"deck": "山札", "graveyard": "墓地"}[zone]
    game.rulebook_gap(
        f"{player_id}の{word}の順序は分からない（シャッフルされた、または順序を決める定めがない）ので、上から{count}枚が"
        "どのカードかは誰にも分からない。シナリオにもその結果が書かれていないので、ここから先は裁定できない",
        *(declared for declared in registered_rules() if declared.name in why),
    )


def lose_order(game: "Game", player_id: PlayerId, zone: CountedZone, why: Rule) -> None:
    """The zone's order is no longer known, for the reason ``why`` (a shuffle, a swap, the player's order)."""
    player = game.board.players[player_id]
    player.order_unknown = tuple((z, name) for z, name in player.order_unknown if z != zone) + ((zone, why.name),)


def forget_order(game: "Game", player_id: PlayerId, zone: CountedZone) -> bool:
    """After a shuffle: True when the zone's order really became unknown (its cards differ)."""
    player = game.board.players[player_id]
    if not distinguishable(getattr(player, zone)):
        return False
    lose_order(game, player_id, zone, SHUFFLED_ORDER)
    return True
