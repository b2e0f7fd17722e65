"""A person at the keyboard (issue 37): key presses go to the widget that has the focus, as
they would; nothing here makes a move by calling the page.

`path_to` plans the arrow presses to a spot (it reads the cursor, never moves it). Shared by
the keyboard tests: a play page started against the computer (`start_game`), a game
played to its end one turn at a time (`play_to_the_end`), the hot-seat hand-off passed by
Tab and Space (`reveal_by_keys`) and the key list (`key_lists_after`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from random import Random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from ui.new_game_dialog import GameSetup, SeatChoice
from ui.play.keys import KeyHelp, SpotKeys, path_to

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


def focus_into(qtbot: Any, view: QWidget) -> None:
    """Tab until the focus is somewhere on the page (after a move its button is gone, and a
    person presses Tab to come back): the page's keys act there."""
    for _ in range(40):
        widget = QApplication.focusWidget()
        if widget is not None and view.isAncestorOf(widget) and widget.isVisible():
            return
        qtbot.keyClick(widget if widget is not None else view, Qt.Key.Key_Tab)
    raise AssertionError("Tab never brought the focus onto the page")


def tab_until(qtbot: Any, found: Callable[[QWidget], bool], view: QWidget | None = None,
              what: str = "it", limit: int = 80) -> QWidget:
    """Press Tab (onto `view` first, when given) until the focused widget is one `found`
    accepts; that widget."""
    if view is not None:
        focus_into(qtbot, view)
    for _ in range(limit):
        widget = QApplication.focusWidget()
        if widget is not None and found(widget):
            return widget
        press(qtbot, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {what} (stopped on {focused()!r})")


def tab_to_box(qtbot: Any, box: Any) -> None:
    """Tab until the spin box (or its line) has the focus."""
    tab_until(qtbot, lambda w: w in (box, box.lineEdit()), box.window(), box.objectName())


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


def press_any_move_button(qtbot: Any, view: Any, rng: Random) -> None:
    """The digit of one of the first nine move buttons shown, chosen by `rng`."""
    count = len(view.ordered_move_buttons())
    assert count, "no move button on the person's turn"
    press(qtbot, DIGITS[rng.randrange(min(count, len(DIGITS)))])


def shown_page(qtbot: Any, view: QWidget, active: bool = True) -> None:
    """Show a play page at the usual size and (unless not `active`) make its window active."""
    qtbot.addWidget(view)
    view.resize(1100, 720)
    view.show()
    qtbot.waitExposed(view)
    if active:
        activate(qtbot, view)


#: Seats as (name, computer kind or None for a person): Ann against the fastest computer.
AGAINST_A_BOT: tuple[tuple[str, str | None], ...] = (("Ann", None), ("", "random"))


def start_game(qtbot: Any, view: Any, game_id: str, options: dict[str, Any] | None = None,
               seed: int = 4, seats: Sequence[tuple[str, str | None]] = AGAINST_A_BOT,
               active: bool = True) -> Any:
    """Show a play page (its window `active` or not) and start it as the new-game form
    would, with these seats; the page."""
    shown_page(qtbot, view, active)
    choices = [SeatChoice(name, bot) for name, bot in seats]
    view.start(GameSetup(game_id, dict(options or {}), choices, seed, ""))
    return view


def wait_for_person(qtbot: Any, controller: Any) -> bool:
    """Wait until a person may act or the game is over; True: the game is over."""
    qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(), timeout=20000)
    return bool(controller.finished)


def play_to_the_end(qtbot: Any, controller: Any, turn: Callable[[], object], limit: int = 400,
                    ready: Callable[[], bool] | None = None) -> int:
    """Each time a person may act (and `ready()`, when given), `turn()` makes one move by
    keys, which must add to the record; how many turns were made once the game is over."""
    for made in range(limit):
        if ready is not None:
            qtbot.waitUntil(ready, timeout=20000)
        if wait_for_person(qtbot, controller):
            return made
        before = len(controller.game.record.entries)
        turn()
        assert len(controller.game.record.entries) > before, "the keys made no move"
    assert wait_for_person(qtbot, controller), f"the game did not end in {limit} turns"
    return limit


def reveal_by_keys(qtbot: Any, view: Any) -> None:
    """The hot-seat hand-off: Tab to "I am … — show my hand", Space shows the hand."""
    tab_to(qtbot, view.reveal_button)
    press(qtbot, Qt.Key.Key_Space)
    assert not view.is_covered()


def key_lists_after(qtbot: Any, view: QWidget, key: Any) -> list[KeyHelp]:
    """Press `key` and wait for the page's key list; the lists shown."""
    press(qtbot, key)
    qtbot.waitUntil(lambda: any(h.isVisible() for h in view.findChildren(KeyHelp)),
                    timeout=3000)
    return [h for h in view.findChildren(KeyHelp) if h.isVisible()]
