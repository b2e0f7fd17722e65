"""The players of a game at the table: how many (within the game's range), a name per seat
beside the seat's colour, and room for the game's own options. Tabs of a table page share it
(the page's header) or hold their own."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import tr
from ui.play.pieces import seat_colour, text_colour
from ui.play.widgets import words

#: Name fields per row.
PER_ROW = 2


class PlayersBox(QGroupBox):
    """`count()`, `names()` (as typed, stripped); `add_row(label, widget)` for an option."""

    count_changed = Signal(int)
    names_changed = Signal()

    def __init__(self, low: int, high: int, parent: QWidget | None = None,
                 start: int = 3) -> None:
        super().__init__(parent)
        words(self, "Players", "プレイヤー", "setTitle")
        self.players = QSpinBox(self)
        self.players.setObjectName("table_players")
        self.players.setRange(low, high)
        self.players.setValue(max(low, min(high, start)))
        self.players.valueChanged.connect(self._count_changed)
        self.edits: list[QLineEdit] = []
        self.swatches: list[QLabel] = []
        grid = QGridLayout()
        for seat in range(high):
            swatch = QLabel(str(seat + 1), self)
            swatch.setAlignment(Qt.AlignmentFlag.AlignCenter)
            swatch.setFixedWidth(24)
            swatch.setStyleSheet(f"QLabel {{ background: {seat_colour(seat).name()}; color: "
                                 f"{text_colour(seat).name()}; border-radius: 4px; "
                                 "font-weight: bold; }")
            edit = words(QLineEdit(self), "name", "名前", "setPlaceholderText")
            edit.setObjectName(f"table_name:{seat}")
            edit.textChanged.connect(lambda _t: self.names_changed.emit())
            grid.addWidget(swatch, seat // PER_ROW, (seat % PER_ROW) * 2)
            grid.addWidget(edit, seat // PER_ROW, (seat % PER_ROW) * 2 + 1)
            self.swatches.append(swatch)
            self.edits.append(edit)
        self.form = QFormLayout()
        self.form.addRow(words(QLabel(self), "Players", "人数"), self.players)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addLayout(grid)
        self._show_fields()

    def add_row(self, label: QLabel, widget: QWidget) -> None:
        self.form.addRow(label, widget)

    def count(self) -> int:
        return self.players.value()

    def set_count(self, count: int) -> None:
        """Show `count` seats without announcing it (an undo restores a count)."""
        self.players.blockSignals(True)
        self.players.setValue(count)
        self.players.blockSignals(False)
        self._show_fields()

    def names(self) -> tuple[str, ...]:
        return tuple(edit.text().strip() for edit in self.edits[:self.count()])

    def names_problem(self) -> str | None:
        """Why the names cannot go into the history yet (None: they can)."""
        names = self.names()
        if not all(names):
            return tr("Type every player's name first.", "先に全員の名前を入力してください。")
        if len(set(names)) != len(names):
            return tr("Two players have the same name.", "同じ名前のプレイヤーがいます。")
        return None

    def _count_changed(self, count: int) -> None:
        self._show_fields()
        self.count_changed.emit(count)

    def _show_fields(self) -> None:
        for seat, (swatch, edit) in enumerate(zip(self.swatches, self.edits, strict=True)):
            swatch.setVisible(seat < self.count())
            edit.setVisible(seat < self.count())
