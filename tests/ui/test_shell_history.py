"""History as a person uses it: filter by game, player and dates, search, open a play, print
its sheet, delete it after confirming."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import QDate, Qt

import db
from companion.display import strip_isolates
from tests.ui.shots import save_shot
from ui.shell import history as history_module


def open_history(window, person):
    person.click_sidebar(window, "History")
    return window.current_page()


def dates(page) -> list[str]:
    return [row[0] for row in page.visible_rows()]


def test_lists_every_play_newest_first(window, person) -> None:
    page = open_history(window, person)
    rows = page.visible_rows()
    assert dates(page) == ["2026-10-25 18:00", "2026-10-20 21:00", "2026-10-09 19:00",
                           "2026-10-02 19:00", "2026-09-05 20:00"]
    assert rows[1] == ["2026-10-20 21:00", "Juusai (Foolish Sticks)", "花子, Cho, Bot · Greedy",
                       "花子", "Table"]
    assert page.count_label.text() == "5 plays"


def test_filter_by_game_player_and_dates(window, person) -> None:
    page = open_history(window, person)
    person.choose(page.game_filter, "Juusai (Foolish Sticks)")
    assert dates(page) == ["2026-10-20 21:00", "2026-10-02 19:00", "2026-09-05 20:00"]
    person.choose(page.player_filter, "Ben")
    assert dates(page) == ["2026-10-02 19:00", "2026-09-05 20:00"]
    person.choose(page.game_filter, "All games")
    assert dates(page) == ["2026-10-09 19:00", "2026-10-02 19:00", "2026-09-05 20:00"]
    person.choose(page.player_filter, "Everybody")
    person.click(page.dates_check)
    page.since_edit.setDate(QDate(2026, 10, 2))
    page.until_edit.setDate(QDate(2026, 10, 20))  # the whole last day counts
    assert dates(page) == ["2026-10-20 21:00", "2026-10-09 19:00", "2026-10-02 19:00"]
    assert page.count_label.text() == "3 plays"
    person.click(page.dates_check)
    assert len(dates(page)) == 5


def test_search_box_narrows_the_list(window, person) -> None:
    page = open_history(window, person)
    person.type(page.search, "dan")
    assert page.visible_rows() == [["2026-10-25 18:00", "Rengeki Juusai (Chained Sticks)",
                                    "Dan, Cho", "Cho", "Table"]]
    assert page.count_label.text() == "1 plays"
    person.type(page.search, "花子")
    assert len(page.visible_rows()) == 3


def test_open_a_play_print_it_and_delete_it(window, person, tmp_path, monkeypatch) -> None:
    page = open_history(window, person)
    person.click_row(page.table, 4, double=True)  # the oldest play
    dialog = page.findChild(history_module.PlayDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.title.text() == "Juusai (Foolish Sticks) — 2026-09-05 20:00"
    facts = strip_isolates(dialog.facts.text())  # as read: the bidi marks are invisible
    assert "Place: Club" in facts and "Winner: 花子" in facts
    sheet = dialog.sheet
    headers = [sheet.horizontalHeaderItem(c).text() for c in range(sheet.columnCount())]
    assert headers == ["花子", "Ben", "Cho"]
    total_row = [sheet.verticalHeaderItem(r).text() for r in range(sheet.rowCount())].index("Total")
    assert [sheet.item(total_row, c).text() for c in range(3)] == ["24", "10", "6"]
    assert dialog.log.item(0).text() == "No moves recorded (a table play)."
    save_shot(dialog, "shell_play_dialog.png")

    pdf = tmp_path / "play.pdf"
    monkeypatch.setattr(history_module, "ask_save_path", lambda *a, **k: pdf)
    person.click(dialog.pdf_button)
    assert dialog.status.text() == f"PDF written: {pdf}"
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Ben" in text and "Cho" in text and "花子" in text

    seen: list[str] = []
    person.answer_dialogs("Delete", seen=seen)
    person.click(dialog.delete_button)
    assert "Delete play" in seen[0] and "cannot be undone" in seen[0]
    assert not dialog.isVisible()
    assert len(page.visible_rows()) == 4 and "2026-09-05 20:00" not in dates(page)
    assert db.count_plays(window.ctx.db) == 4


def test_cancelling_the_delete_keeps_the_play(window, person) -> None:
    page = open_history(window, person)
    person.click_row(page.table, 0)
    person.click(page.open_button)
    dialog = page.findChild(history_module.PlayDialog)
    person.answer_dialogs("Cancel")
    person.click(dialog.delete_button)
    assert db.count_plays(window.ctx.db) == 5


def test_ctrl_p_prints_the_selected_play(window, person, tmp_path, monkeypatch) -> None:
    page = open_history(window, person)
    pdf = tmp_path / "selected.pdf"
    monkeypatch.setattr(history_module, "ask_save_path", lambda *a, **k: pdf)
    person.click_row(page.table, 0)
    person.activate(window)
    person.key(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert Path(pdf).exists()
    assert "Dan" in PdfReader(str(pdf)).pages[0].extract_text()


def test_a_new_play_appears_without_reopening_the_page(window, person) -> None:
    from datetime import datetime

    from companion.history import PlayMode, PlayRecord, SeatResult
    from ui.events import events

    page = open_history(window, person)
    db.add_play(window.ctx.db, PlayRecord(
        "shinyu", PlayMode.TABLE, datetime(2026, 11, 1, 20, 0),
        [SeatResult(0, "Eve", score=3, winner=True)], finished_at=datetime(2026, 11, 1, 21, 0)))
    events().history_changed.emit()
    assert page.visible_rows()[0][2] == "Eve"
    assert page.player_filter.findText("Eve") >= 0


def test_a_long_history_shows_the_newest_and_says_how_many(window, person,
                                                           monkeypatch) -> None:
    monkeypatch.setattr(history_module, "LIMIT", 2)
    page = open_history(window, person)
    page.reload()
    assert dates(page) == ["2026-10-25 18:00", "2026-10-20 21:00"]
    assert page.count_label.text() == "Showing the newest 2 of 5 plays"


def test_a_digital_play_reads_in_japanese(window, person) -> None:
    """Bot names, score rows, the end reason and the moves of a play are Japanese in the
    Japanese interface; the stored names stay as they were."""
    from datetime import datetime

    from companion.history import PlayMode, PlayRecord, SeatResult
    from ui.i18n import language

    play_id = db.add_play(window.ctx.db, PlayRecord(
        "juusai", PlayMode.DIGITAL, datetime(2026, 11, 3, 20, 0),
        [SeatResult(0, "花子", score=25, winner=True, rank=1, breakdown={"points": 25}),
         SeatResult(1, "Bot · Greedy", is_bot=True, bot_kind="greedy", score=15, rank=2,
                    breakdown={"points": 15})],
        finished_at=datetime(2026, 11, 3, 20, 20), notes="10 rounds played",
        record={"game": "juusai", "moves": [{"seat": 0, "move": "throw"}, {"chance": "=2"},
                                            {"seat": 1, "move": "throw"}, {"chance": "=3"}]}))
    language().set("ja")
    page = window.show_page("history")
    page.reload()
    assert page.visible_rows()[0][2] == "花子、ボット · 貪欲"
    dialog = page.open_play(play_id)
    sheet = dialog.sheet
    assert [sheet.horizontalHeaderItem(c).text() for c in range(2)] == ["花子", "ボット · 貪欲"]
    assert sheet.verticalHeaderItem(0).text() == "点数"
    assert "終局: 10 ラウンド終了" in dialog.facts.text()
    assert [dialog.log.item(i).text() for i in range(dialog.log.count())] == [
        "1. 花子 投げる → 2", "2. ボット · 貪欲 投げる → 3"]
    assert db.get_play(window.ctx.db, play_id).seats[1].player == "Bot · Greedy"  # as stored
    dialog.close()
