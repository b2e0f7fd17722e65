"""The 六裁 table companion: a game on the physical board followed by the engine — the throws
typed in (or thrown by the app's six sticks, or its die), the mirrored pieces on the board, the
per-player tally of cups or penalty points, 牛行; Undo/Redo, Save to history, and Print: the
board at playing size (squares of 3 cm)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.netxiju.moves import DIE_FACES, STICKS
from companion.games.netxiju.table import roll_die, throw
from companion.games.netxiju.texts import turn_text
from companion.table.log import TableLog
from ui.context import AppContext
from ui.games.netxiju.board_widget import NetxijuBoard
from ui.games.netxiju.tally import TallyTable
from ui.i18n import language, tr
from ui.play.widgets import isolate, words
from ui.table.frame import TablePage
from ui.table.log_tab import EngineLogTab, engine_table_view


class NetxijuLogTab(EngineLogTab):
    """The race at the table: throws in, tally out."""

    title = ("Race and tally", "競走と集計")
    sticks = STICKS
    board_sheet_at = "companion.games.netxiju.printing.board_sheet"

    def is_throw_time(self, state: Any) -> bool:
        return not state.is_chance() and not state.is_over()

    def throw_values(self, state: Any) -> range:
        return range(1, DIE_FACES + 1) if state.uses_die else range(STICKS + 1)

    def enter_throw(self, log: TableLog, value: int) -> TableLog:
        return throw(log, value)

    def app_throw(self, state: Any) -> tuple[tuple[bool, ...] | None, int]:
        if state.uses_die:
            return None, roll_die(self.rng)
        return super().app_throw(state)

    def refresh(self) -> None:
        super().refresh()
        self.thrown.setVisible(not self.log.state().uses_die)  # type: ignore[attr-defined]

    def turn_text(self, state: Any, names: Sequence[str]) -> str:
        who = isolate(names[state.mover])
        now = tr(f"{who} throws.", f"{who} さんが投げる番です。")
        if state.last is None:
            return now
        return turn_text(state.last, names, state.options, language().code) + " " + now


def table_view(ctx: AppContext | None, game_id: str = "netxiju") -> TablePage:
    tally = words(TallyTable(), "Tally", "集計", "setAccessibleName")
    return engine_table_view(ctx, game_id, NetxijuLogTab, NetxijuBoard(), tally)
