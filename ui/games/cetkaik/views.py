"""Registers the 机戦 screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("cetkaik",), table="ui.games.cetkaik.table_page:table_view",
                 play="ui.games.cetkaik.play:play_view")
