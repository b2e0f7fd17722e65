"""小猫 (nine): one test per rule clause of lanerme-games.md §9 (and §14.9), notation and bad
input."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.core.record import Game
from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.nine.rules import NineState, beats, read
from companion.games.nincetkaik.positions import feed


def at(*hands: str, parent: int = 0) -> NineState:
    return NineState.position([parse_cards(h) for h in hands], parent)


def legal(state: NineState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def cards(text: str) -> list[int]:
    return sorted(parse_cards(text))


@pytest.mark.parametrize(("players", "each"), [(2, 12), (3, 12), (4, 9)])
def test_twelve_cards_each_nine_with_four_and_the_parent_leads(players: int, each: int) -> None:
    game = Game.new("nine", players, seed=2)
    game.resolve_chance()
    state = game.state
    assert [len(h) for h in state.hands] == [each] * players
    assert state.deck_size == 48 - each * players and state.to_move() == state.parent
    assert "out" not in legal(state)  # the 親 leads a 役


def test_the_order_blank_wild_in_sets_ship_beats_only_tam_tam_above_king() -> None:
    assert read(parse_cards("r5b0")).rank == read(parse_cards("r5")).rank  # 無 stands in
    assert read(parse_cards("r0b0")).rank == read(parse_cards("r0")).rank  # a set of 無 only
    assert read(parse_cards("rKbT")) is None  # 王 and 皇 are no set here
    assert beats(parse_cards("rT")[0], read(parse_cards("rK")))  # 皇 above 王
    assert beats(parse_cards("rS")[0], read(parse_cards("rT")))  # 船 beats 皇 …
    assert not beats(parse_cards("rS")[0], read(parse_cards("r0")))  # … and nothing else
    assert not beats(parse_cards("bS")[0], read(parse_cards("rT")))  # a shared colour still


def test_joining_one_stronger_card_of_a_shared_colour_or_a_bigger_set_of_the_strength() -> None:
    state = feed(at("r5b5r1", "r6b6b5b0r2bK"), "play r5b5")
    moves = legal(state)
    assert {"play r6", "play b6", "play bK", "out"} <= moves  # any colour of a red-black set
    assert "play b5b0" not in moves  # two cards: not bigger
    state = feed(at("r5r1", "r6b6b5b0r2"), "play r5")
    moves = legal(state)
    assert "play r6" in moves and "play b6" not in moves  # a single card needs red
    assert "play b0b5" in moves  # the same strength with more cards, any colour
    assert "play r2" not in moves
    with pytest.raises(IllegalMoveError, match="does not join"):
        state.play(state.parse_move("play r2"))


def test_staying_out_draws_three_and_is_out_until_the_round_ends() -> None:
    state = feed(at("r5r1", "r6r7r8", "r2"), "play r5; out")
    assert state.queue == [("draw", 1)] * 3
    feed(state, "draw b1; draw b2; draw b3")
    assert state.to_move() == 2 and len(state.hands[1]) == 6
    feed(state, "out; draw b4; draw b5; draw b6")
    # seat 1 alone is left in: it takes every card on the table, becomes 親 and leads
    assert state.hands[0] == cards("r1r5") and state.parent == 0 and state.to_move() == 0
    assert state.out == [False, False, False] and state.top is None


def test_the_last_player_in_takes_the_table_and_leads() -> None:
    state = feed(at("r3r1", "r6r0", "r2"), "play r3; play r6; out; draw b1; draw b2; draw b3")
    assert state.to_move() == 0
    feed(state, "out; draw b4; draw b5; draw b6")
    assert state.hands[1] == cards("r0r3r6") and state.parent == 1 and state.to_move() == 1


def test_an_empty_hand_scores_the_largest_hand_at_once() -> None:
    state = feed(at("r5", "r6r7r8r1", "r2r3"), "play r5")
    assert state.points == [4, 0, 0] and state.scored[-1].points == 4
    feed(state, "play r6; out")
    # the first seat has no cards: it stays out and draws too; the second alone is left in
    assert state.queue == [("draw", 2)] * 3 + [("draw", 0)] * 3
    feed(state, "draw b1; draw b2; draw b3; draw b4; draw b5; draw b6")
    assert state.hands[0] == cards("b4b5b6") and state.hands[1] == cards("r1r5r6r7r8")
    assert state.to_move() == 1 and state.points == [4, 0, 0]


def test_the_season_ends_when_the_deck_runs_out_most_points_then_fewest_cards() -> None:
    rng = random.Random(3)
    game = Game.new("nine", 4, {"seasons": 1}, seed=5)
    while not game.state.is_over():
        game.resolve_chance()
        if game.state.is_over():
            break
        game.play(rng.choice(game.state.legal_moves()))
    state = game.state
    assert state.deck_size == 0 and state.round_no == 1
    outcome = state.outcome()
    assert outcome is not None and set(outcome.winners) == set(state.leaders())
    assert sum(state.bonus) <= 1 and state.bonus[state.parent] == sum(state.bonus)


def test_the_parent_gets_one_more_when_they_win() -> None:
    state = at("r5", "r6r7r8r1", "r2r3")
    feed(state, "play r5")  # seat 1 (the 親) scores 4
    state.deck_size = 0  # the 山札 just ran out
    state._end_season()
    assert state.points[0] == 5 and state.bonus == [1, 0, 0] and state.is_over()


def test_notation_and_bad_text_get_a_sentence() -> None:
    state = at("r5b5r1", "r6")
    for text in ("lay r5", "out now", "play"):
        with pytest.raises(MoveParseError):
            state.parse_move(text)
    with pytest.raises(IllegalMoveError, match="not in seat 1's hand"):
        state.play(state.parse_move("play r7"))
    with pytest.raises(IllegalMoveError, match="leader"):
        state.play(state.parse_move("out"))
    with pytest.raises(IllegalMoveError, match="no 役"):
        state.play(state.parse_move("play r5r1"))


# --- the table companion -----------------------------------------------------------------------
def test_table_plan_empty_hands_and_the_parents_point() -> None:
    from companion.games.nincetkaik.nine.table import (
        empty_step,
        new_session,
        season_plan,
        season_step,
    )

    session = new_session(["A", "B", "C", "D"], seasons=2, parent=1)
    plan = season_plan(session)
    assert (plan.cards_each, plan.deck, plan.parent) == (9, 12, 1)
    session = session.add(empty_step(session, 1, 7)).add(empty_step(session, 2, 5))
    session = session.add(empty_step(session, 2, 2))
    assert session.totals() == (0, 7, 7, 0)
    # equal points: the fewer cards in hand wins; B is 親 and gets 1 more
    session = session.add(season_step(session, 1, (4, 3, 6, 2)))
    assert session.totals() == (0, 8, 7, 0) and season_plan(session).parent == 1
    with pytest.raises(ValueError, match="largest hand"):
        empty_step(session, 0, 0)
    with pytest.raises(ValueError, match="cards in hand"):
        season_step(session, 0, (1, 2))
