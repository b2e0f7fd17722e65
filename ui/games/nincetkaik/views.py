"""Registers the 紙机戦 card games' screens with `ui.views` (table companion and digital play);
one module per game in this folder, the shared pieces in `cards`, `play` and `table`."""

from ui.views import register_screens

for _game in ("taxot", "makaik", "nanto", "makup", "mokaik", "neki", "nine"):
    register_screens((_game,), play=f"ui.games.nincetkaik.{_game}:play_view",
                     table=f"ui.games.nincetkaik.{_game}:table_view")
