"""小猫 nine: the shedding game with its own order (無 wild, 船 beats only 皇, 皇 above 王):
join the 役 on the table or draw three, score when the hand empties (`rules`), the table
companion (`table`). `INFO` is the registry entry."""

from companion.games.nincetkaik.info import card_game_info
from companion.games.registry import OptionKind, OptionSpec

INFO = card_game_info(
    "nine", "小猫（ニネ）", "Nine (Kitten)", max_players=4, minutes=(15, 20),
    options=(OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 1, 1, 20),),
    score_categories=(("points", "得点", "Points"), ("parent", "親の1点", "親 bonus")))
