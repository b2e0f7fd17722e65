"""Which widget opens for a game's Table companion and Play modes.

Each game's UI module registers its factories here (one line per game in `_VIEW_MODULES`);
the library screen asks `table_view()` / `play_view()` and never knows a game by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.context import AppContext

ViewFactory = Callable[["AppContext", str], "QWidget"]  # (context, game_id) -> widget

#: Modules that call `register_table` / `register_play` when imported.
_VIEW_MODULES: tuple[str, ...] = (
    "ui.play.sticks_view",  # Play: juusai, rengeki, shinyu
    "ui.table.sticks_table",  # Table: thrower + score sheet for the stick games
    "ui.games.sorani.views",  # Table: setup, round tracker, score pad
    "ui.games.alluvium.views",  # Table: Alluvium setup, tracker, paintable sheets
    "ui.games.etariya.views",  # Table: setup, map editor, tracker; Play: board with bots
)

_TABLE: dict[str, ViewFactory] = {}
_PLAY: dict[str, ViewFactory] = {}
_loaded = False


def register_table(game_id: str, factory: ViewFactory) -> None:
    _TABLE[game_id] = factory


def register_play(game_id: str, factory: ViewFactory) -> None:
    _PLAY[game_id] = factory


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for name in _VIEW_MODULES:
            importlib.import_module(name)


def table_view(game_id: str) -> ViewFactory | None:
    """The game's own table companion, or None (the library then offers the generic sheet)."""
    _load()
    return _TABLE.get(game_id)


def play_view(game_id: str) -> ViewFactory | None:
    _load()
    return _PLAY.get(game_id)
