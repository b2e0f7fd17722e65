"""The 机戦 table companion as people use it, by clicking: the hand calculator (hands, 同色,
points at the rate, undo/redo), the season ledger (再行, 終季 from the calculator, the
transfer, Save to history), the stick caster (water entry and stepping verdicts) and Print."""

from __future__ import annotations

from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton, QRadioButton

from ui.games.cetkaik.table_page import CastTab, HandsTab, LedgerTab, PrintTab, table_view
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    from ui.games.sticks import sticks_widget

    sticks_widget.set_animations_enabled(False)
    language().set("en")
    yield
    language().set("en")
    sticks_widget.set_animations_enabled(True)


def make(qtbot, ctx: Any = None) -> Any:
    page = table_view(ctx)
    qtbot.addWidget(page)
    page.resize(1100, 720)
    page.show()
    qtbot.waitExposed(page)
    return page


def click(qtbot, widget: Any) -> None:
    """A click where a person aims: a radio button's circle, a button's middle."""
    assert widget.isVisible() and widget.isEnabled(), widget.objectName()
    if isinstance(widget, QRadioButton):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton,
                         pos=QPoint(8, widget.height() // 2))
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def named(tab: Any, kind: type, name: str) -> Any:
    found = tab.findChild(kind, name)
    assert found is not None, name
    return found


def test_the_hand_calculator_shows_hands_one_colour_and_points_at_the_rate(qtbot) -> None:
    page = make(qtbot)
    hands = page.tab(0)
    assert isinstance(hands, HandsTab)
    for piece in ("rT", "rH"):  # a red tiger and a red horse: 獣 in one colour
        click(qtbot, named(hands, QPushButton, f"add:{piece}"))
    result = named(hands, type(hands.result), "calc_result")
    assert "The Animals (same colour)" in result.text() and "Total 5 × 1 = <b>5</b>" in \
        result.text()
    click(qtbot, named(hands, QPushButton, "add:bK"))  # the king: +5, and a wildcard
    hands.rate.setCurrentIndex(1)
    hands.rate.activated.emit(1)
    assert hands.calc.rate == 2 and "Total 10 × 2 = <b>20</b>" in result.text()
    click(qtbot, page.undo_button)  # the rate back to ×1
    click(qtbot, page.undo_button)  # the king taken back
    assert "Total 5 × 1" in result.text()
    click(qtbot, page.redo_button)
    assert "Total 10 × 1" in result.text()
    # each side has its own calculator
    click(qtbot, named(hands, QRadioButton, "calc_side1"))
    assert "No hand yet." in result.text()


def test_the_set_limits_what_a_side_can_hold(qtbot) -> None:
    page = make(qtbot)
    hands = page.tab(0)
    add = named(hands, QPushButton, "add:rK")
    click(qtbot, add)
    click(qtbot, add)  # the set has one red king
    assert add.text().endswith("1/1") and "only 1" in page.status.text()


def test_the_ledger_records_again_and_end_and_saves_the_finished_game(qtbot, ctx) -> None:
    import db

    page = make(qtbot, ctx)
    hands, ledger = page.tab(0), page.tab(1)
    assert isinstance(ledger, LedgerTab)
    header = hands.players
    header.edits[0].setText("太郎")
    header.edits[1].setText("Hanako")
    click(qtbot, named(hands, QRadioButton, "calc_side1"))
    for piece in ("bH", "bB", "bP"):
        click(qtbot, named(hands, QPushButton, f"add:{piece}"))
    assert hands.calcs[1].total() == 9  # 同色馬弓兵 (7 + 2)
    page.tabs.setCurrentIndex(1)
    ledger.seasons.setValue(1)
    click(qtbot, named(ledger, QPushButton, "again0"))
    assert "rate ×2" in ledger.status.text()
    click(qtbot, named(ledger, QPushButton, "from_calc1"))
    assert ledger.points[1].value() == 9
    click(qtbot, named(ledger, QPushButton, "end1"))
    state = ledger.ledger.state()
    assert state.over and state.scores == (2, 38)  # 9 × 2 = 18 moved to the A side
    assert "Hanako" in ledger.status.text() and "Game over" in ledger.status.text()
    assert ledger.ledger.entries[-1].hands == ("同色馬弓兵",)
    assert page.save_button.isEnabled()
    click(qtbot, page.save_button)
    plays = db.list_plays(ctx.db, game_id="cetkaik")
    assert len(plays) == 1 and [s.score for s in plays[0].seats] == [2.0, 38.0]
    assert plays[0].seats[1].winner
    click(qtbot, page.undo_button)  # a correction: the game is open again, not saved
    assert not ledger.ledger.state().over and not page.save_button.isEnabled()


def test_the_ledger_cannot_be_saved_without_names_or_before_the_end(qtbot, ctx) -> None:
    page = make(qtbot, ctx)
    page.tabs.setCurrentIndex(1)
    assert not page.save_button.isEnabled()
    assert "name" in page.save_note.text()
    header = page.tab(0).players
    header.edits[0].setText("A")
    header.edits[1].setText("B")
    assert "Finish the game first" in page.save_note.text()


def test_the_stick_caster_says_whether_the_move_succeeds(qtbot) -> None:
    page = make(qtbot)
    page.tabs.setCurrentIndex(2)
    cast = page.tab(2)
    assert isinstance(cast, CastTab)
    typed = named(cast, type(cast.typed), "cast_typed")
    typed.setValue(2)
    click(qtbot, named(cast, QPushButton, "cast_enter"))
    assert "fails; the piece goes back" in cast.verdict.text()  # water needs 3
    assert "1/2" in cast.odds.text()
    click(qtbot, named(cast, QRadioButton, "cast_step"))
    cast.distance.setValue(2)
    click(qtbot, named(cast, QPushButton, "cast_enter"))
    assert "reaches 2 squares" in cast.verdict.text() and "13/16" in cast.odds.text()
    click(qtbot, named(cast, QPushButton, "cast_throw"))
    thrown = sum(cast.sticks.faces or ())
    assert cast.verdicts[-1].result == thrown and cast.badge.value == thrown
    assert cast.history.count() == 3
    click(qtbot, page.undo_button)
    assert cast.history.count() == 2 and cast.verdicts[-1].result == 2


def test_print_writes_the_chosen_sheets(qtbot, tmp_path) -> None:
    page = make(qtbot)
    page.tabs.setCurrentIndex(3)
    printing = page.tab(3)
    assert isinstance(printing, PrintTab)
    assert len(printing.board.scene.tokens) == 49  # the start position on the page
    click(qtbot, named(printing, QRadioButton, "print:all"))
    path = tmp_path / "sheets.pdf"
    page.export_pdf(path)
    reader = PdfReader(str(path))
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert len(reader.pages) == 3 and "Start position" in text and "The Unbeatable" in text
