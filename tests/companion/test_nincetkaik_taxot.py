"""終季 (taxot): one test per rule clause of lanerme-games.md §4, §2 D3 and §14.1/14.2/14.6/14.7,
scoring with known values, notation, hidden hands and the table companion."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.hands import Kind
from companion.games.nincetkaik.positions import feed, round_robin
from companion.games.nincetkaik.taxot.rules import TaxotState, new_state
from companion.games.nincetkaik.taxot.scoring import is_winning, score_hand
from companion.games.nincetkaik.taxot.table import (
    call_step,
    drawn_step,
    four_set_step,
    new_session,
    score,
    season_plan,
    season_step,
)

TWO = ("r3b0b2rKb6", "r4r5b1b3r8")


def started(hands: tuple[str, ...] = TWO, parent: int = 1, light: str = "",
            **options: object) -> TaxotState:
    """A season dealt from the 親 (seat numbers from 1), before the 親's first draw."""
    state = new_state(len(hands), {"seasons": 4, "light": bool(light), **options})
    return feed(state, [f"parent {parent}", *round_robin(list(hands)),
                        *([f"up {light}"] if light else [])])


def discard(state: TaxotState, card: str) -> TaxotState:
    """Discard `card` and let every claim pass."""
    feed(state, f"discard {card}")
    while state.phase == "claim":
        feed(state, "pass")
    return state


def moves(state: TaxotState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


# --- setup and turns ----------------------------------------------------------------------------
def test_five_cards_each_and_the_parent_draws_first() -> None:
    state = started(parent=2)
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.queue == [("draw", 1)]
    feed(state, "draw b8")
    assert state.to_move() == 1 and len(state.hands[1]) == 6


def test_a_turn_is_draw_one_discard_one_then_the_next_seat_draws() -> None:
    state = started(hands=("r0b2r4b6b8", "r1b3r5b7rK"))
    feed(state, "draw bT")
    assert moves(state) == {"discard r0", "discard b2", "discard r4", "discard b6",
                            "discard b8", "discard bT"}
    feed(state, "discard bT")
    assert state.discards == parse_cards("bT") and state.asks == [(1, "claim")]
    assert moves(state) == {"pass"}  # asked though it cannot take it
    feed(state, "pass")
    assert state.queue == [("draw", 1)]


# --- 開 -------------------------------------------------------------------------------------------
def test_a_discard_completing_a_3_run_may_be_called_the_caller_pays_1() -> None:
    state = started()
    feed(state, "draw b8;discard r3")
    assert state.phase == "claim" and state.to_move() == 1
    assert moves(state) == {"call r4r5", "pass"}
    feed(state, "call r4r5")
    assert [m.cards for m in state.melds[1]] == [tuple(parse_cards("r3r4r5"))]
    assert state.points == [1, -1] and state.tally[1][1] == -1
    assert state.phase == "after_call" and moves(state) == {"discard b1", "discard b3",
                                                              "discard r8"}


def test_after_a_call_play_goes_on_to_the_callers_left() -> None:
    state = started(hands=("r3b0b2rKb6", "b1b3r8r0b7", "r4r5bTb4r6"))
    feed(state, "draw b8;discard r3")
    assert state.asks == [(1, "claim"), (2, "claim")]  # every other seat, in order
    assert moves(state) == {"pass"}
    feed(state, "pass;call r4r5;discard bT;pass;pass")
    assert state.queue == [("draw", 0)]  # seat 2 is skipped


def test_every_seat_is_asked_once_and_the_nearest_caller_takes_the_discard() -> None:
    state = started(hands=("r3b0b2rKb6", "r4r5b1b3b7", "r2r1bTb4r6"))
    feed(state, "draw b8;discard r3")
    assert state.asks == [(1, "claim"), (2, "claim")]
    feed(state, "call r4r5")
    assert state.melds[1] == [] and state.to_move() == 2  # the call waits for seat 3
    assert state.call == (1, tuple(parse_cards("r4r5")))  # shown on the table meanwhile
    assert state.view(2).call == state.call and state.hand_size(1) == 3
    assert moves(state) == {"pass"}  # seat 3 could call too, but seat 2 is nearer
    feed(state, "pass")
    assert [m.cards for m in state.melds[1]] == [tuple(parse_cards("r3r4r5"))]
    assert state.points == [1, -1, 0] and state.phase == "after_call"


def test_the_next_seat_letting_it_go_leaves_the_call_to_a_later_seat() -> None:
    state = started(hands=("r3b0b2rKb6", "r4r5b1b3b7", "r2r1bTb4r6"))
    feed(state, "draw b8;discard r3;pass")
    assert moves(state) == {"call r1r2", "pass"}
    feed(state, "call r1r2")
    assert state.phase == "after_call" and state.mover == 2


def test_a_call_must_leave_a_card_to_discard() -> None:
    state = started(hands=("r3b0b2rKb6", "r4r5b3b3r8"))
    feed(state, "draw bS;discard r3;call r4r5;discard r8;pass")
    feed(state, "draw b8;discard bS")  # b3 b3 + 船 would leave nothing to discard
    assert state.asks == [(1, "claim")]  # but it wins: [r3r4r5 laid out][b3 b3 船]
    assert moves(state) == {"declare", "pass"}


def test_a_win_on_a_discard_comes_before_a_call() -> None:
    state = started(hands=("r3b0b2rKb6", "b7b8r3r0b0", "r1b1r5b5r6"))
    feed(state, "draw bK;discard b6")  # seat 2 can call 6-7-8, seat 3 wins with 筆筆
    assert "call b7b8" in moves(state)
    feed(state, "call b7b8")
    assert moves(state) == {"declare", "pass"}
    feed(state, "declare")
    assert state.last is not None and state.last.winner == 2 and state.last.discarder == 0
    assert state.melds[1] == [] and state.tally[1][1] == 0  # the call did not happen


def test_a_nearer_seat_declaring_takes_the_discard_before_the_later_seats_are_asked() -> None:
    state = started(hands=("r3b0b2rKb6", "r1b1r5b5r6", "r6b7b8r0b0"))
    feed(state, "draw bK;discard b6;declare")
    assert state.last is not None and state.last.winner == 1


# --- games saved before every seat was asked (option claims=able) -------------------------------
def test_old_records_ask_only_the_seats_that_can_claim_wins_first() -> None:
    state = started(hands=("r3b0b2rKb6", "r4r5b1b3r7", "r1b1r6b6rT"), claims="able")
    feed(state, "draw bK;discard bK")  # seat 3 wins with 兵兵 筆筆 王皇
    assert state.asks == [(2, "win")]
    feed(state, "declare")
    assert state.last is not None and state.last.winner == 2 and state.last.discarder == 0
    state = started(hands=("r3b0b2rKb6", "r4r5b1b3b7", "r2r1bTb4r6"), claims="able")
    feed(state, "draw b8;discard r3")
    assert state.asks == [(1, "call"), (2, "call")]
    feed(state, "call r4r5")  # taken at once
    assert state.phase == "after_call" and state.points == [1, -1, 0]
    state = started(claims="able")
    feed(state, "draw r8;discard r8")
    assert state.asks == [] and state.queue == [("draw", 1)]  # nobody can claim: not asked


def test_a_saved_record_without_the_claims_option_replays_as_it_was_played() -> None:
    from companion.core.record import Game, GameRecord

    old = {"format": 1, "game": "taxot", "players": 2, "seed": 3,
           "options": {"seasons": 1, "light": False},
           "moves": [{"chance": "parent 1"},
                     *({"chance": m} for m in round_robin(list(TWO))),
                     {"chance": "draw r8"}, {"seat": 0, "move": "discard r8"},
                     {"chance": "draw b8"}]}  # seat 2 could not claim r8: not asked
    record = GameRecord.from_dict(old)
    assert record.options["claims"] == "able"
    state = Game.replay(record).state
    assert state.to_move() == 1 and len(state.hands[1]) == 6
    fresh = Game.new("taxot", 2, {"seasons": 1}, seed=3)
    assert fresh.state.options["claims"] == "everyone"
    again = GameRecord.from_dict(fresh.record.to_dict())
    assert again.options["claims"] == "everyone"


# --- 終季 -----------------------------------------------------------------------------------------
def test_winning_shapes_2_2_2_and_2_4_and_3_3() -> None:
    assert is_winning(parse_cards("r1b1r5b5rKbT"), [])
    assert is_winning(parse_cards("r0b0r2b2r2b2"), [])
    assert is_winning(parse_cards("r7b7r7r3r4r5"), [])
    assert not is_winning(parse_cards("r1b1r5b5rKb8"), [])
    assert not is_winning(parse_cards("r1r2r3r4b6b6"), [])  # a 4-run is not a 役 here


def test_laid_out_hands_count_as_they_lie() -> None:
    state = started()
    feed(state, "draw b8;discard r3;call r4r5")
    meld = state.melds[1]
    assert not is_winning(parse_cards("b1b3r8"), meld)
    assert is_winning(parse_cards("r8b8r8"), meld)  # [3-run laid out][3-set in hand]
    assert not is_winning(parse_cards("r2r3r6"), meld)  # the run is never re-split


def test_a_win_on_ones_own_draw_is_paid_by_everyone_else() -> None:
    state = started(hands=("r1b1r5b5rK", "r0b2r4b6b8", "r2b3r6b7r8"))
    feed(state, "draw bT")
    assert "declare" in moves(state)
    feed(state, "declare")
    result = state.last
    assert result is not None and result.winner == 0 and result.discarder is None
    # 終季 2 + 一周 3 = 5, × 加点 2 (the 親 receives) + 皇王 2 = 12 from each
    assert result.deltas == (24, -12, -12)


def test_a_win_on_a_discard_is_paid_by_the_discarder_without_a_call_point() -> None:
    state = started(hands=("r3b0b2rKb6", "r4r5b1b3r7", "r1b1r6b6rT"))
    feed(state, "draw bK;discard bK;pass;declare")
    # seat 3 (a child) from seat 1 (the 親): (2 + 3 一周) × 2 + 皇王 2 = 12
    assert state.points == [-12, 0, 12]
    assert state.tally[0][1] == 0


def test_the_books_example_child_self_draw_parent_pays_6_children_pay_4() -> None:
    hands = ("r0b2r4b6b8", "r1b1r5b5rK", "r2b3r6b7b0", "b4r7r0b1r3")
    state = started(hands=hands)
    for card in ("r2", "r8", "b5", "r6", "b3"):  # one round: each discards what it drew
        feed(state, f"draw {card}")
        discard(state, card)
    feed(state, "draw bT;declare")  # the 親's second turn has begun: no 一周
    assert state.last is not None and state.last.deltas == (-6, 14, -4, -4)


def test_the_declarer_is_next_parent_rate_rises_when_the_parent_wins() -> None:
    state = started(hands=("r1b1r5b5rK", "r0b2r4b6b8"))
    feed(state, "draw bT;declare")
    assert (state.parent, state.rate) == (0, 3) and state.round_no == 2
    assert state.last is not None and state.last.rate.rate == 2  # the season's own 加点


def test_the_rate_resets_to_2_when_another_player_becomes_parent() -> None:
    state = started(hands=("r1b1r5b5rK", "r0b2r4b6b8"))
    feed(state, "draw bT;declare")
    feed(state, round_robin(["r0b2r4b6b8", "r1b1r5b5rK"]))
    feed(state, "draw r8;discard r8;pass;draw bT;declare")
    assert (state.parent, state.rate) == (1, 2)


def test_a_deck_run_out_pays_nothing_and_keeps_the_parent_and_rate() -> None:
    state = started()
    rng = random.Random(5)
    while state.round_no == 1:
        if state.is_chance():
            feed(state, str(rng.choice(state.legal_moves())))
        elif state.phase == "claim":
            feed(state, "pass")
        else:
            feed(state, next(str(m) for m in state.legal_moves() if str(m).startswith("discard")))
    assert state.last is not None and state.last.winner is None
    assert state.points == [0, 0] and (state.parent, state.rate) == (0, 2)


def test_four_set_laid_out_from_the_hand_is_paid_by_every_other_player() -> None:
    state = started(hands=("r5r5b5b1b2", "r0b2r4b6b8", "r2b3r6b7r8"))
    feed(state, "draw b5")
    assert "lay r5r5b5b5" in moves(state)
    feed(state, "lay r5r5b5b5")
    assert state.points == [2, -1, -1] and state.tally[0][2] == 2
    assert "lay r5r5b5b5" not in moves(state) and "declare" not in moves(state)


def test_a_four_set_made_by_a_call_earns_the_call_and_the_four_set() -> None:
    state = started(hands=("r0b2b5b6b8", "r5r5b5b1b3"))
    feed(state, "draw r8;discard b5")
    assert "call r5r5b5" in moves(state)
    feed(state, "call r5r5b5")
    assert state.points == [1 - 1, -1 + 1] and state.tally[1] == [0, -1, 1]


def test_the_game_ends_after_the_agreed_seasons_and_most_points_win() -> None:
    state = started(hands=("r1b1r5b5rK", "r0b2r4b6b8"), seasons=1)
    feed(state, "draw bT;declare")
    outcome = state.outcome()
    assert state.is_over() and outcome is not None and outcome.winners == frozenset({0})
    assert outcome.breakdown[0] == {"seasons": 12.0, "calls": 0.0, "four_sets": 0.0}


# --- points -------------------------------------------------------------------------------------
def points(hand: str, first_round: bool = False, lights: str = "") -> tuple[int, int]:
    result = score_hand(parse_cards(hand), [], first_round, parse_cards(lights) if lights else [])
    assert result is not None
    return result.end_points, result.bonus_points


def test_end_points_taxot_same_colour_six_run_first_round() -> None:
    assert points("r1b1r5b5r0b0") == (2, 0)
    assert points("r1r1r5r5r0r0") == (3, 0)  # 同色
    assert points("b1b2b3r4r5r6") == (3, 0)  # 六連, colours may differ
    assert points("r1r2r3r4r5r6") == (4, 0)  # 六連 + 同色
    assert points("r1b1r5b5r0b0", first_round=True) == (5, 0)


def test_the_best_reading_of_a_ship_counts() -> None:
    assert points("r1r2rSr4r5r6") == (4, 0)  # 船 as 3 makes 六連 (and all red)


def test_bonus_king_tam_and_light_not_for_a_ship_standing_in() -> None:
    assert points("rKbTr1b1r5b5") == (2, 2)
    assert points("rKrSr1b1r5b5") == (2, 1)  # the 船 standing in for 皇 is no bonus
    assert points("r5b5r1b1r0b0", lights="b5") == (2, 2)  # 光: both 馬, colour ignored
    assert points("r5b5r1b1r0b0", lights="b5r5") == (2, 2)  # at most one 光 per card
    assert points("rSb5r1b1r0b0", lights="b5") == (2, 1)  # the 船 is no 馬


def test_light_option_turns_up_indicators_at_the_start_and_the_end() -> None:
    state = started(hands=("r1b1r5b5rK", "r0b2r4b6b8"), light="r1")
    assert state.indicators == parse_cards("r1")
    feed(state, "draw bT;declare")
    assert state.queue == [("up", -1)]
    feed(state, "up b5")
    result = state.last
    assert result is not None and result.score is not None
    assert dict(result.score.bonus) == {"king_tam": 2, "light": 4}


# --- notation, errors, hidden hands -------------------------------------------------------------
def test_notation_round_trips_and_bad_moves_get_a_sentence() -> None:
    state = started()
    feed(state, "draw b8")
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
    with pytest.raises(IllegalMoveError, match="r7 not in seat 1's hand"):
        feed(state, "discard r7")
    with pytest.raises(IllegalMoveError, match="does not split into a winning shape"):
        feed(state, "declare")
    with pytest.raises(MoveParseError, match="discard r5"):
        state.parse_move("throw r5")
    feed(state, "discard r3")
    with pytest.raises(IllegalMoveError, match="not a 3-set, 3-run or 4-set"):
        feed(state, "call r4b1")


def test_views_hide_other_hands_and_determinize_keeps_what_is_public() -> None:
    state = started()
    feed(state, "draw b8;discard r3;call r4r5")
    view = state.view(0)
    assert view.hands[1] == [] and view.hidden[1] == 3 and len(view.melds[1]) == 1
    assert view.to_move() == state.to_move()
    sample = view.determinize(0, random.Random(9))
    assert sample.hands[0] == state.hands[0] and len(sample.hands[1]) == 3
    assert not sample.invariant_errors()
    assert sample.view(0).describe() == view.describe()


# --- the table companion ------------------------------------------------------------------------
def test_table_ledger_with_calls_four_sets_seasons_and_the_parent_rate() -> None:
    session = new_session(["A", "B", "C", "D"], seasons=2)
    assert "5 cards" in season_plan(session).text(["A", "B", "C", "D"])
    session = session.add(call_step(session, caller=2, discarder=1, four_set=True))
    assert session.totals() == (-1, 0, 2, -1)
    session = session.add(season_step(session, winner=1, hand="r1b1r5b5rKbT"))
    assert session.totals() == (-1 - 6, 14, 2 - 4, -1 - 4)
    assert session.parent_rate().parent == 1 and session.parent_rate().rate == 2
    session = session.add(four_set_step(session, 0))
    session = session.add(drawn_step(session))
    assert session.is_over() and sum(session.totals()) == 0
    assert session.undo().undo().totals() == (-7, 14, -2, -5)


def test_table_calculator_explains_a_hand_that_does_not_win() -> None:
    assert score("r1b1r5b5rKbT").end_points == 2
    assert score("r8b8r8", melds=["r3r4r5"]).groups[0].kind is Kind.RUN
    with pytest.raises(ValueError, match="does not split"):
        score("r1b2r5b5rKbT")
    with pytest.raises(ValueError, match="has 6 cards"):
        score("r1b1")


def test_the_bots_value_a_hand_one_card_from_winning() -> None:
    from companion.games.nincetkaik.bots import evaluate_taxot, taxot_win_chance

    state = started(hands=("r1b1r5b5rK", "r0b2r4b6b8"))
    feed(state, "draw r8;discard r8")  # seat 1 waits for 皇 or 王 (or a 船)
    assert taxot_win_chance(state, 0) > 0.0
    assert taxot_win_chance(state, 1) == 0.0  # nothing completes 無弓虎筆将
    assert evaluate_taxot(state, 0) > evaluate_taxot(state, 1)


def _asked_with_only_pass(seed: int = 3) -> tuple[dict[str, object], int]:
    """A game's record at a seat asked about a discard that it can only let go."""
    from companion.core.record import Game

    game = Game.new("taxot", 3, {"seasons": 1}, seed=seed)
    while True:
        game.resolve_chance()
        state = game.state
        legal = state.legal_moves()
        if state.phase == "claim" and [str(m) for m in legal] == ["pass"]:
            return game.record.to_dict(), state.to_move()
        game.play(legal[-1])


@pytest.mark.parametrize("kind", ["mcts:weak", "mcts:strong"])
def test_a_bot_searches_a_discard_question_even_when_it_can_only_let_it_go(kind: str) -> None:
    """A bot asked a question (every seat is asked about a discard) searches as it would with
    a choice, so its answer takes about as long whether or not it could take the card."""
    from companion.bots.worker import BotRequest, decide

    record, seat = _asked_with_only_pass()
    checks = {True: 0, False: 0}  # the search checks `stop` between two iterations
    for question in (False, True):
        def stop(question: bool = question) -> bool:
            checks[question] += 1
            return False

        request = BotRequest(record, seat, kind, question=question)
        assert decide(request, stop) == "pass"
    assert checks[False] == 0 and checks[True] >= 64
