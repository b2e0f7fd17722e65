"""The Sorani score pad: the rulebook's rows, totals and the tie-break (most VP from star
clusters), with helpers that work out planets, star tiles, special features and bonus tiles —
and refuse what no board can have (five planets of a colour, three ★2 cards)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from companion.games.sorani.printing import filled_sheet
from companion.games.sorani.scoring import (
    FEATURE_KEYS,
    SoraniSheet,
    award_bonus,
    feature_problems,
    planet_problems,
    planet_split,
    tile_score,
)
from ui.i18n import language, tr
from ui.play.widgets import words
from ui.table.frame import Printing
from ui.table.score_sheet import ScoreSheetTab, SetScore
from ui.table.weak import weak_listener

if TYPE_CHECKING:
    from ui.games.sorani.table import SoraniPage

COLOUR_LABELS = (("Colour 1", "色1"), ("Colour 2", "色2"), ("Colour 3", "色3"), ("Colour 4", "色4"))
REFUSED_STYLE = "color: #b00020;"


def _numbers(text: str) -> list[list[int]]:
    """'3 0 3, 2 1 3' -> [[3, 0, 3], [2, 1, 3]] (ValueError for anything else)."""
    groups = [part.split() for part in text.replace("、", ",").replace(";", ",").split(",")]
    return [[int(word) for word in group] for group in groups if group]


class SoraniPad(ScoreSheetTab):
    """The score pad with its helpers; its PDF shows the planet splits worked out."""

    title = ("Score pad", "得点表")
    printing = Printing("sorani-score.pdf")

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
        words(self, "Helpers", "計算の補助", "setTitle")
        self.form = QFormLayout(self)
        self.player = QComboBox(self)
        self.form.addRow(words(QLabel(self), "Player", "プレイヤー"), self.player)
        # planets: per colour, the best split, into the planets row
        self.colours = [QSpinBox(self) for _ in COLOUR_LABELS]
        colours = QGridLayout()
        for i, (box, (en, ja)) in enumerate(zip(self.colours, COLOUR_LABELS, strict=True)):
            box.setRange(0, 16)  # more than 4 is said, not silently cut
            box.valueChanged.connect(self._planets_changed)
            label = words(QLabel(self), en, ja)
            label.setBuddy(box)  # names the box to a screen reader
            colours.addWidget(label, 0, i)
            colours.addWidget(box, 1, i)
        self.form.addRow(words(QLabel(self), "Untouched planets per colour",
                               "線が接していない惑星(色ごと)"))
        self.form.addRow(colours)
        self.split_label, self.planets_button = self._result_rows(
            self.enter_planets, ("Enter in the planets row", "惑星の行に入れる"))
        # star tiles
        self.clusters_edit = self._entry(("Star clusters", "星団"), self._tiles_changed, (
            "stars white nodes, e.g. 3 0 3, 2 1 3", "星 白 ノード 例: 3 0 3, 2 1 3"))
        self.guiding_edit = self._entry(("Guiding stars", "導きの星"), self._tiles_changed, (
            "stars nodes, e.g. 2 2", "星 ノード 例: 2 2"))
        self.tiles_label, self.tiles_button = self._result_rows(
            self.enter_tiles, ("Enter in the star rows", "星の行に入れる"))
        # special features
        self.features_edit = self._entry(("Special features", "特別な地形"),
                                         self._features_changed,
                                         ("stars VP, e.g. 2 5, 3 7", "★ 点 例: 2 5, 3 7"))
        self.features_label, self.features_button = self._result_rows(
            self.enter_features, ("Enter in the special feature rows", "特別な地形の行に入れる"))
        # bonus tiles
        self.bonus_points = QSpinBox(self)
        self.bonus_points.setRange(0, 50)
        self.bonus_points.valueChanged.connect(self._bonus_changed)
        self.form.addRow(words(QLabel(self), "Bonus tile VP", "ボーナスタイルの点"),
                         self.bonus_points)
        self.bonus_values = self._entry(("Value per player", "プレイヤーごとの値"),
                                        self._bonus_changed,
                                        ("e.g. 4 6 6 (ties all score)", "例: 4 6 6(同点は全員)"))
        self.bonus_label, self.bonus_button = self._result_rows(
            self.enter_bonus, ("Add to the bonus row", "ボーナスの行に加える"))
        self.pad.sheet.listeners.append(weak_listener(self._players_changed))

    def _entry(self, label: tuple[str, str], changed: Callable[[], None],
               placeholder: tuple[str, str]) -> QLineEdit:
        """A labelled line of numbers to type."""
        edit = words(QLineEdit(self), *placeholder, setter="setPlaceholderText")
        edit.textChanged.connect(changed)
        self.form.addRow(words(QLabel(self), *label), edit)
        return edit

    def _result_rows(self, enter: Callable[[], None],
                     button: tuple[str, str]) -> tuple[QLabel, QPushButton]:
        """What the typed numbers give (or why they cannot be), and the button entering it."""
        result = QLabel(self)
        result.setWordWrap(True)
        push = words(QPushButton(self), *button)
        push.clicked.connect(enter)
        self.form.addRow(result)
        self.form.addRow(push)
        return result, push

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
        return split.lines(self._colour_names(), language().code)

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
        self._players_changed()
        self._planets_changed()
        self._tiles_changed()
        self._features_changed()
        self._bonus_changed()
