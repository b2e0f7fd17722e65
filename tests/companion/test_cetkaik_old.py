"""古机戦 (cetkaik.md §2.5, 3.6; the book pp. 10–11): one test per rule the engine encodes,
and the decisions of the rules text where the book is silent.

From the start each side has 32 moves: 8 pawns one square forward, the ship 7 (every water
square it reaches through empty water: the enemy ship on the far arm blocks the rest of it),
弓 1 each, 獣 2 each (its two diagonals), 車 1 each, 将 3 each, 王 3. With 車 and 獣 swapped
(option) it is 46: each 獣 then stands next to the ship diagonally and goes on over it
(9 moves from c1 and from g1, counting the way back to its own square), each 車 has 1.

Squares are written with their plain names (a1 = KIA, the black side's left corner).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from companion.core.api import CHANCE, Termination
from companion.core.errors import IllegalMoveError
from companion.core.record import Game, GameRecord
from companion.games.cetkaik.board import OLD_BOARD as B
from companion.games.cetkaik.moves import FirstMover, PieceMove
from companion.games.cetkaik.old import OldState, new_old_state
from companion.games.cetkaik.pieces import Colour
from companion.games.cetkaik.positions import layout, old_position

KINGS = {"i9": "赤王v", "i1": "黒王^"}


def at(pieces: Mapping[str, str], mover: int = 0, **options: object) -> OldState:
    return old_position(layout({**KINGS, **pieces}, B), mover, options)


def plain(name: str) -> str:
    return B.plain_name(B.parse_square(name))


def dests(state: OldState, square: str) -> set[str]:
    return {plain(m.dest) for m in state.moves_from(square) if not m.via}


def play(state: OldState, text: str) -> None:
    """Play a move written with plain names (``a1-a5``, ``b2-[e3]-g5``)."""
    move = state.parse_move(text)
    assert isinstance(move, PieceMove)
    state.play(move)


def test_the_start_has_eighteen_pieces_a_side_in_one_colour_and_no_tam() -> None:
    state = new_old_state(2, {})
    pieces = [state.piece_at(B.name(sq)) for sq in range(B.size)]
    placed = [p for p in pieces if p is not None]
    assert len(placed) == 36
    # the colour is the side: black for the IA side (seat 0), red for the A side
    assert {(p[0], p[2]) for p in placed} == {(Colour.BLACK, 0), (Colour.RED, 1)}
    assert state.tam == -1 and not state.hue_squares()


@pytest.mark.parametrize(("options", "count"), [({}, 32), ({"swap": True}, 46)])
@pytest.mark.parametrize("side", [0, 1])
def test_start_position_counts(side: int, options: dict[str, object], count: int) -> None:
    state = new_old_state(2, options)
    assert state.to_move() == CHANCE  # only the first mover is drawn: no sticks in the game
    state.play(FirstMover(side))
    assert len(state.legal_moves()) == count


def test_a_ship_moves_anywhere_in_the_water_it_reaches_and_never_leaves_it() -> None:
    state = at({"e3": "黒船^"})
    assert dests(state, "e3") == {"e4", "e5", "e6", "e7", "c5", "d5", "f5", "g5"}


def test_an_enemy_ship_blocks_a_ships_way() -> None:
    state = at({"e3": "黒船^", "e5": "赤船v"})
    assert dests(state, "e3") == {"e4"}


def test_ships_cannot_be_captured_but_may_be_stepped_on() -> None:
    state = at({"e2": "黒弓^", "e3": "赤船v"})
    assert "e3" not in dests(state, "e2")
    assert {plain(m.via) for m in state.moves_from("e2") if m.via} == {"e3"}


def test_a_move_may_step_over_both_ships_in_a_row_and_take_at_the_end() -> None:
    state = at({"e2": "黒弓^", "e3": "黒船^", "e7": "赤船v", "d7": "赤兵v"})
    assert "ZAU-[ZAI]-[ZI]-TI" in {str(m) for m in state.legal_moves()}
    play(state, "e2-[e3]-[e7]-d7")
    assert state.piece_at("d7") is not None and state.piece_at("d7")[2] == 0
    assert state.taken == [1, 0]


def test_only_ships_may_be_stepped_on() -> None:
    state = at({"a2": "黒弓^", "a3": "黒兵^", "b2": "赤兵v"})
    assert not [m for m in state.moves_from("a2") if m.via]


def test_no_other_piece_ends_in_the_water_but_lines_pass_over_empty_water() -> None:
    state = at({"a5": "黒弓^"})
    assert dests(state, "a5") == {*(f"a{r}" for r in (1, 2, 3, 4, 6, 7, 8, 9)), "b5", "h5", "i5"}


def test_the_option_water_stops_ranging_lines() -> None:
    state = at({"a5": "黒弓^"}, water_lines="blocked")
    assert "h5" not in dests(state, "a5") and "b5" in dests(state, "a5")


def test_the_chariot_takes_by_jumping_to_the_square_beyond() -> None:
    state = at({"a1": "黒車^", "a4": "赤兵v"})
    assert "a4" not in dests(state, "a1") and "a5" in dests(state, "a1")
    play(state, "a1-a5")
    assert state.piece_at("a4") is None and state.taken == [1, 0]


@pytest.mark.parametrize("beyond", [
    {"a5": "赤兵v"},  # occupied
    {"a5": "黒兵^"},  # occupied by a friend
])
def test_no_jump_when_the_square_beyond_is_occupied(beyond: dict[str, str]) -> None:
    state = at({"a1": "黒車^", "a4": "赤兵v", **beyond})
    assert dests(state, "a1") & {"a4", "a5"} == set()


def test_no_jump_off_the_board_or_into_the_water() -> None:
    state = at({"a8": "黒車^", "a9": "赤兵v"})
    assert "a9" not in dests(state, "a8")
    state = at({"e1": "黒車^", "e2": "赤兵v"})  # e3, beyond the pawn, is water
    assert not dests(state, "e1") & {"e2", "e3"}


def test_the_beast_ranges_diagonally_and_takes_by_jumping() -> None:
    state = at({"a1": "黒獣^", "c3": "赤兵v"})
    assert dests(state, "a1") == {"b2", "d4"}
    play(state, "a1-d4")
    assert state.piece_at("c3") is None


def test_pawns_move_forward_and_in_the_far_three_ranks_also_back_and_sideways() -> None:
    state = at({"b3": "黒兵^", "b7": "黒兵^", "c8": "赤兵v"})
    assert dests(state, "b3") == {"b4"}
    assert dests(state, "b7") == {"b8", "b6", "a7", "c7"}


def test_the_general_moves_to_its_neighbours_but_straight_back() -> None:
    state = at({"b2": "黒将^"})
    assert dests(state, "b2") == {"a1", "c1", "a2", "c2", "a3", "b3", "c3"}


def test_taking_the_enemy_king_wins() -> None:
    state = at({"i8": "黒将^"})
    play(state, "i8-i9")
    outcome = state.outcome()
    assert state.over and outcome is not None and outcome.winners == frozenset({0})
    assert outcome.termination is Termination.NORMAL


def test_the_turn_limit_draws_the_game() -> None:
    state = at({"a2": "黒将^", "a8": "赤将v"}, move_limit=40)
    state.turns = 39
    play(state, "a2-a3")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset()
    assert outcome.termination is Termination.ROUND_LIMIT


@pytest.mark.parametrize(("ranging", "chariot", "beast"), [
    ("both", {"a2", "a3", "a4", "b1", "c1"}, {"b1", "b3", "a4", "d3", "g6", "h7", "i8"}),
    ("chariot", {"a2", "a3", "a4", "b1", "c1"}, {"b1", "b3", "d3"}),
    ("neither", {"a2", "b1"}, {"b1", "b3", "d3"}),
])
def test_the_ranging_option(ranging: str, chariot: set[str], beast: set[str]) -> None:
    # the 獣 on c2 ranges over the empty water on e4 and f5 (d1 is its own pawn)
    state = at({"a1": "黒車^", "a5": "黒兵^", "d1": "黒兵^", "c2": "黒獣^"}, ranging=ranging)
    assert dests(state, "a1") == chariot
    assert dests(state, "c2") == beast


def test_only_the_side_to_move_moves_its_own_pieces() -> None:
    state = at({"a2": "黒将^", "a8": "赤将v"})
    with pytest.raises(IllegalMoveError, match="belongs to the other side"):
        state.play(state.parse_move("a8-a7"))


def test_a_whole_game_is_recorded_and_replays() -> None:
    game = Game.new("cetkaik_old", 2, {}, seed=5)
    rng = random.Random(5)
    while not game.state.is_over():
        game.resolve_chance()
        if not game.state.is_over():
            game.play(rng.choice(game.state.legal_moves()))
    replayed = Game.replay(GameRecord.from_json(game.record.to_json()))
    assert replayed.state.describe() == game.state.describe()
