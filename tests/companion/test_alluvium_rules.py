"""Alluvium digital play: every rule clause of phases 1–3, round 1, action B, passing, views."""

from __future__ import annotations

import random

import pytest

from companion.core.api import CHANCE
from companion.core.errors import IllegalMoveError
from companion.games import registry
from companion.games.alluvium.rules import (
    FACE,
    HAND,
    OTHER,
    OWN,
    VIRTUAL,
    AlluviumState,
    Draw,
    Fill,
    Pass,
    Place,
    evaluate,
)
from companion.games.alluvium.scoring import area_bonus, score_game

START_A, START_B = (3, 3), (5, 5)


def deal(state: AlluviumState, cards: dict[str, str] | None = None) -> None:
    """Resolve pending draws, choosing the given card per colour (else the first left)."""
    while state.to_move() == CHANCE:
        colour = state.draws[0][0]
        wanted = (cards or {}).get(colour)
        state.play(Draw(colour, wanted if wanted in state.decks[colour] else
                        state.decks[colour][0]))


def first_legal(state: AlluviumState) -> object:
    return state.legal_moves()[0]


def finish_round_one(state: AlluviumState) -> None:
    deal(state)
    while state.phase == OWN and state.round == 1:
        state.play(first_legal(state))


def test_start_draws_face_and_hand_for_every_colour() -> None:
    state = AlluviumState.start(4)
    assert state.to_move() == CHANCE
    assert state.draws == [(c, FACE) for c in "RYGB"] + [(c, HAND) for c in "RYGB"]
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and abs(sum(p for _, p in outcomes) - 1) < 1e-12


def test_round_one_each_piece_covers_one_start_cell() -> None:
    state = AlluviumState.start(4)
    deal(state, {"R": "I3"})
    assert state.actions[0] == (0, FACE)
    moves = state.legal_moves()
    assert moves and all(isinstance(m, Place) for m in moves)
    assert all((START_A in m.cells) != (START_B in m.cells) for m in moves)
    away = Place("I3", ((0, 0), (0, 1), (0, 2)))
    with pytest.raises(IllegalMoveError, match="start cell"):
        state.play(away)
    first = next(m for m in moves if START_A in m.cells)
    state.play(first)
    assert state.actions[0] == (0, HAND)
    second = state.legal_moves()
    assert second and all(START_B in m.cells for m in second)
    assert all(not set(m.cells) & set(first.cells) for m in second)  # no overlap


def test_round_one_pieces_may_touch() -> None:
    state = AlluviumState.start(4)
    deal(state, {"R": "I4"})
    state.play(Place("I4", ((3, 3), (3, 4), (3, 5), (3, 6))))
    touching = [m for m in state.legal_moves() if (4, 5) in m.cells]
    assert touching  # a hand piece right under the first one, covering (5, 5)


def test_round_one_first_piece_leaves_room_for_the_second() -> None:
    state = AlluviumState.start(4)
    deal(state)
    hand = state.hand["R"]
    for move in state.legal_moves():
        trial = state.copy()
        trial.play(move)
        assert trial.legal_moves() != [Pass()], (move, hand)


def test_phase_two_sheets_pass_clockwise_then_anticlockwise() -> None:
    state = AlluviumState.start(4)
    finish_round_one(state)
    assert state.phase == OTHER and state.turn == 1
    assert [state.held_sheet(s) for s in range(4)] == [3, 0, 1, 2]  # from the right-hand seat
    for _ in range(3 * 4):
        state.play(first_legal(state))
    deal(state)
    assert state.round == 2 and state.phase == OWN
    while state.phase == OWN:
        state.play(first_legal(state))
    assert state.phase == OTHER
    assert [state.held_sheet(s) for s in range(4)] == [1, 2, 3, 0]  # direction flipped


def test_phase_two_has_one_pass_per_other_player() -> None:
    state = AlluviumState.start(5)
    finish_round_one(state)
    turns = []
    while state.round == 1:
        if state.phase == OTHER:
            turns.append(state.turn)
        state.play(first_legal(state))
    assert sorted(set(turns)) == [1, 2, 3, 4]


def test_checks_count_edges_with_the_owners_cells() -> None:
    state = AlluviumState.start(4)
    finish_round_one(state)
    # seat 1 holds sheet 0 (red); put red cells in a known place
    grid = list("." * 81)
    for c in range(3):
        grid[8 * 9 + c] = "R"  # bottom row a9 b9 c9
    state.grids[0] = "".join(grid)
    state._legal = None
    state.face["Y"] = "I3"
    state.actions = [(1, OTHER)]
    move = Place("I3", ((7, 0), (7, 1), (7, 2)))  # right above: three shared edges
    state.play(move)
    assert state.checks[0]["Y"] == 3
    assert state.grids[0][7 * 9:7 * 9 + 3] == "YYY"


def test_action_b_needs_four_filled_neighbours_and_never_the_border() -> None:
    state = AlluviumState.start(4)
    finish_round_one(state)
    grid = list("R" * 81)
    grid[4 * 9 + 4] = "."  # e5: inner, all four neighbours filled
    grid[0 * 9 + 4] = "."  # e1: on the border, three neighbours filled
    grid[6 * 9 + 6] = "."  # g7 and g8 empty: neither has four filled neighbours
    grid[7 * 9 + 6] = "."
    state.grids[0] = "".join(grid)
    state._legal = None
    state.actions = [(1, OTHER)]
    moves = state.legal_moves()
    assert moves == [Fill((4, 4))]  # no piece fits anywhere
    with pytest.raises(IllegalMoveError):
        state.play(Fill((0, 4)))
    state.play(Fill((4, 4)))
    assert state.checks[0]["Y"] == 4  # all four neighbours are red


def test_pass_only_when_nothing_fits() -> None:
    state = AlluviumState.start(4)
    finish_round_one(state)
    grid = list("R" * 81)
    grid[0] = "."  # a corner: no piece fits, and action B never takes the border
    state.grids[0] = "".join(grid)
    state._legal = None
    state.actions = [(1, OTHER)]
    assert state.legal_moves() == [Pass()]
    state.grids[0] = "." * 81
    state._legal = None
    assert Pass() not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="pass only"):
        state.play(Pass())


def test_own_map_pass_when_the_piece_fits_nowhere() -> None:
    state = AlluviumState.start(4)
    finish_round_one(state)
    state.grids[2] = "R" * 40 + "." + "R" * 40
    state.actions = [(2, FACE)]
    state.phase = OWN
    state.round = 2
    state._legal = None
    assert state.legal_moves() == [Pass()]


def test_phase_three_writes_the_area_of_every_sheet() -> None:
    state = AlluviumState.start(4)
    finish_round_one(state)
    while state.round == 1:
        state.play(first_legal(state))
    assert all(len(a) == 1 for a in state.areas)
    assert [a[0] for a in state.areas] == [area_bonus(state.grid_rows(i)) for i in range(4)]


def test_three_players_virtual_colour() -> None:
    state = AlluviumState.start(3)
    assert state.virtual == "B"
    assert set(state.checks[0]) == {"Y", "G", "B"}
    finish_round_one(state)
    assert state.phase == VIRTUAL and state.to_move() == CHANCE
    assert state.draws == [("B", FACE)]
    deal(state, {"B": "I3"})
    assert state.actions == [(0, VIRTUAL), (1, VIRTUAL), (2, VIRTUAL)]
    moves = state.legal_moves()
    assert moves and not any(isinstance(m, Fill) for m in moves)  # never action B
    # draw it next to the own cells: the virtual colour's track counts the edges
    own = [i for i, ch in enumerate(state.grids[0]) if ch == "R"]
    touching = max(moves, key=lambda m: state.shared_edges(state.grids[0], m.cells, "R"))
    edges = state.shared_edges(state.grids[0], touching.cells, "R")
    assert own and edges > 0
    state.play(touching)
    assert state.checks[0]["B"] == edges
    assert all(state.grids[0][r * 9 + c] == "B" for r, c in touching.cells)
    while state.phase == VIRTUAL:
        state.play(first_legal(state))
    assert state.phase == OTHER


def test_five_players_three_rounds_and_outcome() -> None:
    state = AlluviumState.start(5)
    rng = random.Random(3)
    while not state.is_over():
        if state.to_move() == CHANCE:
            state.play(rng.choice(state.legal_moves()))
        else:
            state.play(rng.choice(state.legal_moves()))
    assert all(len(a) == 3 for a in state.areas)
    outcome = state.outcome()
    assert outcome is not None
    game = score_game(state.player_sheets(), None)
    assert outcome.scores == tuple(float(p.total) for p in game.players)
    assert outcome.winners == frozenset(i for i, p in enumerate(game.players) if p.winner)


def test_view_shows_only_the_held_sheet_as_it_is() -> None:
    state = AlluviumState.start(4)
    finish_round_one(state)
    seen_by_0 = state.view(0).grids[1]
    state.play(first_legal(state))  # seat 0 draws on sheet 3
    state.play(first_legal(state))  # seat 1 draws on sheet 0 (seat 0's own)
    view = state.view(0)
    assert view.grids[3] == state.grids[3]  # the sheet seat 0 holds
    assert view.grids[1] == seen_by_0  # seat 1's sheet: as seat 0 last saw it
    assert view.grids[0] != state.grids[0]  # seat 0 has not seen seat 1's drawing
    assert view.to_move() == state.to_move()
    mover = state.to_move()
    assert state.view(mover).legal_moves() == state.legal_moves()


def test_notation_round_trip() -> None:
    state = AlluviumState.start(4)
    for text in ("L4 c4 d4 d5 d6", "fill e5", "pass", "draw R L4"):
        assert str(state.parse_move(text)) == text


def test_registry_and_greedy_evaluation() -> None:
    info = registry.get("alluvium")
    state = info.create(4)
    assert isinstance(state, AlluviumState)
    finish_round_one(state)
    assert evaluate(state, 0) > 0
