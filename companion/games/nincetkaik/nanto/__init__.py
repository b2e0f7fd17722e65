"""開樽 nanto: two hidden cards, one betting orbit per deal (`rules`), the table companion
(`table`). `INFO` is the registry entry."""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.nincetkaik.info import STAKE_CATEGORIES, card_game_extras, stock_option
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.nincetkaik.nanto.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.nincetkaik.bots import evaluate_nanto

    return evaluate_nanto(state, seat)


INFO = GameInfo(
    id="nanto",
    name_ja="開樽（ナㇺトウ）",
    name_en="Nanto (Open the Barrel)",
    min_players=2,
    max_players=6,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(15, 30),
    options=(
        stock_option(),
        OptionSpec("deals", "配る回数", "Deals", OptionKind.INT, 10, 1, 100),
    ),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=STAKE_CATEGORIES,
    rules="nanto",
    extras=card_game_extras("nanto"),
)
