"""Sorani digital play on the app's reconstruction: the catalogue, placement, the draft and
its trades, dark skies and the special-feature draft, the reserve, round 12, scoring through
the score pad's code, hidden information, notation and the documented record."""

from __future__ import annotations

import copy
import json
import random

import pytest

from companion.core.errors import IllegalMoveError
from companion.core.record import Game
from companion.games.sorani import board as bd
from companion.games.sorani.catalogue import CatalogueError, catalogue, parse_catalogue
from companion.games.sorani.moves import Discard, Keep, Place, Take, TakeCard, parse_move
from companion.games.sorani.record import game_document
from companion.games.sorani.rules import HIDDEN, SoraniState
from companion.games.sorani.scoring import FEATURE_KEYS
from companion.games.sorani.tracker import ROUNDS, Phase
from companion.resources import load_json

LATTICE = catalogue().lattice


def space(name: str) -> int:
    index = LATTICE.space_index(name)
    assert index is not None
    return index


def cross(name: str) -> int:
    index = LATTICE.cross_index(name)
    assert index is not None
    return index


def started(players: int, seed: int) -> Game:
    game = Game.new("sorani", players, seed=seed)
    game.resolve_chance()
    return game


def state_of(game: Game) -> SoraniState:
    assert isinstance(game.state, SoraniState)
    return game.state


def play_until(game: Game, done, rng: random.Random, limit: int = 5000) -> None:
    """Random moves (chance drawn by the game) until `done(state)`."""
    for _ in range(limit):
        game.resolve_chance()
        if done(state_of(game)) or game.state.is_over():
            return
        game.play(rng.choice(game.state.legal_moves()))
    raise AssertionError("the condition never came")


# --- the catalogue ------------------------------------------------------------------------------
def test_the_catalogue_holds_what_the_rules_note_defines() -> None:
    cat = catalogue()
    assert (cat.lattice.rows, cat.lattice.columns, cat.lattice.crosses) == (6, 6, 25)
    assert len(cat.boards) == 4 and sum(b.coyote for b in cat.boards) == 1
    assert len(cat.colours) == 4 and cat.planets_per_colour == 4  # 16 planets
    assert len(cat.features) == 24 and len(cat.bonus_tiles) == 4
    assert {b.id: b.round12 for b in cat.branches if b.round12} == {"l2": 1, "i1": 2, "v2": 2}
    assert {f.stars for f in cat.features} == {2, 3}


def test_a_broken_catalogue_is_refused_with_sentences_naming_the_item() -> None:
    data = copy.deepcopy(load_json("sorani", "catalogue.json"))
    data["features"][0]["measure"] = "moonlight"
    data["boards"][0]["guiding"][0][0] = "z9"
    with pytest.raises(CatalogueError) as caught:
        parse_catalogue(data)
    message = str(caught.value)
    assert "moonlight" in message and "z9" in message


# --- placement ----------------------------------------------------------------------------------
def woman_board() -> bd.Board:
    board = bd.Board.empty()
    bd.deal(board, "woman")  # guiding stars c3 (3), a1 (1), f4 (2), b6 (2)
    return board


def test_a_branch_goes_next_to_a_round_tile_and_dark_skies_do_not_count() -> None:
    board = woman_board()
    spots = {LATTICE.cross_name(x) for x in bd.branch_spots(board)}
    assert spots == {"B2", "C2", "B3", "C3", "A1", "E3", "E4", "A5", "B5"}
    board.cells[space("e1")] = bd.DARK  # touches crosses D1 and E1: no new spot
    assert {LATTICE.cross_name(x) for x in bd.branch_spots(board)} == spots


def test_perft_first_placements_count_each_distinct_turn_once() -> None:
    """Nine crosses touch the woman board's guiding stars: a cross tile lies one way, a
    straight or corner line two or four ways."""
    state = SoraniState.start(1)
    state.boards[0] = woman_board()
    state.pending, state.phase, state.round = [], Phase.PLACEMENT, 1
    state.order, state.placing = [0, 0], 0
    for tile, count in (("x4", 9), ("l2", 18), ("v2", 36), ("i1", 36), ("t3", 36)):
        state.boards[0].held = [tile]
        assert len(state.legal_moves()) == count, tile


def test_round_tiles_go_next_to_a_branch_whatever_its_lines() -> None:
    board = woman_board()
    assert bd.round_spots(board) == []  # no branch yet: nowhere
    board.crosses[cross("D4")] = 0b0001  # one line to d4; the tile touches d4, e4, d5, e5
    assert {LATTICE.space_name(s) for s in bd.round_spots(board)} == {"d4", "e4", "d5", "e5"}


def test_turning_moves_each_line_one_arm_clockwise() -> None:
    state = started(2, seed=4)
    game_state = state_of(state)
    seat = game_state.to_move()
    board = game_state.boards[seat]
    board.held = ["l2"]
    game_state.placing, game_state.phase = seat, Phase.PLACEMENT
    move = next(m for m in game_state.legal_moves() if m.turn == 90)
    game_state.play(move)
    assert board.crosses[cross(move.space)] == 0b1010  # NW+SE turned: NE+SW


def test_a_tile_that_fits_nowhere_is_discarded() -> None:
    state = SoraniState.start(1)
    state.boards[0] = bd.Board.empty()  # nothing on it: no branch spot
    state.pending, state.phase, state.round = [], Phase.PLACEMENT, 1
    state.order, state.placing, state.step = [0, 0], 0, 1
    state.boards[0].held = ["x4"]
    assert state.legal_moves() == [Discard("x4")]
    state.play(Discard("x4"))
    assert state.discarded == ["x4"] and state.placing == -1


# --- the draft ----------------------------------------------------------------------------------
def test_the_draft_follows_the_kind_of_the_first_pick_then_the_other_back() -> None:
    game = started(3, seed=11)
    state = state_of(game)
    assert state.order == [state.sun, (state.sun + 1) % 3, (state.sun + 2) % 3,
                           (state.sun + 2) % 3, (state.sun + 1) % 3, state.sun]
    first = next(m for m in state.legal_moves() if type(m) is Take and bd.is_branch(m.tile))
    game.play(first)
    rng = random.Random(1)
    kinds = []
    while state.phase is not Phase.FEATURES and state.round == 1:
        game.resolve_chance()
        moves = game.state.legal_moves()
        if type(moves[0]) is Take:
            assert len({bd.is_branch(m.tile) for m in moves}) == 1
            kinds.append(bd.is_branch(moves[0].tile))
        game.play(rng.choice(moves))
    assert kinds == [True, True, False, False, False]  # two more branches, then clusters


def test_a_plain_cluster_may_be_traded_for_a_planet_by_its_mark_a_white_one_not() -> None:
    game = started(2, seed=5)
    state = state_of(game)
    state.clusters_shown = ["2w", "3"]
    moves = state.legal_moves()
    trades = [m for m in moves if type(m) is Take and m.planet]
    assert trades and all(m.tile == "3" for m in trades)
    assert {m.planet - 1 for m in trades} == set(state.trade_spaces(3))
    move = trades[0]
    planet = state.track[move.planet - 1]
    seat = state.to_move()
    game.play(move)
    assert state.track[move.planet - 1] == "" and state.boards[seat].held == [planet]
    assert "3" not in state.clusters_shown and state.traded == 1


def test_the_trade_takes_the_planet_on_the_mark_else_the_nearest_each_side() -> None:
    state = SoraniState.start(2)
    state.track = [""] * 12
    state.track[4] = "R"  # spaces from 0 here; a 2 looks at space 3 (4 in the data)
    state.track[7] = "B"
    assert state.trade_spaces(2) == [4]  # the mark's space empty, none to the left
    state.track[3] = "G"
    assert state.trade_spaces(2) == [3]  # the planet on the mark itself, only
    assert state.trade_spaces(4) == [4, 7]  # mark 6.5 (between 5 and 6): each side


# --- dark skies and special features ------------------------------------------------------------
def test_surrounding_a_dark_sky_gives_a_card_pick_and_its_tile_goes_on_at_once() -> None:
    game = started(2, seed=8)
    rng = random.Random(8)
    play_until(game, lambda s: s.phase is Phase.FEATURES and s.drawer() >= 0, rng, 20_000)
    state = state_of(game)
    seat = state.drawer()
    assert bd.surrounded_dark(state.boards[seat]) > 0
    move = next(m for m in state.legal_moves() if type(m) is TakeCard)
    game.play(move)
    assert state.boards[seat].cards[-1] == move.feature
    assert state.boards[seat].held == [move.feature]
    place = state.legal_moves()[0]
    assert type(place) is Place and place.tile == move.feature


def test_no_third_card_of_a_star_value() -> None:
    state = SoraniState.start(2)
    state.boards[0].cards = ["f1", "f2", "f13"]
    assert state.allowed_values(0) == [3]


def test_drawing_two_keeps_one_and_lays_the_other_face_up() -> None:
    game = started(2, seed=8)
    rng = random.Random(8)
    play_until(game, lambda s: s.phase is Phase.FEATURES and s.drawer() >= 0, rng, 20_000)
    state = state_of(game)
    draw = next(m for m in state.legal_moves() if type(m).__name__ == "DrawCards")
    row_before = list(state.rows[draw.stars])
    game.play(draw)
    game.resolve_chance()
    drawn = list(state.drawn)
    assert len(drawn) == 2 and all(type(m) is Keep for m in state.legal_moves())
    other = state.view(1 - state.drawer())
    assert other.drawn == [HIDDEN, HIDDEN]  # the others do not see them yet
    game.play(Keep(drawn[0]))
    assert state.rows[draw.stars] == [*row_before, drawn[1]]


# --- the reserve, round 12, the end -------------------------------------------------------------
def test_the_reserve_is_hidden_from_every_seat_and_determinized_from_unseen_planets() -> None:
    state = state_of(started(2, seed=3))
    assert len(state.reserve) == 4 and HIDDEN not in state.reserve
    for seat in (0, 1):
        assert state.view(seat).reserve == [HIDDEN] * 4
    sample = state.determinize(0, random.Random(1))
    assert HIDDEN not in sample.reserve
    for colour in "RBGY":  # 4 per colour in all: track + reserve + box
        counted = sample.track.count(colour) + sample.reserve.count(colour)
        assert counted + sample.box[colour] <= 4


def test_the_reserve_enters_the_centre_once_the_track_is_empty() -> None:
    state = state_of(started(2, seed=3))
    reserve = list(state.reserve)
    state.track = [""] * 12
    state._start_round()
    centre = catalogue().centre_spaces(4)
    assert [state.track[s] for s in centre] == reserve
    assert state.reserve == [] and state.reserve_entered


def test_round_twelve_uses_the_tiles_set_aside_and_ends_without_clean_up() -> None:
    game = started(2, seed=21)
    rng = random.Random(21)
    play_until(game, lambda s: s.round == ROUNDS and s.phase is Phase.DRAFT, rng, 50_000)
    state = state_of(game)
    assert len(state.branches_shown) == 3 and set(state.branches_shown) <= {"i1", "l2", "v2"}
    assert sum(state.aside.values()) == 5 - len(state.branches_shown)
    play_until(game, lambda s: False, rng, 50_000)
    assert state.phase is Phase.SCORING and state.round == ROUNDS


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_random_game_ends_scored_by_the_score_pad(players: int) -> None:
    game = Game.new("sorani", players, seed=players)
    rng = random.Random(players)
    play_until(game, lambda s: False, rng, 50_000)
    state = state_of(game)
    outcome = state.outcome()
    assert outcome is not None and not state.invariant_errors()
    result = bd.score_boards(state.boards)
    assert tuple(outcome.scores) == tuple(float(t) for t in result.totals)


# --- scoring a board ----------------------------------------------------------------------------
def test_a_board_scores_clusters_planets_lines_and_bonus_tiles() -> None:
    board = bd.Board.empty()
    board.cells[space("c3")] = "3"
    board.crosses[cross("B2")] = 0b0100  # SE → c3
    board.crosses[cross("C2")] = 0b1000  # SW → c3
    board.crosses[cross("C3")] = 0b0101  # NW → c3, SE → d4 (empty: −1)
    for name, colour in (("a1", "R"), ("f1", "B"), ("a6", "G")):
        board.cells[space(name)] = colour  # untouched: a set of three colours, 7
    result = bd.score_boards([board, bd.Board.empty()])
    first, second = result.breakdowns
    assert (first["clusters"], first["planets"], first["branches"]) == (3, 7, -1)
    # most cluster VP (5) and most untouched planets (4); the empty board has the fewest
    # unconnected nodes (3)
    assert (first["bonus"], second["bonus"]) == (9, 3)
    assert result.totals == (18, 3)
    assert bd.scoring_spaces(board) == {space("c3"), space("a1"), space("f1"), space("a6")}


def test_a_touched_planet_and_a_mismatched_cluster_score_nothing() -> None:
    board = bd.Board.empty()
    board.cells[space("c3")] = "3"
    board.cells[space("d4")] = "R"
    board.crosses[cross("C3")] = 0b0101  # NW → c3 (1 of 3), SE → d4 (touches the planet)
    first = bd.score_boards([board]).breakdowns[0]
    assert (first["clusters"], first["planets"], first["branches"]) == (0, 0, 0)


def test_a_special_feature_is_scored_by_its_criterion() -> None:
    board = bd.Board.empty()
    board.cells[space("d4")] = "f1"  # Campfire: 4 VP with exactly 2 lines touching it
    board.cards = ["f1"]
    board.crosses[cross("C3")] = 0b0100  # SE → d4
    assert sum(bd.score_boards([board]).breakdowns[0].get(k, 0) for k in FEATURE_KEYS) == 0
    board.crosses[cross("D4")] = 0b0001  # NW → d4
    assert bd.feature_points(board) == [("f1", 4)]


# --- notation, copies, the record ---------------------------------------------------------------
def test_every_move_of_a_game_reads_back_from_its_notation() -> None:
    game = Game.new("sorani", 3, seed=9)
    rng = random.Random(9)
    seen = 0
    for _ in range(400):
        game.resolve_chance()
        if game.state.is_over():
            break
        for move in game.state.legal_moves():
            assert parse_move(str(move)) == move
            seen += 1
        game.play(rng.choice(game.state.legal_moves()))
    assert seen > 400


def test_an_illegal_move_says_why_and_changes_nothing() -> None:
    game = started(2, seed=2)
    before = game.state.describe()
    with pytest.raises(IllegalMoveError):
        game.state.play(parse_move("place x4 A1 0"))
    assert game.state.describe() == before


def test_the_document_names_the_reconstruction_boards_and_result() -> None:
    game = Game.new("sorani", 2, seed=6)
    play_until(game, lambda s: False, random.Random(6), 50_000)
    document = json.loads(json.dumps(game_document(game.record)))
    assert document["reconstruction"] is True and document["game"] == "sorani"
    assert len(document["boards"]) == 2 and document["result"]["finished"]
    state = state_of(game)
    assert document["result"]["totals"] == list(state.result().totals)
    board = document["boards"][0]
    assert board["board"] == state.boards[0].spec and board["cards"] == state.boards[0].cards
    assert all(LATTICE.space_index(name) is not None for name in board["spaces"])


def test_the_four_seat_win_rate_counts_the_bot_seat_and_shared_wins() -> None:
    """The bot's seat moves round the table; a k-way shared win counts 1/k."""
    from companion.bots.runner import play_bots
    from companion.games.sorani.bench import win_rate

    figures = win_rate("random", "random", players=4, games=2, seed=7)
    won = 0.0
    for index in range(2):
        winners = play_bots("sorani", ["random"] * 4, 7 + index).outcome.winners
        if index in winners:
            won += 1 / len(winners)
    assert figures["win_rate"] == won / 2 and figures["chance_level"] == 0.25
    assert figures["low95"] <= figures["win_rate"] <= figures["high95"]
