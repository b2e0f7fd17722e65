"""連船之遊 (ネカナモカヌツ, tude-pijume): the shipping race of 『我々の遊戯』, 2–4 players.

Modules: `board` (the start, 19 squares, the goal, the tracks, geometry), `moves` (notation),
`rules` (the engine), `bots` (evaluation and playout policy), `table` (the table companion:
ships, resources and points followed from the throws and actions typed in), `printing` (the
board at playing size, the tracking sheet, the result sheet), `record` (the documented JSON
record). `INFO` is the registry entry.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.tudepijume.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.tudepijume.bots import evaluate

    return evaluate(state, seat)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.tudepijume.bots import playout_move

    return playout_move(state, rng)


def _bench(quick: bool) -> dict[str, float]:
    from companion.games.netxiju.shared import bench_figures

    return bench_figures("tudepijume", 2, quick)


def _play_sheets(play: Any, lang: str) -> Any:
    from companion.games.tudepijume.printing import play_sheets

    return play_sheets(play, lang)


def _blank_sheet(players: int, names: list[str], lang: str) -> Any:
    from companion.games.tudepijume.printing import blank_sheets

    return blank_sheets(players, names, lang)


def _table(players: int, names: list[str], options: dict[str, Any]) -> Any:
    from companion.games.tudepijume.table import new_table

    return new_table(players, names, options)


def _extras() -> dict[str, Any]:
    # bench: (quick) -> figures;  playout_policy: (state, rng) -> move (MCTS playouts)
    # play_sheets / blank_sheet: result sheet, board + tracking sheet (PDF)
    # table: (players, names, options) -> the table companion's TableLog
    return {"bench": _bench, "playout_policy": _playout_policy, "play_sheets": _play_sheets,
            "blank_sheet": _blank_sheet, "table": _table}


INFO = GameInfo(
    id="tudepijume",
    name_ja="連船之遊（ネカナモカヌツ）",
    name_en="Tude-pijume (Linked Ships)",
    min_players=2,
    max_players=4,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(45, 60),
    options=(
        OptionSpec("rounds", "最大ラウンド数", "Round limit", OptionKind.INT, 150, 10, 999),
    ),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=(
        ("goal", "ゴールの資源", "Goal stock"),
        ("start", "スタートの資源", "Start stock"),
        ("cargo", "船の積み荷", "Cargo on ships"),
    ),
    rules="tudepijume",
    extras=_extras(),
)
