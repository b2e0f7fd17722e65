"""値戦 makaik: three cards each and shared cards, an exchange and three betting rounds
(`rules`), the table companion (`table`). `INFO` is the registry entry."""

from companion.games.nincetkaik.info import STAKE_CATEGORIES, STOCK_OPTION, card_game_info
from companion.games.registry import OptionKind, OptionSpec

INFO = card_game_info(
    "makaik", "値戦（マㇰカイㇰ）", "Makaik (Points Battle)", max_players=6, minutes=(20, 40),
    options=(STOCK_OPTION,
             OptionSpec("hands", "勝負の回数", "Hands", OptionKind.INT, 6, 1, 100)),
    score_categories=STAKE_CATEGORIES)
