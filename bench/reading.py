"""The card-text reader (adjudicator.reading) on the effects of scenarios/ and on the held-out texts.

    python -m bench.reading [-v] [--json]

- Over every effect of scenarios/ that has text and hand-written sentences: the share read with no unread
  span, and the share whose reading equals the hand-written ``sentences`` (and ``when``) once the
  player's picks are left out (adjudicator.reading.compare), for the files shared with
  ../shared/scenarios and for the repository's own; the rest listed with their unread span or their
  first difference. scenarios/ is the reader's development set.
- The text sets of tests/data (a "silent guess" is a text read with no unread span but not as expected, or a text
  to refuse that was read): heldout, heldout2, heldout3 and heldout4 (never tuned on), dev2, tune3 and tune4
  (tuned on; tune3/heldout3 and tune4/heldout4 are the halves of reading_written3.yaml and reading_written4.yaml,
  bench/split_set.py): the share read
  with no unread span among those that should be read, the share read exactly, and the share of those
  that must be refused that were refused with the expected kind.
- The time to read 1,000 texts (the corpus' texts, cycled): cold, the sentence cache emptied before each
  text (every sentence parsed), and warm, the same 1,000 again with the cache full (a service reading
  the same cards again).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

REPOSITORY = Path(__file__).resolve().parent.parent

from adjudicator.format.effects import Effect, Sentence, When
from adjudicator.format.loading import load_scenario
from adjudicator.format.scenario import iter_cards
from adjudicator.reading import read_effect
from adjudicator.reading.compare import align
from adjudicator.reading.grammar import parse

SCENARIOS = REPOSITORY / "scenarios"
# The shared scenarios sit beside the repository; a worktree elsewhere names them with $SHARED_SCENARIOS.
SHARED = Path(os.environ.get("SHARED_SCENARIOS") or REPOSITORY.parent / "shared" / "scenarios")
DATA = REPOSITORY / "tests" / "data"
# Text sets beside the corpus: (row, file, whether the reader was tuned on it).
TEXT_SETS = (("heldout", DATA / "reading_heldout.yaml", False),
             ("dev2", DATA / "reading_dev2.yaml", True),
             ("heldout2", DATA / "reading_heldout2.yaml", False),
             ("tune3", DATA / "reading_tune3.yaml", True),
             ("heldout3", DATA / "reading_heldout3.yaml", False),
             ("tune4", DATA / "reading_tune4.yaml", True),
             ("heldout4", DATA / "reading_heldout4.yaml", False))


@dataclass
class Tally:
    effects: int = 0
    readable: int = 0
    exact: int = 0
    rest: list[str] = field(default_factory=list)

    def row(self, name: str) -> dict[str, object]:
        share = (lambda n: round(100 * n / self.effects, 1) if self.effects else 0.0)
        return {"set": name, "effects": self.effects, "readable": self.readable, "readable_pct": share(self.readable),
                "exact": self.exact, "exact_pct": share(self.exact)}


def corpus() -> tuple[Tally, Tally, list[str]]:
    shared, own, texts = Tally(), Tally(), []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        scenario = load_scenario(path.read_text(encoding="utf-8"))
        tally = shared if (SHARED / path.relative_to(SCENARIOS)).exists() else own
        for card in iter_cards(scenario):
            for effect in card.effects:
                if not effect.text or not effect.sentences:
                    continue
                texts.append(effect.text)
                _count(tally, path, effect)
    return shared, own, texts


def _count(tally: Tally, path: Path, effect: Effect) -> None:
    tally.effects += 1
    reading = read_effect(effect.text)
    written = [s.model_dump(mode="json", by_alias=True, exclude_defaults=True) for s in effect.sentences]
    alignment = align(reading.sentence_dumps(), written)
    where = f"{path.relative_to(SCENARIOS)}: {effect.text}"
    if reading.unread:
        tally.rest.append(where + "\n    unread: " + "; ".join(f"[{u.start}:{u.end}]「{u.text}」 {u.why}" for u in reading.unread))
        return
    tally.readable += 1
    if not alignment.equal:
        tally.rest.append(f"{where}\n    differs: {alignment.difference}")
    elif reading.when != effect.when:
        tally.rest.append(f"{where}\n    differs: when read {reading.when}, written {effect.when}")
    elif (list(reading.shared_with), reading.once_per_turn_by_name) != (effect.shared_with, effect.once_per_turn_by_name):
        tally.rest.append(f"{where}\n    differs: the effect's own clauses (shared_with, once_per_turn_by_name)")
    else:
        tally.exact += 1


def text_set(name: str, path: Path) -> dict[str, object]:
    items = yaml.safe_load(path.read_text(encoding="utf-8"))["items"]
    readable = [i for i in items if "refuse" not in i]
    refused = [i for i in items if "refuse" in i]
    read_ok = exact = refused_ok = refused_span = 0
    misses: list[str] = []
    for item in readable:
        reading = read_effect(item["text"])
        if reading.unread:
            misses.append(f"{item['text']}\n    unread: " + "; ".join(f"「{u.text}」 {u.why}" for u in reading.unread))
            continue
        read_ok += 1
        expected_when = When.model_validate(item["when"]) if item.get("when") else None
        expected = [Sentence.model_validate(s).model_dump(mode="json", by_alias=True, exclude_defaults=True)
                    for s in item["sentences"]]
        alignment = align(reading.sentence_dumps(), expected)
        if alignment.equal and reading.when == expected_when:
            exact += 1
        else:
            misses.append(f"{item['text']}\n    differs: {alignment.difference or 'when'}")
    for item in refused:
        reading = read_effect(item["text"])
        if reading.unread:
            refused_ok += 1
            kinds = {u.kind for u in reading.unread}
            spans = {u.text for u in reading.unread}
            if item["refuse"]["span"] in spans and _kind(item["refuse"]["why"]) in kinds:
                refused_span += 1
            else:
                misses.append(f"{item['text']}\n    refused, but as " + "; ".join(f"「{u.text}」 {u.kind}" for u in reading.unread))
        else:
            misses.append(f"{item['text']}\n    NOT refused: read as {reading.sentence_dumps()}")
    pct = (lambda n, d: round(100 * n / d, 1) if d else 0.0)
    return {"set": name, "texts": len(items), "to_read": len(readable), "readable": read_ok,
            "readable_pct": pct(read_ok, len(readable)), "exact": exact, "exact_pct": pct(exact, len(readable)),
            "to_refuse": len(refused), "refused": refused_ok, "refused_pct": pct(refused_ok, len(refused)),
            "refused_as_expected": refused_span,
            # a reading with no unread span that is not the expected one, or a text to refuse that was read
            "silent_guesses": (read_ok - exact) + (len(refused) - refused_ok), "misses": misses}


def _kind(why: str) -> str:
    return {"verb": "verb", "condition": "condition", "trigger": "trigger", "partial": "partial"}[why]


def timing(texts: list[str], count: int = 1000) -> dict[str, float]:
    cycle = [texts[i % len(texts)] for i in range(count)]
    parse.cache_clear()
    start = time.perf_counter()
    for text in cycle:
        parse.cache_clear()
        read_effect(text)
    cold = time.perf_counter() - start
    for text in cycle:
        read_effect(text)
    start = time.perf_counter()
    for text in cycle:
        read_effect(text)
    warm = time.perf_counter() - start
    return {"texts": count, "cold_s": round(cold, 2), "cold_ms_per_text": round(1000 * cold / count, 1),
            "warm_s": round(warm, 3), "warm_ms_per_text": round(1000 * warm / count, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list the held-out misses too")
    parser.add_argument("--misses", action="append", metavar="SET",
                        help="list the misses of this text set only (repeatable; tuning looks at tune3 alone)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    parser.add_argument("--count", type=int, default=1000, help="texts to time (default 1000)")
    args = parser.parse_args()
    shared, own, texts = corpus()
    sets = [(text_set(name, path), tuned) for name, path, tuned in TEXT_SETS]
    timed = timing(texts, args.count)
    if args.json:
        print(json.dumps({"shared": shared.row("shared"), "own": own.row("own"),
                          **{held["set"]: {k: v for k, v in held.items() if k != "misses"} for held, _ in sets},
                          "timing": timed}, ensure_ascii=False))
        return
    print(f"{'set':<8} {'effects':>7} {'readable':>14} {'exact':>14}")
    for name, tally in (("shared", shared), ("own", own)):
        row = tally.row(name)
        print(f"{name:<8} {tally.effects:>7} {tally.readable:>6} {row['readable_pct']:>6}% {tally.exact:>6} {row['exact_pct']:>6}%")
    for held, tuned in sets:
        print(f"\n{held['set']} ({held['texts']} texts, {'tuned on' if tuned else 'never tuned on'}): to read {held['to_read']}: "
              f"readable {held['readable']} ({held['readable_pct']}%), exact {held['exact']} ({held['exact_pct']}%); to refuse "
              f"{held['to_refuse']}: refused {held['refused']} ({held['refused_pct']}%), with the expected span and kind "
              f"{held['refused_as_expected']}; silent guesses {held['silent_guesses']}")
    print(f"\ntime to read {timed['texts']} texts: cold {timed['cold_s']} s ({timed['cold_ms_per_text']} ms each), "
          f"warm {timed['warm_s']} s ({timed['warm_ms_per_text']} ms each)")
    rest = shared.rest + own.rest
    if rest:
        print(f"\nnot read exactly ({len(rest)}):")
        for line in rest:
            print("  " + line)
    for held, _ in sets:
        if (args.verbose or held["set"] in (args.misses or ())) and held["misses"]:
            print(f"\n{held['set']} misses ({len(held['misses'])}):")
            for line in held["misses"]:
                print("  " + line)


if __name__ == "__main__":
    main()
