"""Which widget opens for a game's Table companion and Play modes.

Each game's screens live in `ui/games/<game>/`; its `views` module registers them here
(`register_screens`, one line per game in `_VIEW_MODULES`). The library screen asks
`table_view()` / `play_view()` and never knows a game by name.
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
    "ui.games.sticks.views",  # Table: thrower + score sheet; Play: juusai, rengeki, shinyu
    "ui.games.sorani.views",  # Table: setup, round tracker, score pad; Play (reconstruction)
    "ui.games.alluvium.views",  # Table: Alluvium setup, tracker, paintable sheets
    "ui.games.etariya.views",  # Table: setup, map editor, tracker; Play: board with bots
    "ui.games.cetkaik.views",  # Table: hand calculator, ledger, sticks, print; Play: board
    "ui.games.nincetkaik.views",  # 紙机戦 card games: Table: deal aid, calculator, ledger; Play
    "ui.games.netxiju.views",  # Table: race followed from the throws, tally; Play: the track
    "ui.games.tudepijume.views",  # Table: ships, resources, points; Play: board and tracks
    "ui.games.mokzo.views",  # Table: deal aid, tracker, card effects; Play: road, hands, cards
    "ui.games.equilibrium.views",  # Table: setup code, turn tracker, result; Play: city column
)

_TABLE: dict[str, ViewFactory] = {}
_PLAY: dict[str, ViewFactory] = {}
_loaded = False


def register_table(game_id: str, factory: ViewFactory) -> None:
    _TABLE[game_id] = factory


def register_play(game_id: str, factory: ViewFactory) -> None:
    _PLAY[game_id] = factory


def register_screens(game_ids: tuple[str, ...], *, table: str | None = None,
                     play: str | None = None) -> None:
    """Register factories named "module:function"; the module is imported on first use, so
    that the library opens without loading every game's screens."""
    for factory, register in ((table, register_table), (play, register_play)):
        if factory is not None:
            for game_id in game_ids:
                register(game_id, _lazy(factory))


def _lazy(name: str) -> ViewFactory:
    module_name, function = name.split(":")

    def make(ctx: AppContext, game_id: str) -> QWidget:
        widget: QWidget = getattr(importlib.import_module(module_name), function)(ctx, game_id)
        return widget

    make.__module__ = module_name  # the module that builds it (see `play_view_module`)
    return make


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


def play_view_module(game_id: str) -> str | None:
    """The module of the game's play view, which a game's first Start imports (with the
    game's engine and the play frame); None when the game has no play view."""
    factory = play_view(game_id)
    return None if factory is None else factory.__module__
