"""Fuzzing: generated scenarios (valid and broken), link payloads and search queries, run against the
engine (``load_scenario``/``resolve``), the Flask app and its OpenAPI description (schemathesis).

What must hold for every case: no 5xx, no exception other than the ``ScenarioError`` that refuses bad
input (the app runs with TESTING, so an exception in a view fails the test instead of becoming a 500).
A quick sample by default; ``--fuzz-long`` runs at least 10,000 cases in all. Each test prints its count
of cases and of answers by status at the end of the module.
"""

from __future__ import annotations

import base64
import collections
import json
import re
import string
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from hypothesis import strategies as st

from adjudicator import paths
from adjudicator.engine import resolve
from adjudicator.format.errors import ScenarioError
from adjudicator.reading import load_scenario
from adjudicator.format.base import PHASES
from adjudicator.format.scenario import FORMAT
from adjudicator.links import encode_payload

pytestmark = pytest.mark.fuzz

# Cases per test: (quick, --fuzz-long). The long column adds up to well over 10,000.
EXAMPLES = {
    "grammar": (150, 3_000),
    "mutated": (150, 3_000),
    "text": (150, 1_500),
    "payload": (100, 1_000),
    "http": (60, 1_000),
    "search": (100, 1_500),
    "builder": (60, 1_000),
    "openapi": (25, 250),  # per operation and generation mode
    "rules": (100, 1_000),
    "stored": (40, 500),
}
REAL_SCENARIOS = tuple(sorted(paths.scenarios_dir().rglob("*.yaml")))
NO_COMPRESSION = {"Accept-Encoding": "identity"}  # schemathesis reads bodies as sent


# --- running and counting -----------------------------------------------------------------------------


class Tally:
    """Cases run per test and answers per HTTP status, printed when the module ends."""

    def __init__(self) -> None:
        self.cases: collections.Counter[str] = collections.Counter()
        self.statuses: collections.Counter[int] = collections.Counter()
        self.loaded: collections.Counter[str] = collections.Counter()

    def count(self, name: str) -> None:
        self.cases[name] += 1

    def answer(self, status: int) -> None:
        self.statuses[status] += 1
        assert status < 500, f"HTTP {status}"

    def summary(self) -> str:
        server_errors = sum(n for status, n in self.statuses.items() if status >= 500)
        per_test = ", ".join(f"{name} {n}" for name, n in self.cases.items())
        statuses = ", ".join(f"{status}×{n}" for status, n in sorted(self.statuses.items()))
        return (f"fuzz: {sum(self.cases.values())} cases ({per_test}); HTTP answers {statuses}; "
                f"5xx: {server_errors}; scenarios that loaded: {dict(self.loaded)}")


@pytest.fixture(scope="module")
def tally(request) -> Tally:
    counts = Tally()
    yield counts
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line("")
            reporter.write_line(counts.summary())


@pytest.fixture()
def fuzz(request, tally) -> Callable:
    """``fuzz(name, strategy, check)``: run ``check`` on generated cases, as many as the mode asks."""
    long_run = request.config.getoption("--fuzz-long")

    def run(name: str, strategy: st.SearchStrategy, check: Callable[[object], None]) -> None:
        planned = EXAMPLES[name][1 if long_run else 0]

        @settings(max_examples=planned, deadline=None, database=None, derandomize=not long_run,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def generated(case):
            check(case)
            tally.count(name)

        generated()

    return run


def resolves_or_refuses(source) -> bool:
    """Load and resolve; the only acceptable failure is ScenarioError. True when it loaded."""
    try:
        scenario = load_scenario(source)
    except ScenarioError as error:
        assert error.errors and all(isinstance(e.message, str) and isinstance(e.message_ja, str) for e in error.errors)
        return False
    ruling = resolve(scenario).to_json()
    json.dumps(ruling, ensure_ascii=False)
    assert isinstance(ruling["legal"], bool)
    return True


# --- strategies: scenarios that follow the grammar ------------------------------------------------------

NAMES = ("尾張の大うつけ　織田信長", "足軽", "町人", "<b>侍</b>", "使番", "x" * 100, "〈家康〉")
EFFECT_NAMES = ("天下布武", "連鎖", "一掃", "&amp;")
SLOTS = tuple(f"{p}{n}" for p in "AB" for n in range(1, 6))
players = st.sampled_from(("self", "opponent", "each"))
counts = st.integers(min_value=0, max_value=3)


def where() -> st.SearchStrategy:
    return st.fixed_dictionaries({}, optional={
        "face": st.sampled_from(("up", "down")),
        "state": st.sampled_from(("active", "rest")),
        "rank_at_most": st.integers(0, 4),
        "power_at_least": st.sampled_from((0, 1000, 3000)),
        "name": st.sampled_from(("信長", "足軽")),
        "other": st.booleans(),
    })


selectors = st.one_of(
    st.just({"this": True}),
    st.just({"it": True}),
    st.builds(lambda p, w: {"player": p, "all": True, "where": w}, st.sampled_from(("self", "opponent")), where()),
    st.builds(lambda p, pick: {"player": p, "choose": 1, "chosen": [pick]}, st.sampled_from(("self", "opponent")),
              st.sampled_from(SLOTS)),
)
simple_steps = st.one_of(
    st.builds(lambda n: {"draw": n}, counts),
    st.builds(lambda n: {"draw": {"up_to": n}}, counts),
    st.builds(lambda p, n: {"mill": {"player": p, "count": n}}, players, counts),
    st.builds(lambda n: {"discard": n}, counts),
    st.builds(lambda s: {"send_to_graveyard": s}, selectors),
    st.builds(lambda s: {"rest": s}, selectors),
    st.builds(lambda s: {"activate_cards": s}, selectors),
    st.builds(lambda s: {"flip_down": s}, selectors),
    st.builds(lambda s: {"flip_up": s}, selectors),
    st.builds(lambda s, n: {"power": {"target": s, "add": n}}, selectors, st.sampled_from((-3000, -500, 1000))),
    st.builds(lambda s, n: {"rank": {"target": s, "add": n}}, selectors, st.integers(-2, 2)),
    st.builds(lambda s: {"return_to_hand": s}, selectors),
    st.builds(lambda act: {"restrict": {"player": "opponent", "cannot": act, "until": "end_of_turn"}},
              st.sampled_from(("attack", "block", "summon", "set", "draw"))),
    st.just({"win": True}),
    st.just({"extra_turn": True}),
)
steps = st.one_of(simple_steps, st.builds(lambda n, body: {"repeat": n, "do": body}, st.integers(1, 5),
                                           st.lists(simple_steps, min_size=1, max_size=2)))
conditions = st.one_of(st.builds(lambda n: {"hand_at_least": n}, counts),
                       st.builds(lambda n: {"deck_at_most": {"player": "opponent", "count": n}}, counts))
sentences = st.fixed_dictionaries({"do": st.lists(steps, min_size=1, max_size=3)},
                                  optional={"then": st.just(True), "if": conditions, "optional": st.booleans()})
whens = st.one_of(
    st.builds(lambda event, card: {"event": event, "card": card},
              st.sampled_from(("sent_to_graveyard", "leaves_field", "attacks", "is_attacked", "drawn", "rested",
                               "summoned", "flipped_down", "blocks")),
              st.sampled_from(("self", "own", "opponent", "any"))),
    st.builds(lambda phase: {"phase_start": phase}, st.sampled_from(PHASES)),
)
effects = st.fixed_dictionaries(
    {"name": st.sampled_from(EFFECT_NAMES), "mark": st.sampled_from(("none", "once", "summon", "constant")),
     "sentences": st.lists(sentences, min_size=1, max_size=3)},
    optional={"when": whens, "text": st.text(max_size=30)},
)
persons = st.fixed_dictionaries(
    {"name": st.sampled_from(NAMES), "rank": st.integers(0, 4), "power": st.sampled_from((0, 500, 1000, 3500, 8000)),
     "role": st.sampled_from(("attacker", "blocker", "none"))},
    optional={"effects": st.lists(effects, max_size=2, unique_by=lambda e: e["name"]), "substitute": st.booleans(),
              "summoned_this_turn": st.booleans(), "battle_proof": st.booleans()},
)
events = st.fixed_dictionaries({"name": st.sampled_from(NAMES), "type": st.just("event"), "level": st.integers(0, 4),
                                "effects": st.lists(effects, min_size=1, max_size=1)},
                               optional={"counter": st.booleans()})
stacks = st.fixed_dictionaries({"card": persons}, optional={"face": st.sampled_from(("up", "down")),
                                                            "state": st.sampled_from(("active", "rest"))})


@st.composite
def player(draw, side: str) -> dict:
    hand = draw(st.one_of(st.integers(0, 5), st.lists(st.one_of(persons, events), max_size=4)))
    if isinstance(hand, list):
        hand = [{**card, "id": f"{side.lower()}{n}"} for n, card in enumerate(hand)]
    field = draw(st.dictionaries(st.integers(1, 5), stacks, max_size=5))
    return {"deck": draw(st.integers(0, 40)), "graveyard": draw(st.integers(0, 10)), "hand": hand,
            "field": {str(slot): stack for slot, stack in field.items()}}


def actions(ids: st.SearchStrategy) -> st.SearchStrategy:
    slot = st.sampled_from(SLOTS)
    return st.one_of(
        st.just({"next_phase": {}}),
        st.just({"end_turn": {}}),
        st.builds(lambda n: {"draw_phase": {"draw": n}}, st.integers(0, 2)),
        st.builds(lambda card: {"summon_phase": {"summon": [card]}}, ids),
        st.builds(lambda card, onto: {"set": {"card": card, "onto": onto}}, ids, slot),
        st.builds(lambda card, name: {"activate": {"card": card, "effect": name}}, slot, st.sampled_from(EFFECT_NAMES)),
        st.builds(lambda card: {"event": {"card": card}}, ids),
        st.builds(lambda attacker, target, response: {"attack": {"attacker": attacker, "target": target,
                                                                "response": response}},
                  slot, st.one_of(st.just("deck"), slot),
                  st.one_of(st.just("none"), st.builds(lambda b: {"block": b}, slot))),
    )


@st.composite
def grammar_scenarios(draw) -> dict:
    ids = st.sampled_from(tuple(f"{p}{n}" for p in "ab" for n in range(4)))
    turn_player = draw(st.sampled_from("AB"))
    return {
        "format": FORMAT,
        "title": draw(st.text(min_size=1, max_size=20)),
        "game": {"round": draw(st.integers(1, 8)), "first_player": draw(st.sampled_from("AB")),
                 "turn_player": turn_player, "phase": draw(st.sampled_from(PHASES))},
        "players": {"A": draw(player("A")), "B": draw(player("B"))},
        "actions": draw(st.lists(actions(ids), max_size=5)),
    }


# --- strategies: real scenarios, mutated -----------------------------------------------------------------

# The input classes that once gave a 500 (issue 16): numbers past int()'s 4,300-digit limit (decimal and hex),
# digits that str.isdigit() accepts and int() refuses or reads (², ٣, full-width), lone surrogates (what JSON's
# "\ud800" decodes to).
HUGE_NUMBERS = ("9" * 4_301, "-" + "9" * 4_301, "0x" + "f" * 5_000, "1" * 5_000, "0" + "7" * 4_400)
UNICODE_DIGITS = ("²", "٣", "３", "①", "߂", "1²", "𝟗")
SURROGATES = ("\ud800", "a\udfff", "\udc00b", "名\ud83d")
odd_texts = st.one_of(st.sampled_from(HUGE_NUMBERS + UNICODE_DIGITS + SURROGATES),
                      st.text(alphabet=st.characters(categories=("Cs", "No", "Nd")), min_size=1, max_size=6))
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.floats(allow_nan=True),
              st.text(max_size=20), st.sampled_from(("A1", "B3", "deck", "up", "down", "rest", "none")), odd_texts),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=8,
)


def real_scenario(path: Path) -> dict:
    return yaml.safe_load(path.read_text("utf-8"))


def _containers(data, trail=()):
    """Every (container, key) pair inside ``data``: the places a mutation can land."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield data, key
        yield from _containers(value, (*trail, key))


@st.composite
def mutated_scenarios(draw) -> dict:
    data = real_scenario(draw(st.sampled_from(REAL_SCENARIOS)))
    for _ in range(draw(st.integers(1, 4))):
        places = list(_containers(data))
        if not places:
            break
        container, key = draw(st.sampled_from(places))
        how = draw(st.sampled_from(("replace", "delete", "duplicate", "extreme")))
        if how == "replace":
            container[key] = draw(json_values)
        elif how == "delete":
            del container[key]
        elif how == "duplicate" and isinstance(container, list):
            container.insert(key, container[key])
        elif isinstance(container[key], int) and not isinstance(container[key], bool):
            container[key] = draw(st.sampled_from((-1, 0, 10**6, 2**63, -(2**63))))
    return data


@st.composite
def odd_text_scenarios(draw) -> dict:
    """A real scenario with one of its texts (a title, a name, an attribute) carrying a lone surrogate or odd
    digits: the rest stays valid, so the text travels as far as the scenario loads (encoding, hashing)."""
    data = real_scenario(draw(st.sampled_from(REAL_SCENARIOS)))
    texts = [(container, key) for container, key in _containers(data) if isinstance(container[key], str)]
    container, key = draw(st.sampled_from(texts))
    container[key] = container[key] + draw(st.sampled_from(SURROGATES + UNICODE_DIGITS))
    return data


@st.composite
def broken_texts(draw) -> str:
    """Real scenario text with characters cut, inserted or swapped; or YAML-looking noise."""
    text = draw(st.sampled_from(REAL_SCENARIOS)).read_text("utf-8")
    if draw(st.booleans()):
        return draw(st.text(alphabet=st.sampled_from(list("[]{}:-&*!|>'\"#%@` \n\t,?" + "aA1あ")), max_size=200))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(("cut", "insert", "indent", "number")))
        numbers = list(re.finditer(r"\b[0-9]+\b", text))
        if edit == "number" and numbers:
            # A number of the scenario becomes one Python cannot convert or print (YAML reads 0x… and 0… too).
            found = draw(st.sampled_from(numbers))
            text = text[:found.start()] + draw(st.sampled_from(HUGE_NUMBERS + UNICODE_DIGITS)) + text[found.end():]
        elif edit == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        elif edit == "insert":
            text = text[:at] + draw(st.sampled_from(("*x", "&x ", "!!python/name:os.system", "{", "[", ": ", "\t",
                                                      "\x00", "\ufeff", "- - -", "? ", "%YAML 1.1\n"))) + text[at:]
        else:
            text = text[:at] + "\n   " + text[at:]
    return text


# --- strategies: search ------------------------------------------------------------------------------------

query_pieces = st.one_of(
    st.text(max_size=30),
    st.sampled_from(("その後", "「その後」", '"山札"', "6.7.1", "６．７．１", "10.6.2の⑧", "第6章", "ch6", "101.4a",
                     "AND", "OR NOT", "*", "？", "身代わり", "\u3000", "場の下", "<script>", "%", "\\", "(", ")")),
    st.sampled_from(HUGE_NUMBERS + UNICODE_DIGITS).map(lambda n: f"6.7.{n}"),
    st.from_regex(r"[0-9]{1,3}(\.[0-9]{1,3}){0,3}(-[0-9]{1,2})?", fullmatch=True),
)
queries = st.lists(query_pieces, max_size=6).map(" ".join)
search_arguments = st.fixed_dictionaries(
    {"q": queries},
    optional={"book": st.sampled_from(("hi-story", "duel-masters", "nope", "")),
              "chapter": st.one_of(st.sampled_from(("ch6", "ch1", "ch99", "x", "")),
                                   st.sampled_from(HUGE_NUMBERS + UNICODE_DIGITS).map(lambda n: f"ch{n}")),
              "limit": st.sampled_from(("1", "20", "100", "0", "-1", "abc", "99999999999999999999"))},
)


# --- the tests ---------------------------------------------------------------------------------------------


def test_scenarios_from_the_grammar_resolve_or_are_refused(fuzz, tally):
    def check(data):
        if resolves_or_refuses(data):
            tally.loaded["grammar"] += 1

    fuzz("grammar", grammar_scenarios(), check)
    # The grammar is meant to give loadable scenarios: most of them must load, or this fuzzes only the schema.
    assert tally.loaded["grammar"] >= tally.cases["grammar"] // 2


def test_mutated_real_scenarios_resolve_or_are_refused(fuzz, tally):
    def check(data):
        if resolves_or_refuses(data):
            tally.loaded["mutated"] += 1

    fuzz("mutated", mutated_scenarios(), check)


def test_broken_scenario_text_is_refused_with_a_scenario_error(fuzz, tally):
    def check(text):
        if resolves_or_refuses(text):
            tally.loaded["text"] += 1

    fuzz("text", broken_texts(), check)


def test_link_payloads_valid_and_broken_never_fail_the_server(fuzz, client, tally):
    payloads = st.one_of(
        grammar_scenarios().map(lambda data: _payload_or_none(data)).filter(lambda p: p is not None),
        st.text(alphabet=string.ascii_letters + string.digits + "-_.=", max_size=300),
        st.builds(lambda head, body: f"1.{head}{body}", st.text(alphabet="eJxy", max_size=4),
                  st.text(alphabet=string.ascii_letters + string.digits + "-_", max_size=200)),
        # Built by hand as an attacker would (encode_payload only ever sees loaded scenarios): ASCII JSON, so a
        # lone surrogate travels as its escape.
        mutated_scenarios().map(_raw_payload),
        odd_text_scenarios().map(_raw_payload),
    )

    def check(payload):
        for url in (f"/s/{payload}", f"/s/{payload}/yaml", f"/s/{payload}/edit", f"/t/{payload[:40]}"):
            tally.answer(client.get(url, headers=NO_COMPRESSION).status_code)
        shared = client.post("/t", data={"payload": payload}, headers=NO_COMPRESSION)
        tally.answer(shared.status_code)
        assert shared.status_code in (303, 400)

    fuzz("payload", payloads, check)


def _raw_payload(data) -> str:
    compressed = zlib.compress(json.dumps(data).encode("ascii"), 9)
    return "1." + base64.urlsafe_b64encode(compressed).decode("ascii").rstrip("=")


def _payload_or_none(data) -> str | None:
    try:
        return encode_payload(load_scenario(data))
    except ScenarioError:
        return None


def test_resolve_api_answers_every_scenario_without_a_server_error(fuzz, client, tally):
    bodies = st.one_of(
        grammar_scenarios().map(lambda data: ("application/json", json.dumps(data, ensure_ascii=False))),
        mutated_scenarios().map(lambda data: ("application/json", json.dumps(data, ensure_ascii=False))),
        mutated_scenarios().map(lambda data: ("application/json", json.dumps(data))),  # "\ud800" as an escape
        odd_text_scenarios().map(lambda data: ("application/json", json.dumps(data))),
        broken_texts().map(lambda text: ("application/yaml", text)),
        st.tuples(st.sampled_from(("application/json", "text/plain", "application/yaml", "multipart/form-data")),
                  st.text(max_size=100)),
    )

    def check(body):
        mimetype, text = body
        response = client.post("/api/resolve", data=text.encode("utf-8", "surrogatepass"),
                               content_type=mimetype, headers=NO_COMPRESSION)
        tally.answer(response.status_code)
        if response.status_code == 200:
            ruling = response.get_json()
            assert isinstance(ruling["legal"], bool)
            assert "short" not in ruling["links"]  # resolving stores nothing; ?short=true does
            short = client.post("/t", data={"payload": ruling["links"]["stateless"].removeprefix("/s/")})
            tally.answer(short.status_code)
            short = client.get(short.headers["Location"], headers=NO_COMPRESSION)
            tally.answer(short.status_code)
            assert short.status_code == 200
        else:
            assert response.is_json and response.get_json()["error"]

    fuzz("http", bodies, check)


def test_search_answers_every_query(fuzz, client, tally):
    def check(arguments):
        answer = client.get("/search.json", query_string=arguments, headers=NO_COMPRESSION)
        tally.answer(answer.status_code)
        assert answer.status_code in (200, 400)
        if answer.status_code == 200:
            assert isinstance(answer.get_json()["hits"], list)
        page = client.get("/search", query_string=arguments, headers=NO_COMPRESSION)
        tally.answer(page.status_code)
        assert page.status_code in (200, 302, 400)
        if page.status_code != 302:  # user text is escaped: no markup of the query reaches the body
            assert "<script>" not in page.get_data(as_text=True).split("</head>", 1)[1]

    fuzz("search", search_arguments, check)


clause_refs = st.one_of(
    st.from_regex(r"[0-9]{1,3}(\.[0-9]{1,3}){0,3}(-[0-9]{1,2})?", fullmatch=True),
    st.builds(lambda head, n, tail: f"{head}{n}{tail}", st.sampled_from(("", "ch", "第", "6.", "6.7.", "6.7.1-", "10.6.2の")),
              st.sampled_from(HUGE_NUMBERS + UNICODE_DIGITS), st.sampled_from(("", "章", ".1", "-2", "a"))),
    st.text(alphabet=st.characters(categories=("Nd", "No", "Pd", "Po")), min_size=1, max_size=12),
)


def test_clause_pages_answer_every_number(fuzz, client, tally):
    def check(ref):
        quoted = ref.replace("%", "%25").replace("/", "%2F").replace("?", "%3F").replace("#", "%23")
        for url in (f"/rules/hi-story/{quoted}", f"/rules/hi-story/{quoted}.json", f"/rules/hi-story/v1.0.0/{quoted}",
                    f"/rules/duel-masters/{quoted}.json"):
            answer = client.get(url, headers=NO_COMPRESSION)
            tally.answer(answer.status_code)
            assert answer.status_code in (200, 301, 404), url[:80]

    fuzz("rules", clause_refs, check)


def test_stored_links_show_whatever_their_scenario_has_become(fuzz, app, client, tally):
    """A record stored under an older format holds a scenario today's schema may refuse: the link still shows."""
    from adjudicator.links.record import LinkRecord, link_id, current_versions
    from adjudicator.web.common.link_store import link_store

    versions = current_versions()
    trace = client.post("/api/resolve", data=REAL_SCENARIOS[0].read_bytes(), content_type="application/yaml")
    trace_text = json.dumps(trace.get_json(), ensure_ascii=False)

    def check(data):
        scenario = json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8", "replace").decode("utf-8")
        record = LinkRecord(link_id(scenario, versions), scenario, versions.rulebook_id, versions.release,
                            versions.engine, trace_text, "2020-01-01T00:00:00+00:00")
        with app.app_context():
            link_store().put(record)
        for url in (f"/t/{record.id}", f"/t/{record.id}.json", f"/t/{record.id}/rerun", f"/t/{record.id}/edit"):
            answer = client.get(url, headers=NO_COMPRESSION)
            tally.answer(answer.status_code)
            assert answer.status_code in (200, 409), url

    fuzz("stored", mutated_scenarios(), check)


FIELD_NAME = re.compile(r'\sname="([^"]+)"')
OPERATION = re.compile(r'<button[^>]*\sname="op"[^>]*\svalue="([^"]+)"')
FORM_OPERATIONS = ("add:players.A.hand.cards", "add:players.B.field.2.cards", "add:players.A.deck.cards", "add:actions")


@pytest.fixture(scope="module")
def builder_form_vocabulary(app) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Field names and operations the builder's pages offer, after adding a card or an action."""
    client = app.test_client()
    pages = [client.get("/scenario/new").get_data(as_text=True)]
    pages += [client.post("/scenario/new", data={"op": op}).get_data(as_text=True) for op in FORM_OPERATIONS]
    names = sorted({name for page in pages for name in FIELD_NAME.findall(page)} - {"op", "import_file"})
    operations = sorted({op for page in pages for op in OPERATION.findall(page)})
    assert any(name.startswith("actions.") for name in names) and "resolve" in operations
    return tuple(names), tuple(operations)


form_values = st.one_of(
    st.text(max_size=20),
    st.sampled_from(("", "0", "1", "2", "-1", "99999999999", "up", "down", "rest", "active", "A", "B", "A1", "B2",
                     "deck", "attack", "summon_phase", "person", "event", "attacker", "blocker", "on", "true")),
)


def test_the_builder_form_answers_every_submission(fuzz, client, tally, builder_form_vocabulary):
    names, operations = builder_form_vocabulary
    # Indexes in field names and operations are renumbered at random: forms may name any card or action.
    indices = st.one_of(st.integers(0, 12).map(str), st.sampled_from(HUGE_NUMBERS + UNICODE_DIGITS))
    renumbered = st.sampled_from(names).flatmap(
        lambda name: indices.map(lambda n: re.sub(r"\.\d+\.", f".{n}.", name, count=1)))
    submissions = st.fixed_dictionaries(
        {"op": st.one_of(st.sampled_from(operations), st.text(max_size=30),
                         st.builds(lambda verb, n: f"{verb}:actions.{n}", st.sampled_from(("remove", "up", "down",
                                                                                             "add")),
                                   st.one_of(st.integers(-2, 150), st.sampled_from(HUGE_NUMBERS + UNICODE_DIGITS))))},
        optional={"import_text": broken_texts()},
    ).flatmap(lambda base: st.dictionaries(st.one_of(renumbered, st.sampled_from(names)), form_values, max_size=25)
              .map(lambda fields: {**fields, **base}))

    def check(form):
        response = client.post("/scenario/new", data=form, headers=NO_COMPRESSION)
        tally.answer(response.status_code)
        assert response.status_code in (200, 303, 400, 413, 422)

    fuzz("builder", submissions, check)


def test_every_openapi_operation_answers_within_its_description(request, app, tally):
    from schemathesis import GenerationMode
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

    checks = (not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance)
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {"POST /api/resolve", "GET /search.json", "GET /t/{id}.json"} <= {op.label for op in operations}
    planned = EXAMPLES["openapi"][1 if request.config.getoption("--fuzz-long") else 0]
    no_invalid_form = []
    resolved = collections.Counter()  # POST /api/resolve's answers to schema-valid scenarios: the engine must be reached
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(max_examples=planned, deadline=None, database=None, suppress_health_check=list(HealthCheck))
            @given(operation.as_strategy(generation_mode=mode))
            def generated(case):
                response = case.call(headers=NO_COMPRESSION)
                if operation.label == "POST /api/resolve" and mode == GenerationMode.POSITIVE:
                    resolved[response.status_code] += 1
                tally.count("openapi")
                tally.answer(response.status_code)
                case.validate_response(response, checks=checks)

            try:
                generated()
            except Unsatisfiable:
                # Only plain strings (or no parameters at all): no request breaks the description.
                assert mode == GenerationMode.NEGATIVE, operation.label
                no_invalid_form.append(operation.label)
    assert "GET /search.json" not in no_invalid_form  # its limits (maxLength, enum, integer) are fuzzed
    assert resolved[200] > 0, resolved  # valid scenarios are resolved, not only refused
