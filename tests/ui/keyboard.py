"""A person at the keyboard (issue 37): key presses go to the widget that has the focus, as
they would; nothing here makes a move by calling the page.

`path_to` plans the arrow presses to a spot (it reads the cursor, never moves it)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from ui.play.keys import SpotKeys, path_to

ARROW_KEYS = {(-1, 0): Qt.Key.Key_Left, (1, 0): Qt.Key.Key_Right,
              (0, -1): Qt.Key.Key_Up, (0, 1): Qt.Key.Key_Down}


def activate(qtbot: Any, window: QWidget) -> None:
    """Make `window` the active window (offscreen windows start inactive)."""
    window.activateWindow()
    handle = window.windowHandle()
    if handle is not None:
        handle.requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def press(qtbot: Any, key: Any, modifier: Any = Qt.KeyboardModifier.NoModifier) -> None:
    """One key press on whatever has the focus."""
    qtbot.keyClick(focused(), key, modifier)


def tab_to(qtbot: Any, target: QWidget, limit: int = 60) -> None:
    """Press Tab until `target` has the focus."""
    seen: list[str] = []
    for _ in range(limit):
        if QApplication.focusWidget() is target:
            return
        seen.append(focused().objectName() or type(focused()).__name__)
        press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is target, f"Tab never reached {target!r}: {seen[:12]}"


def cursor_to(qtbot: Any, keys: SpotKeys, spot: Hashable) -> None:
    """Arrow presses that bring the cursor of the focused board to `spot`."""
    assert QApplication.focusWidget() is keys.board
    steps = path_to(keys, spot)
    assert steps is not None, f"no arrow path to {spot!r}"
    if keys.cursor is None:
        press(qtbot, Qt.Key.Key_Home)
        steps = path_to(keys, spot)
        assert steps is not None
    for step in steps:
        press(qtbot, ARROW_KEYS[step])
    assert keys.cursor == spot, (keys.cursor, spot)


def choose(qtbot: Any, keys: SpotKeys, spot: Hashable) -> None:
    """Move the cursor to `spot` and press Enter."""
    cursor_to(qtbot, keys, spot)
    press(qtbot, Qt.Key.Key_Return)


DIGITS = [Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5,
          Qt.Key.Key_6, Qt.Key.Key_7, Qt.Key.Key_8, Qt.Key.Key_9]


def press_move_button(qtbot: Any, view: Any, notation: str) -> None:
    """The digit of the move button `move:<notation>` (its place among those shown)."""
    names = [b.objectName() for b in view.ordered_move_buttons()]
    index = names.index(f"move:{notation}")
    assert index < len(DIGITS), f"button {notation} is past 9: {names}"
    press(qtbot, DIGITS[index])


def shown_page(qtbot: Any, view: QWidget) -> None:
    """Show a play page at the usual size and make its window active."""
    qtbot.addWidget(view)
    view.resize(1100, 720)
    view.show()
    qtbot.waitExposed(view)
    activate(qtbot, view)


def wait_for_person(qtbot: Any, controller: Any) -> bool:
    """Wait until a person may act or the game is over; True: the game is over."""
    qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(), timeout=20000)
    return bool(controller.finished)
