"""連船之遊 (ネカナモカヌツ, tude-pijume): the shipping race of 『我々の遊戯』, 2–4 players.

Modules: `board` (the start, 19 squares, the goal, the tracks, geometry), `moves` (notation),
`rules` (the engine), `bots` (evaluation and playout policy), `table` (the table companion:
ships, resources and points followed from the throws and actions typed in), `printing` (the
board at playing size, the result sheet), `record` (the documented JSON record). `INFO` is the
registry entry.
"""

from __future__ import annotations

from companion.games.hooks import lazy, module_hooks
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

_PACKAGE = "companion.games.tudepijume"

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
    new_state=lazy(f"{_PACKAGE}.rules.new_state"),
    evaluate=lazy(f"{_PACKAGE}.bots.evaluate"),
    score_categories=(
        ("goal", "ゴールの資源", "Goal stock"),
        ("start", "スタートの資源", "Start stock"),
        ("cargo", "船の積み荷", "Cargo on ships"),
    ),
    rules="tudepijume",
    # bench: (quick) -> figures;  playout_policy: (state, rng) -> move (MCTS playouts)
    # move_text / end_reason: a recorded move, the end reason in ja/en
    # play_sheets / blank_sheet: result sheet, board + score sheet (PDF)
    # table: (players, names, options) -> the table companion's TableLog
    # horizon / estimate: playout steps before the race of turns left judges (MCTS)
    extras={**module_hooks(_PACKAGE, "tudepijume", "playout_policy", "table"),
            "horizon": lazy(f"{_PACKAGE}.bots.horizon"),
            "estimate": lazy(f"{_PACKAGE}.bots.estimate")},
)
