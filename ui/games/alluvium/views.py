"""Registers the Alluvium screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("alluvium",), table="ui.games.alluvium.table_page:alluvium_table_view",
                 play="ui.games.alluvium.play:play_view")
