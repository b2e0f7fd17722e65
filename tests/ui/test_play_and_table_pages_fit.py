"""Every game page — each table companion tab, the new-game form and a started game — at the
smallest window the app allows, in English and in Japanese: no two widgets drawn over each
other, no label or button cut off (issue 8). Long, Japanese and right-to-left names sit in the
seats."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import registry
from companion.games.registry import Mode
from tests.ui.layout_checks import layout_problems
from ui.i18n import language

NAMES = ("Alexandra Konstantinopoulou", "花子", "محمد علي", "Ben")


@pytest.fixture
def small_window(window, monkeypatch):
    from ui.games.sticks import sticks_widget
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    sticks_widget.set_animations_enabled(False)
    window.resize(window.minimumSize())
    yield window
    sticks_widget.set_animations_enabled(True)
    language().set("en")


def settle(qtbot: Any) -> None:
    qtbot.wait(20)


def check(window: Any, where: str) -> list[str]:
    return [f"{where}: {line}" for line in layout_problems(window)]


def start_hot_seat(area: Any, info: Any) -> Any:
    form = area.form
    form.set_players(max(info.min_players, 2))
    for row, name in zip(form.rows, NAMES, strict=False):
        row.set_bot(None)
        row.name.setText(name)
    form.start()
    return area.view


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_game_page_fits_the_smallest_window(qtbot, small_window, lang) -> None:
    language().set(lang)
    window = small_window
    problems: list[str] = []
    for info in registry.all_games():
        if Mode.TABLE in info.modes:
            table = window.open_game(info.id, "table").widget("table")
            for index in range(table.tabs.count()):
                table.tabs.setCurrentIndex(index)
                settle(qtbot)
                problems += check(window, f"{info.id} table tab {index}")
        if Mode.PLAY in info.modes:
            area = window.open_game(info.id, "play").widget("play")
            area.show_form()
            settle(qtbot)
            problems += check(window, f"{info.id} new-game form")
            view = start_hot_seat(area, info)
            settle(qtbot)
            problems += check(window, f"{info.id} play")
            if view.is_covered():
                view.reveal()
                settle(qtbot)
                problems += check(window, f"{info.id} play, revealed")
            area.show_form()
    assert not problems, "\n".join(problems)
