"""``adjudicator cards import`` refuses what it cannot read with a sentence naming the line, never a traceback:
a CSV field past csv's own bound (131,072 characters), and a library whose store cannot be written."""

from __future__ import annotations

from click.testing import CliRunner

from adjudicator.cli import main


def _import(path, monkeypatch, tmp_path):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("ADJUDICATOR_DATABASE_URL", raising=False)
    monkeypatch.delenv("ADJUDICATOR_LINK_DB", raising=False)
    return CliRunner().invoke(main, ["cards", "import", str(path)])


def test_a_400000_character_csv_field_is_refused_by_its_line(tmp_path, monkeypatch):
    listing = tmp_path / "cards.csv"
    listing.write_text("name,effect_text\n千利休,カードを1枚引く。\n長い武将," + "a" * 400_000 + "\n", encoding="utf-8")
    result = _import(listing, monkeypatch, tmp_path)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "3行目" in result.output and "131,072文字まで" in result.output and "何も読み込んでいない" in result.output
    assert "Traceback" not in result.output


def test_a_header_past_the_bound_is_refused_too(tmp_path, monkeypatch):
    listing = tmp_path / "cards.csv"
    listing.write_text("name," + "x" * 200_000 + "\n千利休,1\n", encoding="utf-8")
    result = _import(listing, monkeypatch, tmp_path)
    assert result.exit_code == 2 and "1行目" in result.output and "文字まで" in result.output


def test_a_library_that_cannot_be_written_is_a_sentence_and_exit_1(tmp_path, monkeypatch):
    from adjudicator.cards import store

    def refuse(self, cards, replace=True):
        raise store.StoreUnavailable("disk full", store=store.Store.CARDS)

    monkeypatch.setattr(store.SQLiteCardStore, "import_cards", refuse)
    listing = tmp_path / "cards.yaml"
    listing.write_text("- {name: 千利休}\n", encoding="utf-8")
    result = _import(listing, monkeypatch, tmp_path)
    assert result.exit_code == 1 and "書き込めないので、何も読み込んでいない" in result.output
