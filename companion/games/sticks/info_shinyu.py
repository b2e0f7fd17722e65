"""Registry entry of 新遊 (ルートゥー): bets on a number, the banker throws."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec
from companion.games.sticks.texts import TEXTS

if TYPE_CHECKING:
    from companion.core.api import GameState


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.sticks.shinyu import ShinyuState

    return ShinyuState.start(num_players, options)


def evaluate_shinyu(state: GameState, seat: int) -> float:
    from companion.games.sticks.shinyu import evaluate_shinyu as evaluate

    return evaluate(state, seat)


INFO = GameInfo(
    id="shinyu",
    name_ja="新遊（ルートゥー）",
    name_en="Shinyu (Number Bets)",
    min_players=2,
    max_players=6,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(10, 20),
    options=(
        OptionSpec("start_points", "初期点棒", "Starting points", OptionKind.INT, 20, 1, 999),
        OptionSpec("max_bet", "賭け金の上限", "Largest bet", OptionKind.INT, 3, 1, 99),
        OptionSpec("rotate_banker", "親を毎ラウンド交代", "Banker passes on each round",
                   OptionKind.BOOL, True),
        OptionSpec("laps", "親の周回数", "Times round the table", OptionKind.INT, 2, 1, 50),
    ),
    new_state=_new,
    evaluate=evaluate_shinyu,
    rules="shinyu",
    extras=TEXTS,
)
