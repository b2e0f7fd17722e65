"""行山 rules, one test per clause of the book (p.17–18) and of the decisions in
rules/lanerme-games.md §10. Each test name says the clause."""

from __future__ import annotations

from itertools import pairwise

import pytest

from companion.core.api import Termination
from companion.core.errors import IllegalMoveError, MoveParseError
from companion.games.first_player import FirstPlayer
from companion.games.mokzo.board import GOAL, KOU, ROUTE, START, square_cell
from companion.games.mokzo.cards import (
    ALL_CARDS,
    BLACK,
    RED,
    Card,
    deck,
    parse_card,
)
from companion.games.mokzo.moves import (
    Discard,
    Dismantle,
    Draw,
    EndTurn,
    Exchange,
    MovePiece,
    Place,
    Target,
    Use,
    parse_move,
)
from companion.games.mokzo.rules import MAIN, MokzoState, Placed, card_cost, new_state
from companion.games.sticks.moves import Sticks


def card(text: str) -> Card:
    return parse_card(text)


def take(state: MokzoState, c: Card) -> Card:
    """Test set-up: take a card out of the draw pile (keeps the 48 cards together)."""
    state.deck[c] -= 1
    if not state.deck[c]:
        del state.deck[c]
    state.deck_size -= 1
    return c


def give(state: MokzoState, seat: int, *texts: str) -> None:
    for text in texts:
        state.hands[seat].append(take(state, card(text)))
    state._legal = None


def lay(state: MokzoState, seat: int, text: str, markers: int = 0, active: bool = True) -> int:
    """Test set-up: a card placed in the first free slot; returns the slot."""
    c = take(state, card(text))
    row = state.rows[seat]
    slot = row.index(None)
    row[slot] = Placed(c, markers, active)
    if active:
        state.acting[seat][c.rank] = state.acting[seat].get(c.rank, 0) + 1
    state._legal = None
    return slot + 1


def begin(players: int = 2, first: int = 0) -> MokzoState:
    """A game whose first player is drawn, before the first draw."""
    state = new_state(players, {})
    state.play(FirstPlayer(first))
    return state


def turn(state: MokzoState, seat: int, draws: tuple[str, ...] = ()) -> MokzoState:
    """Test set-up: `seat`'s turn begins now; its draws take `draws`, then whatever comes."""
    state.mover = seat
    state._begin_turn()
    queue = list(draws)
    while state.phase == "draw":
        wanted = card(queue.pop(0)) if queue else next(iter(state.deck))
        state.play(Draw(wanted))
    return state


def main_phase(players: int = 2, hand: tuple[str, ...] = (), rice: int = 0,
               money: int = 0) -> MokzoState:
    """Seat 0 in steps 4–7 with this hand and these resources (nothing else placed)."""
    state = begin(players)
    state.hands[0] = []
    state.deck = {c: n for c, n in ((c, deck().count(c)) for c in ALL_CARDS)}
    state.deck_size = 48
    give(state, 0, *hand)
    state.rice[0], state.money[0] = rice, money
    state.phase, state.step, state.mode = MAIN, 4, ""
    state._legal = None
    return state


def texts(state: MokzoState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


# --- the cards and the board ------------------------------------------------------------------
def test_the_deck_is_48_cards_24_per_colour_with_the_books_counts() -> None:
    cards = deck()
    assert len(cards) == 48
    assert sum(c.colour == RED for c in cards) == sum(c.colour == BLACK for c in cards) == 24
    counts = {rank: sum(1 for c in cards if c.rank == rank and c.colour == RED)
              for rank in "船無兵弓車虎馬筆巫将王皇"}
    assert counts == {"船": 1, "無": 3, "兵": 4, "弓": 2, "車": 2, "虎": 2, "馬": 2, "筆": 2,
                      "巫": 2, "将": 2, "王": 1, "皇": 1}


def test_a_cards_cost_is_its_numeral_ship_zero_king_and_emperor_ten() -> None:
    assert [card_cost(Card(BLACK, r)) for r in "船無兵弓車虎馬筆巫将王皇"] == [
        0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 10]


def test_cards_are_written_in_kanji_or_ascii() -> None:
    assert str(parse_card("黒馬")) == "黒馬" and parse_card("Bmaun") == parse_card("黒馬")
    assert parse_card("rnuak") == Card(RED, "船")
    with pytest.raises(MoveParseError):
        parse_card("青馬")


def test_the_road_spirals_from_g3_to_e5_over_adjacent_squares() -> None:
    assert (ROUTE[START], ROUTE[GOAL], len(ROUTE)) == ("g3", "e5", 25)
    for a, b in pairwise(range(len(ROUTE))):
        (ca, ra), (cb, rb) = square_cell(a), square_cell(b)
        assert abs(ca - cb) + abs(ra - rb) == 1
    assert len(set(ROUTE)) == 25


def test_the_kou_squares_are_the_nine_on_the_diagonals() -> None:
    assert sorted(ROUTE[i] for i in KOU) == sorted(
        ["c7", "d6", "e5", "f4", "g3", "c3", "d4", "f6", "g7"])


# --- setup ------------------------------------------------------------------------------------
def test_setup_nothing_in_hand_no_resources_everybody_on_g3_first_drawn() -> None:
    state = new_state(3, {})
    assert state.rice == [0] * 3 and state.money == [0] * 3 and state.square == [0] * 3
    assert state.hands == [[], [], []]
    assert [str(m) for m, _ in state.chance_outcomes()] == ["first 1", "first 2", "first 3"]


# --- step 1 and 2 -----------------------------------------------------------------------------
def test_step1_draws_up_to_three_cards() -> None:
    state = begin()
    assert state.phase == "draw" and state.draws_left == 3
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert dict((str(m), p) for m, p in outcomes)["draw 赤無"] == pytest.approx(3 / 48)


def test_step1_each_acting_pawn_raises_the_hand_limit() -> None:
    state = begin()
    lay(state, 1, "黒兵")
    lay(state, 1, "赤兵")
    turn(state, 1)
    assert len(state.hands[1]) == 5 and state.hand_limit(1) == 5


def test_step1_an_empty_draw_pile_is_made_again_from_the_discards() -> None:
    state = begin()
    for c, n in list(state.deck.items()):  # every card in the discards
        for _ in range(n):
            take(state, c)
            state.discards[c] = state.discards.get(c, 0) + 1
    turn(state, 1)
    assert len(state.hands[1]) == 3 and state.deck_size == 45
    assert not state.discards and not state.invariant_errors()


def test_step2_removes_your_cards_with_three_markers_only() -> None:
    state = begin()
    lay(state, 1, "黒弓", markers=3)
    lay(state, 0, "黒馬", markers=3)
    lay(state, 1, "赤馬", markers=3)  # red cards too
    turn(state, 1)
    assert state.placed(1) == [] and state.discards == {card("黒弓"): 1, card("赤馬"): 1}
    assert state.placed(0)[0][1].card == card("黒馬")


# --- step 3 -----------------------------------------------------------------------------------
def test_step3_blank_and_king_pay_at_once() -> None:
    state = begin()
    lay(state, 1, "赤無")
    lay(state, 1, "黒無")
    lay(state, 1, "黒王")
    turn(state, 1)
    assert state.rice[1] == 2 and state.money[1] == 2 and state.phase == MAIN


def test_step3_then_every_black_card_takes_a_marker() -> None:
    state = begin()
    lay(state, 1, "黒弓", markers=1)
    lay(state, 1, "赤弓")
    turn(state, 1)
    markers = [p.markers for _, p in state.placed(1)]
    assert markers == [2, 0]


def test_step3_effects_resolve_in_the_order_the_player_chooses() -> None:
    state = begin()
    lay(state, 1, "黒皇")
    lay(state, 1, "黒虎")
    state.rice[0] = 1
    turn(state, 1)
    assert set(texts(state)) == {"use 1", "use 2 1米"}
    state.play(Use(2, 0, "米"))
    assert texts(state) == ["use 1"]


def test_emperor_advances_the_piece_with_bow_and_horse() -> None:
    state = begin()
    lay(state, 1, "黒皇")
    lay(state, 1, "黒弓")
    lay(state, 1, "黒馬")
    state.square[1] = 1  # not a 皇処
    turn(state, 1)
    state.play(Use(1))
    assert state.square[1] == 1 + 1 + 1 + 2


def test_the_kou_bonus_counts_the_square_an_advance_starts_from() -> None:
    state = begin()
    lay(state, 1, "黒皇")
    state.square[1] = 4  # g7, a 皇処
    turn(state, 1)
    state.play(Use(1))
    assert state.square[1] == 6


def test_tiger_takes_one_rice_or_money_from_an_opponent_of_your_choice() -> None:
    state = begin(3)
    lay(state, 1, "赤虎")
    state.rice[0], state.money[2] = 2, 1
    turn(state, 1)
    assert set(texts(state)) == {"use 1 1米", "use 1 3銭"}
    state.play(Use(1, 2, "銭"))
    assert state.money == [0, 1, 0]


def test_tiger_with_nobody_to_rob_does_nothing() -> None:
    state = begin()
    lay(state, 1, "赤虎")
    turn(state, 1)
    assert texts(state)[:1] == ["use 1"]
    state.play(Use(1))
    assert state.rice == [0, 0] and state.phase == MAIN


@pytest.mark.parametrize(("cast", "protected", "money"), [(3, True, 0), (4, False, 2)])
def test_clerk_casts_low_for_protection_high_for_two_money(cast: int, protected: bool,
                                                           money: int) -> None:
    state = begin()
    lay(state, 1, "黒筆")
    turn(state, 1)
    state.play(Use(1))
    assert state.is_chance()
    state.play(Sticks(cast))
    assert state.protected[1] is protected and state.money[1] == money


def test_clerk_protection_stops_tiger_and_general_until_the_next_own_turn() -> None:
    state = begin()
    state.protected[1] = True
    state.rice[1] = 3
    lay(state, 1, "黒馬")
    lay(state, 0, "赤虎")
    lay(state, 0, "赤将")
    turn(state, 0)
    assert texts(state) == ["use 1", "use 2"]  # the tiger has nobody to rob
    state.play(Use(2))
    state.play(Sticks(5))
    assert all(t.startswith("destroy 1.") for t in texts(state))  # only own cards
    state.play(Target("destroy", 0, 1))
    state.play(EndTurn())
    assert state.protected[1] is False  # it ends when seat 1's turn begins


def test_shaman_low_halves_the_move_cost_before_the_chariot() -> None:
    state = begin()
    lay(state, 1, "黒巫")
    lay(state, 1, "黒車")
    turn(state, 1)
    state.play(Use(1))
    state.play(Sticks(2))
    assert state.move_cost(1, "米") == 5 - 1 and state.move_cost(1, "銭") == 1


def test_two_low_shamans_halve_twice_rounding_up() -> None:
    state = begin()
    lay(state, 1, "黒巫")
    lay(state, 1, "赤巫")
    turn(state, 1)
    for slot in (1, 2):
        state.play(Use(slot))
        state.play(Sticks(0))
    assert state.move_cost(1, "米") == 3 and state.move_cost(1, "銭") == 1


def test_shaman_high_advances_the_piece() -> None:
    state = begin()
    lay(state, 1, "黒巫")
    state.square[1] = 1
    turn(state, 1)
    state.play(Use(1))
    state.play(Sticks(5))
    assert state.square[1] == 2


def test_general_low_marks_any_card_high_destroys_any_card() -> None:
    state = begin()
    lay(state, 1, "黒将")
    lay(state, 0, "赤王")
    turn(state, 1)
    state.play(Use(1))
    state.play(Sticks(1))
    assert set(texts(state)) == {"mark 1.1", "mark 2.1"}
    state.play(Target("mark", 0, 1))
    assert state.placed(0)[0][1].markers == 1
    state.play(EndTurn())
    turn(state, 1)
    state.play(Use(1))
    state.play(Sticks(4))
    state.play(Target("destroy", 0, 1))
    assert state.placed(0) == [] and state.discards.get(card("赤王")) == 1


def test_a_placed_card_acts_only_from_its_owners_next_turn() -> None:
    state = main_phase(hand=("黒車",), rice=13)
    state.play(Place(card("黒車")))
    assert state.move_cost(0, "米") == 10  # not yet
    state.play(MovePiece("米"))
    assert state.rice[0] == 0
    turn(state, 0)
    assert state.move_cost(0, "米") == 9


# --- steps 4 to 7 -----------------------------------------------------------------------------
def test_step4_exchanges_five_rice_for_one_money_never_back() -> None:
    state = main_phase(rice=12)
    assert [t for t in texts(state) if t.startswith("exchange")] == ["exchange 1", "exchange 2"]
    state.play(Exchange(2))
    assert (state.rice[0], state.money[0]) == (2, 2)
    assert not any(t.startswith("exchange") for t in texts(state))  # once, before the rest


def test_steps_go_in_order_exchange_dismantle_place_move() -> None:
    state = main_phase(hand=("黒弓",), rice=15)
    lay(state, 0, "黒無")
    state.play(Place(card("黒弓")))
    moves = texts(state)
    assert not any(t.startswith(("exchange", "dismantle")) for t in moves)
    with pytest.raises(IllegalMoveError, match="exchange comes before"):
        state.play(Exchange(1))


def test_step5_dismantling_pays_the_current_cost() -> None:
    state = main_phase(rice=10)
    slot = lay(state, 0, "黒馬")
    lay(state, 0, "黒車")
    state.play(Dismantle(slot))
    assert state.rice[0] == 6 and state.discards == {card("黒馬"): 1}


def test_step6_placing_pays_black_in_rice_red_in_money() -> None:
    state = main_phase(hand=("黒馬", "赤馬"), rice=5, money=5)
    state.play(Place(card("黒馬")))
    state.play(Place(card("赤馬")))
    assert (state.rice[0], state.money[0]) == (0, 0)
    assert [str(p.card) for _, p in state.placed(0)] == ["黒馬", "赤馬"]


def test_step6_the_chariot_lowers_the_cost_of_both_colours() -> None:
    state = main_phase(hand=("赤将",), money=7)
    lay(state, 0, "黒車")
    assert state.place_cost(0, card("赤将")) == 7 and "place 赤将" in texts(state)


def test_step6_at_most_nine_cards_are_placed() -> None:
    state = main_phase(hand=("黒無", "赤船"))
    for rank in "兵兵兵兵弓弓車車虎":
        lay(state, 0, "黒" + rank)
    assert "place 黒無" not in texts(state)
    assert "place 赤船" in texts(state)  # a vessel never takes a slot


def test_step6_a_vessel_pays_two_money_and_goes_to_the_discards() -> None:
    state = main_phase(hand=("赤船",))
    state.play(Place(card("赤船")))
    assert state.money[0] == 2 and state.placed(0) == [] and state.discards == {
        card("赤船"): 1}


def test_step6_discarding_gives_two_rice_a_card_but_not_with_placing() -> None:
    state = main_phase(hand=("黒将", "赤将", "黒無"))
    state.play(Discard(card("黒将")))
    state.play(Discard(card("赤将")))
    assert state.rice[0] == 4
    with pytest.raises(IllegalMoveError, match="no placing as well"):
        state.play(Place(card("黒無")))
    other = main_phase(hand=("黒無", "赤将"))
    other.play(Place(card("黒無")))
    assert "discard 赤将" not in texts(other)


def test_step7_moving_costs_ten_rice_or_two_money_and_ends_the_turn() -> None:
    state = main_phase(rice=10, money=2)
    state.square[0] = 1
    assert {"move 米", "move 銭"} <= set(texts(state))
    state.play(MovePiece("銭"))
    assert state.square[0] == 2 and state.money[0] == 0 and state.mover == 1


def test_step7_a_move_needs_the_price() -> None:
    state = main_phase(rice=9, money=1)
    assert not any(t.startswith("move") for t in texts(state))
    with pytest.raises(IllegalMoveError, match="costs 10 米, 9 held"):
        state.play(MovePiece("米"))


def test_reaching_or_passing_the_centre_wins_at_once() -> None:
    state = main_phase(rice=10)
    lay(state, 0, "黒馬")
    state.square[0] = 22  # d4, a 皇処: 1 + 1 + 2 = 4 squares, past e5
    state.play(MovePiece("米"))
    assert state.is_over() and state.square[0] == GOAL
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})
    assert outcome.termination is Termination.NORMAL


def test_after_the_round_limit_the_furthest_piece_wins_then_resources() -> None:
    state = new_state(2, {"rounds": 1})
    state.play(FirstPlayer(0))
    while not state.is_over():
        if state.is_chance():
            state.play(state.legal_moves()[0])
        else:
            state.play(EndTurn())
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.ROUND_LIMIT
    assert outcome.winners == frozenset({0, 1})  # level: shared
    state.square[1], state.rice[0] = 1, 50
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({1})


# --- notation and refusals --------------------------------------------------------------------
def test_notation_round_trips_every_kind() -> None:
    for text in ("use 3", "use 3 2米", "use 1 4銭", "mark 2.5", "destroy 1.9", "exchange 2",
                 "dismantle 4", "place 黒馬", "discard 赤兵", "move 米", "move 銭", "end",
                 "draw 黒馬", "=3", "first 2"):
        assert str(parse_move(text)) == text
    assert str(parse_move("place Bmaun")) == "place 黒馬"
    for wrong in ("use 0", "use 3 2", "mark 2", "exchange 0", "place 青馬", "move 金",
                  "draw", "=6", "jump"):
        with pytest.raises(MoveParseError):
            parse_move(wrong)


def test_an_illegal_move_names_the_reason_and_the_position() -> None:
    state = main_phase(hand=("黒馬",), rice=3)
    with pytest.raises(IllegalMoveError) as caught:
        state.play(Place(card("黒馬")))
    message = str(caught.value)
    assert "placing 黒馬 costs 5 米" in message and "1: sq 0 rice 3 money 0 hand 黒馬" in message


def test_a_black_card_acts_for_three_turns_then_goes_a_red_card_stays() -> None:
    state = main_phase(hand=("黒弓", "赤弓"), rice=2, money=2)
    state.play(Place(card("黒弓")))
    state.play(Place(card("赤弓")))
    state.play(EndTurn())
    acting = []
    for _ in range(4):
        turn(state, 0)
        acting.append(state.active(0, "弓"))
        state.phase, state.step, state.mode = MAIN, 4, ""
        state.play(EndTurn())
    assert acting == [2, 2, 2, 1]  # the black 弓 is removed at the start of the fourth turn
    assert state.discards.get(card("黒弓")) == 1


def test_a_card_destroyed_before_its_use_does_nothing_this_turn() -> None:
    state = begin()
    lay(state, 1, "黒将")
    lay(state, 1, "黒王")
    lay(state, 1, "赤皇")
    turn(state, 1)
    state.play(Use(1))
    state.play(Sticks(5))
    state.play(Target("destroy", 1, 3))  # its own 皇, still to be used
    assert state.pending == [] and state.phase == MAIN and state.square[1] == 0
