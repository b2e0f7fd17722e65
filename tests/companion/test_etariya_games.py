"""Whole Etariya games: random play under every expansion combination with invariants after
every step (49 stones conserved across bag, hands, sets, line and board; stacks only where the
fallback applies; dominance chips exactly at four), records that replay, and the bots."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.bots.greedy import GreedyBot
from companion.bots.mcts import MCTSBot
from companion.core.record import Game, GameRecord, sample_outcome
from companion.games.etariya.board import CELLS, MapFace, default_faces
from companion.games.etariya.bots import evaluate
from companion.games.etariya.moves import Place
from companion.games.etariya.rules import EtariyaState, new_state
from companion.games.etariya.setup import randomize_setup

COMBOS = [combo for size in range(6) for combo in itertools.combinations("ABCDE", size)
          if not {"A", "B"} <= set(combo)]


def _stack_was_forced(state: EtariyaState, move: Place) -> bool:
    """True unless the move stacks while an empty cell next to its colour exists."""
    i = move.cell[0] * 7 + move.cell[1]
    if not state.stone[i]:
        return True
    return state._targets(move.colour) == sorted(state.cells_of[move.colour])


def _play_random(expansions: tuple[str, ...], seed: int) -> EtariyaState:
    state = new_state(2, {"expansions": list(expansions)})
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        if state.is_chance():
            move = sample_outcome(state, rng)
        else:
            move = rng.choice(state.legal_moves())
            if isinstance(move, Place):
                assert _stack_was_forced(state, move), (str(move), state.describe())
        state.play(move)
        steps += 1
        errors = state.invariant_errors()
        assert not errors, (errors, str(move), state.describe())
        assert max(len(h) for h in state.hands) <= 4
        assert steps < 1000
    return state


@pytest.mark.parametrize("expansions", COMBOS, ids=lambda c: "".join(c) or "base")
def test_every_expansion_combination_plays_to_the_end(expansions: tuple[str, ...]) -> None:
    for seed in range(6):
        state = _play_random(expansions, seed)
        outcome = state.outcome()
        assert outcome is not None and len(outcome.winners) <= 1
        if outcome.winners:
            seat = next(iter(outcome.winners))
            goal = state.points(seat) >= 7 if "E" in expansions else state.chips(seat) == 4
            assert goal or "stones ran out" in outcome.detail
        if "B" in expansions:
            assert state.bag_count() == 0
        if "D" in expansions:
            assert sum(len(p) for p in state.power) + sum(state.power_pool.values()) + sum(
                1 for h in state.power_hand if h) == 18


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), expansions=st.sampled_from(COMBOS))
def test_random_games_keep_every_invariant(seed: int, expansions: tuple[str, ...]) -> None:
    state = _play_random(expansions, seed)
    placed = state.stones_on_board()
    held = sum(len(h) for h in state.hands) + sum(len(s) for s in state.sets) + len(state.line)
    assert placed + held + state.bag_count() == 49
    chips = {f: sum(1 for d in state.dominance.values() if d == f) for f in "LD"}
    for colour, faction in state.dominance.items():
        assert state.counts[colour][faction] >= 4
    assert sum(chips.values()) == len(state.dominance) <= 7


def test_every_turn_starts_with_three_stones_unless_the_bag_is_empty() -> None:
    for seed in range(10):
        state = new_state(2, {})
        rng = random.Random(seed)
        while not state.is_over():
            if state.is_chance():
                state.play(sample_outcome(state, rng))
                continue
            if state.placed == 0:
                assert len(state.hands[state.mover]) == 3 or state.bag_count() == 0
            state.play(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("expansions", [(), ("A", "C", "D", "E"), ("B", "C", "D")])
def test_a_record_replays_to_the_same_position(expansions: tuple[str, ...]) -> None:
    game = Game.new("etariya", 2, {"expansions": list(expansions)}, seed=11)
    rng = random.Random(4)
    while True:
        game.resolve_chance()
        if game.state.is_over():
            break
        game.play(rng.choice(game.state.legal_moves()))
    text = game.record.to_json()
    again = Game.replay(GameRecord.from_json(text))
    assert again.state.describe() == game.state.describe()
    assert again.state.outcome() == game.state.outcome()
    chance = [e.move.split()[0] for e in game.record.entries if e.is_chance]
    assert chance[:5] == ["first", "map", "map", "map", "map"]
    assert "draw" in chance


def test_a_record_keeps_its_map_when_the_faces_are_edited() -> None:
    faces = list(default_faces())
    edited = MapFace(faces[0].sheet, faces[0].side, ("LLLL", "LLDD", "DDDD"))
    faces[0] = edited
    setup = randomize_setup(2, (), faces)
    setup = type(setup)(tuple(
        type(p)(p.slot, edited if p.slot == 1 else p.face, p.turned)
        for p in setup.placements), setup.first)
    game = Game(new_state(2, setup.options(), faces, setup), seed=5)
    game.resolve_chance()
    assert game.state.board_factions() == setup.board()
    game.play(game.state.legal_moves()[0])
    replayed = Game.replay(game.record)  # through the registry: default faces
    assert replayed.state.board_factions() == setup.board()
    assert replayed.state.describe() == game.state.describe()


def test_a_forged_map_event_is_refused() -> None:
    state = new_state(2, {})
    state.play(state.chance_outcomes()[0][0])
    with pytest.raises(ValueError):
        state.play(state.parse_move("map 1 3B LLLL/LLLL/LDDD"))  # 9 Light cells
    with pytest.raises(ValueError):
        state.play(state.parse_move("map 2 3B LLLL/LLDD/DDDD"))  # slot 1 comes first


@pytest.mark.parametrize("expansions", [(), ("A", "C", "D", "E"), ("B", "C", "D", "E")])
def test_bots_choose_legal_moves_in_every_phase(expansions: tuple[str, ...]) -> None:
    game = Game.new("etariya", 2, {"expansions": list(expansions)}, seed=3)
    bots = [GreedyBot(), MCTSBot(iterations=8)]
    rng = random.Random(0)
    while True:
        game.resolve_chance()
        if game.state.is_over():
            break
        seat = game.state.to_move()
        move = bots[seat].choose(game.state.view(seat), seat, rng)
        assert move in game.state.legal_moves()
        game.play(move)
    assert game.state.outcome() is not None


def test_evaluation_prefers_own_dominance_and_progress() -> None:
    from companion.games.etariya.positions import put, start

    state = start(first="L")
    assert evaluate(state, 0) == evaluate(state, 1) == 0
    light = next(i for i in range(CELLS) if state.faction[i] == "L" and not state.stone[i])
    from companion.games.etariya.board import cell_at, cell_name

    put(state, "R", cell_name(cell_at(light)), times=2)
    assert evaluate(state, 0) > 0 > evaluate(state, 1)
    put(state, "R", cell_name(cell_at(light)), times=2)
    assert state.dominance == {"R": "L"} and evaluate(state, 0) >= 10


def test_mcts_playouts_use_the_games_playout_policy() -> None:
    from companion.games.etariya.bots import playout_move
    from companion.games.etariya.positions import start

    calls: list[int] = []

    def counting(state: Any, rng: Any) -> Any:
        calls.append(1)
        return playout_move(state, rng)

    state = start()
    move = MCTSBot(iterations=4, playout_policy=counting).choose(state, 0, random.Random(0))
    assert move in state.legal_moves() and len(calls) > 20
    from companion.bots.playout import game_policy

    assert game_policy(state) is not None


def test_playout_policy_keeps_stones_on_the_movers_cells() -> None:
    from companion.games.etariya.bots import playout_move
    from companion.games.etariya.positions import start

    state = start(first="L", stones="RRRGGG")
    rng = random.Random(2)
    picks = [playout_move(state, rng) for _ in range(200)]
    own = sum(1 for m in picks if state.faction[m.cell[0] * 7 + m.cell[1]] == "L")
    assert own >= 150  # 80% by the rule, the rest random


def test_the_game_document_holds_map_first_faction_draws_moves_and_result() -> None:
    import json

    from companion.games.etariya.record import game_document

    game = Game.new("etariya", 2, {"expansions": ["D", "E"]}, seed=21)
    rng = random.Random(1)
    while True:
        game.resolve_chance()
        if game.state.is_over():
            break
        game.play(rng.choice(game.state.legal_moves()))
    document = json.loads(json.dumps(game_document(game.record)))
    state = game.state
    assert isinstance(state, EtariyaState)
    assert document["map"] == ["".join(state.base[r * 7:(r + 1) * 7]) for r in range(7)]
    assert [s["slot"] for s in document["sheets"]] == [1, 2, 3, 4]
    assert document["first_faction"] == state.factions[0]
    assert document["score_pairing"] == state.pairing
    result = document["result"]
    assert result["finished"] and result["winner_faction"] == state.winner
    assert max(result["points"]) >= 7
    kinds = {m["chance"].split()[0] for m in document["moves"] if "chance" in m}
    assert kinds == {"first", "map", "pair", "chip", "draw"}
    assert GameRecord.from_dict(document).to_json() == game.record.to_json()


@pytest.mark.parametrize("expansions", [("A", "C", "D", "E"), ("B", "C", "D", "E")])
def test_every_legal_move_and_chance_outcome_round_trips_through_its_notation(
        expansions: tuple[str, ...]) -> None:
    state = new_state(2, {"expansions": list(expansions)})
    rng = random.Random(8)
    seen: set[str] = set()
    while not state.is_over():
        for move in state.legal_moves():
            text = str(move)
            assert state.parse_move(text) == move, text
            seen.add(text.split()[0] if not isinstance(move, Place) else "place")
        state.play(sample_outcome(state, rng) if state.is_chance()
                   else rng.choice(state.legal_moves()))
    expected = {"first", "map", "pair", "chip", "draw", "place", "power", "accel"}
    assert expected | ({"set"} if "A" in expansions else {"end"}) <= seen
