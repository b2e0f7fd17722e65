"""Registers the Sorani screens with `ui.views` (table companion)."""

from ui.views import register_screens

register_screens(("sorani",), table="ui.games.sorani.table:sorani_table")
