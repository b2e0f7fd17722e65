"""Registry entry of 連撃獣裁 (ニェックッザウプシュー): 獣裁 with repeated throws."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.registry import GameInfo, Mode
from companion.games.sticks.info_juusai import POT_OPTIONS, evaluate_pot
from companion.games.sticks.texts import TEXTS

if TYPE_CHECKING:
    from companion.core.api import GameState


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
    extras=TEXTS,
)
