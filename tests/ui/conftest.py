"""Fixtures of the shell tests: a real history (SQLite in tmp_path) with seeded plays, a
context with its own settings file, the main window, and `person` who clicks and types.
Nothing here is autouse, so other UI tests are unaffected."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from companion.history import PlayMode, PlayRecord, SeatResult
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons

protect_singletons()


# --- data ----------------------------------------------------------------------------------
def seat(i: int, name: str, score: float, winner: bool = False, bot: bool = False,
         **breakdown: float) -> SeatResult:
    return SeatResult(i, name, is_bot=bot, bot_kind="greedy" if bot else "", score=score,
                      breakdown=dict(breakdown), rank=None, winner=winner)


def sample_plays() -> list[PlayRecord]:
    """Five finished table plays over two months (a bot sits in one of them)."""
    return [
        PlayRecord("juusai", PlayMode.TABLE, datetime(2026, 9, 5, 20, 0),
                   [seat(0, "花子", 24, True), seat(1, "Ben", 10), seat(2, "Cho", 6)],
                   finished_at=datetime(2026, 9, 5, 20, 20), location="Club"),
        PlayRecord("juusai", PlayMode.TABLE, datetime(2026, 10, 2, 19, 0),
                   [seat(0, "花子", 12), seat(1, "Ben", 18, True)],
                   finished_at=datetime(2026, 10, 2, 19, 30)),
        PlayRecord("shinyu", PlayMode.TABLE, datetime(2026, 10, 9, 19, 0),
                   [seat(0, "Ben", 30, True), seat(1, "Cho", 5)],
                   finished_at=datetime(2026, 10, 9, 19, 40)),
        PlayRecord("juusai", PlayMode.TABLE, datetime(2026, 10, 20, 21, 0),
                   [seat(0, "花子", 40, True), seat(1, "Cho", 3),
                    seat(2, "Bot · Greedy", 9, bot=True)],
                   finished_at=datetime(2026, 10, 20, 21, 15), notes="a <b>&amp; note"),
        PlayRecord("rengeki", PlayMode.TABLE, datetime(2026, 10, 25, 18, 0),
                   [seat(0, "Dan", 7), seat(1, "Cho", 11, True)],
                   finished_at=datetime(2026, 10, 25, 18, 20)),
    ]


# --- acting as a person ------------------------------------------------------------------------
class Person:
    """Clicks, types and presses keys like someone at the computer."""

    def __init__(self, qtbot: Any) -> None:
        self.qtbot = qtbot

    def click(self, widget: Any) -> None:
        from PySide6.QtCore import Qt

        assert widget.isVisible() and widget.isEnabled(), f"{widget.objectName()} not clickable"
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def type(self, widget: Any, text: str, clear: bool = True) -> None:
        """Type `text`; Japanese arrives as an input method commits it (QTest only types
        ASCII keys)."""
        from PySide6.QtGui import QInputMethodEvent
        from PySide6.QtWidgets import QApplication

        if clear:
            widget.clear()
        for chunk in re.findall(r"[\x20-\x7e]+|[^\x20-\x7e]+", text):
            if chunk.isascii():
                self.qtbot.keyClicks(widget, chunk)
            else:
                event = QInputMethodEvent("", [])
                event.setCommitString(chunk)
                QApplication.sendEvent(widget, event)

    def key(self, widget: Any, key: Any, modifier: Any = None) -> None:
        from PySide6.QtCore import Qt

        self.qtbot.keyClick(widget, key, modifier or Qt.KeyboardModifier.NoModifier)

    def activate(self, window: Any) -> None:
        from PySide6.QtWidgets import QApplication

        window.activateWindow()
        window.windowHandle().requestActivate()
        self.qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)

    def click_sidebar(self, window: Any, text: str) -> None:
        from PySide6.QtCore import Qt

        sidebar = window.sidebar
        (item,) = [sidebar.item(r) for r in range(sidebar.count())
                   if sidebar.item(r).text() == text]
        self.qtbot.mouseClick(sidebar.viewport(), Qt.MouseButton.LeftButton,
                              pos=sidebar.visualItemRect(item).center())

    def click_row(self, view: Any, row: int, column: int = 0, double: bool = False) -> None:
        from PySide6.QtCore import Qt

        index = view.model().index(row, column)
        view.scrollTo(index)
        center = view.visualRect(index).center()
        self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
        if double:  # a double click is a press on the same row, then the double click
            self.qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)

    def answer_dialogs(self, *button_texts: str, seen: list[str] | None = None) -> None:
        """As modal dialogs open one after another, click `button_texts[0]` in the first,
        `[1]` in the second...; each dialog's text is appended to `seen`."""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QProgressDialog

        remaining = list(button_texts)
        answered: list[Any] = []

        def answer(tries: int = 250) -> None:
            dialog = QApplication.activeModalWidget()
            waiting = isinstance(dialog, QProgressDialog)  # work going on: its answer comes next
            if dialog is None or waiting or (answered and dialog is answered[-1]):
                if tries:
                    QTimer.singleShot(20, lambda: answer(tries - 1))
                return
            text = remaining.pop(0)
            if seen is not None:
                seen.append(" ".join(label.text() for label in dialog.findChildren(QLabel)))
            buttons = [b for b in dialog.findChildren(QAbstractButton)
                       if b.text().replace("&", "") == text]
            assert buttons, f"no button {text!r} in {dialog.windowTitle()!r}"
            answered.append(dialog)
            buttons[0].click()
            if remaining:
                QTimer.singleShot(20, answer)

        QTimer.singleShot(20, answer)

    def choose(self, combo: Any, text: str) -> None:
        """Pick the entry `text` of a combo box (as the keyboard would)."""
        index = combo.findText(text)
        offered = [combo.itemText(i) for i in range(combo.count())]
        assert index >= 0, f"{text!r} not offered: {offered}"
        combo.setFocus()
        combo.setCurrentIndex(index)


@pytest.fixture
def person(qtbot) -> Person:
    return Person(qtbot)


# --- fixtures ------------------------------------------------------------------------------
@pytest.fixture
def english():
    language().set("en")
    yield
    language().set("en")


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def database(tmp_path: Path, monkeypatch):
    """A real history (SQLite in tmp_path) with `sample_plays()`."""
    import db

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    opened = db.open_database(f"sqlite:///{tmp_path / 'history.db'}")
    db.add_plays(opened, sample_plays())
    yield opened
    opened.close()


@pytest.fixture
def ctx(database, settings, english):
    from ui.context import AppContext

    return AppContext(db=database, settings=settings, lang=language())


def shown_window(qtbot, ctx) -> Any:
    """The main window of `ctx`, shown at the default size."""
    from ui.main_window import MainWindow

    win = MainWindow(ctx)  # type: ignore[arg-type]
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    qtbot.waitExposed(win)
    # the shortcuts and menu entries come in the event loop's second turn after the first
    # paint (`MainWindow.make_keys`), as a person's first key press would find them
    qtbot.waitUntil(lambda: win.keys_made, timeout=5000)
    return win


@pytest.fixture
def window(qtbot, ctx):
    win = shown_window(qtbot, ctx)
    yield win
    close_dialogs(win)
    win.close()


def close_dialogs(win: Any) -> None:
    """Close the dialogs a test left open (a modal one would swallow the next tests' mouse)."""
    from PySide6.QtWidgets import QDialog

    for dialog in win.findChildren(QDialog):
        if dialog.isVisible():
            dialog.reject()


@pytest.fixture
def quiet_games(monkeypatch):
    """No throw animation and no pause before a bot moves (the game itself is unchanged)."""
    from ui.games.sticks import sticks_widget
    from ui.play import frame

    sticks_widget.set_animations_enabled(False)
    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    yield
    sticks_widget.set_animations_enabled(True)


def fill_new_game(person: Person, form: Any, seats: list[tuple[str, str]],
                  **options: int) -> None:
    """Type the seats — (name, kind text) — and options into the new-game form."""
    person.qtbot.keyClicks(form.players, "")  # focus, as a person would click into it
    form.players.setValue(len(seats))
    for row, (name, kind) in zip(form.rows, seats, strict=False):
        person.choose(row.kind, kind)
        if name:
            person.type(row.name, name)
    for key, value in options.items():
        spin = form._option_widgets[key]
        spin.selectAll()
        person.type(spin.lineEdit(), str(value))


def offered(view: Any) -> list[Any]:
    """The move buttons a person can see now."""
    return [b for b in view.move_buttons() if b.isVisible()]


def click_first_move(person: Person, view: Any) -> None:
    person.qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
    person.click(offered(view)[0])


def wait_until_saved(qtbot: Any, view: Any, timeout: int = 10000) -> None:
    """Wait as a person reads the result banner: the game is over and its play is in the
    History (the save runs off the interface thread)."""
    qtbot.waitUntil(lambda: view.result_panel.isVisibleTo(view) and view.controller is not None
                    and not view.controller.saving, timeout=timeout)


def play_to_the_end(person: Person, view: Any, limit: int = 400) -> None:
    """Click the first offered move whenever it is a person's turn, until the game ends."""
    controller = view.controller
    for _ in range(limit):
        person.qtbot.waitUntil(lambda: controller.finished or bool(offered(view)),
                               timeout=15000)
        if controller.finished:
            return
        person.click(offered(view)[0])
    raise AssertionError("the game did not end")
