"""Registry entry of 獣裁 (ザウプシュー, "foolish sticks")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec
from companion.games.sticks.texts import TEXTS

if TYPE_CHECKING:
    from companion.core.api import GameState

POT_OPTIONS = (
    OptionSpec("start_points", "初期点棒", "Starting points", OptionKind.INT, 20, 1, 999),
    OptionSpec("stake", "1ラウンドの賭け金", "Stake per round", OptionKind.INT, 1, 1, 99),
    OptionSpec("rounds", "ラウンド数", "Rounds", OptionKind.INT, 10, 1, 999),
)


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.sticks.pot import JuusaiState  # engines load when a game starts

    return JuusaiState.start(num_players, options)


def evaluate_pot(state: GameState, seat: int) -> float:
    from companion.games.sticks.evaluation import evaluate_pot as evaluate

    return evaluate(state, seat)


INFO = GameInfo(
    id="juusai",
    name_ja="獣裁（ザウプシュー）",
    name_en="Juusai (Foolish Sticks)",
    min_players=2,
    max_players=6,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(5, 15),
    options=POT_OPTIONS,
    new_state=_new,
    evaluate=evaluate_pot,
    rules="juusai",
    extras=TEXTS,
)
