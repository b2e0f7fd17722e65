"""Sorani digital play inside the shared `PlayFrame`, on the app's own reconstruction of the
boards and tiles (said so at the top of the side panel).

The board (left) is one player's board drawn from the state — the seat to move's, or any
other chosen in the tabs above it — with the legal spots of the held tile chosen highlighted;
R, the wheel or a right click turns a branch tile. The side panel shows the round and the phase
track, this round's display of star clusters and branch tiles (a person's picks are its
buttons, trades for a planet below them), the planet track with the clusters' marks and the
face-down reserve as a count, the tiles in hand, the special-feature cards face up (and the
cards drawn), the score so far per category for every board (the score pad's own code) and the
bonus tiles. Nothing stays private to one seat, so hot-seat people need no hand-off screen
(the reserve is hidden from everybody; two drawn cards are chosen from at once and both end
face up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QIcon,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPen,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from companion import colours
from companion.core.api import Outcome
from companion.display import strip_isolates
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.moves import Discard, DrawCards, Keep, Place, Take, TakeCard
from companion.games.sorani.rules import SoraniState
from companion.games.sorani.scoring import FEATURE_KEYS, GameResult
from companion.games.sorani.texts import end_reason, move_text
from companion.games.sorani.tracker import Phase
from ui import zoom
from ui.context import AppContext
from ui.games.sorani import labels
from ui.games.sorani.board_tabs import BoardTab, BoardTabs
from ui.games.sorani.board_widget import NIGHT, BoardCanvas, paint_round, tile_pixmap
from ui.i18n import language, tr
from ui.play.frame import PlayFrame, PlayScreens, Position, seat_display_name
from ui.play.keys import KeyRow, Spot, SpotKeys
from ui.play.seat_table import put_text
from ui.play.widgets import (
    ElidedLabel,
    PictureCache,
    RichLabel,
    WrappedLabel,
    clear_layout,
    isolate,
    words,
)

#: Rows of the score-so-far table: (keys summed, English, Japanese).
SCORE_ROWS = (
    (("planets",), "Planets", "惑星"),
    (("guiding",), "Guiding stars", "導きの星"),
    (("clusters",), "Star clusters", "星団"),
    (FEATURE_KEYS, "Special features", "特別な地形"),
    (("branches",), "Branches", "枝"),
    (("bonus",), "Bonus tiles", "ボーナス"),
)


def cross_words(board: Any, cross: int) -> str:
    """A cross between round spaces as a screen reader says it: "cross C4 · a branch"."""
    name = catalogue().lattice.cross_name(cross)
    held = board.crosses[cross] if cross < len(board.crosses) else 0
    return tr(f"cross {name} · " + ("a branch" if held else "empty"),
              f"交点 {name} · " + ("枝あり" if held else "空き"))


def _move_button(move: Any, text: str, parent: QWidget, frame: PlayFrame,
                 icon: str | None = None) -> QPushButton:
    button = QPushButton(text, parent)
    button.setObjectName(f"move:{move}")
    button.setToolTip(move_text(str(move), language().code))
    if icon is not None:
        button.setIcon(QIcon(tile_pixmap(icon)))
        button.setIconSize(QSize(26, 26))
    button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    button.clicked.connect(lambda _=False, m=move: frame.play(m))
    return button


@dataclass(frozen=True)
class Offer:
    """A button of a `ButtonGrid`: the move it plays (None: shown, not to take now)."""

    move: Any
    text: str
    name: str
    icon: str | None = None


class ButtonGrid:
    """A grid of move buttons kept from move to move: their texts, icons and moves change, and
    a button is made only when more are needed (a grid rebuilt per move would make the panel
    lay itself out anew each time)."""

    def __init__(self, layout: QGridLayout, parent: QWidget, frame: PlayFrame,
                 columns: int) -> None:
        self.layout, self.parent, self.frame, self.columns = layout, parent, frame, columns
        self.buttons: list[QPushButton] = []
        self.moves: list[Any] = []

    def offer(self, offers: Sequence[Offer]) -> None:
        while len(self.buttons) < len(offers):
            index = len(self.buttons)
            button = QPushButton(self.parent)
            button.setIconSize(QSize(26, 26))
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, i=index: self._clicked(i))
            self.layout.addWidget(button, index // self.columns, index % self.columns)
            self.buttons.append(button)
        self.moves = [o.move for o in offers]
        lang = language().code
        for button, offer in zip(self.buttons, offers, strict=False):
            button.setText(offer.text)
            button.setObjectName(offer.name)
            button.setIcon(QIcon(tile_pixmap(offer.icon)) if offer.icon else QIcon())
            button.setEnabled(offer.move is not None)
            button.setToolTip(move_text(str(offer.move), lang) if offer.move else "")
            button.setVisible(True)
        for button in self.buttons[len(offers):]:
            button.setVisible(False)

    def _clicked(self, index: int) -> None:
        if index < len(self.moves) and self.moves[index] is not None:
            self.frame.play(self.moves[index])


class TrackWidget(QWidget):
    """The planet track: its spaces (a planet's colour, or empty) and, below, the marks where
    a traded star cluster looks."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.track: list[str] = []
        self._picture = PictureCache()
        self.setMinimumWidth(150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        """The spaces and, below them, a line of the marks' text (both grow with the
        interface's size)."""
        line = round(self.mark_font_metrics().height())
        return QSize(240, max(44, 8 + 2 * zoom.scaled(10) + line))

    def minimumSizeHint(self) -> QSize:
        return QSize(150, self.sizeHint().height() - 4)

    def mark_font(self) -> QFont:
        """The marks' font: 10 px at the interface's starting size."""
        font = QFont(self.font())
        font.setPixelSize(zoom.scaled(10))
        return font

    def mark_font_metrics(self) -> QFontMetricsF:
        return QFontMetricsF(self.mark_font())

    def set_track(self, track: Sequence[str]) -> None:
        self.track = list(track)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        self._picture.paint(self, (tuple(self.track), language().code), self._draw)

    def _draw(self, painter: QPainter) -> None:
        painter.fillRect(self.rect(), NIGHT)
        count = len(self.track) or catalogue().track_spaces
        step = (self.width() - 4) / count
        radius = min(step * 0.42, zoom.scaled(10))
        y = 4 + radius
        for index in range(count):
            centre = QPointF(2 + (index + 0.5) * step, y)
            code = self.track[index] if index < len(self.track) else ""
            paint_round(painter, code, centre, radius)
        painter.setFont(self.mark_font())
        line = self.mark_font_metrics().height()
        for stars, mark in catalogue().marks.items():
            x = 2 + (mark / 2 + 0.5) * step
            painter.setPen(QPen(QColor("#f6e7a8"), 1))
            painter.drawText(QRectF(x - 2 * line, y + radius + 1, 4 * line, line),
                             Qt.AlignmentFlag.AlignCenter, f"▲{stars}")
        painter.end()


class SoraniScreens(PlayScreens):
    """The board in front, and the round, display, track, hand, cards and scores beside it."""

    private_noun = ("board", "ボード")
    private_information = False

    def __init__(self) -> None:
        self.position: Position | None = None
        self.shown_seat: int | None = None  # a board chosen to look at (None: the mover's)
        self.tile: str | None = None  # the held tile chosen to place
        #: what each rebuilt part of the panel shows now (a part is rebuilt when it changes)
        self.shown: dict[str, Any] = {}
        #: the last boards scored and their result (the panel and every seat card ask)
        self._scored: tuple[Any, GameResult] | None = None

    def _changed(self, part: str, signature: Any) -> bool:
        """True (and remembered) when `part` must show something else than it does (in
        another language or colour palette too: the tiles' icons show the planets' colours)."""
        signature = (language().code, colours.current(), signature)
        if self.shown.get(part) == signature:
            return False
        self.shown[part] = signature
        return True

    def result(self, state: SoraniState) -> GameResult:
        """The engine's result for `state`'s boards, scored once per change of the boards
        (the score table and every seat's card show it after each move)."""
        return self._score(state)[1]

    def _score(self, state: SoraniState) -> tuple[Any, GameResult]:
        key = tuple(board.describe() for board in state.boards)
        if self._scored is None or self._scored[0] != key:
            self._scored = (key, state.result())
        return self._scored

    # --- building ----------------------------------------------------------------------------
    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.frame = frame
        area = QWidget(frame)
        self.seat_tabs = BoardTabs(area)
        self.seat_tabs.setObjectName("boards")
        self.seat_tabs.chosen.connect(self.look_at)
        self.board_label = ElidedLabel("", area)
        self.canvas = BoardCanvas(area)
        self.canvas.move_chosen.connect(frame.play)
        self.canvas.turned.connect(self._show_hint)
        self.keys = SpotKeys(self.canvas, self.spots, self.choose_spot,
                             name=("Sorani board", "ソラニのボード"))
        self.keys.moved.connect(self._follow_cursor)
        self.canvas.turned.connect(self.keys.refresh)
        next_tile = QShortcut(QKeySequence(Qt.Key.Key_T), self.canvas)
        next_tile.setContext(Qt.ShortcutContext.WidgetShortcut)
        next_tile.activated.connect(self.next_tile)
        self.hint = QLabel(area)
        self.hint.setWordWrap(True)
        area_layout = QVBoxLayout(area)
        area_layout.setContentsMargins(0, 0, 0, 0)
        area_layout.setSpacing(2)
        area_layout.addWidget(self.seat_tabs)
        area_layout.addWidget(self.board_label)
        area_layout.addWidget(self.canvas, 1)
        area_layout.addWidget(self.hint)
        return area, self._build_side(frame)

    def _build_side(self, frame: PlayFrame) -> QWidget:
        side = QWidget(frame)
        self.note = words(QLabel(side), "Played on the companion's own reconstruction of the "
                          "boards and tiles (see Rules).", "アプリ独自に再構成したボードと"
                          "タイルで遊びます(ルール参照)。")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #5a5a7a; font-style: italic;")
        self.round_label = WrappedLabel("", side)  # the labels rewritten after every move
        bold = self.round_label.font()
        bold.setBold(True)
        self.round_label.setFont(bold)
        self.track_label = RichLabel("", side)  # rewritten after every move
        self.display_box = words(QGroupBox(side), "Display", "場のタイル", "setTitle")
        self.display_grid = QGridLayout()
        self.planets = TrackWidget(self.display_box)
        self.planets_label = words(QLabel(self.display_box), "Planet track (▲ where a traded "
                                   "cluster of 2, 3, 4 stars looks)", "惑星トラック(▲: 交換する"
                                   "星団 2・3・4 の目印)")
        self.planets_label.setWordWrap(True)
        self.trade_grid = QGridLayout()
        display_layout = QVBoxLayout(self.display_box)
        display_layout.addLayout(self.display_grid)
        display_layout.addWidget(self.planets_label)
        display_layout.addWidget(self.planets)
        # the trades sit with the track they take a planet from, above the reserve's line
        self.trade_label = words(QLabel(self.display_box), "Or trade a cluster for a planet:",
                                 "または星団を惑星と交換:")
        self.trade_label.setObjectName("trade_prompt")
        self.trade_label.setWordWrap(True)
        display_layout.addWidget(self.trade_label)
        display_layout.addLayout(self.trade_grid)
        self.reserve_label = WrappedLabel("", self.display_box)
        self.reserve_label.setObjectName("reserve")
        display_layout.addWidget(self.reserve_label)
        self.display_buttons = ButtonGrid(self.display_grid, self.display_box, frame, 2)
        self.trade_buttons = ButtonGrid(self.trade_grid, self.display_box, frame, 1)
        self.hand_box = words(QGroupBox(side), "Your tiles", "手持ちのタイル", "setTitle")
        self.hand_row = QGridLayout(self.hand_box)
        self.hand_group = QButtonGroup(side)
        self.hand_group.setExclusive(True)
        self.cards_box = words(QGroupBox(side), "Special features", "特別な地形", "setTitle")
        self.cards_layout = QVBoxLayout(self.cards_box)
        self.scores_box = words(QGroupBox(side), "Score so far", "現在の得点", "setTitle")
        self.scores = QTableWidget(self.scores_box)
        self.scores.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scores.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.scores.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.scores.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.scores.setTextElideMode(Qt.TextElideMode.ElideRight)
        QVBoxLayout(self.scores_box).addWidget(self.scores)
        self.bonus_label = WrappedLabel("", side)
        layout = QVBoxLayout(side)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.note, self.round_label, self.track_label, self.display_box,
                       self.hand_box, self.cards_box, self.scores_box, self.bonus_label):
            layout.addWidget(widget)
        return side

    # --- showing -----------------------------------------------------------------------------
    def game_started(self) -> None:
        self.shown_seat, self.tile = None, None
        self.shown.clear()

    def show(self, position: Position) -> None:
        self.position = position
        state: SoraniState = position.state
        self._choose_tile(position)
        self._show_seats(position)
        self._show_board(position)
        self.round_label.setText(labels.round_line(state))
        self.track_label.setText(labels.track_html(state))
        self._show_display(position)
        self._show_hand(position)
        self._show_cards(position)
        self._show_scores(position)
        self.bonus_label.setText(tr("Bonus tiles: ", "ボーナスタイル: ")
                                 + " / ".join(labels.bonus_lines()))

    def mover_board(self, position: Position) -> int:
        """The board in front: the seat to move's (the first seat's once the game is over)."""
        return position.to_move if position.to_move >= 0 else (position.viewer or 0)

    def board_in_front(self, position: Position) -> int:
        if self.shown_seat is not None and self.shown_seat < len(position.names):
            return self.shown_seat
        return max(self.mover_board(position), 0)

    def _choose_tile(self, position: Position) -> None:
        """Keep the chosen held tile while it can still be placed, else the first that can
        (the board takes the keyboard then, so that R turns it)."""
        tiles = [m.tile for m in position.legal if type(m) is Place]
        if self.tile not in tiles:
            self.tile = tiles[0] if tiles else None
            if self.tile is not None:
                self.canvas.setFocus()

    def _show_seats(self, position: Position) -> None:
        """A button per board, named by the board (the seat's role), its owner's whole name
        as its tooltip."""
        state: SoraniState = position.state
        roles = tuple(self.seat_role(state, seat) for seat in range(len(position.names)))
        if not self._changed("seats", (position.names, roles)):
            return
        self.seat_tabs.set_tabs([
            BoardTab(role or tr(f"Seat {seat + 1}", f"席 {seat + 1}"),
                     strip_isolates(self._board_title(position, seat)))
            for seat, role in enumerate(roles)])
        self.seat_tabs.setCurrentIndex(self.board_in_front(position))

    def _board_title(self, position: Position, seat: int) -> str:
        """ "Board of <name> · <board>" (the name without the board that told two computers
        apart: the board follows)."""
        role = self.seat_role(position.state, seat)
        who = position.seats[seat] if seat < len(position.seats) else None
        name = isolate(seat_display_name(who, seat) if role and who is not None
                       else position.names[seat])
        return tr(f"Board of {name}", f"{name} のボード") + (f" · {role}" if role else "")

    def look_at(self, seat: int) -> None:
        """Show another board (the mover's again when it is the mover's seat)."""
        if self.position is None:
            return
        self.shown_seat = None if seat == self.mover_board(self.position) else seat
        self._show_board(self.position)

    def _show_board(self, position: Position) -> None:
        state: SoraniState = position.state
        seat = self.board_in_front(position)
        if not state.boards or seat >= len(state.boards):
            return
        board = state.boards[seat]
        mine = seat == position.to_move
        self.canvas.set_board(board, position.legal if mine else (),
                              self.tile if mine else None)
        self.board_label.setText(self._board_title(position, seat))
        self.seat_tabs.setCurrentIndex(seat)
        self._show_hint()

    # --- the keyboard ------------------------------------------------------------------------
    def spots(self) -> list[Spot]:
        """The round spaces and the crosses between them; where the tile in hand (turned as
        now) may go can be chosen."""
        canvas, board = self.canvas, self.canvas.board
        if board is None:
            return []
        lattice = catalogue().lattice
        step = canvas.step()
        crosses, spaces = canvas.legal_spots()
        if canvas.is_branch_in_hand():  # only where it fits as turned now
            crosses = {c for c in crosses if canvas.move_at(canvas.cross_centre(c))}
        found: list[Spot] = []
        for space in range(lattice.spaces):
            centre = canvas.space_centre(space)
            rect = QRectF(centre.x() - step / 2, centre.y() - step / 2, step, step)
            found.append(Spot(("space", space), rect, labels.space_tooltip(board, space),
                              space in spaces))
        for cross in range(lattice.crosses):
            centre = canvas.cross_centre(cross)
            rect = QRectF(centre.x() - step / 4, centre.y() - step / 4, step / 2, step / 2)
            found.append(Spot(("cross", cross), rect, cross_words(board, cross),
                              cross in crosses))
        return found

    def _spot_centre(self, key: tuple[str, int]) -> QPointF:
        kind, index = key
        return self.canvas.space_centre(index) if kind == "space" else \
            self.canvas.cross_centre(index)

    def choose_spot(self, key: tuple[str, int]) -> None:
        """Enter on a space or cross: the tile in hand goes there (as a click would)."""
        move = self.canvas.move_at(self._spot_centre(key))
        if move is not None:
            self.canvas.move_chosen.emit(move)

    def next_tile(self) -> None:
        """T on the board: the next held tile that can be placed (the keyboard's way round
        the tiles' buttons, which move the focus to the board once one is chosen)."""
        tiles = list(dict.fromkeys(m.tile for m in self.position.legal if type(m) is Place)) \
            if self.position is not None else []
        if tiles:
            after = tiles.index(self.tile) + 1 if self.tile in tiles else 0
            self.choose_tile(tiles[after % len(tiles)])

    def _follow_cursor(self, spot: Spot) -> None:
        """The tile in hand is shown where the keyboard's cursor is, as under the mouse."""
        self.canvas.hover = self._spot_centre(spot.key)
        self.canvas.update()

    def key_rows(self) -> list[KeyRow]:
        return [KeyRow("R / Shift+R", "Turn the branch in hand", "手持ちの枝を回す"),
                KeyRow("T", "The next tile in hand", "次の手持ちタイル"),
                KeyRow("Tab, Space", "Choose a tile in hand, take from the display",
                       "手持ちのタイルを選ぶ・場から取る")]

    def _show_hint(self) -> None:
        if self.canvas.is_branch_in_hand():
            turn = self.canvas.turn
            self.hint.setText(tr(f"Turned {turn}° — R, the wheel or a right click turns it.",
                                 f"{turn}° — R/ホイール/右クリックで回転。"))
        else:
            self.hint.setText("")
        self.hint.setVisible(bool(self.hint.text()))  # no empty line under the board

    def _show_display(self, position: Position) -> None:
        state: SoraniState = position.state
        self.planets.set_track(state.track)
        self.reserve_label.setText(labels.reserve_line(state))
        taking = state.phase not in (Phase.FEATURES, Phase.SCORING)
        self.display_box.setVisible(state.round > 0 and taking)
        takes = [str(m) for m in position.legal if type(m) is Take]
        if not self._changed("display", (tuple(state.clusters_shown),
                                         tuple(state.branches_shown), tuple(takes),
                                         tuple(state.track))):
            return
        legal = {str(m): m for m in position.legal if type(m) is Take}
        shown = state.clusters_shown + state.branches_shown
        offers = []
        for tile in dict.fromkeys(shown):
            count = shown.count(tile)
            move = legal.get(f"take {tile}")
            offers.append(Offer(move, tile + (f" ×{count}" if count > 1 else ""),
                                f"move:{move}" if move else f"shown:{tile}", tile))
        self.display_buttons.offer(offers)
        trades = [Offer(m, labels.move_button_text(m, state), f"move:{m}",
                        state.track[m.planet - 1]) for m in legal.values() if m.planet]
        self.trade_buttons.offer(trades)
        self.trade_label.setVisible(bool(trades))

    def _show_hand(self, position: Position) -> None:
        state: SoraniState = position.state
        seat = position.to_move
        held = state.boards[seat].held if 0 <= seat < len(state.boards) else []
        self.hand_box.setVisible(bool(held) and bool(position.legal))
        placeable = {m.tile for m in position.legal if type(m) is Place}
        discards = [str(m) for m in position.legal if type(m) is Discard]
        if not self._changed("hand", (tuple(held), tuple(sorted(placeable)), self.tile,
                                      tuple(discards))):
            return
        for button in self.hand_group.buttons():
            self.hand_group.removeButton(button)
        clear_layout(self.hand_row)
        tiles = list(dict.fromkeys(held))
        for index, tile in enumerate(tiles):
            button = QPushButton(labels.tile_name(tile), self.hand_box)
            button.setIcon(QIcon(tile_pixmap(tile)))
            button.setIconSize(QSize(26, 26))
            button.setCheckable(True)
            button.setChecked(tile == self.tile)
            button.setEnabled(tile in placeable)
            button.setObjectName(f"hand:{tile}")
            button.clicked.connect(lambda _=False, t=tile: self.choose_tile(t))
            self.hand_group.addButton(button)
            # one to a row: a row of every tile held widened the side column (and
            # narrowed the board) mid-game
            self.hand_row.addWidget(button, index, 0)
            button.show()
        for i, move in enumerate(m for m in position.legal if type(m) is Discard):
            button = _move_button(move, labels.move_button_text(move, state), self.hand_box,
                                  self.frame)
            self.hand_row.addWidget(button, len(tiles) + i, 0)
            button.show()

    def choose_tile(self, tile: str) -> None:
        self.tile = tile
        if self.position is not None:
            self._show_board(self.position)
            for button in self.hand_group.buttons():
                button.setChecked(button.objectName() == f"hand:{tile}")
            self.frame.turn_label.setText(self.frame.turn_text(self.position))
        self.canvas.setFocus()  # R turns the tile at once (the tile's button had the focus)

    def _show_cards(self, position: Position) -> None:
        state: SoraniState = position.state
        self.cards_box.setVisible(state.round > 0)
        legal = {str(m): m for m in position.legal
                 if type(m) in (TakeCard, DrawCards, Keep)}
        rows = tuple((v, tuple(r), len(state.decks[v])) for v, r in sorted(state.rows.items()))
        if not self._changed("cards", (rows, tuple(state.drawn), tuple(legal))):
            return
        clear_layout(self.cards_layout)
        for value in sorted(state.rows):
            title = QLabel(tr(f"★{value}: {len(state.decks[value])} in the deck",
                              f"★{value}: 山に {len(state.decks[value])} 枚"), self.cards_box)
            self.cards_layout.addWidget(title)
            for card in state.rows[value]:
                self._card_line(card, legal.get(f"card {card}"))
            draw = legal.get(f"draw {value}")
            if draw is not None:
                button = _move_button(draw, labels.move_button_text(draw, state),
                                      self.cards_box, self.frame)
                self.cards_layout.addWidget(button)
        drawn = [c for c in state.drawn if c != "?"]
        if drawn:
            self.cards_layout.addWidget(QLabel(tr("Drawn:", "引いたカード:"), self.cards_box))
            for card in drawn:
                self._card_line(card, legal.get(f"keep {card}"))

    def _card_line(self, card: str, move: Any) -> None:
        """A face-up or drawn card: its name (a button when it may be taken now) and its
        criterion in small print, one label where it can be (labels with a style sheet each
        are slow to show)."""
        feature = catalogue().feature(card)
        lang = language().code
        criterion = f"<small style='color:#555a70'>{escape(feature.text(lang))}</small>"
        label = QLabel(self.cards_box)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setToolTip(labels.feature_line(card))
        if move is not None:
            button = _move_button(move, labels.move_button_text(move, None), self.cards_box,
                                  self.frame, card)
            button.setToolTip(labels.feature_line(card))
            self.cards_layout.addWidget(button)
            label.setText(criterion)
        else:
            name = escape(f"★{feature.stars} {card} {feature.name(lang)}")
            label.setText(f"{name}<br>{criterion}")
        self.cards_layout.addWidget(label)

    def _show_scores(self, position: Position) -> None:
        state: SoraniState = position.state
        boards, result = self._score(state)
        if not self._changed("scores", (boards, position.names)):
            return
        n = len(position.names)
        self.scores.setColumnCount(n)
        self.scores.setRowCount(len(SCORE_ROWS) + 1)
        self.scores.setHorizontalHeaderLabels([_short(name) for name in position.names])
        self.scores.setVerticalHeaderLabels([tr(en, ja) for _, en, ja in SCORE_ROWS]
                                            + [tr("Total", "合計")])
        for seat in range(n):
            breakdown = result.breakdowns[seat] if seat < len(result.breakdowns) else {}
            values = [sum(breakdown.get(k, 0) for k in keys) for keys, _, _ in SCORE_ROWS]
            values.append(result.totals[seat] if seat < len(result.totals) else 0)
            for row, value in enumerate(values):
                item = put_text(self.scores, row, seat, str(value))
                if row == len(SCORE_ROWS) and not item.font().bold():
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
        for seat, name in enumerate(position.names):
            header = self.scores.horizontalHeaderItem(seat)
            if header is not None:
                header.setToolTip(name)
        table = self.scores
        rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setFixedHeight(rows + table.horizontalHeader().height() + 2 * table.frameWidth())

    # --- words -------------------------------------------------------------------------------
    def prompt(self, position: Position) -> str:
        return labels.prompt(position.state, position.legal, self.tile)

    def seat_role(self, state: Any, seat: int) -> str:
        if not state.boards or seat >= len(state.boards) or not state.boards[seat].spec:
            return ""
        return catalogue().board(state.boards[seat].spec).name(language().code)

    def score_line(self, state: Any, seat: int) -> str:
        if state.round == 0:
            return ""
        total = self.result(state).totals[seat]
        return tr(f"{total} VP", f"{total} 点")

    def seat_note(self, state: Any, seat: int) -> str:
        if state.round > 0 and seat == state.sun and not state.is_over():
            return tr("☀ sun", "☀ 太陽")
        return ""

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        lines = [end_reason(outcome.detail, language().code)]
        for seat, score in enumerate(outcome.scores):
            parts = outcome.breakdown[seat]
            # the categories that scored (the score table beside has every row): a banner
            # of every zero took the side column's height at the smallest window
            values = [(tr(en, ja), sum(parts.get(k, 0) for k in keys))
                      for keys, en, ja in SCORE_ROWS]
            shown = ", ".join(f"{label} {value:g}" for label, value in values if value)
            star = " ★" if seat in outcome.winners else ""
            lines.append(f"{isolate(names[seat])}: {score:g}"
                         + (f" ({shown})" if shown else "") + star)
        return "\n".join(lines)

    def retranslate(self) -> None:
        if self.position is not None:
            self.show(self.position)  # every part's signature holds the language


def _short(name: str) -> str:
    return name if len(name) <= 10 else name[:9] + "…"


def play_view(ctx: AppContext | None, game_id: str = "sorani") -> PlayFrame:
    return PlayFrame(ctx, game_id, SoraniScreens())

