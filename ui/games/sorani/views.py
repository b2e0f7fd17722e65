"""Registers the Sorani screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("sorani",), table="ui.games.sorani.table:sorani_table",
                 play="ui.games.sorani.play:play_view")
