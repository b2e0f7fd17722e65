"""開樽 nanto: two hidden cards, one betting orbit per deal (`rules`), the table companion
(`table`). `INFO` is the registry entry."""

from companion.games.nincetkaik.info import STAKE_CATEGORIES, STOCK_OPTION, card_game_info
from companion.games.registry import OptionKind, OptionSpec

INFO = card_game_info(
    "nanto", "開樽（ナㇺトウ）", "Nanto (Open the Barrel)", max_players=6, minutes=(15, 30),
    options=(STOCK_OPTION,
             OptionSpec("deals", "配る回数", "Deals", OptionKind.INT, 10, 1, 100)),
    score_categories=STAKE_CATEGORIES)
