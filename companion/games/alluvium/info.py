"""Registry entry of Alluvium (アルヴィウム)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.alluvium.texts import end_reason, move_text
from companion.games.registry import GameInfo, Mode

if TYPE_CHECKING:
    from companion.core.api import GameState
    from companion.export.pdf import SheetSpec


def _score_file(text: str, as_json: bool) -> str:
    from companion.games.alluvium.notation import score_text

    return score_text(text, as_json)


def _blank_sheet(players: int, names: list[str], lang: str) -> list[SheetSpec]:
    from companion.games.alluvium.printing import blank_sheets

    return blank_sheets(players, names, lang)


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.alluvium.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.alluvium.rules import evaluate

    return evaluate(state, seat)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.alluvium.bots import playout_move

    return playout_move(state, rng)


def _playout(state: GameState, rng: Any, max_steps: int, use_policy: bool) -> int:
    from companion.games.alluvium.bots import playout

    return playout(state, rng, max_steps, use_policy)


def _candidates(state: GameState) -> list[Any]:
    from companion.games.alluvium.bots import candidates

    return candidates(state)


def _horizon(state: GameState) -> int:
    from companion.games.alluvium.bots import horizon

    return horizon(state)


def _estimate(state: GameState) -> tuple[float, ...]:
    from companion.games.alluvium.bots import estimate

    return estimate(state)


def _play_sheets(play: Any, lang: str) -> list[SheetSpec] | None:
    from companion.games.alluvium.printing import play_sheets

    return play_sheets(play, lang)


def _bench(quick: bool) -> dict[str, float]:
    from companion.games.alluvium.bench import time_full_sheet_scoring

    return {"full_sheet_scoring_ms": time_full_sheet_scoring(200 if quick else 2000)}


def _extras() -> dict[str, Any]:
    # play_sheets: (PlayRecord, lang) -> filled sheets of a digital play, or None
    # bench: (quick) -> game-specific figures for `companion bench`
    # move_text / end_reason: a recorded move, the engine's end reason in ja/en
    # playout_policy, playout, candidates, horizon, estimate: the search's hooks
    # (companion/games/alluvium/bots.py, companion/bots/mcts.py)
    return {"score_file": _score_file, "blank_sheet": _blank_sheet, "play_sheets": _play_sheets,
            "bench": _bench, "move_text": move_text, "end_reason": end_reason,
            "playout_policy": _playout_policy, "playout": _playout,
            "candidates": _candidates, "horizon": _horizon, "estimate": _estimate}


INFO = GameInfo(
    id="alluvium",
    name_ja="アルヴィウム",
    name_en="Alluvium",
    min_players=3,
    max_players=5,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="alluvium",
    minutes=(20, 40),
    score_categories=(
        ("area1", "面積 1", "Area 1"),
        ("area2", "面積 2", "Area 2"),
        ("area3", "面積 3", "Area 3"),
        ("area4", "面積 4", "Area 4"),
        ("area", "面積ボーナス計", "Area bonus"),
        ("cooperation", "協力ボーナス", "Co-operation bonus"),
    ),
    new_state=_new,
    evaluate=_evaluate,
    rules="alluvium",
    extras=_extras(),
)
