"""Digital play of the 紙机戦 card games inside the shared `PlayFrame`: what every card game's
screen has, so that a game adds only its table and its words (`ui/games/nincetkaik/<game>.py`).

The board, top to bottom: the round (season, hand, deal), the 山札, the 親 and the pot as point
sticks; every other seat's card count (backs) and public cards; the game's table (discards,
shared cards, roads); the result of the last round (the cards shown, who took what); the
viewer's hand and own public cards; the moves on offer. The side panel is the points of every
seat after each round. Only the seat that may see a hand sees it: the frame draws
`state.view(viewer)` and covers the board between two people (hand-off screen).

Moves are chosen as a person would: click cards to select them (in the hand, the shared cards,
a road…) and the buttons offer the legal moves that use exactly those cards; moves without
cards (pass, fold, declare…) are always buttons; bets are buttons per amount, or an amount
and one button when there are many. A double click on a card plays the one move that uses
that card alone (a discard). The screens never decide a rule: every button is one of
`position.legal`, and a game only says which cards a move uses (`move_parts`) and how it
reads. Undo is offered only where it reveals nothing (`cardgame.undo_reveals_nothing`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QPoint, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from companion.core.api import Outcome
from companion.core.record import RecordEntry
from companion.display import end_reason
from companion.games.nincetkaik.cardgame import Amount, CardsMove, undo_reveals_nothing
from companion.games.nincetkaik.deck import Card
from companion.games.nincetkaik.printing import ROUNDS
from companion.games.nincetkaik.texts import cards_text, hidden_keep, move_text
from ui.context import AppContext
from ui.games.nincetkaik.cards import CardRow, SticksView, card_drawing_jobs
from ui.i18n import language, tr
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.keys import KeyRow
from ui.play.seat_table import name_headers
from ui.play.widgets import (
    ElidedLabel,
    IdleWork,
    ScrollContent,
    WrappedLabel,
    clear_layout,
    isolate,
    words,
)

HAND_HEIGHT = 84
TABLE_HEIGHT = 64
SMALL_HEIGHT = 40
#: Backs shown for a hidden hand (the count is written beside them).
MAX_BACKS = 8
#: Bet amounts shown as one button each; more become an amount box and one button.
BET_BUTTONS = 6
#: A push button's width beyond its label's (frame and margins of the style).
BUTTON_PADDING = 28
BOX_STYLE = ("QFrame#zone { background: palette(base); border: 1px solid #d8cfbd; "
             "border-radius: 6px; }")
RESULT_STYLE = ("QFrame#result_box { background: #fbf6e6; border: 1px solid #c9a24a; "
                "border-radius: 6px; }")


def lang() -> str:
    return language().code


def round_name(game_id: str, number: int) -> str:
    """"第2季節" / "Season 2"."""
    ja, en, _ = ROUNDS[game_id]
    return f"第{number}{ja}" if lang() == "ja" else f"{en} {number}"


def parent_words(position: Position) -> str:
    """"親: 花子" (empty before the 親 is drawn)."""
    seat = position.state.parent
    if not 0 <= seat < len(position.names):
        return ""
    name = isolate(position.names[seat])
    return tr(f"親: {name}", f"親: {name}")


def deck_words(state: Any) -> str:
    return tr(f"Deck: {state.deck_size}", f"山札 {state.deck_size}枚")


def cards_count(count: int) -> str:
    """"1 card", "5 cards" / "5枚"."""
    return tr(f"{count} card" if count == 1 else f"{count} cards", f"{count}枚")


def joined(*parts: str) -> str:
    return " · ".join(p for p in parts if p)


def hand_parts(move: Any) -> dict[str, tuple[Any, ...]] | None:
    """`CardScreens.move_parts` of a game whose card moves lay cards from the hand: a
    `CardsMove`'s cards are the hand's; any other move is a button."""
    if isinstance(move, CardsMove):
        return {"hand": move.cards}
    return None


def zone_frame(parent: QWidget) -> tuple[QFrame, QVBoxLayout]:
    box = QFrame(parent)
    box.setObjectName("zone")
    box.setStyleSheet(BOX_STYLE)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(6, 4, 6, 4)
    layout.setSpacing(2)
    return box, layout


def caption(parent: QWidget, bold: bool = False) -> QLabel:
    """A line of plain text over cards; rewritten at most moves, it lays the board out again
    only when it needs another number of lines (`WrappedLabel`)."""
    label = WrappedLabel("", parent)
    if bold:
        font = label.font()
        font.setBold(True)
        label.setFont(font)
    return label


class CardsWithCaption(QWidget):
    """A caption and a row of cards (public cards of a seat, a result's hand)."""

    def __init__(self, parent: QWidget, height: int = SMALL_HEIGHT) -> None:
        super().__init__(parent)
        self.label = caption(self)
        self.row = CardRow(height, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(self.label)
        layout.addWidget(self.row)

    def set(self, text: str, cards: Sequence[Card | None], highlighted: Sequence[int] = ()) \
            -> None:
        self.label.setText(text)
        self.label.setVisible(bool(text))
        self.row.set_cards(list(cards), highlighted=highlighted)


#: Rows of cards a `CardGroups` makes ahead of need (a seat's 役, a round's hands, the plays
#: of a trick: rarely more).
ROWS_AHEAD = 4


class CardGroups(QWidget):
    """Several captioned rows. Rows are kept between moves and only hidden when fewer are
    shown: making and deleting the widgets (each a label and a row of cards) at every card
    played cost more of the window's time than anything they show.

    With `keep_space`, a row once shown stays (blank when unused) until `forget_space`: a
    table that fills up during a round keeps its height, so what is below it does not move at
    every card played (and the board is not laid out and painted again as a whole)."""

    #: The caption of a blank row: a space keeps the caption's line.
    BLANK = " "

    def __init__(self, parent: QWidget, height: int = SMALL_HEIGHT, *,
                 keep_space: bool = False) -> None:
        super().__init__(parent)
        self.height_ = height
        self.keep_space = keep_space
        self._space = 0  # rows to keep in sight
        self._shown = 0  # rows in sight now (the rest are hidden and blank)
        self.rows: list[CardsWithCaption] = []
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(2)

    def set(self, groups: Sequence[tuple[str, Sequence[Card | None]]]) -> None:
        self.prepare(len(groups))
        self._space = max(self._space, len(groups)) if self.keep_space else len(groups)
        blank = (self.BLANK, ()) if self.keep_space else ("", ())
        for index in range(max(self._space, self._shown)):  # the rest stay hidden and blank
            row = self.rows[index]
            text, cards = groups[index] if index < len(groups) else blank
            row.set(text, cards)
            # now, not at the layout's queued show: the board lays out at once
            row.setVisible(index < self._space)
        self._shown = self._space
        self.setVisible(self._space > 0)

    def prepare(self, count: int) -> None:
        """Have at least `count` rows, the new ones hidden: made ahead of need (`ROWS_AHEAD`,
        while the window is idle), a row costs nothing when a round's result or a play
        first needs it, while a bot's move is being shown."""
        while len(self.rows) < count:
            row = CardsWithCaption(self, self.height_)
            row.hide()
            self.box.addWidget(row)
            self.rows.append(row)

    def forget_space(self) -> None:
        """A new game: the rows kept in sight go (the next `set` shows what it needs)."""
        self._space = 0


def prepare_ahead(groups: CardGroups) -> None:
    """Make `groups`' rows ahead of need (an `IdleWork` job), unless it is gone meanwhile: a
    seat's box goes when the seats shown change (a replay's viewer), its jobs still queued."""
    if isValid(groups):
        groups.prepare(ROWS_AHEAD)


class SeatBox(QFrame):
    """One other seat: its name, what it did, its hand as backs (or faces once shown) and its
    public cards."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("zone")
        self.setStyleSheet(BOX_STYLE)
        self.name = ElidedLabel("", self)
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.status = ElidedLabel("", self)
        self.hand = CardRow(SMALL_HEIGHT, self)
        self.public = CardGroups(self, SMALL_HEIGHT)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.setSpacing(1)
        layout.addWidget(self.name)
        layout.addWidget(self.status)
        layout.addWidget(self.hand)
        layout.addWidget(self.public)


class BetBar(QWidget):
    """Bets: a button per amount (a few), or an amount box and one button (many)."""

    def __init__(self, screens: CardScreens, parent: QWidget) -> None:
        super().__init__(parent)
        self.screens = screens
        self.amount = words(QSpinBox(self), "Bet amount", "賭ける額", "setAccessibleName")
        self.amount.setObjectName("bet_amount")
        self.amount.valueChanged.connect(self._relabel)
        line = self.amount.lineEdit()
        if line is not None:
            line.returnPressed.connect(self._bet)  # Enter in the box bets
        self.button = QPushButton(self)
        self.button.clicked.connect(self._bet)
        self.buttons = QGridLayout()
        self.verb = "bet"
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.amount)
        row.addWidget(self.button, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.buttons)
        layout.addLayout(row)
        self.moves: list[Amount] = []

    def show_bets(self, moves: Sequence[Amount]) -> None:
        self.moves = list(moves)
        clear_layout(self.buttons)
        many = len(moves) > BET_BUTTONS
        for widget in (self.amount, self.button):
            widget.setVisible(many)
        if many:
            self.verb = moves[0].verb
            self.amount.setRange(min(m.amount for m in moves), max(m.amount for m in moves))
            self.button.setObjectName(f"move:{self.verb}")
            self._relabel()
        else:
            for i, move in enumerate(moves):
                button = self.screens.move_button(move, self)
                self.buttons.addWidget(button, i // 3, i % 3)
                button.show()
        self.setVisible(bool(moves))

    def _relabel(self, *_: object) -> None:
        self.button.setText(self.screens.bet_label(self.amount.value()))

    def _bet(self) -> None:
        wanted = Amount(self.verb, self.amount.value())
        if wanted in self.moves:
            self.screens.play_move(wanted)


class CardBoard(QScrollArea):
    """The board: it scrolls up and down when the window is small. Its scroll bar keeps its
    room even when there is nothing to scroll: one that came and went with the content's
    height changed the width the rows of cards wrap at, and the board was laid out again
    (up to three times at a deal)."""

    def __init__(self, screens: CardScreens, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        content = ScrollContent(self)
        self.setWidget(content)
        self.layout_ = QVBoxLayout(content)
        self.layout_.setContentsMargins(2, 2, 2, 2)
        self.layout_.setSpacing(6)
        self.content = content

    def sizeHint(self) -> QSize:
        return QSize(540, 480)  # the splitter gives the cards the larger share

    def fit_now(self) -> None:
        """Lay the content out at once for the viewport's width. Left to posted layout
        requests, rows of cards that wrap settle one level per event-loop pass, and a
        screen shown in between draws them squeezed."""
        content = self.content
        layout = content.layout()
        if layout is None:
            return
        inner = [each for w in content.findChildren(QWidget)
                 if w.isVisibleTo(content) and (each := w.layout()) is not None]
        inner.sort(key=_depth, reverse=True)
        for _ in range(3):  # a new height may need one more pass (rows that wrap anew)
            for each in inner:  # innermost first: each passes its new hints outwards
                each.activate()
            layout.activate()
            width = self.viewport().width()
            height = max(content.heightForWidth(width), self.viewport().height())
            if content.width() == width and content.height() == height:
                return
            content.resize(width, height)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_now()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.isVisible():
            self.fit_now()


def _depth(layout: QLayout) -> int:
    """How many widgets enclose the layout's widget."""
    depth = 0
    widget = layout.parentWidget()
    while widget is not None:
        depth += 1
        widget = widget.parentWidget()
    return depth


class CardScreens(PlayScreens):
    """The part of the play page every 紙机戦 game shares. A game overrides `build_table` /
    `show_table` (its shared cards), `move_parts` / `move_label` (how moves use cards and
    read), `seat_status` / `seat_public` (what a seat shows), `info_text` and `result`."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.frame: PlayFrame | None = None
        self.position: Position | None = None
        self.selection: dict[str, list[int]] = {}
        self.zones: dict[str, CardRow] = {}
        self.zone_values: dict[str, list[Any]] = {}
        self._shown_entries = -1
        self._shown_points: tuple[Any, ...] | None = None

    # --- building ----------------------------------------------------------------------------
    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.frame = frame
        board = self.board = CardBoard(self, frame)
        self.ahead = IdleWork(board)
        # A person's decision stays in sight while the page settles (a wrapped hint or a
        # caption changes the board's height after the first scroll).
        self._deciding = False
        board.verticalScrollBar().rangeChanged.connect(self._settle_scroll)
        content = board.content
        layout = board.layout_
        header = QHBoxLayout()
        self.info_label = caption(content, bold=True)
        self.pot_view = SticksView(content)
        header.addWidget(self.info_label, 1)
        header.addWidget(self.pot_view)
        layout.addLayout(header)
        self.others = QGridLayout()
        self.others.setSpacing(4)
        self.seat_boxes: list[SeatBox] = []
        layout.addLayout(self.others)
        self.table_widget = self.build_table(content)
        if self.table_widget is not None:
            layout.addWidget(self.table_widget)
        self.hand_box, hand_layout = zone_frame(content)
        self.hand_title = caption(self.hand_box, bold=True)
        self.own_public = CardGroups(self.hand_box, SMALL_HEIGHT)
        self.hand_row = CardRow(HAND_HEIGHT, self.hand_box, clickable=True,
                                name=("Your hand", "あなたの手札"))
        self.hand_row.setObjectName("hand")
        hand_layout.addWidget(self.hand_title)
        hand_layout.addWidget(self.own_public)
        hand_layout.addWidget(self.hand_row)
        self.extra_private = CardsWithCaption(self.hand_box, TABLE_HEIGHT)
        self.extra_private.row.clickable = True
        hand_layout.addWidget(self.extra_private)
        layout.addWidget(self.hand_box)
        self.add_zone("hand", self.hand_row)
        self.add_zone("drawn", self.extra_private.row)
        self.hint_label = caption(content)
        self.hint_label.setStyleSheet("color: #6b5d45;")
        layout.addWidget(self.hint_label)
        self.buttons = QGridLayout()
        self.buttons.setSpacing(4)
        layout.addLayout(self.buttons)
        self.bets = BetBar(self, content)
        layout.addWidget(self.bets)
        self.result_box = QFrame(content)
        self.result_box.setObjectName("result_box")
        self.result_box.setStyleSheet(RESULT_STYLE)
        result_layout = QVBoxLayout(self.result_box)
        result_layout.setContentsMargins(6, 4, 6, 4)
        self.result_label = caption(self.result_box)
        self.result_cards = CardGroups(self.result_box, SMALL_HEIGHT)
        result_layout.addWidget(self.result_label)
        result_layout.addWidget(self.result_cards)
        layout.addWidget(self.result_box)
        layout.addStretch(1)
        return board, self.build_side(frame)

    #: The side panel shows the points after each round (games without points: False).
    has_points = True

    def build_side(self, parent: QWidget) -> QWidget | None:
        """The points of every seat after each round."""
        if not self.has_points:
            return None
        side = QWidget(parent)
        self.points_title = words(QLabel(side), "Points after each round", "ラウンドごとの点数")
        self.points_table = words(QTableWidget(side), "Points after each round",
                                  "ラウンドごとの点数", "setAccessibleName")
        self.points_table.setTabKeyNavigation(False)  # arrows within the table; Tab goes on
        self.points_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.points_table.verticalHeader().setDefaultSectionSize(22)
        header = self.points_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(36)
        self.points_table.setMinimumHeight(110)
        layout = QVBoxLayout(side)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.points_title)
        layout.addWidget(self.points_table, 1)
        return side

    def add_zone(self, key: str, row: CardRow) -> None:
        """A row of cards the person selects from (`move_parts` names it by `key`); by keys,
        Space selects the card under the cursor, Enter plays it (`enter`), Esc puts every
        selected card back."""
        self.zones[key] = row
        row.card_clicked.connect(lambda index, k=key: self.toggle(k, index))
        row.card_activated.connect(lambda index, k=key: self.activate(k, index))
        row.enter_activates = True
        row.card_entered.connect(lambda index, k=key: self.enter(k, index))
        row.cancelled.connect(self.clear_selection)

    # --- hooks of a game ---------------------------------------------------------------------
    def build_table(self, parent: QWidget) -> QWidget | None:
        """The game's shared cards (discards, shared cards, roads), or None."""
        return None

    def show_table(self, position: Position) -> None:
        """Draw the game's table; register selectable values with `set_zone`."""

    def info_text(self, position: Position) -> str:
        """The header: round, 山札, 親 … in the interface language."""
        return ""

    def pot(self, state: Any) -> int | None:
        return None

    def seat_status(self, state: Any, seat: int) -> str:
        """What a seat did this round ("加行 3", "降りた")."""
        return ""

    def seat_public(self, state: Any, seat: int) -> list[tuple[str, list[Card]]]:
        """A seat's face-up cards as captioned groups (laid-out 役)."""
        return []

    def hand_note(self, state: Any, seat: int) -> str:
        """What the viewer's hand makes now ("2枚セット"), from the engine's hand values."""
        return ""

    def private_extra(self, state: Any, seat: int) -> tuple[str, list[Card]]:
        """Private cards outside the hand (値戦's two drawn cards)."""
        return "", []

    def move_parts(self, move: Any) -> dict[str, tuple[Any, ...]] | None:
        """The cards (per zone) a move uses; None: a move without cards (a button)."""
        return None

    def always_offered(self, move: Any) -> bool:
        """A move with cards that is a button without selecting them (few such moves)."""
        return False

    def move_label(self, move: Any, state: Any) -> str:
        return move_text(self.game_id, str(move), lang())

    def bet_label(self, amount: int) -> str:
        return move_text(self.game_id, f"bet {amount}", lang())

    def result(self, state: Any, names: Sequence[str]) -> tuple[str, list[tuple[str,
                                                                             list[Card]]]]:
        """The last round's result: a sentence and the cards shown."""
        return "", []

    def mark_selection(self, position: Position) -> None:
        """Show the selection in the game's own zones (roads)."""

    def hint(self, position: Position) -> str:
        """What clicking does now (under the moves)."""
        return ""

    def round_points(self, state: Any) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """(starting points, points after each round)."""
        start = int(state.options.get("stock", 0)) if "stock" in state.options else \
            getattr(state, "start_points", 0)
        return (start,) * state.num_players, tuple(state.round_points)

    # --- selection ---------------------------------------------------------------------------
    def set_zone(self, key: str, values: Sequence[Any]) -> None:
        """The values a selection in zone `key` stands for (its cards, or road numbers)."""
        self.zone_values[key] = list(values)

    def toggle(self, key: str, index: int) -> None:
        if self.position is None or not self.position.legal:
            return
        chosen = self.selection.setdefault(key, [])
        if index in chosen:
            chosen.remove(index)
        else:
            chosen.append(index)
        self._show_choice(self.position)

    def activate(self, key: str, index: int) -> None:
        """A double click: the one move that uses this card alone, if there is one."""
        if self.position is None or self.frame is None:
            return
        value = self._value(key, index)
        moves = [m for m in self.position.legal
                 if self.move_parts(m) == {key: (value,)}]
        if len(moves) == 1:
            self.frame.play(moves[0])

    def enter(self, key: str, index: int) -> None:
        """Enter on a card: the one move that uses this card alone, if there is one;
        otherwise the card is selected (or put back), as a click does."""
        if self.position is None or self.frame is None:
            return
        value = self._value(key, index)
        moves = [m for m in self.position.legal if self.move_parts(m) == {key: (value,)}]
        if len(moves) == 1 and not self.selected_values():
            self.frame.play(moves[0])
        else:
            self.toggle(key, index)

    def clear_selection(self) -> None:
        """Esc: every selected card goes back."""
        if self.position is not None and self.selection:
            self.selection = {}
            self._show_choice(self.position)

    def key_rows(self) -> list[KeyRow]:
        return [KeyRow("Space", "Select the card under the cursor, or put it back",
                       "カーソルの札を選ぶ / 戻す"),
                KeyRow("Enter", "Play the card under the cursor (or select it when the move "
                       "needs more cards)", "カーソルの札を出す(札がもっと要る手なら選ぶ)"),
                KeyRow("Esc", "Put back every selected card", "選んだ札をすべて戻す")]

    def _value(self, key: str, index: int) -> Any:
        values = self.zone_values.get(key, [])
        return values[index] if 0 <= index < len(values) else None

    def selected_values(self) -> dict[str, list[Any]]:
        return {key: sorted(self._value(key, i) for i in chosen)
                for key, chosen in self.selection.items() if chosen}

    def matching(self, legal: Sequence[Any]) -> list[Any]:
        """The legal moves that use exactly the selected cards in every zone with a
        selection."""
        chosen = self.selected_values()
        if not chosen:
            return []
        found = []
        for move in legal:
            parts = self.move_parts(move)
            if parts is None or self.always_offered(move):
                continue
            if all(sorted(parts.get(key, ())) == values for key, values in chosen.items()):
                found.append(move)
        return found

    def playable(self, legal: Sequence[Any]) -> dict[str, set[Any]]:
        """Per zone, the values some legal move uses (the other cards are dimmed)."""
        found: dict[str, set[Any]] = {}
        for move in legal:
            for key, values in (self.move_parts(move) or {}).items():
                found.setdefault(key, set()).update(values)
        return found

    # --- showing -----------------------------------------------------------------------------
    def game_started(self) -> None:
        self.selection = {}
        self._shown_entries = -1
        self._shown_points = None
        # a card first dealt mid-game would be drawn while a bot's move is shown
        # (the rows of other seats and of played cards are made later, at their own sizes)
        heights = {SMALL_HEIGHT, *(g.height_ for g in self.board.findChildren(CardGroups))}
        self.ahead.add(card_drawing_jobs(self.board.findChildren(CardRow), heights))
        self.ahead.add(partial(prepare_ahead, groups)
                       for groups in self.board.findChildren(CardGroups))

    def show(self, position: Position) -> None:
        self.position = position
        if len(position.entries) != self._shown_entries or not position.legal:
            self.selection = {}
            self._shown_entries = len(position.entries)
        state = position.state
        self.info_label.setText(self.info_text(position))
        pot = self.pot(state)
        self.pot_view.setVisible(pot is not None)
        if pot is not None:
            self.pot_view.set_points(pot, tr("Pot", "場"))
        self._show_others(position)
        self.show_table(position)
        self._show_result(position)
        self._show_hand(position)
        self._show_choice(position)
        if self.has_points:
            self._show_points(position)
        self.board.fit_now()
        self._deciding = bool(position.legal)
        if position.legal:  # the person's turn: their hand and the moves in sight
            QTimer.singleShot(0, self.board, self._scroll_to_moves)

    def _settle_scroll(self) -> None:
        if self._deciding:
            self._scroll_to_moves()

    def _scroll_to_moves(self) -> None:
        """Scroll so that the hand and the move buttons show (as much as fits)."""
        content = self.board.content
        top = self.hand_box.mapTo(content, QPoint(0, 0)).y()
        last = self.bets if self.bets.isVisible() else self.hint_label
        items = [self.buttons.itemAt(i) for i in range(self.buttons.count())]
        shown = [w for w in (last, *(item.widget() for item in items if item is not None))
                 if w is not None and w.isVisible()]
        # In the board's own coordinates: the buttons sit in a box of their own.
        bottom = max((w.mapTo(content, QPoint(0, w.height())).y() for w in shown), default=top)
        self.board.ensureVisible(0, (top + bottom) // 2, 0, max(0, (bottom - top) // 2))
        focus = self.decision_focus(self.position) if self.position is not None else None
        if focus is None or not focus.isVisible():
            return
        if focus.height() + 8 <= self.board.viewport().height():
            self.board.ensureWidgetVisible(focus, 0, 4)
        else:  # taller than the board: from its top (Qt would show its middle)
            top = focus.mapTo(self.board.content, focus.rect().topLeft()).y()
            self.board.verticalScrollBar().setValue(max(0, top - 4))

    def decision_focus(self, position: Position) -> QWidget | None:
        """What the person must look at to decide, when it is not the hand (the two cards
        drawn, the roads, the 役 to beat): scrolled into sight when their turn starts."""
        return None

    def _show_others(self, position: Position) -> None:
        state = position.state
        seats = [s for s in range(state.num_players) if s != position.viewer]
        while len(self.seat_boxes) > len(seats):
            box = self.seat_boxes.pop()
            self.others.removeWidget(box)
            box.deleteLater()
        while len(self.seat_boxes) < len(seats):
            box = SeatBox(self.board.content)
            self.ahead.add([partial(prepare_ahead, box.public)])
            index = len(self.seat_boxes)
            self.others.addWidget(box, index // 3, index % 3)
            box.show()
            self.seat_boxes.append(box)
        for box, seat in zip(self.seat_boxes, seats, strict=True):
            box.name.setText(position.names[seat])
            count = state.hand_size(seat)
            status = self.seat_status(state, seat)
            box.status.setText(joined(cards_count(count), status))
            # faces only where every hidden part is asked for (a finished play's replay):
            # a game over shows no hand the rules did not turn up (a folded 値戦 hand)
            known = state.hands[seat] if position.everything and not state.hidden[seat] else []
            shown: list[Card | None] = list(known) if known else [None] * min(count, MAX_BACKS)
            who = position.names[seat]
            box.hand.row_name = (f"{who}'s hand", f"{who} の手札")  # heard before its cards
            box.hand.set_cards(shown)
            box.public.set(self.seat_public(state, seat))

    def _show_result(self, position: Position) -> None:
        text, groups = self.result(position.state, position.names)
        self.result_label.setText(text)
        self.result_cards.set(groups)
        self.result_box.setVisible(bool(text))

    def _show_hand(self, position: Position) -> None:
        viewer = position.viewer
        self.hand_box.setVisible(viewer is not None)
        if viewer is None:
            return
        state = position.state
        name = isolate(position.names[viewer])
        note = self.hand_note(state, viewer)
        title = tr(f"{name}'s hand", f"{name} の手札")
        self.hand_title.setText(f"{title} — {note}" if note else title)
        self.own_public.set(self.seat_public(state, viewer))
        self.set_zone("hand", state.hands[viewer])
        text, extra = self.private_extra(state, viewer)
        self.set_zone("drawn", extra)
        self.extra_private.set(text, extra)
        self.extra_private.setVisible(bool(extra))

    def _show_choice(self, position: Position) -> None:
        """Selections, dimmed cards, the move buttons and the bet bar."""
        legal = position.legal
        playable = self.playable(legal)
        for key, row in self.zones.items():
            values = self.zone_values.get(key, [])
            dim = [i for i, v in enumerate(values) if key in playable and v not in playable[key]]
            row.set_cards(values, selected=self.selection.get(key, []), dimmed=dim)
        self.mark_selection(position)
        clear_layout(self.buttons)
        bets = [m for m in legal if isinstance(m, Amount) and m.verb == "bet"]
        plain = [m for m in legal if m not in bets and
                 (self.move_parts(m) is None or self.always_offered(m))]
        chosen_moves = self.matching(legal)
        offered = [*chosen_moves, *plain]
        labels = [self.move_label(m, position.state) for m in offered]
        columns = self.button_columns(labels)
        for i, (move, label) in enumerate(zip(offered, labels, strict=True)):
            button = self.move_button(move, self.board.content, label)
            self.buttons.addWidget(button, i // columns, i % columns)
            button.show()
        self.bets.show_bets(bets)
        hint = self.hint(position) if legal else ""
        if self.selected_values() and not chosen_moves and legal:
            hint = tr("No move uses exactly these cards: click a card again to put it back.",
                      "この札の組み合わせで出せる手はありません。札をもう一度クリックすると戻せます。")
        self.hint_label.setText(hint)
        self.hint_label.setVisible(bool(hint))

    def button_columns(self, labels: Sequence[str]) -> int:
        """How many move buttons stand side by side (up to three): as many as the board's
        width holds with the widest label whole — Japanese labels are short in characters
        but wide on screen."""
        if not labels:
            return 1
        metrics = self.board.fontMetrics()
        widest = max(metrics.horizontalAdvance(t) for t in labels) + BUTTON_PADDING
        room = self.board.viewport().width() - 8
        return max(1, min(3, (room + 4) // (widest + 4)))

    def move_button(self, move: Any, parent: QWidget, label: str | None = None) -> QPushButton:
        text = label if label is not None else (
            self.bet_label(move.amount) if isinstance(move, Amount) else
            self.move_label(move, self.position.state if self.position else None))
        button = QPushButton(text, parent)
        button.setObjectName(f"move:{move}")
        button.setMinimumHeight(30)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        button.clicked.connect(lambda _=False, m=move: self.play_move(m))
        button.show()
        return button

    def play_move(self, move: Any) -> None:
        if self.frame is not None:
            self.frame.play(move)

    def _show_points(self, position: Position) -> None:
        """The points after each round; rewritten only when a round ends (or the names or
        the language change), not at every card played."""
        start, rounds = self.round_points(position.state)
        names = list(position.names)
        shown = (language().code, tuple(names), tuple(start), tuple(map(tuple, rounds)))
        if shown == self._shown_points:
            return
        self._shown_points = shown
        table = self.points_table
        name_headers(table, names)
        table.setRowCount(len(rounds) + 1)
        table.setVerticalHeaderLabels([tr("Start", "開始")] +
                                      [round_name(self.game_id, n)
                                       for n in range(1, len(rounds) + 1)])
        for r, points in enumerate([start, *rounds]):
            for c, value in enumerate(points):
                item = table.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                    table.setItem(r, c, item)
                item.setText(str(value))
        table.scrollToBottom()

    # --- the frame's text hooks --------------------------------------------------------------
    def move_text(self, entry: RecordEntry, position: Position) -> str:
        text = entry.move
        if entry.seat != position.viewer and not position.everything:
            # only its own seat reads the card a 値戦 seat kept or a 行戦 seat put face down
            # (live, at the end, in a replay), unless a finished play's replay shows all
            text = hidden_keep(text)
        return move_text(self.game_id, text, lang())

    def score_line(self, state: Any, seat: int) -> str:
        points = state.points[seat]
        return tr(f"{points} pts", f"{points} 点")

    def seat_note(self, state: Any, seat: int) -> str:
        parts = []
        if state.parent == seat:
            parts.append(tr("親", "親"))
        parts.append(cards_count(state.hand_size(seat)))
        return " · ".join(parts)

    def undo_problem(self, position: Position) -> str | None:
        seats = [i for i, seat in enumerate(position.seats) if not seat.is_bot]
        every = len(seats) == len(position.seats)
        last = next((e.seat for e in reversed(position.entries)
                     if not e.is_chance and (every or e.seat in seats)), None)
        if last is None or undo_reveals_nothing(position.entries, last):
            return None
        return tr("Undo is off: a card was dealt, drawn or turned up since that move.",
                  "待ったはできません: その手の後に札が配られたか、引かれたか、表になりました。")

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        reason = end_reason(self.game_id, outcome.detail, lang())
        return tr(f"The game ended: {reason}.", f"終了の理由: {reason}。") if reason else ""

    def cards_words(self, cards: Sequence[Card]) -> str:
        return cards_text(cards, lang())


def play_view_for(screens: Callable[[str], CardScreens]) -> Callable[..., PlayFrame]:
    """A game's `play_view(ctx, game_id, animate=True)`: the play frame with its screens."""

    def play_view(ctx: AppContext | None, game_id: str, *, animate: bool = True) -> PlayFrame:
        return PlayFrame(ctx, game_id, screens(game_id), animate=animate)

    return play_view
