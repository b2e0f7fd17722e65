"""The race games' pages — each table tab, the new-game form, a started hot-seat game (covered,
revealed, after a few moves) — at the smallest window and at the default size, in English and
in Japanese: nothing drawn over anything else, nothing cut, and no English on the Japanese
pages (the seats' names and the notation aside)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.ui.layout_checks import layout_problems, untranslated
from tests.ui.test_play_and_table_pages_fit import ALLOWED, settle, start_hot_seat
from ui.i18n import language

GAMES = ("netxiju", "mokzo", "tudepijume")
SIZES = {"smallest": None, "default": (1100, 720)}


def race_pages(qtbot: Any, window: Any, moves: int = 6) -> Iterator[str]:
    from companion.games import registry

    for game_id in GAMES:
        info = registry.get(game_id)
        table = window.open_game(game_id, "table").widget("table")
        for index in range(table.tabs.count()):
            table.tabs.setCurrentIndex(index)
            settle(qtbot)
            yield f"{game_id} table tab {index}"
        area = window.open_game(game_id, "play").widget("play")
        area.show_form()
        settle(qtbot)
        yield f"{game_id} new-game form"
        view = start_hot_seat(area, info)
        settle(qtbot)
        yield f"{game_id} play"
        for _ in range(moves):
            if view.is_covered():
                view.reveal()
            if view.legal_moves():
                view.play(view.legal_moves()[-1])
        settle(qtbot)
        if view.is_covered():
            yield f"{game_id} play, covered"
            view.reveal()
            settle(qtbot)
        yield f"{game_id} play, after {moves} moves"
        area.show_form()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_race_pages_fit_and_speak_the_language(qtbot, window, quiet_games, lang: str,
                                                size: str) -> None:
    language().set(lang)
    wanted = SIZES[size]
    window.resize(*wanted) if wanted else window.resize(window.minimumSize())
    problems = []
    for where in race_pages(qtbot, window):
        problems += [f"{where}: {line}" for line in layout_problems(window)]
        if lang == "ja":
            problems += [f"{where}: {text}" for text in untranslated(window, ALLOWED)]
    language().set("en")
    assert not problems, "\n".join(problems)
