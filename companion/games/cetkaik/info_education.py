"""Registry entry of 教育机戦 (トゥイヌイセッカイㇰ), the learners' 机戦: the 5 × 7 board, ten
pieces a side (no 虎, 馬, 筆), four hands, 10 points each at the start (cetkaik.md §1.4, 2.4,
5.2). The same engine as 標準机戦 (`rules`, variant ``education``); its own registry id keeps
its plays apart from the standard game's in the history and the statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.cetkaik import SCORE_CATEGORIES, SEASONS, TAM_OPTIONS, extras_for
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

if TYPE_CHECKING:
    from companion.core.api import GameState

OPTIONS: tuple[OptionSpec, ...] = (
    SEASONS,
    OptionSpec("start_points", "開始時の持ち点(各)", "Points each at the start", OptionKind.INT,
               10, minimum=5, maximum=20),
    *TAM_OPTIONS,
)


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.cetkaik.rules import new_state

    return new_state(num_players, {**options, "variant": "education"})


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.cetkaik.bots import evaluate

    return evaluate(state, seat)


INFO = GameInfo(
    id="cetkaik_education",
    name_ja="教育机戦",
    name_en="Cetkaik for learners",
    min_players=2,
    max_players=2,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(15, 40),
    options=OPTIONS,
    new_state=_new,
    evaluate=_evaluate,
    score_categories=SCORE_CATEGORIES,
    rules="cetkaik_education",
    extras=extras_for("education"),
)
