"""連友 neki: the climbing game — lay stronger 役 of the same shape or pass, first out wins
(`rules`), the table companion (`table`). `INFO` is the registry entry."""

from companion.games.nincetkaik.info import card_game_info

INFO = card_game_info(
    "neki", "連友（ネキ）", "Neki (Climbing Friends)", max_players=6, minutes=(10, 20),
    options=(), score_categories=(("cards_left", "残り札", "Cards left"),))
