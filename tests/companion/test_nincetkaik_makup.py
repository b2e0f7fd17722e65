"""値木 (makup): one test per rule clause of lanerme-games.md §7 and §14.10, notation, hidden
hands and the table companion (the beginners' play checker)."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.makup.rules import MakupState, new_state
from companion.games.nincetkaik.makup.table import (
    check_play,
    game_plan,
    game_step,
    new_session,
    plays,
)
from companion.games.nincetkaik.positions import feed, round_robin


def started(hands: tuple[str, ...] = ("r1r2r3b6r0rK", "b1b1b3b3b0bS"), roads: str = "r6b4",
            parent: int = 1) -> MakupState:
    state = new_state(len(hands), {})
    ups = [f"up {roads[i:i + 2]}" for i in range(0, len(roads), 2)]
    return feed(state, [f"parent {parent}", *round_robin(list(hands)), *ups])


def at(hands: tuple[str, ...], roads: str) -> MakupState:
    return MakupState.position([parse_cards(h) for h in hands],
                               [parse_cards(roads[i:i + 2]) for i in range(0, len(roads), 2)])


def legal(state: MakupState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def test_setup_six_cards_each_and_two_roads_and_the_parent_begins() -> None:
    state = started(parent=2)
    assert [len(h) for h in state.hands] == [6, 6] and len(state.roads) == 2
    assert state.to_move() == 1


def test_cards_adding_up_to_the_road_end_the_books_examples() -> None:
    state = started(hands=("r1r2r3b6r0r3", "b1b1b3b3b0bS"), roads="r6b4")
    moves = legal(state)
    assert "play 1 b6" in moves  # 筆 on 筆
    assert "play 1 r2r3r1" in moves and "play 1 r1r2r3" in moves  # 兵+弓+車, any card last
    assert "play 1 r0r3r3" in moves  # 無+車+車
    assert "play 1 r1r2" not in moves


def test_the_card_laid_last_is_the_new_end() -> None:
    state = started()
    feed(state, "play 1 r1r3r2")
    assert state.roads[0][-1] == parse_cards("r2")[0]
    assert state.to_move() == 1


def test_merge_two_roads_with_the_sum_of_both_ends_makes_one_road() -> None:
    state = started(hands=("r2r5r0b8r7rK", "b1b1b3b3b0bS"), roads="r1b1")
    assert "merge 1 2 r2" in legal(state)  # the book: 兵1 and 兵1 joined by 弓2
    feed(state, "merge 1 2 r2")
    assert len(state.roads) == 1 and state.roads[0][-1] == parse_cards("r2")[0]


def test_king_tam_or_ship_clears_every_road_and_two_new_roads_come_up() -> None:
    state = started()
    feed(state, "clear rK")
    assert state.roads == [] and state.is_chance()
    feed(state, "up b7;up r5")
    assert [r[0] for r in state.roads] == parse_cards("b7r5")
    assert parse_cards("rK")[0] in state.discards


def test_a_road_started_by_a_clearing_card_takes_any_one_card_once() -> None:
    state = started(roads="bTr4")
    assert {"play 1 r0", "play 1 r1", "play 1 b6"} <= legal(state)
    feed(state, "play 1 b6")
    assert state.roads[0] == parse_cards("bTb6")  # now an ordinary road ending in 6
    assert "play 1 b0" not in legal(state) and "play 1 b3b3" in legal(state)  # seat 2 now


def test_pass_turns_up_a_new_road_onto_the_table_not_into_the_hand() -> None:
    state = started()
    feed(state, "pass;up b5")
    assert len(state.roads) == 3 and len(state.hands[0]) == 6


def test_clearing_cards_never_count_in_a_sum_and_a_merge_needs_numbered_ends() -> None:
    state = started(hands=("r1r2r3b6r0rK", "b1b1b3b3b0bS"), roads="rSr1")
    assert not any(m.startswith("merge") for m in legal(state))
    with pytest.raises(IllegalMoveError, match="merge needs two roads ending in numbers"):
        feed(state, "merge 1 2 r1")


def test_a_blank_road_takes_only_blank_cards() -> None:
    state = started(roads="b0r8")
    assert {m for m in legal(state) if m.startswith("play 1")} == {"play 1 r0"}


def test_emptying_the_hand_wins_at_once() -> None:
    state = at(("r6", "b1b1"), "r6b4")
    feed(state, "play 1 r6")
    assert state.is_over() and state.winners == [0]
    assert state.outcome().scores == (1.0, 0.0)  # type: ignore[union-attr]


def test_everyone_passing_with_an_empty_deck_ends_the_game_fewest_cards_win() -> None:
    state = at(("r1r2", "b1b1b3"), "r8b8")
    while state.deck_size:  # everyone passes until the deck is empty
        feed(state, "pass")
        feed(state, str(state.legal_moves()[0]))  # the card turned up
    assert state.empty_passes == 0
    feed(state, "pass")
    assert not state.is_over()
    feed(state, "pass")
    assert state.is_over() and state.winners == [0]
    assert state.outcome().breakdown[1] == {"cards_left": 3.0}  # type: ignore[union-attr]


def test_illegal_plays_get_a_sentence() -> None:
    state = started()
    with pytest.raises(IllegalMoveError, match="b8 not in seat 1's hand"):
        feed(state, "play 1 b8")
    with pytest.raises(IllegalMoveError, match="add up to 3, not 6"):
        feed(state, "play 1 r1r2")
    with pytest.raises(IllegalMoveError, match="does not clear"):
        feed(state, "clear r1")
    with pytest.raises(MoveParseError, match="play 2 r1b2r3"):
        state.parse_move("play road r1")


def test_notation_round_trips_and_views_hide_hands() -> None:
    state = started()
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
    view = state.view(1)
    assert view.hands[0] == [] and view.hidden[0] == 6
    sample = view.determinize(1, random.Random(1))
    assert len(sample.hands[0]) == 6 and not sample.invariant_errors()
    assert sample.view(1).describe() == view.describe()


def test_table_plan_play_checker_and_wins_tally() -> None:
    session = new_session(["A", "B", "C"], games=2)
    assert "6 cards" in game_plan(session).text(["A", "B", "C"])
    assert "play 1 r2r3r1" in plays("r1r2r3", ["b6"])
    assert check_play("r1r2", ["b6"], "play 1 r1r2") == "the cards add up to 3, not 6"
    assert check_play("r1r2r3", ["b6"], "play 1 r1r3r2") is None
    session = session.add(game_step(session, [2]))
    assert session.totals() == (0, 0, 1) and session.parent_rate().parent == 1
    session = session.add(game_step(session, [0, 2]))
    assert session.is_over() and session.winners() == [2]
