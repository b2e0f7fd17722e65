"""行山 (モㇰツォ, mokzo): the card-driven race of 『我々の遊戯』 to the centre of the board,
2–4 players, with the 紙机戦 cards.

Modules: `cards` (the only module that knows the deck: switch it to the shared 紙机戦 deck
there), `board` (the route, 皇処, geometry), `moves` (notation), `rules` (the engine, hidden
hands), `effects` (the card-effect reference as data), `bots` (evaluation and playout policy),
`table` (setup/deal aid, resource and position tracker), `printing` (the board, the card-effect
reference, the tracking sheet, the result sheet), `record` (the documented JSON record).
`INFO` is the registry entry.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.mokzo.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.mokzo.bots import evaluate

    return evaluate(state, seat)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.mokzo.bots import playout_move

    return playout_move(state, rng)


def _bench(quick: bool) -> dict[str, float]:
    from companion.games.netxiju.shared import bench_figures

    return bench_figures("mokzo", 2, quick)


def _play_sheets(play: Any, lang: str) -> Any:
    from companion.games.mokzo.printing import play_sheets

    return play_sheets(play, lang)


def _blank_sheet(players: int, names: list[str], lang: str) -> Any:
    from companion.games.mokzo.printing import blank_sheets

    return blank_sheets(players, names, lang)


def _setup(seed: int, players: int, names: list[str]) -> Any:
    from companion.games.mokzo.table import setup

    return setup(seed, players, names)


def _extras() -> dict[str, Any]:
    # bench: (quick) -> figures;  playout_policy: (state, rng) -> move (MCTS playouts)
    # play_sheets / blank_sheet: result sheet; board + card reference + tracking sheet (PDF)
    # setup: (seed, players, names) -> the deal aid for the table
    return {"bench": _bench, "playout_policy": _playout_policy, "play_sheets": _play_sheets,
            "blank_sheet": _blank_sheet, "setup": _setup}


INFO = GameInfo(
    id="mokzo",
    name_ja="行山（モㇰツォ）",
    name_en="Mokzo (Mountain Road)",
    min_players=2,
    max_players=4,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(45, 60),
    options=(
        OptionSpec("rounds", "最大ラウンド数", "Round limit", OptionKind.INT, 100, 10, 999),
    ),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=(
        ("square", "到達マス", "Square reached"),
        ("rice", "米", "Rice (米)"),
        ("money", "銭", "Money (銭)"),
        ("placed", "設置した札", "Cards placed"),
    ),
    rules="mokzo",
    extras=_extras(),
)
