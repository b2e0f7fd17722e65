"""The new-game panel of Etariya digital play: two seats (person or bot), expansions, seed.

It only collects choices; `setup()` returns an object with `seats`, `options` and `seed` (the
shape every play view's `start()` takes). Expansions A and B exclude each other: ticking one
unticks the other and the panel says why.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui.games.etariya.pictures import conflicting_expansions
from ui.i18n import language, tr

#: (bot kind or "" for a person, English, Japanese)
SEAT_KINDS: tuple[tuple[str, str, str], ...] = (
    ("", "Person", "人"),
    ("random", "Bot · random", "ボット · ランダム"),
    ("greedy", "Bot · greedy", "ボット · 貪欲"),
    ("mcts:weak", "Bot · MCTS weak", "ボット · MCTS 弱"),
    ("mcts", "Bot · MCTS normal", "ボット · MCTS 普通"),
    ("mcts:strong", "Bot · MCTS strong", "ボット · MCTS 強"),
)
EXPANSIONS: tuple[tuple[str, str, str], ...] = (
    ("A", "A · choose a set", "A · セット選択"),
    ("B", "B · all stones open (the line)", "B · 神石全開"),
    ("C", "C · acceleration", "C · 加速アクション"),
    ("D", "D · power chips", "D · 勢力変動"),
    ("E", "E · score chips", "E · スコア変動"),
)


def keep_compatible(boxes: Mapping[str, QCheckBox], key: str, on: bool) -> str:
    """After `key` was ticked, untick what the engine refuses beside it; the sentence to show
    ("" when nothing changed)."""
    chosen = [k for k, box in boxes.items() if box.isChecked()]
    dropped = conflicting_expansions(chosen, key) if on else []
    for other in dropped:
        boxes[other].setChecked(False)
    if not dropped:
        return ""
    names = ", ".join(dropped)
    first, *rest = sorted([key, *dropped])
    together_en, together_ja = " and ".join([first, *rest]), " と ".join([first, *rest])
    return tr(f"{together_en} cannot be played together (the rulebook excludes it): "
              f"{names} was switched off.",
              f"{together_ja} は同時に採用できません(説明書の規定)。{names} を外しました。")


@dataclass(frozen=True)
class SeatChoice:
    name: str
    bot: str | None = None


@dataclass
class GameSetup:
    seats: list[SeatChoice]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    #: A table setup code: play on exactly that board (its expansions replace `options`').
    setup_code: str = ""


class NewGamePanel(QGroupBox):
    """Seat 1 (first player) and seat 2, expansions, seed; `start_requested` on Start."""

    start_requested = Signal(object)  # GameSetup

    def __init__(self, parent: QWidget | None = None,
                 expansions_option: str = "expansions") -> None:
        super().__init__(parent)
        self.expansions_option = expansions_option
        self.kinds: list[QComboBox] = []
        self.names: list[QLineEdit] = []
        self.seat_labels: list[QLabel] = []
        form = QFormLayout()
        for _seat in range(2):
            kind = QComboBox(self)
            name = QLineEdit(self)
            row = QHBoxLayout()
            row.addWidget(kind)
            row.addWidget(name, 1)
            label = QLabel(self)
            form.addRow(label, row)
            self.kinds.append(kind)
            self.names.append(name)
            self.seat_labels.append(label)
            kind.currentIndexChanged.connect(self._seat_changed)
        self.kinds[1].setCurrentIndex(0)
        self.boxes: dict[str, QCheckBox] = {}
        exp_row = QHBoxLayout()
        for key, _, _ in EXPANSIONS:
            box = QCheckBox(self)
            box.toggled.connect(lambda on, key=key: self._expansion_toggled(key, on))
            self.boxes[key] = box
            exp_row.addWidget(box)
        exp_row.addStretch(1)
        self.exp_label = QLabel(self)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #8a4b00;")
        self.seed_label = QLabel(self)
        self.seed = QSpinBox(self)
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(random.SystemRandom().randrange(1, 100000))
        self.dice_button = QPushButton(self)
        self.dice_button.clicked.connect(
            lambda: self.seed.setValue(random.SystemRandom().randrange(1, 100000)))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed)
        seed_row.addWidget(self.dice_button)
        seed_row.addStretch(1)
        form.addRow(self.exp_label, exp_row)
        form.addRow(self.note)
        form.addRow(self.seed_label, seed_row)
        self.code_label = QLabel(self)
        self.code_edit = QLineEdit(self)
        self.code_edit.setMaxLength(16)
        form.addRow(self.code_label, self.code_edit)
        self.start_button = QPushButton(self)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(lambda: self.start_requested.emit(self.setup()))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.start_button)
        language().changed.connect(self.retranslate)
        self.retranslate()

    def expansions(self) -> list[str]:
        return [key for key, box in self.boxes.items() if box.isChecked()]

    def _expansion_toggled(self, key: str, on: bool) -> None:
        self.note.setText(keep_compatible(self.boxes, key, on))

    def _seat_changed(self) -> None:
        for kind, name in zip(self.kinds, self.names, strict=True):
            name.setEnabled(kind.currentIndex() == 0)

    def set_seat(self, seat: int, bot: str | None, name: str = "") -> None:
        """Choose a seat's kind (None = person) and name, as a person would."""
        index = [k for k, _, _ in SEAT_KINDS].index(bot or "")
        self.kinds[seat].setCurrentIndex(index)
        self.names[seat].setText(name)

    def setup(self) -> GameSetup:
        seats = []
        for kind, name in zip(self.kinds, self.names, strict=True):
            bot = SEAT_KINDS[kind.currentIndex()][0] or None
            seats.append(SeatChoice(name.text().strip() if bot is None else "", bot))
        return GameSetup(seats, {self.expansions_option: self.expansions()},
                         self.seed.value(), self.code_edit.text().strip())

    def retranslate(self, *_: object) -> None:
        self.setTitle(tr("New game", "新しいゲーム"))
        for seat, (kind, name, label) in enumerate(zip(self.kinds, self.names,
                                                       self.seat_labels, strict=True)):
            current = max(kind.currentIndex(), 0)
            kind.blockSignals(True)
            kind.clear()
            kind.addItems([tr(en, ja) for _, en, ja in SEAT_KINDS])
            kind.setCurrentIndex(current)
            kind.blockSignals(False)
            label.setText(tr("First player", "先手") if seat == 0 else tr("Second player",
                                                                          "後手"))
            name.setPlaceholderText(tr("name", "名前"))
        for key, en, ja in EXPANSIONS:
            self.boxes[key].setText(tr(en, ja))
        self.exp_label.setText(tr("Expansions", "拡張"))
        self.seed_label.setText(tr("Seed", "シード"))
        self.dice_button.setText(tr("New seed", "シードを変える"))
        self.start_button.setText(tr("Start", "開始"))
        self.code_label.setText(tr("Setup code", "準備コード"))
        self.code_edit.setPlaceholderText(tr(
            "optional: play the board of a table setup (its expansions)",
            "任意: 卓上の準備と同じボードで遊ぶ(拡張もコードのとおり)"))
        self._seat_changed()
