"""Digital play of the stick games 獣裁 / 連撃獣裁 / 新遊 inside the shared `PlayFrame`.

The board is the throw: round and pot, the animated sticks with the count, the legal moves as
buttons (a bet as number and stake) and the last round's result. The side panel is the ledger
of points after each round, kept row by row as rounds are decided. The seat panel shows each
seat's points and what it did this round. The screens never decide a rule: they offer
`legal_moves()` and show `state.ledger()`.

Keys (issue 37): the frame's 1–9 press the move buttons (Throw, Again, Bank); a bet is its
number and stake typed in their boxes, then Enter in either box or B anywhere on the page.
The sticks, result, bet boxes and ledger have accessible names; each throw is announced by
the frame's move line.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.core.record import GameRecord, RecordEntry
from companion.table.thrower import faces_for
from ui.context import AppContext
from ui.games.sticks.sticks_widget import ResultBadge, SticksWidget, animations_enabled
from ui.i18n import language, tr
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.keys import KeyRow
from ui.play.seat_table import name_headers
from ui.play.widgets import WrappedLabel, words


# --- the ledger, row by row -------------------------------------------------------------------
@dataclass(frozen=True)
class RoundRow:
    """Points of every seat once a round was decided (the ledger table's rows)."""

    round: int
    points: tuple[int, ...]
    text_en: str
    text_ja: str
    at: int = 0  # how many record entries there were once it was decided


def decided_row(before: Any, after: Any, at: int) -> RoundRow | None:
    """The row a step adds, from the ledgers before and after it (None: no round decided)."""
    last = after.last
    if last is None or (before is not None and last is before.last):
        return None
    winner = getattr(last, "winner", -1)
    if winner is None:
        return None  # a tie: the round goes on
    if winner == -1:  # a 新遊 round: its deltas are already in the points
        points = tuple(after.points)
    else:
        start = list(before.points) if before is not None else list(after.points)
        start[winner] += last.amount
        points = tuple(start)
    return RoundRow(int(last.round), points, last.text("en"), last.text("ja"), at)


def round_rows(record: GameRecord) -> list[RoundRow]:
    """Replay `record` once and note every seat's points each time a round is decided (used
    when a game is opened part-way, e.g. resumed)."""
    from companion.games import registry

    state: Any = registry.get(record.game_id).create(record.num_players, record.options)
    rows: list[RoundRow] = []
    for at, entry in enumerate(record.entries, start=1):
        before = state.ledger()
        state.play(state.parse_move(entry.move))
        row = decided_row(before, state.ledger(), at)
        if row is not None:
            rows.append(row)
    return rows


class LedgerRows:
    """The rows so far, kept up to date from one ledger to the next; an undo drops rows. A
    replay jumps anywhere: its rows are those of the whole record up to the position."""

    def __init__(self, rebuild: Callable[[], list[RoundRow]]) -> None:
        self.rows: list[RoundRow] = []
        self._rebuild = rebuild
        self._ledger: Any = None
        self._count = -1
        self._whole: list[RoundRow] | None = None  # a replay's rows, worked out once

    def show_upto(self, count: int) -> None:
        """A replay shows the position after `count` record entries."""
        if self._whole is None:
            self._whole = self._rebuild()
        self.rows = [row for row in self._whole if row.at <= count]

    def update(self, count: int, ledger: Any) -> None:
        """The game now has `count` record entries and shows `ledger`."""
        if self._count < 0:
            self.rows = self._rebuild() if count else []
        elif count < self._count:
            self.rows = [row for row in self.rows if row.at <= count]
        elif count > self._count:
            row = decided_row(self._ledger, ledger, count)
            if row is not None:
                self.rows.append(row)
        self._ledger, self._count = ledger, count


# --- words ------------------------------------------------------------------------------------
def move_label(move: Any) -> str:
    """The button text of a move."""
    text = str(move)
    if text == "throw":
        return tr("Throw", "投げる")
    if text == "again":
        return tr("Again (throw and add)", "再行 トュモーク(もう一度)")
    if text == "bank":
        return tr("Bank (keep the total)", "積値 ショーンマーク(確定)")
    return text


def log_move(text: str) -> str:
    """A move of the log in the current language ("throw" -> "投げる")."""
    words = {"throw": ("throw", "投げる"), "again": ("again", "再行"), "bank": ("bank", "積値")}
    if text in words:
        return tr(*words[text])
    if text.startswith("bet ") and "x" in text:
        number, amount = text[4:].split("x", 1)
        return tr(f"bets {amount} on {number}", f"{number} に {amount} 点賭ける")
    return text


def seat_result_text(ledger: Any, index: int) -> str:
    """What a seat did this round: its bet, its running total, its throw, or sitting out."""
    if ledger.banker is not None:
        if index == ledger.banker:
            return tr("Banker", "親")
        bet = ledger.bets[index] if index < len(ledger.bets) else None
        if bet is not None:
            return tr(f"bet {bet[1]} on {bet[0]}", f"{bet[0]} に {bet[1]} 点")
        return ""
    if ledger.seat == index and ledger.running is not None:
        return tr(f"running total {ledger.running}", f"累計 {ledger.running}")
    result = ledger.results[index] if index < len(ledger.results) else None
    if result is not None:
        return tr(f"threw {result}", f"出目 {result}")
    if ledger.contenders and index not in ledger.contenders:
        return tr("sits out", "休み")
    return ""


# --- the board --------------------------------------------------------------------------------
class ThrowBoard(QWidget):
    """Round and pot, the sticks, the moves on offer, the last result."""

    def __init__(self, frame: PlayFrame) -> None:
        super().__init__(frame)
        self.frame = frame
        self.round_label = QLabel(self)
        self.pot_label = QLabel(self)
        pot_font = self.pot_label.font()
        pot_font.setPointSizeF(pot_font.pointSizeF() * 1.2)
        pot_font.setBold(True)
        self.pot_label.setFont(pot_font)
        self.pot_label.setStyleSheet("color: #7a4a12;")
        self.sticks = SticksWidget(self)
        self.sticks.setMaximumHeight(260)
        self.sticks.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.badge = ResultBadge(self)
        self.badge.setFixedSize(72, 72)
        self.badge.follow(self.sticks)
        self.moves_row = QHBoxLayout()
        self.bet_number = QSpinBox(self)
        self.bet_number.setRange(0, 5)
        self.bet_amount = QSpinBox(self)
        self.bet_amount.setRange(1, 99)
        self.bet_button = words(QPushButton(self), "Bet", "賭ける")
        self.bet_button.clicked.connect(self._bet_clicked)
        self.bet_number_label = words(QLabel(self), "Number", "数")
        self.bet_amount_label = words(QLabel(self), "Stake", "賭け金")
        for label, box in ((self.bet_number_label, self.bet_number),
                           (self.bet_amount_label, self.bet_amount)):
            label.setBuddy(box)  # names the box to a screen reader
            line = box.lineEdit()
            if line is not None:
                line.returnPressed.connect(self._bet_clicked)  # Enter in a box bets
        bet_key = QShortcut(QKeySequence("B"), frame)
        bet_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        bet_key.activated.connect(self._bet_key)
        words(self.bet_button, "Key: B", "キー: B", "setAccessibleDescription")
        self.bet_widgets = (self.bet_number_label, self.bet_number, self.bet_amount_label,
                            self.bet_amount, self.bet_button)
        bet_row = QHBoxLayout()
        for widget in self.bet_widgets:
            bet_row.addWidget(widget)
        bet_row.addStretch(1)
        self.last_label = WrappedLabel("", self)  # it changes at every throw
        header = QHBoxLayout()
        header.addWidget(self.round_label)
        header.addStretch(1)
        header.addWidget(self.pot_label)
        throw = QHBoxLayout()
        throw.addWidget(self.sticks, 1)
        throw.addWidget(self.badge)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(header)
        layout.addLayout(throw, 1)
        layout.addLayout(self.moves_row)
        layout.addLayout(bet_row)
        layout.addWidget(self.last_label)
        layout.addStretch(1)

    def show_moves(self, legal: Sequence[Any]) -> None:
        """One button per legal move that is not a bet; a bet is number and stake."""
        while self.moves_row.count():
            item = self.moves_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        bets = [m for m in legal if str(m).startswith("bet ")]
        for move in legal:
            if move in bets:
                continue
            button = QPushButton(move_label(move), self)
            button.setMinimumHeight(36)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.setObjectName(f"move:{move}")
            button.clicked.connect(lambda _=False, m=move: self.frame.play(m))
            self.moves_row.addWidget(button)
            button.show()
        for widget in self.bet_widgets:
            widget.setVisible(bool(bets))
        if bets:
            self.bet_number.setRange(min(b.number for b in bets), max(b.number for b in bets))
            self.bet_amount.setRange(min(b.amount for b in bets), max(b.amount for b in bets))

    def _bet_key(self) -> None:
        if self.bet_button.isVisible() and self.bet_button.isEnabled():
            self._bet_clicked()

    def _bet_clicked(self) -> None:
        wanted = f"bet {self.bet_number.value()}x{self.bet_amount.value()}"
        for move in self.frame.legal_moves():
            if str(move) == wanted:
                self.frame.play(move)
                return
        self.frame.say(tr(f"{wanted} is not allowed now", f"{wanted} はできません"))



class SticksScreens(PlayScreens):
    """The stick games' part of the play page."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._faces_rng = random.Random()
        self.frame: PlayFrame | None = None

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.frame = frame
        self.board = ThrowBoard(frame)
        self.ledger_label = words(QLabel(frame), "Points after each round", "ラウンドごとの点棒")
        self.ledger = words(QTableWidget(frame), "Points after each round",
                            "ラウンドごとの点棒", "setAccessibleName")
        self.ledger.setTabKeyNavigation(False)  # arrows within the table; Tab goes on
        self.ledger.verticalHeader().setDefaultSectionSize(22)
        self.ledger.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.ledger.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.ledger.horizontalHeader().setMinimumSectionSize(40)  # long names are elided
        self.ledger.setMinimumHeight(120)
        side = QWidget(frame)
        layout = QVBoxLayout(side)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.ledger_label)
        layout.addWidget(self.ledger, 1)
        self.rows = LedgerRows(self._replayed_rows)
        return self.board, side

    def game_started(self) -> None:
        self.rows = LedgerRows(self._replayed_rows)
        self.board.sticks.show_throw(None, animate=False)

    def _replayed_rows(self) -> list[RoundRow]:
        record = self.frame.record() if self.frame is not None else None
        return round_rows(record) if record is not None else []

    # --- drawing -----------------------------------------------------------------------------
    def show(self, position: Position) -> None:
        ledger = position.state.ledger()
        board = self.board
        board.round_label.setText(tr(f"Round {ledger.round} of {ledger.rounds}",
                                     f"第 {ledger.round} / {ledger.rounds} ラウンド"))
        board.pot_label.setText(tr(f"Pot: {ledger.pot}", f"場: {ledger.pot} 点"))
        board.badge.set_value(ledger.last_throw)
        self._show_sticks(ledger.last_throw, position.live)
        board.show_moves(position.legal)
        last = ledger.last_text(language().code, list(position.names))
        if board.sticks.is_animating():  # the throw is told once the sticks have landed
            board.last_label.setText("")
        board.sticks.after_landing(lambda: board.last_label.setText(last))
        if position.live:
            self.rows.update(len(position.entries), ledger)
        else:
            self.rows.show_upto(len(position.entries))
        self._show_ledger(position)

    def _show_sticks(self, last_throw: int | None, live: bool) -> None:
        """The sticks as the last throw fell (a throw just animated is kept; a replay that
        steps back shows that position's throw, or none)."""
        sticks = self.board.sticks
        if last_throw is None:
            if not live and sticks.faces is not None:
                sticks.show_throw(None, animate=False)
        elif sticks.faces is None or sum(sticks.faces) != last_throw:
            sticks.show_throw(faces_for(last_throw, rng=self._faces_rng), animate=False)

    def _show_ledger(self, position: Position) -> None:
        names = list(position.names)
        start = (int(position.state.options.get("start_points", 0)),) * len(names)
        rows = self.rows.rows
        name_headers(self.ledger, names)
        self.ledger.setRowCount(len(rows) + 1)
        self.ledger.setVerticalHeaderLabels([tr("Start", "開始")]
                                            + [str(row.round) for row in rows])
        ja = language().code == "ja"
        for r, points in enumerate([start] + [row.points for row in rows]):
            for c, value in enumerate(points):
                item = self.ledger.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                    self.ledger.setItem(r, c, item)
                item.setText(str(value))
                if r > 0:
                    item.setToolTip(rows[r - 1].text_ja if ja else rows[r - 1].text_en)
        self.ledger.scrollToBottom()

    def on_chance(self, drawn: list[Any]) -> None:
        face_up = getattr(drawn[-1], "face_up", None) if drawn else None
        if face_up is not None:
            self.board.sticks.show_throw(faces_for(int(face_up), rng=self._faces_rng),
                                         animate=animations_enabled())

    # --- words -------------------------------------------------------------------------------
    def key_rows(self) -> list[KeyRow]:
        return [KeyRow("B / Enter", "Bet the number and stake in their boxes",
                       "欄の数と賭け金で賭ける")]

    def move_text(self, entry: RecordEntry, position: Position) -> str:
        return log_move(entry.move)

    def chance_text(self, entry: RecordEntry) -> str | None:
        return f" → {entry.move.lstrip('=')}"

    def score_line(self, state: Any, seat: int) -> str:
        points = state.ledger().points[seat]
        return tr(f"{points} pts", f"{points} 点")

    def seat_note(self, state: Any, seat: int) -> str:
        return seat_result_text(state.ledger(), seat)


def sticks_play_view(ctx: AppContext, game_id: str) -> QWidget:
    return PlayFrame(ctx, game_id, SticksScreens(game_id), animate=animations_enabled())
