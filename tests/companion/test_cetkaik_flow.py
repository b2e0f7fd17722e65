"""机戦 turns, casts, water, hands, declarations, seasons and the end (cetkaik.md §3.3–§5, §8).

Squares in plain names (see test_cetkaik_moves); the 皇 stands on i1 unless a test says else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb

import pytest

from companion.core.api import CHANCE, Termination
from companion.games.cetkaik.board import STANDARD_BOARD as B
from companion.games.cetkaik.positions import layout, play_all, position
from companion.games.cetkaik.rules import (
    AFTER_CAST,
    DECLARE,
    MOVE,
    OVER,
    SEASON_START,
    STEP_CAST,
    WATER_CAST,
    CetkaikState,
    new_state,
)


def at(pieces: Mapping[str, str], mover: int = 0, held: Sequence[Sequence[str]] = ((), ()),
       tam: str = "i1", **options: object) -> CetkaikState:
    return position(layout({tam: "皇", **pieces}), mover, options,
                    (list(held[0]), list(held[1])))


def piece(state: CetkaikState, square: str) -> str:
    found = state.piece_at(square)
    return "" if found is None else found[0].kanji + found[1].kanji


def name(square: str) -> str:
    return B.name(B.parse_square(square))


def move(state: CetkaikState, *texts: str) -> None:
    """Play moves written with plain square names ("b2-b5", "b2-[b3]-b5", "=3", "go b5")."""
    converted = []
    for text in texts:
        for square in sorted({w for w in text.replace("[", " ").replace("]", " ")
                              .replace("-", " ").replace("*", " ").split()
                              if B.is_square_name(w) and w[-1].isdigit()}, key=len,
                             reverse=True):
            text = text.replace(square, name(square))
        converted.append(text)
    play_all(state, *converted)


# --- seasons begin ------------------------------------------------------------------------------
def test_a_season_starts_with_a_fair_draw_of_the_side_to_move_first() -> None:
    state = new_state(2, {})
    assert state.phase == SEASON_START and state.to_move() == CHANCE
    assert [(str(m), p) for m, p in state.chance_outcomes()] == [("first IA", 0.5),
                                                                   ("first A", 0.5)]
    move(state, "first A")
    assert state.to_move() == 1 and state.phase == MOVE


def test_casts_come_with_the_odds_of_five_sticks() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"})
    move(state, "b2-[b3]-b5")
    assert state.phase == STEP_CAST
    for outcome, probability in state.chance_outcomes():
        assert Fraction(probability).limit_denominator(32) == Fraction(
            comb(5, outcome.face_up), 32)


# --- stepping casts -----------------------------------------------------------------------------
def test_a_ranging_second_leg_arrives_when_the_cast_covers_its_distance() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"})
    move(state, "b2-[b3]-b5", "=2")
    assert state.phase == AFTER_CAST and state.mover == 0 and state.last_cast == 2
    assert [str(m) for m in state.legal_moves()] == ["go LO", "stay"]
    move(state, "go LO")
    assert piece(state, "b5") == "黒弓" and piece(state, "b2") == ""
    assert state.phase == MOVE and state.mover == 1


def test_a_short_cast_leaves_the_piece_where_it_started_and_ends_the_turn() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"})
    move(state, "b2-[b3]-b5", "=1")
    assert piece(state, "b2") == "黒弓" and state.phase == MOVE and state.mover == 1


def test_after_a_good_cast_the_mover_may_still_give_up_the_move() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^", "b5": "赤兵v"})
    move(state, "b2-[b3]-b5", "=5", "stay")
    assert piece(state, "b2") == "黒弓" and piece(state, "b5") == "赤兵"
    assert state.mover == 1 and not any(state.hop[0])


def test_a_fixed_second_leg_needs_no_cast() -> None:
    state = at({"b2": "黒車^", "b4": "黒兵^"})
    move(state, "b2-[b4]-b6")
    assert piece(state, "b6") == "黒車" and state.phase == MOVE and state.mover == 1


def test_announcing_a_direction_lets_the_cast_choose_how_far() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"}, announce="direction")
    assert "LAU-[LAI]->LY" in [str(m) for m in state.legal_moves()]
    move(state, "LAU-[LAI]->LY", "=3")
    assert [str(m) for m in state.legal_moves()] == ["go LY", "go LO", "go LU", "stay"]


def test_announcing_nothing_lets_the_cast_choose_the_line_too() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"}, announce="nothing")
    move(state, "LAU-[LAI]", "=1")
    # within one square of b3: b4, a3, c3, and b2 where the bow started (now empty)
    assert {str(m) for m in state.legal_moves()} == {"go LY", "go KAI", "go NAI", "go LAU",
                                                     "stay"}


def test_the_board_view_reads_targets_casts_and_the_pending_move() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^", "b6": "赤兵v"})
    # a2, c2, b1 directly; over b3 as far as the enemy on b6 (never b7: one step a turn)
    assert {"KAU", "NAU", "LIA", "LY", "LO", "LU"} <= set(state.targets("b2"))
    assert "LE" not in state.targets("b2")
    step = state.parse_move("b2-[b3]-b5")
    assert state.casts_for(step) == ("step",) and state.pending_move() is None
    move(state, "b2-[b3]-b5")
    assert state.pending_move() == ("LAU", "LAI", "LO")
    assert state.tam_square() == "PIA" and state.piece_at("b6") is not None
    assert sorted(state.hue_squares()) == sorted(
        ["NI", "CI", "TU", "XU", "ZO", "TY", "XY", "NAI", "CAI", "MIA", "MAU", "PAU"])


# --- water ----------------------------------------------------------------------------------------
def test_entering_water_needs_three_sticks_face_up() -> None:
    state = at({"d4": "黒王^"})
    move(state, "d4-e4", "=2")
    assert piece(state, "d4") == "黒王" and state.mover == 1
    state = at({"d4": "黒王^"})
    move(state, "d4-e4")
    assert state.phase == WATER_CAST
    move(state, "=3")
    assert piece(state, "e4") == "黒王" and state.mover == 1


def test_passing_through_water_needs_no_cast() -> None:
    state = at({"b5": "黒弓^"})
    move(state, "b5-h5")
    assert piece(state, "h5") == "黒弓" and state.phase == MOVE


@pytest.mark.parametrize(("pieces", "text"), [
    ({"e2": "黒船^"}, "e2-e3"),  # a ship
    ({"e4": "黒王^"}, "e4-e3"),  # a move that starts in water
    ({"a1": "黒王^"}, "赤兵*e4"),  # a drop
    ({"a1": "黒王^"}, "皇i1-h2-g3"),  # not water, but the 皇 never casts either
])
def test_ships_moves_from_water_drops_and_the_tam_need_no_water_cast(
        pieces: dict[str, str], text: str) -> None:
    state = at(pieces, held=(["赤兵"], []))
    move(state, text)
    assert state.phase == MOVE and state.mover == 1


def test_the_tam_enters_water_without_a_cast() -> None:
    state = at({"a1": "黒王^"}, tam="d4")
    move(state, "皇d4-d5-e5")
    assert state.tam_square() == "ZO" and state.phase == MOVE


def test_a_stepping_move_into_water_casts_twice() -> None:
    state = at({"a5": "黒弓^", "b5": "黒兵^"})
    move(state, "a5-[b5]-d5", "=2", "go d5")
    assert state.phase == WATER_CAST
    move(state, "=4")
    assert piece(state, "d5") == "黒弓"


def test_the_start_square_decides_the_water_exemption_not_the_stepped_on_one() -> None:
    state = at({"d6": "黒王^", "e6": "黒兵^"})  # e6 is water, the start d6 is not
    move(state, "d6-[e6]-e5")
    assert state.phase == WATER_CAST
    state = at({"e4": "黒王^", "d4": "黒兵^"})  # starts in water
    move(state, "e4-[d4]-e5")
    assert piece(state, "e5") == "黒王" and state.phase == MOVE


# --- captures, drops, hands and declarations ------------------------------------------------------
def test_a_captured_piece_joins_the_capturers_hand_with_its_colour() -> None:
    state = at({"b2": "黒弓^", "b5": "赤兵v"})
    move(state, "b2-b5")
    assert state.captured_pieces(0) == {next(iter(state.captured_pieces(0))): 1}
    (colour, profession), = state.captured_pieces(0)
    assert colour.kanji + profession.kanji == "赤兵"


def test_a_dropped_piece_belongs_to_the_dropper_and_keeps_its_colour() -> None:
    state = at({"a1": "黒王^"}, held=(["赤馬"], []))
    move(state, "赤馬*d4")
    assert state.piece_at("d4") is not None and state.piece_at("d4")[2] == 0
    assert piece(state, "d4") == "赤馬" and not any(state.hop[0])
    assert state.phase == MOVE and state.mover == 1  # a drop never calls a declaration


def test_a_capture_that_completes_a_hand_calls_for_a_declaration() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎"], []))
    move(state, "b2-b5")
    assert state.phase == DECLARE and state.mover == 0
    assert [str(m) for m in state.legal_moves()] == ["再行", "終季"]
    assert [h.name("ja") for h in state.hands(0)] == ["同色獣"]


def test_a_capture_adding_no_new_hand_passes_the_turn() -> None:
    state = at({"b2": "黒弓^", "b5": "赤弓v"}, held=(["赤虎", "赤馬"], []))
    move(state, "b2-b5")
    assert state.phase == MOVE and state.mover == 1


def test_an_upgrade_to_the_same_colour_version_is_a_new_hand() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎", "黒馬"], []))
    move(state, "b2-b5")
    assert state.phase == DECLARE


def test_again_doubles_the_rate_and_passes_the_turn_without_paying() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎"], []))
    move(state, "b2-b5", "再行")
    assert state.rate == 2 and state.scores == [20, 20]
    assert state.phase == MOVE and state.mover == 1


def test_the_rate_stops_doubling_at_64() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎"], []))
    state.rate = 64
    move(state, "b2-b5", "tymok")
    assert state.rate == 64


def test_ending_the_season_pays_every_hand_held_times_the_rate() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎", "黒兵", "黒兵", "黒将"], []))
    state.rate = 2
    state.scores = [10, 30]
    move(state, "b2-b5", "終季")
    # 同色獣 5 + 同色戦集 5 (将兵兵 in black) = 10, at ×2: 20 points move to the IA side
    assert state.scores == [30, 10]
    assert state.results[-1].points == 20 and state.results[-1].rate == 2


@pytest.mark.parametrize(("values", "scores"), [("book", [27, 13]), ("official", [25, 15])])
def test_the_hand_values_option_changes_what_the_cavalry_pays(values: str,
                                                              scores: list[int]) -> None:
    state = at({"b2": "黒弓^", "b5": "黒馬v"}, held=(["赤弓", "赤兵"], []), hand_values=values)
    move(state, "b2-b5", "終季")
    assert state.scores == scores  # 馬弓兵 in mixed colours: 7 as the book prints it, else 5


def test_after_the_end_of_a_season_the_next_one_starts_afresh() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎"], []))
    move(state, "b2-b5", "終季")
    assert state.scores == [25, 15] and state.season == 1 and state.phase == SEASON_START
    assert state.rate == 1 and not any(state.hop[0]) and not any(state.hop[1])
    assert state.board == new_state(2, {}).board
    move(state, "first IA")
    assert state.mover == 0 and len(state.legal_moves()) == 249


def test_a_later_payment_by_either_side_uses_the_doubled_rate() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v", "h8": "赤弓v", "h3": "黒馬^"},
               held=(["赤虎"], ["黒虎"]))
    move(state, "b2-b5", "再行", "h8-h3", "終季")
    assert state.scores == [10, 30]  # 同色獣 5 × 2 to the A side


# --- penalties ------------------------------------------------------------------------------------
def test_stepping_on_the_tam_is_a_minus_five_hand() -> None:
    state = at({"b2": "黒兵^"}, tam="b3")
    move(state, "b2-[b3]-b4")
    assert state.phase == DECLARE and [p.name("ja") for p in state.penalties] == ["撃皇"]
    move(state, "終季")
    assert state.scores == [15, 25]


def test_stepping_on_the_tam_counts_even_when_the_cast_fails() -> None:
    state = at({"b2": "黒筆^"}, tam="b3")
    move(state, "b2-[b3]-b6", "=0")
    assert piece(state, "b2") == "黒筆" and state.phase == DECLARE


def test_stepping_on_the_tam_can_cost_five_at_once_instead() -> None:
    state = at({"b2": "黒兵^"}, tam="b3", step_on_tam="deduct")
    state.rate = 2
    move(state, "b2-[b3]-b4")
    assert state.scores == [10, 30] and state.phase == MOVE and state.mover == 1


def test_moving_the_tam_right_after_the_opponent_did_is_a_minus_three_hand() -> None:
    state = at({"a1": "黒王^", "a9": "赤王v"}, tam="e5")
    move(state, "皇e5-e6-e7")
    assert state.phase == MOVE and state.mover == 1  # the first 皇 move costs nothing
    move(state, "皇e7-e6-e5")
    assert state.phase == DECLARE and [p.key for p in state.penalties] == ["tam2tysak2"]
    move(state, "終季")
    assert state.scores == [23, 17]


def test_a_tam_move_ending_where_it_began_is_a_minus_three_hand_and_both_add_up() -> None:
    state = at({"a1": "黒王^"}, tam="e5")
    move(state, "皇e5-e6-e5")
    assert state.phase == DECLARE and state.declaration_value() == -3
    state = at({"a1": "黒王^"}, tam="e5")
    state.tam_moved = True
    move(state, "皇e5-e6-e5")
    assert state.declaration_value() == -6


@pytest.mark.parametrize(("consequence", "scores", "phase"), [
    ("deduct", [17, 23], MOVE), ("allowed", [20, 20], MOVE), ("hand", [20, 20], DECLARE)])
def test_the_tam_coming_back_penalty_follows_its_option(
        consequence: str, scores: list[int], phase: str) -> None:
    state = at({"a1": "黒王^"}, tam="e5", tam_back_home=consequence)
    move(state, "皇e5-e6-e5")
    assert state.scores == scores and state.phase == phase


def test_again_after_a_penalty_hand_pays_nothing_and_doubles_the_rate() -> None:
    state = at({"a1": "黒王^"}, tam="e5")
    move(state, "皇e5-e6-e5", "再行")
    assert state.scores == [20, 20] and state.rate == 2 and state.mover == 1


# --- the end ---------------------------------------------------------------------------------
def test_the_game_ends_at_once_when_a_side_holds_all_forty_points() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎"], []))
    state.scores = [37, 3]
    move(state, "b2-b5", "終季")
    assert state.phase == OVER and state.scores == [40, 0]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})
    assert outcome.termination is Termination.NORMAL and state.legal_moves() == []


def test_after_the_last_season_the_side_with_more_points_wins() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎"], []), seasons=1)
    move(state, "b2-b5", "終季")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})
    assert outcome.termination is Termination.ROUND_LIMIT and outcome.scores == (25.0, 15.0)


def test_equal_points_after_the_last_season_are_a_draw() -> None:
    state = at({"b2": "黒弓^", "b5": "赤馬v"}, held=(["赤虎"], []), seasons=2)
    state.season = 1
    state.scores = [15, 25]
    move(state, "b2-b5", "終季")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset() and outcome.scores == (20, 20)


def test_a_side_without_a_legal_move_ends_the_game_on_points() -> None:
    pieces = {B.plain_name(sq): "赤兵v" for sq in range(81)}
    pieces.pop("b2")
    pieces["i1"] = "皇"
    state = position(layout(pieces), mover=1, held=([], ["赤兵"]))
    state.scores = [18, 22]
    move(state, "赤兵*b2")
    outcome = state.outcome()
    assert state.phase == OVER and "no legal move" in state.reason
    assert outcome is not None and outcome.winners == frozenset({1})
