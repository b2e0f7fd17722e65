"""Registers the 六裁 screens with `ui.views` (table companion and digital play)."""

from ui.views import register_screens

register_screens(("netxiju",), table="ui.games.netxiju.table:table_view",
                 play="ui.games.netxiju.play:play_view")
