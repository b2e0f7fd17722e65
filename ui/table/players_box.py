"""The players of a game at the table: how many (within the game's range), a name per seat
beside the seat's colour, and room for the game's own options. Tabs of a table page share it
(the page's header) or hold their own."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
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

from ui.i18n import language, tr
from ui.play.palette import follow_palette
from ui.play.pieces import seat_colour, text_colour
from ui.play.widgets import ElidedLabel, isolate, words

#: Name fields per row.
PER_ROW = 2


class FoldingBox(QGroupBox):
    """A table page's players box that folds to one line once the game has begun (its
    summary and a button that opens it again), leaving the page's room to the tracker or the
    board; `TablePage.fold_players` folds and opens every one on the page. A subclass puts
    `fold_row` first in its layout, says `summary_text()` and shows its fields in `opened()`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._folded = False
        self._unfolded: list[QWidget] = []  # what showed before the box folded
        self.fold_row = QWidget(self)  # the folded box: "Players: Ann · Ben  [Change…]"
        self.summary = ElidedLabel("", self.fold_row)
        self.summary.setObjectName("players_summary")
        self.change_button = words(QPushButton(self.fold_row), "Change players…",
                                   "プレイヤーを変更…")
        self.change_button.setObjectName("players_change")
        self.change_button.clicked.connect(lambda: self.set_folded(False))
        row = QHBoxLayout(self.fold_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.summary, 1)
        row.addWidget(self.change_button)
        self.fold_row.setVisible(False)
        language().changed.connect(self.retranslate)

    def is_folded(self) -> bool:
        return self._folded

    def set_folded(self, folded: bool) -> None:
        """Fold to the summary line (True) or open to every field (False)."""
        if folded == self._folded:
            return
        self._folded = folded
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        parts = [w for w in self.findChildren(QWidget, options=direct) if w is not self.fold_row]
        if folded:
            self._unfolded = [w for w in parts if w.isVisibleTo(self)]
            for widget in self._unfolded:
                widget.setVisible(False)
        else:
            for widget in self._unfolded:
                widget.setVisible(True)
            self._unfolded = []
            self.opened()
        self.fold_row.setVisible(folded)
        self.retranslate()

    def opened(self) -> None:
        """The box opened again: show the fields its players need."""

    def summary_text(self) -> str:
        """The folded line: the players' names."""
        raise NotImplementedError

    def retranslate(self, *_: object) -> None:
        self.setTitle("" if self._folded else tr("Players", "プレイヤー"))
        self.summary.setText(self.summary_text() if self._folded else "")


def _colour_swatch(swatch: QLabel, seat: int) -> None:
    """A seat's number on its colour, in the palette in use."""
    swatch.setStyleSheet(f"QLabel {{ background: {seat_colour(seat).name()}; color: "
                         f"{text_colour(seat).name()}; border-radius: 4px; "
                         "font-weight: bold; }")


class PlayersBox(FoldingBox):
    """`count()`, `names()` (as typed, stripped); `add_row(label, widget)` for an option."""

    count_changed = Signal(int)
    names_changed = Signal()

    def __init__(self, low: int, high: int, parent: QWidget | None = None,
                 start: int = 3) -> None:
        super().__init__(parent)
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
            follow_palette(swatch, partial(_colour_swatch, swatch, seat))
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
        layout.addWidget(self.fold_row)
        layout.addLayout(self.form)
        layout.addLayout(grid)
        self._show_fields()
        self.retranslate()

    def opened(self) -> None:
        self._show_fields()

    def summary_text(self) -> str:
        names = [isolate(n) for n in self.names() if n]
        if len(names) == self.count():
            return tr("Players: ", "プレイヤー: ") + " · ".join(names)
        return tr(f"{self.count()} players", f"{self.count()} 人")

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
