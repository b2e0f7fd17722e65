"""Registers the stick games' screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("juusai", "rengeki", "shinyu"),
                 table="ui.games.sticks.table:sticks_table_view",
                 play="ui.games.sticks.play:sticks_play_view")
