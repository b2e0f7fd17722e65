"""The 連船之遊 tracker as a table: per player the start stock 始, the goal stock 終, and each
ship's square and cargo ("7 · 5": on square 7 carrying 5; 始/終 for the start and the goal; "—"
for a ship not built yet). The digital game's side panel and the table companion show it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.tudepijume.board import SHIP_MARKS, place_word
from companion.games.tudepijume.table import FleetRow, ShipRow, fleet_rows
from ui.i18n import language, tr
from ui.play.seat_table import RowsTable


def ship_text(ship: ShipRow) -> str:
    """"7 · 5": on square 7 carrying 5 (始/終, start/goal in English); "—" before it is built."""
    if not ship.built:
        return "—"
    return f"{place_word(ship.place, language().code)} · {ship.cargo}"


#: The widest a ship's cell gets (a two-digit square, a two-digit cargo): the table is that
#: wide from the first move, so the board beside it keeps its size all game.
WIDEST_SHIP = "19 · 10"


class FleetTable(RowsTable):
    """One row per player (`fleet_rows`); `show_state(state, names)` fills it. Without
    `stocks` only the ships are shown (the play page's seat cards give the two stocks, and
    the narrower table leaves the board more room)."""

    def __init__(self, stocks: bool = True) -> None:
        super().__init__(bold_column=1 if stocks else -1)  # the goal stock, when shown
        self.stocks = stocks

    def fill(self, columns: Sequence[tuple[str, str]],
             rows: Sequence[tuple[int, str, Sequence[str]]]) -> None:
        super().fill(columns, rows)
        metrics = self.fontMetrics()
        widest = metrics.horizontalAdvance(WIDEST_SHIP)
        spare = 0
        for column in range(2 if self.stocks else 0, self.columnCount()):
            head = self.horizontalHeaderItem(column)
            texts = [head.text() if head is not None else ""]
            texts += [item.text() for r in range(self.rowCount())
                      if (item := self.item(r, column)) is not None]
            spare += max(0, widest - max(metrics.horizontalAdvance(t) for t in texts))
        self.setMinimumWidth(self.minimumWidth() + spare)

    def rows_of(self, state: Any, names: list[str]) -> list[FleetRow]:
        return fleet_rows(state, names)

    def columns_for(self, state: Any) -> list[tuple[str, str]]:
        stocks = [(tr("Start", "始"), tr("Start stock", "スタートの資源")),
                  (tr("Goal", "終"), tr("Goal stock", "ゴールの資源"))] if self.stocks else []
        return [*stocks,
                *((tr("I" * n, f"船{SHIP_MARKS[n]}"),
                   tr(f"Ship {'I' * n}: square · cargo",
                      f"船{SHIP_MARKS[n]}: マス · 積み荷")) for n in (1, 2, 3))]

    def cells_of(self, row: FleetRow) -> list[str]:
        stocks = [str(row.start_stock), str(row.goal_stock)] if self.stocks else []
        return [*stocks, *(ship_text(ship) for ship in row.ships)]
