"""Helpers for the registry's hooks (`GameInfo.new_state`, `evaluate`, `extras`).

- `lazy(path, *bound)`: a hook that imports its module only when first called, so that loading
  the registry (and the app's start) does not import every game's engine, printing and bots.
- `finished_play(play, game_id, lang)`: a saved play replayed to its end, with the seats' names
  and the date, for a game's `extras["play_sheets"]`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where used: the registry loads this module at start-up
    from companion.core.record import Game
    from companion.history import PlayRecord


def lazy(path: str, *bound: Any) -> Callable[..., Any]:
    """The function at `path` ("package.module.name"), imported on the first call (then kept),
    with `bound` arguments put first."""
    module, _, name = path.rpartition(".")
    found: list[Callable[..., Any]] = []

    def call(*args: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*bound, *args)

    call.__qualname__ = call.__name__ = name
    return call


def finished_play(play: PlayRecord, game_id: str, lang: str,
                  ) -> tuple[Game, list[str], list[tuple[str, str]]] | None:
    """A saved play of `game_id` replayed to its end, with the seats' names and the date (and
    id) for a result sheet; None when the play has no finished record of that game."""
    from companion.core.record import Game, GameRecord
    from companion.export.pdf import label
    from companion.export.sheets import format_when
    from companion.table.log import names_or_seats

    if not play.record or not play.record.get("moves"):
        return None
    record = GameRecord.from_dict(play.record)
    if record.game_id != game_id:
        return None
    game = Game.replay(record)
    if not game.state.is_over():
        return None
    by_seat = {s.seat: s.player for s in play.seats}
    names = names_or_seats([by_seat.get(i, "") for i in range(record.num_players)],
                           record.num_players, lang)
    meta = [(label("date", lang), format_when(play.started_at))]
    if play.id is not None:
        meta.append(("#", str(play.id)))
    return game, names, meta


def module_hooks(package: str, game_id: str, *names: str) -> dict[str, Callable[..., Any]]:
    """The registry hooks of a game package laid out by module, each imported when first
    called: ``bench`` (`companion.games.bench.bench_figures` for two seats), ``move_text`` and
    ``end_reason`` (`texts`), ``play_sheets`` and ``blank_sheet`` (`printing`), and `names`
    from: ``playout_policy`` (`bots.playout_move`), ``table`` (`table.new_table`), ``setup``
    and ``tracker`` (`table.setup`, `table.new_tracker`)."""
    where = {"move_text": "texts.move_text", "end_reason": "texts.end_reason",
             "play_sheets": "printing.play_sheets", "blank_sheet": "printing.blank_sheets",
             "playout_policy": "bots.playout_move", "table": "table.new_table",
             "setup": "table.setup", "tracker": "table.new_tracker"}
    hooks = {"bench": lazy("companion.games.bench.bench_figures", game_id, 2)}
    for name in ("move_text", "end_reason", "play_sheets", "blank_sheet", *names):
        hooks[name] = lazy(f"{package}.{where[name]}")
    return hooks
