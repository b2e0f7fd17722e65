"""The 連船之遊 table companion: the tracker of ships, resources and points for a game on the
physical board — the throw typed in (or thrown by the app's five sticks), the action picked from
those the engine allows with it; the board mirrors every ship and marker, the tracker every
stock and cargo; Undo/Redo, Save to history, and Print: the board at playing size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.chance import STICKS
from companion.games.tudepijume.table import throw
from companion.games.tudepijume.texts import turn_text
from companion.table.log import TableLog
from ui.context import AppContext
from ui.games.tudepijume.board_widget import TudeBoard
from ui.games.tudepijume.fleets import FleetTable
from ui.i18n import language, tr
from ui.play.widgets import isolate, words
from ui.table.frame import TablePage
from ui.table.log_tab import EngineLogTab, engine_table_view


class TudeLogTab(EngineLogTab):
    """Ships, resources and points at the table."""

    title = ("Ships, resources, points", "船・資源・得点")
    sticks = STICKS
    board_sheet_at = "companion.games.tudepijume.printing.board_sheet"

    def is_throw_time(self, state: Any) -> bool:
        return bool(state.is_chance())

    def throw_values(self, state: Any) -> range:
        return range(STICKS + 1)

    def enter_throw(self, log: TableLog, value: int) -> TableLog:
        return throw(log, value)

    def turn_text(self, state: Any, names: Sequence[str]) -> str:
        who = isolate(names[state.mover])
        lang = language().code
        last = "" if state.last is None else turn_text(state.last, names, lang) + " "
        if state.is_chance():
            return last + tr(f"{who} throws the sticks.", f"{who} さんが投げる番です。")
        return last + tr(f"{who} threw {state.cast}: what did they do?",
                         f"{who} さんの出目は {state.cast}。行動は?")


def table_view(ctx: AppContext | None, game_id: str = "tudepijume") -> TablePage:
    fleets = words(FleetTable(), "Ships and stocks", "船と資源", "setAccessibleName")
    return engine_table_view(ctx, game_id, TudeLogTab, TudeBoard(), fleets)
