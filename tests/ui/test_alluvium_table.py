"""The Alluvium table companion as a person uses it: paint maps, type checks, read the score."""

from __future__ import annotations

import types
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QLabel, QSpinBox

from companion.history import PlayMode
from tests.ui.shots import save_shot
from ui.games.alluvium.table_page import AlluviumTablePage
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import isolate

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


@pytest.fixture
def page(qtbot) -> AlluviumTablePage:
    widget = AlluviumTablePage(None, seed=3)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    qtbot.waitExposed(widget)
    for i, name in enumerate(["Ann", "Ben", "Cy", "Di"]):
        edit = widget.setup_tab.seat_rows[i][0]
        edit.setText(name)
    qtbot.mouseClick(widget.setup_tab.new_button, Qt.MouseButton.LeftButton)
    widget.tabs.setCurrentIndex(1)  # the sheets
    return widget


def sheets(page: AlluviumTablePage):
    return page.sheets_tab


def _send(widget, kind, point, button, buttons) -> None:
    event = QMouseEvent(kind, QPointF(point), QPointF(widget.mapToGlobal(point)), button,
                        buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)


def drag(page: AlluviumTablePage, start: tuple[int, int], end: tuple[int, int],
         button=Qt.MouseButton.LeftButton) -> None:
    """Press on one cell, move over the cells in between, release on the last."""
    m = sheets(page).map
    (r0, c0), (r1, c1) = start, end
    path = [(r0, c) for c in range(c0, c1 + 1)] if r0 == r1 else [
        (r, c0) for r in range(r0, r1 + 1)]
    _send(m, QMouseEvent.Type.MouseButtonPress, m.cell_center(path[0]), button, button)
    for cell in path[1:]:
        _send(m, QMouseEvent.Type.MouseMove, m.cell_center(cell), Qt.MouseButton.NoButton,
              button)
    _send(m, QMouseEvent.Type.MouseButtonRelease, m.cell_center(path[-1]), button,
          Qt.MouseButton.NoButton)


def click_cell(qtbot, page: AlluviumTablePage, cell: tuple[int, int]) -> None:
    m = sheets(page).map
    qtbot.mouseClick(m, Qt.MouseButton.LeftButton, pos=m.cell_center(cell))


def set_spin(qtbot, spin: QSpinBox, value: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Return)


def rect_text(page: AlluviumTablePage) -> str:
    return page.findChild(QLabel, "rect-label").text()


def test_painting_a_block_shows_the_rectangle(qtbot, page: AlluviumTablePage) -> None:
    for row in range(2, 5):
        drag(page, (row, 1), (row, 4))
    assert page.game.grid(0)[2] == ".RRRR...."
    assert rect_text(page) == "Largest rectangle on this map: 12"
    # a hole in the block: the rectangle shrinks
    drag(page, (3, 2), (3, 2), button=Qt.MouseButton.RightButton)
    assert rect_text(page) == "Largest rectangle on this map: 6"  # columns 4-5, rows 3-5
    sheets(page).map.grab().save(str(Path("/tmp") / "alluvium-map-test.png"))


def test_undo_and_redo_a_stroke(qtbot, page: AlluviumTablePage) -> None:
    drag(page, (0, 0), (0, 3))
    assert page.game.map_area(0) == 4
    qtbot.mouseClick(page.undo_button, Qt.MouseButton.LeftButton)
    assert page.game.map_area(0) == 0
    qtbot.mouseClick(page.redo_button, Qt.MouseButton.LeftButton)
    assert page.game.grid(0)[0] == "RRRR....."


def test_paint_in_another_colour_and_sheet(qtbot, page: AlluviumTablePage) -> None:
    sheets(page).sheet_tabs.setCurrentIndex(1)  # Ben's sheet (yellow)
    qtbot.mouseClick(sheets(page).palette_buttons["G"], Qt.MouseButton.LeftButton)
    drag(page, (8, 0), (8, 2))
    assert page.game.grid(1)[8] == "GGG......"
    assert page.game.grid(0)[8] == "........."


def test_full_game_scores_and_winner(qtbot, page: AlluviumTablePage) -> None:
    # Ann's sheet: a 3 × 3 red block; yellow group of 3 next to it, green 2, blue 1
    for row in range(3):
        drag(page, (row, 0), (row, 2))
    qtbot.mouseClick(sheets(page).palette_buttons["Y"], Qt.MouseButton.LeftButton)
    drag(page, (3, 0), (3, 2))
    qtbot.mouseClick(sheets(page).palette_buttons["G"], Qt.MouseButton.LeftButton)
    drag(page, (0, 3), (1, 3))
    qtbot.mouseClick(sheets(page).palette_buttons["B"], Qt.MouseButton.LeftButton)
    click_cell(qtbot, page, (8, 8))
    assert rect_text(page) == "Largest rectangle on this map: 12"  # rows 1-4, columns 1-3
    set_spin(qtbot, sheets(page).track_spins["Y"], 6)
    set_spin(qtbot, sheets(page).track_spins["G"], 4)
    set_spin(qtbot, sheets(page).track_spins["B"], 1)
    for r, value in enumerate([5, 7, 9]):
        set_spin(qtbot, sheets(page).area_spins[r], value)
    # the last round from the map with the button
    page.tracker.index = len(page.tracker.steps) - 2  # phase 3 of round 4
    page._tracker_moved()
    qtbot.mouseClick(sheets(page).map_area_button, Qt.MouseButton.LeftButton)
    assert page.game.areas[0] == [5, 7, 9, 12]
    game = page.result()
    assert game is not None
    ann = game.players[0]
    assert ann.total == 33
    # on Ann's sheet: Y 1st -> 3, G 2nd -> 2 // 2 = 1, B last -> 0
    assert game.sheets[0].points_for("Y") == 3
    assert game.sheets[0].points_for("G") == 1
    assert game.sheets[0].points_for("B") == 0
    scores = page.scores_tab
    assert scores.results.item(0, 6).text() == "1 ★"
    assert scores.results.item(0, 5).text() == "33"
    assert scores.winner_label.text() == f"Winner: {isolate('△ Ann')}"
    save_shot(page, "alluvium-table-test.png")


def test_tracker_walks_a_four_player_round(qtbot, page: AlluviumTablePage) -> None:
    page.tabs.setCurrentIndex(0)
    tab = page.setup_tab
    assert tab.round_label.text() == "Round 1 of 4"
    assert "Phase 1" in tab.phase_label.text()
    assert "outlined start cell" in tab.instruction_label.text()
    qtbot.mouseClick(tab.next_button, Qt.MouseButton.LeftButton)
    assert tab.phase_label.text() == "Phase 2: other maps, pass 1 of 3 (3 left)"
    assert "clockwise" in tab.direction_label.text()
    for _ in range(3):
        qtbot.mouseClick(tab.next_button, Qt.MouseButton.LeftButton)
    assert "Phase 3" in tab.phase_label.text()
    qtbot.mouseClick(tab.next_button, Qt.MouseButton.LeftButton)
    assert tab.round_label.text() == "Round 2 of 4"
    assert "anticlockwise" in tab.direction_label.text()
    qtbot.mouseClick(page.undo_button, Qt.MouseButton.LeftButton)
    assert "Phase 3" in tab.phase_label.text()


def test_three_players_virtual_colour(qtbot) -> None:
    widget = AlluviumTablePage(None, seed=5)
    qtbot.addWidget(widget)
    widget.show()
    tab = widget.setup_tab
    tab.players_spin.setValue(3)
    for i, name in enumerate(["Ann", "Ben", "Cy"]):
        tab.seat_rows[i][0].setText(name)
    tab.virtual_combo.setCurrentIndex(tab.virtual_combo.findData("N"))
    qtbot.mouseClick(tab.new_button, Qt.MouseButton.LeftButton)
    assert widget.game.virtual == "N"
    assert set(sheets(widget).track_spins) == {"Y", "G", "N"}
    assert "N" in sheets(widget).palette_buttons
    qtbot.mouseClick(tab.next_button, Qt.MouseButton.LeftButton)
    card = widget.tracker.virtual_card()
    assert card in {"I3", "V3", "I4", "L4", "T4", "S4"}
    assert f"virtual colour's card is {card}" in tab.instruction_label.text()


def test_japanese_switch_relabels(qtbot, page: AlluviumTablePage) -> None:
    language().set("ja")
    assert page.setup_tab.round_label.text() == "ラウンド 1 / 4"
    assert page.save_button.text() == "履歴に保存"
    assert rect_text(page).startswith("この地図の最大の長方形")
    save_shot(page, "alluvium-table-ja.png")


def test_save_writes_a_table_play(qtbot, page: AlluviumTablePage, tmp_path: Path) -> None:
    import db

    database = db.open_database(f"sqlite:///{tmp_path / 'history.db'}")
    page.ctx = types.SimpleNamespace(db=database)  # type: ignore[assignment]
    drag(page, (0, 0), (0, 2))
    page.update_buttons()  # the database arrived after the page was built
    qtbot.mouseClick(page.save_button, Qt.MouseButton.LeftButton)
    (play,) = db.list_plays(database)
    assert page.saved_play_id == play.id
    assert play.mode is PlayMode.TABLE and play.game_id == "alluvium" and play.is_finished
    assert [s.player for s in play.seats] == ["Ann", "Ben", "Cy", "Di"]
    assert play.seats[0].faction == "Red"
    assert play.seats[0].breakdown["area4"] == 3
    assert str(play.id) in page.status.text()
    database.close()


def test_save_refuses_missing_names(qtbot) -> None:
    widget = AlluviumTablePage(None)
    qtbot.addWidget(widget)
    widget.ctx = types.SimpleNamespace(db=object())  # type: ignore[assignment]
    widget.update_buttons()
    assert not widget.save_button.isEnabled()
    assert widget.save() is None and widget.saved_play_id is None
    assert "Type the names of players 1, 2, 3, 4." in widget.save_button.toolTip()
    assert "names of players" in widget.status.text()


def test_an_empty_sheet_says_what_is_missing(qtbot) -> None:
    """Issue 8: an empty sheet announced a shared victory and 'Two players have the same
    name' for blank names."""
    widget = AlluviumTablePage(None)
    qtbot.addWidget(widget)
    widget.show()
    widget.tabs.setCurrentIndex(2)
    text = widget.scores_tab.winner_label.text()
    assert text == ("Type the names of players 1, 2, 3, 4. Nothing entered yet: paint the "
                    "maps or type the areas and checks.")
    language().set("ja")
    assert widget.scores_tab.winner_label.text().startswith(
        "プレイヤー 1, 2, 3, 4 の名前を入力してください。")
    assert "Nothing" not in widget.save_note.text()


def test_print_pdf(qtbot, page: AlluviumTablePage, tmp_path: Path) -> None:
    drag(page, (4, 4), (4, 6))
    out = tmp_path / "sheet.pdf"
    page.export_pdf(out)
    assert out.read_bytes().startswith(b"%PDF")


def test_typed_numbers_without_painting(qtbot, page: AlluviumTablePage) -> None:
    """A person who does not paint types the areas and each visitor's largest group."""
    for r, value in enumerate([6, 8, 12, 16]):
        set_spin(qtbot, sheets(page).area_spins[r], value)
    set_spin(qtbot, sheets(page).track_spins["Y"], 5)
    set_spin(qtbot, sheets(page).track_spins["G"], 2)
    set_spin(qtbot, sheets(page).group_spins["Y"], 9)
    set_spin(qtbot, sheets(page).group_spins["G"], 7)
    game = page.result()
    assert game is not None
    assert game.sheets[0].points_for("Y") == 9  # 1st: full
    assert game.sheets[0].points_for("G") == 3  # 2nd: 7 // 2
    assert game.players[0].area_total == 42
    qtbot.mouseClick(page.undo_button, Qt.MouseButton.LeftButton)
    assert page.game.group_sizes[0]["G"] is None  # back to "from the map"
    assert sheets(page).group_spins["G"].text() == "map"
