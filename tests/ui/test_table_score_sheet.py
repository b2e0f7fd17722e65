"""The generic table score sheet as a person fills it: names, scores, the winner, undo, save;
what is not a number is refused with a sentence."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit

from ui.i18n import language
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import isolate
from ui.table.frame import TablePage
from ui.table.score_sheet import ScoreSheetTab

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


def activate(qtbot, widget) -> None:
    widget.show()
    qtbot.waitExposed(widget)
    widget.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget, timeout=2000)


def make(qtbot, players: int, ctx=None) -> tuple[TablePage, ScoreSheetTab]:
    """The generic table page: a score sheet, with the page's Undo, Print and Save."""
    page = TablePage(ctx, "juusai")
    qtbot.addWidget(page)
    sheet = ScoreSheetTab(page, players=players)
    page.add_tab(sheet)
    return page, sheet


def type_into(qtbot, sheet: ScoreSheetTab, row: int, column: int, text: str) -> None:
    """Select a cell, type over it and press Enter, as a person does."""
    index = sheet.model.index(row, column)
    sheet.table.setCurrentIndex(index)
    sheet.table.setFocus()
    sheet.table.edit(index)
    (editor,) = [w for w in sheet.table.findChildren(QLineEdit) if w.isVisible()]
    editor.selectAll()
    if text.isascii():
        qtbot.keyClicks(editor, text)
    else:  # QTest types ASCII only; Japanese arrives committed, as from an input method
        event = QInputMethodEvent("", [])
        event.setCommitString(text)
        QApplication.sendEvent(editor, event)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not sheet.table.isPersistentEditorOpen(index)  # committed
                    and sheet.table.state() != QAbstractItemView.State.EditingState,
                    timeout=1000)


def fill(qtbot, sheet: ScoreSheetTab, rows: list[tuple[str, str]]) -> None:
    for column, (name, score) in enumerate(rows):
        type_into(qtbot, sheet, 0, column, name)
        type_into(qtbot, sheet, 1, column, score)


def test_typing_three_scores_shows_totals_ranks_and_the_winner(qtbot) -> None:
    page, sheet = make(qtbot, 3)
    activate(qtbot, page)
    fill(qtbot, sheet, [("花子", "12"), ("Ann", "9"), ("Bo", "１５")])
    assert sheet.sheet.players == ["花子", "Ann", "Bo"]
    totals = [sheet.model.index(sheet.model.total_row(), c).data() for c in range(3)]
    ranks = [sheet.model.index(sheet.model.rank_row(), c).data() for c in range(3)]
    assert totals == ["12", "9", "15"] and ranks == ["2", "3", "1 ★"]
    assert sheet.winner_label.text() == f"Winner: {isolate('Bo')}"
    type_into(qtbot, sheet, 1, 0, "15")
    assert sheet.winner_label.text() == f"Shared victory: {isolate('花子')}, {isolate('Bo')}"


def test_ctrl_z_undoes_a_score_and_ctrl_shift_z_redoes_it(qtbot) -> None:
    page, sheet = make(qtbot, 2)
    activate(qtbot, page)
    fill(qtbot, sheet, [("A", "3"), ("B", "4")])
    type_into(qtbot, sheet, 1, 0, "9")
    assert sheet.winner_label.text() == f"Winner: {isolate('A')}"
    sheet.table.setFocus()
    qtbot.keyClick(sheet.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert sheet.sheet.score(0, "score") == 3
    assert sheet.winner_label.text() == f"Winner: {isolate('B')}"
    qtbot.keyClick(sheet.table, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert sheet.sheet.score(0, "score") == 9


def test_a_word_is_not_a_score_and_the_page_says_so(qtbot) -> None:
    """Issue 8: "abc" in a score cell was dropped silently."""
    page, sheet = make(qtbot, 2)
    activate(qtbot, page)
    type_into(qtbot, sheet, 1, 0, "7")
    type_into(qtbot, sheet, 1, 0, "abc")
    assert sheet.sheet.score(0, "score") == 7 and sheet.undo_stack.count() == 1
    assert page.status.isVisible()
    assert page.status.text() == "“abc” is not a number: the score was not entered."
    language().set("ja")  # the sentence follows the language
    assert page.status.text() == "「abc」は数ではありません。得点は入力されませんでした。"
    page.tabs.setCurrentIndex(0)
    page.hide()  # another page: the sentence is gone when the person comes back
    assert not page.status.isVisible() and page.status.text() == ""


def test_saving_without_names_says_what_is_missing(qtbot) -> None:
    page, _sheet = make(qtbot, 2)
    assert not page.save_button.isEnabled()
    assert "Every player needs a name" in page.save_button.toolTip()
    assert "Every player needs a name" in page.save_note.text()


def test_saved_sheet_is_in_the_history_with_new_players(qtbot, tmp_path) -> None:
    db = pytest.importorskip("db")
    if not all(hasattr(db, n) for n in ("open_database", "add_play", "list_plays")):
        pytest.skip("db repository functions not available yet")
    from ui.context import AppContext
    from ui.events import events

    database = db.open_database(f"sqlite:///{tmp_path / 'h.db'}")
    ctx = AppContext.create(database, QSettings(str(tmp_path / "s.ini"),
                                                QSettings.Format.IniFormat))
    page, sheet = make(qtbot, 3, ctx)
    activate(qtbot, page)
    fill(qtbot, sheet, [("花子", "7"), ("Ann", "9"), ("Bo", "9")])
    sheet.place_edit.setText("公民館")
    with qtbot.waitSignal(events().history_changed, timeout=2000):
        qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    assert "Saved" in page.status.text()
    (play,) = db.list_plays(database)
    assert play.location == "公民館" and play.mode.value == "table"
    assert sorted(play.winners()) == ["Ann", "Bo"]
    assert {s.player: s.rank for s in play.seats} == {"花子": 3, "Ann": 1, "Bo": 1}
    if hasattr(db, "list_players"):
        assert {"花子", "Ann", "Bo"} <= {p.name for p in db.list_players(database)}
    assert not page.save_button.isEnabled()  # saved: a second save needs a change
    assert page.save() == play.id and len(db.list_plays(database)) == 1
    type_into(qtbot, sheet, 1, 0, "8")
    assert page.save_button.isEnabled()


def test_scores_read_full_width_digits_and_decimal_commas() -> None:
    from ui.table.score_sheet import parse_score

    assert parse_score("１５") == 15 and parse_score("-2,5") == -2.5 and parse_score(" ") is None
    with pytest.raises(ValueError):
        parse_score("many")
