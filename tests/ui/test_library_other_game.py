"""Library › "Other game…": a game the app does not know gets the generic score sheet under its
name, is saved to the history as a game of its own, and is offered again by name."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget

import db
from companion.scoresheet import SCORE_CATEGORY, ScoreSheet
from tests.ui.shots import save_shot
from ui.shell.library import GamePage


def generic_sheet(widget: QWidget) -> ScoreSheet:
    """The score sheet model inside a table page (whatever shape the page has)."""
    for part in [widget, *widget.findChildren(QWidget)]:
        sheet = getattr(part, "sheet", None)
        if isinstance(sheet, ScoreSheet):
            return sheet
    raise AssertionError("no score sheet on the page")


def button(widget: QWidget, text: str) -> QPushButton:
    (found,) = [b for b in widget.findChildren(QPushButton) if b.text() == text
                and b.isVisible()]
    return found


def test_type_a_name_keep_the_score_and_find_it_again(window, person) -> None:
    library = window.page("library")
    card = library.other_card
    assert card.title.text() == "Other game…"
    person.click(card.open_button)  # no name yet
    assert card.error_label.text() == "Type the name of the game first."
    person.type(card.name_combo.lineEdit(), "Ticket to Ride")
    person.key(card.name_combo.lineEdit(), Qt.Key.Key_Return)
    page = library.stack.currentWidget()
    assert isinstance(page, GamePage) and page.title.text() == "Ticket to Ride"
    assert [page.tabs.tabText(i) for i in range(page.tabs.count())] == ["Table companion"]
    sheet = generic_sheet(page.current_widget())
    assert sheet.game_id == "other:Ticket to Ride" and sheet.categories == [SCORE_CATEGORY]
    save_shot(window, "library_other_game_sheet.png")
    sheet.rename_player(0, "花子")
    sheet.rename_player(1, "Ben")
    sheet.set_score(0, "score", 102)
    sheet.set_score(1, "score", 98)
    person.click(button(page, "Save to history"))
    (stored,) = db.list_plays(window.ctx.db, game_id="other:Ticket to Ride")
    assert stored.winners() == ["花子"] and stored.seats[0].score == 102
    person.click(page.back_button)
    assert [card.name_combo.itemText(i) for i in range(card.name_combo.count())] == [
        "Ticket to Ride"]
    card.name_combo.setCurrentIndex(0)
    person.click(card.open_button)
    assert library.stack.currentWidget() is page  # the same game, not a second one
    history = window.show_page("history")
    assert history.visible_rows()[0][1:4] == ["Ticket to Ride", "花子, Ben", "花子"]
    statistics = window.show_page("statistics")
    person.choose(statistics.game_filter, "Ticket to Ride")
    assert [r[:4] for r in statistics.rows()] == [["Ben", "Ticket to Ride", "1", "0"],
                                                  ["花子", "Ticket to Ride", "1", "1"]]


def test_another_spelling_is_the_same_game(window, person) -> None:
    library = window.page("library")
    library.open_other_game("Azul")
    library.other_games = ["other:Azul"]
    page = library.open_other_game("  azul ")
    assert page is not None and page.info.id == "other:Azul"
