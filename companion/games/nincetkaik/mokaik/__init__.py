"""行戦 mokaik: lay 役 face up against each other; the winner of the last round scores, over
several seasons (`rules`), the table companion (`table`). `INFO` is the registry entry."""

from companion.games.nincetkaik.info import card_game_info
from companion.games.registry import OptionKind, OptionSpec

INFO = card_game_info(
    "mokaik", "行戦（モカイㇰ）", "Mokaik (Marching Battle)", max_players=6, minutes=(30, 60),
    options=(OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 4, 1, 20),),
    score_categories=(("seasons", "季節の支払い", "Season payments"),))
