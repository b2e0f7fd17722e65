"""Alluvium digital play as people use it: privacy screen, turning a piece, placing it."""

from __future__ import annotations

import types

import pytest
from PySide6.QtCore import Qt

from companion.games.alluvium.profile import normalise
from companion.games.alluvium.rules import AlluviumState, Place
from ui.games.alluvium.play_view import AlluviumPlayView
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


@pytest.fixture
def view(qtbot) -> AlluviumPlayView:
    widget = AlluviumPlayView(None)
    qtbot.addWidget(widget)
    widget.resize(600, 700)
    seats = [types.SimpleNamespace(name=n, bot=None) for n in ("Ann", "Ben", "Cy")]
    widget.start(types.SimpleNamespace(seats=seats, options={}, seed=11))
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.shutdown()


def place_first_legal(qtbot, view: AlluviumPlayView) -> Place:
    """Turn the piece with R until it matches a legal placement, then click there."""
    board = view.board
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


def test_privacy_screen_between_people(qtbot, view: AlluviumPlayView) -> None:
    assert view.pages.currentIndex() == 1
    assert "Pass the device to" in view.privacy_label.text()
    assert "Ann" in view.privacy_label.text()
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    assert view.pages.currentIndex() == 0
    assert "Ann: your own map" in view.turn_label.text()


def test_place_the_two_start_pieces(qtbot, view: AlluviumPlayView) -> None:
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    state = view.controller.state
    assert isinstance(state, AlluviumState)
    first = place_first_legal(qtbot, view)
    state = view.controller.state
    assert all(state.grids[0][r * 9 + c] == "R" for r, c in first.cells)
    assert not view.pass_button.isEnabled()
    second = place_first_legal(qtbot, view)  # the hand card, same person
    assert all(view.controller.state.grids[0][r * 9 + c] == "R" for r, c in second.cells)
    assert view.pages.currentIndex() == 1  # now Ben's turn: privacy screen
    assert "Ben" in view.privacy_label.text()


def test_illegal_position_is_not_played(qtbot, view: AlluviumPlayView) -> None:
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    board = view.board
    before = view.controller.state.describe()
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_center((0, 0)))
    assert board.preview_move() is None  # round 1: a corner covers no start cell
    assert view.controller.state.describe() == before


def test_bots_finish_a_game_and_the_sheets_print(qtbot, tmp_path) -> None:
    widget = AlluviumPlayView(None)
    qtbot.addWidget(widget)
    seats = [types.SimpleNamespace(name=n, bot="random") for n in ("A", "B", "C")]
    widget.start(types.SimpleNamespace(seats=seats, options={}, seed=5))
    widget.show()
    qtbot.waitUntil(lambda: widget.controller.state.is_over(), timeout=20000)
    qtbot.waitUntil(widget.pdf_button.isEnabled, timeout=2000)
    assert widget.turn_label.text() == "Game over"
    assert "★" in widget.info_label.text()
    out = tmp_path / "play.pdf"
    widget.export_pdf(out)
    assert out.read_bytes().startswith(b"%PDF")
    widget.shutdown()
    widget.controller.wait_for_workers()
