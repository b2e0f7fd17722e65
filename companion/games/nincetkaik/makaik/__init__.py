"""値戦 makaik: three cards each and shared cards, an exchange and three betting rounds
(`rules`), the table companion (`table`). `INFO` is the registry entry."""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.nincetkaik.info import STAKE_CATEGORIES, card_game_extras, stock_option
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.nincetkaik.makaik.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.nincetkaik.bots import evaluate_makaik

    return evaluate_makaik(state, seat)


INFO = GameInfo(
    id="makaik",
    name_ja="値戦（マㇰカイㇰ）",
    name_en="Makaik (Points Battle)",
    min_players=2,
    max_players=6,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(20, 40),
    options=(
        stock_option(),
        OptionSpec("hands", "勝負の回数", "Hands", OptionKind.INT, 6, 1, 100),
    ),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=STAKE_CATEGORIES,
    rules="makaik",
    extras=card_game_extras("makaik"),
)
