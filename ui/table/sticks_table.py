"""The table companion page of the stick games: the stick thrower and the score sheet side
by side (the thrower for the sticks on the table, the sheet for the points at the end)."""

from __future__ import annotations

from PySide6.QtWidgets import QSplitter, QWidget

from ui.context import AppContext
from ui.table.score_sheet import ScoreSheetWidget
from ui.table.thrower_view import ThrowerView

GAME_IDS = ("juusai", "rengeki", "shinyu")


class SticksTablePage(QSplitter):
    """Thrower (left) and generic score sheet (right)."""

    def __init__(self, ctx: AppContext | None, game_id: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game_id = game_id
        self.thrower = ThrowerView(self)
        self.sheet = ScoreSheetWidget(ctx, game_id, parent=self)
        self.addWidget(self.thrower)
        self.addWidget(self.sheet)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 1)


def sticks_table_view(ctx: AppContext, game_id: str) -> QWidget:
    return SticksTablePage(ctx, game_id)


def _register() -> None:
    from ui.views import register_table

    for game_id in GAME_IDS:
        register_table(game_id, sticks_table_view)


_register()
