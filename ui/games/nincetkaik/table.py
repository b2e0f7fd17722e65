"""The table companion of the 紙机戦 card games, on the shared `TablePage`: what every card
game's page has, so that a game adds only its score calculator (`ui/games/nincetkaik/<game>`).

- The players (2 to the game's most, named), the agreed number of rounds, the starting points
  (stake games), the first 親 (chosen, or drawn at random as the rules suggest), above the tabs.
- **Deal**: the dealer's aid — who deals and how many cards for the next round, the 親 and
  加点 of every round so far, the starting sticks.
- **Score** (the game's): a calculator of the game's hands and bonuses whose result goes into
  the ledger with one button.
- **Ledger**: every entry with the points it moved, the totals, each player's points as
  sticks; Save to history (with the reason while it cannot), Print (the blank sheet until
  something is entered, then the filled one).

The table's ledger is the immutable `ledger.Session`; every change (an entry, a name, the
number of players) is a `QUndoCommand` that swaps one session value for another, so Undo and
Redo (Ctrl+Z, Ctrl+Shift+Z) work on all of it. Bad input gets a sentence, nothing changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.games.nincetkaik.ledger import (
    SUGGESTED_STOCK,
    Session,
    Step,
    seat_name,
    sticks_text,
)
from companion.games.nincetkaik.texts import refusal_text
from companion.history import PlayRecord
from ui.context import AppContext
from ui.games.nincetkaik.cards import CardPicker, CardsInput, SticksView
from ui.i18n import language, tr
from ui.play.widgets import isolate, words
from ui.table.frame import Printing, TablePage, TableTab
from ui.table.players_box import FoldingBox


def lang() -> str:
    return language().code


@dataclass(frozen=True)
class TableGame:
    """What a game's table page needs to know: its players, how a ledger starts, what the
    dealer does next."""

    game_id: str
    max_players: int
    rounds_label: tuple[str, str]  # (en, ja)
    rounds_default: int
    #: (names, rounds, first 親, stock, light) -> a new session
    new_session: Callable[[Sequence[str], int, int, int, bool], Session]
    #: (session, lang) -> the next round's plan as a sentence
    plan: Callable[[Session, str], str]
    stock: bool = False
    light: bool = False


# --- the ledger and its undo ------------------------------------------------------------------
class SetSession(QUndoCommand):
    """One change of the table: the session before and after."""

    def __init__(self, model: LedgerModel, new: Session, text: str) -> None:
        super().__init__(text)
        self.model, self.old, self.new = model, model.session, new

    def redo(self) -> None:
        self.model.show(self.new)

    def undo(self) -> None:
        self.model.show(self.old)


class LedgerModel(QObject):
    """The table's session and its undo stack; `changed` after every change."""

    changed = Signal()

    def __init__(self, game: TableGame, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.session = session
        self.stack = QUndoStack(self)

    def show(self, session: Session) -> None:
        self.session = session
        self.changed.emit()

    def change(self, session: Session, text: str = "change") -> None:
        if session != self.session:
            self.stack.push(SetSession(self, session, text))

    def add(self, step: Step) -> str | None:
        """Enter a step; a sentence instead when the ledger refuses it."""
        try:
            session = self.session.add(step)
        except ValueError as exc:
            return refusal(str(exc))
        self.change(session, step.kind)
        return None

    def restart(self, names: Sequence[str], rounds: int, parent: int, stock: int,
                light: bool) -> str | None:
        """A new ledger (other players or options): undoable like an entry."""
        try:
            session = self.game.new_session(names, rounds, parent, stock, light)
        except ValueError as exc:
            return refusal(str(exc))
        self.change(replace(session, started_at=self.session.started_at), "players")
        return None


#: The ledger's English sentences, in Japanese.
_REFUSALS = {
    "every round is already entered; undo to correct an entry":
        "すべてのラウンドが入力済みです。訂正するには元に戻してください。",
    "Every player needs a name.": "全員の名前を入れてください。",
    "Two players have the same name.": "同じ名前の人がいます。",
    "Nothing has been entered yet.": "まだ何も入力されていません。",
}


def refusal(text: str) -> str:
    """A sentence of the engine or ledger in the interface language (as it came otherwise),
    cards named as their faces show them."""
    if lang() == "ja" and text in _REFUSALS:
        return _REFUSALS[text]
    return refusal_text(text, lang())


# --- the players above the tabs ---------------------------------------------------------------
class PlayersBox(FoldingBox):
    """How many play, their names, the agreed rounds, the stock, the first 親; folded to one
    line once the first entry is made."""

    def __init__(self, model: LedgerModel, page: CardTablePage) -> None:
        super().__init__(page)
        self.model, self.page = model, page
        game = model.game
        self.count = QSpinBox(self)
        self.count.setObjectName("players")
        self.count.setRange(2, game.max_players)
        self.count.setValue(model.session.players)
        self.names = [QLineEdit(self) for _ in range(game.max_players)]
        for index, edit in enumerate(self.names):
            edit.setObjectName(f"name:{index}")
            edit.editingFinished.connect(self._renamed)
        self.rounds = QSpinBox(self)
        self.rounds.setObjectName("rounds")
        self.rounds.setRange(1, 100)
        self.rounds.setValue(model.session.rounds)
        self.stock = QSpinBox(self)
        self.stock.setObjectName("stock")
        self.stock.setRange(5, 999)
        self.stock.setValue(SUGGESTED_STOCK)
        self.light = words(QCheckBox(self), "光 indicators (optional rule)", "光(任意ルール)")
        self.light.setObjectName("light")
        self.parent_choice = QComboBox(self)
        self.parent_choice.setObjectName("first_parent")
        self.draw_button = words(QPushButton(self), "Draw at random", "くじで決める")
        self.draw_button.setObjectName("draw_parent")
        self.draw_button.clicked.connect(self._draw_parent)
        page.bind(None, "Ctrl+R", self.draw_button)
        labels = [words(QLabel(self), "Players", "人数"),
                  words(QLabel(self), *game.rounds_label),
                  words(QLabel(self), "Starting points", "初期点棒"),
                  words(QLabel(self), "First 親", "最初の親")]
        self.stock_label = labels[2]
        first = QHBoxLayout()
        row: list[QWidget] = [labels[0], self.count, labels[1], self.rounds, labels[2],
                              self.stock, self.light]
        for widget in row:
            first.addWidget(widget)
        first.addStretch(1)
        second = QHBoxLayout()
        for widget in (labels[3], self.parent_choice, self.draw_button):
            second.addWidget(widget)
        second.addStretch(1)
        names = QGridLayout()
        for index, edit in enumerate(self.names):
            names.addWidget(edit, index // 3, index % 3)
        grid = QVBoxLayout(self)
        grid.setSpacing(4)
        grid.addWidget(self.fold_row)
        grid.addLayout(first)
        grid.addLayout(second)
        grid.addLayout(names)
        self.parent_choice.setMinimumContentsLength(8)
        self.stock_label.setVisible(game.stock)
        self.stock.setVisible(game.stock)
        self.light.setVisible(game.light)
        for spin in (self.count, self.rounds, self.stock):
            spin.valueChanged.connect(self._restart)
        self.light.toggled.connect(self._restart)
        self.parent_choice.currentIndexChanged.connect(self._parent_chosen)
        model.changed.connect(self.sync)
        language().changed.connect(self.sync)
        self.sync()

    def typed_names(self) -> list[str]:
        return [edit.text().strip() for edit in self.names[:self.count.value()]]

    def sync(self, *_: object) -> None:
        """Show the session (after an entry, an undo, a language switch)."""
        session = self.model.session
        widgets = (self.count, self.rounds, self.stock, self.light, self.parent_choice)
        for widget in widgets:
            widget.blockSignals(True)
        self.count.setValue(session.players)
        self.rounds.setValue(session.rounds)
        options = dict(session.options)
        self.stock.setValue(int(options.get("stock", self.stock.value())))
        self.light.setChecked(bool(options.get("light", False)))
        for index, edit in enumerate(self.names):
            edit.setVisible(index < session.players and not self.is_folded())
            if index < session.players and edit.text().strip() != session.names[index]:
                edit.setText(session.names[index])
            edit.setPlaceholderText(tr(f"Player {index + 1}", f"プレイヤー {index + 1}"))
        self.parent_choice.clear()
        self.parent_choice.addItems([seat_name(session.names, s, lang())
                                     for s in range(session.players)])
        self.parent_choice.setCurrentIndex(session.parent)
        for widget in widgets:
            widget.blockSignals(False)
        started = bool(session.steps)  # what the entries were worked out with stays
        fixed: list[QWidget] = [self.stock, self.light, self.parent_choice, self.draw_button]
        for item in fixed:
            item.setEnabled(not started)
            item.setToolTip(tr("Fixed once the first entry is made (undo to change it).",
                                 "最初の入力の後は変えられません(元に戻すと変えられます)。")
                              if started else "")
        self.retranslate()

    def opened(self) -> None:
        self.sync()

    def summary_text(self) -> str:
        session = self.model.session
        names = [isolate(seat_name(session.names, s, lang())) for s in range(session.players)]
        return tr("Players: ", "プレイヤー: ") + " · ".join(names)

    def _restart(self, *_: object) -> None:
        names = self.typed_names()
        session = self.model.session
        parent = min(session.parent, len(names) - 1)
        problem = self.model.restart(names, self.rounds.value(), parent, self.stock.value(),
                                     self.light.isChecked()) \
            if len(names) != session.players or session.steps == () else self._rounds_only()
        if problem:
            self.page.status.say(problem)
            self.sync()

    def _rounds_only(self) -> str | None:
        session = self.model.session
        if self.rounds.value() < session.rounds_played():
            return tr(f"{session.rounds_played()} rounds are already entered.",
                      f"すでに {session.rounds_played()} ラウンドが入力されています。")
        self.model.change(replace(session, rounds=self.rounds.value()), "rounds")
        return None

    def _renamed(self) -> None:
        names = tuple(self.typed_names())
        if names != self.model.session.names:
            self.model.change(replace(self.model.session, names=names), "names")

    def _parent_chosen(self, index: int) -> None:
        session = self.model.session
        if 0 <= index < session.players and index != session.parent and not session.steps:
            self.model.change(replace(session, parent=index), "parent")

    def _draw_parent(self) -> None:
        """Rules C1: the first 親 chosen by any method — here, at random."""
        session = self.model.session
        seat = random.randrange(session.players)
        self.model.change(replace(session, parent=seat), "parent")
        name = isolate(seat_name(session.names, seat, lang()))
        self.page.status.say(f"Drawn: {name} is the first 親.",
                             f"くじの結果: {name} が最初の親です。")


def answer_label(parent: QWidget, name: str) -> QLabel:
    """A label (object name `name`) for a tab's answer or plan: its text wraps."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


# --- the tabs ---------------------------------------------------------------------------------
class LedgerTabBase(TableTab):
    """A tab that works on the page's ledger (its undo stack is the ledger's)."""

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        self.card_page = page
        self.model = page.model
        self.undo_stack = self.model.stack
        self.model.changed.connect(self.refresh)

    @property
    def session(self) -> Session:
        return self.model.session

    def names(self) -> tuple[str, ...]:
        return self.session.names

    def name(self, seat: int) -> str:
        return seat_name(self.session.names, seat, lang())

    def enter(self, step: Step | Callable[[], Step]) -> bool:
        """Put a step in the ledger (a builder may raise ValueError: said, nothing written)."""
        try:
            made = step() if callable(step) else step
        except ValueError as exc:
            self.say(refusal(str(exc)))
            return False
        problem = self.model.add(made)
        if problem:
            self.say(problem)
            return False
        self.say(f"Entered: {made.text('en')}", f"入力しました: {made.text('ja')}")
        return True

    def checked_step(self, build: Callable[[], Step], result: QLabel,
                     enter_button: QPushButton) -> Step | None:
        """The step the entry makes, or None after saying in `result` why the entry cannot
        be right (and disabling `enter_button`)."""
        try:
            return build()
        except ValueError as exc:
            result.setText(refusal(str(exc)))
            enter_button.setEnabled(False)
            return None

    def has_begun(self) -> bool:
        """The ledger holds an entry (players, names and rounds are no entry)."""
        return bool(self.session.steps)

    def refresh(self, *_: object) -> None:
        """Show the ledger as it is now."""

    def retranslate(self) -> None:
        self.refresh()


class DealTab(LedgerTabBase):
    """The dealer's aid: the next round's plan, the 親 of every round so far, the sticks."""

    title = ("Deal", "配り")

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        self.plan = answer_label(self, "plan")
        font = self.plan.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.plan.setFont(font)
        self.sticks = QLabel(self)
        self.sticks.setWordWrap(True)
        self.history_title = words(QLabel(self), "親 of each round", "ラウンドごとの親")
        self.history = QLabel(self)
        self.history.setWordWrap(True)
        layout = QVBoxLayout(self)
        for widget in (self.plan, self.sticks, self.history_title, self.history):
            layout.addWidget(widget)
        layout.addStretch(1)
        self.refresh()

    def refresh(self, *_: object) -> None:
        session = self.session
        if session.is_over():
            self.plan.setText(tr(f"All {session.rounds} rounds are entered: save the game to "
                                 "the history on the Ledger tab.",
                                 f"{session.rounds} ラウンドすべて入力済みです。「記録」タブで履歴"
                                 "に保存できます。"))
        else:
            self.plan.setText(self.model.game.plan(session, lang()))
        start = session.start[0] if session.start else 0
        if start:
            self.sticks.setText(tr(f"Each player starts with {start} points: "
                                   f"{sticks_text(start, 'en')}.",
                                   f"各自の初期点棒は {start} 点: {sticks_text(start, 'ja')}。"))
        else:
            self.sticks.setText(tr(
                f"Points start at 0. With point sticks, give everyone the same stock, e.g. "
                f"{SUGGESTED_STOCK}: {sticks_text(SUGGESTED_STOCK, 'en')}.",
                f"点数は 0 から数えます。点棒を使うときは全員に同じだけ配ります(例: "
                f"{SUGGESTED_STOCK} 点 = {sticks_text(SUGGESTED_STOCK, 'ja')})。"))
        self.history.setText("\n".join(parent_history(session, lang())) or
                             tr("No round entered yet.", "まだラウンドの入力はありません。"))


#: The games whose 親 has a 加点 (the season games); 値戦 and 開樽 have none.
RATE_GAMES = frozenset({"taxot", "mokaik"})


def parent_history(session: Session, language_code: str) -> list[str]:
    """"Season 1: 親 花子 (加点 2) — 花子 ends the season…" for every round entered."""
    lines = []
    parent, rate, number = session.parent, session.rate, 0
    for step in session.steps:
        if step.ends_round:
            number += 1
            who = seat_name(session.names, parent, language_code)
            head = f"{number}. 親 {who}"
            if session.game_id in RATE_GAMES:  # 加点 belongs to the season games alone
                head += f"(加点 {rate})" if language_code == "ja" else f" (加点 {rate})"
            lines.append(f"{head} — {step.text(language_code)}")
        if step.parent_after is not None:
            parent = step.parent_after
        if step.rate_after is not None:
            rate = step.rate_after
    return lines


class LedgerTab(LedgerTabBase):
    """Every entry and the points it moved, the totals as numbers and sticks; saved and
    printed from here."""

    title = ("Ledger", "記録")
    printing = Printing()
    savable = True

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        self.printing = Printing(f"{page.game_id}-sheet.pdf")
        self.table = words(QTableWidget(self), "Points per round", "ラウンドごとの得点",
                           "setAccessibleName")
        self.table.setObjectName("ledger")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setDefaultSectionSize(22)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(40)
        self.table.setMinimumHeight(160)
        self.sticks_box = QWidget(self)
        self.sticks_layout = QGridLayout(self.sticks_box)
        self.sticks_layout.setContentsMargins(0, 0, 0, 0)
        self.stick_views: list[tuple[QLabel, SticksView]] = []
        self.pot_label = QLabel(self)
        self.sticks_title = QLabel(self)
        self.sticks_title.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.pot_label)
        layout.addWidget(self.sticks_title)
        layout.addWidget(self.sticks_box)
        self.refresh()

    def refresh(self, *_: object) -> None:
        session = self.session
        names = [seat_name(session.names, s, lang()) for s in range(session.players)]
        table = self.table
        steps = session.steps
        table.setColumnCount(len(names) + 1)
        table.setHorizontalHeaderLabels([tr("Entry", "入力"), *names])
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        table.setRowCount(len(steps) + 2)
        rows = [(tr("Start", "開始"), session.start)]
        rows += [(step.text(lang()), step.deltas) for step in steps]
        rows.append((tr("Total", "合計"), session.totals()))
        labels = []
        for r, (text, values) in enumerate(rows):
            labels.append("" if r in (0, len(rows) - 1) else str(r))
            self._cell(r, 0, text, left=True)
            for c, value in enumerate(values):
                shown = str(value) if r in (0, len(rows) - 1) or not value else f"{value:+d}"
                self._cell(r, c + 1, shown.replace("-", "−"))
        table.setVerticalHeaderLabels(labels)
        table.scrollToBottom()
        pot = session.pot()
        self.pot_label.setText(tr(f"Pot on the table: {pot}", f"場に残っている点: {pot}"))
        self.pot_label.setVisible(bool(pot))
        self._show_sticks(names, session)
        words = (("Print the filled sheet…", "記入済みシートを印刷…") if steps
                 else ("Print a blank sheet…", "白紙のシートを印刷…"))
        self.printing = Printing(f"{self.page.game_id}-sheet.pdf", words)
        self.changed.emit()

    def _cell(self, row: int, column: int, text: str, left: bool = False) -> None:
        item = self.table.item(row, column)
        if item is None:
            item = QTableWidgetItem()
            align = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignRight
            item.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, column, item)
        item.setText(text)
        item.setToolTip(text if left else "")

    def _show_sticks(self, names: Sequence[str], session: Session) -> None:
        """The sticks each player should hold now (a tally of wins has none)."""
        self.sticks_box.setVisible(session.zero_sum)
        self.sticks_title.setVisible(session.zero_sum)
        if any(session.start):
            held = list(session.totals())
            self.sticks_title.setText(tr("Point sticks each player holds:",
                                         "各自の点棒:"))
        else:
            held = [SUGGESTED_STOCK + total for total in session.totals()]
            self.sticks_title.setText(tr(
                f"Point sticks each player holds when everyone began with {SUGGESTED_STOCK}:",
                f"全員が {SUGGESTED_STOCK} 点から始めたときの各自の点棒:"))
        self._stick_rows(names, held)

    def _stick_rows(self, names: Sequence[str], totals: Sequence[int]) -> None:
        while len(self.stick_views) > len(names):
            label, view = self.stick_views.pop()
            label.deleteLater()
            view.deleteLater()
        while len(self.stick_views) < len(names):
            index = len(self.stick_views)
            label, view = QLabel(self.sticks_box), SticksView(self.sticks_box)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignAbsolute
                               | Qt.AlignmentFlag.AlignVCenter)
            self.sticks_layout.addWidget(label, index // 2, (index % 2) * 2)
            self.sticks_layout.addWidget(view, index // 2, (index % 2) * 2 + 1)
            self.stick_views.append((label, view))
        for (label, view), name, total in zip(self.stick_views, names, totals, strict=True):
            label.setText(name)
            label.setToolTip(name)
            view.set_points(total)

    # --- saving and printing -----------------------------------------------------------------
    def save_problem(self) -> str | None:
        problems = self.session.problems()
        return refusal(problems[0]) if problems else None

    def play_record(self) -> PlayRecord:
        return self.session.to_play_record()

    def export_pdf(self, path: Path) -> None:
        from companion.export.pdf import render_sheets
        from companion.export.sheets import blank_sheets
        from companion.games.nincetkaik.printing import session_sheets

        session = self.session
        if session.steps:
            render_sheets(session_sheets(session, lang()), path)
        else:
            names = [n for n in session.names]
            render_sheets(blank_sheets(session.game_id, session.players, names, lang()), path)


# --- choosing cards in a calculator -----------------------------------------------------------
class CardsForm(QWidget):
    """Card inputs sharing one picker: click an input, then pick its cards below. By keys:
    Tab to an input, "+" takes the keyboard to the picker (arrows, Space or Enter adds the
    card under the cursor to that input), Esc brings it back to the input; on the input,
    Space or Enter takes the card under the cursor away."""

    def __init__(self, parent: QWidget, tab: TableTab) -> None:
        super().__init__(parent)
        self.tab = tab
        self.inputs: list[CardsInput] = []
        self.current: CardsInput | None = None
        self.picker = CardPicker(46, self)
        self.picker.setObjectName("picker")
        self.picker.picked.connect(self.pick)
        self.picker.cancelled.connect(self.back_to_input)  # Esc: back to the input
        self.picker_label = words(QLabel(self), "Pick cards (for the input outlined in blue):",
                                  "札を選ぶ(青い枠の欄に入ります):")

    def stack(self, owner: QWidget, before: Sequence[QWidget],
              after: Sequence[QWidget] = ()) -> None:
        """Lay `owner` out top to bottom: `before`, this form's card picker under its label,
        `after`, then the spare space."""
        layout = QVBoxLayout(owner)
        for widget in [*before, self.picker_label, self.picker, *after]:
            layout.addWidget(widget)
        layout.addStretch(1)

    def input(self, limit: int, name: str, keep_order: bool = False) -> CardsInput:
        field = CardsInput(limit, self, keep_order=keep_order)
        field.setObjectName(f"cards:{name}")
        field.focused.connect(self.focus)
        field.pick_requested.connect(self.pick_for)
        self.inputs.append(field)
        if self.current is None:
            self.focus(field)
        return field

    def focus(self, field: object) -> None:
        if not isinstance(field, CardsInput):
            return
        self.current = field
        for other in self.inputs:
            other.set_active(other is field)

    def pick_for(self, field: object) -> None:
        """"+" on an input: the keyboard goes to the picker, which adds to that input."""
        self.focus(field)
        self.picker.setFocus()

    def back_to_input(self) -> None:
        if self.current is not None:
            self.current.setFocus()

    def pick(self, card: int) -> None:
        if self.current is not None:
            problem = self.current.add(card)
            if problem:
                self.tab.say(problem)

    def clear(self) -> None:
        for field in self.inputs:
            field.set_chosen([])


def seat_combo(parent: QWidget, name: str) -> QComboBox:
    combo = QComboBox(parent)
    combo.setObjectName(name)
    return combo


def fill_seats(combo: QComboBox, names: Sequence[str], extra: str | None = None) -> None:
    """The players (and `extra` first, e.g. "own draw") keeping the choice."""
    index = combo.currentIndex()
    combo.blockSignals(True)
    combo.clear()
    if extra is not None:
        combo.addItem(extra, None)
    for seat in range(len(names)):
        combo.addItem(seat_name(names, seat, lang()), seat)
    combo.setCurrentIndex(min(max(index, 0), combo.count() - 1))
    combo.blockSignals(False)


def row_of(*widgets: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    for widget in widgets:
        row.addWidget(widget)
    row.addStretch(1)
    return row


# --- the page ---------------------------------------------------------------------------------
class CardTablePage(TablePage):
    """A 紙机戦 game's table page: players above, Deal, the game's Score tab, Ledger."""

    def __init__(self, ctx: AppContext | None, game: TableGame,
                 score_tab: Callable[[CardTablePage], TableTab] | None) -> None:
        super().__init__(ctx, game.game_id)
        names = [""] * 3 if game.max_players >= 3 else [""] * 2
        session = game.new_session(names, game.rounds_default, 0, SUGGESTED_STOCK, False)
        self.model = LedgerModel(game, session, self)
        self.players = PlayersBox(self.model, self)
        self.set_header(self.players)
        self.add_tab(DealTab(self))
        if score_tab is not None:
            self.add_tab(score_tab(self))
        self.add_tab(LedgerTab(self))
        self.model.changed.connect(self.update_buttons)


def card_table_view(ctx: AppContext | None, game: TableGame,
                    score_tab: Callable[[CardTablePage], TableTab] | None) -> CardTablePage:
    return CardTablePage(ctx, game, score_tab)


def rounds_session(new_session: Callable[..., Session], rounds_key: str, *, stock: bool = False,
                   light: bool = False) -> Callable[[Sequence[str], int, int, int, bool], Session]:
    """A table module's ``new_session(names, <rounds_key>=…, parent=…)`` as `TableGame` calls
    it; with `stock` / `light` it also takes the starting points (``stock=…``) / the 光 option
    (``light=…``)."""

    def make(names: Sequence[str], rounds: int, parent: int, stock_points: int,
             light_on: bool) -> Session:
        extra: dict[str, Any] = {rounds_key: rounds}
        if stock:
            extra["stock"] = stock_points
        if light:
            extra["light"] = light_on
        return new_session(names, parent=parent, **extra)

    return make


def plan_text(plan: Callable[[Session], Any]) -> Callable[[Session, str], str]:
    """A table module's plan of the next round (an object with ``text(names, lang)``) as the
    sentence `TableGame` shows."""
    return lambda session, language_code: plan(session).text(session.names, language_code)
