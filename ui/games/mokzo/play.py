"""行山 digital play inside the shared `PlayFrame`.

The board is the road with every piece, the whole of its column. The side panel: the moves the
engine offers now as buttons, one a row, that say what they cost or bring ("黒馬を設置(5米)",
"10米で1マス進む"); buying 銭 is one button with a number; what the cards did this turn; the
hand of the person looking (other hands are hidden: in hot-seat the frame covers the screen
until the next person says who they are), then every player's 米, 銭, square, hand size and
placed cards (markers as dots; a card that does not act yet is faded). The screens never
decide a rule: they offer `legal_moves()` and ask the engine for costs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.core.api import Outcome
from companion.core.record import RecordEntry
from companion.display import isolate, strip_isolates
from companion.games.mokzo.board import GOAL, KOU, ROUTE, START
from companion.games.mokzo.moves import Exchange
from companion.games.mokzo.texts import (
    end_reason,
    event_text,
    move_label,
    move_text,
    tie_break_text,
)
from ui.context import AppContext
from ui.games.mokzo.board_widget import RoadBoard
from ui.games.mokzo.cards import PER_ROW, PlayersPanel, tile
from ui.i18n import language, tr
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.keys import Spot, SpotKeys, place_words
from ui.play.widgets import WrapButton, WrappedLabel, clear_layout, words


class MovesBox(QGroupBox):
    """The moves on offer as buttons ("move:<notation>"); buying 銭 as a number and a button."""

    def __init__(self, frame: PlayFrame, parent: QWidget) -> None:
        super().__init__(parent)
        self.frame = frame
        words(self, "What you can do", "できること", "setTitle")
        self.grid = QGridLayout()
        self.exchange_count = QSpinBox(self)
        self.exchange_count.setObjectName("exchange_count")
        self.exchange_button = QPushButton(self)
        self.exchange_button.setObjectName("exchange")
        self.exchange_button.clicked.connect(self._exchange)
        self.exchange_row = QHBoxLayout()
        self.exchange_row.addWidget(self.exchange_count)
        self.exchange_row.addWidget(self.exchange_button, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(self.grid)
        layout.addLayout(self.exchange_row)
        self._exchanges: list[Exchange] = []

    def show_moves(self, state: Any, legal: Sequence[Any], names: Sequence[str]) -> None:
        clear_layout(self.grid)
        lang = language().code
        self._exchanges = [m for m in legal if isinstance(m, Exchange)]
        others = [m for m in legal if not isinstance(m, Exchange)]
        # one a row, their words wrapped: a long one ("虎: <a typed name> から米1を奪う")
        # takes another line, it does not widen the side column (and narrow the road) mid-game
        for index, move in enumerate(others):
            button = WrapButton(move_label(state, move, names, lang), self)
            button.setObjectName(f"move:{move}")
            button.setMinimumHeight(30)
            button.clicked.connect(lambda _=False, m=move: self.frame.play(m))
            self.grid.addWidget(button, index, 0)
            button.show()
        most = max((m.money for m in self._exchanges), default=0)
        self.exchange_count.setRange(1, max(1, most))
        self.exchange_button.setText(tr("Buy 銭 (5 米 each)", "銭を買う(1銭 = 5米)"))
        for widget in (self.exchange_count, self.exchange_button):
            widget.setVisible(bool(self._exchanges))
        self.setVisible(bool(legal))

    def _exchange(self) -> None:
        wanted = self.exchange_count.value()
        for move in self._exchanges:
            if move.money == wanted:
                self.frame.play(move)
                return


class MokzoScreens(PlayScreens):
    """The 行山 road, the moves, the hand and every player's cards."""

    private_noun = ("hand", "手札")

    def __init__(self) -> None:
        self.position: Position | None = None
        #: the language and cards the hand shows (rebuilt only when they change)
        self._hand_shown: tuple[object, ...] = ()

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.frame = frame
        left = QWidget(frame)
        self.board = RoadBoard(left)
        self.keys = SpotKeys(self.board, self.spots, lambda _square: None,
                             name=("行山 road", "行山の道"))
        layout = QVBoxLayout(left)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.board, 1)  # the whole column: the moves under it left 184 px
        side = QWidget(frame)
        # the moves on offer head the side column, what the cards did this turn under them
        self.moves = MovesBox(frame, side)
        self.events = WrappedLabel("", side)  # it and the pile line change at every move
        self.hand_box = QGroupBox(side)
        self.hand_grid = QGridLayout(self.hand_box)
        self.hand_grid.setSpacing(3)
        self.players = PlayersPanel(side)
        self.pile = WrappedLabel("", side)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.moves, self.events, self.hand_box, self.players, self.pile):
            side_layout.addWidget(widget)
        return left, side

    def show(self, position: Position) -> None:
        self.position = position
        state = position.state
        names = position.names
        lang = language().code
        over = state.is_over()
        self.board.show_pieces(state.square, -1 if over else state.mover)
        lines = [event_text(e, names, lang) for e in state.events]
        self.events.setText(tr("This turn: ", "この手番: ") + " · ".join(lines) if lines else "")
        self.moves.show_moves(state, position.legal, names)
        self._show_hand(state, position.viewer, names)
        self.players.show_state(state, names)
        self.pile.setText(tr(f"Draw pile {state.deck_size} · discards "
                             f"{sum(state.discards.values())}",
                             f"山札 {state.deck_size} · 捨札 {sum(state.discards.values())}"))

    def spots(self) -> list[Spot]:
        """The road's squares with whose pieces stand there (the moves are the buttons)."""
        position = self.position
        if position is None:
            return []
        state, names = position.state, position.names
        found = []
        for index, name in enumerate(ROUTE):
            here = [isolate(names[seat]) for seat, at in enumerate(state.square)
                    if at == index and seat < len(names)]
            star = "★" if index in KOU and index != GOAL else ""
            place = tr("start", "スタート") if index == START else f"{index}{star} {name}"
            found.append(Spot(index, self.board.cell_rect(index),
                              strip_isolates(place_words(place, here))))
        return found

    def _show_hand(self, state: Any, viewer: int | None, names: Sequence[str]) -> None:
        if viewer is None or viewer < 0:
            self.hand_box.setVisible(False)
            return
        self.hand_box.setVisible(True)
        hand = (language().code, tuple(sorted(state.hands[viewer])))
        if hand == self._hand_shown:  # most moves leave the hand as it was
            return
        self._hand_shown = hand
        clear_layout(self.hand_grid)
        self.hand_box.setTitle(tr("Your hand", "あなたの手札"))
        shown: list[QLabel] = [tile(self.hand_box, card) for card in hand[1]]
        if not shown:
            shown = [QLabel(tr("(empty)", "(なし)"), self.hand_box)]
        for k, label in enumerate(shown):
            self.hand_grid.addWidget(label, k // PER_ROW, k % PER_ROW)
            label.show()

    # --- words -------------------------------------------------------------------------------
    def move_text(self, entry: RecordEntry, position: Position) -> str:
        return move_text(entry.move, language().code)

    def chance_text(self, entry: RecordEntry) -> str | None:
        if entry.move.startswith("="):
            return f" → {entry.move.lstrip('=')}"
        return None  # the cards drawn stay secret

    def prompt(self, position: Position) -> str:
        state = position.state
        if state.phase == "effects":
            return tr("Use your cards' effects.", "札の効果を使ってください。")
        if state.phase == "target":
            return tr("Choose the card for your 将.", "将の対象の札を選んでください。")
        return tr("Buy, place or discard, move — or end your turn.",
                  "両替・設置・捨て札・移動をするか、手番を終えてください。")

    def score_line(self, state: Any, seat: int) -> str:
        return tr(f"square {state.square[seat]}/{GOAL}", f"マス {state.square[seat]}/{GOAL}")

    def seat_note(self, state: Any, seat: int) -> str:
        return tr(f"{state.rice[seat]} 米 · {state.money[seat]} 銭",
                  f"米 {state.rice[seat]} · 銭 {state.money[seat]}")

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        lines = [end_reason(outcome.detail, language().code, names),
                 tie_break_text(state, names, language().code)]
        return "\n".join(line for line in lines if line)


def play_view(ctx: AppContext | None, game_id: str = "mokzo", *,
              animate: bool = True) -> PlayFrame:
    return PlayFrame(ctx, game_id, MokzoScreens(), animate=animate)
