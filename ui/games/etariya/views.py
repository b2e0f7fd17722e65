"""Registers the Etariya screens with `ui.views` (table companion and digital play)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ui.context import AppContext


def table_view(ctx: AppContext, game_id: str) -> QWidget:
    from ui.games.etariya.table_page import EtariyaTablePage

    return EtariyaTablePage(ctx, game_id)


def play_view(ctx: AppContext, game_id: str) -> QWidget:
    from ui.games.etariya.play_view import EtariyaPlayView

    return EtariyaPlayView(ctx, game_id)


def _register() -> None:
    from ui.views import register_play, register_table

    register_table("etariya", table_view)
    register_play("etariya", play_view)


_register()
