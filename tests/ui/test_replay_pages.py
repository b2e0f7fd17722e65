"""The replay window of every game with digital play, at the smallest size the app allows and at
the default size, in English and in Japanese: nothing drawn over anything else, nothing cut, no
English in the Japanese window (tooltips and the "Play from here" question included). Long,
Japanese and right-to-left names sit in the seats; a computer sits in the last."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from companion.games import registry
from tests.ui.japanese_walker import game_names, widget_problems
from tests.ui.layout_checks import layout_problems
from tests.ui.test_replay import bot_play
from ui.i18n import language
from ui.play.replay import MINIMUM_SIZE, BranchDialog, ReplayView, open_replay
from ui.views import play_view

NAMES = ("Alexandra Konstantinopoulou", "花子", "محمد علي")
#: Words a Japanese replay may show: the seats' names, keys, the bots' algorithm.
ALLOWED = (*NAMES, "Home", "End", "Ctrl", "MCTS", *game_names())


@pytest.fixture
def quiet(quiet_games):
    yield
    language().set("en")


def replayable() -> list[str]:
    return [info.id for info in registry.playable_games() if play_view(info.id) is not None]


def seats(game_id: str) -> list[str]:
    info = registry.get(game_id)
    count = max(info.min_players, 2)
    return [*NAMES[:count - 1], ""]


def replay_of(qtbot: Any, game_id: str, size: tuple[int, int]) -> ReplayView:
    view = open_replay(None, bot_play(game_id, seats(game_id), 5))
    qtbot.addWidget(view)
    view.resize(*size)
    qtbot.waitExposed(view)
    return view


def walk(qtbot: Any, view: ReplayView) -> Iterator[str]:
    """The start, a position in the middle (seen by the second seat), and the end."""
    for index, where in ((0, "start"), (len(view.replay) // 2, "middle"),
                         (view.last(), "end")):
        view.go(index)
        if where == "middle" and view.viewer_box.isVisibleTo(view):
            view.viewer_box.setCurrentIndex(1)
        qtbot.wait(10)
        yield where


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", replayable())
def test_the_replay_fits_the_smallest_window(qtbot, quiet, game_id: str, lang: str) -> None:
    language().set(lang)
    view = replay_of(qtbot, game_id, MINIMUM_SIZE)
    assert (view.width(), view.height()) == MINIMUM_SIZE
    problems = [f"{where}: {line}" for where in walk(qtbot, view)
                for line in layout_problems(view)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game_id", replayable())
def test_the_japanese_replay_speaks_japanese(qtbot, quiet, game_id: str) -> None:
    language().set("ja")
    view = replay_of(qtbot, game_id, (1100, 720))
    found = [f"{where}: {line}" for where in walk(qtbot, view)
             for line in widget_problems(view, ALLOWED)]
    assert not found, "\n".join(found)
    seen: list[list[str]] = []

    def look_and_cancel() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, BranchDialog):
            QTimer.singleShot(20, look_and_cancel)
            return
        seen.append(widget_problems(dialog, ALLOWED) + layout_problems(dialog))
        dialog.reject()

    view.go(1)
    QTimer.singleShot(20, look_and_cancel)
    assert view.play_from_here() is None
    assert seen == [[]]


def test_switching_the_language_rewrites_the_replay(qtbot, quiet) -> None:
    view = replay_of(qtbot, "etariya", (1100, 720))
    view.go(5)
    line = view.frame.moves.currentItem().text()
    language().set("ja")
    assert view.frame.moves.currentItem().text() != line  # the move list in Japanese, marked
    assert view.frame.moves.currentRow() == 4 and view.index == 5
    assert view.windowTitle() == "リプレイ — エタリヤ"
    assert not widget_problems(view, ALLOWED)
