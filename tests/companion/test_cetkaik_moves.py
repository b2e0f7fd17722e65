"""How every 机戦 piece moves, on ordinary squares and on 皇処, one test per rule (cetkaik.md §3).

Squares are written with their plain names here (files a–i from the IA side's left, ranks 1–9
from its back rank) because geometry reads best so; the engine accepts both spellings. The 皇
stands on i1 unless a test needs it elsewhere, so that only the fixed 皇処 squares (c3, g3, d4,
f4, e5, d6, f6, c7, g7) and the 皇's neighbours are 皇処.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.cetkaik.board import STANDARD_BOARD as B
from companion.games.cetkaik.moves import PieceMove, TamMove
from companion.games.cetkaik.positions import layout, position
from companion.games.cetkaik.rules import CetkaikState


def at(pieces: Mapping[str, str], mover: int = 0, **options: object) -> CetkaikState:
    return position(layout({"i1": "皇", **pieces}), mover, options)


def plain(name: str) -> str:
    return B.plain_name(B.parse_square(name))


def reach(state: CetkaikState, square: str) -> set[str]:
    """Where the piece on `square` may go without stepping on anything."""
    return {plain(m.dest) for m in state.moves_from(square)
            if isinstance(m, PieceMove) and not m.via}


def vias(state: CetkaikState, square: str) -> set[str]:
    return {plain(m.via) for m in state.moves_from(square) if isinstance(m, PieceMove) and m.via}


def second_legs(state: CetkaikState, square: str, via: str) -> set[str]:
    return {plain(m.dest) for m in state.moves_from(square)
            if isinstance(m, PieceMove) and m.via and plain(m.via) == via}


# --- 船 ---------------------------------------------------------------------------------------
def test_vessel_ranges_straight_forward_only() -> None:
    state = at({"b3": "黒船^", "b6": "黒兵^"})
    assert reach(state, "b3") == {"b4", "b5"}
    assert vias(state, "b3") == {"b6"}


def test_an_a_side_vessel_ranges_down_the_board() -> None:
    state = at({"b7": "赤船v"}, mover=1)
    assert reach(state, "b7") == {"b6", "b5", "b4", "b3", "b2", "b1"}


def test_vessel_on_tam_hue_moves_one_or_two_sideways_and_ranges_both_ways() -> None:
    state = at({"c3": "黒船^", "d3": "赤兵v"})
    assert reach(state, "c3") == {"b3", "a3", "d3", *(f"c{r}" for r in (1, 2, 4, 5, 6, 7, 8, 9))}
    assert "e3" not in reach(state, "c3")  # two squares sideways only over an empty square


# --- 兵 ---------------------------------------------------------------------------------------
def test_pawn_moves_one_square_forward() -> None:
    assert reach(at({"b2": "黒兵^"}), "b2") == {"b3"}
    assert reach(at({"b8": "赤兵v"}, mover=1), "b8") == {"b7"}


def test_pawn_on_tam_hue_moves_one_square_orthogonally_or_two_forward_over_an_empty_one() -> None:
    assert reach(at({"c3": "黒兵^"}), "c3") == {"c4", "c5", "c2", "b3", "d3"}
    assert reach(at({"c3": "黒兵^", "c4": "黒弓^"}), "c3") == {"c2", "b3", "d3"}


# --- 弓 ---------------------------------------------------------------------------------------
def test_bow_ranges_orthogonally_up_to_the_first_piece() -> None:
    state = at({"b2": "黒弓^", "b5": "赤兵v", "d2": "黒兵^"})
    assert reach(state, "b2") == {"b3", "b4", "b5", "a2", "c2", "b1"}
    assert vias(state, "b2") == {"b5", "d2"}


def test_bow_on_tam_hue_ranges_diagonally_instead() -> None:
    state = at({"d4": "黒弓^"})
    assert reach(state, "d4") == {"c5", "b6", "a7", "e5", "f6", "g7", "h8", "i9", "c3", "b2",
                                  "a1", "e3", "f2", "g1"}


# --- 車 ---------------------------------------------------------------------------------------
def test_chariot_jumps_exactly_two_squares_orthogonally_over_anything() -> None:
    state = at({"d2": "黒車^", "d3": "黒兵^", "e2": "赤兵v"})
    assert reach(state, "d2") == {"d4", "b2", "f2"}


def test_chariot_on_tam_hue_jumps_exactly_two_squares_diagonally() -> None:
    assert reach(at({"d4": "黒車^", "c5": "赤兵v"}), "d4") == {"b2", "f2", "b6", "f6"}


# --- 虎 ---------------------------------------------------------------------------------------
def test_tiger_moves_one_square_diagonally() -> None:
    assert reach(at({"b5": "黒虎^"}), "b5") == {"a4", "a6", "c4", "c6"}


def test_tiger_on_tam_hue_ranges_diagonally() -> None:
    state = at({"d4": "黒虎^", "f6": "赤兵v"})
    assert reach(state, "d4") == {"c5", "b6", "a7", "e5", "f6", "c3", "b2", "a1", "e3", "f2",
                                  "g1"}


# --- 馬 ---------------------------------------------------------------------------------------
def test_horse_jumps_exactly_two_squares_diagonally() -> None:
    assert reach(at({"b5": "黒馬^", "c6": "黒兵^"}), "b5") == {"d7", "d3"}


def test_horse_on_tam_hue_ranges_diagonally_from_two_squares_away() -> None:
    state = at({"d4": "黒馬^", "c3": "赤兵v", "b6": "赤兵v"})
    # it passes over c3 (the adjacent square, never a stop), b6 ends the up-left line
    assert reach(state, "d4") == {"b2", "a1", "b6", "f6", "g7", "h8", "i9", "f2", "g1"}
    assert "c3" not in reach(state, "d4") and "e5" not in reach(state, "d4")


# --- 筆 ---------------------------------------------------------------------------------------
def test_clerk_moves_one_sideways_and_ranges_forward_and_back() -> None:
    assert reach(at({"b2": "黒筆^"}), "b2") == {"a2", "c2", "b1", *(f"b{r}" for r in range(3, 10))}


def test_clerk_on_tam_hue_ranges_orthogonally() -> None:
    state = at({"d4": "黒筆^"})
    assert reach(state, "d4") == ({f"d{r}" for r in range(1, 10)} |
                                  {f"{f}4" for f in "abcefghi"}) - {"d4"}


# --- 巫 ---------------------------------------------------------------------------------------
def test_shaman_moves_one_forward_or_back_and_ranges_sideways() -> None:
    assert reach(at({"b2": "黒巫^"}), "b2") == {"b3", "b1", "a2", *(f"{f}2" for f in "cdefghi")}


def test_shaman_on_tam_hue_ranges_in_eight_directions_passing_at_most_one_piece() -> None:
    state = at({"d4": "黒巫^", "d5": "黒兵^", "d7": "赤兵v", "d8": "赤兵v"})
    up = {sq for sq in reach(state, "d4") if sq[0] == "d" and int(sq[1]) > 4}
    assert up == {"d6", "d7"}  # over d5 to d6, then the enemy on d7; d8 is behind two pieces
    assert {"a1", "i9", "a7", "g1", "a4", "i4", "d1"} <= reach(state, "d4")


# --- 将, 王 -----------------------------------------------------------------------------------
def test_general_moves_to_seven_neighbours_but_not_straight_back() -> None:
    assert reach(at({"b2": "黒将^"}), "b2") == {"a1", "c1", "a2", "c2", "a3", "b3", "c3"}
    assert reach(at({"b8": "赤将v"}, mover=1), "b8") == {"a9", "c9", "a8", "c8", "a7", "b7",
                                                          "c7"}


def test_general_on_tam_hue_moves_to_all_eight_neighbours() -> None:
    assert reach(at({"d4": "黒将^"}), "d4") == {"c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"}


def test_king_moves_to_all_eight_neighbours_anywhere() -> None:
    assert reach(at({"b2": "黒王^"}), "b2") == {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}
    assert len(reach(at({"d4": "黒王^"}), "d4")) == 8


# --- 皇処 round the 皇 --------------------------------------------------------------------------
def test_the_squares_round_the_tam_are_tam_hue() -> None:
    state = position(layout({"c5": "皇", "b5": "黒兵^"}))
    assert reach(state, "b5") == {"b6", "b7", "b4", "a5"}  # c5 holds the 皇: a step only
    assert reach(at({"b5": "黒兵^"}), "b5") == {"b6"}


def test_the_tams_own_square_is_not_tam_hue_unless_the_option_says_so() -> None:
    pieces = {"b3": "皇", "b2": "黒兵^"}
    assert second_legs(position(layout(pieces)), "b2", "b3") == {"b4"}
    with_option = position(layout(pieces), options={"tam_square_hue": True})
    assert second_legs(with_option, "b2", "b3") == {"b4", "b5", "b2", "a3", "c3"}


# --- captures and what cannot be taken --------------------------------------------------------
def test_a_piece_may_end_on_an_enemy_piece_but_never_on_its_own_or_on_the_tam() -> None:
    state = position(layout({"b2": "黒王^", "b3": "赤兵v", "c3": "黒兵^", "a3": "皇"}))
    assert reach(state, "b2") == {"a1", "b1", "c1", "a2", "c2", "b3"}


def test_a_general_on_tam_hue_protects_its_own_sides_neighbours() -> None:
    state = at({"b2": "黒弓^", "b4": "赤兵v", "c2": "赤兵v", "c3": "赤将v"})
    assert "b4" not in reach(state, "b2") and "c2" not in reach(state, "b2")
    # the A side's own mover is not hindered by its own 将
    state = at({"b7": "赤弓v", "b4": "黒兵^", "c3": "赤将v"}, mover=1)
    assert "b4" in reach(state, "b7")


def test_a_general_off_tam_hue_protects_nothing() -> None:
    assert "b4" in reach(at({"b2": "黒弓^", "b4": "赤兵v", "c4": "赤将v"}), "b2")


def test_protection_blocks_capture_but_not_stepping_and_not_the_general_itself() -> None:
    state = at({"a4": "黒弓^", "b4": "赤兵v", "c3": "赤将v", "c1": "黒弓^"})
    assert "b4" not in reach(state, "a4")  # guarded by the 将 on 皇処 c3
    assert "b4" in vias(state, "a4")  # still a stepping stone
    assert "c3" in reach(state, "c1")  # the 将 itself can be taken


def test_protection_also_holds_against_a_stepping_second_leg() -> None:
    state = at({"b2": "黒車^", "b4": "黒兵^", "b6": "赤兵v", "c7": "赤将v"})
    assert "b6" not in second_legs(state, "b2", "b4")
    assert "b6" in second_legs(at({"b2": "黒車^", "b4": "黒兵^", "b6": "赤兵v"}), "b2", "b4")


# --- stepping over (踏越え) --------------------------------------------------------------------
def test_a_piece_steps_on_a_friend_or_an_enemy_and_moves_again_from_there() -> None:
    state = at({"b2": "黒車^", "b4": "黒兵^", "d2": "赤兵v"})
    assert second_legs(state, "b2", "b4") == {"b6", "d4", "b2"}  # b2: back home, allowed
    assert second_legs(state, "b2", "d2") == {"d4", "f2", "b2"}
    assert "d2" in reach(state, "b2")  # the enemy may simply be captured instead


def test_the_second_leg_uses_the_stepped_on_squares_pattern() -> None:
    state = at({"b2": "黒車^", "d2": "黒兵^"})  # d2 is no 皇処, d4 is
    assert second_legs(state, "b2", "d2") == {"d4", "f2", "b2"}
    on_hue = at({"b4": "黒車^", "d4": "黒兵^"})
    assert second_legs(on_hue, "b4", "d4") == {"b2", "f2", "b6", "f6"}


def test_the_second_leg_may_capture_but_never_steps_again() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^", "b5": "赤兵v", "b7": "赤兵v"})
    legs = second_legs(state, "b2", "b3")
    assert "b5" in legs and "b6" not in legs and "b7" not in legs


def test_the_moving_piece_does_not_block_its_own_second_leg() -> None:
    state = at({"b1": "黒弓^", "b2": "黒兵^"})
    assert second_legs(state, "b1", "b2") >= {"b1", "a2", "c2", "b3"}


def test_stepping_on_the_tam_is_allowed_unless_the_option_forbids_it() -> None:
    pieces = {"b3": "皇", "b2": "黒兵^"}
    assert vias(position(layout(pieces)), "b2") == {"b3"}
    assert vias(position(layout(pieces), options={"step_on_tam": "forbidden"}), "b2") == set()


# --- the 皇 ------------------------------------------------------------------------------------
def tam_moves(state: CetkaikState) -> list[TamMove]:
    return [m for m in state.legal_moves() if isinstance(m, TamMove)]


def test_the_tam_moves_two_king_steps_over_empty_squares() -> None:
    state = position(layout({"e5": "皇"}))
    moves = tam_moves(state)
    assert len(moves) == 8 * 8  # every neighbour, then every neighbour of that (home too)
    assert all(B.distance(B.parse_square(m.src), B.parse_square(m.path[1])) == 1
               for m in moves)


def test_the_tam_may_step_on_one_piece_in_either_step_but_never_captures() -> None:
    state = position(layout({"e5": "皇", "e6": "赤兵v", "a1": "黒王^"}))
    texts = {str(m) for m in tam_moves(state)}
    assert "皇ZO-[ZU]-ZI-ZE" in texts  # steps on e6 first, then two king steps
    assert "皇ZO-TU-[ZU]-XI" in texts  # one step, then over e6, then one more
    assert all(m.dest != "ZU" for m in tam_moves(state))
    assert not any(isinstance(m, PieceMove) and m.dest == "ZO" for m in state.legal_moves())


def test_either_side_may_move_the_tam() -> None:
    for mover in (0, 1):
        assert tam_moves(position(layout({"e5": "皇"}), mover))


def test_moving_the_tam_after_the_opponent_did_can_be_forbidden() -> None:
    free = position(layout({"e5": "皇"}), tam_moved=True)
    assert tam_moves(free)
    forbidden = position(layout({"e5": "皇"}), options={"tam_after_opponent": "forbidden"},
                         tam_moved=True)
    assert not tam_moves(forbidden)


def test_a_tam_move_back_home_can_be_forbidden() -> None:
    state = position(layout({"e5": "皇"}), options={"tam_back_home": "forbidden"})
    assert len(tam_moves(state)) == 8 * 7 and all(m.dest != "ZO" for m in tam_moves(state))


# --- drops -------------------------------------------------------------------------------------
def test_a_captured_piece_may_go_on_any_empty_square_even_water() -> None:
    state = position(layout({"e5": "皇", "a1": "黒王^"}), held=(["赤兵"], []))
    drops = {m.dest for m in state.legal_moves() if str(m).startswith("赤兵*")}
    assert len(drops) == 81 - 2 and "ZY" in drops
