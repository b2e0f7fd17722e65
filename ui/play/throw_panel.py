"""The throw and the moves of a stick-thrown game's turn, beside its board: the sticks of the
last throw (tumbling as they land; hidden for a die), the number in a badge, a button per legal
move ("move:<notation>", labelled by the game) and a sentence saying what the last turn did.
`ThrowScreens` puts a game's board above a table of the seats, and the throw beside them."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from companion.table.thrower import faces_for
from ui.games.sticks.sticks_widget import ResultBadge, SticksWidget, animations_enabled
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.widgets import WrappedLabel, clear_layout, words

#: The sticks' and the badge's least sizes: the panel fits the narrow side column at the
#: smallest window (its moves one above the other, no sideways scrolling).
STICKS_SIZE = (120, 56)
BADGE_SIDE = 56


class ThrowPanel(QWidget):
    """`show_turn(value, legal, report)` once per move; `animate(value)` when chance throws."""

    def __init__(self, parent: QWidget, sticks: int, play: Callable[[Any], None],
                 label: Callable[[Any], str]) -> None:
        super().__init__(parent)
        self.play, self.label, self.count = play, label, sticks
        self._rng = random.Random()
        self.sticks = SticksWidget(self, sticks=sticks)
        self.sticks.setMinimumSize(*STICKS_SIZE)
        self.sticks.setMaximumHeight(100)
        self.badge = ResultBadge(self)
        self.badge.setFixedSize(BADGE_SIDE, BADGE_SIDE)
        self.badge.follow(self.sticks)
        self.moves_grid = QGridLayout()
        self.report = WrappedLabel("", self)  # rewritten at every throw
        # two lines' room from the start: a report that wraps in the narrow side column
        # neither moves the moves list nor squeezes the sticks onto the buttons
        self.report.set_least_lines(2)
        top = QHBoxLayout()
        top.addWidget(self.sticks, 1)
        top.addWidget(self.badge)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(self.moves_grid)
        layout.addWidget(self.report)

    def clear(self) -> None:
        """A new game: no throw yet."""
        self.sticks.show_throw(None, animate=False)
        self.badge.set_value(None)

    def show_turn(self, value: int | None, legal: Sequence[Any], report: str,
             die: bool = False) -> None:
        """The last throw's `value` (None: none yet), the moves on offer, the last turn."""
        self.sticks.setVisible(not die)
        self.badge.set_value(value)
        if value is not None and self.sticks.faces is None and not die:
            self.sticks.show_throw(faces_for(value, self.count, self._rng), animate=False)
        self._show_moves(legal)
        # what the throw did is told once the sticks have landed (not while they tumble)
        self._tell("" if self.sticks.is_animating() else report)
        self.sticks.after_landing(lambda: self._tell(report))

    def _tell(self, report: str) -> None:
        """Say what the last turn did; a report of more lines than its room asks the side
        column for more (a height for its width, which a layout above does not hear of)."""
        lines = self.report.height()
        self.report.setText(report)
        if self.report.heightForWidth(self.report.width()) > lines:
            self.updateGeometry()

    def animate(self, value: int) -> None:
        """The sticks were just thrown and show `value`."""
        self.sticks.show_throw(faces_for(value, self.count, self._rng),
                               animate=animations_enabled())

    def _show_moves(self, legal: Sequence[Any]) -> None:
        clear_layout(self.moves_grid)
        for index, move in enumerate(legal):
            button = QPushButton(self.label(move), self)
            button.setObjectName(f"move:{move}")
            button.setMinimumHeight(34)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, m=move: self.play(m))
            self.moves_grid.addWidget(button, index, 0)
            button.show()


def fit_rows(table: QTableWidget) -> None:
    """As tall as the table's title row and rows (no empty rows under the board)."""
    rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
    height = rows + table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
    if table.height() != height or table.minimumHeight() != height:
        table.setFixedHeight(height)


class ThrowScreens(PlayScreens):
    """The screens of a game played with thrown sticks and a board: the board above a titled
    table of the seats, and the `ThrowPanel` beside them. A game gives the board and the
    table (widgets with `show_state`), the number of sticks, the side's title and the words of
    the last turn (`last_turn_text`); `show` draws every position with them."""

    sticks = 5
    side_title: tuple[str, str] = ("", "")

    def __init__(self, board: QWidget, table: QWidget) -> None:
        self.board, self.table = board, table
        self.position: Position | None = None

    def label(self, move: Any) -> str:
        """A move's button text: the game's words for it (`extras["move_text"]`)."""
        from companion.display import move_text
        from ui.i18n import language

        return move_text(self.frame.game_id, str(move), language().code)

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        """The board above its table of the seats (as tall as its rows), the throw and its
        moves beside: a wide table beside the board left a wide board 224 px at the smallest
        window, and the throw's narrow column leaves it the larger part of the page."""
        self.frame = frame
        left = QWidget(frame)
        self.board.setParent(left)
        title = words(QLabel(left), *self.side_title)
        self.table.setParent(left)
        self.table.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        layout = QVBoxLayout(left)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.board, 1)
        layout.addWidget(title)
        layout.addWidget(self.table)
        side = QWidget(frame)
        self.throw = ThrowPanel(side, self.sticks, frame.play, self.label)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.throw)
        return left, side

    def game_started(self) -> None:
        self.throw.clear()

    def show(self, position: Position) -> None:
        self.position = position
        state = position.state
        self.show_board(position)
        self.throw.show_turn(self.shown_throw(state), position.legal,
                             self.last_turn_text(state, position.names),
                             die=self.uses_die(state))
        self.table.show_state(state, position.names)  # type: ignore[attr-defined]
        fit_rows(self.table)  # type: ignore[arg-type]

    # --- what a game may change ------------------------------------------------------------
    def show_board(self, position: Position) -> None:
        self.board.show_state(position.state)  # type: ignore[attr-defined]

    def shown_throw(self, state: Any) -> int | None:
        """The value the sticks show: the last turn's throw (None: none yet, or none made)."""
        return None if state.last is None else state.last.cast

    def last_turn_text(self, state: Any, names: Sequence[str]) -> str:
        """What the last turn did, in a sentence ("" before the first)."""
        return ""

    def uses_die(self, state: Any) -> bool:
        """The game is played with a die this time (no sticks are drawn)."""
        return False
