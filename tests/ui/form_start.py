"""A game started as a person starts one: the game's Play tab in the main window, the
new-game form filled in (a person's name in the first seat, the fastest computer in the
others, a fixed seed), Start; the page then settled, ready to be measured."""

from __future__ import annotations

from typing import Any


def play_from_form(qtbot: Any, window: Any, game_id: str, seats: int, name: str,
                   seed: str = "7") -> Any:
    """`game_id`'s play page started from its new-game form with `seats` seats: `name` in
    the first, random computers in the others; the page."""
    from tests.ui.test_whole_game_layout import settle  # that module starts games here too

    area = window.open_game(game_id, "play").widget("play")
    area.show_form()
    form = area.form
    form.set_players(seats)
    for row in form.rows:
        row.set_bot(None if row.index == 0 else "random")
    form.rows[0].name.setText(name)
    form.seed_edit.setText(seed)
    form.start()
    settle(qtbot)
    return area.view
