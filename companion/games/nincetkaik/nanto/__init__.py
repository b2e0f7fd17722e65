"""開樽 nanto: two hidden cards, one betting orbit per deal (`rules`), the table companion
(`table`). `INFO` is the registry entry."""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.nincetkaik.info import card_game_extras
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
        OptionSpec("stock", "初期点棒", "Starting points", OptionKind.INT, 40, 5, 999),
        OptionSpec("deals", "配る回数", "Deals", OptionKind.INT, 10, 1, 100),
    ),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=(
        ("start", "初期点棒", "Starting points"),
        ("pots", "獲得した場", "Pots won"),
        ("stakes", "参加料・賭け", "Fees and bets"),
    ),
    rules="nanto",
    extras=card_game_extras("nanto"),
)
