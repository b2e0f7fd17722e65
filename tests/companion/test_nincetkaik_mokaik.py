"""行戦 (mokaik): one test per rule clause of lanerme-games.md §3 (and §2, §14.1, §14.2),
notation and bad input, hidden face-down cards, and the table companion."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.core.record import Game, RecordEntry
from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.ledger import ParentRate, Session
from companion.games.nincetkaik.mokaik.rules import (
    MokaikState,
    hand_size,
    leads_of,
    new_state,
    read,
    season_payments,
)
from companion.games.nincetkaik.mokaik.table import new_session, season_plan, season_step
from companion.games.nincetkaik.positions import feed, round_robin
from companion.games.nincetkaik.record import visible_moves

THREE = ("r1r1b1r8r0r0b0b2b3b4", "r4b6b6r6b7b8r2r3bSrK", "r6r7r7b1b1r5r5b5bTb0")
TWO = ("r1r2r3b5b5r8bKrSb0b0", "r4r5r6b6r6b1b1b2rTb8")


def dealt(hands: tuple[str, ...], parent: int = 1, seasons: int = 4) -> MokaikState:
    state = new_state(len(hands), {"seasons": seasons})
    return feed(state, [f"parent {parent}", *round_robin(list(hands))])


def legal(state: MokaikState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_cards(text)))


# --- deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "each"), [(2, 10), (3, 10), (4, 10), (5, 8), (6, 8)])
def test_ten_cards_each_up_to_four_players_eight_beyond_the_rest_unused(players: int,
                                                                         each: int) -> None:
    game = Game.new("mokaik", players, seed=3)
    game.resolve_chance()
    state = game.state
    assert hand_size(players) == each
    assert [len(h) for h in state.hands] == [each] * players
    assert state.deck_size == 48 - each * players
    assert state.to_move() == state.parent  # the 親 leads the first round


# --- the lead ------------------------------------------------------------------------------------
def test_the_leader_lays_any_single_set_or_one_colour_run_of_three_or_more() -> None:
    state = dealt(TWO)
    moves = legal(state)
    assert {"play r1", "play b5b5", "play r1r2r3", "play b0b0", "play rSb0b0"} <= moves
    assert "play rSr2r3" in moves  # the 船 stands in for a red card inside a run
    assert "play r1r2" not in moves  # two in a row is no run
    assert "play r1b5" not in moves  # no 役 at all
    assert not any(m.startswith("down") for m in moves)  # the lead is face up
    with pytest.raises(IllegalMoveError, match="is no 役"):
        state.play(state.parse_move("play r8b5"))


def test_a_ship_alone_is_the_weakest_single_and_two_ships_with_a_card_read_as_a_set() -> None:
    assert read(parse_cards("rS")).rank == 0
    assert read(parse_cards("rSbSr3")).kind.name == "SET"
    assert read(parse_cards("r3r4rS")).kind.name == "RUN" and read(parse_cards("r3r4rS")).rank == 5
    assert cards("rSb0b0") in leads_of(cards("r1r2r3b5b5r8bKrSb0b0"))


# --- following ---------------------------------------------------------------------------------
def test_a_follower_lays_the_same_type_and_size_stronger_or_as_many_cards_face_down() -> None:
    state = feed(dealt(TWO), "play r1r2r3")
    moves = legal(state)
    assert "play r4r5r6" in moves  # a red run, higher
    assert "play b6r6r6" not in moves  # a set does not follow a run
    assert "down b1b1b2" in moves and "down r4r5r6" in moves
    with pytest.raises(IllegalMoveError, match="lead has 3 cards"):
        state.play(state.parse_move("down b1b1"))


def test_a_single_or_run_must_keep_the_leads_colour() -> None:
    state = feed(dealt(THREE), "play r0")
    moves = legal(state)
    assert {"play r4", "play r2", "play r3", "play rK"} <= moves
    assert "play b6" not in moves and "play bS" not in moves  # black on a red lead


def test_a_set_must_repeat_the_leads_colour_mix() -> None:
    state = feed(dealt(THREE), "play b1r1r1")  # black-red-red
    assert not any(m.startswith("play") for m in legal(state))  # b6b6r6 is black-black-red
    feed(state, "down b6b6r6")
    assert "play r5r5b5" in legal(state)  # black-red-red, stronger


def test_a_follower_must_beat_the_last_face_up_hand_which_wins_the_round() -> None:
    state = feed(dealt(THREE), "play r0; play r4")
    moves = legal(state)
    assert "play r5" in moves and "play r6" in moves
    assert "play r2" not in {*moves} and "play b5" not in moves
    feed(state, "play r5")
    assert state.won == [[], [], list(cards("r5"))]  # the winner keeps only their own cards
    assert sorted(state.discards) == list(cards("r0r4"))  # the others go to 捨札
    assert state.to_move() == 2 and state.lead() is None  # and the winner leads next


def test_face_down_cards_never_win_and_stay_hidden_from_the_others() -> None:
    state = feed(dealt(THREE), "play r8; down b6; down b1")
    assert state.won[0] == list(cards("r8")) and state.to_move() == 0
    view = state.view(0)
    assert view.asides[1] == [] and view.hidden_asides[1] == 1
    assert state.asides[1] == list(cards("b6"))
    assert state.view(1).asides[1] == list(cards("b6"))
    game = Game.new("mokaik", 3, {"seasons": 4})
    for text in ["parent 1", *round_robin(list(THREE)), "play r8", "down b6"]:
        game.replay_entry(RecordEntry(game.state.to_move(), text))
    seen = [text for _, text in visible_moves(game.record, 0)]
    assert seen[-1] == "down 1" and "down b6" in [t for _, t in visible_moves(game.record, 1)]


# --- the season's end and payments -------------------------------------------------------------
def test_the_books_example_payments() -> None:
    # 親の加点 2, 甲 (親) 7 face-up cards, 乙 2, 丙 1, 乙 wins: 甲 pays (6−7)×2 = −2, 丙 pays 5
    assert season_payments((7, 2, 1), 1, ParentRate(0, 2)) == (2, 3, -5)


def test_when_the_parent_wins_every_payment_is_multiplied() -> None:
    assert season_payments((3, 1, 0), 0, ParentRate(0, 3)) == (33, -15, -18)
    assert season_payments((3, 1, 0), 2, ParentRate(0, 2)) == (-6, -5, 11)  # only the 親's


def test_the_winner_of_the_last_round_wins_the_season_and_is_the_next_parent() -> None:
    rng = random.Random(5)
    state = dealt(TWO, seasons=2)
    while state.round_no == 1:
        before_points = list(state.points)
        rate = state.parent_rate()
        state.play(rng.choice(state.legal_moves()))
    last = state.last
    assert last is not None and last.season == 1
    best = [lay for lay in last.last_trick if lay.combo is not None][-1]
    assert last.winner == best.seat
    assert last.rate == rate
    assert last.deltas == season_payments(last.counts, last.winner, rate)
    assert [p - q for p, q in zip(state.points, before_points, strict=True)] == list(last.deltas)
    assert state.parent == last.winner
    assert state.rate == (rate.rate + 1 if last.winner == rate.parent else 2)
    assert sum(last.counts) + sum(len(a) for a in state.asides) <= 20


def test_the_game_ends_after_the_agreed_seasons_most_points_wins() -> None:
    rng = random.Random(2)
    state = dealt(THREE, seasons=1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    outcome = state.outcome()
    assert outcome is not None and state.round_no == 1 and "1 seasons played" in state.reason
    best = max(state.points)
    assert outcome.winners == {s for s, p in enumerate(state.points) if p == best}
    assert sum(state.points) == 0


# --- notation and bad input --------------------------------------------------------------------
def test_notation_round_trips_and_bad_text_gets_a_sentence() -> None:
    state = dealt(TWO)
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
    for text in ("play", "lead r5", "play x9", "down"):
        with pytest.raises(MoveParseError):
            state.parse_move(text)
    with pytest.raises(IllegalMoveError, match="not in seat 1's hand"):
        state.play(state.parse_move("play r7"))


# --- the table companion -----------------------------------------------------------------------
def test_table_plan_names_the_parent_the_cards_each_and_the_unused_cards() -> None:
    session = new_session(["甲", "乙", "丙", "丁", "戊"], seasons=2, parent=1)
    plan = season_plan(session)
    assert (plan.parent, plan.rate, plan.cards_each, plan.unused) == (1, 2, 8, 8)
    assert "乙" in plan.text(session.names, "ja") and "8 枚" in plan.text(session.names, "ja")


def test_table_season_step_the_books_example_then_the_parent_rotates() -> None:
    session = new_session(["甲", "乙", "丙"], seasons=2, parent=0)
    session = session.add(season_step(session, 1, (7, 2, 1)))
    assert session.totals() == (2, 3, -5)
    assert session.parent_rate() == ParentRate(1, 2)
    session = session.add(season_step(session, 1, (0, 4, 2)))  # the 親 wins again: ×2
    assert session.totals() == (2 - 12, 3 + 12 + 8, -5 - 8)
    assert session.parent_rate() == ParentRate(1, 3) and session.is_over()
    record = session.to_play_record()
    assert [s.winner for s in record.seats] == [False, True, False]


@pytest.mark.parametrize(("winner", "counts", "why"), [
    (0, (0, 3), "at least the cards"),
    (1, (11, 3), "more face-up cards"),
    (1, (-1, 3), "negative"),
    (5, (1, 3), "winner"),
])
def test_table_refuses_counts_that_cannot_happen(winner: int, counts: tuple[int, ...],
                                                 why: str) -> None:
    session: Session = new_session(["A", "B"])
    with pytest.raises(ValueError, match=why):
        season_step(session, winner, counts)


def test_moves_read_in_both_languages_and_face_down_cards_as_a_count() -> None:
    from companion.games.nincetkaik.texts import hidden_keep, move_text

    assert move_text("mokaik", "play r5b5", "ja") == "赤馬・黒馬 を表で出す"
    assert move_text("mokaik", "play r5b5", "en") == "lays red 馬 5, black 馬 5 face up"
    assert hidden_keep("down r1b2") == "down 2"
    assert move_text("mokaik", "down 2", "ja") == "2 枚を伏せて出す"
    assert move_text("mokaik", "down r1b2", "en") == "puts red 兵 1, black 弓 2 face down"
    assert move_text("mokaik", "down 1", "en") == "puts 1 card face down"  # not "1 cards"
    assert move_text("mokaik", "down 3", "en") == "puts 3 cards face down"
    assert move_text("mokaik", "down 1", "ja") == "1 枚を伏せて出す"


def test_the_search_looks_a_few_rounds_ahead_then_judges_the_hands() -> None:
    state = dealt(TWO)
    world = state.determinize(0, random.Random(1))
    assert world.hands[0] == state.hands[0] and len(world.hands[1]) == len(state.hands[1])
    assert world.horizon_tricks == 6  # about twelve plays with two players
    rng = random.Random(2)
    while not world.is_over():
        world.play(rng.choice(world.legal_moves()))
    assert world.truncated and world.tricks == 6 and world.round_no == 1
    rewards = world.returns()
    assert all(0.0 <= r <= 1.0 for r in rewards) and rewards[0] + rewards[1] == pytest.approx(1.0)
