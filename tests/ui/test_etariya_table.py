"""The Etariya table companion as a person uses it: setup codes, the map editor, the tracker."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt

from companion.games.etariya.board import CODES, build_board, default_faces
from companion.games.etariya.setup import randomize_setup
from companion.history import PlayMode
from tests.ui.shots import save_shot
from ui.games.etariya import pictures
from ui.games.etariya.table_page import EtariyaTablePage
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons

protect_singletons()


class FakeDb:
    """Records what the page saves (the `db.add_play` contract)."""

    def __init__(self) -> None:
        self.plays: list[Any] = []


class Ctx:
    """The part of AppContext the page uses."""

    def __init__(self, path: Path, database: Any = None) -> None:
        self.settings = QSettings(str(path), QSettings.Format.IniFormat)
        self.db = database
        self.lang = language()


@pytest.fixture(autouse=True)
def english_and_own_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    language().set("en")
    yield
    language().set("en")
    pictures._use_faces(None)  # the next test starts from the default faces


@pytest.fixture
def fake_ctx(tmp_path: Path) -> Ctx:
    return Ctx(tmp_path / "settings.ini", FakeDb())


def make(qtbot, ctx: Any) -> EtariyaTablePage:
    page = EtariyaTablePage(ctx)
    qtbot.addWidget(page)
    page.resize(1100, 720)
    page.show()
    qtbot.waitExposed(page)
    return page


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


# --- setup ----------------------------------------------------------------------------------
def test_typing_a_setup_code_shows_the_same_board(qtbot, fake_ctx, tmp_path) -> None:
    page = make(qtbot, fake_ctx)
    tab = page.setup_tab
    click(qtbot, tab.boxes["E"])
    click(qtbot, tab.bar.new_button)
    code = tab.bar.code_label.text().split(": ")[1]
    picture = tab.board.picture
    lines = [tab.steps.item(i).text() for i in range(tab.steps.count())]
    assert any("score chip" in line for line in lines)  # E: the pairing is listed
    assert len(picture.slots) == 5  # four sheets and the centre
    other = make(qtbot, Ctx(tmp_path / "other.ini", FakeDb()))
    qtbot.keyClicks(other.setup_tab.bar.code_edit, code.lower())  # case does not matter
    qtbot.keyClick(other.setup_tab.bar.code_edit, Qt.Key.Key_Return)
    assert other.setup_tab.board.picture.factions == picture.factions
    assert other.setup_tab.board.picture.slots == picture.slots
    assert [other.setup_tab.steps.item(i).text()
            for i in range(other.setup_tab.steps.count())] == lines
    assert other.setup_tab.boxes["E"].isChecked()
    # the tracker follows the setup: first player and the E score chips
    assert other.tracker.first_box.currentIndex() == (0 if "Light" in lines[0] else 1)
    assert other.tracker.score_box.isChecked()


def test_a_mistyped_code_says_so_and_keeps_the_board(qtbot, fake_ctx) -> None:
    page = make(qtbot, fake_ctx)
    tab = page.setup_tab
    click(qtbot, tab.bar.new_button)
    before = tab.board.picture
    code = tab.bar.code_label.text().split(": ")[1]
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    qtbot.keyClicks(tab.bar.code_edit, wrong)
    click(qtbot, tab.bar.open_button)
    assert "cannot be read" in page.status.text()
    assert tab.board.picture is before


def test_a_and_b_exclude_each_other_with_a_message(qtbot, fake_ctx) -> None:
    page = make(qtbot, fake_ctx)
    tab = page.setup_tab
    click(qtbot, tab.boxes["A"])
    click(qtbot, tab.boxes["B"])
    assert not tab.boxes["A"].isChecked() and tab.boxes["B"].isChecked()
    assert "A and B cannot be played together" in page.status.text()
    click(qtbot, tab.bar.new_button)
    assert "Expansions: B" in [tab.steps.item(i).text() for i in range(tab.steps.count())]


def test_the_setup_is_remembered(qtbot, fake_ctx) -> None:
    page = make(qtbot, fake_ctx)
    click(qtbot, page.setup_tab.bar.new_button)
    code = page.setup_tab.bar.code_label.text()
    again = make(qtbot, fake_ctx)
    assert again.setup_tab.bar.code_label.text() == code


def test_setup_card_pdf(qtbot, fake_ctx, tmp_path) -> None:
    from pypdf import PdfReader

    page = make(qtbot, fake_ctx)
    click(qtbot, page.setup_tab.boxes["D"])
    click(qtbot, page.setup_tab.bar.new_button)
    code = page.setup_tab.bar.code_label.text().split(": ")[1]
    out = tmp_path / "card.pdf"
    page.setup_tab.export_pdf(out)
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    text = "".join(p.extract_text() for p in reader.pages)
    assert len(reader.pages) == 1
    assert code in text and "Setup card" in text and "Expansions" in text


# --- map editor -----------------------------------------------------------------------------
def test_map_editor_validates_saves_and_restores(qtbot, fake_ctx, tmp_path) -> None:
    page = make(qtbot, fake_ctx)
    page.tabs.setCurrentIndex(1)
    tab = page.map_tab
    face = tab.face
    original = tab.faces[0]
    light_cell = next((r, c) for r in range(3) for c in range(4) if original.rows[r][c] == "L")
    dark_cell = next((r, c) for r in range(3) for c in range(4) if original.rows[r][c] == "D")
    qtbot.mouseClick(face, Qt.MouseButton.LeftButton,
                     pos=face.cell_center(light_cell).toPoint())
    assert tab.faces_list.item(0).text().startswith("✗")
    assert tab.check_label.text() == "✗ 5 Light, 7 Dark — a face needs 6 of each."
    assert "default faces stay in use" in tab.saved_label.text()
    assert tab.saved_label.text().endswith("Sheet 1 · side A")
    assert pictures.active_faces() is None  # the invalid set is not used
    qtbot.mouseClick(face, Qt.MouseButton.LeftButton,
                     pos=face.cell_center(dark_cell).toPoint())
    assert tab.check_label.text() == "✓ 6 Light, 6 Dark"
    assert "(edited)" in tab.faces_list.item(0).text()
    edited = tab.faces[0]
    assert edited != original
    assert pictures.active_faces() is not None and edited in pictures.active_faces()
    saved = json.loads((tmp_path / "data" / "etariya_faces.json").read_text("utf-8"))
    assert saved["sheets"][0]["faces"]["A"] == list(edited.rows)
    # the randomizer uses the edited face: a code that lays sheet 1 side A shows it
    seed = next(s for s in range(500)
                if any(p.face.id == "1A" for p in randomize_setup(s).placements))
    code = randomize_setup(seed).code()
    page.tabs.setCurrentIndex(0)
    qtbot.keyClicks(page.setup_tab.bar.code_edit, code)
    qtbot.keyClick(page.setup_tab.bar.code_edit, Qt.Key.Key_Return)
    setup = page.setup_tab.setup
    placements = [p if p.face.id != "1A" else type(p)(p.slot, edited, p.turned)
                  for p in randomize_setup(seed).placements]
    assert page.setup_tab.board.picture.factions == build_board(placements, setup.centre)
    # the setup on show follows a later edit of one of its faces at once
    page.tabs.setCurrentIndex(1)
    tab.toggle(*light_cell)
    tab.toggle(*dark_cell)  # back to the original face: valid again
    assert page.setup_tab.board.picture.factions == build_board(
        randomize_setup(seed).placements, setup.centre)
    tab.toggle(*light_cell)
    tab.toggle(*dark_cell)
    # remembered for this user
    again = make(qtbot, fake_ctx)
    assert again.map_tab.faces[0] == edited
    # restore defaults
    page.tabs.setCurrentIndex(1)
    click(qtbot, tab.restore_all_button)
    assert tab.faces == list(default_faces())
    assert pictures.active_faces() is None
    assert tab.check_label.text() == "✓ 6 Light, 6 Dark"
    assert not tab.restore_face_button.isEnabled()


def test_digital_play_uses_the_edited_faces(qtbot, fake_ctx) -> None:
    from ui.games.etariya.play import play_view
    from ui.new_game_dialog import GameSetup, SeatChoice

    page = make(qtbot, fake_ctx)
    tab = page.map_tab
    tab.faces_list.setCurrentRow(5)
    original = tab.faces[5]
    light = next((r, c) for r in range(3) for c in range(4) if original.rows[r][c] == "L")
    dark = next((r, c) for r in range(3) for c in range(4) if original.rows[r][c] == "D")
    tab.toggle(*light)
    tab.toggle(*dark)
    view = play_view(fake_ctx, animate=False)
    qtbot.addWidget(view)
    view.start(GameSetup("etariya", {"expansions": []}, [SeatChoice("A"), SeatChoice("B")], 3))
    assert tab.faces[5] in view.controller.state.faces
    assert original not in view.controller.state.faces


# --- tracker --------------------------------------------------------------------------------
def tap(qtbot, page: EtariyaTablePage, colour: str, faction: str, times: int = 1) -> None:
    for _ in range(times):
        button = page.tracker.buttons[(CODES.index(colour), faction, 1)]
        assert button.isEnabled(), f"{colour}{faction}+ is disabled"
        click(qtbot, button)


def test_tracker_awards_chips_announces_the_winner_and_undoes(qtbot, fake_ctx) -> None:
    page = make(qtbot, fake_ctx)
    page.tabs.setCurrentIndex(2)
    tracker = page.tracker
    qtbot.keyClicks(tracker.light_name, "Ann")
    qtbot.keyClicks(tracker.dark_name, "Ben")
    tap(qtbot, page, "R", "L", 3)
    assert tracker.chip_labels[0].text() == "—"
    tap(qtbot, page, "R", "L")
    assert tracker.chip_labels[0].text() == "◆ Ann"  # 4 red stones on Light cells
    tap(qtbot, page, "O", "D", 4)
    assert tracker.chip_labels[1].text() == "◆ Ben"
    for colour in "YGB":
        tap(qtbot, page, colour, "L", 4)
    assert tracker.winner_label.isVisible()
    assert tracker.winner_label.text() == "★ Ann wins!"
    assert not tracker.buttons[(CODES.index("I"), "L", 1)].isEnabled()  # the game is over
    assert page.save_button.isEnabled()
    save_shot(page, "etariya_tracker.png")
    click(qtbot, page.undo_button)  # undo the last stone: no winner yet
    assert not tracker.winner_label.isVisible()
    assert tracker.chip_labels[CODES.index("B")].text() == "—"
    assert tracker.count_labels[(CODES.index("B"), "L")].text() == "3"
    click(qtbot, page.redo_button)
    assert tracker.winner_label.text() == "★ Ann wins!"
    # the tracker is remembered
    again = make(qtbot, fake_ctx)
    assert again.tracker.count_labels[(CODES.index("B"), "L")].text() == "4"
    assert again.tracker.winner_label.text() == "★ Ann wins!"


def test_tracker_with_score_chips_wins_at_seven_points(qtbot, fake_ctx) -> None:
    page = make(qtbot, fake_ctx)
    tracker = page.tracker
    click(qtbot, tracker.score_box)
    values = dict(zip(CODES, pictures.default_pairing(), strict=True))
    assert tracker.score_labels[CODES.index("V")].text() == f"{values['V']} pt"
    tap(qtbot, page, "V", "D", 4)  # 4 points
    tap(qtbot, page, "B", "D", 4)  # 2 more: 6
    assert not tracker.winner_label.isVisible()
    tap(qtbot, page, "R", "D", 4)  # 1 more: 7
    assert tracker.winner_label.text() == "★ Dark wins!"


def test_saving_a_table_play_to_the_history(qtbot, fake_ctx, monkeypatch) -> None:
    import db

    saved: list[Any] = []
    monkeypatch.setattr(db, "add_play", lambda database, play: saved.append(play) or 41,
                        raising=False)
    page = make(qtbot, fake_ctx)
    page.tabs.setCurrentIndex(2)
    tracker = page.tracker
    for colour in "ROYG":
        tap(qtbot, page, colour, "D", 4)
    assert not page.save_button.isEnabled()
    assert page.save_button.toolTip() == "Type both players' names first."
    assert page.save_note.text() == "Type both players' names first."
    assert saved == []
    tracker.light_name.setText("花子")  # typed through an input method
    qtbot.keyClicks(tracker.dark_name, "Ben")
    click(qtbot, page.save_button)
    assert page.status.text() == "Saved to the history as play #41."
    (play,) = saved
    assert play.mode is PlayMode.TABLE and play.game_id == "etariya"
    assert play.winners() == ["Ben"]
    assert [(s.player, s.faction, s.start_player) for s in play.seats] == [
        ("花子", "light", True), ("Ben", "dark", False)]
    assert [s.score for s in play.seats] == [0.0, 4.0]
    assert not page.save_button.isEnabled()
    assert "Saved as play #41" in page.save_button.toolTip()


def test_saving_into_a_real_history(qtbot, tmp_path) -> None:
    db = pytest.importorskip("db")
    if not hasattr(db, "open_database"):
        pytest.skip("db.open_database is not there yet")
    database = db.open_database(f"sqlite:///{tmp_path / 'history.db'}")
    try:
        page = make(qtbot, Ctx(tmp_path / "s.ini", database))
        tracker = page.tracker
        qtbot.keyClicks(tracker.light_name, "Ann")
        qtbot.keyClicks(tracker.dark_name, "Ben")
        for colour in "ROYG":
            tap(qtbot, page, colour, "L", 4)
        page.tabs.setCurrentIndex(2)
        click(qtbot, page.save_button)
        play_id = tracker.saved_play_id
        assert play_id is not None
        play = db.get_play(database, play_id)
        assert play.winners() == ["Ann"]
        assert {s.player: s.score for s in play.seats} == {"Ann": 4.0, "Ben": 0.0}
    finally:
        database.close()


def test_japanese_screens(qtbot, fake_ctx) -> None:
    page = make(qtbot, fake_ctx)
    language().set("ja")
    assert page.tabs.tabText(0) == "準備"
    click(qtbot, page.setup_tab.bar.new_button)
    assert page.setup_tab.bar.code_label.text().startswith("準備コード")
    save_shot(page, "etariya_setup_ja.png")
    page.tabs.setCurrentIndex(2)
    tap(qtbot, page, "R", "L", 4)
    assert page.tracker.colour_labels[0].text() == "赤"
    assert page.tracker.chip_labels[0].text() == "◆ 光"
    save_shot(page, "etariya_tracker_ja.png")


def test_save_says_why_it_is_disabled_until_the_game_is_over(qtbot, fake_ctx) -> None:
    """Issue 8: the tracker's Save to history was disabled with no reason."""
    page = make(qtbot, fake_ctx)
    page.tabs.setCurrentIndex(2)
    qtbot.keyClicks(page.tracker.light_name, "Ann")
    qtbot.keyClicks(page.tracker.dark_name, "Ben")
    reason = "Finish the game first: Save to history opens once a side has won"
    assert not page.save_button.isEnabled()
    assert page.save_button.toolTip().startswith(reason)
    assert page.save_note.isVisible() and page.save_note.text().startswith(reason)
    for colour in "ROYG":
        tap(qtbot, page, colour, "L", 4)
    assert page.save_button.isEnabled() and not page.save_note.isVisible()
    language().set("ja")
    click(qtbot, page.undo_button)
    assert page.save_note.text().startswith("先にゲームを終えてください")


def test_blank_tally_sheet_from_the_tracker(qtbot, fake_ctx, tmp_path) -> None:
    from pypdf import PdfReader

    page = make(qtbot, fake_ctx)
    qtbot.keyClicks(page.tracker.light_name, "Ann")
    out = tmp_path / "tally.pdf"
    page.tracker.export_tally_pdf(out)
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    text = reader.pages[0].extract_text()
    assert len(reader.pages) == 1 and "Tally sheet" in text and "Ann" in text
