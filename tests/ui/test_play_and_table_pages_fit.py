"""Every game page — each table companion tab, the new-game form and a started game — at the
smallest window the app allows, in English and in Japanese: no two widgets drawn over each
other, no label or button cut off (issue 8). Long, Japanese and right-to-left names sit in the
seats."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion.games import registry
from companion.games.registry import Mode
from tests.ui.layout_checks import layout_problems, untranslated
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
    """Let the page draw itself, then finish the layouts it asked for: a page that built many
    widgets at once lays them out over several turns of the event loop, however slow the
    machine (the check is about the laid-out page, not the machine's speed)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    qtbot.wait(20)
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def start_hot_seat(area: Any, info: Any) -> Any:
    form = area.form
    form.set_players(max(info.min_players, 2))
    for row, name in zip(form.rows, NAMES, strict=False):
        row.set_bot(None)
        row.name.setText(name)
    form.start()
    return area.view


def every_page(qtbot: Any, window: Any, moves: int = 0) -> Iterator[str]:
    """Show every game page in turn — each table tab, the new-game form, a started hot-seat
    game (covered, then revealed; after `moves` moves) — and yield where the window is."""
    for info in registry.all_games():
        if Mode.TABLE in info.modes:
            table = window.open_game(info.id, "table").widget("table")
            for index in range(table.tabs.count()):
                table.tabs.setCurrentIndex(index)
                settle(qtbot)
                yield f"{info.id} table tab {index}"
        if Mode.PLAY not in info.modes:
            continue
        area = window.open_game(info.id, "play").widget("play")
        area.show_form()
        settle(qtbot)
        yield f"{info.id} new-game form"
        view = start_hot_seat(area, info)
        settle(qtbot)
        yield f"{info.id} play"
        for _ in range(moves):  # the move list and the seat notes have something to say
            if view.is_covered():
                view.reveal()
            if view.legal_moves():
                view.play(view.legal_moves()[0])
        if view.is_covered():
            view.reveal()
            settle(qtbot)
            yield f"{info.id} play, revealed"
        area.show_form()


def sideways(window: Any, where: str) -> list[str]:
    """A new-game form wider than its page (it scrolls sideways: a long option name must go
    above its field instead)."""
    from PySide6.QtWidgets import QScrollArea

    from ui.new_game_dialog import NewGameForm

    if not where.endswith("new-game form"):
        return []
    forms = [f for f in window.findChildren(NewGameForm) if f.isVisible()]
    assert len(forms) == 1, where
    area = forms[0].findChild(QScrollArea)
    return ["the form scrolls sideways"] if area.horizontalScrollBar().isVisible() else []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_game_page_fits_the_smallest_window(qtbot, small_window, lang) -> None:
    language().set(lang)
    problems = [f"{where}: {line}" for where in every_page(qtbot, small_window)
                for line in layout_problems(small_window) + sideways(small_window, where)]
    assert not problems, "\n".join(problems)


#: Words a Japanese page may show: the seats' names, notation, keys and product names.
ALLOWED = ("Alexandra", "Konstantinopoulou", "Ben", "Ctrl", "PDF", "MCTS", "Shift",
           "Incubi", "Sognae")  # Equilibrium's dreams, so named in its Japanese rulebook


def test_every_game_page_speaks_japanese(qtbot, small_window) -> None:
    """Issue 8: English on the Japanese game pages (Etariya stones and moves, Alluvium save
    errors, raw category keys as row labels). Names and notation aside."""
    language().set("ja")
    small_window.resize(1100, 720)
    found = [f"{where}: {text}" for where in every_page(qtbot, small_window, moves=4)
             for text in untranslated(small_window, ALLOWED)]
    assert not found, "\n".join(found)
