"""Registry entry of 古机戦 (ズィアーセッカイㇰ), the old game: no 皇, no sticks, no hands;
capture the enemy 王 (cetkaik.md §2.5, 3.6). Its own engine (`old`) on the modern game's
board, pieces and notation; its own registry id keeps its plays apart in the statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.cetkaik import extras_for
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

if TYPE_CHECKING:
    from companion.core.api import GameState

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("swap", "車と獣を入れ替えた初期配置", "車 and 獣 swapped at the start",
               OptionKind.BOOL, False),
    OptionSpec("ranging", "走る駒", "Which pieces range", OptionKind.CHOICE, "both",
               choices=("both", "chariot", "neither"),
               choice_labels=(("車と獣が走る", "車 and 獣"), ("車だけが走る", "車 only"),
                              ("どちらも走らない(1マス)", "neither (one square)"))),
    OptionSpec("water_lines", "水を越えて走れるか", "Ranging across the water",
               OptionKind.CHOICE, "pass", choices=("pass", "blocked"),
               choice_labels=(("越えられる(止まれない)", "passes over it (no stop there)"),
                              ("水の手前で止まる", "stops in front of it"))),
    OptionSpec("move_limit", "引き分けまでの手数", "Turns before a draw", OptionKind.INT, 300,
               minimum=40, maximum=2000),
)


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.cetkaik.old import new_old_state

    return new_old_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.cetkaik.bots import evaluate_old

    return evaluate_old(state, seat)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.cetkaik.bots import playout_move_old

    return playout_move_old(state, rng)


def _candidates(state: GameState) -> list[Any]:
    from companion.games.cetkaik.bots import candidates_old

    return candidates_old(state)


def _estimate(state: GameState) -> tuple[float, float]:
    from companion.games.cetkaik.bots import estimate_old

    return estimate_old(state)


INFO = GameInfo(
    id="cetkaik_old",
    name_ja="古机戦",
    name_en="Old Cetkaik",
    min_players=2,
    max_players=2,
    modes=frozenset({Mode.PLAY, Mode.RULES, Mode.TABLE}),
    family="lanerme",
    minutes=(20, 60),
    options=OPTIONS,
    new_state=_new,
    evaluate=_evaluate,
    score_categories=(("captured", "取った駒", "Pieces taken"),),
    rules="cetkaik_old",
    extras={**extras_for("old"), "playout_policy": _playout_policy, "candidates": _candidates,
            "estimate": _estimate},
)
