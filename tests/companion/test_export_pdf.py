"""PDF sheets: text is printed literally (Japanese and markup-like names), layout paginates."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.display import isolate
from companion.export import sheets
from companion.export.pdf import (
    LEADING,
    Rect,
    SheetError,
    SheetSpec,
    draw_text,
    fit_lines,
    fit_text,
    pdf_bytes,
    render_sheet,
    render_sheets,
    text_width,
    wrap_text,
)
from companion.export.sheets import blank_sheet, blank_sheets, move_log_lines, play_sheet
from companion.games.registry import GameInfo, Mode
from companion.history import PlayMode, PlayRecord, SeatResult

TRICKY = "<b>&amp;"


def pages_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def short_play(record_moves: int = 20) -> PlayRecord:
    start = datetime(2026, 11, 22, 19, 30)
    moves: list[dict[str, object]] = []
    for i in range(record_moves):
        moves += [{"seat": i % 3, "move": f"m{i}"}, {"chance": str(i % 5)}]
    return PlayRecord(
        game_id="nosuchgame",
        mode=PlayMode.DIGITAL,
        started_at=start,
        finished_at=start + timedelta(minutes=12),
        seats=[
            SeatResult(0, TRICKY, score=12, breakdown={"race": 10, "bonus": 2}, rank=1,
                       winner=True),
            SeatResult(1, "花子", score=9.5, breakdown={"race": 8, "bonus": 1.5}, rank=2),
            SeatResult(2, "Bot · MCTS", is_bot=True, score=3, breakdown={"race": 3}, rank=3),
        ],
        location="公民館",
        notes="次回は4人で。",
        record={"moves": moves},
        id=7,
    )


def fake_info(**extras: object) -> GameInfo:
    return GameInfo(
        id="fake", name_ja="偽ゲーム", name_en="Fake Game", min_players=2, max_players=4,
        modes=frozenset({Mode.TABLE}),
        score_categories=(("race", "競走", "Race"), ("bonus", "ボーナス", "Bonus")),
        extras=extras,
    )


# -- text is drawn literally -----------------------------------------------------------------


def test_japanese_title_and_markup_like_name_print_literally() -> None:
    spec = SheetSpec(title="獣裁 得点表", columns=[TRICKY, "花子"], rows=["競走"],
                     cells=[["1", "2"]], total_row=["1", "2"])
    (text,) = pages_text(pdf_bytes(spec))
    assert "獣裁 得点表" in text
    assert TRICKY in text
    assert "&amp;amp;" not in text and "&lt;" not in text


def test_draw_text_escapes_nothing_and_measures_the_real_font() -> None:
    assert text_width("獣", 10) == pytest.approx(10.0)  # full-width glyph = 1 em
    spec = SheetSpec(title="t", drawings=[lambda c, r: draw_text(c, r.x, r.top - 20, TRICKY, 12)])
    assert TRICKY in pages_text(pdf_bytes(spec))[0]


# -- layout -----------------------------------------------------------------------------------


def test_short_digital_play_prints_one_page_with_names_scores_and_log() -> None:
    (text,) = pages_text(pdf_bytes(play_sheet(short_play(), "ja")))
    for expected in (TRICKY, "花子", "Bot · MCTS", "公民館", "次回は4人で。", "合計", "順位",
                     "★", "9.5", "1 / 1", "20. 花子 m19 → 4"):
        assert expected in text, expected


def test_finished_three_seat_juusai_session_prints_one_page() -> None:
    import random

    from companion.core.record import Game

    game = Game.new("juusai", 3, seed=7)
    choose = random.Random(7)
    game.resolve_chance()
    while not game.state.is_over():
        game.play_and_resolve(choose.choice(game.state.legal_moves()))
    outcome = game.state.outcome()
    assert outcome is not None
    names = ["太郎", TRICKY, "Bot · MCTS"]
    start = datetime(2026, 11, 22, 20, 0)
    play = PlayRecord(
        game_id="juusai", mode=PlayMode.DIGITAL, started_at=start,
        finished_at=start + timedelta(minutes=9), record=game.record.to_dict(),
        seats=[SeatResult(i, names[i], score=outcome.scores[i],
                          breakdown=dict(outcome.breakdown[i]) if outcome.breakdown else {},
                          rank=outcome.ranks()[i], winner=i in outcome.winners)
               for i in range(3)],
    )
    (text,) = pages_text(pdf_bytes(play_sheet(play, "ja")))
    assert "獣裁" in text
    assert all(name in text for name in names)


def test_long_move_log_continues_on_a_second_page_with_page_numbers() -> None:
    texts = pages_text(pdf_bytes(play_sheet(short_play(record_moves=400), "en")))
    assert len(texts) == 2
    assert "1 / 2" in texts[0] and "2 / 2" in texts[1]
    assert "400. " in texts[1]
    assert "continued" in texts[1]


def test_log_limit_summarises_the_rest_on_one_page() -> None:
    spec = play_sheet(short_play(record_moves=400), "en")
    spec.log_limit = 50
    (text,) = pages_text(pdf_bytes(spec))
    assert "49. " in text and "50. " not in text
    assert "351 more moves" in text


def test_table_too_long_for_a_page_repeats_the_header() -> None:
    spec = SheetSpec(title="長い表", columns=["甲", "乙"], rows=[f"row {i}" for i in range(40)])
    texts = pages_text(pdf_bytes(spec))
    assert len(texts) == 2
    assert all("甲" in t and "乙" in t for t in texts)
    assert "row 39" in texts[1] and "row 39" not in texts[0]
    assert "合計" not in texts[0] + texts[1]  # no total row unless asked for


def test_several_sheets_one_pdf_each_on_its_own_page() -> None:
    specs = [SheetSpec(title=f"シート {name}", columns=[name], rows=["a"]) for name in "ABC"]
    texts = pages_text(pdf_bytes(specs))
    assert [("シート " + n) in t for t, n in zip(texts, "ABC", strict=True)] == [True] * 3
    assert "3 / 3" in texts[2]


def test_drawings_get_the_free_area_and_extra_pages_a_whole_page() -> None:
    seen: list[Rect] = []

    def board(canvas: object, rect: Rect) -> None:
        seen.append(rect)
        draw_text(canvas, rect.x, rect.y + 5, "盤面", 12)  # type: ignore[arg-type]

    spec = SheetSpec(title="t", columns=["a"], rows=["x"], drawings=[board],
                     extra_pages=[board])
    texts = pages_text(pdf_bytes(spec))
    assert len(texts) == 2 and "盤面" in texts[0] and "盤面" in texts[1]
    first, page = seen
    assert first.height > 300 and first.y >= 40 and first.right <= 595.3 - 40
    assert page.height > first.height


def test_path_and_file_output_are_the_same_bytes(tmp_path: Path) -> None:
    spec = blank_sheet("nosuchgame", 3, ["A"], "en")
    render_sheet(spec, tmp_path / "a.pdf")
    buffer = io.BytesIO()
    render_sheets([spec], buffer)
    assert (tmp_path / "a.pdf").read_bytes() == buffer.getvalue() == pdf_bytes(spec)


def test_shape_mistakes_are_named() -> None:
    spec = SheetSpec(title="bad", columns=["a", "b"], rows=["x", "y"], cells=[["1", "2"]],
                     total_row=["1"])
    with pytest.raises(SheetError, match=r"cells has 1 rows, rows has 2.*total_row has 1"):
        pdf_bytes(spec)
    with pytest.raises(SheetError, match="no sheets"):
        pdf_bytes([])


def test_fit_text_shrinks_then_cuts_and_wrap_breaks_words_and_cjk() -> None:
    assert fit_text("short", 10, 100) == ("short", 10)
    text, size = fit_text("a rather long name", 10, 60)
    assert size < 10 and text_width(text, size) <= 60
    text, size = fit_text("x" * 200, 10, 50, min_size=6)
    assert size == 6 and text.endswith("…") and text_width(text, 6) <= 50
    assert wrap_text("one two three", 10, text_width("one two", 10)) == ["one two", "three"]
    assert wrap_text("あいうえお", 10, 20.5) == ["あい", "うえ", "お"]
    assert wrap_text("a\n\nb", 10, 100) == ["a", "", "b"]


def test_fit_lines_wraps_at_spaces_before_breaking_a_word_and_respects_height() -> None:
    width = text_width("Christopher", 10.5) + 1
    assert fit_lines("Christopher Columbus", 10.5, width) == (["Christopher", "Columbus"], 10.5)
    lines, size = fit_lines(TRICKY, 10.5, text_width(TRICKY, 10.5) - 5, min_size=7)
    assert lines == [TRICKY] and size < 10.5  # shrunk, never cut in two
    lines, size = fit_lines("あいうえおかきくけこ", 10, 30, height=16)
    assert len(lines) * size * LEADING <= 16 and "".join(lines).startswith("あい")
    assert fit_lines("short", 10, 100) == (["short"], 10)


# -- generic sheets ----------------------------------------------------------------------------


def test_blank_sheet_pads_columns_and_uses_the_games_categories(monkeypatch) -> None:
    monkeypatch.setattr(sheets, "_game_info", lambda game_id: fake_info())
    spec = blank_sheet("fake", 4, ["太郎"], "ja")
    assert spec.title == "偽ゲーム" and spec.is_blank
    assert spec.columns == ["太郎", "", "", ""]
    assert spec.rows == ["競走", "ボーナス"]
    assert spec.total_row == [None] * 4
    text = pages_text(pdf_bytes(spec))[0]
    assert "競走" in text and "合計" in text and "太郎" in text and "日付" in text
    assert blank_sheet("fake", 2, None, "en").rows == ["Race", "Bonus"]
    assert blank_sheet("fake", 2, None, "en", categories=["A"]).rows == ["A"]


def test_blank_sheet_without_categories_gives_free_rows_and_rejects_bad_counts() -> None:
    spec = blank_sheet("nosuchgame", 2, None, "en")
    assert spec.title == "nosuchgame" and spec.rows == [""] * sheets.FREE_ROWS
    with pytest.raises(ValueError, match="3 names given for 2 players"):
        blank_sheet("nosuchgame", 2, ["a", "b", "c"], "en")
    with pytest.raises(ValueError, match="at least one player"):
        blank_sheet("nosuchgame", 0, None, "en")


def test_blank_sheets_prefers_the_games_own_sheet(monkeypatch) -> None:
    calls: list[tuple[int, list[str], str]] = []

    def own(players: int, names: list[str], lang: str) -> list[SheetSpec]:
        calls.append((players, names, lang))
        return [SheetSpec(title="own", columns=names)]

    monkeypatch.setattr(sheets, "_game_info", lambda game_id: fake_info(blank_sheet=own))
    assert [s.title for s in blank_sheets("fake", 2, ["a", "b"], "en")] == ["own"]
    assert calls == [(2, ["a", "b"], "en")]
    monkeypatch.setattr(sheets, "_game_info", lambda game_id: fake_info())
    assert blank_sheets("fake", 2, None, "en")[0].title == "Fake Game"


def test_play_sheet_rows_totals_ranks_and_winner(monkeypatch) -> None:
    monkeypatch.setattr(sheets, "_game_info", lambda game_id: fake_info())
    play = short_play()
    play.seats[1].faction = "赤"
    spec = play_sheet(play, "ja")
    assert spec.title == "偽ゲーム"
    assert spec.columns == [TRICKY, "花子", "Bot · MCTS"]
    assert spec.rows == ["色", "競走", "ボーナス"]
    assert spec.cells == [["", "赤", ""], ["10", "8", "3"], ["2", "1.5", ""]]
    assert spec.total_row == ["12", "9.5", "3"]
    assert spec.extra_rows == [("順位", ["1", "2", "3"]), ("勝者", ["★", "", ""])]
    assert spec.highlight_columns == {0}
    assert ("勝者", isolate(TRICKY)) in spec.meta and ("場所", "公民館") in spec.meta
    assert ("時間", "12 分") in spec.meta
    assert play_sheet(play, "en").meta[-1] == ("Time", "12 min")


def test_play_sheet_falls_back_to_the_game_id_and_keeps_seat_order() -> None:
    play = short_play()
    play.seats.reverse()
    spec = play_sheet(play, "en")
    assert spec.title == "nosuchgame"
    assert spec.columns[0] == TRICKY
    assert spec.rows == ["race", "bonus"]


def test_move_log_lines_put_chance_after_the_decision_it_followed() -> None:
    record = {"moves": [{"chance": "deal"}, {"seat": 0, "move": "throw"}, {"chance": "=3"},
                        {"seat": 1, "move": "b2"}, {"seat": 5, "move": "c3"}, {"chance": "=0"},
                        {"chance": "=1"}]}
    assert move_log_lines(record, {0: "太郎", 1: "Ann"}) == [
        "→ deal", "1. 太郎 throw → =3", "2. Ann b2", "3. #5 c3 → =0 → =1"]
    assert move_log_lines(None, {}) == []
