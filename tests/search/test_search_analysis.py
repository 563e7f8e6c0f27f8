"""Japanese analysis, query parsing, the glossary and excerpts: the pieces under the clause search."""

from __future__ import annotations

import pickle
import threading

import pytest

from adjudicator.rulebook import list_rulebooks
from adjudicator.search.analysis import BigramTokenizer, MorphTokenizer, bigrams, normalize
from adjudicator.search.glossary import PLAYER_WORDS, Glossary
from adjudicator.search.highlight import excerpt, matched_spans
from adjudicator.search.query import MAX_QUERY_LENGTH, parse_query


def test_normalize_folds_full_width_digits_and_latin():
    assert normalize("６．７．１ ＡＢＣ") == "6.7.1 abc"


def test_bigrams_split_japanese_runs_and_keep_ascii_words_whole():
    assert [token for _, token in bigrams(normalize("場の下 1000につき"))] == ["場の", "の下", "1000", "につ", "つき"]


def test_a_single_character_run_is_its_own_token():
    assert [token for _, token in bigrams("「場」")] == ["場"]


def test_bigram_tokenizer_records_positions_and_offsets_for_phrases_and_highlights():
    tokens = [(t.text, t.pos, t.startchar, t.endchar) for t in BigramTokenizer()("その後", positions=True, chars=True)]
    assert tokens == [("その", 0, 0, 2), ("の後", 1, 1, 3)]


def test_morph_tokenizer_keeps_content_words_as_base_forms():
    words = [token.text for token in MorphTokenizer()("引けない状態での効果")]
    assert words == ["引ける", "状態", "効果"]


def test_morph_tokenizer_drops_question_words():
    assert [token.text for token in MorphTokenizer()("パワーが同じ時はどうなる")] == ["パワー", "同じ", "時"]


def test_morph_tokenizer_survives_pickling_into_an_index_schema():
    restored = pickle.loads(pickle.dumps(MorphTokenizer()))
    assert [token.text for token in restored("山札を引く")] == ["山", "札", "引く"]


def test_morph_tokenizer_gives_each_thread_its_own_tagger():
    tokenizer = MorphTokenizer()
    text = "場のカードを墓地へ送る。その後、山札から1枚引く。" * 20
    expected = [token.text for token in tokenizer(text)]
    results: list[list[str]] = []

    def work():
        for _ in range(5):
            results.append([token.text for token in tokenizer(text)])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 20 and all(result == expected for result in results)


def test_parse_query_reads_japanese_and_ascii_quotes_as_phrases():
    parsed = parse_query('「その後」と "場の下" の関係')
    assert parsed.phrases == ("その後", "場の下")
    assert parsed.words == "と の関係"


def test_parse_query_treats_an_unbalanced_quote_as_text():
    parsed = parse_query("「見ずに")
    assert parsed.phrases == () and parsed.words == "見ずに"


def test_parse_query_drops_query_language_operators():
    assert parse_query("場 AND 山札 OR NOT 墓地").words == "場 山札 墓地"


def test_parse_query_caps_the_length_and_says_so():
    parsed = parse_query("山" * (MAX_QUERY_LENGTH + 50))
    assert parsed.truncated and len(parsed.text) == MAX_QUERY_LENGTH


def test_the_glossary_adds_the_rulebook_words_and_keeps_the_players():
    glossary = Glossary(PLAYER_WORDS)
    assert "場にあるカード" in glossary.expansions("フィールドにあるカード")
    assert "レスト状態" in glossary.expansions("タップ状態")
    assert glossary.expansions("場にあるカード") == ()


def test_the_glossary_reads_the_longest_word_and_says_what_it_read():
    readings = Glossary(PLAYER_WORDS).readings("デッキ切れで負け？")
    assert [(reading.word, reading.terms[0]) for reading in readings] == [("デッキ切れ", "山札が0枚"), ("負け", "敗北")]


def test_the_glossary_reads_the_rulebooks_own_aliases_with_their_clause():
    glossary = Glossary.for_books(list_rulebooks())
    found = {entry.word: (entry.terms, entry.source) for entry in glossary.entries}
    assert found["フィールド"] == (("場",), "hi-story:2.3.1")  # 「場」（「フィールド」とも表記する）
    assert found["プロテクト"] == (("守護",), "hi-story:3.1.8")  # 〈守護〉（プロテクト）
    assert found["ランダムに"] == (("見ずに",), "hi-story:4.3.1")  # 「見ずに」は「ランダムに」と読む
    assert found["効果を使う"] == (("発動する",), "hi-story:6.1.1")
    assert found["横向き"] == (("レスト",), "hi-story:3.2.1")  # the Hi!story alias wins over Duel Masters' タップ


def test_marks_are_read_as_marks_not_digits():
    assert parse_query("「1」の効果").marks == ("1",)
    assert parse_query("1マークの効果は何回？").marks == ("1",)
    assert parse_query("召と1を同じターンに").marks == ("召",)
    assert parse_query("1枚引く").marks == () and parse_query("ランク1の効果").marks == ()
    assert parse_query("召喚フェーズ").marks == ()
    assert parse_query("〈織田〉と【武士】と｛身代わり｝").marks == ("〈〉", "【】", "｛｝")


@pytest.mark.parametrize(("typed", "refs"), [
    ("11.2.2 ブロック", ["11.2.2"]), ("6.7.1とは", ["6.7.1"]), ("「6.7.1」", ["6.7.1"]),
    ("6.7.1 6.7.2", ["6.7.1", "6.7.2"]), ("10.6.2‐8", ["10.6.2-8"]), ("10.6.2の⑧", ["10.6.2-8"]),
    ("101.4 a", ["101.4a"]), ("dm:101.4a", ["101.4a"]), ("ルール4.4.1の補完", ["4.4.1"]), ("第12章 勝敗", ["ch12"]),
    ("パワー3000", []), ("1枚引く", []), ("1.5倍のパワー", []),
])
def test_clause_numbers_are_found_inside_free_text(typed, refs):
    parsed = parse_query(typed)
    assert [mention.ref for mention in parsed.mentions] == refs
    assert not any(ref in parsed.words for ref in refs)


def test_matched_spans_map_folded_matches_back_onto_the_original_text():
    text = "６．７．１の「その後」を参照"
    assert [text[start:end] for start, end in matched_spans(text, ["6.7.1", "その後"])] == ["６．７．１", "その後"]


def test_excerpt_marks_matches_and_cuts_around_the_first_one():
    text = "あ" * 200 + "場の下" + "い" * 200
    result = excerpt(text, ["場の下"], length=60)
    assert result.highlights == ["場の下"]
    assert result.text.startswith("…") and result.text.endswith("…")
    assert len(result.text) <= 62


def test_a_precomputed_excerpt_source_cuts_the_same_excerpt():
    from adjudicator.search.highlight import excerpt_source

    text = "あ" * 100 + "\n  ６．７．１の 「その後」\tを参照" + "い" * 100
    needles = ["6.7.1", "その後"]
    assert excerpt(excerpt_source(text), needles) == excerpt(text, needles)


def test_the_mecab_tagger_is_built_on_first_use_once_per_thread():
    import pickle
    import threading

    from adjudicator.search.analysis import MorphTokenizer

    morph = pickle.loads(pickle.dumps(MorphTokenizer()))  # what Whoosh does each time it opens the index
    assert morph._local.tagger is None
    assert [base for _, _, base in morph.words("カードを捨てる")] == ["カード", "捨てる"]
    mine = morph._local.tagger
    assert mine is not None and morph._local.get() is mine
    other: list[object] = []
    thread = threading.Thread(target=lambda: other.append(morph._local.get()))
    thread.start()
    thread.join(timeout=30)
    assert other and other[0] is not mine


def test_ipadic_fields_split_from_the_raw_csv_are_fugashis():
    from adjudicator.morphology import ThreadTaggers
    from adjudicator.search.analysis import features

    tagger = ThreadTaggers().get()
    book = next(book for book in list_rulebooks() if book.id == "hi-story")
    words = [word for node in list(book.walk())[:80] for word in tagger(normalize(node.text))]
    assert len(words) > 500
    assert all(list(features(word)) == list(word.feature) for word in words)


# -- words spelt by their sound, and kanji one off ------------------------------------------------------------


def _read(glossary, text, **flags):
    return {(reading.word, reading.terms[0]) for reading in glossary.readings(text, **flags)}


def test_kana_typed_for_the_rulebooks_words_are_read_as_them():
    glossary = Glossary.for_books(list_rulebooks())
    assert {("やまふだ", "山札"), ("まいすう", "枚数"), ("こうかい", "公開")} <= _read(glossary, "やまふだのまいすうはこうかい？")
    assert ("しゃっふるする", "シャッフルする") in _read(glossary, "しゃっふるする")  # hiragana for the rulebook's katakana
    assert ("召還", "召喚") in _read(glossary, "召還の回数")  # the input method's homophone
    assert _read(glossary, "やまふだのまいすう", sounds=False, typos=False) == set()


def test_a_printed_word_and_its_okurigana_are_not_read_as_another_word():
    glossary = Glossary.for_books(list_rulebooks())
    assert _read(glossary, "山札を見たら") == set()  # 見た is not 満た
    assert _read(glossary, "ドローできる？") == {("ドロー", "引く")}


def test_a_kanji_pair_the_rulebook_never_prints_is_read_as_the_one_it_does():
    glossary = Glossary.for_books(list_rulebooks())
    assert ("墓池", "墓地") in _read(glossary, "墓池の枚数")
    assert ("墓池", "墓地") not in _read(glossary, "墓池の枚数", typos=False)
