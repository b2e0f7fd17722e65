"""The city column redraws only the positions a move changed, and always shows the state."""

from __future__ import annotations

import random

from companion.core.record import Game
from companion.games.equilibrium.moves import Play
from companion.games.equilibrium.rules import LEFT, RIGHT
from ui.games.equilibrium.column import CityColumn, signed


def row_widgets(column: CityColumn, pos: int) -> list[object]:
    return [column.grid.itemAtPosition(pos - 1, c).widget() for c in range(3)]


def sums_text(column: CityColumn, pos: int) -> str:
    city = row_widgets(column, pos)[1]
    return next(label.text() for label in city.children()
                if label.objectName() == f"sums:{pos}")


def test_a_play_rebuilds_its_own_city_only(qtbot) -> None:
    game = Game.new("equilibrium", 1, seed=3)
    game.resolve_chance()
    column = CityColumn()
    qtbot.addWidget(column)
    column.show_state(game.state)
    before = {pos: row_widgets(column, pos) for pos in range(1, 5)}
    column.show_state(game.state)  # nothing changed: nothing rebuilt
    assert {pos: row_widgets(column, pos) for pos in range(1, 5)} == before

    rng = random.Random(1)
    play = rng.choice([m for m in game.state.legal_moves() if isinstance(m, Play)])
    game.play(play)
    column.show_state(game.state)
    for pos in range(1, 5):
        rebuilt = row_widgets(column, pos) != before[pos]
        assert rebuilt == (pos == play.pos), pos
    left, right = (game.state.side_sum(play.pos, side) for side in (LEFT, RIGHT))
    assert f"{signed(left)} | {signed(right)}" in sums_text(column, play.pos)
    assert game.state.side(play.pos, play.side)  # the played card is on its side now
