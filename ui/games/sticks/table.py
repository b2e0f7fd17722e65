"""The table companion page of the stick games: the stick thrower (for the sticks on the
table) and the score sheet (for the points at the end), as two tabs of the shared page."""

from __future__ import annotations

from ui.context import AppContext
from ui.games.sticks.thrower_view import ThrowerView
from ui.table.frame import TablePage
from ui.table.score_sheet import ScoreSheetTab


def sticks_table_view(ctx: AppContext | None, game_id: str) -> TablePage:
    page = TablePage(ctx, game_id)
    page.add_tab(ThrowerView(page))
    page.add_tab(ScoreSheetTab(page))
    return page
