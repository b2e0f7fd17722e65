"""Registry entry of 連撃獣裁 (ニェックッザウプシュー): 獣裁 with repeated throws."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.hooks import lazy
from companion.games.registry import GameInfo, Mode
from companion.games.sticks.info_juusai import POT_OPTIONS, evaluate_pot
from companion.games.sticks.texts import TEXTS

if TYPE_CHECKING:
    from companion.core.api import GameState


_BOTS = "companion.games.sticks.evaluation"


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.sticks.pot import RengekiState

    return RengekiState.start(num_players, options)


INFO = GameInfo(
    id="rengeki",
    name_ja="連撃獣裁（ニェックッザウプシュー）",
    name_en="Rengeki Juusai (Chained Sticks)",
    min_players=2,
    max_players=6,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(10, 20),
    options=POT_OPTIONS,
    new_state=_new,
    evaluate=evaluate_pot,
    rules="rengeki",
    # playout_policy / horizon / estimate: the search decides as greedy in its playouts and
    # judges the expected points soon after (companion.games.sticks.evaluation)
    extras={**TEXTS,
            "playout_policy": lazy(f"{_BOTS}.rengeki_playout_move"),
            "horizon": lazy(f"{_BOTS}.pot_horizon"),
            "estimate": lazy(f"{_BOTS}.pot_estimate")},
)
