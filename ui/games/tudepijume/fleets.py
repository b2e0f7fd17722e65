"""The 連船之遊 tracker as a table: per player the start stock 始, the goal stock 終, and each
ship's square and cargo ("7 · 5": on square 7 carrying 5; 始/終 for the start and the goal; "—"
for a ship not built yet). The digital game's side panel and the table companion show it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from companion.games.tudepijume.board import GOAL, SHIP_MARKS, START
from companion.games.tudepijume.table import FleetRow, ShipRow, fleet_rows
from ui.i18n import tr
from ui.play.seat_table import SeatTable


def ship_text(ship: ShipRow) -> str:
    if not ship.built:
        return "—"
    where = {START: "始", GOAL: "終"}.get(ship.place, str(ship.place))
    return f"{where} · {ship.cargo}"


class FleetTable(SeatTable):
    """One row per player; `show_state(state, names)` fills it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, bold_column=1)
        self.rows: list[FleetRow] = []

    def show_state(self, state: Any, names: Sequence[str]) -> None:
        self.rows = fleet_rows(state, list(names))
        columns = [("始", tr("Start stock (始)", "スタートの資源")),
                   ("終", tr("Goal stock (終)", "ゴールの資源")),
                   *((tr("I" * n, f"船{SHIP_MARKS[n]}"),
                      tr(f"Ship {'I' * n}: square · cargo (始 start, 終 goal)",
                         f"船{SHIP_MARKS[n]}: マス · 積み荷")) for n in (1, 2, 3))]
        self.fill(columns, [(row.seat, row.name,
                             [str(row.start_stock), str(row.goal_stock),
                              *(ship_text(ship) for ship in row.ships)])
                            for row in self.rows])
