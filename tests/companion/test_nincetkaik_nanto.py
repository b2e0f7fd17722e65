"""開樽 (nanto): one test per rule clause of lanerme-games.md §8 and its decisions, hand values,
notation, hidden hands, the table companion."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.core.record import Game, GameRecord
from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.nanto.rules import NantoState, best_yaku, hand_value, new_state
from companion.games.nincetkaik.nanto.table import (
    closing_step,
    deal_plan,
    deal_step,
    new_session,
)
from companion.games.nincetkaik.positions import feed, round_robin


def started(players: int = 3, hands: tuple[str, ...] = ("r5r6", "b1b2", "r8b7"),
            parent: int = 1, **options: int) -> NantoState:
    """A deal with `hands` dealt in order from the 親 (seat numbers from 1)."""
    state = new_state(players, {"stock": 40, "deals": 10, **options})
    return feed(state, [f"parent {parent}", *round_robin(list(hands))])


def value(text: str) -> tuple[tuple[int, int, int, int], ...]:
    return hand_value(tuple(sorted(parse_cards(text))))


# --- a deal ------------------------------------------------------------------------------------
def test_every_deal_starts_with_an_entry_fee_of_1_and_two_hidden_cards_each() -> None:
    state = started()
    assert state.points == [39, 39, 39] and state.pot == 3
    assert [len(h) for h in state.hands] == [2, 2, 2]


def test_bets_go_round_once_from_the_parent() -> None:
    state = started(parent=2)
    assert state.to_move() == 1
    feed(state, "pass;pass")
    assert state.to_move() == 0


def test_a_bet_is_at_least_the_previous_bet_and_at_least_1() -> None:
    state = started()
    assert "bet 0" not in [str(m) for m in state.legal_moves()]
    feed(state, "bet 3")
    assert min(m.amount for m in state.legal_moves() if str(m) != "pass") == 3
    with pytest.raises(IllegalMoveError, match="at least 3"):
        feed(state, "bet 2")


def test_a_bet_over_what_the_seat_holds_is_refused_with_a_sentence() -> None:
    state = started()
    with pytest.raises(IllegalMoveError) as err:
        feed(state, "bet 40")
    assert "more than the 39 points seat 1 holds" in str(err.value)
    assert state.pot == 3  # nothing changed


def test_pass_is_out_of_the_deal_and_the_fee_stays_in_the_pot() -> None:
    state = started(hands=("r5r6", "b1b2", "r8b7"))
    feed(state, "bet 1;pass;bet 1")
    assert state.last is not None and state.last.winners == (0,)  # run 5-6 beats singles
    assert state.last.shares == (5, 0, 0)
    assert state.points == [39 - 1 + 5 - 1, 38, 37]  # the next deal's fee is paid already


def test_best_hand_of_the_bettors_takes_the_pot() -> None:
    state = started(hands=("r1b8", "rKbT", "r0b0"))
    feed(state, "bet 2;bet 2;bet 2")
    assert state.last is not None and state.last.winners == (1,)  # 皇王
    assert state.last.shares == (0, 9, 0) and state.points[1] == 39 - 2 + 9 - 1
    assert dict(state.last.shown) == {0: tuple(parse_cards("r1b8")), 1: tuple(parse_cards("rKbT")),
                                      2: tuple(parse_cards("r0b0"))}


def test_a_single_bettor_takes_the_pot_without_showing() -> None:
    state = started()
    feed(state, "pass;bet 5;pass")
    assert state.last is not None and state.last.winners == (1,) and state.last.shown == ()
    assert state.points == [38, 39 - 5 + 8 - 1, 38]


def test_when_everyone_passes_the_pot_stays_for_the_next_deal() -> None:
    state = started()
    feed(state, "pass;pass;pass")
    assert state.last is not None and state.last.winners == ()
    assert state.pot == 3 + 3 and state.round_no == 2


def test_the_parent_stays_unless_the_parent_passes() -> None:
    state = started(parent=1)
    feed(state, "bet 1;pass;pass")
    assert state.parent == 0
    feed(state, round_robin(["r1b1", "r2b2", "r3b3"]))
    feed(state, "pass;bet 1;pass")
    assert state.parent == 1


def test_equal_hands_split_the_pot_odd_points_after_the_parent() -> None:
    state = started(hands=("r5r6", "b1b3", "b5b6"), parent=1)
    feed(state, "bet 1;pass;bet 1")  # red and black 5-6 runs: equal
    assert state.last is not None and state.last.winners == (0, 2)
    # pot 3 + 2 = 5: 2 each, the odd point to seat 3 (first after the 親 among the winners)
    assert state.last.shares == (2, 0, 3)


def test_the_game_ends_after_the_agreed_deals_and_the_pot_left_is_shared() -> None:
    state = started(players=2, hands=("r1r2", "b3b5"), deals=1)
    feed(state, "pass;pass")
    assert state.is_over() and state.pot == 0 and sum(state.points) == 80
    assert state.points == [40, 40]
    assert state.outcome() is not None and state.outcome().winners == frozenset({0, 1})


def test_the_game_ends_when_a_seat_cannot_pay_the_entry_fee() -> None:
    state = started(players=2, hands=("r1b2", "rKbT"))
    feed(state, "bet 39;bet 39")
    assert state.is_over() and state.points == [0, 80]
    assert "entry fee" in state.outcome().detail  # type: ignore[union-attr]


# --- hands ---------------------------------------------------------------------------------------
def test_hand_ranks_king_tam_then_run_then_set_then_single() -> None:
    assert value("rKbT") > value("r7r8") > value("b8r8") > value("rKb8")


def test_equal_rank_larger_number_then_one_colour_then_the_next_card() -> None:
    assert value("r7r8") > value("b6b7")  # run by its top number
    assert value("r2r2") > value("r2b2")  # one colour beats mixed
    assert value("r8b6") > value("b8r5")  # singles: the second card decides
    assert value("r8b6") == value("b8r6")  # singles never compare colours


def test_ship_is_wild_king_tam_run_pair_and_two_ships_are_the_weakest_pair() -> None:
    assert best_yaku(parse_cards("rSbK")).name == "皇王"
    assert best_yaku(parse_cards("rSr8")).name == "連番"
    assert best_yaku(parse_cards("rSb5")).name == "セット"
    assert value("rSbS") < value("r0b0") and value("rSbS") > value("rKb8")


def test_named_hands_of_more_cards_for_the_house_variant() -> None:
    assert best_yaku(parse_cards("b1b2b8b6b7")).name == "筆兵無傾"
    assert best_yaku(parse_cards("r6b7r8")).name == "地心"
    assert best_yaku(parse_cards("r1b2r5")).name == "馬弓兵"
    assert best_yaku(parse_cards("rSr3b5")).name == "行行"
    assert best_yaku(parse_cards("r1b1r1b1r1")).name == "闇戦之集"


# --- notation, records, hidden hands -----------------------------------------------------------
def test_moves_and_chance_round_trip_and_bad_text_gets_a_hint() -> None:
    state = started()
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
    with pytest.raises(MoveParseError, match="無行"):
        state.parse_move("raise 3")


def test_a_view_never_shows_another_seats_cards_and_determinize_agrees() -> None:
    state = started()
    view = state.view(0)
    assert view.hands[1] == [] and view.hidden[1] == 2 and view.hands[0] == state.hands[0]
    assert "b1b2" not in view.describe()
    sample = view.determinize(0, random.Random(3))
    assert sample.hands[0] == state.hands[0] and len(sample.hands[2]) == 2
    assert not sample.invariant_errors()
    assert sample.view(0).describe() == view.describe()


def test_a_record_with_an_illegal_bet_is_refused_with_its_position() -> None:
    game = Game.new("nanto", 2, seed=4)
    game.resolve_chance()
    data = game.record.to_dict()
    data["moves"].append({"seat": game.state.to_move(), "move": "bet 99"})
    with pytest.raises(ValueError, match=r"move \d+ \(bet 99\).*more than"):
        Game.replay(GameRecord.from_dict(data))


# --- the table companion -----------------------------------------------------------------------
def test_table_deal_plan_ledger_and_parent_rotation() -> None:
    session = new_session(["A", "B", "C"], deals=2)
    plan = deal_plan(session)
    assert (plan.deal, plan.parent, plan.cards_each, plan.fee) == (1, 0, 2, 1)
    assert "2 cards face down" in plan.text(["A", "B", "C"])
    step = deal_step(session, [0, 2, 3], {1: parse_cards("r1b1"), 2: parse_cards("r5r6")})
    session = session.add(step)
    assert session.totals() == (39, 37, 44) and session.parent_rate().parent == 1
    assert "run" in step.text_en
    session = session.add(deal_step(session, [0, 0, 0]))
    assert session.pot() == 3 and session.is_over()
    session = session.add(closing_step(session))
    assert session.pot() == 0 and sum(session.totals()) == 120
    assert session.undo().pot() == 3


def test_table_refuses_bets_against_the_rules() -> None:
    session = new_session(["A", "B"])
    with pytest.raises(ValueError, match="less than the previous"):
        deal_step(session, [3, 2])
    with pytest.raises(ValueError, match="more than"):
        deal_step(session, [50, 0])
