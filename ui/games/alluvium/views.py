"""Registers the Alluvium screens with `ui.views`."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ui.context import AppContext


def table_view(ctx: AppContext, game_id: str) -> QWidget:
    from ui.games.alluvium.table_page import AlluviumTablePage

    return AlluviumTablePage(ctx, game_id)


def play_view(ctx: AppContext, game_id: str) -> QWidget:
    from ui.games.alluvium.play_view import AlluviumPlayView

    return AlluviumPlayView(ctx, game_id)


def _register() -> None:
    from ui.views import register_play, register_table

    register_table("alluvium", table_view)
    register_play("alluvium", play_view)


_register()
