"""The rule registry: every rule the engine applies is a named object bound to the clauses it implements.

A rule is declared once, next to the code that applies it::

    DECK_DAMAGE = rule("deck_damage", "11.1.2", "山札への攻撃は、パワー1000につき1枚を山札の上から墓地へ送る")

and the trace cites rules, never bare clause strings, so ``grep 11.1.2`` finds the code and a test checks
that every clause any rule cites exists in the rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """A rule of the rulebook as the engine applies it."""

    name: str
    clauses: tuple[str, ...]
    summary: str

    def __str__(self) -> str:
        return f"{self.name} ({', '.join(self.clauses)})"


_REGISTRY: dict[str, Rule] = {}


def rule(name: str, clauses: str | tuple[str, ...], summary: str) -> Rule:
    """Declare a rule (once, at import) and return it. ``clauses`` is one id or a tuple of ids."""
    ids = (clauses,) if isinstance(clauses, str) else tuple(clauses)
    declared = Rule(name, ids, summary)
    existing = _REGISTRY.get(name)
    if existing is not None and existing != declared:
        raise ValueError(f"rule {name!r} declared twice with different clauses")
    _REGISTRY[name] = declared
    return declared


def registered_rules() -> tuple[Rule, ...]:
    """Every declared rule; importing ``adjudicator.engine`` declares all of them."""
    return tuple(_REGISTRY.values())


def cited_clauses(*rules: Rule) -> tuple[str, ...]:
    """The clause ids of ``rules``, in order, without repeats."""
    seen: dict[str, None] = {}
    for declared in rules:
        for clause in declared.clauses:
            seen.setdefault(clause, None)
    return tuple(seen)


# Rules that belong to no single mechanism: the board's basic vocabulary and the game's end.
FIELD_TOP = rule("field_top", ("2.3.2", "2.4.1"), "置き場所の一番上のカードだけが「場」、その下は「場の下」")
FIELD_SLOTS = rule("field_slots", "2.3.1", "場は最大5か所の置き場所から成る")
PERSON_AND_EVENT = rule("person_and_event", ("2.2.1", "2.2.2"), "人物はランクとパワー、事変はレベルを持つ")
FACE_DOWN_NO_INFO = rule(
    "face_down_no_info", ("3.1.2", "3.1.3", "3.1.10"), "場のウラのカードはカード情報を一切持たない"
)
STACK_SHARES_STATE = rule("stack_shares_state", "3.2.3", "一番上のカードのアクティブ/レストは下の全てのカードに及ぶ")
DECK_OUT = rule("deck_out", ("12.1.1", "2.5.2"), "山札が0枚になった瞬間、そのプレイヤーは敗北する")
CHECK_AT_EACH_BATCH = rule(
    "check_at_each_batch", "12.1.2", "勝敗はターンの終了を待たず、処理のまとまりごとに山札の枚数で判定する"
)
SEQUENTIAL_MILL_EACH = rule(
    "sequential_each", "12.1.3", "双方の山札に影響する効果も順番に処理され、同時に0枚になることはない"
)
WIN_BY_EFFECT = rule("win_by_effect", "12.1.4", "「このゲームに勝利する」はその瞬間に勝利する")
CARD_TEXT_FIRST = rule("card_text_first", "1.2", "カード個別のテキストは一般原則に優先する")
COUNTS_PUBLIC = rule(
    "counts_public", ("4.1.1", "4.1.3"), "カードの枚数は常に公開情報で、山札・墓地・手札の枚数はいつでも数える・相手に尋ねることができる"
)

# The attack is cancelled when its attacker or target leaves: applied by the attack sequence, and cited by a
# movement that puts either under another card while the attack is in progress.
ATTACKER_LEFT = rule("attacker_left", "10.6.5", "⑥の前に攻撃しているカードが場を離れる・場の下に移動すると攻撃はキャンセル")
TARGET_LEFT = rule("target_left", "10.6.6", "⑥の前に攻撃対象が場を離れる・場の下に移動すると攻撃はキャンセル（山札へは切り替わらない）")
