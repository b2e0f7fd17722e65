"""Registry entry of Sorani (ソラニ): table companion, digital play on the app's own
reconstruction of the components, rules. Every hook imports its module only when called, so
that the registry loads nothing heavy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.hooks import lazy
from companion.games.registry import GameInfo, Mode
from companion.games.sorani.categories import CATEGORIES

_PACKAGE = "companion.games.sorani"


def _hook(path: str) -> Callable[..., Any]:
    return lazy(f"{_PACKAGE}.{path}")


def _extras() -> dict[str, Any]:
    # score_file: (text, as_json) -> the `companion score sorani` report
    # blank_sheet / play_sheets: the blank score pad, the filled pad of a play (PDF)
    # playout_policy, playout, candidates, horizon, estimate: the search's hooks
    # (companion/games/sorani/bots.py, companion/bots/mcts.py)
    # move_text / end_reason: a recorded move, the engine's end reason in ja/en
    # bench: (quick) -> figures for `companion bench`
    return {"score_file": _hook("notation.score_text"),
            "blank_sheet": _hook("printing.blank_sheets"),
            "play_sheets": _hook("board_sheet.play_sheets"),
            "playout_policy": _hook("bots.playout_move"), "playout": _hook("bots.playout"),
            "candidates": _hook("bots.candidates"), "horizon": _hook("bots.horizon"),
            "estimate": _hook("bots.estimate"), "move_text": _hook("texts.move_text"),
            "end_reason": _hook("texts.end_reason"), "bench": _hook("bench.quick_figures")}


INFO = GameInfo(
    id="sorani",
    name_ja="ソラニ",
    name_en="Sorani",
    min_players=1,
    max_players=4,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="sorani",
    minutes=(45, 60),
    new_state=_hook("rules.new_state"),
    evaluate=_hook("bots.evaluate"),
    score_categories=CATEGORIES,
    rules="sorani",
    extras=_extras(),
)
