"""値木 makup: adding card numbers onto roads, for beginners (`rules`), the table companion
(`table`). `INFO` is the registry entry."""

from companion.games.nincetkaik.info import card_game_info

INFO = card_game_info(
    "makup", "値木（マㇰホㇷ゚）", "Makup (Number Roads)", max_players=6, minutes=(10, 15),
    options=(), score_categories=(("cards_left", "残り札", "Cards left"),))
