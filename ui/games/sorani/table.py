"""Sorani table companion: players and names on top; setup checklist, round tracker and
score pad as tabs of the shared table page.

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
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.games.sorani.printing import filled_sheet, setup_sheet
from companion.games.sorani.scoring import (
    FEATURE_KEYS,
    SoraniSheet,
    award_bonus,
    feature_problems,
    planet_problems,
    planet_split,
    tile_score,
)
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
from ui.i18n import language, tr
from ui.play.widgets import isolate
from ui.table.frame import TablePage, TableTab
from ui.table.score_sheet import ScoreSheetTab, SetScore
from ui.table.setup_bar import SetupCodeBar, load_json, store_json
from ui.table.weak import weak_listener
from ui.undo import ReplaceState

KEY_SETUP = "sorani/setup"
KEY_TRACKER = "sorani/tracker"
KEY_NAMES = "sorani/names"
COLOUR_LABELS = (("Colour 1", "色1"), ("Colour 2", "色2"), ("Colour 3", "色3"), ("Colour 4", "色4"))
REFUSED_STYLE = "color: #b00020;"


def _numbers(text: str) -> list[list[int]]:
    """'3 0 3, 2 1 3' -> [[3, 0, 3], [2, 1, 3]] (ValueError for anything else)."""
    groups = [part.split() for part in text.replace("、", ",").replace(";", ",").split(",")]
    return [[int(word) for word in group] for group in groups if group]


# --- setup ----------------------------------------------------------------------------------
class SetupTab(TableTab):
    """A seeded setup shown as a checklist to tick, with its share code; printable."""

    title = ("Setup", "準備")
    printable = True
    pdf_name = "sorani-setup.pdf"
    print_text = ("Print checklist…", "チェックリストを印刷…")

    def __init__(self, page: SoraniPage) -> None:
        super().__init__(page)
        self.sorani = page
        self.setup: Setup | None = None
        self.bar = SetupCodeBar(self, max_length=12)
        self.bar.new_requested.connect(self.new_setup)
        self.bar.open_requested.connect(self.open_code)
        self.checklist = QListWidget(self)
        self.checklist.setWordWrap(True)
        self.checklist.setMinimumHeight(160)
        self.checklist.itemChanged.connect(lambda _item: self._save())
        layout = QVBoxLayout(self)
        layout.addWidget(self.bar)
        layout.addWidget(self.checklist, 1)

    def new_setup(self) -> None:
        self.show_setup(randomize(new_seed(), self.sorani.players()))

    def open_code(self, code: str) -> bool:
        try:
            setup = from_code(code)
        except SetupCodeError as exc:
            self.say(f"That code cannot be read: {exc}", f"そのコードは読めません: {exc}")
            return False
        self.show_setup(setup)
        return True

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
        self.checklist.blockSignals(True)
        self.checklist.clear()
        self.bar.show_code(self.setup.code if self.setup is not None else None)
        if self.setup is not None:
            for i, step in enumerate(self.setup.checklist(language().code, self.sorani.names())):
                item = QListWidgetItem(step, self.checklist)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                done = i < len(ticks) and ticks[i]
                item.setCheckState(Qt.CheckState.Checked if done else Qt.CheckState.Unchecked)
        self.checklist.blockSignals(False)

    def ticks(self) -> list[bool]:
        return [self.checklist.item(i).checkState() == Qt.CheckState.Checked
                for i in range(self.checklist.count())]

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
        self.bar.retranslate(("code, e.g. 7K2Q-M4A", "コード 例: 7K2Q-M4A"))
        self.fill(self.ticks())

    def print_problem(self) -> str | None:
        return None if self.setup is not None else tr("No setup yet.", "準備はまだありません。")

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
        self.question = QGroupBox(self)
        self.question_grid = QGridLayout(self.question)
        self.dark_skies: list[QSpinBox] = []
        self.dark_labels: list[QLabel] = []
        self.confirm_button = QPushButton(self.question)
        self.confirm_button.clicked.connect(self.confirm_features)
        self.reserve_box = QCheckBox(self)
        self.reserve_box.clicked.connect(self._reserve_clicked)
        self.next_button = QPushButton(self)
        self.next_button.clicked.connect(self.next_step)
        self.next_button.setDefault(True)
        self.restart_button = QPushButton(self)
        self.restart_button.clicked.connect(self.restart)
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
        self.question.setTitle(tr("Dark skies completely surrounded this round",
                                  "このラウンドに完全に囲んだ暗い空の数"))
        self.confirm_button.setText(tr("Start the special feature draft",
                                       "特別な地形のドラフトへ"))
        self.reserve_box.setText(tr("The 4 reserve planets are on the track",
                                    "予備の惑星4枚をトラックに置いた"))
        self.next_button.setText(tr("Next", "次へ"))
        self.restart_button.setText(tr("New game", "新しいゲーム"))
        self.refresh()


# --- score pad ------------------------------------------------------------------------------
class SoraniPad(ScoreSheetTab):
    """The score pad with its helpers; its PDF shows the planet splits worked out."""

    title = ("Score pad", "得点表")
    pdf_name = "sorani-score.pdf"

    def __init__(self, page: SoraniPage) -> None:
        super().__init__(page, sheet=SoraniSheet.new(page.given_names()))
        self.details: dict[int, list[str]] = {}
        self.helpers = HelperPanel(self, self)
        self.side.addWidget(self.helpers)

    def winner_text(self) -> str:
        """The generic text, plus a note when star clusters broke a tie on the total."""
        text = super().winner_text()
        winners = self.sheet.winner_indexes()
        totals = self.sheet.totals()
        if len(winners) == 1 and totals.count(totals[winners[0]]) > 1:
            text += tr(" (tie broken by star clusters)", "(同点のため星団の点数で決定)")
        return text

    def export_pdf(self, path: Path) -> None:
        from companion.export.pdf import render_sheet

        assert isinstance(self.sheet, SoraniSheet)
        lines = [f"{self.sheet.players[p] or p + 1}: " + "; ".join(found)
                 for p, found in sorted(self.details.items()) if p < len(self.sheet.players)]
        render_sheet(filled_sheet(self.sheet, language().code, lines), path)

    def retranslate(self) -> None:
        super().retranslate()
        self.helpers.retranslate()


class HelperPanel(QGroupBox):
    """Planets by colour, star tiles and bonus tiles worked out, then entered in the pad."""

    def __init__(self, pad: SoraniPad, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pad = pad
        self.player = QComboBox(self)
        self.colours = [QSpinBox(self) for _ in COLOUR_LABELS]
        for box in self.colours:
            box.setRange(0, 16)
            box.valueChanged.connect(self._planets_changed)
        self.split_label = QLabel(self)
        self.split_label.setWordWrap(True)
        self.planets_button = QPushButton(self)
        self.planets_button.clicked.connect(self.enter_planets)
        self.clusters_edit = QLineEdit(self)
        self.guiding_edit = QLineEdit(self)
        self.clusters_edit.textChanged.connect(self._tiles_changed)
        self.guiding_edit.textChanged.connect(self._tiles_changed)
        self.tiles_label = QLabel(self)
        self.tiles_label.setWordWrap(True)
        self.tiles_button = QPushButton(self)
        self.tiles_button.clicked.connect(self.enter_tiles)
        self.features_edit = QLineEdit(self)
        self.features_edit.textChanged.connect(self._features_changed)
        self.features_label = QLabel(self)
        self.features_label.setWordWrap(True)
        self.features_button = QPushButton(self)
        self.features_button.clicked.connect(self.enter_features)
        self.bonus_points = QSpinBox(self)
        self.bonus_points.setRange(0, 50)
        self.bonus_values = QLineEdit(self)
        self.bonus_values.textChanged.connect(self._bonus_changed)
        self.bonus_label = QLabel(self)
        self.bonus_label.setWordWrap(True)
        self.bonus_button = QPushButton(self)
        self.bonus_button.clicked.connect(self.enter_bonus)
        self.colour_labels = [QLabel(self) for _ in COLOUR_LABELS]
        colours = QGridLayout()
        for i, (label, box) in enumerate(zip(self.colour_labels, self.colours, strict=True)):
            colours.addWidget(label, 0, i)
            colours.addWidget(box, 1, i)
        self.form = QFormLayout(self)
        self.player_label = QLabel(self)
        self.form.addRow(self.player_label, self.player)
        self.planets_title = QLabel(self)
        self.form.addRow(self.planets_title)
        self.form.addRow(colours)
        self.form.addRow(self.split_label)
        self.form.addRow(self.planets_button)
        self.clusters_title, self.guiding_title = QLabel(self), QLabel(self)
        self.form.addRow(self.clusters_title, self.clusters_edit)
        self.form.addRow(self.guiding_title, self.guiding_edit)
        self.form.addRow(self.tiles_label)
        self.form.addRow(self.tiles_button)
        self.features_title = QLabel(self)
        self.form.addRow(self.features_title, self.features_edit)
        self.form.addRow(self.features_label)
        self.form.addRow(self.features_button)
        self.bonus_title, self.values_title = QLabel(self), QLabel(self)
        self.form.addRow(self.bonus_title, self.bonus_points)
        self.form.addRow(self.values_title, self.bonus_values)
        self.form.addRow(self.bonus_label)
        self.form.addRow(self.bonus_button)
        self.pad.sheet.listeners.append(weak_listener(self._players_changed))

    def _players_changed(self) -> None:
        names = [self.pad.sheet.players[i] or tr(f"Player {i + 1}", f"プレイヤー{i + 1}")
                 for i in range(len(self.pad.sheet.players))]
        current = self.player.currentIndex()
        if [self.player.itemText(i) for i in range(self.player.count())] != names:
            self.player.blockSignals(True)
            self.player.clear()
            self.player.addItems(names)
            self.player.setCurrentIndex(min(max(current, 0), len(names) - 1))
            self.player.blockSignals(False)

    # --- planets --------------------------------------------------------------------------
    def _colour_names(self) -> list[str]:
        return [tr(en, ja) for en, ja in COLOUR_LABELS]

    def split_lines(self) -> list[str]:
        split = planet_split([box.value() for box in self.colours])
        lines = split.lines(self._colour_names())
        if language().code == "ja":
            lines = [line.replace("set ", "異なる色 ").replace("group ", "同じ色 ")
                     for line in lines]
        return lines

    def _planets_changed(self) -> None:
        problems = planet_problems([box.value() for box in self.colours], language().code)
        self.split_label.setText("\n".join(problems or self.split_lines()))
        self.split_label.setStyleSheet(REFUSED_STYLE if problems else "")
        self.planets_button.setEnabled(not problems)

    def _push(self, key: str, value: float) -> None:
        player = max(self.player.currentIndex(), 0)
        self.pad.undo_stack.push(SetScore(self.pad.sheet, player, key, value))

    def enter_planets(self) -> None:
        split = planet_split([box.value() for box in self.colours])
        self.pad.details[max(self.player.currentIndex(), 0)] = self.split_lines()
        self._push("planets", split.points)

    # --- tiles ----------------------------------------------------------------------------
    def tile_points(self) -> tuple[int, int, list[str]]:
        clusters = _numbers(self.clusters_edit.text())
        guiding = _numbers(self.guiding_edit.text())
        if any(len(t) != 3 for t in clusters) or any(len(t) != 2 for t in guiding):
            raise ValueError("shape")
        lines, cluster_sum, guiding_sum = [], 0, 0
        for stars, white, nodes in clusters:
            points = tile_score(stars, white, nodes)
            cluster_sum += points
            lines.append(tr(f"cluster {stars}+{white} white, {nodes} nodes → {points}",
                            f"星団 {stars}+白{white}、ノード{nodes} → {points}"))
        for stars, nodes in guiding:
            points = tile_score(stars, 0, nodes)
            guiding_sum += points
            lines.append(tr(f"guiding star {stars}, {nodes} nodes → {points}",
                            f"導きの星 {stars}、ノード{nodes} → {points}"))
        return cluster_sum, guiding_sum, lines

    def _tiles_changed(self) -> None:
        try:
            clusters, guiding, lines = self.tile_points()
        except ValueError:
            self.tiles_label.setText(tr("Clusters: 'stars white nodes' per tile, commas between "
                                        "tiles; guiding stars: 'stars nodes'.",
                                        "星団は「星 白 ノード」、導きの星は「星 ノード」、"
                                        "タイルの間はカンマ。"))
            self.tiles_button.setEnabled(False)
            return
        lines.append(tr(f"= clusters {clusters}, guiding stars {guiding}",
                        f"= 星団 {clusters}、導きの星 {guiding}"))
        self.tiles_label.setText("\n".join(lines))
        self.tiles_button.setEnabled(True)

    def enter_tiles(self) -> None:
        clusters, guiding, _ = self.tile_points()
        self.pad.undo_stack.beginMacro("tiles")
        self._push("clusters", clusters)
        self._push("guiding", guiding)
        self.pad.undo_stack.endMacro()

    # --- special features -----------------------------------------------------------------
    def feature_cards(self) -> list[tuple[int, int]]:
        """(stars, VP) per card as typed ("2 5, 3 7"); ValueError for another shape."""
        cards = _numbers(self.features_edit.text())
        if any(len(card) != 2 for card in cards):
            raise ValueError("shape")
        return [(stars, points) for stars, points in cards]

    def _features_changed(self) -> None:
        try:
            cards = self.feature_cards()
        except ValueError:
            self.features_label.setText(tr("Per card: 'stars VP', commas between cards.",
                                           "カードごとに「★ 点」、カードの間はカンマ。"))
            self.features_label.setStyleSheet("")
            self.features_button.setEnabled(False)
            return
        problems = feature_problems([stars for stars, _ in cards], language().code)
        self.features_label.setText(" ".join(problems) or ", ".join(
            f"★{stars} → {points}" for stars, points in cards))
        self.features_label.setStyleSheet(REFUSED_STYLE if problems else "")
        self.features_button.setEnabled(bool(cards) and not problems)

    def enter_features(self) -> None:
        """The cards' VP into the special feature rows (the rows after them emptied)."""
        points = [value for _, value in self.feature_cards()]
        player = max(self.player.currentIndex(), 0)
        self.pad.undo_stack.beginMacro("features")
        for index, key in enumerate(FEATURE_KEYS):
            value = float(points[index]) if index < len(points) else None
            if self.pad.sheet.score(player, key) != value:
                self.pad.undo_stack.push(SetScore(self.pad.sheet, player, key, value))
        self.pad.undo_stack.endMacro()

    # --- bonus ----------------------------------------------------------------------------
    def bonus_awards(self) -> list[int]:
        words = self.bonus_values.text().replace(",", " ").split()
        values: list[float | None] = [None if w in "-−" else float(w) for w in words]
        values += [None] * (len(self.pad.sheet.players) - len(values))
        return award_bonus(self.bonus_points.value(), values[: len(self.pad.sheet.players)])

    def _bonus_changed(self) -> None:
        try:
            awards = self.bonus_awards()
        except ValueError:
            self.bonus_label.setText(tr("One value per player, '-' when not eligible.",
                                        "プレイヤーごとに値を1つ、対象外は「-」。"))
            self.bonus_button.setEnabled(False)
            return
        self.bonus_label.setText(", ".join(f"{self.player.itemText(i)} +{points}"
                                           for i, points in enumerate(awards) if points))
        self.bonus_button.setEnabled(any(awards))

    def enter_bonus(self) -> None:
        awards = self.bonus_awards()
        self.pad.undo_stack.beginMacro("bonus")
        for player, points in enumerate(awards):
            if points:
                old = self.pad.sheet.score(player, "bonus") or 0.0
                self.pad.undo_stack.push(SetScore(self.pad.sheet, player, "bonus", old + points))
        self.pad.undo_stack.endMacro()

    def retranslate(self) -> None:
        self.setTitle(tr("Helpers", "計算の補助"))
        self.player_label.setText(tr("Player", "プレイヤー"))
        self.planets_title.setText(tr("Untouched planets per colour",
                                      "線が接していない惑星(色ごと)"))
        for label, name in zip(self.colour_labels, self._colour_names(), strict=True):
            label.setText(name)
        self.planets_button.setText(tr("Enter in the planets row", "惑星の行に入れる"))
        self.clusters_title.setText(tr("Star clusters", "星団"))
        self.clusters_edit.setPlaceholderText(tr("stars white nodes, e.g. 3 0 3, 2 1 3",
                                                 "星 白 ノード 例: 3 0 3, 2 1 3"))
        self.guiding_title.setText(tr("Guiding stars", "導きの星"))
        self.guiding_edit.setPlaceholderText(tr("stars nodes, e.g. 2 2", "星 ノード 例: 2 2"))
        self.tiles_button.setText(tr("Enter in the star rows", "星の行に入れる"))
        self.features_title.setText(tr("Special features", "特別な地形"))
        self.features_edit.setPlaceholderText(tr("stars VP, e.g. 2 5, 3 7", "★ 点 例: 2 5, 3 7"))
        self.features_button.setText(tr("Enter in the special feature rows",
                                        "特別な地形の行に入れる"))
        self.bonus_title.setText(tr("Bonus tile VP", "ボーナスタイルの点"))
        self.values_title.setText(tr("Value per player", "プレイヤーごとの値"))
        self.bonus_values.setPlaceholderText(tr("e.g. 4 6 6 (ties all score)",
                                                "例: 4 6 6(同点は全員)"))
        self.bonus_button.setText(tr("Add to the bonus row", "ボーナスの行に加える"))
        self._players_changed()
        self._planets_changed()
        self._tiles_changed()
        self._features_changed()
        self._bonus_changed()


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
        self.players_label, self.names_label = QLabel(header), QLabel(header)
        saved_names = load_json(ctx, KEY_NAMES) or {}
        self.names_edit.setText(", ".join(saved_names.get("names", [])))
        row = QHBoxLayout(header)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.players_label)
        row.addWidget(self.players_box)
        row.addWidget(self.names_label)
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
        if self._restoring:
            return
        self.players_label.setText(tr("Players", "人数"))
        self.names_label.setText(tr("Names (clockwise, commas)", "名前(時計回り、カンマ区切り)"))
        super().retranslate()


def sorani_table(ctx: AppContext | None, game_id: str = "sorani") -> SoraniPage:
    return SoraniPage(ctx, game_id)
