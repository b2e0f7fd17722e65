"""Sorani table companion: players and names on top; setup checklist, round tracker and
score pad (`ui.games.sorani.pad`) as tabs of the shared table page.

- Setup: a seeded setup as a checklist to tick, with its share code; printable. A new setup
  (or another player count) starts the tracker afresh at once: its players, its first player.
- Rounds: 12 rounds × 5 phases, one sentence of what to do now; every step undoable.
- Score pad: the rulebook's rows (branches: the count of unconnected nodes, −1 VP each), totals
  and the tie-break; helpers work out planets, star tiles, special features and bonus tiles,
  and refuse what no board can have (five planets of a colour, three ★2 cards).

The tracker's state and the setup (code, names, ticks) are saved as JSON in QSettings
(`ctx.settings`, keys under "sorani/") after every change, so closing the app loses nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.games.sorani.printing import setup_sheet
from companion.games.sorani.setup import Setup, SetupCodeError, from_code, new_seed, randomize
from companion.games.sorani.tracker import (
    ROUNDS,
    Phase,
    TrackerState,
    new_tracker,
    phase_name,
    sun_seat,
)
from ui.context import AppContext
from ui.games.sorani.pad import SoraniPad
from ui.i18n import language, tr
from ui.play.widgets import isolate, words
from ui.table.frame import Printing, TablePage, TableTab
from ui.table.setup_tab import SetupTab as BaseSetupTab
from ui.table.setup_tab import load_json, store_json
from ui.undo import ReplaceState

KEY_SETUP = "sorani/setup"
KEY_TRACKER = "sorani/tracker"
KEY_NAMES = "sorani/names"
# --- setup ----------------------------------------------------------------------------------
class SetupTab(BaseSetupTab):
    """A seeded setup shown as a checklist to tick, with its share code; printable."""

    printing = Printing("sorani-setup.pdf", text=("Print checklist…", "チェックリストを印刷…"))

    def __init__(self, page: SoraniPage) -> None:
        self.sorani = page
        super().__init__(page, ("code, e.g. 7K2Q-M4A", "コード 例: 7K2Q-M4A"), max_length=12,
                         checkable=True)
        self.checklist = self.steps
        self.checklist.itemChanged.connect(lambda _item: self._save())
        layout = QVBoxLayout(self)
        layout.addWidget(self.bar)
        layout.addWidget(self.checklist, 1)

    def new_setup(self) -> None:
        self.show_setup(randomize(new_seed(), self.sorani.players()))

    def read_code(self, code: str) -> Setup:
        return from_code(code)

    def show_setup(self, setup: Setup, ticks: list[bool] | None = None) -> None:
        """Show a setup; the player count and the tracker follow it at once."""
        self.setup = setup
        self.page.status.clear_message()
        self.sorani.set_players(setup.players)
        self.sorani.tracker_tab.follow_setup()
        self.fill(ticks or [])
        self._save()
        self.changed.emit()

    def fill(self, ticks: list[bool]) -> None:
        self.bar.show_code(self.setup.code if self.setup is not None else None)
        lines = self.setup.checklist(language().code, self.sorani.names()) if self.setup else []
        self.show_steps(lines, ticks)

    def _save(self) -> None:
        if self.setup is not None:
            store_json(self.page.ctx, KEY_SETUP, {"code": self.setup.code, "ticks": self.ticks()})

    def restore(self) -> None:
        data = load_json(self.page.ctx, KEY_SETUP)
        if data and isinstance(data.get("code"), str):
            try:
                self.setup = from_code(data["code"])
            except SetupCodeError:
                return
            self.sorani.set_players(self.setup.players)
            self.fill([bool(t) for t in data.get("ticks", [])])

    def retranslate(self) -> None:
        self.fill(self.ticks())

    def export_pdf(self, path: Path) -> None:
        from companion.export.pdf import render_sheet

        if self.setup is not None:
            render_sheet(setup_sheet(self.setup, language().code, self.sorani.names()), path)


# --- tracker --------------------------------------------------------------------------------
class TrackerTab(TableTab):
    """12 rounds × 5 phases with one sentence of what to do now; undo/redo; remembered."""

    title = ("Rounds", "ラウンド")
    undo_stack: QUndoStack

    def __init__(self, page: SoraniPage) -> None:
        super().__init__(page)
        self.sorani = page
        self.state = new_tracker(page.players())
        self.undo_stack = QUndoStack(self)
        self.where = QLabel(self)
        bold = self.where.font()
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.3)
        self.where.setFont(bold)
        self.where.setWordWrap(True)
        self.sun_label = QLabel(self)
        self.sun_label.setWordWrap(True)
        self.rounds_label = QLabel(self)
        self.order_label = QLabel(self)
        self.order_label.setWordWrap(True)
        self.rounds_label.setWordWrap(True)
        self.instruction = QLabel(self)
        self.instruction.setWordWrap(True)
        big = self.instruction.font()
        big.setPointSizeF(big.pointSizeF() * 1.2)
        self.instruction.setFont(big)
        self.instruction.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.question = words(QGroupBox(self), "Dark skies completely surrounded this round",
                              "このラウンドに完全に囲んだ暗い空の数", "setTitle")
        self.question_grid = QGridLayout(self.question)
        self.dark_skies: list[QSpinBox] = []
        self.dark_labels: list[QLabel] = []
        self.confirm_button = words(QPushButton(self.question), "Start the special feature "
                                    "draft", "特別な地形のドラフトへ")
        self.confirm_button.clicked.connect(self.confirm_features)
        self.reserve_box = words(QCheckBox(self), "The 4 reserve planets are on the track",
                                 "予備の惑星4枚をトラックに置いた")
        self.reserve_box.clicked.connect(self._reserve_clicked)
        self.next_button = words(QPushButton(self), "Next", "次へ")
        self.next_button.clicked.connect(self.next_step)
        self.next_button.setDefault(True)
        self.restart_button = words(QPushButton(self), "New game", "新しいゲーム")
        self.restart_button.clicked.connect(self.restart)
        page.bind(self, "Ctrl+Return", [self.confirm_button, self.next_button])
        page.bind(self, "Ctrl+N", self.restart_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.restart_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.where)
        layout.addWidget(self.sun_label)
        layout.addWidget(self.instruction)
        layout.addWidget(self.order_label)
        layout.addWidget(self.question)
        layout.addWidget(self.reserve_box)
        layout.addStretch(1)
        layout.addWidget(self.rounds_label)
        layout.addLayout(buttons)

    # --- steps ----------------------------------------------------------------------------
    def _push(self, after: TrackerState) -> None:
        self.undo_stack.push(ReplaceState(self.state, after, self.set_state, "tracker step"))

    def set_state(self, state: TrackerState) -> None:
        self.state = state
        store_json(self.page.ctx, KEY_TRACKER, {"state": json.loads(state.to_json())})
        self.refresh()

    def next_step(self) -> None:
        if self.asking() or self.state.is_over:
            return
        self._push(self.state.advance())

    def asking(self) -> bool:
        return self.state.phase is Phase.FEATURES and self.state.feature_picks is None

    def confirm_features(self) -> None:
        cards = {seat: box.value() for seat, box in enumerate(self.dark_skies) if box.value()}
        self._push(self.state.with_feature_draft(cards))

    def _reserve_clicked(self, checked: bool) -> None:
        self._push(self.state.with_reserve_entered(checked))

    def restart(self) -> None:
        """A new game: the current player count, the sun where the setup puts it."""
        self._push(new_tracker(self.sorani.players(), self.sorani.setup_tab.setup))

    def follow_setup(self) -> None:
        """The setup or the player count changed: a new game's tracker at once (players,
        first player, tile counts and draft order follow)."""
        setup = self.sorani.setup_tab.setup
        if not self.state.follows(self.sorani.players(), setup):
            self.undo_stack.clear()
            self.set_state(new_tracker(self.sorani.players(), setup))

    def restore(self) -> None:
        data = load_json(self.page.ctx, KEY_TRACKER)
        if data and isinstance(data.get("state"), dict):
            try:
                self.state = TrackerState.from_json(json.dumps(data["state"]))
            except (ValueError, KeyError, TypeError):
                return
            self.sorani.set_players(self.state.players)

    # --- showing --------------------------------------------------------------------------
    def _ensure_question_rows(self) -> None:
        while len(self.dark_skies) < self.state.players:
            seat = len(self.dark_skies)
            label, box = QLabel(self.question), QSpinBox(self.question)
            box.setRange(0, 4)
            self.question_grid.addWidget(label, seat, 0)
            self.question_grid.addWidget(box, seat, 1)
            label.setBuddy(box)  # the seat's label names its box to a screen reader
            self.dark_labels.append(label)
            self.dark_skies.append(box)
        self.question_grid.addWidget(self.confirm_button, len(self.dark_skies), 0, 1, 2)
        for seat, (label, box) in enumerate(zip(self.dark_labels, self.dark_skies,
                                                strict=True)):
            shown = seat < self.state.players
            label.setVisible(shown)
            box.setVisible(shown)
            label.setText(self.sorani.name(seat))

    def refresh(self) -> None:
        lang, state = language().code, self.state
        name = self.sorani.name
        if state.is_over:
            self.where.setText(tr("Game over", "ゲーム終了"))
        else:
            self.where.setText(tr(f"Round {state.round} / {ROUNDS} · ",
                                  f"第 {state.round} / {ROUNDS} ラウンド · ")
                               + phase_name(state.phase, lang))
        self.sun_label.setText(tr("Sun token: ", "太陽トークン: ") + name(state.sun))
        rounds = " · ".join(f"{r} {name(sun_seat(state.first_seat, state.players, r))}"
                            for r in range(1, ROUNDS + 1))
        self.rounds_label.setText(tr("Sun by round: ", "ラウンドごとの太陽: ") + rounds)
        order = [name(seat) for seat in state.draft()]
        half = len(order) // 2
        self.order_label.setText(
            tr("Draft this round: ", "このラウンドのドラフト: ")
            + " → ".join(order[:half]) + tr("  |  other kind: ", "  |  もう一方: ")
            + " → ".join(order[half:]))
        self.order_label.setVisible(state.phase is Phase.DRAFT)
        self.instruction.setText(state.instruction(lang, self.sorani.names()))
        self._ensure_question_rows()
        asking = self.asking()
        self.question.setVisible(asking)
        if asking:
            for box in self.dark_skies:
                box.setValue(0)
        self.reserve_box.setChecked(state.reserve_round is not None)
        self.reserve_box.setEnabled(state.reserve_round in (None, state.round))
        self.next_button.setEnabled(not asking and not state.is_over)

    def retranslate(self) -> None:
        self.refresh()


# --- the whole companion --------------------------------------------------------------------
class SoraniPage(TablePage):
    """Players and names on top; setup, tracker and score pad as tabs."""

    def __init__(self, ctx: AppContext | None, game_id: str = "sorani",
                 parent: QWidget | None = None) -> None:
        self._restoring = True
        super().__init__(ctx, game_id, parent)
        self._given: list[str] = []
        header = QWidget(self)
        self.players_box = QSpinBox(header)
        self.players_box.setRange(1, 4)
        self.players_box.setValue(2)
        self.names_edit = QLineEdit(header)
        self.players_label = words(QLabel(header), "Players", "人数")
        self.names_label = words(QLabel(header), "Names (clockwise, commas)",
                                 "名前(時計回り、カンマ区切り)")
        saved_names = load_json(ctx, KEY_NAMES) or {}
        self.names_edit.setText(", ".join(saved_names.get("names", [])))
        row = QHBoxLayout(header)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.players_label)
        row.addWidget(self.players_box)
        row.addWidget(self.names_label)
        self.players_label.setBuddy(self.players_box)
        self.names_label.setBuddy(self.names_edit)
        row.addWidget(self.names_edit, 1)
        self.set_header(header)
        self.setup_tab = SetupTab(self)
        self.tracker_tab = TrackerTab(self)
        self.setup_tab.restore()
        self.tracker_tab.restore()
        self.pad = SoraniPad(self)
        self._given = self.given_names()
        for tab in (self.setup_tab, self.tracker_tab, self.pad):
            self.add_tab(tab)
        self.players_box.valueChanged.connect(self._players_changed)
        self.names_edit.textChanged.connect(self._names_changed)
        self._restoring = False
        self.retranslate()

    def players(self) -> int:
        return self.players_box.value()

    def set_players(self, players: int) -> None:
        self.players_box.setValue(players)

    def _typed(self) -> list[str]:
        return [n.strip() for n in self.names_edit.text().replace("、", ",").split(",")]

    def names(self) -> list[str]:
        return [self.name(i) for i in range(self.players())]

    def given_names(self) -> list[str]:
        """The typed names, blank where none was typed (the score pad's columns)."""
        given = self._typed()
        return [given[i] if i < len(given) else "" for i in range(self.players())]

    def name(self, seat: int) -> str:
        given = self._typed()
        if seat < len(given) and given[seat]:
            return isolate(given[seat])
        return tr(f"Player {seat + 1}", f"プレイヤー{seat + 1}")

    def _players_changed(self, players: int) -> None:
        if self._restoring:
            return
        self.sync_pad()
        self.tracker_tab.follow_setup()

    def _names_changed(self) -> None:
        store_json(self.ctx, KEY_NAMES, {"names": self._typed()})
        self.sync_pad()
        self.tracker_tab.refresh()
        self.setup_tab.fill(self.setup_tab.ticks())

    def sync_pad(self) -> None:
        """Give the score pad a column per player and the typed names, never overwriting a
        name typed in the pad itself nor removing a column."""
        sheet = self.pad.sheet
        given = self.given_names()
        while len(sheet.players) < len(given):
            sheet.add_player(given[len(sheet.players)])
        for i, name in enumerate(given):
            previous = self._given[i] if i < len(self._given) else ""
            if name and sheet.players[i] in ("", previous) and sheet.players[i] != name:
                sheet.rename_player(i, name)
        self._given = given

    def retranslate(self, *_: object) -> None:
        if not self._restoring:
            super().retranslate()


def sorani_table(ctx: AppContext | None, game_id: str = "sorani") -> SoraniPage:
    return SoraniPage(ctx, game_id)
