"""The digital-play page every game shares: `PlayFrame` runs the game, a game supplies only
its screens (`PlayScreens`).

The frame owns a `GameController` and everything a game needs around its board: the seat panel
(each seat's name elided with a tooltip, person or computer, whose turn, an optional score
line), the turn line with the game's prompt, a moving bar while a computer thinks, the move
list, Undo (Ctrl+Z), New game (asks first while a game is going on: the game stays in the
History as unfinished), Print result sheet (the registry's PDF hooks), the result banner, an
error/status line, and a hand-off screen for games with hidden information: in hot-seat, when
the next person to act is not the last person who looked, the board and hands are covered
until that person says who they are (Undo from it hands the device to the seat whose move
comes back; a move list line reads as the seat looking may read it).

How to add a game's screens (`ui/games/<game>/play.py`)::

    class MyScreens(PlayScreens):
        def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
            self.board = MyBoard()                       # drawn from a state
            self.board.move_chosen.connect(frame.play)   # a move from `position.legal`
            return self.board, MySidePanel()             # side panel: optional
        def show(self, position: Position) -> None:      # once per move
            self.board.draw(position.state, position.legal)

    def play_view(ctx, game_id):
        return PlayFrame(ctx, game_id, MyScreens())
    # ... and register_play("mygame", play_view) in the game's `views` module.

Optional hooks on `PlayScreens` (all have defaults): `move_text`/`chance_text` (a record
entry as a line of the move list), `prompt` (after "X, your turn."), `score_line` and
`seat_note` (the seat panel), `seat_role` ("Light", "△ Red"), `outcome_detail` (under the
winner), `on_chance` (animate a throw), `new_game` (how a setup becomes a `Game`),
`undo_problem` (Undo off where taking a move back would reveal something, with the reason).

The screens never decide a rule: they draw `position.state` and offer `position.legal`. Per
move the frame calls `show` exactly once (and the move list only adds the new lines). The
frame draws a `Position` — a state, the record up to it and the moves on offer — so a replay
can show any earlier position the same way: `frame.show_position(Position(..., live=False))`.

Replay mode (`ui.play.replay`): `enter_replay(replay, seats, controls)` turns a frame without
a game into a read-only viewer of a `companion.core.replay.Replay`: the move list shows the
whole record and marks the line of the position shown, a click on a line emits
`replay_line_chosen` (entries up to that line), and `controls` takes the place of Undo and New
game. Screens that keep rows move by move rebuild them from the whole record (`record()`) when
`position.live` is False. At the end of a game the result banner offers "Replay".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import SIGNAL, QEvent, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from companion.core.api import Outcome
from companion.core.errors import IllegalMoveError
from companion.core.record import Game, GameRecord, RecordEntry
from companion.core.replay import Replay
from companion.display import bot_name, strip_isolates
from companion.history import PlayRecord
from ui.context import AppContext
from ui.fonts import ensure_cjk_font
from ui.i18n import language, tr
from ui.play.controller import GameController, Seat, seats_from
from ui.play.keys import (
    BOARD_ROWS,
    KeyRow,
    SpotKeys,
    add_key_help,
    announce,
    help_key_row,
)
from ui.play.palette import palette_events
from ui.play.widgets import (
    BusyStrip,
    ElidedLabel,
    LineList,
    WrappedLabel,
    isolate,
    narrow_line_size,
    words,
)
from ui.shell.timer_widget import TIMER_KEYS, PlayTimerWidget

#: Pause before a computer's move so that people can follow the board (0 in tests).
BOT_PAUSE_MS = 400

#: A seat card's fill and border: (fill or None for the palette's base, border, width).
TURN_LOOK = ("#fff3c4", "#c9a24a", 2)
SEAT_LOOK = (None, "#cfc6b4", 1)
BANNER_STYLE = ("QFrame#result { background: #fff3c4; border: 2px solid #c9a24a; "
                "border-radius: 6px; }")
ERROR_STYLE = "color: #b00020;"


@dataclass(frozen=True)
class Position:
    """What the frame shows: a state, the record up to it, and the moves on offer.

    `state` is what the viewer may see (`view(viewer)` for hidden information; the whole state
    once the game is over). `legal` is empty while nobody may act here (a computer's turn, a
    replay). `live` is False for a position looked at in a replay; `everything` is True when
    a replay shows every hidden part (asked for, once the game is over) though `viewer` still
    names the seat whose place the board takes."""

    state: Any
    entries: tuple[RecordEntry, ...]
    legal: tuple[Any, ...]
    seats: tuple[Seat, ...]
    names: tuple[str, ...]
    viewer: int | None
    to_move: int
    thinking: int | None = None
    live: bool = True
    everything: bool = False

    def is_over(self) -> bool:
        return bool(self.state.is_over())


class PlayScreens:
    """A game's part of the play page. Subclass it; `build` and `show` are required."""

    #: Whose sheet/hand the hand-off screen speaks of ("hand", "sheet").
    private_noun: tuple[str, str] = ("hand", "手札")
    #: False for a game whose hidden parts are hidden from every seat alike (a face-down
    #: reserve): people in hot-seat then need no hand-off screen between them.
    private_information: bool = True

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        """Create the board (left) and the side panel (right, or None); called once."""
        raise NotImplementedError

    def show(self, position: Position) -> None:
        """Draw `position` (board and side panel); called once per move."""
        raise NotImplementedError

    # --- optional text hooks -----------------------------------------------------------------
    def move_text(self, entry: RecordEntry, position: Position) -> str:
        """A person's or computer's move as the move list shows it (after "n. Name: "); by
        default the game's registry `move_text` hook in the interface language."""
        from companion.display import move_text

        return move_text(position.state.game_id, entry.move, language().code)

    def chance_text(self, entry: RecordEntry) -> str | None:
        """A chance entry appended to the line before (" → 3"), or None to leave it out."""
        return None

    def prompt(self, position: Position) -> str:
        """What the person to move should do, after "Name, your turn." ("" for nothing)."""
        return ""

    def seat_role(self, state: Any, seat: int) -> str:
        """The seat's side in the game ("Light", "△ Red"), "" when seats have none."""
        return ""

    def score_line(self, state: Any, seat: int) -> str:
        """The seat's score as the seat panel shows it ("12 pts"), "" for none."""
        return ""

    def seat_note(self, state: Any, seat: int) -> str:
        """A short note under the seat ("threw 3", "Banker"), "" for none."""
        return ""

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        """Lines under the winner in the result banner (why it ended, the breakdown)."""
        return ""

    def headline(self, outcome: Outcome, names: Sequence[str]) -> str:
        """The result banner's first line ("Winner: X"; a co-operative game: the team's)."""
        return result_headline(outcome, names)

    def undo_problem(self, position: Position) -> str | None:
        """Why Undo is off here although the controller could undo (e.g. a card was drawn
        since: taking the move back would show it), as the button's tooltip; None: allowed."""
        return None

    def on_chance(self, drawn: list[Any]) -> None:
        """Chance was just drawn (a throw): animate it if the game wants to."""

    def game_started(self) -> None:
        """Another game (new or resumed) is about to be shown: forget what was kept of the
        last one (e.g. rows built move by move)."""

    def key_rows(self) -> Sequence[KeyRow]:
        """The page's own keys for the `?` / F1 list (after the board's and the frame's)."""
        return ()

    def new_game(self, game_id: str, setup: Any) -> Game:
        """The `Game` a new-game setup starts (seats, options and seed from the form)."""
        return Game.new(game_id, len(setup.seats), dict(setup.options), setup.seed)

    def retranslate(self) -> None:
        """The language changed: relabel the board's and side panel's fixed texts."""


# --- the seat panel ---------------------------------------------------------------------------
class SeatLine(WrappedLabel):
    """A line of a seat card, whole over as many lines as it needs ("Bot · Random", a
    computer's role), or with `set_line(text, whole=False)` a person's own name on one line,
    cut with "…" when long (whole in the tooltip). It asks for no width of its own: the card
    shares its width between its columns as they say."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self._whole = True
        super().__init__("", parent)

    def set_line(self, text: str, *, whole: bool = True) -> None:
        if whole != self._whole:
            self._whole = whole
            self.setProperty("elided", not whole)  # layout checks: elision here is on purpose
            self.updateGeometry()
        self.setText(text)
        self._sync_tooltip()

    def is_elided(self) -> bool:
        """The line is cut (a person's long name in a narrow card)."""
        return not self._whole and \
            self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def shown_text(self) -> str:
        if self._whole:
            return self.text()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             self.contentsRect().width())

    def _text_height(self, width: int) -> int:
        return super()._text_height(width) if self._whole else self.fontMetrics().height()

    def _text_changed(self) -> None:
        self._sync_tooltip()

    def _sync_tooltip(self) -> None:
        self.setToolTip(strip_isolates(self.text()) if self.is_elided() else "")

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint()

    def minimumSizeHint(self) -> QSize:
        """A narrow line: its height at the width the card gives it is `heightForWidth`."""
        return narrow_line_size(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_tooltip()


class SeatCard(QFrame):
    """One seat: name, score; who sits there and the game's note; whose turn. A person's
    own long name is cut with "…"; a computer's name and the seat's role are never cut (they
    take a second line when they must)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seat")
        self.name = SeatLine(self)
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.score = ElidedLabel("", self)
        self.score.setFont(font)
        self.score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.kind = SeatLine(self)
        self.note = ElidedLabel("", self)
        self.note.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.note.setStyleSheet("color: #7a1f1f;")
        layout = QGridLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.setVerticalSpacing(0)
        layout.addWidget(self.name, 0, 0)
        layout.addWidget(self.score, 0, 1)
        layout.addWidget(self.kind, 1, 0)
        layout.addWidget(self.note, 1, 1)
        layout.setColumnStretch(0, 3)
        layout.setColumnStretch(1, 2)
        self._turn: bool | None = None
        self.set_turn(False)

    def fit_columns(self, thinks: bool) -> None:
        """A card with nothing on its right (no score, no note, no computer that may think)
        gives its name and role the whole width, so that they need no second line."""
        stretch = 2 if thinks or self.score.text() or self.note.text() else 0
        layout = self.layout()
        if isinstance(layout, QGridLayout) and layout.columnStretch(1) != stretch:
            layout.setColumnStretch(1, stretch)

    def set_turn(self, on: bool) -> None:
        # the card paints its own frame: a style sheet per turn re-polished every child
        # label, several milliseconds on the interface thread at every move
        if on == self._turn:
            return
        self._turn = on
        self.setProperty("turn", on)
        self.update()

    def say_who(self, turn: bool) -> None:
        """The card's accessible name: its lines in one sentence, and whose turn it is."""
        parts = [self.name.text(), self.kind.text(), self.score.text(), self.note.text()]
        if turn:
            parts.append(tr("to move", "手番"))
        self.setAccessibleName(strip_isolates(", ".join(p for p in parts if p)))

    def paintEvent(self, event: QPaintEvent) -> None:
        fill, border, width = TURN_LOOK if self._turn else SEAT_LOOK
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(border), width))
        painter.setBrush(QColor(fill) if fill else self.palette().color(QPalette.ColorRole.Base))
        inset = width / 2
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(inset, inset, -inset, -inset), 6, 6)
        painter.end()


class SeatPanel(QWidget):
    """A card per seat, side by side."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cards: list[SeatCard] = []
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)

    def set_count(self, count: int) -> None:
        while len(self.cards) > count:
            card = self.cards.pop()
            self.row.removeWidget(card)
            card.deleteLater()
        while len(self.cards) < count:
            card = SeatCard(self)
            self.row.addWidget(card, 1)
            self.cards.append(card)


class SideScroll(QScrollArea):
    """The side column: it scrolls up and down, and is never narrower than its content.

    Its width is reserved from the first layout on: what the content needs, rounded up to
    `WIDEN_STEP` with at least half a step to spare (as far as the smallest window has room),
    so that the content may grow a little during the game (a table whose figures grow, the
    result banner) without the board beside it losing size. Only a content that outgrows
    the reserve widens the column, in the same steps (again within the smallest window's room)
    and never back (the board is then resized and drawn anew, not at every move)."""

    WIDEN_STEP = 48
    _least_width = 0  # the width the column has asked for so far

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def _needed_width(self) -> int:
        content = self.widget()
        width = content.minimumSizeHint().width() if content is not None else 0
        return max(200, width + self.verticalScrollBar().sizeHint().width()
                   + 2 * self.frameWidth())

    def _stepped(self, width: int) -> int:
        step = self.WIDEN_STEP  # at least half a step to spare
        return -(-(width + step // 2) // step) * step

    def minimumSizeHint(self) -> QSize:
        return QSize(max(self._needed_width(), self._least_width), 80)

    def _room(self) -> int:
        """The widest the column can be beside the splitter's other parts' minimums in the
        smallest window (the reserve must not make the window wider)."""
        splitter = self.parentWidget()
        if not isinstance(splitter, QSplitter) or splitter.width() <= 0:
            return 0
        parts = [splitter.widget(i) for i in range(splitter.count())]
        others = sum((w.minimumWidth() or max(0, w.minimumSizeHint().width()))
                     + splitter.handleWidth() for w in parts if w is not None and w is not self)
        window = self.window()
        if window is splitter or window.minimumWidth() <= 0:  # no smallest window: no limit
            return splitter.width()
        surplus = max(0, window.width() - window.minimumWidth())
        return splitter.width() - surplus - others - self._tab_frames()

    def _tab_frames(self) -> int:
        """What the tab widgets around the page ask for beyond what they give it: one in
        document mode gives its page the whole width yet asks for its frame's besides."""
        extra = 0
        widget = self.parentWidget()
        while widget is not None and not widget.isWindow():
            page = widget.currentWidget() if isinstance(widget, QTabWidget) else None
            if isinstance(widget, QTabWidget) and page is not None:
                pages = (widget.widget(i) for i in range(widget.count()))
                widest = max(p.minimumSizeHint().width() for p in pages if p is not None)
                frame = widget.minimumSizeHint().width() - widest
                extra += max(0, frame - (widget.width() - page.width()))
            widget = widget.parentWidget()
        return extra

    def event(self, event: QEvent) -> bool:
        # the splitter hears of the content's new needs only through this widget's geometry
        if event.type() == QEvent.Type.LayoutRequest and self.isVisible():
            needed = self._needed_width()
            # a step up, but no wider than the smallest window has room for (the first layout
            # request may come while the column is still narrower than its content)
            wanted = max(needed, min(self._stepped(needed), self._room()))
            if wanted > self._least_width and (needed > self.width() or not self._least_width):
                self._least_width = wanted  # the reserve, from the first layout on, or a step
                self.updateGeometry()
        return super().event(event)


class ResultBanner(QFrame):
    """The end of the game: the winner(s), the scores, the game's detail, where it is saved."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("result")
        self.setStyleSheet(BANNER_STYLE)
        self.headline = QLabel(self)
        font = self.headline.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.headline.setFont(font)
        self.headline.setWordWrap(True)
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.history_note = QLabel(self)
        self.history_note.setWordWrap(True)
        self.retry_button = QPushButton(self)  # the finished play's save failed: again
        self.retry_button.setObjectName("retry_save")
        self.retry_button.setVisible(False)
        self.replay_button = QPushButton(self)
        self.replay_button.setObjectName("replay")
        # it sits at the top of the side column (never above the board, whose room it would
        # take): its buttons go under the note, not beside it
        button_row = QHBoxLayout()
        button_row.addWidget(self.retry_button)
        button_row.addWidget(self.replay_button)
        button_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(2)
        for label in (self.headline, self.detail, self.history_note):
            layout.addWidget(label)
        layout.addLayout(button_row)


class MoveList(LineList):
    """The move list, kept line by line: a move adds its line, an undo removes lines; the
    record is never replayed to show it. A move with its draws ("… · drew Red · drew Blue")
    wraps."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._entries: list[RecordEntry] = []
        #: per line: the entries it shows, [first, end)
        self._spans: list[tuple[int, int]] = []
        #: whose eyes the lines were written for (a move reads differently to its own seat);
        #: (None, True) in a game without hidden information
        self._eyes: tuple[int | None, bool] = (None, True)

    def sync(self, position: Position, screens: PlayScreens) -> None:
        """Show `position.entries`: only the lines that changed are touched; every line again
        when another seat looks (hot-seat: a line written for its own seat may name cards the
        next person must not see)."""
        entries = position.entries
        shared = min(len(self._entries), len(entries))
        if shared and self._entries[shared - 1] != entries[shared - 1]:
            shared = 0  # another game: start again
        hidden = position.state.has_hidden_information()
        eyes = (position.viewer, position.everything) if hidden else (None, True)
        if eyes != self._eyes:
            self._eyes = eyes
            shared = 0
        if shared < len(self._entries):
            self._cut(shared, position, screens)
        added = len(entries) > len(self._entries)
        for index in range(len(self._entries), len(entries)):
            self._add(index, entries, position, screens)
        if added:
            self.scrollToBottom()

    def forget(self) -> None:
        """Empty, for another game."""
        self.clear()
        self._entries, self._spans = [], []

    def redo_texts(self, position: Position, screens: PlayScreens) -> None:
        """Every line again (the language changed)."""
        self._cut(0, position, screens)
        self.sync(position, screens)

    def line_at(self, entries: int) -> int:
        """The last line made of the first `entries` entries (-1: none)."""
        lines = [i for i, (_first, end) in enumerate(self._spans) if end <= entries]
        return lines[-1] if lines else -1

    def entries_through(self, line: int) -> int:
        """How many entries the lines up to `line` show."""
        return self._spans[line][1]

    def mark(self, entries: int) -> None:
        """Select the line of the position after `entries` entries (a replay), quietly."""
        line = self.line_at(entries)
        if line == self.currentRow():
            return  # the person chose it (a scroll now would move the line under the mouse)
        self.blockSignals(True)
        self.setCurrentRow(line)
        self.blockSignals(False)
        if line >= 0:
            self.scrollToItem(self.item(line))

    def _cut(self, length: int, position: Position, screens: PlayScreens) -> None:
        """Keep what the first `length` entries show (an undo, a step back)."""
        while self._spans and self._spans[-1][0] >= length:
            self._spans.pop()
            self.takeItem(self.count() - 1)
        old, again = self._entries, length
        if self._spans and self._spans[-1][1] > length:  # the last line loses its tail
            again = self._spans.pop()[0]
            self.takeItem(self.count() - 1)
        self._entries = old[:again]
        for index in range(again, length):
            self._add(index, old, position, screens)

    def _add(self, index: int, entries: Sequence[RecordEntry], position: Position,
             screens: PlayScreens) -> None:
        entry = entries[index]
        self._entries.append(entry)
        if entry.is_chance:
            shown = screens.chance_text(entry)
            if shown is None:
                return
            if self._spans:
                self._spans[-1] = (self._spans[-1][0], index + 1)
                item = self.item(self.count() - 1)
                self.set_line(item, item.text() + shown)
                return
            self._spans.append((index, index + 1))
            self.add_line(shown.strip())
            return
        names = position.names
        who = names[entry.seat] if 0 <= entry.seat < len(names) else f"#{entry.seat}"
        self._spans.append((index, index + 1))
        number = sum(not entries[first].is_chance for first, _end in self._spans)
        self.add_line(f"{number}. {who}: {screens.move_text(entry, position)}")


# --- the frame --------------------------------------------------------------------------------
class PlayFrame(QWidget):
    """The Play page of one game: `start(setup)` begins a game, `resume(play)` goes on."""

    finished = Signal(object)  # Outcome
    #: The person asked for a new game (after confirming); the library shows its form.
    new_game_requested = Signal()
    #: Replay mode: a line of the move list was chosen (the entries up to that line).
    replay_line_chosen = Signal(int)

    def __init__(self, ctx: AppContext | None, game_id: str, screens: PlayScreens,
                 parent: QWidget | None = None, *, animate: bool = True) -> None:
        super().__init__(parent)
        ensure_cjk_font()
        self.ctx, self.game_id, self.screens = ctx, game_id, screens
        self.animate = animate
        self.controller: GameController | None = None
        self.seen_by: int | None = None  # the last person who looked at the hidden parts
        self._position: Position | None = None
        self.replay: Replay | None = None  # replay mode: the record looked at
        self._replay_seats: list[Seat] = []
        self._replay_eyes: tuple[int | None, bool] = (None, False)
        self._build()
        # the parts beside the board paint a turn of the event loop after it: a timer's
        # turn (a zero-delay single shot would be a posted call, run with the board's paint)
        self._side_release = QTimer(self)
        self._side_release.setSingleShot(True)
        self._side_release.setInterval(0)
        self._side_release.timeout.connect(self._release_side_paint)
        language().changed.connect(self.retranslate)
        palette_events().changed.connect(self.retranslate)  # side texts in new colours
        self.retranslate()

    # --- building ----------------------------------------------------------------------------
    def _build(self) -> None:
        self.seat_panel = SeatPanel(self)
        self.turn_label = WrappedLabel("", self)
        font = self.turn_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.turn_label.setFont(font)
        # two lines from the start: a prompt that wraps mid-game does not take the board's room
        self.turn_label.set_least_lines(2)
        self.busy = BusyStrip(self)
        self.result_panel = ResultBanner(self)
        self.result_panel.setVisible(False)
        self.result_panel.replay_button.clicked.connect(self.replay_finished_game)
        self.result_panel.retry_button.clicked.connect(self.retry_save)
        self.board, self.side_panel = self.screens.build(self)
        self.moves_title = QLabel(self)
        self.moves = MoveList(self)
        self.moves.currentRowChanged.connect(self._move_line_chosen)
        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.result_panel)  # the board keeps its room at the end
        if self.side_panel is not None:
            side_layout.addWidget(self.side_panel)
        side_layout.addWidget(self.moves_title)
        side_layout.addWidget(self.moves, 1)
        self.moves.setMinimumHeight(80)
        scroll = SideScroll(self)
        scroll.setWidget(side)
        self.side_scroll = scroll
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.board)
        self.splitter.addWidget(scroll)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.cover = QStackedWidget(self)
        self.cover.addWidget(self.splitter)
        self.cover.addWidget(self._build_handoff())
        self.undo_button = QPushButton(self)
        self.undo_button.clicked.connect(self.undo)
        self.new_button = QPushButton(self)
        self.new_button.setObjectName("frame_new_game")
        self.new_button.clicked.connect(self.request_new_game)
        self.pdf_button = QPushButton(self)
        self.pdf_button.clicked.connect(self._ask_pdf)
        self.pdf_button.setVisible(False)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setStyleSheet(ERROR_STYLE)
        self.status.setVisible(False)
        self.timer_widget = PlayTimerWidget(parent=self)  # the game's time (Ctrl+T pauses)
        self.timer_widget.add_shortcut(self)
        self.timer_widget.setVisible(False)
        self.timer_widget.changed.connect(self._timer_toggled)  # pausing it pauses the game
        self._timer_live = False  # the controller started: its timer's pause is the game's
        buttons = self._buttons_row = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.new_button)
        buttons.addSpacing(8)
        buttons.addWidget(self.busy, 0, Qt.AlignmentFlag.AlignVCenter)  # no line of its own
        buttons.addStretch(1)
        buttons.addWidget(self.pdf_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        turn_row = QHBoxLayout()
        turn_row.addWidget(self.turn_label, 1)
        turn_row.addWidget(self.timer_widget, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.seat_panel)
        layout.addLayout(turn_row)
        layout.addWidget(self.cover, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        undo = QShortcut(QKeySequence.StandardKey.Undo, self)
        undo.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        undo.activated.connect(self.undo)
        self._add_keys()

    def _add_keys(self) -> None:
        """Keyboard play (issue 37): 1–9 press the move buttons in the order shown, `?` / F1
        list the page's keys; the board's own keys come from its `SpotKeys`."""
        for number in range(1, 10):
            shortcut = QShortcut(QKeySequence(str(number)), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda n=number: self.press_move_button(n))
        add_key_help(self, self.key_rows)
        words(self, "Play", "対局", "setAccessibleName")
        #: the keyboard cursors of the board and side panel (refreshed at every position)
        self.spot_keys: list[SpotKeys] = self.findChildren(SpotKeys)

    def key_rows(self) -> list[KeyRow]:
        """Every key of this page: the board's (when it has a keyboard cursor), the game's own
        and the frame's."""
        board = list(BOARD_ROWS) if self.spot_keys else []
        return [
            KeyRow("Tab / Shift+Tab", "Move between the board, the buttons and the lists",
                   "盤・ボタン・一覧の間を移動"),
            *board,
            *self.screens.key_rows(),
            KeyRow("1 … 9", "Press the move buttons, in the order shown",
                   "手のボタンを表示順に押す"),
            KeyRow("Ctrl+Z", "Undo", "待った"),
            KeyRow(TIMER_KEYS, "Pause or resume the game", "一時停止 / 再開"),
            help_key_row(self),
        ]

    def ordered_move_buttons(self) -> list[QPushButton]:
        """The move buttons shown, top to bottom and left to right (their shortcut order)."""
        def place(button: QPushButton) -> tuple[int, int]:
            at = button.mapTo(self, button.rect().topLeft())
            return at.y(), at.x()

        return sorted((b for b in self.move_buttons() if b.isEnabled()), key=place)

    def press_move_button(self, number: int) -> None:
        """The shortcut `number` (1–9): the move button in that place, if there is one."""
        buttons = self.ordered_move_buttons()
        if 0 < number <= len(buttons):
            buttons[number - 1].click()

    def _number_move_buttons(self) -> None:
        """Each move button tells its shortcut to a screen reader (and in its tooltip)."""
        for number, button in enumerate(self.ordered_move_buttons()[:9], start=1):
            button.setAccessibleDescription(tr(f"Shortcut: {number}", f"ショートカット: {number}"))

    def _build_handoff(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        layout.addStretch(1)
        self.handoff_label = QLabel(page)
        self.handoff_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.handoff_label.setWordWrap(True)
        font = self.handoff_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.handoff_label.setFont(font)
        self.reveal_button = QPushButton(page)
        self.reveal_button.setObjectName("reveal")
        self.reveal_button.setSizePolicy(QSizePolicy.Policy.Preferred,
                                         QSizePolicy.Policy.Fixed)
        self.reveal_button.clicked.connect(self.reveal)
        layout.addWidget(self.handoff_label)
        layout.addWidget(self.reveal_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        return page

    # --- starting ----------------------------------------------------------------------------
    def start(self, setup: Any) -> None:
        """Begin a new game from a new-game setup (seats, options, seed); `ValueError` with a
        sentence for a setup the game refuses."""
        seats = seats_from(setup.seats)
        self._attach(GameController(self.ctx, self.screens.new_game(self.game_id, setup),
                                    seats, parent=self))

    def resume(self, play: PlayRecord) -> None:
        """Go on with an autosaved play at exactly its saved position."""
        self._attach(GameController.resumed(self.ctx, play, parent=self))

    def record(self) -> GameRecord | None:
        """The record shown: the game's so far, or in replay mode the part that replays."""
        if self.replay is not None:
            record = self.replay.record
            return GameRecord(record.game_id, record.num_players, record.seed,
                              dict(record.options), list(self.replay.entries), dict(record.meta))
        return self.controller.game.record if self.controller is not None else None

    # --- replay mode -------------------------------------------------------------------------
    def enter_replay(self, replay: Replay, seats: Sequence[Seat], controls: QWidget) -> None:
        """Become a read-only viewer of `replay` (no game runs): `controls` replaces Undo, New
        game and Print; positions come through `show_position(Position(..., live=False))`."""
        if self.controller is not None:
            self.controller.close()
            self.controller = None
        self.replay, self._replay_seats = replay, list(seats)
        for button in (self.undo_button, self.new_button, self.pdf_button, self.timer_widget):
            button.setVisible(False)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(layout.indexOf(self._buttons_row), controls)
        self.seat_panel.set_count(len(seats))
        self.result_panel.setVisible(False)
        self.screens.game_started()
        self._show_replay_moves()

    def _show_replay_moves(self) -> None:
        """The whole record in the move list (lines are marked as positions are shown), as
        the replay's viewer may read it (`show_replay_eyes`)."""
        replay = self.replay
        assert replay is not None
        last = replay.state(len(replay) - 1)
        viewer, everything = self._replay_eyes
        self.moves.forget()
        self.moves.sync(Position(last, replay.entries, (), tuple(self._replay_seats),
                                 self.seat_names(), viewer, last.to_move(), live=False,
                                 everything=everything),
                        self.screens)

    def show_replay_eyes(self, viewer: int | None, everything: bool) -> None:
        """Replay mode: the move list as `viewer` reads it (`everything`: every hidden part,
        asked for once the game is over); written again only when that changes."""
        if (viewer, everything) != self._replay_eyes:
            self._replay_eyes = (viewer, everything)
            if self.replay is not None:
                self._show_replay_moves()

    def _move_line_chosen(self, row: int) -> None:
        if self.replay is not None and row >= 0:
            self.replay_line_chosen.emit(self.moves.entries_through(row))

    def replay_finished_game(self) -> QWidget | None:
        """The result banner's Replay: the finished game in a replay window."""
        from ui.play.replay import open_replay

        if self.controller is None or self.controller.final_play is None:
            return None
        try:
            return open_replay(self.ctx, self.controller.final_play, self.window())
        except ValueError as exc:
            self.say(str(exc))
            return None

    def _attach(self, controller: GameController) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller = controller
        self.seen_by = None
        controller.bot_delay_ms = BOT_PAUSE_MS if self.animate else 0
        controller.state_changed.connect(self.refresh)
        controller.thinking.connect(self._thinking_changed)
        controller.chance_drawn.connect(self.screens.on_chance)
        controller.game_over.connect(self._game_over)
        controller.error.connect(self.say)
        controller.saved.connect(self._show_saved)
        controller.save_failed.connect(self._show_save_failed)
        self.timer_widget.set_timer(controller.timer)
        self.timer_widget.setVisible(True)
        self.timer_widget.setEnabled(True)
        self.seat_panel.set_count(len(controller.seats))
        self.result_panel.setVisible(False)
        self.pdf_button.setVisible(False)
        self.say("")
        self._position = None
        self.moves.forget()
        self.screens.game_started()
        self._timer_live = False
        self._set_paused(False)
        controller.start()  # its state_changed draws the first position
        self._timer_live = True

    # --- acting ------------------------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        return list(self._position.legal) if self._position is not None else []

    def play(self, move: Any) -> None:
        """A person's move from the board (one of `position.legal`)."""
        controller = self.controller
        if controller is None or not controller.is_human_turn() or self.is_covered():
            return
        if controller.paused:
            return  # the board takes no move while the game is paused
        self.say("")
        try:
            controller.play(move)  # the controller's state_changed redraws once
        except IllegalMoveError as exc:  # its position's text would name every hand
            self.say(tr(f"{isolate(str(exc.move))} is not allowed now.",
                        f"{isolate(str(exc.move))} は今は指せません。"))
        except (ValueError, RuntimeError) as exc:
            self.say(str(exc))

    def undo(self) -> None:
        """Take back the last move. From the hand-off screen nobody has said who holds the
        device: the seat whose move comes back is asked for first (its hand-off), so
        whoever pressed Undo sees no hand that is not theirs."""
        if self._undo_problem() is not None:
            return
        if self.is_covered():
            self.seen_by = None
        if self.controller is not None and self.controller.undo():
            self.result_panel.setVisible(False)
            self.say("")

    def is_paused(self) -> bool:
        """The game is paused (its timer stopped with Ctrl+T): no move, no computer thinks."""
        return self.controller is not None and self.controller.paused

    def _timer_toggled(self) -> None:
        """The timer was paused or resumed: the game with it (not after its end)."""
        c = self.controller
        if c is None or not self._timer_live:
            return
        paused = not c.timer.is_running() and not c.finished and not c.state.is_over()
        if paused != c.paused:
            if paused:
                c.pause()
            else:
                c.resume()
            self._set_paused(paused)
            if self._position is not None:
                self.turn_label.setText(self.turn_text(self._position))

    def _set_paused(self, paused: bool) -> None:
        for part in (self.board, self.side_panel):
            if part is not None:
                part.setEnabled(not paused)

    def reveal(self) -> None:
        """"I am <name>": the person to act may see the hidden parts now."""
        if self.controller is not None:
            self.seen_by = self.controller.to_move()
        self.refresh()

    def is_in_progress(self) -> bool:
        """A game that somebody has moved in and that is not over."""
        c = self.controller
        return (c is not None and not c.finished and not c.state.is_over()
                and any(not e.is_chance for e in c.game.record.entries))

    def request_new_game(self) -> bool:
        """New game: asks first while a game is going on; True when the person went ahead."""
        if self.is_in_progress() and not self._confirm_new_game():
            return False
        if self.controller is not None:
            self.controller.close()
        if self.receivers(SIGNAL("new_game_requested()")) > 0:
            self.new_game_requested.emit()
        else:
            self._new_game_dialog()
        return True

    def _confirm_new_game(self) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, tr("New game", "新しいゲーム"),
                          tr("Start a new game? This game stays in the History as "
                             "unfinished; you can continue it from there later.",
                             "新しいゲームを始めますか? このゲームは未完了として履歴に残り、"
                             "後でそこから続けられます。"),
                          QMessageBox.StandardButton.NoButton, self)
        yes = box.addButton(tr("New game", "新しいゲーム"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(tr("Keep playing", "続ける"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        return box.clickedButton() is yes

    def _new_game_dialog(self) -> None:
        from companion.games import registry
        from ui.new_game_dialog import NewGameDialog

        dialog = NewGameDialog(registry.get(self.game_id),
                               getattr(self.ctx, "settings", None), self)
        if dialog.exec() and dialog.setup is not None:
            try:
                self.start(dialog.setup)
            except ValueError as exc:
                self.say(str(exc))

    def move_buttons(self) -> list[QPushButton]:
        """The move buttons a board offers now (buttons named "move:<notation>")."""
        return [b for b in self.cover.findChildren(QPushButton)
                if b.objectName().startswith("move:") and b.isVisibleTo(self)]

    # --- showing -----------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """A seat's name: the person's, "Bot · <kind>", or "Seat n"; when two seats would read
        the same (two computers of one kind), each with its side or seat number."""
        seats = self._seats()
        if not 0 <= seat < len(seats):
            return tr(f"Seat {seat + 1}", f"席 {seat + 1}")
        name = seat_display_name(seats[seat], seat)
        if sum(seat_display_name(s, i) == name for i, s in enumerate(seats)) < 2:
            return name
        state = self.controller.state if self.controller is not None else (
            self.replay.state(0) if self.replay is not None else None)
        role = self.screens.seat_role(state, seat) if state is not None else ""
        return f"{name} ({role or seat + 1})"

    def seat_names(self) -> tuple[str, ...]:
        return tuple(self.seat_name(i) for i in range(len(self._seats())))

    def _seats(self) -> list[Seat]:
        """Who sits where: the game's seats, or the replayed play's."""
        return list(self.controller.seats) if self.controller is not None \
            else self._replay_seats

    def position(self) -> Position:
        """The live game as the frame shows it now."""
        c = self.controller
        assert c is not None
        state = c.state
        seat = c.to_move()
        viewer: int | None = seat if seat >= 0 else None
        shown = state
        if state.is_over():
            viewer = None
        elif state.has_hidden_information():
            viewer = self._viewer(seat)
            shown = state.view(viewer)
        legal = c.legal_moves() if c.is_human_turn() else []
        return Position(shown, tuple(c.game.record.entries), tuple(legal), tuple(c.seats),
                        self.seat_names(), viewer, seat,
                        c.thinking_seat())

    def _viewer(self, seat: int) -> int:
        """Whose eyes the hidden parts are shown through."""
        assert self.controller is not None
        humans = self.controller.human_seats()
        if seat in humans and (len(humans) == 1 or seat == self.seen_by):
            return seat
        if len(humans) == 1:
            return humans[0]
        if self.seen_by is not None:
            return self.seen_by
        return max(seat, 0)

    def needs_handoff(self) -> bool:
        """Hot-seat with hidden information and the next person has not looked yet."""
        c = self.controller
        if c is None or c.finished or c.state.is_over():
            return False
        if not c.state.has_hidden_information() or not c.is_human_turn():
            return False
        if not self.screens.private_information:
            return False
        return len(c.human_seats()) > 1 and c.to_move() != self.seen_by

    def is_covered(self) -> bool:
        return self.cover.currentIndex() == 1

    def refresh(self, *_: object) -> None:
        """Draw the live game (once per move: the controller's `state_changed`)."""
        if self.controller is None:
            return
        self._hold_side_paint()
        covered = self.needs_handoff()
        self.cover.setCurrentIndex(1 if covered else 0)
        position = self.position()
        if covered:
            position = Position(position.state, position.entries, (), position.seats,
                                position.names, position.viewer, position.to_move,
                                position.thinking)
        self.show_position(position, draw_board=not covered)

    def show_position(self, position: Position, *, draw_board: bool = True) -> None:
        """Show `position` (the live game, or a position of a replay)."""
        self._position = position
        if draw_board:
            self.screens.show(position)
            if self.side_panel is not None:
                # a label that gained a wrapped line kept its old height otherwise (the side
                # column's layout remembered the panel's height for its width)
                self.side_panel.updateGeometry()
            if position.live:
                before = self.moves.count()
                self.moves.sync(position, self.screens)
                if self.moves.count() > before or position.is_over():
                    self._announce_move(position)
            else:
                self.moves.mark(len(position.entries))
            for keys in self.spot_keys:
                keys.refresh()
        self._show_seats(position)
        self.turn_label.setText(self.turn_text(position))
        self._show_handoff(position)
        self._show_buttons()
        self._number_move_buttons()

    def _announce_move(self, position: Position) -> None:
        """A move made (or the end): its line of the move list and whose turn it is now, said
        to a screen reader and kept as the page's accessible description."""
        last = self.moves.item(self.moves.count() - 1) if self.moves.count() else None
        parts = [strip_isolates(last.text())] if last is not None else []
        parts.append(strip_isolates(self.turn_text(position)))
        text = " — ".join(part for part in parts if part)
        self.setAccessibleDescription(text)
        announce(self, text)

    def _show_seats(self, position: Position) -> None:
        state = position.state
        for seat, card in enumerate(self.seat_panel.cards):
            who = position.seats[seat]
            role = self.screens.seat_role(state, seat)
            # the role below tells two computers of one kind apart: the name needs no suffix
            name = seat_display_name(who, seat) if role else position.names[seat]
            card.name.set_line(name, whole=not who.name)  # only a typed name is ever cut
            if who.is_bot:  # the name says "Bot" already: the role alone, whole
                card.kind.set_line(role or tr("Computer", "コンピューター"))
            else:
                card.kind.set_line(" · ".join(part for part in (tr("Person", "人"), role)
                                              if part))
            card.score.setText(self.screens.score_line(state, seat))
        self._show_notes(position)

    def _show_notes(self, position: Position) -> None:
        """Who is thinking (or the game's note) and whose turn it is, on each seat card."""
        over = position.is_over()
        for seat, card in enumerate(self.seat_panel.cards):
            thinking = position.thinking == seat
            card.note.setText(tr("thinking…", "考え中…") if thinking
                              else self.screens.seat_note(position.state, seat))
            card.fit_columns(position.seats[seat].is_bot)
            card.set_turn(position.to_move == seat and not over)
            card.say_who(position.to_move == seat and not over)

    def _thinking_changed(self, *_: object) -> None:
        """A computer started or stopped thinking: the bar, its seat and the turn line."""
        if self.controller is None or self._position is None:
            return
        self._hold_side_paint()
        p = self._position
        self._position = Position(p.state, p.entries, p.legal, p.seats, p.names, p.viewer,
                                  p.to_move, self.controller.thinking_seat(), p.live)
        self._show_notes(self._position)  # names, scores and roles are as the move left them
        self.turn_label.setText(self.turn_text(self._position))
        self.busy.set_busy(self._position.thinking is not None)

    def _side_parts(self) -> tuple[QWidget, ...]:
        return (self.seat_panel, self.turn_label, self.busy)

    def _hold_side_paint(self) -> None:
        """Let the seat cards, the turn line and the busy strip paint one turn of the event
        loop after the board: their texts change now, with the move, but their paint (both
        seat cards change at every turn) no longer adds to the board's in one stretch of
        the window's time; a move's repaint took 3–8 ms, beside 2–10 ms to show it, and an
        animation frame has 16. A person sees both in the same frame or the next. (The move
        list is left out: held, it would be repainted whole, not just its new line.)"""
        if self._side_release.isActive():
            return
        for part in self._side_parts():
            part.setUpdatesEnabled(False)
        self._side_release.start()

    def _release_side_paint(self) -> None:
        for part in self._side_parts():
            part.setUpdatesEnabled(True)  # which repaints each part whole

    def turn_text(self, position: Position) -> str:
        if position.is_over():
            outcome = position.state.outcome() if not position.live else None
            over = tr("The game is over.", "ゲーム終了。")
            return f"{over} {self.screens.headline(outcome, position.names)}" if outcome \
                else over
        seat = position.to_move
        if seat < 0:
            return ""
        if position.live and self.is_paused():
            return tr(f"Paused — press {TIMER_KEYS} or Resume to go on.",
                      f"一時停止中 — {TIMER_KEYS} か「再開」で続けます。")
        name = isolate(position.names[seat])
        if not position.live:
            return tr(f"To move: {name}", f"手番: {name}")
        if position.seats[seat].is_bot:
            from ui.new_game_dialog import limit_text

            limit = limit_text(position.seats[seat].bot or "")  # " (up to 3 s)"
            return tr(f"{name} is thinking{limit}…", f"{name} が考えています{limit}…")
        prompt = self.screens.prompt(position) if position.legal else ""
        head = tr(f"{name}, your turn.", f"{name} さんの番です。")
        return f"{head} {prompt}" if prompt else head

    def _show_handoff(self, position: Position) -> None:
        seat = position.to_move
        if not self.is_covered() or seat < 0:
            return
        name = isolate(position.names[seat])
        noun_en, noun_ja = self.screens.private_noun
        self.handoff_label.setText(tr(f"Pass the device to {name}.",
                                      f"{name} さんに渡してください。"))
        self.reveal_button.setText(tr(f"I am {name} — show my {noun_en}",
                                      f"{name} です — {noun_ja}を見る"))

    def _undo_problem(self) -> str | None:
        position = self._position
        return self.screens.undo_problem(position) if position is not None else None

    def _show_buttons(self) -> None:
        c = self.controller
        problem = self._undo_problem() if c is not None and c.can_undo() else None
        self.undo_button.setEnabled(c is not None and c.can_undo() and problem is None)
        self.undo_button.setToolTip(problem or "")
        self.busy.set_busy(c is not None and c.thinking_seat() is not None)
        self.pdf_button.setVisible(c is not None and c.final_play is not None)

    def say(self, text: str) -> None:
        """Show an error or status sentence under the buttons ("" hides the line)."""
        self.status.setText(text)
        self.status.setVisible(bool(text))

    # --- the end -----------------------------------------------------------------------------
    def _game_over(self, outcome: Outcome | None) -> None:
        self._show_buttons()
        self.timer_widget.setEnabled(False)  # the time played is kept with the play
        if outcome is None or self.controller is None:
            return
        self._fill_result(outcome)
        self.result_panel.setVisible(True)
        self.side_scroll.verticalScrollBar().setValue(0)  # the banner tops the side column
        self.finished.emit(outcome)

    def _fill_result(self, outcome: Outcome) -> None:
        assert self.controller is not None
        names = list(self.seat_names())
        panel = self.result_panel
        panel.headline.setText(self.screens.headline(outcome, names))
        scores = ", ".join(f"{isolate(name)}: {score_text(score)}"
                           for name, score in zip(names, outcome.scores, strict=False))
        lines = [tr(f"Scores — {scores}", f"得点 — {scores}")]
        detail = self.screens.outcome_detail(self.controller.state, outcome, names)
        if detail:
            lines.append(detail)
        panel.detail.setText("\n".join(lines))
        panel.setAccessibleName(strip_isolates(panel.headline.text()))
        panel.setAccessibleDescription(strip_isolates(panel.detail.text()))
        self._show_save_state()

    def _show_save_state(self) -> None:
        """Where the finished play is: on its way, its number in the History, or why it is
        not there yet with a Retry button (the controller's `saved` / `save_failed`)."""
        c, panel = self.controller, self.result_panel
        saving = c is not None and c.saving
        pending = c is not None and c.save_pending and not saving
        panel.retry_button.setVisible(pending)
        if saving:
            panel.history_note.setText(tr("Saving to the History…", "履歴に保存しています…"))
        elif pending:
            panel.history_note.setText(c.save_problem() if c is not None else "")
        elif c is not None and c.final_play is not None and c.play_id is not None \
                and self.ctx is not None:
            panel.history_note.setText(tr(f"Saved in the History as play #{c.play_id}.",
                                          f"履歴に対局 #{c.play_id} として保存しました。"))
        else:
            panel.history_note.setText("")

    def _show_saved(self, _play_id: int) -> None:
        self._show_save_state()

    def _show_save_failed(self, _message: str) -> None:
        self.say("")  # the banner says it, with its Retry button
        self._show_save_state()

    def retry_save(self) -> None:
        """The banner's Retry: save the finished play again."""
        if self.controller is not None and self.controller.retry_save():
            self._show_save_state()

    def export_pdf(self, path: Path) -> None:
        """The result sheet of the finished game (the game's own layout when it has one)."""
        from ui.shell.common import write_play_pdf

        if self.controller is None or self.controller.final_play is None:
            raise ValueError(tr("the game is not over yet", "ゲームはまだ終わっていません"))
        write_play_pdf(self.controller.final_play, path)

    def _ask_pdf(self) -> None:
        from ui.pdf_dialog import save_pdf

        save_pdf(self, f"{self.game_id}-result.pdf", self.export_pdf,
                 lambda en, ja: self.say(tr(en, ja)))

    # --- language, closing -------------------------------------------------------------------
    def retranslate(self, *_: object) -> None:
        self.moves_title.setText(tr("Moves", "手順"))
        self.undo_button.setText(tr("Undo (Ctrl+Z)", "待った (Ctrl+Z)"))
        self.new_button.setText(tr("New game…", "新しいゲーム…"))
        self.pdf_button.setText(tr("Print result sheet…", "結果シートを印刷…"))
        self.result_panel.replay_button.setText(tr("Replay", "リプレイ"))
        self.result_panel.retry_button.setText(tr("Retry saving", "もう一度保存"))
        self.screens.retranslate()
        if self.replay is not None:
            self._show_replay_moves()  # the replay view shows its position again
            return
        if self.controller is None:
            return
        self.refresh()
        if self._position is not None and not self.is_covered():
            self.moves.redo_texts(self._position, self.screens)
        outcome = self.controller.state.outcome() if self.controller.finished else None
        if outcome is not None:
            self._fill_result(outcome)

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop any computer still thinking (the autosave keeps the game)."""
        if self.controller is not None:
            self.controller.close()


# --- words ------------------------------------------------------------------------------------
def seat_display_name(seat: Seat, index: int) -> str:
    """The person's name, "Bot · <kind>" for a computer, or "Seat n"."""
    if seat.name:
        return seat.name
    if seat.bot:
        return bot_name(seat.bot, language().code)
    return tr(f"Seat {index + 1}", f"席 {index + 1}")


def score_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def result_headline(outcome: Outcome, names: Sequence[str]) -> str:
    """"Winner: X", "Shared victory: X, Y" or "Draw — nobody won"."""
    winners = [isolate(names[i]) for i in sorted(outcome.winners) if i < len(names)]
    if len(winners) == 1:
        return tr(f"Winner: {winners[0]}", f"勝者: {winners[0]}")
    if winners:
        return tr("Shared victory: " + ", ".join(winners), "同点優勝: " + "、".join(winners))
    return tr("Draw — nobody won", "引き分け(勝者なし)")
