"""Alluvium scoring: known values written by hand."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.games.alluvium.scoring import (
    PlayerSheet,
    Rectangle,
    area_bonus,
    competition_ranks,
    largest_group,
    largest_rectangle,
    rank_points,
    round_areas,
    score_game,
    score_sheet,
)

EMPTY9 = ("." * 9,) * 9


def grid(*rows: str) -> tuple[str, ...]:
    return tuple(r.replace(" ", "") for r in rows)


def brute_force_area(g: tuple[str, ...]) -> int:
    rows, cols = len(g), len(g[0])
    best = 0
    for t, b in itertools.combinations_with_replacement(range(rows), 2):
        for left, right in itertools.combinations_with_replacement(range(cols), 2):
            if all(g[r][c] != "." for r in range(t, b + 1) for c in range(left, right + 1)):
                best = max(best, (b - t + 1) * (right - left + 1))
    return best


# --- the area bonus ---------------------------------------------------------------------------
def test_empty_map_has_no_rectangle() -> None:
    assert largest_rectangle(EMPTY9) is None
    assert area_bonus(EMPTY9) == 0


def test_single_cell() -> None:
    g = list(EMPTY9)
    g[4] = "....R...."
    assert largest_rectangle(tuple(g)) == Rectangle(4, 4, 1, 1)


def test_full_map_is_81() -> None:
    assert area_bonus(("RYGBNRYGB",) * 9) == 81


def test_colours_mix_in_the_rectangle() -> None:
    g = grid("RRY", "YBB", "...")
    assert largest_rectangle(g) == Rectangle(0, 0, 2, 3)


def test_rectangle_with_a_hole_is_not_counted() -> None:
    # a 3 × 3 ring: the hole splits it; the best are the 1 × 3 / 3 × 1 sides
    g = grid("RRR", "R.R", "RRR")
    assert area_bonus(g) == 3


def test_hole_in_a_big_block() -> None:
    g = grid(
        "RRRRR",
        "RRRRR",
        "RR.RR",
        "RRRRR",
    )
    # rows 1-2 (5 wide, 2 high) = 10; columns 4-5 over 4 rows = 8; rows 4 alone = 5
    assert area_bonus(g) == 10
    assert largest_rectangle(g) == Rectangle(0, 0, 2, 5)


def test_tall_thin_beats_wide_short() -> None:
    g = grid(
        "R....",
        "R....",
        "R.RRR",
        "R....",
        "R....",
    )
    assert largest_rectangle(g) == Rectangle(0, 0, 5, 1)


def test_several_equal_maxima_give_the_first_from_the_top() -> None:
    g = grid(
        "RR...",
        "RR...",
        ".....",
        "...YY",
        "...YY",
    )
    assert area_bonus(g) == 4
    assert largest_rectangle(g) == Rectangle(0, 0, 2, 2)


def test_staircase() -> None:
    g = grid(
        "R....",
        "RR...",
        "RRR..",
        "RRRR.",
        "RRRRR",
    )
    # 3 × 3 = 9 (rows 3-5, columns 1-3)
    assert area_bonus(g) == 9


def test_against_brute_force_on_random_maps() -> None:
    rng = random.Random(4)
    for _ in range(200):
        density = rng.random()
        g = tuple("".join("R" if rng.random() < density else "." for _ in range(9))
                  for _ in range(9))
        found = largest_rectangle(g)
        assert (found.area if found else 0) == brute_force_area(g)
        if found:
            assert all(g[r][c] != "." for r, c in found.cells())


# --- groups -----------------------------------------------------------------------------------
def test_largest_group_is_orthogonal_only() -> None:
    g = grid(
        "Y.Y",
        ".Y.",
        "Y.Y",
    )
    assert len(largest_group(g, "Y")) == 1


def test_largest_group_of_several() -> None:
    g = grid(
        "YY.Y",
        "Y..Y",
        "RRRY",
        "YYYY",
    )
    assert len(largest_group(g, "Y")) == 7  # right column and the bottom row
    assert len(largest_group(g, "B")) == 0


# --- ranks and rank points --------------------------------------------------------------------
def test_competition_ranks_share_and_skip() -> None:
    assert competition_ranks({"A": 9, "B": 5, "C": 5, "D": 1}) == {
        "A": 1, "B": 2, "C": 2, "D": 4}
    assert competition_ranks({"A": 2, "B": 2, "C": 2}) == {"A": 1, "B": 1, "C": 1}


@pytest.mark.parametrize(("rank", "size", "visitors", "points"), [
    (1, 10, 3, 10), (2, 7, 3, 3), (3, 9, 3, 0),  # four players: no 3rd place
    (1, 10, 4, 10), (2, 7, 4, 3), (3, 9, 4, 2), (4, 20, 4, 0),  # five players
    (3, 3, 4, 0),  # a quarter of 3 rounds down to 0
])
def test_rank_points(rank: int, size: int, visitors: int, points: int) -> None:
    assert rank_points(rank, size, visitors) == points


def _sheet_with_groups(sizes: dict[str, int]) -> tuple[str, ...]:
    """A 9 × 9 map with one horizontal bar per colour of the given length."""
    rows = ["." * 9] * 9
    for i, (colour, size) in enumerate(sizes.items()):
        rows[2 * i] = colour * size + "." * (9 - size)
    return tuple(rows)


def test_rulebook_example_five_players() -> None:
    # yellow 1st (group 10 -> but 9 wide here, use 9), green 2nd 7 -> 3... see the rulebook's
    # own example: 10 -> 10, 14 -> 7 (half), 9 -> 2 (quarter), last -> 0
    g = list(_sheet_with_groups({"G": 7, "B": 9, "N": 5}))
    g[8] = "YYYYYYYYY"
    g[7] = "Y........"  # yellow group of 10
    g[1] = "GGGGGGG.."  # green group 14
    result = score_sheet(tuple(g), "R", {"Y": 12, "G": 8, "B": 4, "N": 1})
    points = {v.colour: v.points for v in result.visitors}
    assert points == {"Y": 10, "G": 7, "B": 2, "N": 0}


def test_ties_at_first_three_visitors() -> None:
    g = _sheet_with_groups({"Y": 8, "G": 6, "B": 4})
    result = score_sheet(g, "R", {"Y": 3, "G": 3, "B": 3})
    assert {v.colour: (v.rank, v.points) for v in result.visitors} == {
        "Y": (1, 8), "G": (1, 6), "B": (1, 4)}


def test_tie_at_second_four_players_both_half() -> None:
    g = _sheet_with_groups({"Y": 8, "G": 7, "B": 5})
    result = score_sheet(g, "R", {"Y": 9, "G": 3, "B": 3})
    assert {v.colour: (v.rank, v.points) for v in result.visitors} == {
        "Y": (1, 8), "G": (2, 3), "B": (2, 2)}


def test_tie_at_last_four_players_nothing() -> None:
    g = _sheet_with_groups({"Y": 8, "G": 7, "B": 5})
    result = score_sheet(g, "R", {"Y": 9, "G": 5, "B": 1})
    assert {v.colour: (v.rank, v.points) for v in result.visitors} == {
        "Y": (1, 8), "G": (2, 3), "B": (3, 0)}


def test_tie_for_first_pushes_next_to_third_five_players() -> None:
    g = _sheet_with_groups({"Y": 8, "G": 8, "B": 8, "N": 8})
    result = score_sheet(g, "R", {"Y": 6, "G": 6, "B": 2, "N": 0})
    assert {v.colour: (v.rank, v.points) for v in result.visitors} == {
        "Y": (1, 8), "G": (1, 8), "B": (3, 2), "N": (4, 0)}


def test_tie_at_third_five_players_both_quarter() -> None:
    g = _sheet_with_groups({"Y": 8, "G": 8, "B": 8, "N": 9})
    result = score_sheet(g, "R", {"Y": 6, "G": 4, "B": 2, "N": 2})
    assert {v.colour: (v.rank, v.points) for v in result.visitors} == {
        "Y": (1, 8), "G": (2, 4), "B": (3, 2), "N": (3, 2)}


def test_tie_at_second_five_players_skips_third() -> None:
    g = _sheet_with_groups({"Y": 8, "G": 8, "B": 8, "N": 9})
    result = score_sheet(g, "R", {"Y": 6, "G": 4, "B": 4, "N": 4})
    assert {v.colour: (v.rank, v.points) for v in result.visitors} == {
        "Y": (1, 8), "G": (2, 4), "B": (2, 4), "N": (2, 4)}


def test_all_tied_five_players_all_full() -> None:
    g = _sheet_with_groups({"Y": 8, "G": 6, "B": 4, "N": 2})
    result = score_sheet(g, "R", {"Y": 0, "G": 0, "B": 0, "N": 0})
    assert {v.colour: v.points for v in result.visitors} == {"Y": 8, "G": 6, "B": 4, "N": 2}
    assert {v.rank for v in result.visitors} == {1}


def test_three_players_rank_the_virtual_colour() -> None:
    # R's sheet, visitors Y, B (players) and G (virtual): G outranks B
    g = _sheet_with_groups({"Y": 8, "G": 6, "B": 4})
    result = score_sheet(g, "R", {"Y": 2, "B": 1, "G": 9})
    assert {v.colour: (v.rank, v.points) for v in result.visitors} == {
        "G": (1, 6), "Y": (2, 4), "B": (3, 0)}


def test_owner_cannot_have_a_track() -> None:
    with pytest.raises(ValueError, match="owner"):
        score_sheet(EMPTY9, "R", {"R": 1, "Y": 1, "B": 1})


# --- the whole game ---------------------------------------------------------------------------
def _bar_map(colours: dict[str, int], owner_rect: tuple[int, int]) -> tuple[str, ...]:
    rows = ["." * 9] * 9
    for i, (colour, size) in enumerate(colours.items()):
        rows[2 * i] = colour * size + "." * (9 - size)
    h, w = owner_rect
    for r in range(h):
        rows[8 - r] = "." * (9 - w) + "X" * w
    return tuple(rows)


def _owner_map(owner: str, colours: dict[str, int], rect: tuple[int, int]) -> tuple[str, ...]:
    return tuple(r.replace("X", owner) for r in _bar_map(colours, rect))


def test_four_player_game_totals_and_winner() -> None:
    sheets = [
        PlayerSheet("R", _owner_map("R", {"Y": 6, "G": 4, "B": 2}, (2, 3)),
                    {"Y": 5, "G": 3, "B": 1}, "Ann", [4, 6, 8, None]),
        PlayerSheet("Y", _owner_map("Y", {"R": 6, "G": 4, "B": 2}, (2, 2)),
                    {"R": 5, "G": 3, "B": 1}, "Ben", [4, 6, 8, 9]),
        PlayerSheet("G", _owner_map("G", {"R": 6, "Y": 4, "B": 2}, (3, 3)),
                    {"R": 5, "Y": 3, "B": 1}, "Cy", [3, 3, 3, None]),
        PlayerSheet("B", _owner_map("B", {"R": 6, "Y": 4, "G": 2}, (1, 1)),
                    {"R": 5, "Y": 3, "G": 1}, "Di", [2, 2, 2, None]),
    ]
    game = score_game(sheets)
    by = {p.owner: p for p in game.players}
    # R: last round from the map: bars of 6/4/2 in rows 0,2,4 plus a 2 × 3 block -> 6
    assert by["R"].areas == (4, 6, 8, 6)
    # R receives: Y sheet rank 1 (R group 6) = 6, G sheet rank 1 = 6, B sheet rank 1 = 6
    assert by["R"].cooperation_total == 18
    # Y receives: R sheet rank 1 (6) = 6, G sheet rank 2 (4 // 2) = 2, B sheet rank 2 = 2
    assert by["Y"].cooperation_total == 10
    # B is last everywhere: nothing
    assert by["B"].cooperation_total == 0
    assert by["R"].total == 24 + 18
    assert [p.owner for p in game.winners()] == ["R"]


def test_tie_on_total_goes_to_cooperation() -> None:
    keys_sheets = [
        PlayerSheet("R", EMPTY9, {"Y": 0, "G": 0, "B": 0}, areas=[10, 10, 10, 10]),
        PlayerSheet("Y", EMPTY9, {"R": 0, "G": 0, "B": 0}, areas=[10, 10, 10, 10]),
        PlayerSheet("G", EMPTY9, {"R": 0, "Y": 0, "B": 0}, areas=[5, 5, 5, 5]),
        PlayerSheet("B", EMPTY9, {"R": 0, "Y": 0, "G": 0}, areas=[0, 0, 0, 0]),
    ]
    # give Y some co-operation: a Y bar of 4 on G's sheet (all tied at rank 1 there)
    keys_sheets[2].grid = ("YYYY.....", *EMPTY9[1:])
    # and give R 4 more area so the totals tie: R 44, Y 40 + 4 = 44
    keys_sheets[0].areas = [11, 11, 11, 11]
    game = score_game(keys_sheets)
    by = {p.owner: p for p in game.players}
    assert by["R"].total == by["Y"].total == 44
    assert [p.owner for p in game.winners()] == ["Y"]
    assert by["Y"].rank == 1 and by["R"].rank == 2


def test_shared_victory_when_total_and_cooperation_tie() -> None:
    sheets = [
        PlayerSheet("R", EMPTY9, {"Y": 0, "G": 0, "B": 0}, areas=[1, 1, 1, 1]),
        PlayerSheet("Y", EMPTY9, {"R": 0, "G": 0, "B": 0}, areas=[2, 1, 1, 0]),
        PlayerSheet("G", EMPTY9, {"R": 0, "Y": 0, "B": 0}, areas=[0, 0, 0, 0]),
        PlayerSheet("B", EMPTY9, {"R": 0, "Y": 0, "G": 0}, areas=[0, 0, 0, 0]),
    ]
    game = score_game(sheets)
    assert game.shared_victory
    assert {p.owner for p in game.winners()} == {"R", "Y"}


def test_three_player_game_virtual_colour_scores_for_nobody() -> None:
    sheets = [
        PlayerSheet("R", _owner_map("R", {"Y": 6, "B": 4, "G": 8}, (0, 0)),
                    {"Y": 1, "B": 0, "G": 9}, areas=[0, 0, 0, 0]),
        PlayerSheet("Y", _owner_map("Y", {"R": 6, "B": 4, "G": 8}, (0, 0)),
                    {"R": 5, "B": 0, "G": 9}, areas=[0, 0, 0, 0]),
        PlayerSheet("B", _owner_map("B", {"R": 6, "Y": 4, "G": 8}, (0, 0)),
                    {"R": 5, "Y": 5, "G": 1}, areas=[0, 0, 0, 0]),
    ]
    game = score_game(sheets, virtual="G")
    by = {p.owner: p for p in game.players}
    # R: 2nd on Y's sheet (6 // 2 = 3), 1st on B's (6): 9
    assert by["R"].cooperation_total == 9
    # Y: 2nd on R's sheet (6 // 2 = 3), 1st on B's (4): 7
    assert by["Y"].cooperation_total == 7
    # B: last on R's and Y's sheets
    assert by["B"].cooperation_total == 0
    assert len(game.players) == 3


def test_game_checks_name_the_problem() -> None:
    sheets = [PlayerSheet("R", EMPTY9, {"Y": 0, "B": 0, "G": 0}),
              PlayerSheet("Y", EMPTY9, {"R": 0, "B": 0, "G": 0}),
              PlayerSheet("B", EMPTY9, {"R": 0, "Y": 0, "G": 0})]
    with pytest.raises(ValueError, match="virtual"):
        score_game(sheets)
    with pytest.raises(ValueError, match="only a three-player"):
        score_game([*sheets, PlayerSheet("G", EMPTY9, {"R": 0, "Y": 0, "B": 0})], "N")
    with pytest.raises(ValueError, match=r"sheet B: .*missing: G"):
        score_game([*sheets[:2], PlayerSheet("B", EMPTY9, {"R": 0, "Y": 0})], "G")


def test_five_players_have_three_rounds() -> None:
    sheet = PlayerSheet("R", ("RR.......", *EMPTY9[1:]), {}, areas=[3, 4])
    assert round_areas(sheet, 3) == (3, 4, 2)
    sheet.areas = [3, None, 5]
    assert round_areas(sheet, 3) == (3, 0, 5)


def test_typed_group_sizes_replace_the_map() -> None:
    result = score_sheet(EMPTY9, "R", {"Y": 3, "G": 1, "B": 0}, {"Y": 9, "G": 7, "B": None})
    assert {v.colour: (v.group_size, v.points) for v in result.visitors} == {
        "Y": (9, 9), "G": (7, 3), "B": (0, 0)}
