"""The Alluvium table companion: setup, round tracker and the score sheet with paintable maps.

Left: the setup (players, names, colours; with three players the virtual colour, whose cards the
app turns) and the round tracker (round n of 3/4, passing direction, phase, what to do now).
Right: one tab per player's sheet — paint the map (left button paints the chosen colour, right
button erases, every stroke undoable), see the largest rectangle and each visitor's largest
group highlighted, enter the checks of each track and the round areas (or take the area from
the map); below, the totals, ranks and the winner, "Save to history" and "Print PDF".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeySequence, QPalette, QShortcut, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabBar,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from companion.games.alluvium.profile import sheet_profile
from companion.games.alluvium.scoring import EMPTY, GameResult
from companion.games.alluvium.table import TableGame
from companion.games.alluvium.tracker import RoundTracker
from ui.context import AppContext
from ui.games.alluvium.map_widget import MapWidget, qcolor
from ui.i18n import language, tr
from ui.pdf_dialog import save_pdf

NO_AREA = -1  # the area spin box's "not written" value


# --- undo commands --------------------------------------------------------------------------
class SetChecks(QUndoCommand):
    def __init__(self, game: TableGame, player: int, colour: str, count: int) -> None:
        super().__init__(f"checks {player} {colour}")
        self.game, self.player, self.colour, self.new = game, player, colour, count
        self.old = game.checks[player][colour]

    def redo(self) -> None:
        self.game.set_checks(self.player, self.colour, self.new)

    def undo(self) -> None:
        self.game.set_checks(self.player, self.colour, self.old)


class SetArea(QUndoCommand):
    def __init__(self, game: TableGame, player: int, index: int, value: int | None) -> None:
        super().__init__(f"area {player} {index}")
        self.game, self.player, self.index, self.new = game, player, index, value
        self.old = game.areas[player][index]

    def redo(self) -> None:
        self.game.set_area(self.player, self.index, self.new)

    def undo(self) -> None:
        self.game.set_area(self.player, self.index, self.old)


class SetGroupSize(QUndoCommand):
    def __init__(self, game: TableGame, player: int, colour: str, size: int | None) -> None:
        super().__init__(f"group {player} {colour}")
        self.game, self.player, self.colour, self.new = game, player, colour, size
        self.old = game.group_sizes[player][colour]

    def redo(self) -> None:
        self.game.set_group_size(self.player, self.colour, self.new)

    def undo(self) -> None:
        self.game.set_group_size(self.player, self.colour, self.old)


class StepTracker(QUndoCommand):
    def __init__(self, tracker: RoundTracker, forward: bool, done: Callable[[], None]) -> None:
        super().__init__("next step" if forward else "previous step")
        self.tracker, self.forward, self.done = tracker, forward, done

    def redo(self) -> None:
        (self.tracker.advance if self.forward else self.tracker.back)()
        self.done()

    def undo(self) -> None:
        (self.tracker.back if self.forward else self.tracker.advance)()
        self.done()


def colour_name(letter: str) -> str:
    return sheet_profile().colour(letter).name(language().code)


class AlluviumTablePage(QWidget):
    """The whole table companion for one play of Alluvium."""

    saved = Signal(int)

    def __init__(self, ctx: AppContext | None, game_id: str = "alluvium",
                 parent: QWidget | None = None, seed: int | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.game_id = ctx, game_id
        self.profile = sheet_profile()
        self.seed = seed if seed is not None else 0
        self.undo_stack = QUndoStack(self)
        self.saved_play_id: int | None = None
        self._refreshing = False
        self.game = TableGame(["", "", "", ""], list(self.profile.letters()[:4]))
        self.tracker = RoundTracker(4, self.seed)
        self._build()
        self.new_game()
        language().changed.connect(self.retranslate)

    # --- building -----------------------------------------------------------------------------
    def _build(self) -> None:
        splitter = QSplitter(self)
        outer = QHBoxLayout(self)
        outer.addWidget(splitter)
        splitter.addWidget(self._build_left())
        splitter.addWidget(self._build_right())
        splitter.setStretchFactor(1, 3)
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo_stack.undo)
        QShortcut(QKeySequence.StandardKey.Redo, self, self.undo_stack.redo)

    def _build_left(self) -> QWidget:
        left = QWidget(self)
        layout = QVBoxLayout(left)
        self.setup_box = QGroupBox(left)
        form = QFormLayout(self.setup_box)
        self.players_spin = QSpinBox(self.setup_box)
        self.players_spin.setRange(3, 5)
        self.players_spin.setValue(4)
        self.players_spin.valueChanged.connect(self._players_changed)
        self.players_label = QLabel(self.setup_box)
        form.addRow(self.players_label, self.players_spin)
        self.seat_rows: list[tuple[QLineEdit, QComboBox]] = []
        self.seat_grid = QGridLayout()
        form.addRow(self.seat_grid)
        for i in range(5):
            name = QLineEdit(self.setup_box)
            name.setObjectName(f"name{i}")
            combo = QComboBox(self.setup_box)
            combo.setObjectName(f"colour{i}")
            self.seat_grid.addWidget(name, i, 0)
            self.seat_grid.addWidget(combo, i, 1)
            name.editingFinished.connect(lambda i=i: self._rename(i))
            self.seat_rows.append((name, combo))
        self.virtual_label = QLabel(self.setup_box)
        self.virtual_combo = QComboBox(self.setup_box)
        form.addRow(self.virtual_label, self.virtual_combo)
        self.new_button = QPushButton(self.setup_box)
        self.new_button.clicked.connect(self.new_game)
        form.addRow(self.new_button)
        layout.addWidget(self.setup_box)

        self.tracker_box = QGroupBox(left)
        tl = QVBoxLayout(self.tracker_box)
        self.round_label = QLabel(self.tracker_box)
        font = self.round_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.round_label.setFont(font)
        self.direction_label = QLabel(self.tracker_box)
        self.phase_label = QLabel(self.tracker_box)
        self.instruction_label = QLabel(self.tracker_box)
        self.instruction_label.setWordWrap(True)
        self.direction_label.setWordWrap(True)
        self.instruction_label.setMinimumHeight(60)
        for w in (self.round_label, self.direction_label, self.phase_label,
                  self.instruction_label):
            tl.addWidget(w)
        buttons = QHBoxLayout()
        self.back_button = QPushButton(self.tracker_box)
        self.next_button = QPushButton(self.tracker_box)
        self.back_button.clicked.connect(lambda: self._step(False))
        self.next_button.clicked.connect(lambda: self._step(True))
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.next_button)
        tl.addLayout(buttons)
        layout.addWidget(self.tracker_box)
        layout.addStretch(1)
        return left

    def _build_right(self) -> QWidget:
        right = QWidget(self)
        layout = QVBoxLayout(right)
        self.sheet_tabs = QTabBar(right)
        self.sheet_tabs.currentChanged.connect(self._sheet_changed)
        layout.addWidget(self.sheet_tabs)
        body = QHBoxLayout()
        map_column = QVBoxLayout()
        self.palette_bar = QHBoxLayout()
        self.palette_group = QButtonGroup(right)
        self.palette_group.setExclusive(True)
        self.palette_buttons: dict[str, QToolButton] = {}
        map_column.addLayout(self.palette_bar)
        self.map = MapWidget(self.game, self.undo_stack, right)
        self.map.setObjectName("alluvium-map")
        map_column.addWidget(self.map, 1)
        self.rect_label = QLabel(right)
        self.rect_label.setObjectName("rect-label")
        map_column.addWidget(self.rect_label)
        body.addLayout(map_column, 3)
        side = QVBoxLayout()
        self.tracks_box = QGroupBox(right)
        self.tracks_form = QFormLayout(self.tracks_box)
        side.addWidget(self.tracks_box)
        self.areas_box = QGroupBox(right)
        self.areas_form = QFormLayout(self.areas_box)
        side.addWidget(self.areas_box)
        self.map_area_button = QPushButton(right)
        self.map_area_button.clicked.connect(self.take_area_from_map)
        side.addWidget(self.map_area_button)
        side.addStretch(1)
        body.addLayout(side, 1)
        layout.addLayout(body, 3)
        self.results = QTableWidget(right)
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.results.setMinimumHeight(190)
        layout.addWidget(self.results, 1)
        self.winner_label = QLabel(right)
        self.winner_label.setObjectName("winner-label")
        layout.addWidget(self.winner_label)
        actions = QHBoxLayout()
        self.undo_button = QPushButton(right)
        self.redo_button = QPushButton(right)
        self.undo_button.clicked.connect(self.undo_stack.undo)
        self.redo_button.clicked.connect(self.undo_stack.redo)
        self.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.save_button = QPushButton(right)
        self.save_button.clicked.connect(self.save)
        self.pdf_button = QPushButton(right)
        self.pdf_button.clicked.connect(self._ask_pdf)
        for w in (self.undo_button, self.redo_button):
            actions.addWidget(w)
        actions.addStretch(1)
        actions.addWidget(self.save_button)
        actions.addWidget(self.pdf_button)
        layout.addLayout(actions)
        self.status = QLabel(right)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        return right

    # --- setup --------------------------------------------------------------------------------
    def _players_changed(self, *_: object) -> None:
        n = self.players_spin.value()
        for i, (name, combo) in enumerate(self.seat_rows):
            name.setVisible(i < n)
            combo.setVisible(i < n)
        self.virtual_label.setVisible(n == 3)
        self.virtual_combo.setVisible(n == 3)

    def _fill_setup_combos(self) -> None:
        letters = self.profile.letters()
        for i, (_, combo) in enumerate(self.seat_rows):
            current = combo.currentData() or letters[i]
            combo.blockSignals(True)
            combo.clear()
            for letter in letters:
                combo.addItem(f"{self.profile.colour(letter).symbol} {colour_name(letter)}",
                              letter)
            combo.setCurrentIndex(letters.index(current))
            combo.blockSignals(False)
        current = self.virtual_combo.currentData() or letters[3]
        self.virtual_combo.clear()
        for letter in letters:
            self.virtual_combo.addItem(colour_name(letter), letter)
        self.virtual_combo.setCurrentIndex(letters.index(current))

    def setup_problem(self) -> str | None:
        n = self.players_spin.value()
        colours = [self.seat_rows[i][1].currentData() for i in range(n)]
        if len(set(colours)) != n:
            return tr("Each player needs a different colour.",
                      "プレイヤーごとに違う色を選んでください。")
        if n == 3 and self.virtual_combo.currentData() in colours:
            return tr("The virtual colour must be a colour nobody plays.",
                      "仮想プレイヤーの色は、誰も使っていない色にしてください。")
        return None

    def new_game(self) -> None:
        """Start a fresh sheet with the setup shown (names, colours, virtual colour)."""
        if not self.seat_rows[0][1].count():
            self._fill_setup_combos()
            self._players_changed()
        problem = self.setup_problem()
        if problem:
            self.status.setText(problem)
            return
        n = self.players_spin.value()
        names = [self.seat_rows[i][0].text().strip() for i in range(n)]
        colours = [str(self.seat_rows[i][1].currentData()) for i in range(n)]
        virtual = str(self.virtual_combo.currentData()) if n == 3 else None
        self.game = TableGame(names, colours, virtual)
        self.game.listeners.append(self._refresh)
        self.tracker = RoundTracker(n, self.seed)
        self.map.game = self.game
        self.undo_stack.clear()
        self.saved_play_id = None
        self._rebuild_sheet_tabs()
        self._rebuild_palette()
        self.status.setText("")
        self.retranslate()

    def _rename(self, index: int) -> None:
        if index < self.game.players:
            self.game.rename(index, self.seat_rows[index][0].text().strip())
            self._rebuild_sheet_tabs()

    def _sheet_title(self, index: int) -> str:
        name = self.game.names[index] or tr(f"Player {index + 1}", f"プレイヤー{index + 1}")
        return f"{self.profile.colour(self.game.colours[index]).symbol} {name}"

    def _rebuild_sheet_tabs(self) -> None:
        current = max(0, self.sheet_tabs.currentIndex())
        self.sheet_tabs.blockSignals(True)
        while self.sheet_tabs.count():
            self.sheet_tabs.removeTab(0)
        for i in range(self.game.players):
            self.sheet_tabs.addTab(self._sheet_title(i))
            self.sheet_tabs.setTabTextColor(i, qcolor(self.profile.colour(self.game.colours[i]))
                                            .darker(140))
        self.sheet_tabs.setCurrentIndex(min(current, self.game.players - 1))
        self.sheet_tabs.blockSignals(False)
        self._sheet_changed(self.sheet_tabs.currentIndex())

    def _rebuild_palette(self) -> None:
        for button in self.palette_buttons.values():
            self.palette_group.removeButton(button)
            self.palette_bar.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.palette_buttons = {}
        letters = [*self.game.colours, *([self.game.virtual] if self.game.virtual else []),
                   EMPTY]
        for letter in letters:
            button = QToolButton(self)
            button.setCheckable(True)
            button.setObjectName(f"paint-{letter}")
            button.setMinimumWidth(64)
            if letter != EMPTY:
                pal = button.palette()
                pal.setColor(QPalette.ColorRole.Button, qcolor(self.profile.colour(letter), 0.35))
                button.setPalette(pal)
                button.setAutoFillBackground(True)
            button.clicked.connect(lambda _=False, v=letter: self.choose_paint(v))
            self.palette_group.addButton(button)
            self.palette_bar.addWidget(button)
            self.palette_buttons[letter] = button
        self.choose_paint(self.game.colours[self.current_sheet()])

    def choose_paint(self, value: str) -> None:
        self.map.value = value
        button = self.palette_buttons.get(value)
        if button is not None:
            button.setChecked(True)

    # --- sheets -------------------------------------------------------------------------------
    def current_sheet(self) -> int:
        return max(0, self.sheet_tabs.currentIndex())

    def _sheet_changed(self, index: int) -> None:
        if index < 0:
            return
        self.map.set_player(index)
        if self.palette_buttons:
            self.choose_paint(self.game.colours[index])
        self._rebuild_entry_forms()
        self._refresh()

    def _rebuild_entry_forms(self) -> None:
        for form in (self.tracks_form, self.areas_form):
            while form.rowCount():
                form.removeRow(0)
        player = self.current_sheet()
        self.track_spins: dict[str, QSpinBox] = {}
        self.group_spins: dict[str, QSpinBox] = {}
        self.tracks_form.addRow("", QLabel(tr("checks · largest group", "チェック · 最大連結"),
                                           self.tracks_box))
        for colour in self.game.visitors(player):
            row = QWidget(self.tracks_box)
            row_layout = QHBoxLayout(row)
            row_layout.setContentsMargins(0, 0, 0, 0)
            spin = QSpinBox(row)
            spin.setRange(0, 999)
            spin.setObjectName(f"checks-{colour}")
            spin.valueChanged.connect(lambda v, c=colour: self._checks_edited(c, v))
            group = QSpinBox(row)
            group.setRange(NO_AREA, 999)
            group.setSpecialValueText(tr("map", "地図"))
            group.setObjectName(f"group-{colour}")
            group.setToolTip(tr("The colour's largest connected group: counted on the painted "
                                "map, or type it", "その色の最大の連結: 塗った地図から数えるか、"
                                "数を入力"))
            group.valueChanged.connect(lambda v, c=colour: self._group_edited(c, v))
            row_layout.addWidget(spin)
            row_layout.addWidget(group)
            label = colour_name(colour)
            if colour == self.game.virtual:
                label += tr(" (virtual)", "(仮想)")
            self.tracks_form.addRow(label, row)
            self.track_spins[colour] = spin
            self.group_spins[colour] = group
        self.area_spins: list[QSpinBox] = []
        for r in range(self.game.rounds):
            spin = QSpinBox(self.areas_box)
            spin.setRange(NO_AREA, 999)
            spin.setSpecialValueText("—")
            spin.setObjectName(f"area-{r + 1}")
            spin.valueChanged.connect(lambda v, r=r: self._area_edited(r, v))
            self.areas_form.addRow(tr(f"Round {r + 1}", f"ラウンド{r + 1}"), spin)
            self.area_spins.append(spin)

    def _checks_edited(self, colour: str, value: int) -> None:
        if not self._refreshing and self.game.checks[self.current_sheet()][colour] != value:
            self.undo_stack.push(SetChecks(self.game, self.current_sheet(), colour, value))

    def _group_edited(self, colour: str, value: int) -> None:
        new = None if value == NO_AREA else value
        player = self.current_sheet()
        if not self._refreshing and self.game.group_sizes[player][colour] != new:
            self.undo_stack.push(SetGroupSize(self.game, player, colour, new))

    def _area_edited(self, index: int, value: int) -> None:
        new = None if value == NO_AREA else value
        if not self._refreshing and self.game.areas[self.current_sheet()][index] != new:
            self.undo_stack.push(SetArea(self.game, self.current_sheet(), index, new))

    def take_area_from_map(self) -> None:
        """Write the map's largest rectangle into the box of the tracker's round."""
        index = min(self.tracker.step.round, self.game.rounds) - 1
        player = self.current_sheet()
        self.undo_stack.push(SetArea(self.game, player, index, self.game.map_area(player)))

    # --- tracker ------------------------------------------------------------------------------
    def _step(self, forward: bool) -> None:
        index = self.tracker.index
        if (forward and index + 1 < len(self.tracker.steps)) or (not forward and index > 0):
            self.undo_stack.push(StepTracker(self.tracker, forward, self._show_tracker))

    def _show_tracker(self) -> None:
        lang = language().code
        t = self.tracker
        self.round_label.setText(t.heading(lang))
        arrow = "↻" if t.step.round % 2 else "↺"
        self.direction_label.setText(tr("Pass sheets: ", "シートを渡す向き: ") + arrow + " "
                                     + t.direction_text(lang))
        self.phase_label.setText(t.phase_text(lang))
        self.instruction_label.setText(t.instruction(lang))
        self.back_button.setEnabled(t.index > 0)
        self.next_button.setEnabled(not t.is_over())
        shown = min(t.step.round, self.game.rounds)
        self.map_area_button.setText(tr(f"Area from the map → round {shown}",
                                        f"地図の面積 → ラウンド{shown}"))

    # --- results ------------------------------------------------------------------------------
    def result(self) -> GameResult | None:
        try:
            return self.game.result()
        except ValueError:
            return None

    def _refresh(self) -> None:
        self._refreshing = True
        try:
            player = self.current_sheet()
            for colour, spin in getattr(self, "track_spins", {}).items():
                spin.setValue(self.game.checks[player].get(colour, 0))
            for colour, spin in getattr(self, "group_spins", {}).items():
                typed = self.game.group_sizes[player].get(colour)
                spin.setValue(NO_AREA if typed is None else typed)
            for r, spin in enumerate(getattr(self, "area_spins", [])):
                value = self.game.areas[player][r]
                spin.setValue(NO_AREA if value is None else value)
        finally:
            self._refreshing = False
        area = self.game.map_area(player)
        self.rect_label.setText(tr(f"Largest rectangle on this map: {area}",
                                   f"この地図の最大の長方形: {area}マス"))
        self.map.update()
        self._fill_results()

    def _fill_results(self) -> None:
        """Players as rows; the round areas, co-operation, total and rank as columns."""
        game = self.result()
        rounds = self.game.rounds
        headers = [tr(f"Area {r + 1}", f"面積{r + 1}") for r in range(rounds)]
        headers += [tr("Co-operation", "協力"), tr("Total", "合計"), tr("Rank", "順位")]
        self.results.setColumnCount(len(headers))
        self.results.setRowCount(self.game.players)
        self.results.setHorizontalHeaderLabels(headers)
        self.results.setVerticalHeaderLabels(
            [self._sheet_title(i) for i in range(self.game.players)])
        if game is None:
            self.results.clearContents()
            self.winner_label.setText(" ".join(self.game.problems()))
            return
        for row, p in enumerate(game.players):
            values = [*map(str, p.areas), str(p.cooperation_total), str(p.total),
                      f"{p.rank}" + (" ★" if p.winner else "")]
            for col, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if p.winner:
                    item.setBackground(QColor("#fff3c4"))
                self.results.setItem(row, col, item)
        names = ", ".join(self._sheet_title(i) for i, p in enumerate(game.players) if p.winner)
        if game.shared_victory:
            self.winner_label.setText(tr(f"Shared victory: {names}", f"勝利を分け合い: {names}"))
        else:
            self.winner_label.setText(tr(f"Winner: {names}", f"勝者: {names}"))

    # --- saving and printing ------------------------------------------------------------------
    def save(self) -> int | None:
        """Save the play to the history (one transaction); the id, or None with the reason."""
        if self.saved_play_id is not None:
            self.status.setText(tr(f"Already saved as play #{self.saved_play_id}.",
                                   f"対局 #{self.saved_play_id} として保存済みです。"))
            return self.saved_play_id
        problems = self.game.problems()
        if problems:
            self.status.setText(" ".join(problems))
            return None
        if self.ctx is None:
            self.status.setText(tr("No database is open.", "データベースが開かれていません。"))
            return None
        try:
            import db

            record = self.game.to_play_record()
            play_id = int(db.add_play(self.ctx.db, record))  # type: ignore[attr-defined,unused-ignore]
        except Exception as exc:
            self.status.setText(tr(f"Not saved: {exc}", f"保存できませんでした: {exc}"))
            return None
        self.saved_play_id = play_id
        self.status.setText(tr(f"Saved to the history as play #{play_id}.",
                               f"対局 #{play_id} として履歴に保存しました。"))
        try:
            from ui.events import events

            events().history_changed.emit()
        except Exception:  # the history screen refreshes itself later
            pass
        self.saved.emit(play_id)
        return play_id

    def export_pdf(self, path: Path) -> None:
        """Write the score table and every player's sheet, drawn in colour, to `path`."""
        from companion.export.pdf import render_sheets
        from companion.games.alluvium.printing import filled_sheets

        result = self.game.result()
        render_sheets(filled_sheets(self.game.sheets(), result, language().code), path)

    def _ask_pdf(self) -> None:
        game = self.result()
        if game is None:
            self.status.setText(" ".join(self.game.problems()))
            return
        save_pdf(self, "alluvium-sheets.pdf", self.export_pdf, self.status)

    # --- language -----------------------------------------------------------------------------
    def retranslate(self, *_: object) -> None:
        self.setup_box.setTitle(tr("Setup", "準備"))
        self.players_label.setText(tr("Players", "人数"))
        for i, (name, _combo) in enumerate(self.seat_rows):
            name.setPlaceholderText(tr(f"Player {i + 1}", f"プレイヤー{i + 1}"))
        self.virtual_label.setText(tr("Virtual colour", "仮想プレイヤーの色"))
        self.new_button.setText(tr("New game with this setup", "この設定で新しいゲーム"))
        self.tracker_box.setTitle(tr("Round tracker", "ラウンドの進行"))
        self.back_button.setText(tr("◀ Back", "◀ 戻る"))
        self.next_button.setText(tr("Next ▶", "次へ ▶"))
        self.tracks_box.setTitle(tr("Checks per track", "トラックのチェック数"))
        self.areas_box.setTitle(tr("Area bonus per round", "ラウンドごとの面積ボーナス"))
        self.undo_button.setText(tr("Undo", "元に戻す"))
        self.redo_button.setText(tr("Redo", "やり直す"))
        self.undo_button.setEnabled(self.undo_stack.canUndo())
        self.redo_button.setEnabled(self.undo_stack.canRedo())
        self.save_button.setText(tr("Save to history", "履歴に保存"))
        self.pdf_button.setText(tr("Print PDF", "PDF に出力"))
        self._fill_setup_combos()
        for letter, button in self.palette_buttons.items():
            button.setText(tr("Erase", "消す") if letter == EMPTY else
                           f"{self.profile.colour(letter).symbol} {colour_name(letter)}")
        for i in range(self.sheet_tabs.count()):
            self.sheet_tabs.setTabText(i, self._sheet_title(i))
        self._rebuild_entry_forms()
        self._show_tracker()
        self._refresh()


def alluvium_table_view(ctx: AppContext, game_id: str) -> QWidget:
    return AlluviumTablePage(ctx, game_id)
