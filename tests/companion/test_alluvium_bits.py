"""Alluvium's bit-mask structures agree with plain recomputation from the grid strings: the
masks each sheet keeps move by move, the legal placements found by bit shifts, the largest
rectangle by runs of widths, and a playout's draw among the legal moves of a crowded map."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.api import CHANCE
from companion.games.alluvium.bots import _sample_legal, playout
from companion.games.alluvium.profile import deck
from companion.games.alluvium.rules import (
    OTHER,
    VIRTUAL,
    AlluviumState,
    Fill,
    Pass,
    Place,
    _all_placements,
    _fitting,
    mask_area,
    move_mask,
)
from companion.games.alluvium.scoring import EMPTY, largest_rectangle


def plain_bits(grid: str, owner: str) -> tuple[int, int]:
    """(filled cells, owner's cells) of a grid string, cell by cell."""
    filled = sum(1 << i for i, ch in enumerate(grid) if ch != EMPTY)
    return filled, sum(1 << i for i, ch in enumerate(grid) if ch == owner)


def assert_masks_match(state: AlluviumState) -> None:
    for sheet, grid in enumerate(state.grids):
        assert state.sheet_bits(sheet) == plain_bits(grid, state.colours[sheet])


def expected_checks(state: AlluviumState, move: object) -> list[dict[str, int]]:
    """The tracks after `move`, from the grid string before it (`shared_edges`)."""
    checks = [dict(c) for c in state.checks]
    seat, kind = state.actions[0]
    cells = move.cells if isinstance(move, Place) else (
        (move.cell,) if isinstance(move, Fill) else ())
    if cells and kind in (OTHER, VIRTUAL):
        sheet = state.held_sheet(seat)
        letter = state.virtual if kind == VIRTUAL else state.colours[seat]
        assert letter is not None
        grid = state.grids[sheet]
        checks[sheet][letter] += state.shared_edges(grid, cells, state.colours[sheet])
    return checks


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sheet_masks_follow_every_move_of_random_games(players: int) -> None:
    rng = random.Random(players)
    for _ in range(2):
        state = AlluviumState.start(players)
        while not state.is_over():
            move = rng.choice(state.legal_moves())
            sheet = -1 if state.to_move() == CHANCE else state.held_sheet(state.to_move())
            if sheet >= 0:
                state.sheet_bits(sheet)  # known before the move: kept up to date by it
                checks = expected_checks(state, move)
            before = state.copy()
            state.play(move)
            if sheet >= 0:
                assert state.checks == checks
                known = state._bits[sheet]
                assert known is not None and known[0] is state.grids[sheet]  # not read again
            assert_masks_match(state)
            assert_masks_match(before)  # a copy's masks are its own
            if rng.random() < 0.1:
                assert_masks_match(state.view(rng.randrange(players)))


@pytest.mark.parametrize("use_policy", [False, True])
def test_sheet_masks_follow_every_step_of_a_playout(use_policy: bool) -> None:
    rng = random.Random(5)
    for players in (3, 5):
        state = AlluviumState.start(players)
        steps = 0
        while playout(state, rng, 1, use_policy):  # one step at a time
            steps += 1
            assert_masks_match(state)
            assert not state.invariant_errors()
        assert state.is_over() and steps > 10 * players


def random_grid(rng: random.Random, density: float) -> str:
    return "".join(rng.choice("RYG") if rng.random() < density else EMPTY for _ in range(81))


def test_legal_placements_by_bit_shifts_are_the_placements_that_fit() -> None:
    rng = random.Random(3)
    counts = []
    for _ in range(40):
        grid = random_grid(rng, rng.random())
        filled = plain_bits(grid, "R")[0]
        for card in deck():
            fitting = _fitting(grid, card.id, 9, 9)
            assert fitting == [item for item in _all_placements(card.id, 9, 9)
                               if not item[1] & filled]
            counts.append(len(fitting))
    assert max(counts) > 100 and 0 in counts  # open and crowded maps both met
    # an empty map: orientations × anchors (I3 2 × 9 × 7, V3 4 × 8 × 8, L4 8 × 7 × 8 ...)
    empty = {c.id: len(_fitting(EMPTY * 81, c.id, 9, 9)) for c in deck()}
    assert empty == {"I3": 126, "V3": 256, "I4": 108, "L4": 448, "T4": 224, "S4": 224}


def test_largest_area_by_widths_is_the_largest_rectangle() -> None:
    rng = random.Random(4)
    for _ in range(300):
        grid = random_grid(rng, 0.5 + rng.random() / 2)
        rectangle = largest_rectangle([grid[r * 9:r * 9 + 9] for r in range(9)])
        expected = rectangle.area if rectangle else 0
        assert mask_area(plain_bits(grid, "R")[0], 9, 9) == expected
    assert mask_area(0, 9, 9) == 0 and mask_area((1 << 81) - 1, 9, 9) == 81


def crowded_position() -> AlluviumState:
    """A phase-2 position late in a seeded random game with a few legal moves."""
    rng = random.Random(8)
    state = AlluviumState.start(3)
    found = None
    while not state.is_over():
        moves = state.legal_moves()
        if state.to_move() >= 0 and state.actions[0][1] == OTHER and 3 <= len(moves) <= 15 \
                and Pass() not in moves:
            found = state.copy()
        state.play(rng.choice(moves))
    assert found is not None
    return found


def test_a_crowded_maps_draw_is_uniform_among_the_legal_moves() -> None:
    state = crowded_position()
    seat = state.to_move()
    sheet = state.held_sheet(seat)
    card = state.face[state.colours[seat]]
    legal = {str(m) for m in state.legal_moves()}
    rng = random.Random(2)
    draws = _sample_legal(card, state.sheet_bits(sheet)[0], True, 200 * len(legal),
                          rng.random, 9, 9)
    counts = Counter(str(move) for move, _ in draws)
    assert set(counts) == legal
    assert all(120 <= n <= 280 for n in counts.values()), counts  # about 200 each
    assert all(mask == move_mask(move, 9) for move, mask in draws)


def test_nothing_to_draw_on_a_full_map() -> None:
    full = (1 << 81) - 1
    assert _sample_legal("I3", full, True, 3, random.Random(1).random, 9, 9) == []
