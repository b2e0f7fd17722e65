"""Registers the 行山 screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("mokzo",), table="ui.games.mokzo.table:table_view",
                 play="ui.games.mokzo.play:play_view")
