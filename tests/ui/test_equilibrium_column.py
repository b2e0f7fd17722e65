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


def test_the_hand_keeps_its_buttons_until_it_or_the_choice_changes(qtbot) -> None:
    """A refresh that changes nothing in the hand (a partner's move) keeps the buttons; a
    new choice or a new card rebuilds them."""
    from PySide6.QtWidgets import QWidget

    from ui.games.equilibrium.play import HandBox

    parent = QWidget()
    qtbot.addWidget(parent)
    hand = HandBox(parent)
    hand.show_hand(["IW2", "SF1"], {"IW2"}, None)
    first = [hand.row.itemAt(i).widget() for i in range(2)]
    hand.show_hand(["IW2", "SF1"], {"IW2"}, None)
    assert [hand.row.itemAt(i).widget() for i in range(2)] == first
    hand.show_hand(["IW2", "SF1"], {"IW2"}, "IW2")
    now = [hand.row.itemAt(i).widget() for i in range(2)]
    assert now != first and now[0].isChecked() and not now[1].isEnabled()
    hand.show_hand(["IW2", "SF1", "C5"], {"IW2"}, "IW2")
    assert [hand.row.itemAt(i).widget().objectName() for i in range(3)] == \
        ["card:IW2", "card:SF1", "card:C5"]


def test_a_city_is_framed_in_its_colours_without_a_style_sheet(qtbot) -> None:
    from PySide6.QtWidgets import QWidget

    from ui.games.equilibrium.column import BALANCED_BG, CITY_BG, EDGE, CityFrame

    parent = QWidget()
    qtbot.addWidget(parent)
    frame = CityFrame(parent)
    frame.resize(90, 40)
    for fill in (CITY_BG, BALANCED_BG):
        frame.set_colours(fill, EDGE)
        image = frame.grab().toImage()
        assert image.pixelColor(45, 20).name() == fill  # the inside
        assert image.pixelColor(45, 1).name() == EDGE  # the edge
    assert frame.styleSheet() == "" and frame.objectName() == "city"


def test_a_hand_card_is_ringed_in_gold_when_chosen_and_faded_when_not_playable(qtbot) -> None:
    from PySide6.QtWidgets import QWidget

    from ui.games.equilibrium.column import CARD_COLOURS
    from ui.games.equilibrium.play import CardButton

    parent = QWidget()
    qtbot.addWidget(parent)
    card = CardButton("SW2", parent)
    card.resize(card.sizeHint())
    fill = CARD_COLOURS["S"][0]

    def edge() -> str:
        return card.grab().toImage().pixelColor(card.width() // 2, 1).name()

    assert card.styleSheet() == "" and card.objectName() == "card:SW2"
    assert edge() == fill
    card.setChecked(True)
    assert edge() == CardButton.SELECTED_EDGE.name()
    inside = card.grab().toImage().pixelColor(4, card.height() // 2).name()
    card.setEnabled(False)
    assert card.grab().toImage().pixelColor(4, card.height() // 2).name() != inside
    assert card.sizeHint().width() > card.fontMetrics().horizontalAdvance("SW2")
