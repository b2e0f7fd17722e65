"""終季 taxot: draw and discard to a six-card winning hand, over several seasons (`rules`,
`scoring`), the table companion (`table`). `INFO` is the registry entry."""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.nincetkaik.info import card_game_extras
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.nincetkaik.taxot.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.nincetkaik.bots import evaluate_taxot

    return evaluate_taxot(state, seat)


INFO = GameInfo(
    id="taxot",
    name_ja="終季（タショッ）",
    name_en="Taxot (Season's End)",
    min_players=2,
    max_players=4,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(30, 45),
    options=(
        OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 4, 1, 20),
        OptionSpec("light", "光(任意ルール)", "Light indicators (optional rule)",
                   OptionKind.BOOL, False),
    ),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=(
        ("seasons", "終季の支払い", "Season payments"),
        ("calls", "開", "Calls (開)"),
        ("four_sets", "四友", "Four-sets (四友)"),
    ),
    rules="taxot",
    extras=card_game_extras("taxot"),
)
