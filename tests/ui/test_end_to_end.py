"""End to end, as a person: start the app on an empty history, open 獣裁 from the Library,
seat one person and two computers, play to the end by clicking, read the result, find the
play in the History, export its PDF: one page with the players' names."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSettings, Qt

import db
from tests.ui.conftest import fill_new_game, play_to_the_end, wait_until_saved
from tests.ui.shots import save_shot
from ui.app import build_window, open_database_after_show
from ui.play.frame import PlayFrame
from ui.shell import common
from ui.shell import history as history_module


@pytest.fixture
def app_window(qtbot, tmp_path: Path, monkeypatch, english, quiet_games):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = build_window(Namespace(lang="en", db=None), settings)
    qtbot.addWidget(window)
    window.resize(1180, 760)
    window.show()
    qtbot.waitExposed(window)
    assert open_database_after_show(window, f"sqlite:///{tmp_path / 'history.db'}")
    yield window
    window.close()
    window.ctx.db.close()


def test_play_juusai_against_two_computers_then_find_and_print_it(
        app_window, person, qtbot, tmp_path, monkeypatch) -> None:
    window = app_window
    assert db.count_plays(window.ctx.db) == 0
    person.click_sidebar(window, "Library")
    library = window.current_page()
    person.click(library.cards["juusai"].buttons["play"])
    area = library.stack.currentWidget().current_widget()
    fill_new_game(person, area.form, [("花子", "Person"), ("", "Computer · random"),
                                      ("", "Computer · greedy")], rounds=3, start_points=5)
    person.click(area.form.start_button)
    view = area.view
    assert isinstance(view, PlayFrame) and view.isVisible()
    qtbot.wait(50)
    save_shot(window, "shell_e2e_playing.png")

    play_to_the_end(person, view)
    wait_until_saved(qtbot, view)
    headline = view.result_panel.headline.text()
    assert headline.startswith(("Winner: ", "Shared victory: "))
    assert "Saved in the History as play #" in view.result_panel.history_note.text()
    assert library.cards["juusai"].facts.text().endswith("played 1×")
    save_shot(window, "shell_e2e_result.png")
    printed = tmp_path / "from-the-play-view.pdf"
    monkeypatch.setattr(common, "ask_save_path", lambda *a, **k: printed)
    person.activate(window)
    person.key(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)  # Ctrl+P
    assert len(PdfReader(str(printed)).pages) == 1

    person.click_sidebar(window, "History")
    history = window.current_page()
    (row,) = history.visible_rows()
    assert row[1:] == ["Juusai (Foolish Sticks)", "花子, Bot · Random, Bot · Greedy",
                       row[3], "Digital"]
    plain = headline.replace("\u2068", "").replace("\u2069", "")  # names are bidi-isolated
    assert row[3] and row[3] in plain  # the winner shown is the one announced
    person.click_row(history.table, 0, double=True)
    dialog = history.findChild(history_module.PlayDialog)
    assert dialog.isVisible() and dialog.log.count() >= 3
    assert "花子" in dialog.log.item(0).text()
    save_shot(dialog, "shell_e2e_dialog.png")

    pdf = tmp_path / "juusai.pdf"
    monkeypatch.setattr(history_module, "ask_save_path", lambda *a, **k: pdf)
    person.click(dialog.pdf_button)
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "花子" in text and "Bot · Random" in text and "Bot · Greedy" in text
