"""The grammar of effect texts, assembled from the productions of each chapter's module, and its parser.

Every production brings its own lark rule (see productions.py); this module adds the shared terminals,
makes the 連用形 and て形 copies of the step rules (verbs.py), and turns a parse tree into values with the
clauses of every production used (:class:`values.Part`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import VisitError

from adjudicator import paths
from adjudicator.spelling import Spelling
from adjudicator.reading import conditions, counts, durations, sentences, steps, targets, triggers  # noqa: F401 (declares)
from adjudicator.reading.productions import registered_productions
from adjudicator.reading.values import NotReadable, Part
from adjudicator.reading.verbs import FORMS, form

TERMINALS = r"""
INT: /[0-9０-９]{1,3}(?:[,，][0-9０-９]{3})+|[0-9０-９]+/
SIGN: /[+＋\-－−ー‐]/
%ignore /[ \u3000\t\r\n]+/
NAME: /[^〈〉]+/
ATTR: /[^【】]+/
EFFECT_NAME: /[^｛｝]+/
SLOT: /[AB][1-5]/
ZONE: "手札" | "墓地" | "山札"
FACE: "ウラ" | "オモテ"
ROLE: "ブロッカー" | "アタッカー"
BOUND: "以上" | "以下"
DIR: "に" | "へ"
POSITION: "上" | "下" | "一番上" | "一番下"
FROM_DECK: "山札から" | "自分の山札から"
GRAVEYARD: "墓地へ" | "墓地に"
DECK_OWNER: "相手の" | "自分の"
"""

_VERB = re.compile(r"<([^<>\s]+)>")
_DEFINITION = re.compile(r"^\??([a-z_][a-z0-9_]*)\s*:", re.M)
VARIANT = "__"


def _rule_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _expand(production_rule: str, step_names: set[str]) -> tuple[list[str], dict[str, list[str]]]:
    """The rule lines with the verb in each form; for step rules, the names of their form variants."""
    lines: list[str] = []
    variants: dict[str, list[str]] = {which: [] for which in FORMS}
    for line in _rule_lines(production_rule):
        match = _DEFINITION.match(line)
        name = match.group(1) if match else None
        verbs = _VERB.findall(line)
        if name in step_names:
            for which in FORMS:
                if which != "end" and not verbs:
                    continue
                renamed = name if which == "end" else f"{name}{VARIANT}{which}"
                body = _VERB.sub(lambda m: f'"{form(m.group(1), which)}"', line[match.end():])
                lines.append(f"{renamed}:{body}")
                variants[which].append(renamed)
        else:
            lines.append(_VERB.sub(lambda m: f'"{form(m.group(1), "end")}"', line))
    return lines, variants


_WORDS_TERMINAL = re.compile(r'^([A-Z_]+):\s*((?:"[^"]*"\s*\|?\s*)+)$')


def _words_as_rules(lines: list[str]) -> list[str]:
    """A terminal of several words (``TURN_OWNER: "自分の" | "相手の"``) becomes a rule of one literal per word.

    Lark's lexer tries a terminal's alternatives in order, not the longest first, so 「自分の」 of such a
    terminal would win over the literal 「自分の場の」; as separate literals, longer words are tried first.
    """
    renamed: dict[str, str] = {}
    out: list[str] = []
    for line in lines:
        match = _WORDS_TERMINAL.match(line.strip())
        if match:
            name = f"w_{match.group(1).lower()}"
            renamed[match.group(1)] = name
            out.append(f"!{name}: {match.group(2)}")
        else:
            out.append(line)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, renamed)) + r")\b") if renamed else None
    return [pattern.sub(lambda m: renamed[m.group(1)], line) if pattern and not line.startswith("!") else line for line in out]


def grammar_text() -> str:
    productions = registered_productions()
    step_names = {p.name for p in productions if p.step}
    lines: list[str] = ["start: any_sentence"]
    by_form: dict[str, list[str]] = {which: [] for which in FORMS}
    for declared in productions:
        if not declared.rule:
            continue
        rule_lines, variants = _expand(declared.rule, step_names)
        lines.extend(rule_lines)
        for which, names in variants.items():
            by_form[which].extend(names)
    for which in FORMS:
        lines.append(f"?step_{which}: " + " | ".join(by_form[which]))
    lines += [sentences.SENTENCE_RULES, targets.TARGET_RULES, durations.DURATION_RULES, triggers.TRIGGER_RULES,
              conditions.CONDITION_RULES, TERMINALS]
    return "\n".join(_words_as_rules("\n".join(lines).split("\n")))


class _Build(Transformer):
    """Each production's value from its children's values; cites gathered bottom-up."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=True)
        self._builds = {p.name: p for p in registered_productions() if p.build is not None}

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Part:
        name = data.value if isinstance(data, Token) else str(data)
        base = name.split(VARIANT, 1)[0]
        values, cites = _unwrap(children)
        declared = self._builds.get(base)
        if declared is None:
            if name == "start" or name.startswith("w_"):  # the sentence; a word of a several-word terminal
                return Part(values[0], cites)
            return Part(values, cites)
        built = declared.build(*values)
        if isinstance(built, Part):  # a production whose clauses depend on what it read (targets.card_wording)
            built, cites = built.value, tuple(dict.fromkeys((*built.cites, *cites)))
        own = tuple(c for c in declared.clauses if c not in cites)
        return Part(built, own + cites)

    def __default_token__(self, token: Token) -> str:
        return str(token)


def _unwrap(children: list[Any]) -> tuple[list[Any], tuple[str, ...]]:
    values: list[Any] = []
    cites: dict[str, None] = {}
    for child in children:
        if isinstance(child, Part):
            values.append(child.value)
            cites.update(dict.fromkeys(child.cites))
        else:
            values.append(child)
    return values, tuple(cites)


@lru_cache(maxsize=1)
def parser() -> Lark:
    # LALR(1) with a contextual lexer: the grammar has no conflicts (lark would refuse a reduce/reduce one
    # and tests/reading/test_reader.py checks for shift/reduce ones), and a sentence parses in about a millisecond.
    # Building the tables took 4-5 s CPU, in every worker, on its first card text after a start (a scenario
    # whose cards are written as text, /api/read, the card pages): lark keeps them in the data directory,
    # under a digest of the grammar, the options and lark's version, and loads them in 0.12 s.
    return Lark(grammar_text(), parser="lalr", lexer="contextual", maybe_placeholders=True, start=list(STARTS),
                cache=_kept_tables())


def _kept_tables() -> str | bool:
    """Where lark keeps the parser's tables; nowhere (built in memory) when the data directory cannot be
    written. lark rebuilds what does not load (another grammar, a damaged or half-written file)."""
    try:
        return str(paths.user_data_dir() / "reader-grammar.lark")
    except OSError:
        return False


@lru_cache(maxsize=1)
def spelling() -> Spelling:
    """The grammar's own words, to fold what a judge types by its sound into them (adjudicator.spelling)."""
    return Spelling(re.findall(r'"([^"]+)"', grammar_text()), OTHER_READINGS)


# 「その後」 (6.7.1) is typed 「そのあと」 as often as read ソノゴ, IPADIC's reading.
OTHER_READINGS = {"その後": "そのあと"}


# What a piece of a sentence can be parsed as on its own (refusals.py tries the opening clauses).
STARTS = ("start", "trigger", "if_clause", "duration")


@lru_cache(maxsize=4096)
def parse(words: str, start: str = "start") -> Part:
    """Parse one sentence (no 「。」); raises lark's errors when the words are not in the grammar and
    :class:`NotReadable` when they parse into something the format cannot hold.

    Cached: the same card text is read again and again (a card list, a scenario's several copies); the
    values are never changed after they are built."""
    tree: Tree = parser().parse(words, start=start)
    try:
        return _Build().transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, NotReadable):
            raise error.orig_exc from None
        raise
