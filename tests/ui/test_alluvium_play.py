"""Alluvium digital play as people use it: the hand-off screen, turning a piece, placing it,
the card and the public sheets beside the board."""

from __future__ import annotations

import types

import pytest
from PySide6.QtCore import Qt

from companion.games.alluvium.profile import normalise
from companion.games.alluvium.rules import AlluviumState, Place
from ui.games.alluvium.play import play_view
from ui.i18n import language
from ui.play import frame
from ui.play.frame import PlayFrame
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import isolate

protect_singletons()


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)  # no pause before a bot's move
    language().set("en")
    yield
    language().set("en")


@pytest.fixture
def view(qtbot) -> PlayFrame:
    widget = play_view(None)
    qtbot.addWidget(widget)
    widget.resize(600, 700)
    seats = [types.SimpleNamespace(name=n, bot=None) for n in ("Ann", "Ben", "Cy")]
    widget.start(types.SimpleNamespace(seats=seats, options={}, seed=11))
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.shutdown()


def place_first_legal(qtbot, view: PlayFrame) -> Place:
    """Turn the piece with R until it matches a legal placement, then click there (once
    the page has settled: the side column widens to its tables a moment after it shows)."""
    side = view.side_scroll
    qtbot.waitUntil(lambda: side.width() >= side.minimumSizeHint().width())
    board = view.screens.board
    move = next(m for m in board.legal if isinstance(m, Place))
    wanted = normalise(move.cells)
    for _ in range(8):
        if board.shapes()[board.orientation] == wanted:
            break
        qtbot.keyClick(board, Qt.Key.Key_R)
    else:
        qtbot.keyClick(board, Qt.Key.Key_M)
        for _ in range(4):
            if board.shapes()[board.orientation] == wanted:
                break
            qtbot.keyClick(board, Qt.Key.Key_R)
    anchor = (min(r for r, _ in move.cells), min(c for _, c in move.cells))
    qtbot.mouseMove(board, board.cell_center(anchor))
    assert board.preview_move() == move
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_center(anchor))
    return move


def test_hand_off_screen_between_people(qtbot, view: PlayFrame) -> None:
    assert view.is_covered() and not view.screens.board.isVisible()
    assert view.handoff_label.text() == f"Pass the device to {isolate('Ann')}."
    assert view.reveal_button.text() == f"I am {isolate('Ann')} — show my sheet"
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    assert not view.is_covered() and view.screens.board.isVisible()
    assert "your own map" in view.turn_label.text()


def test_place_the_two_start_pieces(qtbot, view: PlayFrame) -> None:
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    state = view.controller.state
    assert isinstance(state, AlluviumState)
    first = place_first_legal(qtbot, view)
    state = view.controller.state
    assert all(state.grids[0][r * 9 + c] == "R" for r, c in first.cells)
    assert not view.screens.pass_button.isVisible()
    second = place_first_legal(qtbot, view)  # the hand card, same person
    assert all(view.controller.state.grids[0][r * 9 + c] == "R" for r, c in second.cells)
    assert view.is_covered()  # now Ben's turn: the hand-off screen
    assert "Ben" in view.handoff_label.text()


def test_illegal_position_is_not_played(qtbot, view: PlayFrame) -> None:
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    board = view.screens.board
    before = view.controller.state.describe()
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_center((0, 0)))
    assert board.preview_move() is None  # round 1: a corner covers no start cell
    assert view.controller.state.describe() == before


def test_bots_finish_a_game_and_the_sheets_print(qtbot, tmp_path) -> None:
    widget = play_view(None)
    qtbot.addWidget(widget)
    seats = [types.SimpleNamespace(name=n, bot="random") for n in ("A", "B", "C")]
    widget.start(types.SimpleNamespace(seats=seats, options={}, seed=5))
    widget.show()
    qtbot.waitUntil(lambda: widget.controller.state.is_over(), timeout=20000)
    qtbot.waitUntil(widget.pdf_button.isVisible, timeout=2000)
    assert widget.turn_label.text() == "The game is over."
    assert "★" in widget.result_panel.detail.text()
    out = tmp_path / "play.pdf"
    widget.export_pdf(out)
    assert out.read_bytes().startswith(b"%PDF")
    widget.shutdown()
    widget.controller.wait_for_workers()


def test_the_card_its_shape_and_the_public_sheets_show_without_hovering(qtbot,
                                                                        view: PlayFrame) -> None:
    """Issue 8: the card showed only while hovering and the right half was empty."""
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    screens = view.screens
    card = screens.board.card
    assert card is not None and screens.card_box.isVisible()
    assert screens.card_label.text() == f"Card to draw: {card}"
    assert screens.shape.cells == screens.board.shape() and len(screens.shape.cells) >= 3
    qtbot.keyClick(screens.board, Qt.Key.Key_R)  # the shape beside turns with the piece
    assert screens.shape.cells == screens.board.shape()
    assert screens.sheet_label.text() == "In front of you: your own map"
    table = screens.sheets
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert rows == ["▶ Ann", "Ben", "Cy"]  # every sheet, the one in front marked
    place_first_legal(qtbot, view)
    place_first_legal(qtbot, view)
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)  # Ben
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert rows == ["Ann", "▶ Ben", "Cy"]
    assert table.item(0, 1).text() == "—"  # no area written yet
