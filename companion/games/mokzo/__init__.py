"""行山 (モㇰツォ, mokzo): the card-driven race of 『我々の遊戯』 to the centre of the board,
2–4 players, with the 紙机戦 cards.

Modules: `cards` (the only module that knows the deck: switch it to the shared 紙机戦 deck
there), `board` (the route, 皇処, geometry), `moves` (notation), `rules` (the engine, hidden
hands), `effects` (the card-effect reference as data), `bots` (evaluation and playout policy),
`table` (deal aid, resource and position tracker, turn guide), `printing` (the road, the
card-effect reference, the result sheet), `record` (the documented JSON record, the log one
seat may see). `INFO` is the registry entry.
"""

from __future__ import annotations

from companion.games.hooks import lazy, module_hooks
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

_PACKAGE = "companion.games.mokzo"

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
    new_state=lazy(f"{_PACKAGE}.rules.new_state"),
    evaluate=lazy(f"{_PACKAGE}.bots.evaluate"),
    score_categories=(
        ("square", "到達マス", "Square reached"),
        ("rice", "米", "Rice (米)"),
        ("money", "銭", "Money (銭)"),
        ("placed", "設置した札", "Cards placed"),
    ),
    rules="mokzo",
    # bench: (quick) -> figures;  playout_policy: (state, rng) -> move (MCTS playouts)
    # move_text / end_reason: a recorded move, the end reason in ja/en
    # chance_text: a chance outcome as every seat may read it (cards drawn left out)
    # play_sheets / blank_sheet: result sheet; road + card reference + tracking sheet (PDF)
    # setup: (seed, players, names) -> the deal aid;  tracker: (names, first) -> MokzoTracker
    # playout: (state, rng, max_steps, use_policy) -> steps, the policy's playout made fast
    # horizon / estimate: playout steps before the worth race judges (MCTS)
    extras={**module_hooks(_PACKAGE, "mokzo", "playout_policy", "setup", "tracker"),
            "chance_text": lazy(f"{_PACKAGE}.texts.chance_text"),
            "playout": lazy(f"{_PACKAGE}.bots.playout"),
            "horizon": lazy(f"{_PACKAGE}.bots.horizon"),
            "estimate": lazy(f"{_PACKAGE}.bots.estimate")},
)
