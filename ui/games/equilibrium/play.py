"""Equilibrium digital play inside the shared `PlayFrame`: solo, or two people co-operating at
one screen (the frame's hand-off screen hides the partner's hand), or a person with a computer
partner in either seat.

The board is the city column (`CityColumn`): choose a card of your hand and the sides where
the engine lets it go show a "here" button. Under the column, every other move the engine
offers now (an effect, its cards, the card that pays for it, a chaos penalty …) is a button
in words. The side panel: your hand, your polarity and your partner's hand size (two
players), the decks, the cities claimed, the books in play, the chaos penalties when one is
due, and a Hint button — the default bot's suggestion with a one-line reason, worked out in a
worker thread. The screens never decide a rule: they offer `position.legal`.

Keys (issue 37): Tab reaches the hand, ← → move between its cards, Space or Enter chooses
one (its "here" buttons show on the column), Esc goes back to the first card; the frame's
1–9 press the "here" buttons and the other moves in the order shown. Cards and "here"
buttons say their names (a face-down card only that it is face down)."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from companion.core.api import CHANCE, Outcome
from companion.core.record import Game, RecordEntry
from companion.games.equilibrium.cards import book_name, card_name
from companion.games.equilibrium.moves import Play
from companion.games.equilibrium.rules import HIDDEN
from companion.games.equilibrium.texts import end_reason, move_text
from companion.games.equilibrium.tracker import penalty_reminder
from ui.context import AppContext
from ui.games.equilibrium.column import CityColumn, card_colours
from ui.i18n import language, tr
from ui.play.controller import on_interface_thread
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.keys import CURSOR_DARK, CURSOR_LIGHT, KeyRow
from ui.play.widgets import (
    WrapButton,
    WrappedLabel,
    antialiased,
    clear_layout,
    draw_box,
    laid_out,
    words,
)

#: Move buttons per row (one when a text is longer than `SHORT` characters).
COLUMNS, SHORT = 2, 20
#: The narrowest the city column gets (three cards a side and the city card; with a side
#: column widened a step, the page still fits the smallest window).
BOARD_WIDTH = 330
#: The width the city column asks for where there is room (full cities, long moves).
WIDE_BOARD = 680
#: What the person to move decides now, by the engine's `pending()` (en, ja).
PROMPTS = {
    "act": ("Choose a card of your hand and a side marked “here” — or discard a card for an "
            "effect.",
            "手札のカードを選び「ここ」の側に出すか、カードを捨てて効果を使ってください。"),
    "swapfrom": ("Choose the first card of the swap.", "交換する1枚目を選んでください。"),
    "swapwith": ("Choose the second card of the swap.", "交換する2枚目を選んでください。"),
    "flyfrom": ("Choose the card that flies.", "飛ばすカードを選んでください。"),
    "flyto": ("Choose where it flies.", "飛ぶ先の都市を選んでください。"),
    "vanishwhich": ("Choose the card that vanishes.", "消すカードを選んでください。"),
    "plazawhich": ("Choose the empty city to claim.", "獲得する空の都市を選んでください。"),
    "pay": ("Choose the card of your hand that pays for it.",
            "代価として捨てる手札を選んでください。"),
    "zero": ("Discard cards that sum to zero, or end the balance.",
             "合計0のカードを捨てるか、均衡を終えてください。"),
    "order": ("Put the cards back on the deck in an order.",
              "カードを山札に戻す順を選んでください。"),
    "penalty": ("A chaos card was drawn: choose its penalty.",
                "混沌カードを引きました: 罰を選んでください。"),
    "setupchaos": ("A chaos card in the starting hand: put it on a stronger side.",
                   "初期手札の混沌カード: 強い側に置いてください。"),
    "seedside": ("Choose the side for the seeded cards.", "配置するカードの側を選んでください。"),
    "books": ("Turn up another book, or stop.",
              "力の書をもう1冊めくるか、ここまでにしてください。"),
}


class HintRunner(QObject):
    """Works out a hint in a thread and hands it back on the interface thread (not at all
    when the page has closed meanwhile)."""

    ready = Signal(object, object)  # (request key, Hint or an error sentence)

    def ask(self, key: object, state: Any, seat: int) -> None:
        from companion.games import registry

        hint = registry.get("equilibrium").extras["hint"]

        def work() -> None:
            try:
                result: Any = hint(state, seat, random.Random(0))
            except (ValueError, RuntimeError) as exc:
                result = str(exc)
            on_interface_thread(lambda: self._deliver(key, result))

        threading.Thread(target=work, daemon=True).start()

    def _deliver(self, key: object, result: Any) -> None:
        if isValid(self):
            self.ready.emit(key, result)


class BoardArea(QScrollArea):
    """The city column's scroll area: it asks for room for full cities (three cards a side)
    and the moves, so a wide window gives the board its share, not the move list."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(max(hint.width(), WIDE_BOARD), hint.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(BOARD_WIDTH, super().minimumSizeHint().height())


class MovesBox(QGroupBox):
    """The moves on offer other than plays, as buttons in words ("move:<notation>")."""

    def __init__(self, frame: PlayFrame, parent: QWidget) -> None:
        super().__init__(parent)
        self.frame = frame
        words(self, "Or", "または", "setTitle")
        self.grid = QGridLayout(self)

    def show_moves(self, moves: Sequence[Any], title: tuple[str, str]) -> None:
        clear_layout(self.grid)
        self.setTitle(tr(*title))
        lang = language().code
        texts = [move_text(str(move), lang) for move in moves]
        columns = COLUMNS if all(len(t) <= SHORT for t in texts) else 1
        for index, (move, text) in enumerate(zip(moves, texts, strict=True)):
            button = WrapButton(text, self)
            button.setObjectName(f"move:{move}")
            button.clicked.connect(lambda _=False, m=move: self.frame.play(m))
            self.grid.addWidget(button, index // columns, index % columns)
            button.show()
        self.setVisible(bool(moves))


class CardButton(QPushButton):
    """A dream card in the hand as a button in its type's colours, ringed in gold when
    chosen and faded when it cannot be played. It paints itself: made anew whenever the
    hand changes, a button with its own style sheet cost several times as much."""

    SELECTED_EDGE = QColor("#c9a24a")

    def __init__(self, code: str, parent: QWidget) -> None:
        super().__init__(code, parent)
        self.setObjectName(f"card:{code}")
        self.setAccessibleName(card_name(code, language().code))
        self.setCheckable(True)
        self.code = code
        font = self.font()
        font.setBold(True)
        self.setFont(font)

    @property
    def fill(self) -> QColor:
        """The card type's colour in the palette in use (read at each paint)."""
        return QColor(card_colours(self.code)[0])

    @property
    def ink(self) -> QColor:
        return QColor(card_colours(self.code)[1])

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self.text()) + 14, metrics.height() + 10)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """← → move to the hand's previous / next card that can be played; Esc gives the
        choice up (the hand emits `cancelled`)."""
        step = {Qt.Key.Key_Left.value: -1, Qt.Key.Key_Up.value: -1,
                Qt.Key.Key_Right.value: 1, Qt.Key.Key_Down.value: 1}.get(event.key())
        hand = self.parentWidget()
        if step is not None and isinstance(hand, HandBox):
            hand.step_focus(self, step)
        elif event.key() == Qt.Key.Key_Escape.value and isinstance(hand, HandBox):
            hand.cancelled.emit()
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        if not self.isEnabled():
            painter.setOpacity(0.45)
        edge = self.SELECTED_EDGE if self.isChecked() else self.fill
        draw_box(painter, QRectF(self.rect()), self.fill, edge, 3, 4)
        painter.setPen(self.ink)
        painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter), self.text())
        if self.hasFocus():  # the keyboard's cursor, as on the boards: dark inside light
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inner = QRectF(self.rect()).adjusted(4.5, 4.5, -4.5, -4.5)
            painter.setPen(QPen(CURSOR_LIGHT, 4))
            painter.drawRoundedRect(inner, 2, 2)
            painter.setPen(QPen(CURSOR_DARK, 2))
            painter.drawRoundedRect(inner, 2, 2)
        painter.end()


class HandBox(QGroupBox):
    """The viewer's hand as buttons; the one chosen shows where it may be played."""

    chosen = Signal(str)
    #: Esc on a card: the choice given up.
    cancelled = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.row = QHBoxLayout(self)
        self.row.setSpacing(4)
        self._shown: tuple[object, ...] | None = None

    def show_hand(self, hand: Sequence[str], playable: set[str], selected: str | None) -> None:
        shown = (tuple(hand), frozenset(playable), selected, language().code)
        if shown == self._shown:  # another seat's move: the hand's buttons stay as they are
            return
        self._shown = shown
        focused = next((b for b in self.findChildren(CardButton) if b.hasFocus()), None)
        keep = focused.objectName() if focused is not None else None
        clear_layout(self.row)
        for code in hand:
            button = CardButton(code, self)
            button.setChecked(code == selected)
            button.setEnabled(code in playable)
            button.clicked.connect(lambda _=False, c=code: self.chosen.emit(c))
            self.row.addWidget(button)
            button.show()
            if keep == button.objectName() and button.isEnabled():
                button.setFocus()  # the card chosen by keys keeps the focus
                keep = None
        if not hand:
            empty = QLabel(tr("(empty)", "(なし)"), self)
            self.row.addWidget(empty)
            empty.show()
        self.row.addStretch(1)

    def cards(self) -> list[CardButton]:
        """The hand's cards that can be chosen, left to right."""
        found = [b for b in self.findChildren(CardButton) if b.isVisibleTo(self)]
        return sorted((b for b in found if b.isEnabled()), key=lambda b: b.x())

    def step_focus(self, card: CardButton, step: int) -> None:
        """The focus to the card `step` places from `card` (round the ends)."""
        cards = self.cards()
        if card in cards:
            cards[(cards.index(card) + step) % len(cards)].setFocus()


class EquilibriumScreens(PlayScreens):
    """The city column, the moves in words, the hand and the table's counts."""

    private_noun = ("hand", "手札")

    def __init__(self) -> None:
        self.position: Position | None = None
        self.selected: str | None = None
        self.runner = HintRunner()
        self.runner.ready.connect(self._hint_ready)

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.frame = frame
        self.runner.setParent(frame)  # goes with the page
        board = QWidget(frame)
        self.column = CityColumn(board)
        self.column.move_chosen.connect(frame.play)
        self.moves = MovesBox(frame, board)
        laid_out(QVBoxLayout(board), self.column, self.moves, 1).setContentsMargins(0, 0, 0, 0)
        left = BoardArea(frame)
        left.setWidgetResizable(True)
        left.setFrameShape(QScrollArea.Shape.NoFrame)
        left.setWidget(board)
        side = QWidget(frame)
        self.hand = HandBox(side)
        self.hand.chosen.connect(self._choose)
        self.hand.cancelled.connect(self._cancel)
        self.partner = WrappedLabel("", side)  # these change with most moves
        self.counts = WrappedLabel("", side)
        self.counts.setObjectName("counts")
        self.books = WrappedLabel("", side)
        self.penalties = QLabel(side)
        self.penalties.setWordWrap(True)
        self.penalties.setStyleSheet("color: #7a1f1f;")
        self.hint_button = words(QPushButton(side), "Hint", "ヒント")
        self.hint_button.setObjectName("hint")
        self.hint_button.clicked.connect(self.ask_hint)
        self.hint_label = QLabel(side)
        self.hint_label.setObjectName("hint_text")
        self.hint_label.setWordWrap(True)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.hand, self.partner, self.counts, self.books, self.penalties,
                       self.hint_button, self.hint_label):
            side_layout.addWidget(widget)
        return left, side

    # --- drawing -----------------------------------------------------------------------------
    def show(self, position: Position) -> None:
        if self.position is None or len(position.entries) != len(self.position.entries):
            self.hint_label.setText("")
        self.position = position
        state = position.state
        plays = [m for m in position.legal if isinstance(m, Play)]
        playable = {m.card for m in plays}
        if self.selected not in playable:
            self.selected = plays[0].card if plays else None
        self.column.show_state(state, [m for m in plays if m.card == self.selected])
        others = [m for m in position.legal if not isinstance(m, Play)]
        title = ("Or discard a card for an effect", "またはカードを捨てて効果") if plays \
            else ("What you can do", "できること")
        self.moves.show_moves(others, title)
        self._show_hand(position, playable)
        self._show_table(state)
        self.hint_button.setVisible(bool(position.legal))

    def _show_hand(self, position: Position, playable: set[str]) -> None:
        state, viewer = position.state, position.viewer
        if viewer is None or viewer < 0 or state.over or HIDDEN in state.hand(viewer):
            # (a spectator at a network table: the seat to move's hand is hidden from it too)
            self.hand.setVisible(False)
            self.partner.setText("")
            self.partner.setVisible(False)
            return
        self.hand.setVisible(True)
        title = tr("Your hand", "あなたの手札")
        if state.num_players == 2:
            title += f" ({self.seat_role(state, viewer)})"
        self.hand.setTitle(title)
        self.hand.show_hand(state.hand(viewer), playable, self.selected)
        if state.num_players == 2:
            other = 1 - viewer
            count = len(state.hand(other))
            name = position.names[other] if other < len(position.names) else ""
            self.partner.setText(tr(f"{name}: {count} cards (hidden)",
                                    f"{name}: 手札 {count} 枚(非公開)"))
        else:
            self.partner.setText("")
        self.partner.setVisible(bool(self.partner.text()))  # no blank line in a solo game

    def _show_table(self, state: Any) -> None:
        claimed, total = state.cities_claimed(), state.total_cities
        self.counts.setText(tr(
            f"Cities claimed {claimed}/{total} · dream deck {state.deck_size()} · "
            f"discards {state.discard_size()} · city deck {state.city_deck_size()}",
            f"獲得した都市 {claimed}/{total} · 夢の山札 {state.deck_size()} · "
            f"捨て札 {state.discard_size()} · 都市の山札 {state.city_deck_size()}"))
        lang = language().code
        names = ("、" if lang == "ja" else ", ").join(book_name(b, lang, short=True)
                                                     for b in state.books)
        self.books.setText(tr("Books: ", "力の書: ") + names if names else "")
        self.books.setVisible(bool(names))
        due = state.pending() == "penalty"
        self.penalties.setText("\n".join(penalty_reminder(lang)) if due else "")
        self.penalties.setVisible(due)

    def _choose(self, code: str) -> None:
        self.selected = code
        if self.position is not None:
            self.show(self.position)

    def _cancel(self) -> None:
        """Esc: the choice of card given up (the first card that can be played again)."""
        self.selected = None
        if self.position is not None:
            self.show(self.position)

    def key_rows(self) -> list[KeyRow]:
        return [KeyRow("← →", "Move between the cards of your hand", "手札のカード間を移動"),
                KeyRow("Space / Enter", "Choose the card: its “here” buttons show",
                       "カードを選ぶ(「ここ」ボタンが出ます)"),
                KeyRow("Esc", "Give up the card chosen", "選んだカードを取り消す")]

    # --- the hint ----------------------------------------------------------------------------
    def ask_hint(self) -> None:
        controller = self.frame.controller
        if controller is None or not controller.is_human_turn():
            return
        self.hint_label.setText(tr("Thinking about a hint…", "ヒントを考えています…"))
        key = len(controller.game.record.entries)
        self.runner.ask(key, controller.state.copy(), controller.to_move())

    def _hint_ready(self, key: object, hint: Any) -> None:
        controller = self.frame.controller
        if controller is None or key != len(controller.game.record.entries):
            return  # the game moved on
        if isinstance(hint, str):
            self.hint_label.setText(hint)
            return
        lang = language().code
        steps = " → ".join(move_text(str(m), lang) for m in hint.moves)
        self.hint_label.setText(tr(f"Hint: {steps} — {hint.reason('en')}",
                                   f"ヒント: {steps} — {hint.reason('ja')}"))

    # --- words -------------------------------------------------------------------------------
    def prompt(self, position: Position) -> str:
        en, ja = PROMPTS.get(position.state.pending(), ("", ""))
        return tr(en, ja)

    def seat_role(self, state: Any, seat: int) -> str:
        if state is None or state.num_players != 2 or not state.polarity:
            return ""
        return "Sognae" if state.polarity[seat] == "S" else "Incubi"

    def score_line(self, state: Any, seat: int) -> str:
        return f"{state.cities_claimed()}/{state.total_cities}"

    def seat_note(self, state: Any, seat: int) -> str:
        return tr(f"hand {len(state.hand(seat))}", f"手札 {len(state.hand(seat))}")

    def headline(self, outcome: Outcome, names: Sequence[str]) -> str:
        """A co-operative game: the team won or lost, with the cities claimed."""
        return tr("The team ", "チーム: ") + end_reason(outcome.detail, language().code)

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        return tr(f"Cards left in the dream deck: {state.deck_size()}",
                  f"夢の山札の残り: {state.deck_size()} 枚")

    def new_game(self, game_id: str, setup: Any) -> Game:
        """A new game dealing the deck profile kept on the table page (the default without
        one); the record starts with it, so the game replays with the same deck."""
        from ui.games.equilibrium.table import stored_profile

        game = super().new_game(game_id, setup)
        profile = stored_profile(self.frame.ctx)
        if profile is not None:
            game.replay_entry(RecordEntry(CHANCE, f"deck {profile}"))
        return game

    def retranslate(self) -> None:
        if self.position is not None:
            self.show(self.position)


def play_view(ctx: AppContext | None, game_id: str = "equilibrium", *,
              animate: bool = True) -> PlayFrame:
    return PlayFrame(ctx, game_id, EquilibriumScreens(), animate=animate)
