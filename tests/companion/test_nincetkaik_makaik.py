"""値戦 (makaik): one test per rule clause of lanerme-games.md §5 and its decisions, hand values,
notation, hidden hands and the table companion."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.makaik.rules import (
    SINGLE,
    THREE_RUN,
    THREE_SET,
    TWO_SET,
    MakaikState,
    hand_value,
    new_state,
)
from companion.games.nincetkaik.makaik.table import hand_plan, hand_step, new_session
from companion.games.nincetkaik.positions import feed, round_robin


def started(cards: tuple[str, ...] = ("r1r2r3", "b5b5b8", "r0b0rK"), shared: str = "b4r7bT",
            parent: int = 1, **options: int) -> MakaikState:
    state = new_state(len(cards), {"stock": 40, "hands": 6, **options})
    ups = [f"up {shared[i:i + 2]}" for i in range(0, len(shared), 2)]
    return feed(state, [f"parent {parent}", *round_robin(list(cards)), *ups])


def v(text: str) -> tuple[int, int, int]:
    return hand_value(parse_cards(text))


def exchanged(state: MakaikState) -> MakaikState:
    """Every seat swaps its first hand card for the first shared card."""
    while state.phase == "exchange":
        feed(state, str(state.legal_moves()[0]))
    return state


# --- setup -------------------------------------------------------------------------------------
def test_setup_ante_three_cards_each_and_three_shared_cards() -> None:
    state = started()
    assert state.points == [39, 39, 39] and state.pot == 3
    assert [len(h) for h in state.hands] == [3, 3, 3] and len(state.shared) == 3
    assert state.phase == "exchange" and state.to_move() == 0


def test_exchange_swap_trades_a_hand_card_with_a_shared_card() -> None:
    state = started()
    feed(state, "swap r1 bT")
    assert sorted(state.hands[0]) == sorted(parse_cards("r2r3bT"))
    assert sorted(state.shared) == sorted(parse_cards("b4r7r1"))
    assert state.to_move() == 1


def test_exchange_draw2_keeps_one_the_given_card_joins_the_shared_the_other_is_out() -> None:
    state = started()
    feed(state, "draw2;draw r8;draw b6")
    assert state.phase == "keep" and state.to_move() == 0
    feed(state, "keep r8 r1")
    assert sorted(state.hands[0]) == sorted(parse_cards("r2r3r8"))
    assert len(state.shared) == 4 and parse_cards("r1")[0] in state.shared
    assert state.asides[0] == parse_cards("b6")  # face down, out of play
    assert not state.invariant_errors()


def test_every_seat_exchanges_exactly_once_before_the_first_bet() -> None:
    state = exchanged(started())
    assert state.phase == "lead" and state.to_move() == 0


# --- betting -----------------------------------------------------------------------------------
def test_the_parent_sets_a_base_of_1_to_5_and_pays_it() -> None:
    state = exchanged(started())
    assert [str(m) for m in state.legal_moves()] == ["bet 1", "bet 2", "bet 3", "bet 4",
                                                     "bet 5", "fold"]
    feed(state, "bet 4")
    assert state.points[0] == 35 and state.pot == 7 and state.to_move() == 1


def test_each_child_pays_the_base_or_folds_and_a_folded_seat_is_out() -> None:
    state = exchanged(started())
    feed(state, "bet 2;call;fold")
    assert state.active == [True, True, False] and state.pot == 3 + 4
    assert state.bet_round == 2 and state.to_move() == 0


def test_the_parent_may_change_the_base_every_round_and_after_three_rounds_showdown() -> None:
    state = exchanged(started())
    feed(state, "bet 1;call;call;bet 5;call;call;bet 2;call;call")
    assert state.last is not None and state.last.hand == 1
    assert state.last.pot == 3 + 3 * (1 + 5 + 2)
    assert len(state.last.shown) == 3


def test_a_parent_who_folds_passes_the_role_to_the_next_seat_still_in() -> None:
    state = exchanged(started())
    feed(state, "fold")
    assert state.active[0] is False and state.leader == 1 and state.to_move() == 1
    feed(state, "bet 1")
    assert state.to_move() == 2


def test_the_last_seat_left_takes_the_pot_at_once() -> None:
    state = exchanged(started())
    feed(state, "bet 3;fold;fold")
    assert state.last is not None and state.last.winners == (0,) and state.last.value is None
    assert state.last.shown == ()  # nobody shows a folded hand
    assert state.round_no == 2 and state.parent == 0


def test_a_seat_that_cannot_pay_the_base_must_fold() -> None:
    state = exchanged(started())
    state.points[0] += 38
    state.points[1] -= 38  # seat 2 holds 1 point
    feed(state, "bet 2")
    assert [str(m) for m in state.legal_moves()] == ["fold"]
    with pytest.raises(IllegalMoveError, match="cannot pay the base of 2: it must fold"):
        feed(state, "call")


def test_a_bet_over_what_the_parent_holds_is_refused() -> None:
    state = started(stock=3)
    exchanged(state)
    with pytest.raises(IllegalMoveError, match="more than the 2 points seat 1 holds"):
        feed(state, "bet 3")


# --- showdown and hands ------------------------------------------------------------------------
def test_hand_types_three_set_three_run_two_set_single() -> None:
    assert v("r5b5r5b1b8")[0] == THREE_SET
    assert v("b3b4b5r8")[0] == THREE_RUN
    assert v("r5b5bK")[0] == TWO_SET
    assert v("r5b7bKr0")[0] == SINGLE
    assert v("b3b4b5") < v("r1b1b1") and v("r8b8") < v("r0r1r2")


def test_equal_type_larger_number_then_one_colour_else_equal() -> None:
    assert v("r6b6") > v("r5b5")
    assert v("r5r5") > v("r5b5")
    assert v("r8") == v("b8")  # a single has no colour tie-break


def test_board_cards_alone_make_a_hand_and_equal_hands_split() -> None:
    state = started(cards=("r1r3b0", "b1b3r2"), shared="r7b7b7")  # everyone has the 3-set
    feed(state, "draw2;draw r8;draw b8;keep r8 r1;draw2;draw r6;draw b6;keep r6 b1")
    while state.round_no == 1:
        feed(state, str(state.legal_moves()[0]))
    assert state.last is not None
    assert state.last.value == (THREE_SET, 8, 0)  # 巫巫巫 from the shared cards for both
    assert state.last.winners == (0, 1) and state.last.shares == (4, 4)


def test_ship_is_wild_only_inside_a_hand() -> None:
    assert v("rSr3r4")[0] == THREE_RUN
    assert v("rSb8")[0] == TWO_SET and v("rSb8")[1] == 9
    assert v("rS") == (SINGLE, 0, 1)


def test_the_winner_is_the_next_parent_and_the_game_ends_after_the_agreed_hands() -> None:
    state = started(cards=("r1r2r3", "b5b5b8", "r0b0rK"), shared="b8r7bT", hands=1)
    exchanged(state)
    feed(state, "bet 1;call;call;bet 1;call;call;bet 1;call;call")
    assert state.is_over() and state.last is not None
    assert state.parent == state.last.winners[0]
    assert sum(state.points) == 120 and state.outcome() is not None


def test_the_game_ends_when_a_seat_cannot_ante() -> None:
    state = started(cards=("r1r2r3", "b5b6b7"), shared="b8r7bT", stock=6)
    exchanged(state)
    feed(state, "bet 5;call;fold")  # seat 1 has nothing left to bet in round 2
    assert state.is_over() and state.points == [0, 12]
    assert state.outcome().detail == "a seat cannot ante"  # type: ignore[union-attr]


# --- notation, hidden hands --------------------------------------------------------------------
def test_every_move_round_trips_and_bad_text_gets_a_hint() -> None:
    state = started()
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
    with pytest.raises(MoveParseError, match="swap r5 b7"):
        state.parse_move("trade r1")
    with pytest.raises(IllegalMoveError, match="b8 is not in seat 1's hand"):
        feed(state, "swap b8 b4")


def test_views_hide_other_hands_and_the_drawn_cards() -> None:
    state = started()
    feed(state, "draw2;draw r8;draw b6")
    view = state.view(1)
    assert view.hands[0] == [] and view.hidden[0] == 3 and view.hidden_asides[0] == 2
    assert "r8" not in view.describe().split("shared")[1]
    sample = view.determinize(1, random.Random(2))
    assert len(sample.asides[0]) == 2 and not sample.invariant_errors()
    assert sample.view(1).describe() == view.describe()


# --- table ---------------------------------------------------------------------------------------
def test_table_hand_plan_and_showdown_ledger() -> None:
    session = new_session(["A", "B", "C"], hands=2)
    assert "3 cards face down" in hand_plan(session).text(["A", "B", "C"])
    step = hand_step(session, [3, 3, 1], {0: parse_cards("r5b5r1"), 1: parse_cards("b2b3b4")},
                     parse_cards("b0r8b7"))
    session = session.add(step)
    assert session.totals() == (37, 44, 39) and session.parent_rate().parent == 1
    assert "3-card run" in step.text_en
    with pytest.raises(ValueError, match="holds only"):
        hand_step(session, [60, 1, 1], winner=0)
