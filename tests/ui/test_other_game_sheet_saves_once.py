"""The other-game score sheet: saving, correcting a score and saving again keeps one play
(the same one, corrected); only "New play" starts another (issue 32.1)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton, QTableView

import db
from ui.table.score_sheet import ScoreSheetTab


def visible_button(widget, text: str) -> QPushButton:
    (found,) = [b for b in widget.findChildren(QPushButton) if b.text() == text
                and b.isVisible()]
    return found


def type_in_cell(person, table: QTableView, row: int, column: int, text: str) -> None:
    """Double-click a cell, type into its editor and press Enter."""
    person.click_row(table, row, column, double=True)

    def editors() -> list[QLineEdit]:
        return [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]

    person.qtbot.waitUntil(lambda: len(editors()) == 1, timeout=2000)
    (editor,) = editors()
    person.type(editor, text)
    person.key(editor, Qt.Key.Key_Return)
    person.qtbot.waitUntil(lambda: not editors(), timeout=2000)


def test_a_corrected_score_updates_the_saved_play(window, person) -> None:
    library = window.page("library")
    page = library.open_other_game("Azul")
    assert page is not None
    (tab,) = page.current_widget().findChildren(ScoreSheetTab)
    table = tab.table
    type_in_cell(person, table, 0, 0, "Ann")
    type_in_cell(person, table, 0, 1, "Ben")
    type_in_cell(person, table, 1, 0, "40")
    type_in_cell(person, table, 1, 1, "52")
    save = visible_button(page, "Save to history")
    person.click(save)
    (first,) = db.list_plays(window.ctx.db, game_id="other:Azul")
    assert first.winners() == ["Ben"]
    assert not save.isEnabled()
    type_in_cell(person, table, 1, 0, "60")  # Ann's score was mistyped
    assert save.isEnabled()
    person.click(save)
    (corrected,) = db.list_plays(window.ctx.db, game_id="other:Azul")
    assert corrected.id == first.id
    assert corrected.winners() == ["Ann"]
    assert [s.score for s in corrected.seats] == [60, 52]
    assert tab.page.status.text() == f"Play #{first.id} corrected in the history."
    person.click(visible_button(page, "New play"))
    assert tab.model.data(tab.model.index(1, 0)) == ""  # the same players, no scores
    assert tab.sheet.players == ["Ann", "Ben"]
    type_in_cell(person, table, 1, 0, "10")
    type_in_cell(person, table, 1, 1, "20")
    person.click(save)
    plays = db.list_plays(window.ctx.db, game_id="other:Azul")
    assert len(plays) == 2
    assert sorted(p.winners()[0] for p in plays) == ["Ann", "Ben"]
