"""Registers the Alluvium screens with `ui.views`."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ui.context import AppContext


def table_view(ctx: AppContext, game_id: str) -> QWidget:
    from ui.games.alluvium.table_page import AlluviumTablePage

    return AlluviumTablePage(ctx, game_id)


def _register() -> None:
    from ui.views import register_table

    register_table("alluvium", table_view)


_register()
