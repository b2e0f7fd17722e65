"""Registry entry of Sorani (ソラニ): table companion, digital play on the app's own
reconstruction of the components, rules. Every hook imports its module only when called, so
that the registry loads nothing heavy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.registry import GameInfo, Mode
from companion.games.sorani.categories import CATEGORIES

if TYPE_CHECKING:
    from companion.core.api import GameState
    from companion.export.pdf import SheetSpec


def _score_file(text: str, as_json: bool) -> str:
    from companion.games.sorani.notation import score_text

    return score_text(text, as_json)


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.sorani.rules import new_state

    return new_state(num_players, options)


def _blank_sheet(players: int, names: list[str] | None, lang: str) -> list[SheetSpec]:
    from companion.games.sorani.printing import blank_sheets

    return blank_sheets(players, names, lang)


def _play_sheets(play: Any, lang: str) -> list[SheetSpec] | None:
    from companion.games.sorani.board_sheet import play_sheets

    return play_sheets(play, lang)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.sorani.bots import evaluate

    return evaluate(state, seat)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.sorani.bots import playout_move

    return playout_move(state, rng)


def _playout(state: GameState, rng: Any, max_steps: int, use_policy: bool) -> int:
    from companion.games.sorani.bots import playout

    return playout(state, rng, max_steps, use_policy)


def _candidates(state: GameState) -> list[Any]:
    from companion.games.sorani.bots import candidates

    return candidates(state)


def _horizon(state: GameState) -> int:
    from companion.games.sorani.bots import horizon

    return horizon(state)


def _estimate(state: GameState) -> tuple[float, ...]:
    from companion.games.sorani.bots import estimate

    return estimate(state)


def _move_text(notation: str, lang: str) -> str:
    from companion.games.sorani.texts import move_text

    return move_text(notation, lang)


def _end_reason(detail: str, lang: str) -> str:
    from companion.games.sorani.texts import end_reason

    return end_reason(detail, lang)


def _bench(quick: bool) -> dict[str, float]:
    from companion.games.sorani.bench import quick_figures

    return quick_figures(quick)


def _extras() -> dict[str, Any]:
    # score_file: (text, as_json) -> the `companion score sorani` report
    # blank_sheet / play_sheets: the blank score pad, the filled pad of a play (PDF)
    # playout_policy, playout, candidates, horizon, estimate: the search's hooks
    # (companion/games/sorani/bots.py, companion/bots/mcts.py)
    # move_text / end_reason: a recorded move, the engine's end reason in ja/en
    # bench: (quick) -> figures for `companion bench`
    return {"score_file": _score_file, "blank_sheet": _blank_sheet,
            "play_sheets": _play_sheets, "playout_policy": _playout_policy,
            "playout": _playout, "candidates": _candidates, "horizon": _horizon,
            "estimate": _estimate, "move_text": _move_text, "end_reason": _end_reason,
            "bench": _bench}


INFO = GameInfo(
    id="sorani",
    name_ja="ソラニ",
    name_en="Sorani",
    min_players=1,
    max_players=4,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="sorani",
    minutes=(45, 60),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=CATEGORIES,
    rules="sorani",
    extras=_extras(),
)
