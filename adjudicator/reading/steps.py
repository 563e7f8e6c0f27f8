"""The steps of a sentence, one production per wording of the format's step table (spec "Steps").

Each rule names its verb as ``<送る>``: the grammar holds it in 終止形 at the end of a sentence, in 連用形
before 「、」 (「送り、」: the steps run in order, 10.1.5) and in て形 before 「もよい」 (6.5.3).
"""

from __future__ import annotations

from typing import Any

from adjudicator.reading.counts import DRAW, count_of
from adjudicator.reading.productions import production
from adjudicator.reading.targets import phrase_of
from adjudicator.reading.values import OMITTED, NotReadable, NounPhrase, StepDraft
from adjudicator.format.base import Whose

# --- moving cards between zones (2.3.3, 3.5.1, 11.3.1) ---------------------------------------------


@production("send_to_graveyard", ("2.3.3", "3.5.1"), "「…を墓地へ送る」: field cards to their owner's graveyard", step=True,
            rule='send_to_graveyard: object GRAVEYARD <送る>')
def send_to_graveyard(target: Any, _to: str) -> StepDraft:
    return StepDraft("send_to_graveyard", target)


@production("discard", "2.8.2", "「手札をn枚（手札n枚を）墓地へ送る」: cards from one's own hand, the player picks which", step=True,
            rule='discard: ["自分の"] ("手札を" number "枚" | "手札" number "枚" "を") ["選び"] ["、"] GRAVEYARD <送る>')
def discard(count: int, _to: str) -> StepDraft:
    return StepDraft("discard", count_of(count))


@production("mill", "11.3.1", "「相手の山札の上からn枚を墓地へ送る」: the top cards of a deck (not damage)", step=True,
            rule='mill: DECK_OWNER "山札の上から" number "枚" ["を"] GRAVEYARD <送る>')
def mill(owner: str, count: int, _to: str) -> StepDraft:
    spec: dict[str, Any] = {} if owner == "相手の" else {"player": "self"}
    spec["count"] = count_of(count)
    return StepDraft("mill", spec)


@production("mill_own", "7.2.1", "「山札の上からn枚を墓地へ送る」 (no owner named): one's own deck", step=True,
            rule='mill_own: "山札の上から" number "枚" ["を"] GRAVEYARD <送る>')
def mill_own(count: int, _to: str) -> StepDraft:
    return StepDraft("mill", {"player": "self", "count": count_of(count)})


@production("mill_top", ("11.3.1", "7.2.1"), "「（相手の）山札の一番上のカードを墓地へ送る」: the top card of a deck (no owner "
            "named: one's own)", step=True, rule='mill_top: [DECK_OWNER] "山札の一番上のカード" ["を"] GRAVEYARD <送る>')
def mill_top(owner: str | None, _to: str) -> StepDraft:
    return StepDraft("mill", {"count": 1} if owner == "相手の" else {"player": "self", "count": 1})


@production("draw_count_of", ("6.5.8", "8.2.1"), "「相手の場のカードの枚数だけ（カードを）引く」「…と同じ枚数引く」: as many as "
            "the cards counted when the step is processed, a fixed count", step=True,
            rule='draw_count_of: field_cards ("の枚数だけ" | "と同じ枚数") ["、"] ["カードを"] ' + DRAW)
def draw_count_of(phrase: NounPhrase) -> StepDraft:
    if phrase.most is not None:
        raise NotReadable("「最も」のカードの枚数、は読まない")
    counted: dict[str, Any] = {} if phrase.player in (None, "self") else {"player": phrase.player}
    if phrase.where:
        counted["where"] = dict(phrase.where)
    return StepDraft("draw", {"count_of": counted})


@production("mill_each", ("10.1.1", "12.1.3"), "「互いに、山札の上からn枚を墓地へ送る」: both players, at once", step=True,
            rule='mill_each: ("互いに、" | "互いの") "山札の上から" number "枚" ["を"] GRAVEYARD <送る>')
def mill_each(count: int, _to: str) -> StepDraft:
    return StepDraft("mill", {"player": "each", "count": count_of(count)})


@production("return_to_hand", "3.5.1", "「…を持ち主の手札に戻す」: to the owner's hand", step=True,
            rule='return_to_hand: object ["持ち主の"] ("手札に" | "手札へ") <戻す>')
def return_to_hand(target: Any) -> StepDraft:
    return StepDraft("return_to_hand", target)


@production("to_deck", "3.5.1", "「…を持ち主の山札の上/下に置く」: to the owner's deck", step=True,
            rule='to_deck: object ["持ち主の"] "山札の" POSITION "に" <置く>')
def to_deck(target: Any, position: str) -> StepDraft:
    spec: dict[str, Any] = {"target": target}
    if position.endswith("上"):
        spec["position"] = "top"
    return StepDraft("to_deck", spec)


@production("hand_to_deck", "2.8.2", "「手札をn枚山札の下に置く」: cards of one's hand the player picks, to the deck", step=True,
            rule='hand_to_deck: ["自分の"] ("手札を" number "枚" | "手札" number "枚" "を") ["選び"] ["、"] ["自分の"] "山札の" POSITION "に" <置く>')
def hand_to_deck(count: int, position: str) -> StepDraft:
    spec: dict[str, Any] = {"count": count_of(count)}
    if position.endswith("上"):
        spec["position"] = "top"
    return StepDraft("hand_to_deck", spec)


# --- the state of field cards (3.1, 3.2) -----------------------------------------------------------


@production("rest", "3.2.1", "「…をレストする」", step=True, rule='rest: object "レスト" <する>')
def rest(target: Any) -> StepDraft:
    return StepDraft("rest", target)


@production("activate_cards", "3.2.1", "「…をアクティブにする」", step=True, rule='activate_cards: object "アクティブに" <する>')
def activate_cards(target: Any) -> StepDraft:
    return StepDraft("activate_cards", target)


@production("flip_down", "3.1.1", "「…をウラにする」", step=True, rule='flip_down: object "ウラに" <する>')
def flip_down(target: Any) -> StepDraft:
    return StepDraft("flip_down", target)


@production("flip_up", ("3.1.1", "6.4.4"), "「…をオモテにする」", step=True, rule='flip_up: object "オモテに" <する>')
def flip_up(target: Any) -> StepDraft:
    return StepDraft("flip_up", target)


# --- power and rank (10.4, 2.2.3) --------------------------------------------------------------------


@production("amount", "10.4.2", "「＋1000」「−2000」: a signed amount", rule="amount: SIGN number")
def amount(sign: str, value: int) -> int:
    return value if sign in "+＋" else -value


@production("timed_amount", ("10.4.2", "5.6"), "「（、このターン、）＋1000」: the amount, a duration may stand before it, "
            "set off by 「、」 or not", rule='timed_amount: ["、"] [duration ["、"]] amount')
def timed_amount(duration: dict[str, Any] | None, change: int) -> tuple[dict[str, Any] | None, int]:
    return duration, change


def _one_duration(before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, Any] | None:
    """「このターン、」 before the chosen card or after 「それのパワーを、」: one duration either way (5.6)."""
    if before is not None and after is not None:
        raise NotReadable("期間が二度書かれている")
    return before if before is not None else after


def _timed(kind: str, spec: dict[str, Any], duration: dict[str, Any] | None) -> StepDraft:
    return StepDraft(kind, {**spec, **(duration or {})}, timed=True)


def _chosen_power(particle: str) -> str:
    """「それのパワーを」「そのパワーを」「パワーを」…: one literal each (the lexer takes the longest literal)."""
    return " | ".join(f'"{owner}パワー{particle}"' for owner in ("それの", "そのカードの", "その", ""))


@production("power_add", ("10.4.2", "10.4.3"), "「これのパワーを＋1000する」「…のパワー−1000」: power changes by the amount",
            step=True, rule='power_add: possessor "のパワーを" timed_amount <する>\n'
                            'power_add_bare: possessor "のパワー" amount')
def power_add(target: Any, timed: tuple[dict[str, Any] | None, int]) -> StepDraft:
    duration, change = timed
    return _timed("power", {"target": target, "add": change}, duration)


@production("power_add_bare", ("10.4.2", "10.4.3"), "「これのパワー＋1000」 (no verb): power changes by the amount", step=True)
def power_add_bare(target: Any, change: int) -> StepDraft:
    return _timed("power", {"target": target, "add": change}, None)


@production("power_add_chosen", ("10.4.2", "8.4.1", "7.2.3"), "「…を1枚選び、このターン、（それの・その）パワーを−2000する」: the "
            "chosen card's power (「その」 points to the card just named, as 「それの」 does: 7.2.3)", step=True,
            rule=f'power_add_chosen: (pick | object_all) [duration "、"] ({_chosen_power("を")}) timed_amount <する>')
def power_add_chosen(target: Any, duration: dict[str, Any] | None, timed: tuple[dict[str, Any] | None, int]) -> StepDraft:
    return _timed("power", {"target": target, "add": timed[1]}, _one_duration(duration, timed[0]))




@production("power_set", ("10.4.3", "11.6.2"), "「（それの）パワーがnになる」「パワーはnになる」: power becomes n", step=True,
            rule=f'power_set: (possessor ("のパワーが" | "のパワーは") | pick [duration "、"] ({_chosen_power("が")} | '
                 f'{_chosen_power("は")})) number "に" <なる>\n'
                 f'power_set_to: (possessor "のパワーを" | pick [duration "、"] ({_chosen_power("を")})) number "に" <する>')
def power_set(target: Any, *rest: Any) -> StepDraft:
    duration, value = (rest if len(rest) == 2 else (None, rest[0]))
    return _timed("power", {"target": target, "set": value}, duration)


@production("power_set_to", ("10.4.3", "11.6.2"), "「（それの）パワーをnにする」: power is set to n (「パワーがnになる」 said by "
            "the effect)", step=True)
def power_set_to(target: Any, *rest: Any) -> StepDraft:
    return power_set(target, *rest)


@production("power_per", ("7.3.2", "10.4.2", "8.2.1"), "「〇〇1枚につき、これのパワーを＋1000する」: the amount once for each "
            "such card (counted individually, 7.3.2)", step=True,
            rule='power_per: field_cards number "枚につき" ["、"] possessor "のパワーを" timed_amount <する>\n'
                 'power_per_after: possessor "のパワーを" ["、"] [duration ["、"]] field_cards number "枚につき" amount <する>')
def power_per(cards: NounPhrase, one: int, target: Any, timed: tuple[dict[str, Any] | None, int]) -> StepDraft:
    duration, change = timed
    return _timed("power", {"target": target, "add": change, "per": _counted(cards, one)}, duration)


@production("power_per_after", ("7.3.2", "10.4.2", "8.2.1"), "「これのパワーを、このターン、〇〇1枚につき+1000する」", step=True)
def power_per_after(target: Any, duration: dict[str, Any] | None, cards: NounPhrase, one: int, change: int) -> StepDraft:
    return _timed("power", {"target": target, "add": change, "per": _counted(cards, one)}, duration)


def _counted(cards: NounPhrase, one: int) -> dict[str, Any]:
    """The cards 「1枚につき」 counts, as the format's count on the board (player, zone, where)."""
    if one != 1 or cards.every or cards.most is not None:
        raise NotReadable("「1枚につき」の数え方が読めない")
    counted: dict[str, Any] = {"player": cards.player or "self"}
    if cards.where:
        counted["where"] = dict(cards.where)
    return counted


@production("rank_add", "2.2.3", "「これのランクを＋1する」: the effective rank changes", step=True,
            rule='rank_add: possessor "のランクを" timed_amount <する>')
def rank_add(target: Any, timed: tuple[dict[str, Any] | None, int]) -> StepDraft:
    duration, change = timed
    return _timed("rank", {"target": target, "add": _rank(change)}, duration)


@production("rank_add_chosen", ("2.2.3", "8.4.1", "7.2.3"), "「…を1枚選び、（それの）ランクを＋1する」", step=True,
            rule='rank_add_chosen: (pick | object_all) [duration "、"] ("それのランクを" | "そのカードのランクを" | "ランクを") timed_amount <する>')
def rank_add_chosen(target: Any, duration: dict[str, Any] | None, timed: tuple[dict[str, Any] | None, int]) -> StepDraft:
    return _timed("rank", {"target": target, "add": _rank(timed[1])}, _one_duration(duration, timed[0]))


def _rank(change: int) -> int:
    if not -9 <= change <= 9:
        raise NotReadable("ランクの増減が大きすぎる")
    return change


# --- roles, protection, restrictions (3.1.4, 8.2) ---------------------------------------------------------


ROLES = {"アタッカー": "attacker", "ブロッカー": "blocker"}


def _subject_target(subject: tuple[str, Any]) -> Any:
    _, value = subject
    return value.selector(all=True) if isinstance(value, NounPhrase) else value


@production("grant", "3.1.4", "「これはアタッカーを得る」: the card gains the role (lost while face-down)", step=True,
            rule='grant: subject [duration ["、"]] ROLE "を" <得る>\n'
                 'grant_chosen: pick [duration "、"] "それは" ROLE "を" <得る>')
def grant(subject: tuple[str, Any], duration: dict[str, Any] | None, role: str) -> StepDraft:
    return _timed("grant", {"target": _subject_target(subject), "role": ROLES[role]}, duration)


@production("grant_chosen", ("3.1.4", "8.4.1", "7.2.3"), "「…を1枚選び、それはアタッカーを得る」", step=True)
def grant_chosen(target: Any, duration: dict[str, Any] | None, role: str) -> StepDraft:
    return _timed("grant", {"target": target, "role": ROLES[role]}, duration)


PROTECTIONS = {"場を離れない": "leave_field", "場を離れなくてよい": "leave_field",
               "バトルによって墓地へ送られない": "battle", "効果を受けない": "effects"}


@production("protect", ("8.2.6", "10.2.1"), "「…は場を離れない」「効果を受けない」: the cards are protected", step=True,
            rule='protect: subject [duration ["、"]] PROTECTION\nPROTECTION: '
                 + " | ".join(f'"{w}"' for w in sorted(PROTECTIONS, key=len, reverse=True)))
def protect(subject: tuple[str, Any], duration: dict[str, Any] | None, words: str) -> StepDraft:
    return _timed("protect", {"target": _subject_target(subject), "from": PROTECTIONS[words]}, duration)


ACTS = {"攻撃": "attack", "ブロック": "block", "召喚": "summon", "セット": "set", "効果を発動": "activate",
        "事変を発動": "event", "カードを引": "draw"}


def _act(words: str) -> str:
    return ACTS[words.removesuffix("できない").removesuffix("けない")]


@production("restrict_player", ("8.2.4", "5.3"), "「相手は攻撃できない」: the player may not, judged at each attempt", step=True,
            rule='restrict_player: (opponent_subject | own_subject) [duration ["、"]] CANNOT\n'
                 'CANNOT: "攻撃できない" | "ブロックできない" | "召喚できない" | "セットできない" | "効果を発動できない"'
                 ' | "事変を発動できない" | "カードを引けない"')
def restrict_player(player: Whose, duration: dict[str, Any] | None, words: str) -> StepDraft:
    spec: dict[str, Any] = {} if player == "opponent" else {"player": "self"}
    spec["cannot"] = _act(words)
    return _timed("restrict", spec, duration)


@production("restrict_limit", "10.3.2", "「自分は合わせてn枚までしか召喚できない」: at most n summons this period", step=True,
            rule='restrict_limit: (opponent_subject | own_subject) [duration ["、"]] "合わせて" number "枚" "までしか" LIMITED\n'
                 'LIMITED: "召喚できない" | "事変を発動できない"')
def restrict_limit(player: Whose, duration: dict[str, Any] | None, limit: int, words: str) -> StepDraft:
    spec: dict[str, Any] = {} if player == "opponent" else {"player": "self"}
    spec.update({"cannot": _act(words), "limit": limit})
    return _timed("restrict", spec, duration)


@production("restrict_chosen", ("8.2.5", "8.4.1", "7.2.3"), "「…を1枚選び、（期間、）それは攻撃できない」: the chosen card may not",
            step=True, rule='restrict_chosen: pick [duration "、"] "それは" CANNOT')
def restrict_chosen(target: Any, duration: dict[str, Any] | None, words: str) -> StepDraft:
    return _timed("restrict", {"target": target, "cannot": _act(words)}, duration)


@production("protect_chosen", ("8.2.6", "8.4.1", "7.2.3"), "「…を1枚選び、（期間、）それは場を離れない」: the chosen card is protected",
            step=True, rule='protect_chosen: pick [duration "、"] "それは" PROTECTION')
def protect_chosen(target: Any, duration: dict[str, Any] | None, words: str) -> StepDraft:
    return _timed("protect", {"target": target, "from": PROTECTIONS[words]}, duration)


@production("restrict_cards", "8.2.5", "「相手の場の〇〇のカードは攻撃できない」: those cards may not, judged at each attempt",
            step=True, rule='restrict_cards: subject [duration ["、"]] CANNOT')
def restrict_cards(subject: tuple[str, Any], duration: dict[str, Any] | None, words: str) -> StepDraft:
    _, value = subject
    spec: dict[str, Any] = {}
    if isinstance(value, NounPhrase):
        if value.zone != "field" or value.every:
            raise NotReadable("制限を受けるカードが読めない")
        if value.player != "opponent":
            spec["player"] = value.player or "self"
        spec["where"] = dict(value.where)
    else:
        spec["target"] = value
    spec["cannot"] = _act(words)
    return _timed("restrict", spec, duration)


# --- summoning and setting by effects (6.9, 4.5.2, 7.4.1) ----------------------------------------------------


@production("empty_slot", ("6.9.3", "10.1.8"), "「下に置いてあるカードなしで」「空いている置き場所に」: into empty slots, at once",
            rule='empty_slot: "下に置いてあるカードなしで" | "空いている置き場所に"')
def empty_slot() -> str:
    return "empty_slot"


@production("summon_without_set", ("6.9.1", "6.9.2"), "「手札の〈名前〉を1枚、…の上にセットせずに召喚する」", step=True,
            rule='summon_without_set: source_cards (onto | empty_slot) "セットせずに召喚" <する>')
def summon_without_set(source: tuple[dict[str, Any], int], place: Any) -> StepDraft:
    card, count = source
    if place == "empty_slot":
        spec: dict[str, Any] = {"card": card, "empty_slot": True}
        if count != 1:
            spec["count"] = count
        return StepDraft("summon_without_set", spec)
    if count != 1:
        raise NotReadable("複数のカードを一枚のカードの上に召喚する、は読めない")
    return StepDraft("summon_without_set", {"card": card, "onto": place})


@production("set_from_hand", ("4.5.2", "5.5.2", "7.4.1"), "「手札のランク1のカードを1枚、これの上にセットする」", step=True,
            rule='set_from_hand: source_cards onto "セット" <する>')
def set_from_hand(source: tuple[dict[str, Any], int], onto: Any) -> StepDraft:
    card, count = source
    if count != 1 or card.get("zone") != "hand":
        raise NotReadable("効果によるセットは手札の1枚を1枚の上に置く")
    return StepDraft("set_from_hand", {"card": card, "onto": onto})


@production("move", ("3.3.1", "3.4.1", "7.4.1"), "「これを自分の場の他のカードの上に移動する」: a field card onto another", step=True,
            rule='move: (object_ref | pick | object_count) onto "移動" <する>')
def move(card: Any, onto: Any) -> StepDraft:
    return StepDraft("move", {"card": card, "onto": onto})


# --- the game itself (5.8, 12.1.4) and repeating (10.1.4) ---------------------------------------------------


@production("win", "12.1.4", "「このゲームに勝利する」: the player wins at once", step=True, rule='win: "このゲームに勝利" <する>')
def win() -> StepDraft:
    return StepDraft("win", True)


@production("extra_turn", ("5.8.1", "5.8.3"), "「このターンの後、再び自分のターンになる」: an extra turn (not cumulative)", step=True,
            rule='extra_turn: ["このターンの後、"] "再び自分のターンに" <なる>')
def extra_turn() -> StepDraft:
    return StepDraft("extra_turn", True)


@production("repeat", ("10.1.4", "2.3.5"), "「…操作をn回行う」: the step n times, each looking anew", step=True,
            rule='repeat: step_end "操作を" number "回" <行う>')
def repeat(inner: StepDraft, times: int) -> StepDraft:
    if not 1 <= times <= 20:
        raise NotReadable("繰り返しの回数が形式の範囲（1〜20回）にない")
    if inner.spec == OMITTED:
        raise NotReadable("繰り返す操作に、何を処理するか（目的語）が書かれていない")
    return StepDraft("repeat", (times, inner))


# --- hidden zones (chapter 4) and whole zones (11.4) ----------------------------------------------------------

WHOSE_DECK = {"自分の": "self", "相手の": "opponent"}


@production("shuffle", ("4.4.1", "2.5.4"), "「自分の山札をシャッフルする」: nobody knows the zone's order any more", step=True,
            rule='shuffle: [DECK_OWNER] (SHUFFLED_ZONE) "シャッフル" <する>\nSHUFFLED_ZONE: "山札を" | "墓地を"')
def shuffle(owner: str | None, zone: str) -> StepDraft:
    spec: dict[str, Any] = {}
    if owner == "相手の":
        spec["player"] = "opponent"
    if zone == "墓地を":
        spec["zone"] = "graveyard"
    return StepDraft("shuffle", spec)


@production("swap_zones", "11.4.1", "「自分の山札と墓地を入れ替える」: the zones trade places whole (not a move of cards)", step=True,
            rule='swap_zones: [DECK_OWNER] "山札と墓地を" <入れ替える>')
def swap_zones(owner: str | None) -> StepDraft:
    return StepDraft("swap_zones", {"player": "opponent"} if owner == "相手の" else {})


@production("deck_cards", ("7.2.1", "7.3.1"), "「（自分の）山札から〇〇のカードを」: cards of one's own deck, with conditions",
            rule='deck_cards: FROM_DECK condition* noun')
def deck_cards(_from: str, *parts: Any) -> NounPhrase:
    return phrase_of((("zone", "deck"), *parts))


@production("search", ("6.5.6", "4.2.1", "4.4.1"), "「山札から〇〇のカードをn枚まで手札に加える」: the player looks and picks up to n "
            "that match; the zone is shuffled after (4.4.1)", step=True,
            rule='search: (deck_cards | zone_cards) "を" number "枚" up_to "手札に" <加える>')
def search(phrase: NounPhrase, count: int, _up_to: str) -> StepDraft:
    return StepDraft("search", _search_spec(phrase.zone, phrase.where, count, random=False))


@production("search_blind", ("4.3.1", "6.5.6"), "「墓地から見ずにn枚を手札に加える」: taken at random, without looking", step=True,
            rule='search_blind: (FROM_DECK | zone_own) "見ずに" number "枚" ["を"] "手札に" <加える>')
def search_blind(zone: Any, count: int) -> StepDraft:
    where = "deck" if isinstance(zone, str) else zone[1]
    return StepDraft("search", _search_spec(where, {}, count, random=True))


def _search_spec(zone: str, where: dict[str, Any], count: int, random: bool) -> dict[str, Any]:
    if zone not in ("deck", "graveyard"):
        raise NotReadable("山札か墓地でない所から探す、は読めない")
    if not 1 <= count <= 10:
        raise NotReadable("探す枚数が形式の範囲（1〜10枚）にない")
    spec: dict[str, Any] = {}
    if zone != "deck":
        spec["zones"] = [zone]
    if where:
        spec["where"] = dict(where)
    if count != 1:
        spec["up_to"] = count
    if random:
        spec["random"] = True
    return spec


@production("look", ("3.1.6", "8.4.1"), "「自分の場のウラのカードを1枚見る」: the card's information may be read while this effect runs",
            step=True, rule='look: object <見る>')
def look(target: Any) -> StepDraft:
    return StepDraft("look", {"target": target})


# --- the refresh lock (3.2.2) ---------------------------------------------------------------------------------


NO_REFRESH = "NO_REFRESH: \"次の自分のターンの初めにアクティブにできない\""


@production("no_refresh", "3.2.2", "「それは次の自分のターンの初めにアクティブにできない」: left rested by that turn's refresh",
            step=True, rule='no_refresh: subject NO_REFRESH\n' + NO_REFRESH)
def no_refresh(subject: tuple[str, Any], _words: str) -> StepDraft:
    return StepDraft("no_refresh", _subject_target(subject))


@production("no_refresh_chosen", ("3.2.2", "8.4.1", "7.2.3"), "「…を1枚選び、それは次の自分のターンの初めにアクティブにできない」",
            step=True, rule='no_refresh_chosen: pick "それは" NO_REFRESH')
def no_refresh_chosen(target: Any, _words: str) -> StepDraft:
    return StepDraft("no_refresh", target)


# --- a step whose object is left out (7.2.3) ------------------------------------------------------------------


# production name -> (step kind, its words with no object, its lark rule)
BARE = {"rest_bare": ("rest", "レストする", '"レスト" <する>'),
        "activate_bare": ("activate_cards", "アクティブにする", '"アクティブに" <する>'),
        "flip_down_bare": ("flip_down", "ウラにする", '"ウラに" <する>'),
        "flip_up_bare": ("flip_up", "オモテにする", '"オモテに" <する>'),
        "send_bare": ("send_to_graveyard", "墓地へ送る", 'GRAVEYARD <送る>'),
        "return_bare": ("return_to_hand", "手札に戻す", '("手札に" | "手札へ") <戻す>')}


def _bare(kind: str):
    def build(*_words: Any) -> StepDraft:
        return StepDraft(kind, OMITTED)
    return build


for _name, (_kind, _words_said, _body) in BARE.items():
    production(_name, "7.2.3", f"「{_words_said}」 with its object left out: the card just named (sentences._fill_omitted)",
               step=True, rule=f"{_name}: {_body}")(_bare(_kind))
