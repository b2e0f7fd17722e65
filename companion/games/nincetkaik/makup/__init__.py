"""値木 makup: adding card numbers onto roads, for beginners (`rules`), the table companion
(`table`). `INFO` is the registry entry."""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.nincetkaik.info import card_game_extras
from companion.games.registry import GameInfo, Mode


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.nincetkaik.makup.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.nincetkaik.bots import evaluate_makup

    return evaluate_makup(state, seat)


INFO = GameInfo(
    id="makup",
    name_ja="値木（マㇰホㇷ゚）",
    name_en="Makup (Number Roads)",
    min_players=2,
    max_players=6,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(10, 15),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=(("cards_left", "残り札", "Cards left"),),
    rules="makup",
    extras=card_game_extras("makup"),
)
