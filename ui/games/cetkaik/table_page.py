"""The 机戦 table companion for two people at a physical board (tabs of the shared page).

- Hands: tap the pieces a side has captured (＋ adds one, − takes one back) and read every
  hand they form, the 同色 versions, the points at the chosen rate and the hands one piece
  away; each side has its own calculator; undo/redo.
- Seasons: the ledger — per side 再行, 終季 with the points of the hands (typed, or taken from
  the calculator), a penalty paid at once; the season, the rate, the 40-point transfer and who
  leads; undo/redo; Save to history when the game is over; Print the filled sheet.
- Sticks: throw the five sticks (or type a real throw) for a water entry or a stepping move
  and read whether it succeeds, with the odds; undo/redo.
- Print: the start diagram (shown on the page), the reference card, the blank season sheet,
  or all three.

The names of the two players sit above the tabs. Every rule question goes to the engine's
table models (`companion.games.cetkaik.table`); this page only shows and collects.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.colours import RED_BLACK
from companion.games.cetkaik import REGIONAL_OPTIONS
from companion.games.cetkaik import words as cw
from companion.games.cetkaik.hands import hand_name_in, points_text
from companion.games.cetkaik.pieces import Colour, Profession, piece_name
from companion.games.cetkaik.table import (
    STEP,
    WATER,
    CastHelper,
    CastVerdict,
    HandCalculator,
    SeasonLedger,
    success_chance,
)
from companion.games.cetkaik.variants import STANDARD, Variant, variant_of
from companion.games.registry import OptionSpec
from companion.history import PlayRecord
from companion.table.thrower import Faces, throw_sticks
from ui.context import AppContext
from ui.games.cetkaik.board_widget import BoardView, start_scene
from ui.games.sticks.sticks_widget import ResultBadge, SticksWidget
from ui.i18n import language, tr
from ui.play.palette import follow_palette, ink_style
from ui.play.widgets import words
from ui.table.frame import Printing, TablePage, TableTab
from ui.undo import ReplaceState

RATES = (1, 2, 4, 8, 16, 32, 64)


def lang() -> str:
    return language().code


def _ink_button(button: QPushButton, colour: Colour) -> None:
    """A piece's button in its side's red or black (palette in use)."""
    button.setStyleSheet(ink_style(RED_BLACK, colour.name.lower()))


class Players(QWidget):
    """The two players' names, shared by every tab."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels = [QLabel(self), QLabel(self)]
        self.edits = [QLineEdit(self), QLineEdit(self)]
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for side in (0, 1):
            self.edits[side].setObjectName(f"name{side}")
            self.edits[side].textChanged.connect(self.changed)
            row.addWidget(self.labels[side])
            row.addWidget(self.edits[side], 1)
            self.labels[side].setBuddy(self.edits[side])  # names the field to a screen reader
        self.retranslate()

    def names(self) -> tuple[str, str]:
        return self.edits[0].text().strip(), self.edits[1].text().strip()

    def name(self, side: int) -> str:
        """The player's name, or the side's name while none is typed."""
        return self.names()[side] or cw.side_name(side, lang())

    def retranslate(self) -> None:
        for side in (0, 1):
            self.labels[side].setText(cw.side_long_name(side, lang()))
            self.edits[side].setPlaceholderText(tr("player's name", "名前"))


#: The hand calculator's scoring rules: (its field, the game option it follows).
SCORING_OPTIONS: tuple[tuple[str, OptionSpec], ...] = tuple(
    (field_name, next(o for o in REGIONAL_OPTIONS if o.key == key))
    for field_name, key in (("system", "hand_system"), ("counting", "counting"),
                            ("same_hand", "same_hand")))


# --- hands ------------------------------------------------------------------------------------
class HandsTab(TableTab):
    """Two hand calculators (one per side) with a shared rate."""

    title = ("Hands", "役の計算")
    undo_stack: QUndoStack

    def __init__(self, page: TablePage, players: Players, variant: Variant = STANDARD) -> None:
        super().__init__(page)
        self.players, self.variant = players, variant
        self.undo_stack = QUndoStack(self)
        blank = HandCalculator(variant=variant.key)
        self.calcs: tuple[HandCalculator, HandCalculator] = (blank, blank)
        self.side = 0
        self.side_buttons = [QRadioButton(self), QRadioButton(self)]
        self.side_group = QButtonGroup(self)
        for side, button in enumerate(self.side_buttons):
            button.setObjectName(f"calc_side{side}")
            self.side_group.addButton(button, side)
        self.side_buttons[0].setChecked(True)
        self.side_group.idClicked.connect(self.choose_side)
        self.rate = QComboBox(self)
        self.rate.setObjectName("calc_rate")
        for value in RATES:
            self.rate.addItem(f"×{value}", value)
        self.rate.activated.connect(lambda _i: self.set_rate(int(self.rate.currentData())))
        self.rate_label = words(QLabel(self), "Rate", "レート")
        self.official = words(QCheckBox(self), "Official sheet's values (馬弓兵 5)",
                              "公式規則書の点数(馬弓兵 5)")
        self.official.setObjectName("calc_official")
        self.official.setVisible(variant.key == "standard")
        self.official.toggled.connect(self.set_official)
        self.clear_button = words(QPushButton(self), "Clear", "クリア")
        self.clear_button.clicked.connect(self.clear)
        page.bind(self, "Ctrl+Backspace", self.clear_button)
        #: 標準机戦's regional scoring rules (the game's options): field -> (label, combo)
        self.scoring: dict[str, tuple[QLabel, QComboBox]] = {}
        if variant.key == "standard":
            for field_name, option in SCORING_OPTIONS:
                self.scoring[field_name] = self._scoring_combo(field_name, option)
        self.add_buttons: dict[tuple[Colour, Profession], QPushButton] = {}
        self.remove_buttons: dict[tuple[Colour, Profession], QPushButton] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        in_set = {p for _, p in variant.piece_set()}
        for row, profession in enumerate(p for p in reversed(Profession) if p in in_set):
            name = QLabel(f"{profession.kanji}", self)
            name.setToolTip(profession.name_in("en"))
            grid.addWidget(name, row, 0)
            for col, colour in enumerate((Colour.RED, Colour.BLACK)):
                add = QPushButton(self)
                add.setObjectName(f"add:{colour.letter}{profession.letter}")
                follow_palette(add, partial(_ink_button, add, colour))  # 赤/黒 says it too
                add.clicked.connect(lambda _=False, c=colour, p=profession: self.add(c, p))
                remove = QPushButton("−", self)
                remove.setObjectName(f"remove:{colour.letter}{profession.letter}")
                remove.setFixedWidth(28)
                remove.clicked.connect(lambda _=False, c=colour, p=profession:
                                       self.remove(c, p))
                grid.addWidget(add, row, 1 + 2 * col)
                grid.addWidget(remove, row, 2 + 2 * col)
                self.add_buttons[(colour, profession)] = add
                self.remove_buttons[(colour, profession)] = remove
        self.result = QLabel(self)
        self.result.setObjectName("calc_result")
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.TextFormat.RichText)
        self.result.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        top = QHBoxLayout()
        for button in self.side_buttons:
            top.addWidget(button)
        top.addStretch(1)
        top.addWidget(self.rate_label)
        top.addWidget(self.rate)
        options = QHBoxLayout()
        options.addWidget(self.official)
        options.addStretch(1)
        options.addWidget(self.clear_button)
        scoring = QGridLayout()
        for row, (label, combo) in enumerate(self.scoring.values()):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(16)
            scoring.addWidget(label, row, 0)
            scoring.addWidget(combo, row, 1)
        scoring.setColumnStretch(2, 1)
        body = QHBoxLayout()
        body.addLayout(grid)
        body.addWidget(self.result, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(options)
        layout.addLayout(scoring)
        layout.addLayout(body)
        layout.addStretch(1)
        players.changed.connect(self.refresh)
        self.refresh()

    @property
    def calc(self) -> HandCalculator:
        return self.calcs[self.side]

    # --- changes (undoable) -----------------------------------------------------------------
    def _change(self, new: HandCalculator, text: str) -> None:
        calcs = list(self.calcs)
        calcs[self.side] = new
        after: tuple[HandCalculator, HandCalculator] = (calcs[0], calcs[1])
        self.undo_stack.push(ReplaceState(self.calcs, after, self._set, text))

    def _set(self, calcs: tuple[HandCalculator, HandCalculator]) -> None:
        self.calcs = calcs
        self.refresh()
        self.edited.emit()

    def add(self, colour: Colour, profession: Profession) -> None:
        try:
            self._change(self.calc.add(colour, profession), "add")
        except ValueError:
            limit = self.calc.limit(colour, profession)
            self.say(f"The set has only {limit} {piece_name(colour, profession, 'en')}.",
                     f"{piece_name(colour, profession)}はセットに {limit} 枚しかありません。")

    def remove(self, colour: Colour, profession: Profession) -> None:
        if self.calc.count(colour, profession):
            self._change(self.calc.remove(colour, profession), "remove")

    def clear(self) -> None:
        if any(self.calc.counts):
            self._change(self.calc.cleared(), "clear")

    def set_rate(self, rate: int) -> None:
        """The rate is the game's: both sides' calculators follow it."""
        if rate != self.calc.rate:
            after = (self.calcs[0].with_rate(rate), self.calcs[1].with_rate(rate))
            self.undo_stack.push(ReplaceState(self.calcs, after, self._set, "rate"))

    def set_official(self, on: bool) -> None:
        if on != self.calc.official_values:
            after = (replace(self.calcs[0], official_values=on),
                     replace(self.calcs[1], official_values=on))
            self.undo_stack.push(ReplaceState(self.calcs, after, self._set, "values"))

    def _scoring_combo(self, field_name: str, option: OptionSpec) -> tuple[QLabel, QComboBox]:
        label = QLabel(self)
        combo = QComboBox(self)
        combo.setObjectName(f"calc_{option.key}")
        for value in option.choices:
            combo.addItem("", value)
        combo.activated.connect(
            lambda _i, f=field_name, c=combo: self.set_scoring(f, str(c.currentData())))
        return label, combo

    def set_scoring(self, field_name: str, value: str) -> None:
        """A regional scoring rule (hand system, 古計算法, the same hand twice) for both sides."""
        if getattr(self.calc, field_name) != value:
            after = (self.calcs[0].with_scoring(field_name, value),
                     self.calcs[1].with_scoring(field_name, value))
            self.undo_stack.push(ReplaceState(self.calcs, after, self._set, field_name))

    def choose_side(self, side: int) -> None:
        self.side = side
        self.refresh()

    # --- showing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        calc = self.calc
        for side, radio in enumerate(self.side_buttons):
            radio.setText(self.players.name(side))
            radio.setChecked(side == self.side)
        self.rate.setCurrentIndex(RATES.index(calc.rate))
        self.official.blockSignals(True)
        self.official.setChecked(calc.official_values)
        self.official.blockSignals(False)
        for (field_name, option), (label, combo) in zip(SCORING_OPTIONS, self.scoring.values(),
                                                        strict=False):
            label.setText(option.label_ja if lang() == "ja" else option.label_en)
            for index, value in enumerate(option.choices):
                combo.setItemText(index, option.choice_label(value, lang()))
            combo.setCurrentIndex(option.choices.index(getattr(calc, field_name)))
        for (colour, profession), button in self.add_buttons.items():
            count, limit = calc.count(colour, profession), calc.limit(colour, profession)
            button.setText(f"{colour.kanji}{profession.kanji} {count}/{limit}")
            button.setToolTip(tr(f"Add a {piece_name(colour, profession, 'en')}",
                                 f"{piece_name(colour, profession)}を1枚加える"))
            self.remove_buttons[(colour, profession)].setEnabled(count > 0)
        self.result.setText(self.result_html())

    def result_html(self) -> str:
        calc = self.calc
        found = calc.hands()
        if found:
            def shown(value: int) -> str:
                return points_text(value, calc.scale)

            rows = "".join(f"<tr><td>{h.name(lang())}</td><td align='right' "
                           f"style='padding-left: 12px;'>{shown(h.value)}</td></tr>"
                           for h in found)
            total_text = f"{shown(calc.total())} × {calc.rate} = <b>{shown(calc.points())}</b>"
            total = tr(f"Total {total_text}", f"計 {total_text}")
            html = f"<table>{rows}</table><p>{total}</p>"
        else:
            html = "<p>" + tr("No hand yet.", "まだ役はありません。") + "</p>"
        near = calc.near_hands()
        if near:
            items = "、".join(f"{n.spec.name(lang())}({''.join(p.kanji for p in n.missing)})"
                             for n in near) if lang() == "ja" else \
                ", ".join(f"{n.spec.name('en')} ({'/'.join(p.kanji for p in n.missing)})"
                          for n in near)
            html += "<p>" + tr(f"One piece away: {items}", f"あと1枚で: {items}") + "</p>"
        return html

    def retranslate(self) -> None:
        self.refresh()


# --- the season ledger ------------------------------------------------------------------------
class LedgerTab(TableTab):
    """The seasons, the rate and the points of a game at the table."""

    title = ("Seasons", "季節の記録")
    savable = True
    printing = Printing("cetkaik-seasons.pdf",
                        ("Print this game's sheet…", "この対局のシートを印刷…"))
    undo_stack: QUndoStack

    def __init__(self, page: TablePage, players: Players, hands: HandsTab) -> None:
        super().__init__(page)
        self.players, self.hands = players, hands
        self.undo_stack = QUndoStack(self)
        variant = hands.variant
        self.ledger = SeasonLedger(start_points=variant.start_points, game_id=variant.game_id)
        self.seasons = QSpinBox(self)
        self.seasons.setObjectName("ledger_seasons")
        self.seasons.setRange(1, 4)
        self.seasons.setValue(4)
        self.seasons.valueChanged.connect(self.set_seasons)
        self.seasons_label = words(QLabel(self), "Seasons", "季節の数")
        self.seasons_label.setBuddy(self.seasons)
        self.cap = words(QCheckBox(self), "The game ends when a side holds every point",
                         "一方が全部の点を得たら終了")
        self.cap.setObjectName("ledger_cap")
        self.cap.setChecked(True)
        self.cap.setVisible(variant.key == "standard")  # an option of the standard game
        self.cap.toggled.connect(self.set_cap)
        self.status = QLabel(self)
        self.status.setObjectName("ledger_status")
        self.status.setWordWrap(True)
        font = self.status.font()
        font.setBold(True)
        self.status.setFont(font)
        self.side_boxes: list[QGroupBox] = []
        self.points: list[QDoubleSpinBox] = []
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.seasons_label)
        top.addWidget(self.seasons)
        top.addWidget(self.cap)
        top.addStretch(1)
        layout.addLayout(top)
        layout.addWidget(self.status)
        sides = QHBoxLayout()
        for side in (0, 1):
            sides.addWidget(self._side_box(side))
        layout.addLayout(sides)
        self.entries_label = words(QLabel(self), "Entries", "記録")
        self.entries = QListWidget(self)
        self.entries_label.setBuddy(self.entries)
        self.entries.setObjectName("ledger_entries")
        self.entries.setMinimumHeight(90)
        layout.addWidget(self.entries_label)
        layout.addWidget(self.entries, 1)
        players.changed.connect(self.refresh)
        hands.edited.connect(self.refresh)  # the calculator's counting sets the units
        self.refresh()

    def _side_box(self, side: int) -> QGroupBox:
        box = QGroupBox(self)
        self.side_boxes.append(box)
        again = words(QPushButton(box), "再行 (the rate doubles)", "再行(レート2倍)")
        again.setObjectName(f"again{side}")
        again.clicked.connect(lambda: self.again(side))
        points = QDoubleSpinBox(box)
        points.setObjectName(f"points{side}")
        points.setRange(-20, 999)
        points.setDecimals(0)
        points.setValue(0)
        self.points.append(points)
        from_calc = words(QPushButton(box), "From the hand calculator", "役の計算から")
        from_calc.setObjectName(f"from_calc{side}")
        from_calc.clicked.connect(lambda: self.fill_from_calculator(side))
        end = words(QPushButton(box), "終季 (end the season)", "終季(季節を終える)")
        end.setObjectName(f"end{side}")
        end.clicked.connect(lambda: self.end(side))
        penalty_row = QVBoxLayout()  # one above the other: the English gloss is long
        for amount, name in ((-5, "撃皇"), (-3, "皇再来")):
            button = words(QPushButton(box), f"{name} {hand_name_in(name, 'en')} {amount}",
                           f"{name} {amount}")
            button.setObjectName(f"penalty{side}:{amount}")
            words(button, f"Pay {name} ({amount} × rate) at once (the option that deducts it)",
                  f"{name}({amount} × レート)をすぐに払う(即時に引くオプション)", "setToolTip")
            button.clicked.connect(lambda _=False, a=amount, n=name: self.penalty(side, a, n))
            penalty_row.addWidget(button)
        points_label = words(QLabel(box), "Hands' points:", "役の点:")
        grid = QGridLayout(box)
        grid.addWidget(again, 0, 0, 1, 2)
        grid.addWidget(points_label, 1, 0)
        grid.addWidget(points, 1, 1)
        grid.addWidget(from_calc, 2, 0, 1, 2)
        grid.addWidget(end, 3, 0, 1, 2)
        grid.addLayout(penalty_row, 4, 0, 1, 2)
        return box

    # --- entries (undoable) -----------------------------------------------------------------
    def _push(self, new: SeasonLedger, text: str) -> None:
        self.undo_stack.push(ReplaceState(self.ledger, new, self._set, text))

    def _set(self, ledger: SeasonLedger) -> None:
        self.ledger = ledger
        self.refresh()
        self.edited.emit()

    def _try(self, make: object, text: str) -> None:
        try:
            assert callable(make)
            self._push(make(), text)
        except ValueError:
            reason = cw.end_reason(self.ledger.state().reason, "en")
            self.say(f"The game is over ({reason}); Undo to correct an entry.",
                     f"ゲームは終わっています({cw.end_reason(self.ledger.state().reason, 'ja')})。"
                     "記録を直すには「元に戻す」を使ってください。")

    def again(self, side: int) -> None:
        self._try(lambda: self.ledger.again(side), "again")

    @property
    def scale(self) -> int:
        """The ledger's units: its own once written in, else the hand calculator's (tenths
        under 古計算法 and 三連体系)."""
        return self.ledger.scale if self.ledger.entries else self.hands.calc.scale

    def _scaled(self) -> SeasonLedger:
        """The ledger in the units its next entry is written in."""
        return self.ledger if self.ledger.entries else replace(self.ledger, scale=self.scale)

    def end(self, side: int) -> None:
        ledger = self._scaled()
        points = round(self.points[side].value() * ledger.scale)
        calc = self.hands.calcs[side]
        hands = [h.name("ja") for h in calc.hands()] \
            if calc.total() * ledger.scale == points * calc.scale else []
        self._try(lambda: ledger.end(side, points, hands), "end")
        self.points[side].setValue(0)

    def penalty(self, side: int, amount: int, name: str) -> None:
        ledger = self._scaled()
        self._try(lambda: ledger.penalty(side, amount * ledger.scale, name), "penalty")

    def fill_from_calculator(self, side: int) -> None:
        calc = self.hands.calcs[side]
        self.points[side].setValue(calc.total() / calc.scale)

    def set_seasons(self, seasons: int) -> None:
        if seasons == self.ledger.seasons:
            return
        candidate = replace(self.ledger, seasons=seasons)
        if len(candidate.state().paid) < len(candidate.entries):
            self.say("More seasons than that are already written down.",
                     "その数より多くの季節がすでに記録されています。")
            self.seasons.setValue(self.ledger.seasons)
            return
        self._push(candidate, "seasons")

    def set_cap(self, on: bool) -> None:
        if on == self.ledger.cap:
            return
        candidate = replace(self.ledger, cap=on)
        if len(candidate.state().paid) < len(candidate.entries):
            self.say("With the cap the game ended earlier: take entries back first.",
                     "上限ありではもっと前にゲームが終わっています。先に記録を戻してください。")
            self.cap.setChecked(self.ledger.cap)
            return
        self._push(candidate, "cap")

    # --- showing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        ledger = replace(self.ledger, names=self.players.names())
        state = ledger.state()
        self.seasons.blockSignals(True)
        self.seasons.setValue(ledger.seasons)
        self.seasons.blockSignals(False)
        self.cap.blockSignals(True)
        self.cap.setChecked(ledger.cap)
        self.cap.blockSignals(False)
        scale = self.scale
        for points in self.points:
            points.setDecimals(1 if scale > 1 else 0)
        for side, box in enumerate(self.side_boxes):
            shown = points_text(state.scores[side], ledger.scale) if ledger.entries else \
                str(ledger.start_points)
            box.setTitle(f"{self.players.name(side)} — {shown}" + tr(" pts", " 点"))
            for button in box.findChildren(QPushButton):
                if not button.objectName().startswith("from_calc"):
                    button.setEnabled(not state.over)
        self.status.setText(self.status_text(ledger))
        self.entries.clear()
        self.entries.addItems(ledger.lines(lang()) or
                              [tr("Nothing written down yet.", "まだ記録はありません。")])
        self.entries.scrollToBottom()
        self.changed.emit()

    def status_text(self, ledger: SeasonLedger) -> str:
        state = ledger.state()
        if state.over:
            lead = state.leader()
            winner = tr("a draw", "引き分け") if lead is None else self.players.name(lead)
            return tr(f"Game over: {cw.end_reason(state.reason, 'en')}. Winner: {winner}.",
                      f"ゲーム終了: {cw.end_reason(state.reason, 'ja')}。勝者: {winner}")
        lead = state.leader()
        leader = tr("level", "同点") if lead is None else self.players.name(lead)
        return tr(f"{ledger.season_name('en').capitalize()} (season {state.season + 1} of "
                  f"{ledger.seasons}) · rate ×{state.rate} · ahead: {leader}",
                  f"{ledger.season_name('ja')}(第 {state.season + 1} 季 / {ledger.seasons})"
                  f"· レート ×{state.rate} · 優勢: {leader}")

    def save_problem(self) -> str | None:
        problems = replace(self.ledger, names=self.players.names()).problems(lang())
        return problems[0] if problems else None

    def play_record(self) -> PlayRecord:
        return replace(self.ledger, names=self.players.names()).to_play_record()

    def print_problem(self) -> str | None:
        if not self.ledger.entries:
            return tr("Write down a season first.", "先に季節を記録してください。")
        return None

    def export_pdf(self, path: Path) -> None:
        from companion.export.pdf import render_sheet
        from companion.games.cetkaik.printing import ledger_sheet

        render_sheet(ledger_sheet(self.play_record(), lang()), path)

    def retranslate(self) -> None:
        self.refresh()


# --- the stick caster -------------------------------------------------------------------------
class CastTab(TableTab):
    """Throw five sticks for a water entry or a stepping move and read the verdict."""

    title = ("Sticks", "投げ棒")
    undo_stack: QUndoStack

    def __init__(self, page: TablePage, seed: int | None = None,
                 variant: Variant = STANDARD) -> None:
        super().__init__(page)
        self.helper = CastHelper()
        self.verdicts: list[CastVerdict] = []
        self.undo_stack = QUndoStack(self)
        self.rng = random.Random(seed)
        self.water = words(QRadioButton(self), "Entering water (3 or more face up)",
                           "入水(表が3本以上で成功)")
        self.water.setObjectName("cast_water")
        self.step = words(QRadioButton(self), "Stepping: the announced square is",
                          "踏越え: 宣言したマスまで")
        self.step.setObjectName("cast_step")
        self.water.setChecked(True)
        self.distance = QSpinBox(self)
        self.distance.setObjectName("cast_distance")
        self.distance.setRange(1, 5)
        self.distance_label = words(QLabel(self), "squares from the stepped-on piece",
                                    "マス先(踏み台から)")
        self.distance_label.setBuddy(self.distance)
        self.chain = words(QCheckBox(self),
                           "連撃術: a short stepping throw may be followed by another that adds",
                           "連撃術: 届かない踏越えの投げ棒はもう一度投げて足せる")
        self.chain.setObjectName("cast_chain")
        self.chain.setVisible(variant.key == "standard")  # an option of the standard game
        for widget in (self.water, self.step, self.chain):
            widget.toggled.connect(self.refresh)
        self.distance.valueChanged.connect(self.refresh)
        self.sticks = SticksWidget(self)
        self.badge = ResultBadge(self)
        self.badge.setFixedSize(80, 80)
        self.badge.follow(self.sticks)
        self.throw_button = words(QPushButton(self), "Throw  (Space)", "投げる (スペース)")
        self.throw_button.setObjectName("cast_throw")
        self.throw_button.setMinimumHeight(40)
        self.throw_button.clicked.connect(self.throw)
        self.typed = QSpinBox(self)
        self.typed.setObjectName("cast_typed")
        self.typed.setRange(0, 5)
        self.typed_label = words(QLabel(self), "Thrown at the table:", "実際に投げた結果:")
        self.typed_label.setBuddy(self.typed)
        self.enter_button = words(QPushButton(self), "Enter", "記録")
        self.enter_button.setObjectName("cast_enter")
        self.enter_button.clicked.connect(lambda: self.enter(self.typed.value()))
        self.verdict = QLabel(self)
        self.verdict.setObjectName("cast_verdict")
        self.verdict.setWordWrap(True)
        font = self.verdict.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.verdict.setFont(font)
        self.odds = QLabel(self)
        self.odds.setWordWrap(True)
        self.history = words(QListWidget(self), "Throws", "投げた記録", "setAccessibleName")
        self.history.setObjectName("cast_history")
        self.history.setMinimumHeight(70)
        step_row = QHBoxLayout()
        step_row.addWidget(self.step)
        step_row.addWidget(self.distance)
        step_row.addWidget(self.distance_label)
        step_row.addStretch(1)
        sticks_row = QHBoxLayout()
        sticks_row.addWidget(self.sticks, 1)
        sticks_row.addWidget(self.badge)
        typed_row = QHBoxLayout()
        typed_row.addWidget(self.typed_label)
        typed_row.addWidget(self.typed)
        typed_row.addWidget(self.enter_button)
        typed_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.water)
        layout.addLayout(step_row)
        layout.addWidget(self.chain)
        layout.addLayout(sticks_row)
        layout.addWidget(self.throw_button)
        layout.addLayout(typed_row)
        layout.addWidget(self.verdict)
        layout.addWidget(self.odds)
        layout.addWidget(self.history, 1)
        page.bind(self, "Space", self.throw_button, "Throw the sticks", "棒を投げる")
        page.bind(self, "Ctrl+Return", self.enter_button, "Enter the throw made at the table",
                  "実際に投げた結果を記録")
        self.refresh()

    def purpose(self) -> tuple[str, int | None]:
        return (WATER, None) if self.water.isChecked() else (STEP, self.distance.value())

    def throw(self) -> CastVerdict:
        faces = throw_sticks(self.rng)
        self.sticks.show_throw(faces)  # tumbling first: the verdict is told once they land
        return self._record(faces)

    def enter(self, result: int) -> CastVerdict:
        """A throw made with real sticks, typed in."""
        faces = tuple(i < result for i in range(5))
        return self._record(faces)

    def _record(self, faces: Faces) -> CastVerdict:
        purpose, distance = self.purpose()
        chain = purpose == STEP and self.chain.isChecked()
        last = self.verdicts[-1] if self.verdicts else None
        again = chain and last is not None and last.may_throw_again and \
            last.distance == distance
        verdict = CastVerdict(sum(faces), purpose, distance, chain,
                              last.total if again and last is not None else -1)
        before = (tuple(self.helper.log.throws), tuple(self.verdicts))
        after = ((*before[0], faces), (*before[1], verdict))
        self.undo_stack.push(ReplaceState(before, after, self._set, "throw"))
        return verdict

    def _set(self, value: tuple[tuple[Faces, ...], tuple[CastVerdict, ...]]) -> None:
        throws, verdicts = value
        self.helper.log.throws[:] = list(throws)
        self.verdicts = list(verdicts)
        self.refresh()

    def refresh(self, *_: object) -> None:
        if self.sticks.is_animating():  # the throw is told once the sticks have landed
            self.sticks.after_landing(self.refresh)
            return
        purpose, distance = self.purpose()
        self.distance.setEnabled(purpose == STEP)
        chance = success_chance(purpose, distance or 1)
        self.odds.setText(tr(f"Chance of success: {chance.numerator}/{chance.denominator} "
                             f"({float(chance):.0%})",
                             f"成功の確率: {chance.numerator}/{chance.denominator}"
                             f"({float(chance):.0%})"))
        last = self.verdicts[-1] if self.verdicts else None
        self.badge.set_value(None if last is None else last.result)
        throws = self.helper.log.throws
        if throws and not self.sticks.is_animating() and self.sticks.faces != throws[-1]:
            self.sticks.show_throw(throws[-1], animate=False)
        if not throws:
            self.sticks.show_throw(None, animate=False)
        self.verdict.setText(last.text(lang()) if last is not None else
                             tr("Throw the sticks for a water entry or a stepping move.",
                                "入水か踏越えのときに投げ棒を投げる。"))
        self.verdict.setStyleSheet("" if last is None else
                                   "color: #2e7d32;" if last.success else "color: #b00020;")
        self.history.clear()
        for number, verdict in enumerate(self.verdicts, start=1):
            self.history.insertItem(0, f"{number}. {verdict.text(lang())}")

    def retranslate(self) -> None:
        self.refresh()


# --- 古机戦's result ------------------------------------------------------------------------------
class OldResultTab(TableTab):
    """古机戦 at the table: who took the king (or a draw), the pieces each side took, saved to
    the history."""

    title = ("Result", "結果")
    savable = True

    def __init__(self, page: TablePage, players: Players) -> None:
        super().__init__(page)
        self.players = players
        self.outcome = QButtonGroup(self)
        self.outcome_buttons = [QRadioButton(self) for _ in range(3)]
        for index, button in enumerate(self.outcome_buttons):
            button.setObjectName(f"old_outcome{index}")
            self.outcome.addButton(button, index)
        self.outcome.idClicked.connect(lambda _i: self._edited())
        self.taken = [QSpinBox(self), QSpinBox(self)]
        self.taken_labels = [QLabel(self), QLabel(self)]
        grid = QGridLayout()
        for side in (0, 1):
            self.taken[side].setObjectName(f"old_taken{side}")
            self.taken[side].setRange(0, 17)
            self.taken[side].valueChanged.connect(lambda _v: self._edited())
            self.taken[side].setMinimumWidth(80)
            grid.addWidget(self.taken_labels[side], side, 0)
            self.taken_labels[side].setBuddy(self.taken[side])
            grid.addWidget(self.taken[side], side, 1)
        grid.setColumnStretch(2, 1)
        self.note = words(QLabel(self), "Who took the enemy king? (A draw: by agreement, or "
                          "when neither can win.)",
                          "相手の王を取ったのは? (引き分け: 合意したとき、どちらも勝てないとき)")
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        for button in self.outcome_buttons:
            layout.addWidget(button)
        layout.addLayout(grid)
        layout.addStretch(1)
        players.changed.connect(self.refresh)
        self.refresh()

    def _edited(self) -> None:
        self.edited.emit()
        self.changed.emit()

    def winner(self) -> int | None:
        """The seat that won, None for a draw; -1 while nothing is chosen."""
        chosen = self.outcome.checkedId()
        return -1 if chosen < 0 else None if chosen == 2 else chosen

    def save_problem(self) -> str | None:
        names = self.players.names()
        if not all(names):
            return tr("Type both players' names.", "二人の名前を入れてください。")
        if names[0] == names[1]:
            return tr("The two players have the same name.", "二人の名前が同じです。")
        if self.winner() == -1:
            return tr("Choose who won, or a draw.", "勝った人か引き分けを選んでください。")
        return None

    def play_record(self) -> PlayRecord:
        from datetime import datetime

        from companion.history import PlayMode, SeatResult

        winner = self.winner()
        now = datetime.now().replace(microsecond=0)
        seats = [SeatResult(seat=side, player=self.players.names()[side],
                            faction=cw.SIDE_NAMES_JA[side],
                            score=float(self.taken[side].value()),
                            breakdown={"captured": float(self.taken[side].value())},
                            rank=1 if winner in (None, side) else 2, winner=winner == side)
                 for side in (0, 1)]
        return PlayRecord("cetkaik_old", PlayMode.TABLE, now, seats, finished_at=now)

    def refresh(self) -> None:
        for side in (0, 1):
            self.outcome_buttons[side].setText(
                tr(f"{self.players.name(side)} took the king",
                   f"{self.players.name(side)} が王を取った"))
            self.taken_labels[side].setText(tr(f"Pieces {self.players.name(side)} took:",
                                               f"{self.players.name(side)} が取った駒:"))
        self.outcome_buttons[2].setText(tr("A draw", "引き分け"))
        self.changed.emit()

    def retranslate(self) -> None:
        self.refresh()


# --- printing ---------------------------------------------------------------------------------
class PrintTab(TableTab):
    """The sheets for a game at the table, with the start position drawn on the page."""

    title = ("Print", "印刷")
    printing = Printing("cetkaik-sheets.pdf")
    CHOICES = (("start", "Start diagram", "初期配置図"),
               ("card", "Reference card (moves and hands)", "早見表(動きと役)"),
               ("blank", "Blank season sheet", "記入用の季節・得点表"),
               ("all", "All three", "3枚すべて"))
    #: 古机戦 has no hands and no seasons: the start diagram and the moves card.
    OLD_CHOICES = (("start", "Start diagram", "初期配置図"),
                   ("card", "Reference card (moves)", "早見表(動き)"))

    def __init__(self, page: TablePage, players: Players, variant: Variant = STANDARD) -> None:
        super().__init__(page)
        self.players, self.variant = players, variant
        self.group = QButtonGroup(self)
        column = QVBoxLayout()
        old = variant.engine == "old"
        choices = self.CHOICES if not old else self.OLD_CHOICES
        self.choices = choices
        for index, (key, en, ja) in enumerate(choices):
            button = words(QRadioButton(self), en, ja)
            button.setObjectName(f"print:{key}")
            self.group.addButton(button, index)
            column.addWidget(button)
        self.group.button(0).setChecked(True)
        self.group.idClicked.connect(lambda _i: self.changed.emit())
        self.note = words(QLabel(self), "Print writes the chosen sheets as a PDF (A4), with the "
                          "names above on the season sheet.",
                          "「印刷」で選んだシートを PDF(A4)にします。季節・得点表には上の名前が"
                          "入ります。") if not old else \
            words(QLabel(self), "Print writes the chosen sheet as a PDF (A4).",
                  "「印刷」で選んだシートを PDF(A4)にします。")
        self.note.setWordWrap(True)
        column.addWidget(self.note)
        column.addStretch(1)
        self.board = words(BoardView(self), "Board", "盤", "setAccessibleName")
        self.board.setObjectName("start_board")
        self.board.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        row = QHBoxLayout(self)
        row.addLayout(column, 2)
        row.addWidget(self.board, 3)
        self.refresh()

    def chosen(self) -> str:
        return self.choices[max(self.group.checkedId(), 0)][0]

    def export_pdf(self, path: Path) -> None:
        from companion.export.pdf import render_sheets
        from companion.games.cetkaik.printing import (
            blank_season_sheet,
            reference_card,
            start_sheet,
        )

        names = [n for n in self.players.names()]
        key = self.variant.key
        sheets = {"start": [start_sheet(lang(), key)], "card": [reference_card(lang(), key)],
                  "blank": [blank_season_sheet(names, lang(), variant=key)]}
        chosen = self.chosen()
        specs = [s for key in ("blank", "start", "card") for s in sheets[key]] \
            if chosen == "all" else sheets[chosen]
        render_sheets(specs, path)

    def refresh(self) -> None:
        self.board.set_scene(start_scene(self.variant, lang()))

    def retranslate(self) -> None:
        self.refresh()


def table_view(ctx: AppContext | None, game_id: str = "cetkaik") -> TablePage:
    """The table page of a rule set: hands, seasons, sticks and print (古机戦: its result and
    print)."""
    variant = variant_of(game_id)
    page = TablePage(ctx, game_id)
    players = Players(page)
    page.set_header(players)
    if variant.engine == "old":
        page.add_tab(OldResultTab(page, players))
    else:
        hands = HandsTab(page, players, variant)
        page.add_tab(hands)
        page.add_tab(LedgerTab(page, players, hands))
        page.add_tab(CastTab(page, variant=variant))
    page.add_tab(PrintTab(page, players, variant))
    language().changed.connect(players.retranslate)
    return page
