"""The stick games' pages are registered: Table = thrower + score sheet, Play = the play view;
resume_play refuses what it cannot continue, with a reason."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import Qt

from companion.history import PlayMode, PlayRecord
from ui import views
from ui.games.sticks import sticks_widget
from ui.games.sticks.play import SticksScreens
from ui.games.sticks.table import sticks_table_view
from ui.games.sticks.thrower_view import ThrowerView
from ui.i18n import language
from ui.play.frame import PlayFrame
from ui.play.pyside_guard import protect_singletons
from ui.play.resume import ResumeError, resume_play
from ui.table.frame import TablePage
from ui.table.score_sheet import ScoreSheetTab

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py


@pytest.fixture(autouse=True)
def quiet():
    sticks_widget.set_animations_enabled(False)
    language().set("en")
    yield
    sticks_widget.set_animations_enabled(True)


@pytest.mark.parametrize("game_id", ["juusai", "rengeki", "shinyu"])
def test_the_stick_games_have_a_table_page_and_a_play_view(qtbot, game_id) -> None:
    table, play = views.table_view(game_id), views.play_view(game_id)
    assert table is not None and play is not None
    page = table(None, game_id)  # type: ignore[arg-type]
    qtbot.addWidget(page)
    assert isinstance(page, TablePage)
    assert [type(page.tab(i)) for i in range(2)] == [ThrowerView, ScoreSheetTab]
    view = play(None, game_id)  # type: ignore[arg-type]
    qtbot.addWidget(view)
    assert isinstance(view, PlayFrame) and isinstance(view.screens, SticksScreens)


def test_the_table_page_throws_and_keeps_the_sheet_beside_it(qtbot) -> None:
    page = sticks_table_view(None, "juusai")
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    thrower, sheet = page.tab(0), page.tab(1)
    qtbot.mouseClick(thrower.throw_button, Qt.MouseButton.LeftButton)
    assert thrower.log.total == 1
    assert page.undo_button.isEnabled()  # the page's Undo takes the throw back
    qtbot.mouseClick(page.undo_button, Qt.MouseButton.LeftButton)
    assert thrower.log.total == 0
    page.tabs.setCurrentIndex(1)
    assert sheet.sheet.game_id == "juusai" and len(sheet.sheet.players) == 2


def play(**changes) -> PlayRecord:
    base = PlayRecord("juusai", PlayMode.DIGITAL, datetime(2026, 11, 22, 19), id=5,
                      record=None)
    for key, value in changes.items():
        setattr(base, key, value)
    return base


def test_resume_refuses_a_play_without_moves_or_a_broken_record(qtbot) -> None:
    with pytest.raises(ResumeError, match="no saved moves"):
        resume_play(None, play())  # type: ignore[arg-type]
    broken = {"format": 1, "game": "juusai", "players": 2, "seed": 1, "options": {},
              "moves": [{"seat": 1, "move": "throw"}]}
    with pytest.raises(ResumeError, match="cannot be resumed"):
        resume_play(None, play(record=broken))  # type: ignore[arg-type]
    with pytest.raises(ResumeError, match="cannot be played"):
        resume_play(None, play(game_id="no-such-game", record=broken))  # type: ignore[arg-type]
