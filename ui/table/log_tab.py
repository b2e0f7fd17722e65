"""A table-page tab for games whose engine follows the physical game step by step
(`companion.table.log.TableLog`, the registry's `extras["table"]`): the players type what the
sticks showed — or let the app throw — and pick what they did from the moves the engine offers;
the engine moves the mirrored pieces, refuses what the rules refuse and keeps the tallies.

`EngineLogTab` gives every such game the same tool: players and names (with the game's own
option widgets), who begins (chosen, or drawn), the throw as buttons (0–5, 0–6, 1–6 …) and the
app's thrower, the actions on offer, the game's board and tally beside them, Undo/Redo of every
step (a `TableLog` is an immutable value: a step swaps one value for the next), Save to history
once the game is over and the names are typed, and Print (the game's board at playing size).
Keys: Ctrl+N new game, Enter in the "who begins" list begins (Ctrl+Return too), Ctrl+R draws
who begins or lets the app throw, 0–9 enter the throw's value (or choose the n-th action on
offer), so a whole game can be followed without the mouse.

A game subclasses it (naming its board sheet in `board_sheet_at`; `enter_throw`,
`throw_values`, `is_throw_time` and `turn_text`) and makes its page with `engine_table_view`,
giving the tab its board and tally widgets (each with `show_state`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.core.chance import throw_sticks
from companion.display import isolate, move_text
from companion.history import PlayRecord
from companion.table.log import TableError, TableLog, names_or_seats
from ui.context import AppContext
from ui.games.sticks.sticks_widget import SticksWidget
from ui.i18n import language, tr
from ui.play.keys import announce
from ui.play.widgets import clear_layout, stack_when_narrow, words
from ui.table.frame import Printing, TablePage, TableTab
from ui.table.players_box import PlayersBox
from ui.undo import ReplaceState

#: Below this width the tools stand above the board instead of beside it.
NARROW = 720


class EngineLogTab(TableTab):
    """A game at the table followed by its engine. Subclass it (see the module doc)."""

    title = ("Game at the table", "卓上のゲーム")
    savable = True
    printing = Printing(text=("Print the board…", "盤を印刷…"))
    #: The app's thrower: how many sticks (0 for a die).
    sticks = 5
    #: "package.module.function" making the board's `SheetSpec` for a language (Print).
    board_sheet_at = ""
    undo_stack: QUndoStack

    def __init__(self, page: TablePage, game_id: str, board: QWidget, tally: QWidget) -> None:
        super().__init__(page)
        self.board, self.tally = board, tally
        from companion.games import registry

        self.info = registry.get(game_id)
        self.printing = replace(self.printing, pdf_name=f"{game_id}-board.pdf")
        self.rng = random.Random()
        self.undo_stack = QUndoStack(self)
        self._option_widgets: dict[str, QWidget] = {}
        self.log: TableLog = self._new_log(min(self.info.max_players,
                                               max(self.info.min_players, 3)))
        self._build()
        self.refresh()

    # --- hooks -------------------------------------------------------------------------------
    def option_widgets(self) -> list[tuple[QLabel, QWidget]]:
        """(label, widget) per option of the game (its registry entry): a choice as a combo
        box, a number as a spin box; changing one starts a new game."""
        from companion.games.registry import OptionKind

        found: list[tuple[QLabel, QWidget]] = []
        for spec in self.info.options:
            widget: QWidget
            if spec.kind is OptionKind.CHOICE:
                combo = QComboBox(self)
                for value in spec.choices:
                    combo.addItem(value, value)
                combo.setCurrentIndex(max(0, combo.findData(spec.default)))
                combo.currentIndexChanged.connect(lambda _i: self.new_game())
                widget = combo
            elif spec.kind is OptionKind.INT:
                spin = QSpinBox(self)
                spin.setRange(spec.minimum or 0, spec.maximum or 999)
                spin.setValue(int(spec.default))
                spin.editingFinished.connect(self.new_game)
                widget = spin
            else:
                continue
            widget.setObjectName(f"table_option:{spec.key}")
            self._option_widgets[spec.key] = widget
            found.append((words(QLabel(self), spec.label_en, spec.label_ja), widget))
        return found

    def options(self) -> dict[str, Any]:
        """The options the option widgets say (defaults before they exist)."""
        chosen: dict[str, Any] = {}
        for key, widget in self._option_widgets.items():
            chosen[key] = widget.currentData() if isinstance(widget, QComboBox) \
                else widget.value()  # type: ignore[attr-defined]
        return chosen

    def _label_options(self) -> None:
        lang = language().code
        for spec in self.info.options:
            widget = self._option_widgets.get(spec.key)
            if isinstance(widget, QComboBox):
                for index, value in enumerate(spec.choices):
                    widget.setItemText(index, spec.choice_label(value, lang))

    def is_throw_time(self, state: Any) -> bool:
        """The player to move throws now (the value is typed or thrown by the app)."""
        raise NotImplementedError

    def throw_values(self, state: Any) -> range:
        raise NotImplementedError

    def enter_throw(self, log: TableLog, value: int) -> TableLog:
        raise NotImplementedError

    def app_throw(self, state: Any) -> tuple[tuple[bool, ...] | None, int]:
        """The app throws for the player: (the sticks' faces, or None for a die; the value)."""
        faces = throw_sticks(self.rng, self.sticks)
        return faces, sum(faces)

    def turn_text(self, state: Any, names: Sequence[str]) -> str:
        """What happens now, in a sentence (after the game has begun)."""
        raise NotImplementedError

    def board_sheet(self, lang: str) -> Any:
        """The `SheetSpec` Print makes: the board at playing size, from the function at
        `board_sheet_at` (imported when first printed)."""
        from companion.games.hooks import lazy

        return lazy(self.board_sheet_at)(lang)

    # --- building ----------------------------------------------------------------------------
    def _build(self) -> None:
        self.players_box = PlayersBox(self.info.min_players, self.info.max_players, self,
                                      self.log.players)
        self.players_box.count_changed.connect(lambda _n: self.new_game())
        self.players_box.names_changed.connect(self._names_changed)
        for label, widget in self.option_widgets():
            self.players_box.add_row(label, widget)
        self.new_button = words(QPushButton(self.players_box), "New game", "新しいゲーム")
        self.new_button.setObjectName("table_new_game")
        self.new_button.clicked.connect(self.new_game)
        box_layout = self.players_box.layout()
        assert box_layout is not None
        box_layout.addWidget(self.new_button)

        self.first_box = words(QGroupBox(self), "Who begins?", "先手は?", "setTitle")
        self.first_combo = QComboBox(self.first_box)
        self.first_combo.setObjectName("table_first")
        self.begin_button = words(QPushButton(self.first_box), "Begin", "開始")
        self.begin_button.setObjectName("table_begin")
        self.begin_button.clicked.connect(
            lambda: self.choose_first(self.first_combo.currentIndex()))
        self.draw_button = words(QPushButton(self.first_box), "Draw at random", "抽選")
        self.draw_button.setObjectName("table_draw_first")
        self.draw_button.clicked.connect(self.draw_first)
        first = QHBoxLayout(self.first_box)
        first.addWidget(self.first_combo, 1)
        first.addWidget(self.begin_button)
        first.addWidget(self.draw_button)

        self.turn_label = QLabel(self)
        self.turn_label.setWordWrap(True)
        font = self.turn_label.font()
        font.setBold(True)
        self.turn_label.setFont(font)

        self.throw_box = words(QGroupBox(self), "The throw", "出目", "setTitle")
        self.value_row = QHBoxLayout()
        self.value_buttons: list[QPushButton] = []
        self.app_button = words(QPushButton(self.throw_box), "Let the app throw",
                                "アプリで投げる")
        self.app_button.setObjectName("table_app_throw")
        self.app_button.clicked.connect(self.throw_for_player)
        self.thrown = SticksWidget(self.throw_box, sticks=max(1, self.sticks))
        self.thrown.setMinimumSize(160, 60)
        self.thrown.setMaximumHeight(80)
        self.thrown.setVisible(self.sticks > 0)
        throw_layout = QVBoxLayout(self.throw_box)
        throw_layout.addLayout(self.value_row)
        throw_layout.addWidget(self.app_button, 0, Qt.AlignmentFlag.AlignLeft)
        throw_layout.addWidget(self.thrown)

        self.actions_box = words(QGroupBox(self), "What did they do?", "行動は?", "setTitle")
        self.actions_grid = QGridLayout(self.actions_box)

        self.board.setParent(self)
        self.tally.setParent(self)
        words(self.board, "Board", "盤", "setAccessibleName")

        tools = QVBoxLayout()
        for widget in (self.players_box, self.first_box, self.turn_label, self.throw_box,
                       self.actions_box):
            tools.addWidget(widget)
        tools.addStretch(1)
        view = QVBoxLayout()
        view.addWidget(self.board, 3)
        view.addWidget(self.tally, 1)
        self.body = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.body.addLayout(tools, 2)
        self.body.addLayout(view, 3)
        self._bind_keys()

    def _bind_keys(self) -> None:
        """The tab's main actions on keys (see the module doc)."""
        page = self.page
        page.bind(self, "Ctrl+N", self.new_button)
        page.bind(self, "Ctrl+Return", self.begin_button)
        page.bind(self, "Ctrl+R", [self.draw_button, self.app_button])
        for digit in range(10):
            page.bind_action(self, str(digit), "", "", partial(self.press_digit, digit),
                             listed=False)
        page.list_key(self, "0 … 9", "The throw's value, or the n-th action on offer",
                      "出目の値、または n 番目の行動")

    def press_digit(self, digit: int) -> None:
        """A digit key: the throw's value while the player throws, else the action on offer
        numbered `digit` (1 the first)."""
        if self.throw_box.isVisible():
            button = next((b for b in self.value_buttons if b.property("value") == digit), None)
        else:
            actions = self.action_buttons()
            button = actions[digit - 1] if 0 < digit <= len(actions) else None
        if button is not None and button.isEnabled():
            button.click()

    def action_buttons(self) -> list[QPushButton]:
        """The actions on offer, in the order shown (and numbered by their keys)."""
        return list(self._action_buttons) if self.actions_box.isVisible() else []

    # --- steps (each one undoable) -----------------------------------------------------------
    def _new_log(self, players: int) -> TableLog:
        return TableLog.new(self.info.id, players, (), self.options())

    def new_game(self) -> None:
        """A new game with the players, names and options shown (the old one can be undone)."""
        box = self.players_box
        self._push(TableLog.new(self.info.id, box.count(), box.names(), self.options()),
                   "new game")

    def choose_first(self, seat: int) -> None:
        self._step(lambda log: log.choose_first(seat), "first")

    def draw_first(self) -> None:
        self._step(lambda log: log.draw_first(self.rng), "draw first")

    def enter_value(self, value: int) -> None:
        """The physical sticks (or die) showed `value`."""
        self._step(lambda log: self.enter_throw(log, value), f"={value}")

    def throw_for_player(self) -> None:
        """The app throws for the player to move and enters the result."""
        faces, value = self.app_throw(self.log.state())
        if faces is not None:
            self.thrown.show_throw(faces)
        self.enter_value(value)

    def do(self, notation: str) -> None:
        """The player to move did `notation` (one of the moves on offer)."""
        self._step(lambda log: log.step(notation), notation)

    def _step(self, make: Any, text: str) -> None:
        try:
            after = make(self.log)
        except TableError as exc:
            self.say(str(exc), exc.text("ja"))
            return
        self.page.status.clear_message()
        self._push(after, text)

    def _push(self, after: TableLog, text: str) -> None:
        self.undo_stack.push(ReplaceState(self.log, after, self.set_log, text))
        announce(self, self.turn_label.text())  # the step entered, and what comes next

    def set_log(self, log: TableLog) -> None:
        self.log = log
        self.players_box.set_count(log.players)
        self.refresh()
        self.edited.emit()

    def _names_changed(self) -> None:
        self.log = replace(self.log, names=self.players_box.names())
        self.refresh()
        self.edited.emit()

    # --- showing -----------------------------------------------------------------------------
    def names(self) -> list[str]:
        return names_or_seats(self.log.names, self.log.players, language().code)

    def refresh(self) -> None:
        state: Any = self.log.state()
        names = self.names()
        self._label_options()
        started = state.first >= 0
        self.first_box.setVisible(not started)
        if not started:
            current = self.first_combo.currentIndex()
            self.first_combo.clear()
            self.first_combo.addItems(names)
            self.first_combo.setCurrentIndex(max(0, min(current, len(names) - 1)))
        self.turn_label.setText(self._turn_sentence(state, names))
        self.board.setAccessibleDescription(self.turn_label.text())  # what the board shows now
        throwing = started and not state.is_over() and self.is_throw_time(state)
        self._show_values(state if throwing else None)
        self.throw_box.setVisible(throwing)
        self._show_actions(state, started and not throwing)
        self.board.show_state(state)  # type: ignore[attr-defined]
        self.tally.show_state(state, names)  # type: ignore[attr-defined]
        self.changed.emit()

    def _turn_sentence(self, state: Any, names: Sequence[str]) -> str:
        if state.first < 0:
            return tr("Choose who begins, or let the app draw.",
                      "先手を選ぶか、アプリに抽選させてください。")
        if state.is_over():
            outcome = state.outcome()
            winners = [isolate(names[s]) for s in sorted(outcome.winners)]
            return tr("The game is over. Winner: " + ", ".join(winners),
                      "ゲーム終了。勝者: " + "、".join(winners))
        return self.turn_text(state, names)

    def _show_values(self, state: Any) -> None:
        values = list(self.throw_values(state)) if state is not None else []
        if [b.property("value") for b in self.value_buttons] != values:
            for button in self.value_buttons:
                self.value_row.removeWidget(button)
                button.deleteLater()
            self.value_buttons = []
            for value in values:
                button = QPushButton(str(value), self.throw_box)
                button.setProperty("value", value)
                button.setObjectName(f"table_throw:{value}")
                button.setMinimumWidth(34)
                button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                button.clicked.connect(lambda _=False, v=value: self.enter_value(v))
                self.value_row.addWidget(button)
                self.value_buttons.append(button)
                button.show()

    def _show_actions(self, state: Any, on: bool) -> None:
        clear_layout(self.actions_grid)
        self._action_buttons: list[QPushButton] = []
        moves = [m for m in state.legal_moves()] if on and not state.is_over() \
            and not state.is_chance() else []
        lang = language().code
        for i, move in enumerate(moves):
            text = move_text(self.info.id, str(move), lang)
            button = QPushButton(f"{i + 1}. {text}" if i < 9 else text, self.actions_box)
            button.setAccessibleName(text)
            button.setObjectName(f"table_move:{move}")
            button.clicked.connect(lambda _=False, m=str(move): self.do(m))
            self.actions_grid.addWidget(button, i // 2, i % 2)
            self._action_buttons.append(button)
            button.show()
        self.actions_box.setVisible(bool(moves))

    # --- the page's buttons ------------------------------------------------------------------
    def save_problem(self) -> str | None:
        if not self.log.state().is_over():
            return tr("Finish the game first: Save to history opens once the game is over.",
                      "先にゲームを終えてください: ゲームが終わると履歴に保存できます。")
        return self.players_box.names_problem()

    def play_record(self) -> PlayRecord:
        return self.log.to_play_record()

    def export_pdf(self, path: Path) -> None:
        from companion.export.pdf import render_sheets

        render_sheets([self.board_sheet(language().code)], path)

    def retranslate(self) -> None:
        self.refresh()

    def resizeEvent(self, event: Any) -> None:
        stack_when_narrow(self.body, self.width(), NARROW)
        super().resizeEvent(event)


def engine_table_view(ctx: AppContext | None, game_id: str, tab: type[EngineLogTab],
                      board: QWidget, tally: QWidget) -> TablePage:
    """The table page of a game followed by its engine: one `tab` with `board` and `tally`."""
    page = TablePage(ctx, game_id)
    page.add_tab(tab(page, game_id, board, tally))
    return page
