"""Registers the Etariya screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("etariya",), table="ui.games.etariya.table_page:table_view",
                 play="ui.games.etariya.play:play_view")
