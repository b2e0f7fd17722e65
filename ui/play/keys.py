"""Keyboard play and screen-reader words for any painted board, hand or track (issue 37).

A page's painted widget (a board, a track, a row of cards) lists its *spots* — squares,
cards, places — each with its rectangle, what a screen reader says of it and whether it can
be chosen now. `SpotKeys(widget, spots, activate, cancel)` then gives it:

- a visible cursor (a framed rectangle drawn over the widget while it has the focus), moved
  by the arrow keys to the nearest spot that way (any layout: grids, tracks, hexes, fans);
  Page Down / Page Up jump to the next / previous spot that can be chosen, Home to the first;
- Enter or Space: `activate(key)` of the spot under the cursor (a click's meaning); Esc:
  `cancel()` (a half-made move given up);
- the focus by Tab (`StrongFocus`), an accessible name ("机戦 board") and an accessible
  description that follows the cursor (the spot's words: "c3: 王, black"), each cursor step
  also announced (`QAccessibleAnnouncementEvent`).

The page keeps its spots as plain data (`Spot`); the keys never decide a rule: what can be
chosen comes from the page's legal moves. `announce(widget, text)` speaks a sentence (a move
just made) to a screen reader and keeps it on the widget (`last_announcement`).

`KeyRow` / `show_key_help(parent, rows)`: the `?` / F1 list of a page's keys in the
interface's language; `add_key_help(page, rows)` installs both keys on a page.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QColor,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPen,
    QShortcut,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import language, tr

#: The cursor's frame: a dark line with light dashes inside a light one, seen on any square's
#: colour and told apart from a board's own solid outlines.
CURSOR_DARK = QColor("#1d1d6b")
CURSOR_LIGHT = QColor("#ffffff")

#: Arrow keys as (dx, dy).
ARROWS: dict[int, tuple[int, int]] = {
    Qt.Key.Key_Left.value: (-1, 0), Qt.Key.Key_Right.value: (1, 0),
    Qt.Key.Key_Up.value: (0, -1), Qt.Key.Key_Down.value: (0, 1),
}
ACTIVATE_KEYS = {Qt.Key.Key_Return.value, Qt.Key.Key_Enter.value, Qt.Key.Key_Space.value}


@dataclass(frozen=True)
class Spot:
    """One place the cursor can stand on: `key` identifies it to the page, `rect` is where
    it is drawn (widget coordinates), `name` what a screen reader says ("c3: 王, black"),
    `actionable` whether Enter does something there now."""

    key: Any
    rect: QRectF
    name: str
    actionable: bool = False


@dataclass(frozen=True)
class KeyRow:
    """One line of a page's key list: the keys and what they do, in both languages."""

    keys: str
    en: str
    ja: str

    def text(self) -> str:
        return tr(self.en, self.ja)


#: The keys of every board `SpotKeys` drives (a page lists them in its `?` / F1 help).
BOARD_ROWS = (
    KeyRow("←  →  ↑  ↓", "Move the cursor over the board", "盤上のカーソルを動かす"),
    KeyRow("Page Down / Page Up", "Next / previous place you can choose now",
           "いま選べる次 / 前の場所へ"),
    KeyRow("Home", "First place you can choose now", "いま選べる最初の場所へ"),
    KeyRow("Enter / Space", "Choose the place under the cursor (play)",
           "カーソルの場所を選ぶ(指す)"),
    KeyRow("Esc", "Cancel a half-made move", "選びかけの手を取り消す"),
)


def next_spot(spots: Sequence[Spot], current: Spot, dx: int, dy: int) -> Spot | None:
    """The nearest spot from `current` in the direction (dx, dy), or None. Spots whose centre
    lies within the cone that way (at most twice as far across as along) come first, then any
    spot on that side; the distance along the direction counts once, the distance across it
    twice (so a step keeps to its row or column where it can)."""
    here = current.rect.center()
    best: tuple[bool, float, Spot] | None = None
    for spot in spots:
        if spot.key == current.key:
            continue
        there = spot.rect.center()
        along = (there.x() - here.x()) * dx + (there.y() - here.y()) * dy
        if along <= 0.5:
            continue
        across = abs((there.x() - here.x()) * dy) + abs((there.y() - here.y()) * dx)
        rank = (across > 2 * along, along + 2.0 * across, spot)
        if best is None or rank[:2] < best[:2]:
            best = rank
    return best[2] if best else None


def reading_order(spots: Sequence[Spot]) -> list[Spot]:
    """Spots top to bottom, left to right (rows by their centre, half a spot's height)."""
    def row_key(spot: Spot) -> tuple[float, float]:
        centre = spot.rect.center()
        band = max(1.0, spot.rect.height() / 2)
        return round(centre.y() / band), centre.x()

    return sorted(spots, key=row_key)


def place_words(place: str, here: Sequence[str]) -> str:
    """A track's square as a screen reader says it: "Square 5: Ann, Bo" / "Square 5: empty"
    (`here`: whose pieces stand there, in the interface's words)."""
    return f"{place}: " + (", ".join(here) if here else tr("empty", "空き"))


def announce(widget: QWidget, text: str) -> None:
    """Say `text` to a screen reader (an announcement from `widget`), and keep it on the
    widget as `last_announcement` (tests and a later reading)."""
    widget.setProperty("last_announcement", text)
    if text and QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, text))


def last_announcement(widget: QWidget) -> str:
    value = widget.property("last_announcement")
    return value if isinstance(value, str) else ""


class _CursorFrame(QWidget):
    """The cursor drawn over its board (a child that lets the mouse through)."""

    def __init__(self, board: QWidget, keys: SpotKeys) -> None:
        super().__init__(board)
        self.keys = keys
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setGeometry(board.rect())

    def paintEvent(self, event: QPaintEvent) -> None:
        spot = self.keys.cursor_spot()
        if spot is None or not self.keys.board.hasFocus():
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        width = max(2.0, min(spot.rect.width(), spot.rect.height()) * 0.07)
        rect = spot.rect.adjusted(width / 2, width / 2, -width / 2, -width / 2)
        painter.setPen(QPen(CURSOR_LIGHT, width * 2))
        painter.drawRect(rect)
        painter.setPen(QPen(CURSOR_DARK, width))
        painter.drawRect(rect)
        dashes = QPen(CURSOR_LIGHT, width / 2, Qt.PenStyle.DashLine)  # told from any outline
        painter.setPen(dashes)
        painter.drawRect(rect)
        painter.end()


class SpotKeys(QObject):
    """The keyboard cursor and screen-reader words of one painted widget (see the module).

    `spots()` is asked afresh at every key (and by `refresh`), so it always reflects what
    the widget shows; the cursor keeps its spot by key across redraws. `moved` is emitted
    with the spot under the cursor, `activated` after Enter chose a spot."""

    moved = Signal(object)
    activated = Signal(object)

    def __init__(self, board: QWidget, spots: Callable[[], Sequence[Spot]],
                 activate: Callable[[Any], None],
                 cancel: Callable[[], None] | None = None, *,
                 name: tuple[str, str] = ("Board", "盤")) -> None:
        super().__init__(board)
        self.setObjectName("spot_keys")
        self.board = board
        self._spots, self._activate, self._cancel = spots, activate, cancel
        self.name_en, self.name_ja = name
        self.cursor: Hashable | None = None
        self._last_rect = QRectF()  # where the cursor stood (its spot may go with a move)
        self._keeping, self._kept = False, None  # type: bool, list[Spot] | None
        board.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        board.installEventFilter(self)
        self.frame = _CursorFrame(board, self)
        language().changed.connect(self.refresh)
        self.refresh()

    # --- the cursor ------------------------------------------------------------------------
    def spots(self) -> list[Spot]:
        """The widget's spots now (kept while one key is handled: a step asks several
        times, and a page may have a few hundred spots)."""
        if self._kept is not None:
            return self._kept
        found = list(self._spots())
        if self._keeping:
            self._kept = found
        return found

    def cursor_spot(self) -> Spot | None:
        return next((s for s in self.spots() if s.key == self.cursor), None)

    def place(self, key: Hashable | None) -> None:
        """Put the cursor on the spot `key` (None: nowhere) and say what stands there."""
        self.cursor = key
        self.refresh()
        spot = self.cursor_spot()
        if spot is not None:
            announce(self.board, self.spot_text(spot))
            self.moved.emit(spot)

    def _start(self, spots: Sequence[Spot]) -> Spot | None:
        """Where the cursor appears first: the first spot that can be chosen, else the
        first."""
        ordered = reading_order(spots)
        return next((s for s in ordered if s.actionable), ordered[0] if ordered else None)

    def _start_key(self) -> Any:
        start = self._start(self.spots())
        return start.key if start is not None else None

    def step(self, dx: int, dy: int) -> None:
        spots = self.spots()
        current = next((s for s in spots if s.key == self.cursor), None)
        if current is None:
            target = self._start(spots)
        else:
            target = next_spot(spots, current, dx, dy) or current
        self.place(target.key if target is not None else None)

    def jump(self, forward: bool, first: bool = False) -> None:
        """To the next (previous) spot that can be chosen, in reading order, round the end."""
        chosen = [s for s in reading_order(self.spots()) if s.actionable]
        if not chosen:  # nothing to choose now: Home still goes to the first spot
            if first or self.cursor is None:
                self.place(self._start_key())
            return
        keys = [s.key for s in chosen]
        if first or self.cursor not in keys:
            ordered = reading_order(self.spots())
            keys_all = [s.key for s in ordered]
            if not first and self.cursor in keys_all:  # the next chosen after the cursor
                here = keys_all.index(self.cursor)
                later = [s for s in (ordered[here:] if forward else ordered[:here][::-1])
                         if s.actionable]
                self.place((later[0] if later else chosen[0 if forward else -1]).key)
                return
            self.place(keys[0])
            return
        index = keys.index(self.cursor) + (1 if forward else -1)
        self.place(keys[index % len(keys)])

    def activate(self) -> None:
        spot = self.cursor_spot()
        if spot is None:
            self.step(0, 0)
            return
        self._activate(spot.key)
        self._kept = None  # the move changed what the spots are
        self.refresh()
        self.activated.emit(spot.key)

    def cancel(self) -> None:
        if self._cancel is not None:
            self._cancel()
        self._kept = None
        self.refresh()

    # --- words -----------------------------------------------------------------------------
    def spot_text(self, spot: Spot) -> str:
        if spot.actionable:
            return tr(f"{spot.name} — you can choose it", f"{spot.name} — 選べます")
        return spot.name

    def refresh(self, *_: object) -> None:
        """The widget was drawn anew: name and description again, the cursor repainted (a
        cursor whose spot is gone goes to the nearest spot)."""
        self.board.setAccessibleName(tr(self.name_en, self.name_ja))
        spots = self.spots()
        spot = next((s for s in spots if s.key == self.cursor), None)
        if spot is None and self.cursor is not None:
            spot = self._nearest(spots)
            self.cursor = spot.key if spot is not None else None
        if spot is not None:
            self._last_rect = spot.rect
        help_text = tr("Arrow keys move, Enter chooses, Esc cancels, ? lists the keys.",
                       "矢印キーで移動、Enter で選択、Esc で取り消し、? でキー一覧。")
        description = self.spot_text(spot) if spot is not None else help_text
        if self.board.accessibleDescription() != description:
            self.board.setAccessibleDescription(description)
        self.frame.setGeometry(self.board.rect())
        self.frame.raise_()
        self.frame.update()

    def _nearest(self, spots: Sequence[Spot]) -> Spot | None:
        """The spot nearest to where the cursor stood."""
        here = self._last_rect.center()

        def distance(spot: Spot) -> float:
            there = spot.rect.center()
            return (there.x() - here.x()) ** 2 + (there.y() - here.y()) ** 2

        return min(spots, key=distance, default=None)

    # --- events ----------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.board:
            if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
                self._keeping, self._kept = True, None
                try:
                    return self._key(event)
                finally:
                    self._keeping, self._kept = False, None
            if kind == QEvent.Type.Resize:
                self.frame.setGeometry(self.board.rect())
            elif kind == QEvent.Type.FocusIn:
                if self.cursor is None:
                    start = self._start(self.spots())
                    self.cursor = start.key if start is not None else None
                self.refresh()
            elif kind == QEvent.Type.FocusOut:
                self.frame.update()
        return False

    def _key(self, event: QKeyEvent) -> bool:
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier,):
            return False
        if key in ARROWS:
            self.step(*ARROWS[key])
        elif key == Qt.Key.Key_PageDown.value:
            self.jump(True)
        elif key == Qt.Key.Key_PageUp.value:
            self.jump(False)
        elif key == Qt.Key.Key_Home.value:
            self.jump(True, first=True)
        elif key in ACTIVATE_KEYS:
            self.activate()
        elif key == Qt.Key.Key_Escape.value:
            self.cancel()
        else:
            return False
        return True


def spot_keys_of(widget: QWidget) -> SpotKeys | None:
    """The `SpotKeys` driving `widget`, if any."""
    found = widget.findChild(SpotKeys, "spot_keys", Qt.FindChildOption.FindDirectChildrenOnly)
    return found if isinstance(found, SpotKeys) else None


def path_to(keys: SpotKeys, target: Hashable) -> list[tuple[int, int]] | None:
    """The shortest arrow presses (dx, dy) that bring the cursor to `target` (None: it
    cannot be reached). A page's key list and tests use it; it never moves the cursor."""
    spots = keys.spots()
    by_key = {s.key: s for s in spots}
    start = keys.cursor if keys.cursor in by_key else None
    if start is None:
        first = keys._start(spots)
        if first is None:
            return None
        start = first.key
    seen: dict[Hashable, list[tuple[int, int]]] = {start: []}
    queue = [start]
    while queue:
        here = queue.pop(0)
        if here == target:
            return seen[here]
        for dx, dy in ARROWS.values():
            there = next_spot(spots, by_key[here], dx, dy)
            if there is not None and there.key not in seen:
                seen[there.key] = [*seen[here], (dx, dy)]
                queue.append(there.key)
    return None


# --- the key list -----------------------------------------------------------------------------
class KeyHelp(QDialog):
    """The keys of a page, in the interface's language (Esc or Close shuts it)."""

    def __init__(self, parent: QWidget, rows: Sequence[KeyRow]) -> None:
        super().__init__(parent)
        self.setObjectName("key_help")
        self.setWindowTitle(tr("Keys", "キー操作"))
        self.rows = list(rows)
        grid = QGridLayout()
        for index, row in enumerate(self.rows):
            keys = QLabel(row.keys, self)
            font = keys.font()
            font.setBold(True)
            keys.setFont(font)
            what = QLabel(row.text(), self)
            what.setWordWrap(True)
            keys.setAccessibleName(f"{row.keys}: {row.text()}")
            grid.addWidget(keys, index, 0)
            grid.addWidget(what, index, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(buttons)
        self.setAccessibleName(tr("Keys of this page", "このページのキー操作"))

    def text(self) -> str:
        """Every line as shown ("keys — what they do")."""
        return "\n".join(f"{row.keys} — {row.text()}" for row in self.rows)


def show_key_help(parent: QWidget, rows: Sequence[KeyRow]) -> KeyHelp:
    """Open the key list over `parent` (not blocking: the page stays live behind it)."""
    for old in parent.findChildren(KeyHelp):
        old.close()
        old.deleteLater()
    dialog = KeyHelp(parent, rows)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    before = QApplication.focusWidget()
    if before is not None:  # closed, the list gives the keyboard back where it was
        dialog.finished.connect(lambda _result: _give_focus_back(before))
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def _give_focus_back(widget: QWidget) -> None:
    window = widget.window()
    window.activateWindow()
    widget.setFocus(Qt.FocusReason.OtherFocusReason)


class _KeyHelpKeys(QObject):
    """`?` and F1 on a page. F1 gives way to a window that already uses it (the main window's
    F1 opens the rules of the game): two shortcuts on one key would leave both dead."""

    def __init__(self, page: QWidget, rows: Callable[[], Sequence[KeyRow]]) -> None:
        super().__init__(page)
        self.setObjectName("key_help_keys")
        self.page = page
        self.shortcuts = [QShortcut(QKeySequence(Qt.Key.Key_F1), page),
                          QShortcut(QKeySequence("?"), page)]
        for shortcut in self.shortcuts:
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda: show_key_help(page, rows()))
        page.installEventFilter(self)

    def f1_is_taken(self) -> bool:
        """The page's window answers F1 itself (the main window: the rules)."""
        mine = self.shortcuts[0]
        window = self.page.window()
        return any(s is not mine and s.isEnabled() and s.key() == mine.key()
                   and s.context() == Qt.ShortcutContext.WindowShortcut
                   for s in window.findChildren(QShortcut))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.page and event.type() == QEvent.Type.Show:
            self.shortcuts[0].setEnabled(not self.f1_is_taken())
        return False


def add_key_help(page: QWidget, rows: Callable[[], Sequence[KeyRow]]) -> None:
    """`?` anywhere on `page` opens its key list (`rows()` asked when opened); F1 too, where
    the window does not use F1 already (see `f1_opens_key_help`)."""
    _KeyHelpKeys(page, rows)


def f1_opens_key_help(page: QWidget) -> bool:
    """F1 opens the page's key list (not the window's own F1, e.g. the rules)."""
    keys = page.findChild(_KeyHelpKeys, "key_help_keys",
                          Qt.FindChildOption.FindDirectChildrenOnly)
    return isinstance(keys, _KeyHelpKeys) and not keys.f1_is_taken()


def help_key_row(page: QWidget) -> KeyRow:
    """The key list's own line: "? / F1", or "?" and what F1 does in the main window."""
    if f1_opens_key_help(page):
        return KeyRow("? / F1", "This list of keys", "このキー一覧")
    return KeyRow("? · F1", "This list of keys · F1: the rules of this game",
                  "このキー一覧 · F1: このゲームのルール")
