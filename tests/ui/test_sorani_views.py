"""The Sorani table companion as a person uses it: setup checklist, tracker, score pad."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit

from companion.games.sorani.setup import randomize
from companion.games.sorani.tracker import Phase
from tests.ui.shots import save_shot
from ui.games.sorani.table import SoraniPage
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import isolate

protect_singletons()


class Ctx:
    """The part of AppContext the Sorani view uses (no database needed)."""

    def __init__(self, path: Path) -> None:
        self.settings = QSettings(str(path), QSettings.Format.IniFormat)
        self.db = None
        self.lang = language()


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


@pytest.fixture
def ctx(tmp_path: Path) -> Ctx:
    return Ctx(tmp_path / "settings.ini")


def make(qtbot, ctx: Ctx) -> SoraniPage:
    view = SoraniPage(ctx)  # type: ignore[arg-type]
    qtbot.addWidget(view)
    view.resize(1100, 720)
    view.show()
    qtbot.waitExposed(view)
    view.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is view, timeout=2000)
    return view


def type_into(qtbot, view: SoraniPage, row: int, column: int, text: str) -> None:
    pad = view.pad
    index = pad.model.index(row, column)
    pad.table.setCurrentIndex(index)
    pad.table.setFocus()
    pad.table.edit(index)
    (editor,) = [w for w in pad.table.findChildren(QLineEdit) if w.isVisible()]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: pad.table.state() != QAbstractItemView.State.EditingState,
                    timeout=1000)


def shown(view: SoraniPage, row: int, column: int) -> str:
    return str(view.pad.model.index(row, column).data())


# rows of the pad: 0 names, 1 planets, 2 guiding, 3 clusters, 4-7 features, 8 branches (the
# count of unconnected nodes, −1 VP each), 9 bonus
GAME = {
    "Ann": ["22", "5", "14", "6", "4", "", "", "3", "4"],   # 52, clusters 14
    "Ben": ["19", "8", "11", "7", "3", "2", "", "2", "4"],  # 52, clusters 11
    "Cho": ["12", "3", "9", "5", "", "", "", "6", ""],      # 23
}


def test_typing_a_whole_game_shows_totals_and_the_tie_break_winner(qtbot, ctx) -> None:
    view = make(qtbot, ctx)
    qtbot.keyClicks(view.names_edit, "Ann, Ben, Cho")
    view.set_players(3)  # the pad follows: three columns headed by the typed names
    assert view.pad.sheet.players == ["Ann", "Ben", "Cho"]
    view.tabs.setCurrentIndex(2)
    for column, (name, scores) in enumerate(GAME.items()):
        type_into(qtbot, view, 0, column, name)
        for row, text in enumerate(scores, start=1):
            if text:
                type_into(qtbot, view, row, column, text)
    model = view.pad.model
    assert [shown(view, model.total_row(), c) for c in range(3)] == ["52", "52", "23"]
    assert view.pad.winner_label.text() == (
        f"Winner: {isolate('Ann')} (tie broken by star clusters)")
    type_into(qtbot, view, 3, 1, "14")  # Ben's clusters equal Ann's: shared, totals differ
    assert view.pad.winner_label.text() == f"Winner: {isolate('Ben')}"
    type_into(qtbot, view, 2, 1, "5")  # now 52 / 52 and clusters 14 / 14
    assert view.pad.winner_label.text() == f"Shared victory: {isolate('Ann')}, {isolate('Ben')}"
    record = view.pad.sheet.to_play_record()
    assert [s.rank for s in record.seats] == [1, 1, 3]
    assert record.seats[0].breakdown["branches"] == -3


def test_planet_and_tile_helpers_fill_the_rows(qtbot, ctx) -> None:
    view = make(qtbot, ctx)
    view.tabs.setCurrentIndex(2)
    helpers = view.pad.helpers
    for box, count in zip(helpers.colours, [2, 1, 1, 0], strict=True):
        box.setValue(count)
    assert helpers.split_label.text().splitlines() == [
        "set Colour 1+Colour 2+Colour 3 → 7", "group 2×Colour 1 → 3", "= 10"]
    qtbot.mouseClick(helpers.planets_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(helpers.clusters_edit, "3 0 3, 2 1 3, 4 0 2")
    qtbot.keyClicks(helpers.guiding_edit, "2 2")
    assert helpers.tiles_label.text().splitlines()[-1] == "= clusters 6, guiding stars 2"
    qtbot.mouseClick(helpers.tiles_button, Qt.MouseButton.LeftButton)
    helpers.bonus_points.setValue(4)
    qtbot.keyClicks(helpers.bonus_values, "5 5")
    qtbot.mouseClick(helpers.bonus_button, Qt.MouseButton.LeftButton)
    model = view.pad.model
    assert [shown(view, r, 0) for r in (1, 2, 3, 9)] == ["10", "2", "6", "4"]
    assert shown(view, 9, 1) == "4"
    assert shown(view, model.total_row(), 0) == "22"
    view.pad.undo_stack.undo()  # the bonus for both players at once
    assert shown(view, 9, 0) == "" and shown(view, 9, 1) == ""


def test_setup_checklist_code_and_pdf(qtbot, ctx, tmp_path: Path) -> None:
    view = make(qtbot, ctx)
    code = randomize(4242, 4).code
    bar = view.setup_tab.bar
    qtbot.keyClicks(bar.code_edit, code.lower())
    qtbot.mouseClick(bar.open_button, Qt.MouseButton.LeftButton)
    assert view.players() == 4 and bar.code_label.text().endswith(code)
    assert view.setup_tab.checklist.count() == 11
    view.setup_tab.checklist.item(0).setCheckState(Qt.CheckState.Checked)
    assert view.print_button.isVisible() and view.print_button.isEnabled()
    view.setup_tab.export_pdf(tmp_path / "setup.pdf")
    assert (tmp_path / "setup.pdf").read_bytes().startswith(b"%PDF")
    bar.code_edit.setText("??")
    qtbot.mouseClick(bar.open_button, Qt.MouseButton.LeftButton)
    assert "cannot be read" in view.status.text()
    again = make(qtbot, ctx)  # reopened: same setup, same tick
    assert again.setup_tab.setup == randomize(4242, 4)
    assert again.setup_tab.ticks()[:2] == [True, False]


def test_tracker_steps_undo_redo_and_survives_closing(qtbot, ctx) -> None:
    view = make(qtbot, ctx)
    view.tabs.setCurrentIndex(1)
    qtbot.keyClicks(view.names_edit, "Ann, Ben, Cho")
    view.set_players(3)
    page = view.tracker_tab
    qtbot.mouseClick(page.restart_button, Qt.MouseButton.LeftButton)
    assert "Draw 4 star clusters" in page.instruction.text()
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    assert page.instruction.text().startswith(f"{isolate('Ann')} picks a star cluster or a")
    ann, ben, cho = (isolate(n) for n in ("Ann", "Ben", "Cho"))
    assert page.order_label.text() == (
        f"Draft this round: {ann} → {ben} → {cho}  |  other kind: {cho} → {ben} → {ann}")
    for _ in range(7):  # five more picks, then placement
        qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    assert page.state.phase is Phase.FEATURES and page.question.isVisible()
    assert not page.next_button.isEnabled()
    page.dark_skies[1].setValue(1)
    qtbot.mouseClick(page.confirm_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    assert page.instruction.text().startswith(f"{ben} takes a face-up card")
    qtbot.mouseClick(view.undo_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.redo_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.next_button, Qt.MouseButton.LeftButton)
    assert f"pass the sun token clockwise to {ben}" in page.instruction.text()
    saved = page.state
    language().set("ja")
    assert page.instruction.text().startswith("残ったタイル")
    again = make(qtbot, ctx)
    assert again.tracker_tab.state == saved
    assert "Ben" in again.tracker_tab.instruction.text()


def test_screens_in_both_languages(qtbot, ctx) -> None:
    view = make(qtbot, ctx)
    view.names_edit.setText("花子, Ben, Cho")  # QTest types ASCII only
    view.setup_tab.show_setup(randomize(77, 3))
    view.tracker_tab.restart()
    view.tracker_tab.next_step()
    helpers = view.pad.helpers
    for box, count in zip(helpers.colours, [3, 2, 2, 1], strict=True):
        box.setValue(count)
    for lang in ("en", "ja"):
        language().set(lang)
        for tab in range(3):
            view.tabs.setCurrentIndex(tab)
            QApplication.processEvents()
            image = view.grab()
            assert not image.isNull()
            save_shot(image, f"sorani-{lang}-{tab}.png")
    assert view.tabs.tabText(2) == "得点表"
    assert "異なる色" in helpers.split_label.text()


def test_saving_to_history_and_filled_pdf(qtbot, ctx, tmp_path: Path) -> None:
    import db

    ctx.db = db.open_database(f"sqlite:///{tmp_path / 'history.db'}")
    view = make(qtbot, ctx)
    qtbot.keyClicks(view.names_edit, "Ann, Ben")
    view.tabs.setCurrentIndex(2)
    for box, count in zip(view.pad.helpers.colours, [1, 1, 1, 1], strict=True):
        box.setValue(count)
    qtbot.mouseClick(view.pad.helpers.planets_button, Qt.MouseButton.LeftButton)
    type_into(qtbot, view, 3, 1, "12")
    pad = view.pad
    play_id = view.save()
    (record,) = db.list_plays(ctx.db)
    assert record.id == play_id and record.game_id == "sorani"
    assert [(s.player, s.score, s.rank, s.winner) for s in record.seats] == [
        ("Ann", 12.0, 2, False), ("Ben", 12.0, 1, True)]
    assert record.seats[0].breakdown == {"planets": 12.0}
    assert {p.name for p in db.list_players(ctx.db)} == {"Ann", "Ben"}
    pad.export_pdf(tmp_path / "pad.pdf")
    assert (tmp_path / "pad.pdf").read_bytes().startswith(b"%PDF")
    assert pad.details == {0: ["set Colour 1+Colour 2+Colour 3+Colour 4 → 12", "= 12"]}


# --- issue 8 --------------------------------------------------------------------------------
def test_a_new_setup_resets_the_tracker_at_once(qtbot, ctx) -> None:
    """After a 3-player setup with the sun at seat 1 the tracker shows 3 players, seat 1."""
    view = make(qtbot, ctx)
    qtbot.keyClicks(view.names_edit, "Ann, Ben, Cho")
    view.tracker_tab.next_step()  # a tracker of the old 2-player game, one step in
    seed = next(s for s in range(200) if randomize(s, 3).first_seat == 1)
    bar = view.setup_tab.bar
    qtbot.keyClicks(bar.code_edit, randomize(seed, 3).code)
    qtbot.mouseClick(bar.open_button, Qt.MouseButton.LeftButton)
    view.tabs.setCurrentIndex(1)
    tracker = view.tracker_tab
    assert (tracker.state.players, tracker.state.first_seat, tracker.state.round) == (3, 1, 1)
    assert tracker.sun_label.text() == f"Sun token: {isolate('Ben')}"
    assert "Draw 4 star clusters and 4 branch tiles" in tracker.instruction.text()
    qtbot.mouseClick(tracker.next_button, Qt.MouseButton.LeftButton)
    ann, ben, cho = (isolate(n) for n in ("Ann", "Ben", "Cho"))
    assert tracker.order_label.text() == (
        f"Draft this round: {ben} → {cho} → {ann}  |  other kind: {ann} → {cho} → {ben}")


def test_another_player_count_resets_the_tracker(qtbot, ctx) -> None:
    view = make(qtbot, ctx)
    view.tracker_tab.next_step()
    view.players_box.setValue(4)
    assert view.tracker_tab.state.players == 4 and view.tracker_tab.state.round == 1
    assert "Draw 5 star clusters" in view.tracker_tab.instruction.text()
    assert len(view.pad.sheet.players) == 4


def test_branches_row_takes_the_count_and_costs_one_vp_each(qtbot, ctx) -> None:
    view = make(qtbot, ctx)
    view.tabs.setCurrentIndex(2)
    model = view.pad.model
    row = 1 + view.pad.sheet.category_keys().index("branches")
    assert model.headerData(row, Qt.Orientation.Vertical) == (
        "Branches: unconnected nodes (−1 VP each)")
    type_into(qtbot, view, 1, 0, "10")  # planets
    type_into(qtbot, view, row, 0, "3")
    assert shown(view, row, 0) == "3"
    assert shown(view, model.total_row(), 0) == "7"
    type_into(qtbot, view, row, 0, "-2")  # a count cannot be negative: refused, said
    assert shown(view, row, 0) == "3"
    assert "unconnected" in view.status.text() and view.status.isVisible()
    type_into(qtbot, view, 1, 0, "abc")  # the pad refuses a word visibly too
    assert shown(view, 1, 0) == "10"
    assert view.status.text() == "“abc” is not a number: the score was not entered."


def test_the_helpers_refuse_what_no_board_can_have(qtbot, ctx) -> None:
    view = make(qtbot, ctx)
    view.tabs.setCurrentIndex(2)
    helpers = view.pad.helpers
    helpers.colours[0].setValue(5)
    assert helpers.split_label.text() == (
        "Colour 1 has 5 planets; the game has only 4 of each colour.")
    assert not helpers.planets_button.isEnabled()
    helpers.colours[0].setValue(4)
    assert helpers.planets_button.isEnabled()
    qtbot.keyClicks(helpers.features_edit, "2 4, 2 5, 2 3")
    assert helpers.features_label.text() == (
        "3 special feature cards of ★2; a player keeps at most 2 of each star value.")
    assert not helpers.features_button.isEnabled()
    helpers.features_edit.setText("2 4, 3 5")
    qtbot.mouseClick(helpers.features_button, Qt.MouseButton.LeftButton)
    assert [shown(view, r, 0) for r in (4, 5, 6, 7)] == ["4", "5", "", ""]
    language().set("ja")
    helpers.colours[1].setValue(6)
    assert helpers.split_label.text() == "色2の惑星が6枚あります。各色4枚までです。"
