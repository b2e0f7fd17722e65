"""The Alluvium table companion on the shared table page, in three tabs:

- Setup & rounds: players, names, colours (with three players the virtual colour, whose cards
  the app turns) and the round tracker (round n of 3/4, passing direction, phase, what to do).
- Sheets: one sheet per player — paint the map (left button paints the chosen colour, right
  button erases, every stroke undoable), see the largest rectangle and each visitor's largest
  group highlighted, enter the checks of each track and the round areas (or take the area
  from the map).
- Scores: the totals, ranks and the winner — or, while something is missing, what it is.
The page's Undo/Redo, Print and Save to history serve every tab (one play, one undo stack).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QUndoCommand, QUndoStack
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
from companion.history import PlayRecord
from ui.context import AppContext
from ui.games.alluvium.map_widget import MapWidget, PaintStroke, qcolor
from ui.i18n import language, tr
from ui.play.keys import Spot, SpotKeys
from ui.play.palette import palette_events
from ui.play.widgets import isolate, laid_out, words
from ui.table.frame import Printing, TablePage, TableTab

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


class AlluviumTab(TableTab):
    """A tab of the Alluvium page: they all save and print the one play on the page."""

    savable = True
    printing = Printing("alluvium-sheets.pdf")

    def __init__(self, page: AlluviumTablePage) -> None:
        self.alluvium = page
        super().__init__(page)
        self.undo_stack = page.undo_stack

    @property
    def saved_play_id(self) -> int | None:
        return self.alluvium.saved_play_id

    @saved_play_id.setter
    def saved_play_id(self, value: int | None) -> None:
        self.alluvium.saved_play_id = value

    def save_problem(self) -> str | None:
        problems = self.alluvium.game.problems(language().code)
        return " ".join(problems) if problems else None

    def play_record(self) -> PlayRecord:
        return self.alluvium.game.to_play_record()

    def print_problem(self) -> str | None:
        return self.save_problem()

    def export_pdf(self, path: Path) -> None:
        self.alluvium.export_pdf(path)


# --- setup and rounds -------------------------------------------------------------------------
class SetupTab(AlluviumTab):
    title = ("Setup & rounds", "準備とラウンド")

    def __init__(self, page: AlluviumTablePage) -> None:
        super().__init__(page)
        self.setup_box = words(QGroupBox(self), "Setup", "準備", "setTitle")
        form = QFormLayout(self.setup_box)
        self.players_spin = QSpinBox(self.setup_box)
        self.players_spin.setRange(3, 5)
        self.players_spin.setValue(4)
        self.players_spin.valueChanged.connect(self._players_changed)
        form.addRow(words(QLabel(self.setup_box), "Players", "人数"), self.players_spin)
        self.seat_rows: list[tuple[QLineEdit, QComboBox]] = []
        self.seat_grid = QGridLayout()
        form.addRow(self.seat_grid)
        for i in range(5):
            name = words(QLineEdit(self.setup_box), f"Player {i + 1}", f"プレイヤー{i + 1}",
                         "setPlaceholderText")
            name.setObjectName(f"name{i}")
            combo = QComboBox(self.setup_box)
            combo.setObjectName(f"colour{i}")
            self.seat_grid.addWidget(name, i, 0)
            self.seat_grid.addWidget(combo, i, 1)
            name.editingFinished.connect(lambda i=i: page.rename(i))
            self.seat_rows.append((name, combo))
        self.virtual_label = words(QLabel(self.setup_box), "Virtual colour", "仮想プレイヤーの色")
        self.virtual_combo = QComboBox(self.setup_box)
        form.addRow(self.virtual_label, self.virtual_combo)
        self.new_button = words(QPushButton(self.setup_box), "New game with this setup",
                                "この設定で新しいゲーム")
        self.new_button.clicked.connect(page.new_game)
        form.addRow(self.new_button)
        self.tracker_box = words(QGroupBox(self), "Round tracker", "ラウンドの進行", "setTitle")
        tl = QVBoxLayout(self.tracker_box)
        self.round_label = QLabel(self.tracker_box)
        font = self.round_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.round_label.setFont(font)
        self.direction_label = QLabel(self.tracker_box)
        self.phase_label = QLabel(self.tracker_box)
        self.instruction_label = QLabel(self.tracker_box)
        for label in (self.direction_label, self.phase_label, self.instruction_label):
            label.setWordWrap(True)
        for w in (self.round_label, self.direction_label, self.phase_label,
                  self.instruction_label):
            tl.addWidget(w)
        buttons = QHBoxLayout()
        self.back_button = words(QPushButton(self.tracker_box), "◀ Back", "◀ 戻る")
        self.next_button = words(QPushButton(self.tracker_box), "Next ▶", "次へ ▶")
        self.back_button.clicked.connect(lambda: page.step(False))
        self.next_button.clicked.connect(lambda: page.step(True))
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.next_button)
        page.bind(self, "Ctrl+N", self.new_button)
        page.bind(self, "Ctrl+Return", self.next_button, "Next step", "次へ")
        page.bind(self, "Ctrl+Backspace", self.back_button, "Back a step", "戻る")
        tl.addLayout(buttons)
        tl.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.setup_box, 1)
        layout.addWidget(self.tracker_box, 1)

    def _players_changed(self, *_: object) -> None:
        n = self.players_spin.value()
        for i, (name, combo) in enumerate(self.seat_rows):
            name.setVisible(i < n)
            combo.setVisible(i < n)
        self.virtual_label.setVisible(n == 3)
        self.virtual_combo.setVisible(n == 3)

    def fill_combos(self) -> None:
        profile = sheet_profile()
        letters = profile.letters()
        for i, (_, combo) in enumerate(self.seat_rows):
            current = combo.currentData() or letters[i]
            combo.blockSignals(True)
            combo.clear()
            for letter in letters:
                combo.addItem(f"{profile.colour(letter).symbol} {colour_name(letter)}", letter)
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

    def chosen(self) -> tuple[list[str], list[str], str | None]:
        """Names, colours and (three players) the virtual colour, as set."""
        n = self.players_spin.value()
        names = [self.seat_rows[i][0].text().strip() for i in range(n)]
        colours = [str(self.seat_rows[i][1].currentData()) for i in range(n)]
        return names, colours, str(self.virtual_combo.currentData()) if n == 3 else None

    def show_tracker(self, tracker: RoundTracker) -> None:
        lang = language().code
        self.round_label.setText(tracker.heading(lang))
        arrow = "↻" if tracker.step.round % 2 else "↺"
        self.direction_label.setText(tr("Pass sheets: ", "シートを渡す向き: ") + arrow + " "
                                     + tracker.direction_text(lang))
        self.phase_label.setText(tracker.phase_text(lang))
        self.instruction_label.setText(tracker.instruction(lang))
        self.back_button.setEnabled(tracker.index > 0)
        self.next_button.setEnabled(not tracker.is_over())

    def retranslate(self) -> None:
        self.fill_combos()
        self.show_tracker(self.alluvium.tracker)


# --- sheets -----------------------------------------------------------------------------------
class SheetsTab(AlluviumTab):
    title = ("Sheets", "シート")

    def __init__(self, page: AlluviumTablePage) -> None:
        super().__init__(page)
        self.refreshing = False
        self.sheet_tabs = QTabBar(self)
        self.sheet_tabs.setExpanding(False)
        self.sheet_tabs.currentChanged.connect(self._sheet_changed)
        self.palette_bar = QGridLayout()
        self.palette_group = QButtonGroup(self)
        self.palette_group.setExclusive(True)
        self.palette_buttons: dict[str, QToolButton] = {}
        palette_events().changed.connect(self._colour_paints)  # a new palette: at once
        self.map = MapWidget(page.game, page.undo_stack, self)
        self.map.setObjectName("alluvium-map")
        # by keys: arrows over the cells, Space/Enter paints the cell with the chosen paint
        self.map_keys = SpotKeys(self.map, self.map_spots, self.paint_cell,
                                 name=("Map to paint", "塗るマップ"))
        page.undo_stack.indexChanged.connect(self.map_keys.refresh)  # goes with the map
        self.rect_label = QLabel(self)
        self.rect_label.setObjectName("rect-label")
        self.rect_label.setWordWrap(True)
        self.tracks_box = words(QGroupBox(self), "Checks per track", "トラックのチェック数",
                                "setTitle")
        self.tracks_form = QFormLayout(self.tracks_box)
        self.areas_box = words(QGroupBox(self), "Area bonus per round",
                               "ラウンドごとの面積ボーナス", "setTitle")
        self.areas_form = QFormLayout(self.areas_box)
        self.map_area_button = QPushButton(self)
        self.map_area_button.clicked.connect(page.take_area_from_map)
        self.track_spins: dict[str, QSpinBox] = {}
        self.group_spins: dict[str, QSpinBox] = {}
        self.area_spins: list[QSpinBox] = []
        map_column = laid_out(QVBoxLayout(), self.palette_bar, (self.map, 1), self.rect_label)
        side = laid_out(QVBoxLayout(), self.tracks_box, self.areas_box, self.map_area_button, 1)
        body = laid_out(QHBoxLayout(), (map_column, 3), (side, 2))
        laid_out(QVBoxLayout(self), self.sheet_tabs, (body, 1))

    def current_sheet(self) -> int:
        return max(0, self.sheet_tabs.currentIndex())

    def sheet_title(self, index: int) -> str:
        game = self.alluvium.game
        name = game.names[index] or tr(f"Player {index + 1}", f"プレイヤー{index + 1}")
        return f"{sheet_profile().colour(game.colours[index]).symbol} {name}"

    def rebuild(self) -> None:
        """Tabs, palette and entry boxes for the page's game (a new game, a new name)."""
        self.map.game = self.alluvium.game
        current = max(0, self.sheet_tabs.currentIndex())
        self.sheet_tabs.blockSignals(True)
        while self.sheet_tabs.count():
            self.sheet_tabs.removeTab(0)
        game = self.alluvium.game
        for i in range(game.players):
            self.sheet_tabs.addTab(self.sheet_title(i))
        self.sheet_tabs.setCurrentIndex(min(current, game.players - 1))
        self.sheet_tabs.blockSignals(False)
        self._rebuild_palette()
        self._sheet_changed(self.sheet_tabs.currentIndex())

    def _rebuild_palette(self) -> None:
        for button in self.palette_buttons.values():
            self.palette_group.removeButton(button)
            self.palette_bar.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.palette_buttons = {}
        game = self.alluvium.game
        letters = [*game.colours, *([game.virtual] if game.virtual else []), EMPTY]
        for i, letter in enumerate(letters):
            button = QToolButton(self)
            button.setCheckable(True)
            button.setObjectName(f"paint-{letter}")
            button.setAutoFillBackground(letter != EMPTY)
            button.clicked.connect(lambda _=False, v=letter: self.choose_paint(v))
            self.palette_group.addButton(button)
            self.palette_bar.addWidget(button, i // 3, i % 3)
            self.palette_buttons[letter] = button
        self._label_palette()
        self._colour_paints()
        self.choose_paint(game.colours[self.current_sheet()])

    def _colour_paints(self, *_: object) -> None:
        """The sheets' tabs and the paint buttons in their paints' colours (palette in use);
        each also shows its paint's symbol."""
        game = self.alluvium.game
        for i in range(min(self.sheet_tabs.count(), len(game.colours))):
            self.sheet_tabs.setTabTextColor(i, qcolor(sheet_profile().colour(game.colours[i]))
                                            .darker(140))
        for letter, button in self.palette_buttons.items():
            if letter != EMPTY:
                pal = button.palette()
                pal.setColor(QPalette.ColorRole.Button,
                             qcolor(sheet_profile().colour(letter), 0.35))
                button.setPalette(pal)

    def _label_palette(self) -> None:
        for letter, button in self.palette_buttons.items():
            button.setText(tr("Erase", "消す") if letter == EMPTY else
                           f"{sheet_profile().colour(letter).symbol} {colour_name(letter)}")

    def map_spots(self) -> list[Spot]:
        """Every cell of the shown map, with what is painted on it (every cell can be
        painted)."""
        profile, grid = self.map.grid_profile(), self.map.game.grids[self.map.player]
        return [Spot((r, c), self.map.cell_rect((r, c)), self.cell_words(r, c, grid[r][c]),
                     True)
                for r in range(profile.rows) for c in range(profile.cols)
                if profile.in_bounds((r, c))]

    @staticmethod
    def cell_words(row: int, col: int, value: str) -> str:
        """"Row 3, column 5: △ Red" (or "empty")."""
        what = tr("empty", "空き") if value == EMPTY else \
            f"{sheet_profile().colour(value).symbol} {colour_name(value)}"
        return tr(f"Row {row + 1}, column {col + 1}: {what}",
                  f"{row + 1} 行 {col + 1} 列: {what}")

    def paint_cell(self, cell: object) -> None:
        """Enter on a cell: it takes the chosen paint (an undoable stroke of one cell)."""
        if not isinstance(cell, tuple):
            return
        grid = self.map.game.grids[self.map.player]
        if grid[cell[0]][cell[1]] != self.map.value:
            self.map.undo_stack.push(PaintStroke(self.map.game, self.map.player, [cell],
                                                 self.map.value))
        self.map.update()
        self.map.stroke_done.emit()

    def choose_paint(self, value: str) -> None:
        self.map.value = value
        button = self.palette_buttons.get(value)
        if button is not None:
            button.setChecked(True)

    def _sheet_changed(self, index: int) -> None:
        if index < 0:
            return
        self.map.set_player(index)
        if self.palette_buttons:
            self.choose_paint(self.alluvium.game.colours[index])
        self._rebuild_entry_forms()
        self.refresh()

    def _rebuild_entry_forms(self) -> None:
        for form in (self.tracks_form, self.areas_form):
            while form.rowCount():
                form.removeRow(0)
        game = self.alluvium.game
        player = self.current_sheet()
        self.track_spins, self.group_spins, self.area_spins = {}, {}, []
        hint = QLabel(tr("checks · largest group", "チェック · 最大連結"), self.tracks_box)
        hint.setWordWrap(True)
        self.tracks_form.addRow(hint)
        for colour in game.visitors(player):
            row = QWidget(self.tracks_box)
            row_layout = QHBoxLayout(row)
            row_layout.setContentsMargins(0, 0, 0, 0)
            spin = QSpinBox(row)
            spin.setRange(0, 999)
            spin.setObjectName(f"checks-{colour}")
            spin.valueChanged.connect(lambda v, c=colour: self.alluvium.checks_edited(c, v))
            group = QSpinBox(row)
            group.setRange(NO_AREA, 999)
            group.setSpecialValueText(tr("map", "地図"))
            group.setObjectName(f"group-{colour}")
            group.setToolTip(tr("The colour's largest connected group: counted on the painted "
                                "map, or type it", "その色の最大の連結: 塗った地図から数えるか、"
                                "数を入力"))
            group.valueChanged.connect(lambda v, c=colour: self.alluvium.group_edited(c, v))
            row_layout.addWidget(spin)
            row_layout.addWidget(group)
            label = colour_name(colour)
            if colour == game.virtual:
                label += tr(" (virtual)", "(仮想)")
            spin.setAccessibleName(tr(f"{label}: checks", f"{label}: チェック"))
            group.setAccessibleName(tr(f"{label}: largest group", f"{label}: 最大連結"))
            self.tracks_form.addRow(label, row)
            self.track_spins[colour] = spin
            self.group_spins[colour] = group
        for r in range(game.rounds):
            spin = QSpinBox(self.areas_box)
            spin.setRange(NO_AREA, 999)
            spin.setSpecialValueText("—")
            spin.setObjectName(f"area-{r + 1}")
            spin.valueChanged.connect(lambda v, r=r: self.alluvium.area_edited(r, v))
            self.areas_form.addRow(tr(f"Round {r + 1}", f"ラウンド{r + 1}"), spin)
            self.area_spins.append(spin)

    def refresh(self) -> None:
        game = self.alluvium.game
        self.refreshing = True
        try:
            player = self.current_sheet()
            for colour, spin in self.track_spins.items():
                spin.setValue(game.checks[player].get(colour, 0))
            for colour, spin in self.group_spins.items():
                typed = game.group_sizes[player].get(colour)
                spin.setValue(NO_AREA if typed is None else typed)
            for r, spin in enumerate(self.area_spins):
                value = game.areas[player][r]
                spin.setValue(NO_AREA if value is None else value)
        finally:
            self.refreshing = False
        area = game.map_area(player)
        self.rect_label.setText(tr(f"Largest rectangle on this map: {area}",
                                   f"この地図の最大の長方形: {area}マス"))
        shown = min(self.alluvium.tracker.step.round, game.rounds)
        self.map_area_button.setText(tr(f"Area from the map → round {shown}",
                                        f"地図の面積 → ラウンド{shown}"))
        self.map.update()

    def retranslate(self) -> None:
        self._label_palette()
        for i in range(self.sheet_tabs.count()):
            self.sheet_tabs.setTabText(i, self.sheet_title(i))
        self._rebuild_entry_forms()
        self.refresh()


# --- scores -----------------------------------------------------------------------------------
class ScoresTab(AlluviumTab):
    title = ("Scores", "得点")

    def __init__(self, page: AlluviumTablePage) -> None:
        super().__init__(page)
        self.results = words(QTableWidget(self), "Scores", "得点", "setAccessibleName")
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.results.setMinimumHeight(190)
        self.winner_label = QLabel(self)
        self.winner_label.setObjectName("winner-label")
        self.winner_label.setWordWrap(True)
        font = self.winner_label.font()
        font.setBold(True)
        self.winner_label.setFont(font)
        layout = QVBoxLayout(self)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.winner_label)

    def refresh(self) -> None:
        """Players as rows; the round areas, co-operation, total and rank as columns."""
        page = self.alluvium
        game, result = page.game, page.result()
        headers = [tr(f"Area {r + 1}", f"面積{r + 1}") for r in range(game.rounds)]
        headers += [tr("Co-operation", "協力"), tr("Total", "合計"), tr("Rank", "順位")]
        self.results.setColumnCount(len(headers))
        self.results.setRowCount(game.players)
        self.results.setHorizontalHeaderLabels(headers)
        titles = [page.sheets_tab.sheet_title(i) for i in range(game.players)]
        self.results.setVerticalHeaderLabels(titles)
        if result is None or game.is_blank():
            self.results.clearContents()
            self.winner_label.setText(" ".join(game.problems(language().code)))
            return
        for row, p in enumerate(result.players):
            values = [*map(str, p.areas), str(p.cooperation_total), str(p.total),
                      f"{p.rank}" + (" ★" if p.winner else "")]
            for col, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if p.winner:
                    item.setBackground(QColor("#fff3c4"))
                self.results.setItem(row, col, item)
        names = ", ".join(isolate(titles[i]) for i, p in enumerate(result.players) if p.winner)
        if result.shared_victory:
            self.winner_label.setText(tr(f"Shared victory: {names}", f"勝利を分け合い: {names}"))
        else:
            self.winner_label.setText(tr(f"Winner: {names}", f"勝者: {names}"))

    def retranslate(self) -> None:
        self.refresh()


# --- the page ---------------------------------------------------------------------------------
class AlluviumTablePage(TablePage):
    """The whole table companion for one play of Alluvium."""

    def __init__(self, ctx: AppContext | None, game_id: str = "alluvium",
                 parent: QWidget | None = None, seed: int | None = None) -> None:
        self.ready = False
        super().__init__(ctx, game_id, parent)
        self.seed = seed if seed is not None else 0
        self.undo_stack = QUndoStack(self)
        self.saved_play_id: int | None = None  # the play on the page, once saved
        letters = sheet_profile().letters()
        self.game = TableGame(["", "", "", ""], list(letters[:4]))
        self.tracker = RoundTracker(4, self.seed)
        self.setup_tab = SetupTab(self)
        self.sheets_tab = SheetsTab(self)
        self.scores_tab = ScoresTab(self)
        for tab in (self.setup_tab, self.sheets_tab, self.scores_tab):
            self.add_tab(tab)
        self.ready = True
        self.setup_tab.fill_combos()
        self.setup_tab._players_changed()
        self.new_game()

    # --- setup --------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a fresh sheet with the setup shown (names, colours, virtual colour)."""
        if self.setup_tab.setup_problem():
            self.status.follow(lambda: self.setup_tab.setup_problem() or "")
            return
        names, colours, virtual = self.setup_tab.chosen()
        self.game = TableGame(names, colours, virtual)
        self.game.listeners.append(self._game_changed)
        self.tracker = RoundTracker(len(names), self.seed)
        self.undo_stack.clear()
        self.saved_play_id = None
        self.sheets_tab.rebuild()
        self.status.clear_message()
        self.retranslate()

    def rename(self, index: int) -> None:
        if index < self.game.players:
            self.game.rename(index, self.setup_tab.seat_rows[index][0].text().strip())
            self.sheets_tab.rebuild()

    # --- entries ------------------------------------------------------------------------------
    def checks_edited(self, colour: str, value: int) -> None:
        player = self.sheets_tab.current_sheet()
        if not self.sheets_tab.refreshing and self.game.checks[player][colour] != value:
            self.undo_stack.push(SetChecks(self.game, player, colour, value))

    def group_edited(self, colour: str, value: int) -> None:
        new = None if value == NO_AREA else value
        player = self.sheets_tab.current_sheet()
        if not self.sheets_tab.refreshing and self.game.group_sizes[player][colour] != new:
            self.undo_stack.push(SetGroupSize(self.game, player, colour, new))

    def area_edited(self, index: int, value: int) -> None:
        new = None if value == NO_AREA else value
        player = self.sheets_tab.current_sheet()
        if not self.sheets_tab.refreshing and self.game.areas[player][index] != new:
            self.undo_stack.push(SetArea(self.game, player, index, new))

    def take_area_from_map(self) -> None:
        """Write the map's largest rectangle into the box of the tracker's round."""
        index = min(self.tracker.step.round, self.game.rounds) - 1
        player = self.sheets_tab.current_sheet()
        self.undo_stack.push(SetArea(self.game, player, index, self.game.map_area(player)))

    def step(self, forward: bool) -> None:
        index = self.tracker.index
        if (forward and index + 1 < len(self.tracker.steps)) or (not forward and index > 0):
            self.undo_stack.push(StepTracker(self.tracker, forward, self._tracker_moved))

    def _tracker_moved(self) -> None:
        self.setup_tab.show_tracker(self.tracker)
        self.sheets_tab.refresh()

    def _game_changed(self) -> None:
        self.sheets_tab.refresh()
        self.scores_tab.refresh()
        self.scores_tab.edited.emit()

    # --- results ------------------------------------------------------------------------------
    def result(self) -> GameResult | None:
        try:
            return self.game.result()
        except ValueError:
            return None

    def export_pdf(self, path: Path) -> None:
        """Write the score table and every player's sheet, drawn in colour, to `path`."""
        from companion.export.pdf import render_sheets
        from companion.games.alluvium.printing import filled_sheets

        result = self.game.result()
        render_sheets(filled_sheets(self.game.sheets(), result, language().code), path)

    def retranslate(self, *_: object) -> None:
        if self.ready:
            super().retranslate()


def alluvium_table_view(ctx: AppContext | None, game_id: str = "alluvium") -> QWidget:
    return AlluviumTablePage(ctx, game_id)
