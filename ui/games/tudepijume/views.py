"""Registers the 連船之遊 screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("tudepijume",), table="ui.games.tudepijume.table:table_view",
                 play="ui.games.tudepijume.play:play_view")
