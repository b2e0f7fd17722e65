"""A read-only table with one row per seat — the name in the seat's colour (cut with "…" when
long, whole in the tooltip) and the game's figures in short columns with their full titles as
tooltips — for a game's tally in its side panel or on its table page. `RowsTable` draws such a
table from an engine state, with a row per seat the game's table module makes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from ui.play.palette import palette_events
from ui.play.pieces import seat_colour, text_colour

#: The widest a name may be before it is cut.
NAME_WIDTH = 90


def put_text(table: QTableWidget, row: int, column: int, text: str,
             align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter) -> QTableWidgetItem:
    """Show `text` in a cell, reusing its item: a refresh after every move then only repaints
    the cells whose text changed (a new item per cell re-lays the whole table out)."""
    item = table.item(row, column)
    if item is None:
        item = QTableWidgetItem()
        item.setTextAlignment(align)
        table.setItem(row, column, item)
    if item.text() != text:
        item.setText(text)
    return item


def put_headers(table: QTableWidget, labels: Sequence[str]) -> None:
    """Set the column titles only when they differ from those shown."""
    shown = [table.horizontalHeaderItem(c) for c in range(table.columnCount())]
    if [item.text() if item is not None else None for item in shown] != list(labels):
        table.setColumnCount(len(labels))
        table.setHorizontalHeaderLabels(list(labels))


def name_headers(table: QTableWidget, names: Sequence[str]) -> None:
    """Players' names as the column titles of a ledger: a name too long for its column is cut
    in the middle ("Bot · …dy (2)", so two computers of one kind stay apart; Qt's default cut
    both ends off a centred title), and its title's tooltip has it whole."""
    table.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideMiddle)
    table.setColumnCount(len(names))
    table.setHorizontalHeaderLabels(list(names))
    for column, name in enumerate(names):
        item = table.horizontalHeaderItem(column)
        if item is not None:
            item.setToolTip(name)


class SeatTable(QTableWidget):
    """`fill(columns, rows)`: columns are (short title, tooltip), rows (seat, name, values)."""

    def __init__(self, parent: QWidget | None = None, bold_column: int = -1,
                 fit: bool = True) -> None:
        """`fit`: never narrower than the figures (off where a column holds free text)."""
        super().__init__(parent)
        self.bold_column, self.fit = bold_column, fit
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.verticalHeader().setDefaultSectionSize(24)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(30)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        names = self.verticalHeader()
        names.setMaximumWidth(NAME_WIDTH)
        names.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setMinimumHeight(90)
        self._seats: list[int] = []
        palette_events().changed.connect(self._colour_heads)  # a new palette: at once

    def fill(self, columns: Sequence[tuple[str, str]],
             rows: Sequence[tuple[int, str, Sequence[str]]]) -> None:
        self.setColumnCount(len(columns))
        self.setHorizontalHeaderLabels([title for title, _tip in columns])
        for index, (_title, tip) in enumerate(columns):
            item = self.horizontalHeaderItem(index)
            if item is not None:
                item.setToolTip(tip)
        self.setRowCount(len(rows))
        # the seat's number too, as its pieces show it: the row's colour is not the only cue
        self.setVerticalHeaderLabels([f"{seat + 1} {name}" for seat, name, _values in rows])
        for r, (_seat, name, values) in enumerate(rows):
            for c, value in enumerate(values):
                self._set(r, c, value)
            head = self.verticalHeaderItem(r)
            if head is not None:
                head.setToolTip(name)
        self._seats = [seat for seat, _name, _values in rows]
        self._colour_heads()
        if self.fit:
            self._fit_width()

    def _colour_heads(self, *_: object) -> None:
        """Each row's name on its seat's colour, in the palette in use."""
        for row, seat in enumerate(self._seats):
            head = self.verticalHeaderItem(row)
            if head is not None:
                head.setBackground(QBrush(seat_colour(seat)))
                head.setForeground(QBrush(text_colour(seat)))

    def _fit_width(self) -> None:
        """Never narrower than its figures (the names may be cut, the figures not)."""
        metrics = self.fontMetrics()

        def width(item: QTableWidgetItem | None) -> int:
            return metrics.horizontalAdvance(item.text()) if item is not None else 0

        names = min(NAME_WIDTH, max((width(self.verticalHeaderItem(r)) + 12
                                     for r in range(self.rowCount())), default=40))
        columns = sum(max([width(self.horizontalHeaderItem(c))]
                          + [width(self.item(r, c)) for r in range(self.rowCount())]) + 14
                      for c in range(self.columnCount()))
        self.setMinimumWidth(names + columns + 2 * self.frameWidth() + 4)

    def _set(self, row: int, column: int, text: str) -> None:
        item = self.item(row, column)
        if item is None:
            item = QTableWidgetItem()
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if column == self.bold_column:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            self.setItem(row, column, item)
        item.setText(text)


class RowsTable(SeatTable):
    """A seat table drawn from an engine state: `show_state(state, names)` asks the game for a
    row per seat (`rows_of`: objects with `seat` and `name`), the columns (`columns_for`) and a
    row's cells (`cells_of`)."""

    def __init__(self, parent: QWidget | None = None, bold_column: int = 1) -> None:
        super().__init__(parent, bold_column=bold_column)
        self.rows: Sequence[Any] = []

    def show_state(self, state: Any, names: Sequence[str]) -> None:
        self.rows = self.rows_of(state, list(names))
        self.fill(self.columns_for(state),
                  [(row.seat, row.name, self.cells_of(row)) for row in self.rows])

    def rows_of(self, state: Any, names: list[str]) -> Sequence[Any]:
        raise NotImplementedError

    def columns_for(self, state: Any) -> list[tuple[str, str]]:
        """(short title, tooltip) per column."""
        raise NotImplementedError

    def cells_of(self, row: Any) -> list[str]:
        raise NotImplementedError
