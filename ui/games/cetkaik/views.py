"""Registers the 机戦 screens — 標準, 教育 and 古机戦 — with `ui.views` (table companion and
digital play)."""

from ui.views import register_screens

register_screens(("cetkaik", "cetkaik_education", "cetkaik_old"),
                 table="ui.games.cetkaik.table_page:table_view",
                 play="ui.games.cetkaik.play:play_view")
