"""Etariya rules, one test per clause of the rulebook (ゲーム準備, ゲームの流れ, ゲーム終了,
拡張ルール A–E) and of the decisions in rules/etariya.md. Each test name says the clause."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.games import registry
from companion.games.etariya.board import (
    CELLS,
    CENTRE,
    CODES,
    CORNERS,
    DARK,
    LIGHT,
    NEIGHBOURS,
    cell_at,
    cell_name,
    index,
)
from companion.games.etariya.moves import Draw, DrawPower, parse_move
from companion.games.etariya.positions import moves_text, play_all, put, resolve, start, targets
from companion.games.etariya.rules import SCORE_VALUES, EtariyaState, new_state
from companion.games.etariya.setup import randomize_setup
from companion.games.registry import OptionError


def _cells(state: EtariyaState, faction: str, empty: bool = True) -> list[str]:
    return [cell_name(cell_at(i)) for i in range(CELLS)
            if state.faction[i] == faction and (not empty or not state.stone[i])]


def _cell_with_neighbour(state: EtariyaState, faction: str, other: str) -> tuple[str, str]:
    """A non-corner empty cell of `faction` with an empty neighbour of faction `other`."""
    for i in range(CELLS):
        if state.faction[i] != faction or state.stone[i] or cell_at(i) in CORNERS:
            continue
        for n in NEIGHBOURS[i]:
            if state.faction[n] == other and not state.stone[n]:
                return cell_name(cell_at(i)), cell_name(cell_at(n))
    raise AssertionError("no such pair of cells")


# --- ゲーム準備 (setup) -----------------------------------------------------------------------
def test_setup_bag_holds_49_stones_of_7_colours_and_each_player_draws_three() -> None:
    fresh = new_state(2, {})
    assert fresh.bag == {c: 7 for c in CODES}
    state = start()
    assert [len(h) for h in state.hands] == [3, 3]
    assert state.bag_count() == 43


def test_setup_centre_cell_is_the_second_players_small_sheet() -> None:
    for first in (LIGHT, DARK):
        state = start(first=first)
        second = DARK if first == LIGHT else LIGHT
        assert state.factions == [first, second]
        assert state.faction[index(CENTRE)] == second


def test_setup_board_is_four_different_sheets_in_the_pinwheel() -> None:
    setup = randomize_setup(5)
    state = new_state(2, {}, setup=setup)
    resolve(state)
    assert state.board_factions() == setup.board()
    assert len({p.face.sheet for p in state.placements}) == 4
    assert sorted(p.slot for p in state.placements) == [1, 2, 3, 4]


def test_setup_first_player_faction_by_the_small_sheet_draw_is_a_chance_event() -> None:
    state = new_state(2, {})
    outcomes = state.chance_outcomes()
    assert [str(m) for m, _ in outcomes] == ["first L", "first D"]
    assert [p for _, p in outcomes] == [0.5, 0.5]
    fixed = new_state(2, {"first_faction": "dark"})
    assert [str(m) for m, _ in fixed.chance_outcomes()] == ["first D"]


def test_setup_first_player_moves_first() -> None:
    assert start().to_move() == 0


# --- ゲームの流れ 1: placing ------------------------------------------------------------------
def test_first_stone_of_a_colour_goes_anywhere_but_the_four_corners() -> None:
    state = start(stones="RRRGGG")
    allowed = targets(state, "R")
    assert len(allowed) == CELLS - 4
    assert not allowed & {cell_name(c) for c in CORNERS}
    with pytest.raises(IllegalMoveError, match="corner"):
        state.play(parse_move("R a1"))


def test_first_stone_may_go_on_either_factions_cells() -> None:
    state = start(stones="RRRGGG")
    allowed = targets(state, "R")
    assert allowed & set(_cells(state, LIGHT)) and allowed & set(_cells(state, DARK))


def test_later_stone_goes_on_an_empty_cell_orthogonally_next_to_its_colour() -> None:
    state = start(stones="RRRGGG")
    play_all(state, "R d4")
    assert targets(state, "R") == {"d5", "d3", "c4", "e4"}
    with pytest.raises(IllegalMoveError, match="next to a red stone"):
        state.play(parse_move("R e5"))  # diagonal only
    play_all(state, "R d5")
    assert targets(state, "R") == {"d6", "c5", "e5", "d3", "c4", "e4"}


def test_later_stone_may_go_on_a_corner() -> None:
    state = start(stones="RRRGGG")
    put(state, "R", "b1")
    assert "a1" in targets(state, "R")


def test_stone_is_stacked_only_when_no_empty_cell_is_next_to_its_colour() -> None:
    state = start(stones="RRRGGG")
    put(state, "R", "a1")
    put(state, "O", "a2")
    assert targets(state, "R") == {"b1"}
    with pytest.raises(IllegalMoveError, match="stacked only when"):
        state.play(parse_move("R a1"))
    put(state, "O", "b1")
    assert targets(state, "R") == {"a1"}  # the rulebook's fallback
    state.play(parse_move("R a1"))
    assert state.stack(cell_at(index((6, 0)))) == ("R", "R")


def test_a_stone_cannot_go_on_a_stone_of_another_colour() -> None:
    state = start(stones="RRRGGG")
    put(state, "R", "d4")
    put(state, "O", "d5")
    with pytest.raises(IllegalMoveError, match="holds a orange stone"):
        state.play(parse_move("R d5"))


def test_only_stones_in_hand_can_be_placed() -> None:
    state = start(stones="RRRGGG")
    with pytest.raises(IllegalMoveError, match="no violet stone in hand"):
        state.play(parse_move("V d4"))


# --- ゲームの流れ 2: dominance ----------------------------------------------------------------
def test_dominance_at_four_stones_of_a_colour_on_one_factions_cells_stacks_count() -> None:
    state = start(first=LIGHT, stones="RRRGGG")
    cell, neighbour = _cell_with_neighbour(state, LIGHT, LIGHT)
    put(state, "R", cell, times=3)  # a stack of three counts three
    assert state.counts["R"][LIGHT] == 3 and "R" not in state.dominance
    state.play(parse_move(f"R {neighbour}"))
    assert state.dominance == {"R": LIGHT}
    assert state.chips(0) == 1 and state.chips(1) == 0


def test_dominance_goes_to_the_faction_of_the_cells_whoever_placed_the_stone() -> None:
    state = start(first=LIGHT, stones="RRRGGG")
    cell, neighbour = _cell_with_neighbour(state, DARK, DARK)
    put(state, "R", cell, times=3)
    state.play(parse_move(f"R {neighbour}"))  # seat 0 (Light) gives Dark the chip
    assert state.dominance == {"R": DARK}
    assert state.chips(1) == 1


def test_stones_split_between_factions_do_not_give_dominance() -> None:
    state = start(first=LIGHT, stones="RRRGGG")
    light = _cells(state, LIGHT)
    dark = _cells(state, DARK)
    put(state, "R", light[0], times=2)
    put(state, "R", dark[0], times=2)
    assert state.counts["R"] == {LIGHT: 2, DARK: 2} and not state.dominance


# --- ゲーム終了 --------------------------------------------------------------------------------
def _give_chips(state: EtariyaState, faction: str, colours: str) -> None:
    free = _cells(state, faction)
    for colour, name in zip(colours, free[-len(colours):], strict=True):
        put(state, colour, name, times=4)


def test_four_dominance_chips_end_the_game_at_once_even_mid_turn() -> None:
    state = start(first=LIGHT, stones="RRRGGG")
    _give_chips(state, LIGHT, "OYB")
    assert not state.is_over()
    cell, neighbour = _cell_with_neighbour(state, LIGHT, LIGHT)
    put(state, "R", cell, times=3)
    state.play(parse_move(f"R {neighbour}"))
    assert state.is_over() and state.hands[0] == ["R", "R"]  # two stones still in hand
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.scores == (4.0, 0.0)
    assert state.legal_moves() == []


def test_the_opponent_wins_when_the_mover_places_their_fourth_chip() -> None:
    state = start(first=LIGHT, stones="RRRGGG")
    _give_chips(state, DARK, "OYB")
    cell, neighbour = _cell_with_neighbour(state, DARK, DARK)
    put(state, "R", cell, times=3)
    state.play(parse_move(f"R {neighbour}"))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {1}


# --- ゲームの流れ 3: drawing -----------------------------------------------------------------
def test_after_placing_three_stones_the_player_draws_three_and_the_turn_passes() -> None:
    state = start(stones="RRRGGG")
    state.play(parse_move("R d4"))
    state.play(parse_move("R d5"))
    assert state.to_move() == 0
    state.play(parse_move("R d6"))
    assert state.is_chance() and len(state.queue) == 3
    resolve(state, "VVV")
    assert state.hands == [["V", "V", "V"], ["G", "G", "G"]]
    assert state.to_move() == 1


def _short_bag(expansions: str = "", first: str = LIGHT) -> EtariyaState:
    """A game whose bag holds a single blue stone (test set-up; conservation not kept)."""
    state = start(expansions, stones="RRRGGGYYY", first=first)
    state.bag = {c: 0 for c in CODES}
    state.bag["B"] = 1
    return state


def test_with_fewer_than_three_in_the_bag_draw_what_is_left_last_turn_one_stone() -> None:
    state = _short_bag()
    play_all(state, "R d4", "R d5", "R d6")
    assert state.hands[0] == ["B"] and state.to_move() == 1
    play_all(state, "G b2", "G b3", "G b4")
    assert state.hands[1] == [] and state.to_move() == 0
    assert moves_text(state) and all(m.startswith("B ") for m in moves_text(state))
    play_all(state, "B f2")  # the last turn: a single stone
    assert state.is_over()


def test_when_the_stones_run_out_level_chips_is_a_draw() -> None:
    state = _short_bag()
    play_all(state, "R d4", "R d5", "R d6", "G b2", "G b3", "G b4", "B f2")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset()
    assert "stones ran out" in outcome.detail and "draw" in outcome.detail


def test_when_the_stones_run_out_the_side_with_more_chips_wins() -> None:
    state = _short_bag()
    _give_chips(state, DARK, "OV")
    state.bag = {c: 0 for c in CODES}
    state.bag["B"] = 1
    play_all(state, "R d4", "R d5", "R d6", "G b2", "G b3", "G b4", "B f2")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {1} and outcome.scores == (0.0, 2.0)


# --- A: set selection -------------------------------------------------------------------------
def test_A_three_open_sets_of_three_and_no_hands_are_drawn() -> None:
    state = start("A")
    assert [len(s) for s in state.sets] == [3, 3, 3]
    assert state.hands == [[], []] and state.bag_count() == 40
    assert moves_text(state) == ["set 1", "set 2", "set 3"]


def test_A_take_one_set_place_it_then_a_new_set_is_drawn_into_its_place() -> None:
    state = start("A", stones="RRROOOGGG")
    play_all(state, "set 2")
    assert state.hands[0] == ["O", "O", "O"] and state.sets[1] == []
    with pytest.raises(IllegalMoveError, match="already taken"):
        state.play(parse_move("set 1"))
    play_all(state, "O d4", "O d5", "O d6", stones="VVV")
    assert state.sets == [["R", "R", "R"], ["V", "V", "V"], ["G", "G", "G"]]
    assert state.hands == [[], []] and state.to_move() == 1


def test_A_sets_shrink_at_the_end_and_only_sets_with_stones_can_be_chosen() -> None:
    state = start("A", stones="RRROOOGGG")
    state.bag = {c: 0 for c in CODES}
    state.bag["B"] = 1
    play_all(state, "set 1", "R d4", "R d5", "R d6")
    assert state.sets[0] == ["B"]
    play_all(state, "set 2", "O b2", "O b3", "O b4")
    assert state.sets == [["B"], [], ["G", "G", "G"]]
    assert moves_text(state) == ["set 1", "set 3"]


def test_A_placement_follows_the_base_rules() -> None:
    state = start("A", stones="RRROOOGGG")
    play_all(state, "set 1", "R d4")
    assert targets(state, "R") == {"d5", "d3", "c4", "e4"}


# --- B: the open line -------------------------------------------------------------------------
def test_B_all_49_stones_lie_in_a_line_and_nobody_draws() -> None:
    state = start("B")
    assert len(state.line) == 49 and state.bag_count() == 0
    assert moves_text(state) == ["end left", "end right"]


def test_B_take_three_stones_from_the_chosen_end() -> None:
    state = start("B")
    line = list(state.line)
    play_all(state, "end right")
    assert state.hands[0] == line[-3:] and state.line == line[:-3]
    first_colour = state.hands[0][0]
    assert all(str(m).startswith(tuple(state.hands[0])) for m in state.legal_moves())
    assert first_colour in state.hands[0]


def test_B_the_turn_passes_without_any_draw() -> None:
    state = start("B")
    line = list(state.line)
    play_all(state, "end left")
    hand = list(state.hands[0])
    for _ in range(3):
        state.play(state.legal_moves()[0])
    assert not state.is_chance() and state.to_move() == 1
    assert state.line == line[3:] and hand == line[:3]


def test_A_and_B_cannot_be_combined() -> None:
    info = registry.get("etariya")
    with pytest.raises(OptionError, match=r"A .*cannot be combined with.*B"):
        info.validate_options({"expansions": ["A", "B"]})
    with pytest.raises(OptionError):
        new_state(2, {"expansions": ["A", "B"]})
    with pytest.raises(ValueError):
        randomize_setup(1, "AB")
    assert info.validate_options({"expansions": ["A", "C", "D", "E"]})["expansions"] == [
        "A", "C", "D", "E"]


# --- C: acceleration --------------------------------------------------------------------------
def test_C_each_player_has_two_acceleration_chips_and_takes_one_more_stone() -> None:
    state = start("C", stones="RRRGGG")
    assert state.accel == [2, 2] and "accel" in moves_text(state)
    play_all(state, "accel", stones="V")
    assert state.hands[0] == ["R", "R", "R", "V"] and state.accel == [1, 2]
    assert "accel" not in moves_text(state)  # once per turn


def test_C_acceleration_is_declared_before_the_first_stone() -> None:
    state = start("C", stones="RRRGGG")
    play_all(state, "R d4")
    assert "accel" not in moves_text(state)
    with pytest.raises(IllegalMoveError, match="before the first stone"):
        state.play(parse_move("accel"))


def test_C_four_stones_are_placed_in_an_accelerated_turn() -> None:
    state = start("C", stones="RRRGGG")
    play_all(state, "accel", "R d4", "R d5", "R d6", stones="R")
    assert state.to_move() == 0 and state.hands[0] == ["R"]
    play_all(state, "R d7", stones="OOO")
    assert state.to_move() == 1 and state.hands[0] == ["O", "O", "O"]


def test_C_no_acceleration_without_chips() -> None:
    state = start("C", stones="RRRGGG")
    state.accel = [0, 2]
    state._legal = None
    assert "accel" not in moves_text(state)
    with pytest.raises(IllegalMoveError, match="no acceleration chip"):
        state.play(parse_move("accel"))


def test_C_with_A_choose_the_set_first_then_draw_one_from_the_bag() -> None:
    state = start("AC", stones="RRROOOGGG")
    assert "accel" not in moves_text(state)
    play_all(state, "set 3")
    assert "accel" in moves_text(state)
    state.play(parse_move("accel"))
    assert state.is_chance() and isinstance(state.chance_outcomes()[0][0], Draw)
    resolve(state, "Y")
    assert state.hands[0] == ["G", "G", "G", "Y"] and state.bag_count() == 39


def test_C_with_B_take_four_from_the_chosen_end() -> None:
    state = start("BC")
    line = list(state.line)
    play_all(state, "end left", "accel")
    assert state.hands[0] == line[:4] and state.line == line[4:]
    assert not state.is_chance()


def test_C_last_turn_places_between_one_and_four_stones() -> None:
    state = _short_bag("C")
    state.bag["B"] = 2
    play_all(state, "accel", stones="B")  # takes one of the last two stones
    assert len(state.hands[0]) == 4
    play_all(state, "R d4", "R d5", "R d6", "B f2", stones="B")
    assert state.hands[0] == ["B"] and state.bag_count() == 0


# --- D: power chips ---------------------------------------------------------------------------
def _power_state(chip: str = "W", stones: str = "RRRGGG") -> EtariyaState:
    state = start("D", stones=stones)
    state.power_pool[state.power_hand[0]] += 1
    state.power_pool[chip] -= 1
    state.power_hand[0] = chip
    state._legal = None
    return state


def test_D_each_player_turns_one_power_chip_face_up_at_setup() -> None:
    state = start("D")
    assert all(chip in ("W", "B") for chip in state.power_hand)
    assert sum(state.power_pool.values()) == 16


def test_D_first_players_first_turn_places_the_power_chip_only_after_a_stone() -> None:
    state = _power_state("W")
    assert not any(m.startswith("power") for m in moves_text(state))
    light, dark = _cell_with_neighbour(state, LIGHT, DARK)
    play_all(state, f"R {light}")
    assert f"power {dark}" in moves_text(state)


def test_D_power_chip_goes_next_to_a_stone_on_an_empty_cell_and_changes_its_faction() -> None:
    state = _power_state("W")
    light, dark = _cell_with_neighbour(state, LIGHT, DARK)
    play_all(state, f"R {light}")
    chip_cells = {m.split()[1] for m in moves_text(state) if m.startswith("power")}
    assert chip_cells == {n for n in (cell_name(cell_at(i)) for i in NEIGHBOURS[index(
        cell_at(next(i for i in range(CELLS) if state.stone[i])))]) if
        state.faction[index(_parse(n))] == DARK}
    play_all(state, f"power {dark}")
    assert state.faction[index(_parse(dark))] == LIGHT
    assert state.power_chips(_parse(dark)) == ("W",)


def _parse(name: str) -> tuple[int, int]:
    from companion.games.etariya.board import parse_cell

    return parse_cell(name)


def test_D_a_white_chip_cannot_go_on_a_light_cell() -> None:
    state = _power_state("W")
    light, _ = _cell_with_neighbour(state, LIGHT, LIGHT)
    play_all(state, f"R {light}")
    for i in NEIGHBOURS[index(_parse(light))]:
        if state.faction[i] == LIGHT:
            with pytest.raises(IllegalMoveError, match="change that cell's faction"):
                state.play(parse_move(f"power {cell_name(cell_at(i))}"))


def test_D_the_power_chip_must_be_placed_before_the_turn_ends() -> None:
    state = _power_state("W")
    light, dark = _cell_with_neighbour(state, LIGHT, DARK)
    first = light
    play_all(state, f"R {first}")
    others = [m for m in moves_text(state) if m.startswith("R ") and m.split()[1] != dark]
    play_all(state, others[0])
    others = [m for m in moves_text(state) if m.startswith("R ") and m.split()[1] != dark]
    play_all(state, others[0])
    assert state.to_move() == 0 and state.hands[0] == []
    assert moves_text(state) and all(m.startswith("power") for m in moves_text(state))
    play_all(state, moves_text(state)[0], stones="OOO")
    assert state.to_move() == 1


def test_D_a_power_chip_may_go_on_another_power_chip() -> None:
    state = _power_state("W")
    light, dark = _cell_with_neighbour(state, LIGHT, DARK)
    play_all(state, f"R {light}", f"power {dark}")
    state.power_hand[0], state.power_done = "B", False
    state.power_pool["B"] -= 1
    state._legal = None
    assert f"power {dark}" in moves_text(state)
    play_all(state, f"power {dark}")
    assert state.power_chips(_parse(dark)) == ("W", "B")
    assert state.faction[index(_parse(dark))] == DARK


def test_D_a_stone_may_go_on_a_chipped_cell_and_counts_its_new_faction() -> None:
    state = _power_state("W")
    light, dark = _cell_with_neighbour(state, LIGHT, DARK)
    play_all(state, f"R {light}", f"power {dark}", f"R {dark}")
    assert state.counts["R"] == {LIGHT: 2, DARK: 0}


def test_D_a_new_power_chip_at_the_end_of_the_turn_none_for_acceleration() -> None:
    state = start("CD", stones="RRRGGG")
    state.play(parse_move("accel"))
    assert [type(m) for m, _ in state.chance_outcomes()] == [Draw] * len(
        state.chance_outcomes())
    resolve(state, "R")
    while state.to_move() == 0:
        state.play(state.legal_moves()[0])
    kinds = [kind for kind, _ in state.queue]
    assert kinds == ["hand", "hand", "hand", "power"]
    resolve(state)
    assert state.power_hand[0] in ("W", "B")


def test_D_without_a_cell_for_it_the_power_chip_stays_in_hand() -> None:
    state = _power_state("W")
    state.faction = [LIGHT] * CELLS  # nowhere to turn Light
    state._legal = None
    play_all(state, "R d4", "R d5", "R d6")
    assert state.power_hand[0] == "W" and state.to_move() == 1
    assert ("power", 0) not in state.queue


# --- E: score chips ---------------------------------------------------------------------------
def test_E_a_score_chip_lies_on_every_dominance_chip() -> None:
    state = start("E")
    assert sorted(state.pairing) == sorted(CODES)
    assert sorted(state.pairing.values()) == sorted(SCORE_VALUES)
    fresh = new_state(2, {"expansions": ["E"]})
    resolve(fresh)
    assert sorted(fresh.pairing.values()) == sorted(SCORE_VALUES)


def _colours_worth(state: EtariyaState, low: bool) -> str:
    return "".join(sorted(CODES, key=lambda c: state.pairing[c], reverse=not low))


def test_E_four_dominance_chips_alone_do_not_end_the_game() -> None:
    state = start("E", first=LIGHT)
    cheap = _colours_worth(state, low=True)[:4]  # 1 + 1 + 1 + 2 = 5 points
    _give_chips(state, LIGHT, cheap)
    assert state.chips(0) == 4 and state.points(0) == 5 and not state.is_over()


def test_E_seven_points_of_score_chips_win() -> None:
    state = start("E", first=LIGHT)
    rich = _colours_worth(state, low=False)[:2]  # 4 + 3
    _give_chips(state, LIGHT, rich)
    outcome = state.outcome()
    assert state.is_over() and outcome is not None and outcome.winners == {0}
    assert outcome.scores == (7.0, 0.0) and "7 points" in outcome.detail


# --- notation and errors ----------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "R d4", "V a1", "power e5", "accel", "set 1", "set 3", "end left", "end right",
    "draw I", "chip W", "chip B", "first L", "first D", "map 1 3B~ DLLL/LLDD/LDDD",
    "map 4 8A LDLD/DLDL/LLDD", "pair R 4",
])
def test_notation_round_trips(text: str) -> None:
    assert str(parse_move(text)) == text


@pytest.mark.parametrize("text", ["", "X d4", "R h1", "R d8", "set 4", "end middle",
                                  "power", "chip G", "map 5 3B LLLL/DDDD/LLDD", "draw Q"])
def test_notation_rejects_what_is_not_a_move(text: str) -> None:
    with pytest.raises(MoveParseError):
        parse_move(text)


def test_illegal_move_error_names_the_move_and_the_position() -> None:
    state = start(stones="RRRGGG")
    with pytest.raises(IllegalMoveError) as caught:
        state.play(parse_move("R a1"))
    message = str(caught.value)
    assert "R a1" in message and "Etariya" in message and "corner" in message
    assert state.stones_on_board() == 0


def test_chance_draws_are_moves_with_the_bag_odds() -> None:
    state = new_state(2, {})
    resolve(state)
    assert state.to_move() == 0
    fresh = new_state(2, {})
    while not isinstance(fresh.chance_outcomes()[0][0], Draw):
        fresh.play(fresh.chance_outcomes()[0][0])
    odds = dict((str(m), p) for m, p in fresh.chance_outcomes())
    assert odds == {f"draw {c}": pytest.approx(1 / 7) for c in CODES}
    assert not isinstance(fresh.chance_outcomes()[0][0], DrawPower)


def test_no_hidden_information_view_is_the_position() -> None:
    state = start("ACDE")
    assert not state.has_hidden_information()
    assert state.view(1).describe() == state.describe()


def test_refusals_explain_the_rule_that_applies() -> None:
    base = start(stones="RRRGGG")
    with pytest.raises(IllegalMoveError, match="only with expansion D"):
        base.play(parse_move("power d4"))
    with pytest.raises(IllegalMoveError, match="only with expansion C"):
        base.play(parse_move("accel"))
    sets = start("A")
    with pytest.raises(IllegalMoveError, match="choose one of the open sets first"):
        sets.play(parse_move("R d4"))
    line = start("B")
    with pytest.raises(IllegalMoveError, match="choose an end of the line first"):
        line.play(parse_move("R d4"))
    with pytest.raises(IllegalMoveError, match="chance acts now"):
        new_state(2, {}).play(parse_move("R d4"))
