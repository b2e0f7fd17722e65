"""Registers the Equilibrium screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("equilibrium",), table="ui.games.equilibrium.table:table_view",
                 play="ui.games.equilibrium.play:play_view")
