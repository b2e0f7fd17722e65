"""終季 taxot: draw and discard to a six-card winning hand, over several seasons (`rules`,
`scoring`), the table companion (`table`). `INFO` is the registry entry."""

from companion.games.nincetkaik.info import card_game_info
from companion.games.registry import OptionKind, OptionSpec

INFO = card_game_info(
    "taxot", "終季（タショッ）", "Taxot (Season's End)", max_players=4, minutes=(30, 45),
    options=(
        OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 4, 1, 20),
        OptionSpec("light", "光(任意ルール)", "Light indicators (optional rule)",
                   OptionKind.BOOL, False),
    ),
    score_categories=(
        ("seasons", "終季の支払い", "Season payments"),
        ("calls", "開", "Calls (開)"),
        ("four_sets", "四友", "Four-sets (四友)"),
    ))
