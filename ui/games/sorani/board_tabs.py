"""The row of buttons above Sorani's board that chooses whose board is shown (issue 34).

A tab bar cut its tabs to "ボット · ランダム (…" with three seats at the smallest window: here
each button is named by its board (the seat's role, "Coyote", "ファースト・ウーマン": a few words
whatever name was typed), the owner's whole name is its tooltip and accessible name, and the
buttons take a second row when one row is too narrow for them, so no name is ever cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil

from PySide6.QtCore import QRect, QSize, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QPushButton, QSizePolicy, QWidget

#: Pixels between two buttons (in a row and between the rows).
SPACING = 2


@dataclass(frozen=True)
class BoardTab:
    """One seat's button: the short text shown and the whole name (tooltip, screen reader)."""

    text: str
    whole: str


class BoardTabs(QWidget):
    """Exclusive buttons, one per board, in one row where they fit or else in two."""

    chosen = Signal(int)  # the seat whose button a person clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.group.idClicked.connect(self.chosen)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(SPACING)
        self.buttons: list[QPushButton] = []
        self.columns = 0
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    # --- the tab bar's words ---------------------------------------------------------------
    def count(self) -> int:
        return len(self.buttons)

    def tabText(self, index: int) -> str:
        return self.buttons[index].text()

    def tabToolTip(self, index: int) -> str:
        return self.buttons[index].toolTip()

    def tabRect(self, index: int) -> QRect:
        return self.buttons[index].geometry()

    def currentIndex(self) -> int:
        return self.group.checkedId()

    def rows(self) -> int:
        """How many rows the buttons take now."""
        return ceil(len(self.buttons) / self.columns) if self.columns else 0

    def setCurrentIndex(self, index: int) -> None:
        if 0 <= index < len(self.buttons):
            self.buttons[index].setChecked(True)

    # --- contents ----------------------------------------------------------------------------
    def set_tabs(self, tabs: Sequence[BoardTab]) -> None:
        """One button per seat, named as `tabs` say (buttons are kept from call to call)."""
        while len(self.buttons) > len(tabs):
            button = self.buttons.pop()
            self.group.removeButton(button)
            button.deleteLater()
        while len(self.buttons) < len(tabs):
            button = QPushButton(self)
            button.setCheckable(True)
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            self.group.addButton(button, len(self.buttons))
            self.buttons.append(button)
        for button, tab in zip(self.buttons, tabs, strict=True):
            button.setText(tab.text)
            button.setToolTip(tab.whole)
            button.setAccessibleName(tab.whole)
        self.columns = 0  # arranged anew: the texts' widths changed
        self._arrange(self.width())
        self.updateGeometry()

    def columns_for(self, width: int) -> int:
        """Every button in one row when their texts fit in `width`, else half of them."""
        count = len(self.buttons)
        one_row = sum(b.sizeHint().width() for b in self.buttons) + SPACING * (count - 1)
        return count if one_row <= width else max(ceil(count / 2), 1)

    def _arrange(self, width: int) -> None:
        columns = self.columns_for(width)
        if columns == self.columns:
            return
        self.columns = columns
        for button in self.buttons:
            self.grid.removeWidget(button)
        for column in range(self.grid.columnCount()):
            self.grid.setColumnStretch(column, 0)
        for index, button in enumerate(self.buttons):
            self.grid.addWidget(button, index // columns, index % columns)
            button.show()
        for column in range(columns):
            self.grid.setColumnStretch(column, 1)

    # --- size --------------------------------------------------------------------------------
    def minimumSizeHint(self) -> QSize:
        """As narrow as two rows allow (one row is taken where there is room for it)."""
        hints = [b.sizeHint() for b in self.buttons]
        if not hints:
            return QSize(0, 0)
        columns = max(ceil(len(hints) / 2), 1)
        widest = max(h.width() for h in hints)
        return QSize(columns * widest + SPACING * (columns - 1),
                     super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(event.size().width())
