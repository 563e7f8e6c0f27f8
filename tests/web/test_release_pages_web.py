"""A new release lands (tests/data/releases) after a ruling was stored under v1.0.0: the diff page and its
JSON twin item by item, pinned and latest clause pages, the stored link unchanged, its re-judgement showing
what the changed clause 6.7.1 means, official rulings on the clause and trace pages, and the Atom feed."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload
from adjudicator.official import RulingsFile, read_rulings_file

TESTS = Path(__file__).parent.parent
OFFICIAL = TESTS / "data" / "official"
SONOGO = OFFICIAL / "sonogo-zero-targets.yaml"  # its ruling cites 6.7.1, the clause v1.1.0 changes
CONFIG = {"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://", "RATELIMIT_WRITES": "100000 per minute"}
OLD_6_7_1 = "直前の動作が完全に終了していなければ"
NEW_6_7_1 = "直前の動作が一部でも行えなかった場合は"


@pytest.fixture(scope="module")
def landed(tmp_path_factory, landed_rulebook_dir):
    """(client of the service after v1.1.0 landed, the short link and pages stored before it landed)."""
    from adjudicator.web import create_app

    data = tmp_path_factory.mktemp("landed-data")
    patcher = pytest.MonkeyPatch()
    patcher.setenv("ADJUDICATOR_DATA_DIR", str(data))
    config = {**CONFIG, "LINK_DB_PATH": str(data / "links.sqlite")}
    before = create_app(config).test_client()
    payload = encode_payload(load_scenario(SONOGO.read_text(encoding="utf-8")))
    shared = before.post("/t", data={"payload": payload})
    link = shared.headers["Location"].rsplit("/", 1)[-1]
    seen = {"page": before.get(f"/t/{link}").get_data(as_text=True), "json": before.get(f"/t/{link}.json").get_json()}
    patcher.setenv("ADJUDICATOR_RULEBOOK_DIR", str(landed_rulebook_dir))  # v1.1.0 lands: no code changes
    RulingsFile(data).save(read_rulings_file(OFFICIAL / "rulings.yaml"))
    yield create_app(config).test_client(), link, seen
    patcher.undo()


def _text(response) -> str:
    return response.get_data(as_text=True)


def _trace_part(html: str) -> str:
    """The ruling as the page shows it, without what the page adds beside it now that a release has landed
    (the notice of the new release, the official rulings) and without the footer (the books' latest)."""
    article = html[html.index('<article class="trace"'):html.index("</article>")]
    for added in ("release-notice", "official-rulings"):
        article = re.sub(rf'<section class="{added}".*?</section>', "", article, flags=re.S)
    return " ".join(article.split())


def test_the_diff_json_lists_every_change_item_by_item(landed):
    client, _, _ = landed
    body = client.get("/rules/hi-story/diff/v1.0.0..v1.1.0.json").get_json()
    assert (body["from"]["release"], body["to"]["release"]) == ("v1.0.0", "v1.1.0")
    assert body["counts"] == {"changed": 1, "renumbered": 1, "moved": 0, "split": 1, "merged": 0, "added": 1,
                              "removed": 1}
    assert body["unchanged"] == 251 and body["renumber_only_hidden"] == 1
    changes = {change["kind"]: change for change in body["changes"]}
    assert list(changes) == ["added", "split", "removed", "changed"]  # in the book's order; renumbered hidden
    assert [c["id"] for c in changes["added"]["new"]] == ["4.1.4"] and changes["added"]["old"] == []
    assert changes["added"]["words"] == [{"op": "insert", "text": changes["added"]["new_text"]}]
    split = changes["split"]
    assert [c["id"] for c in split["old"]] == ["4.3.1"] and [c["id"] for c in split["new"]] == ["4.3.1", "4.3.2"]
    assert split["new"][1]["url"] == "/rules/hi-story/v1.1.0/4.3.2"
    assert [c["id"] for c in changes["removed"]["old"]] == ["4.4.2"] and changes["removed"]["new"] == []
    assert changes["removed"]["old"][0]["url"] == "/rules/hi-story/v1.0.0/4.4.2"
    changed = changes["changed"]
    assert [w for w in changed["words"] if w["op"] != "equal"] == [
        {"op": "delete", "text": "完全に終了していなければ"}, {"op": "insert", "text": "一部でも行えなかった場合は"}]
    assert "".join(w["text"] for w in changed["words"] if w["op"] != "insert") == changed["old_text"]
    everything = client.get("/rules/hi-story/diff/v1.0.0..v1.1.0.json?renumbered=1").get_json()
    renumbered = [c for c in everything["changes"] if c["kind"] == "renumbered"]
    assert [([o["id"] for o in c["old"]], [n["id"] for n in c["new"]], c["renumber_only"]) for c in renumbered] == [
        (["4.3.2"], ["4.3.3"], True)]
    assert everything["renumber_only_hidden"] == 0


def test_the_duel_masters_diff_too(landed):
    client, _, _ = landed
    body = client.get("/rules/duel-masters/diff/rule-1-basics..rule-1-basics-r2.json?renumbered=1").get_json()
    found = sorted((c["kind"], tuple(o["id"] for o in c["old"]), tuple(n["id"] for n in c["new"]))
                   for c in body["changes"])
    assert found == [("added", (), ("102.3",)), ("changed", ("101.3",), ("101.3",)), ("removed", ("105.6",), ()),
                     ("renumbered", ("104.2c",), ("104.2d",)), ("split", ("104.2b",), ("104.2b", "104.2c"))]


def test_the_diff_page_marks_the_words_and_toggles_renumbering(landed):
    client, _, _ = landed
    page = _text(client.get("/rules/hi-story/diff/v1.0.0..v1.1.0"))
    assert re.findall(r'data-kind="(\w+)"', page) == ["added", "split", "removed", "changed"]
    assert "<del>完全に終了していなければ</del><ins>一部でも行えなかった場合は</ins>" in page
    assert "番号だけの変更 1件を省略中" in page
    assert 'href="/rules/hi-story/v1.0.0/4.4.2" data-old' in page
    shown = _text(client.get("/rules/hi-story/diff/v1.0.0..v1.1.0?renumbered=1"))
    assert 'data-kind="renumbered"' in shown and "省略中" not in shown
    missing = client.get("/rules/hi-story/diff/v1.0.0..v2.0.0")
    assert missing.status_code == 404 and "版は v1.0.0, v1.1.0 です" in _text(missing)


def test_pinned_urls_keep_the_old_text_and_latest_ones_the_new(landed):
    client, _, _ = landed
    old, new = client.get("/rules/hi-story/v1.0.0/6.7.1.json").get_json(), client.get("/rules/hi-story/6.7.1.json").get_json()
    assert OLD_6_7_1 in old["node"]["text"] and NEW_6_7_1 in new["node"]["text"]
    assert old["book"]["release"] == "v1.0.0" and new["book"]["release"] == "v1.1.0"
    pinned = _text(client.get("/rules/hi-story/v1.0.0/6.7.1"))
    assert OLD_6_7_1 in pinned and "より新しい版" in pinned
    assert client.get("/rules/hi-story/v1.0.0/4.4.2").status_code == 200  # removed since, still served pinned
    assert client.get("/rules/hi-story/v1.0.0/4.1.4").status_code == 404  # added after v1.0.0


def test_a_clause_page_shows_its_history_and_links_its_other_versions(landed):
    client, _, _ = landed
    page = _text(client.get("/rules/hi-story/4.3.3"))
    history = page[page.index('class="history"'):]
    assert 'href="/rules/hi-story/v1.0.0/4.3.2"' in history and 'href="/rules/hi-story/v1.1.0/4.3.3"' in history
    assert "番号の変更" in history
    changed = _text(client.get("/rules/hi-story/6.7.1"))
    assert "<del>完全に終了していなければ</del><ins>一部でも行えなかった場合は</ins>" in changed


def test_latest_urls_say_when_the_clause_moved(landed):
    client, _, _ = landed
    page = _text(client.get("/rules/hi-story/4.3.2"))  # v1.1.0's 4.3.2 is split off 4.3.1
    notice = page[page.index("data-moved"):]
    assert "v1.0.0 の" in notice and 'href="/rules/hi-story/v1.0.0/4.3.2"' in notice
    assert 'href="/rules/hi-story/4.3.3"' in notice.split("</p>")[0]
    gone = client.get("/rules/hi-story/4.4.2")
    assert gone.status_code == 404
    assert "v1.1.0 で削除されました" in _text(gone) and 'href="/rules/hi-story/v1.0.0/4.4.2"' in _text(gone)


def test_a_stored_link_made_under_v1_0_0_opens_unchanged(landed):
    client, link, seen = landed
    assert client.get(f"/t/{link}.json").get_json() == seen["json"]
    page = _text(client.get(f"/t/{link}"))
    assert _trace_part(page) == _trace_part(seen["page"])
    assert seen["json"]["rulebook"]["release"] == "v1.0.0"
    chips = re.findall(r'href="(/rules/hi-story/[^"]+/6\.7\.1)"', _trace_part(page))
    assert chips and set(chips) == {"/rules/hi-story/v1.0.0/6.7.1"}
    assert OLD_6_7_1 in _text(client.get(chips[0]))  # the chip opens the text the ruling rested on


def test_the_trace_page_says_a_newer_release_changed_its_clauses(landed):
    client, link, _ = landed
    page = _text(client.get(f"/t/{link}"))
    notice = page[page.index("data-release-notice"):]
    assert "最新版は" in notice and "v1.1.0" in notice and "引用した条文のうち1条が変わりました" in notice
    assert f'href="/t/{link}/rerun" data-rejudge>現在のルールで判定する' in notice


def test_the_rejudgement_shows_clause_by_clause_what_changed(landed):
    client, link, _ = landed
    page = _text(client.get(f"/t/{link}/rerun"))
    changes = page[page.index("data-clause-changes"):page.index('<table class="versions">')]
    assert 'data-fate="changed" data-clause="6.7.1"' in changes
    assert "<del>完全に終了していなければ</del><ins>一部でも行えなかった場合は</ins>" in changes
    assert re.findall(r'data-fate="(\w+)" data-clause="([\d.\-]+)"', changes).count(("changed", "6.7.1")) == 1
    assert all(kind == "unchanged" for kind, clause in re.findall(r'data-fate="(\w+)" data-clause="([\d.\-]+)"',
                                                                   changes) if clause != "6.7.1")
    twin = client.get(f"/t/{link}/rerun.json").get_json()
    fates = {fate["clause"]: fate for fate in twin["clauses"]["fates"]}
    assert twin["clauses"]["release"] == "v1.0.0" and twin["clauses"]["latest"] == "v1.1.0"
    assert fates["6.7.1"]["kind"] == "changed" and fates["6.7.1"]["latest"] == ["6.7.1"]


def test_official_rulings_on_the_clause_page_superseded_marked(landed):
    client, _, _ = landed
    page = _text(client.get("/rules/hi-story/6.7.1"))
    rulings = page[page.index('class="official-rulings"'):]
    assert re.findall(r'data-ruling="([\w-]+)"', rulings) == ["q-2026-001", "q-2025-014"]
    superseded = rulings[rulings.index('id="ruling-q-2025-014"'):]
    assert "data-superseded" in superseded.split("</li>")[0] and "q-2026-001</a> に差し替えられました" in superseded
    assert 'data-agrees="yes"' in rulings.split("</li>")[0]  # the engine gives q-2026-001's answer


def test_official_rulings_on_every_trace_citing_their_clauses(landed):
    client, link, _ = landed
    page = _text(client.get(f"/t/{link}"))
    assert "この判定が引用する条文の公式裁定" in page
    assert re.findall(r'data-ruling="([\w-]+)"', page) == ["q-2026-001", "q-2025-014"]


def test_the_atom_feed_lists_releases_and_rulings(landed):
    client, _, _ = landed
    response = client.get("/feed.atom")
    assert response.mimetype == "application/atom+xml"
    feed = ElementTree.fromstring(response.data)
    atom = "{http://www.w3.org/2005/Atom}"
    titles = [entry.find(f"{atom}title").text for entry in feed.findall(f"{atom}entry")]
    assert "Hi!story 総合ルールブック v1.1.0" in titles
    assert any(title.startswith("公式裁定 q-2026-001") for title in titles)
    assert any(title.startswith("公式裁定 q-2025-014") and "差し替え" in title for title in titles)
    updated = [entry.find(f"{atom}updated").text for entry in feed.findall(f"{atom}entry")]
    assert updated == sorted(updated, reverse=True)
    assert feed.find(f"{atom}updated").text == updated[0]


def test_a_stateless_link_made_before_versions_were_recorded_still_opens_unchanged(landed):
    import base64
    import zlib

    from adjudicator.format.loading import canonical_json

    client, _, _ = landed
    scenario = load_scenario(SONOGO.read_text(encoding="utf-8"))
    old = "1." + base64.urlsafe_b64encode(zlib.compress(canonical_json(scenario).encode(), 9)).decode().rstrip("=")
    new = encode_payload(scenario)
    assert new.startswith("2.") and "~v1.0.0~" in new
    before, after = client.get(f"/s/{old}"), client.get(f"/s/{new}")
    assert before.status_code == after.status_code == 200
    old_json, new_json = client.get(f"/s/{old}.json").get_json(), client.get(f"/s/{new}.json").get_json()
    assert old_json["trace"] == new_json["trace"] and old_json["rulebook"]["release"] == "v1.0.0"
    assert old_json["made_under"] == {"release": None, "engine": None}
    assert new_json["made_under"]["release"] == "v1.0.0"
    made_new = re.search(r'data-made-under>([^<]+)<', _text(after)).group(1)
    assert made_new.startswith("このリンクはルールブック v1.0.0・エンジン ") and "判定は開いた今、ルールブック v1.0.0" in made_new
    made_old = re.search(r'data-made-under>([^<]+)<', _text(before)).group(1)
    assert made_old.startswith("判定は開いた今") and "作られました" not in made_old  # a 1. link records nothing
    chips = re.findall(r'class="chip" href="(/rules/hi-story/[^"]+/6\.7\.1)"[^>]*title="([^"]+)"', _text(before))
    assert chips and all(href == "/rules/hi-story/v1.0.0/6.7.1" and OLD_6_7_1 in title for href, title in chips)


def test_search_shows_official_rulings_as_their_own_block(landed):
    client, _, _ = landed
    page = _text(client.get("/search?q=その後"))
    block = page[page.index('class="official-rulings"'):]
    assert "公式裁定" in block and 'data-ruling="q-2026-001"' in block
    body = client.get("/search.json?q=手札の枚数").get_json()
    assert [ruling["id"] for ruling in body["official_rulings"]][:1] == ["q-2026-002"]


def test_an_import_shows_on_the_next_request_of_a_kept_page(landed):
    import os

    from adjudicator.official import read_rulings

    client, _, _ = landed
    first = _text(client.get("/rules/hi-story/4.1.1"))
    assert "q-2026-777" not in first and _text(client.get("/rules/hi-story/4.1.1")) == first  # kept, served again
    kept = RulingsFile(Path(os.environ["ADJUDICATOR_DATA_DIR"]))
    kept.save(read_rulings("- {id: q-2026-777, question: 枚数は数えてよい？, answer: はい。, date: '2026-12-02',"
                           " source: 'https://example.org/qa#777', clauses: ['4.1.1']}", "yaml"))
    assert 'data-ruling="q-2026-777"' in _text(client.get("/rules/hi-story/4.1.1"))
