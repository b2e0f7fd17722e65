"""One conformance test over every playable game in the registry (OpenSpiel style).

Games added to `GAME_MODULES` are picked up automatically. For a few player counts and seeds
each game is played to the end with random legal moves (chance drawn by the `Game` driver),
checking after every step that the invariants hold, and at sampled steps that copies are
independent (both ways, sharing no mutable object), illegal moves are refused without harm,
notation round-trips, every seat's view can be played by a bot, and undo returns to the
previous decision. The finished record must survive JSON and replay to the same position.
Every game copies itself without the API's default deepcopy.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import Any

import pytest

from companion.bots.greedy import GreedyBot
from companion.bots.mcts import MCTSBot
from companion.bots.random_bot import RandomBot
from companion.core.api import CHANCE, GameState
from companion.core.errors import IllegalMoveError, MoveParseError
from companion.core.record import Game, GameRecord
from companion.games import registry

#: A random game longer than this many steps (moves and chance outcomes) fails the test.
MAX_STEPS = 4000
#: Deep checks (copy, illegal move, views, undo) run at about this many steps per game.
SAMPLED_CHECKS = 12
SEEDS = (1, 2)


def _player_counts(info: registry.GameInfo) -> list[int]:
    return sorted({info.min_players, (info.min_players + info.max_players) // 2,
                   info.max_players})


CASES = [
    pytest.param(info.id, n, seed, id=f"{info.id}-{n}p-s{seed}")
    for info in registry.playable_games()
    for n in _player_counts(info)
    for seed in SEEDS
]


def _seat_move(state: GameState, rng: random.Random) -> Any:
    return rng.choice(state.legal_moves())


@cache
def _played(game_id: str, players: int, seed: int) -> str:
    """A finished random game's record as JSON (shared by the tests below)."""
    game = Game.new(game_id, players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.state.is_over():
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(_seat_move(game.state, rng))
        steps = len(game.record.entries)
        assert steps <= MAX_STEPS, f"{game_id} did not end in {MAX_STEPS} steps"
    return game.record.to_json()


def _positions(game_id: str, players: int, seed: int) -> list[GameState]:
    """Every position of the recorded game, start to end."""
    record = GameRecord.from_json(_played(game_id, players, seed))
    game = Game.new(game_id, players, record.options, record.seed)
    positions = [game.state.copy()]
    for entry in record.entries:
        game.state.play(game.state.parse_move(entry.move))
        positions.append(game.state.copy())
    return positions


def _sampled(items: list[Any]) -> list[Any]:
    stride = max(1, len(items) // SAMPLED_CHECKS)
    return [*items[::stride], items[-1]]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_random_playthrough_keeps_invariants_and_ends_with_an_outcome(
    game_id: str, players: int, seed: int
) -> None:
    game = Game.new(game_id, players, seed=seed)
    assert not game.state.invariant_errors(), game.state.describe()
    assert game.state.outcome() is None or game.state.is_over()
    rng = random.Random(seed)
    while not game.state.is_over():
        if game.state.is_chance():
            outcomes = game.state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            game.resolve_chance()
        else:
            assert game.state.outcome() is None
            game.play(_seat_move(game.state, rng))
        errors = game.state.invariant_errors()
        assert not errors, f"{errors} after {game.record.entries[-1]}: {game.state.describe()}"
        assert len(game.record.entries) <= MAX_STEPS
    outcome = game.state.outcome()
    assert outcome is not None
    assert len(outcome.scores) == players
    assert outcome.winners <= frozenset(range(players))
    assert game.state.legal_moves() == []
    assert len(game.state.returns()) == players
    assert game.record.to_json() == _played(game_id, players, seed)  # reproducible from seed


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_record_json_replay_gives_the_same_position(
    game_id: str, players: int, seed: int
) -> None:
    text = _played(game_id, players, seed)
    record = GameRecord.from_json(text)
    assert record.to_json() == text
    positions = _positions(game_id, players, seed)
    for upto in _sampled(list(range(len(record.entries) + 1))):
        replayed = Game.replay(record, upto=upto)
        direct = positions[upto]
        assert replayed.state.describe() == direct.describe()
        assert [str(m) for m in replayed.state.legal_moves()] == [
            str(m) for m in direct.legal_moves()]
        assert replayed.state.outcome() == direct.outcome()
        assert replayed.record.to_json() == GameRecord(
            record.game_id, record.num_players, record.seed, record.options,
            record.entries[:upto]).to_json()


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_copy_is_independent(game_id: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    for position in _sampled(_positions(game_id, players, seed)):
        before = position.describe()
        moves_before = [str(m) for m in position.legal_moves()]
        trial = position.copy()
        assert trial.describe() == before
        assert not _shared_mutables(position, trial), "a copy shares mutable state"
        for _ in range(30):
            if trial.is_over():
                break
            trial.play(rng.choice(trial.legal_moves()))
        assert position.describe() == before
        assert [str(m) for m in position.legal_moves()] == moves_before
        assert not position.invariant_errors()
        # ... and the other way round: playing on the original leaves the copy alone.
        copied = position.copy()
        if not position.is_over():
            position.play(rng.choice(position.legal_moves()))
            assert copied.describe() == before


@pytest.mark.parametrize("game_id", [info.id for info in registry.playable_games()])
def test_every_game_copies_without_deepcopy(game_id: str) -> None:
    """`GameState.copy` (a deepcopy) is only a default: bots copy a position thousands of
    times a move, so every registered game copies its few mutable parts itself."""
    state = registry.get(game_id).create(registry.get(game_id).min_players)
    assert type(state).copy is not GameState.copy


_MUTABLE = (list, dict, set, bytearray)


def _shared_mutables(original: Any, copied: Any) -> list[str]:
    """Paths of mutable objects reachable from both states (their `options` aside: a game's
    options are read-only once it started)."""
    mine = _mutables(original)
    theirs = _mutables(copied)
    return sorted(path for key, path in mine.items()
                  if key in theirs and not path.startswith(".options"))


def _mutables(obj: Any, path: str = "", found: dict[int, str] | None = None,
              seen: set[int] | None = None) -> dict[int, str]:
    """id → path of every list, dict, set and mutable dataclass reachable from `obj`."""
    found = {} if found is None else found
    seen = set() if seen is None else seen
    if id(obj) in seen or isinstance(obj, (str, bytes, int, float, type)) or obj is None:
        return found
    seen.add(id(obj))
    mutable_dataclass = (dataclasses.is_dataclass(obj)
                         and not obj.__dataclass_params__.frozen)
    if isinstance(obj, _MUTABLE) or (mutable_dataclass and path):
        found[id(obj)] = path
    if isinstance(obj, dict):
        parts = [(f"[{key!r}]", value) for key, value in obj.items()]
    elif isinstance(obj, (list, tuple, set, frozenset)):
        parts = [(f"[{i}]", value) for i, value in enumerate(obj)]
    else:
        parts = [(f".{name}", value) for name, value in getattr(obj, "__dict__", {}).items()]
    for name, value in parts:
        _mutables(value, path + name, found, seen)
    return found


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_notation_round_trips_and_illegal_moves_are_refused(
    game_id: str, players: int, seed: int
) -> None:
    positions = _positions(game_id, players, seed)
    seen: dict[str, None] = {}
    for position in positions:
        for move in position.legal_moves():
            seen.setdefault(str(move))
    for position in _sampled(positions):
        legal = position.legal_moves()
        for move in legal:
            assert position.parse_move(str(move)) == move, str(move)
        legal_text = {str(m) for m in legal}
        illegal = [text for text in seen if text not in legal_text][:5]
        for text in illegal:
            try:
                move = position.parse_move(text)
            except MoveParseError:
                continue
            if move in legal:
                continue
            before, moves_before = position.describe(), [str(m) for m in legal]
            with pytest.raises(IllegalMoveError):
                position.play(move)
            assert position.describe() == before
            assert [str(m) for m in position.legal_moves()] == moves_before
    with pytest.raises(MoveParseError):
        positions[0].parse_move("\u2603 not a move \u2603")


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_every_seat_view_is_playable_by_a_bot(game_id: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    decisions = [p for p in _positions(game_id, players, seed) if p.to_move() >= 0]
    bots = [RandomBot(), GreedyBot(rollouts=2), MCTSBot(iterations=6)]
    for index, position in enumerate(_sampled(decisions)):
        mover = position.to_move()
        for seat in range(players):
            view = position.view(seat)
            assert view.to_move() == position.to_move()
            view.describe()
            if seat == mover:
                bot = bots[index % len(bots)]
                move = bot.choose(view, seat, rng)
                assert move in position.legal_moves(), f"{bot.name}: {move}"


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_undo_returns_to_the_previous_decision(game_id: str, players: int, seed: int) -> None:
    record = GameRecord.from_json(_played(game_id, players, seed))
    decision_points = [i for i, e in enumerate(record.entries) if e.seat != CHANCE]
    for index in _sampled(decision_points)[:6]:
        game = Game.replay(record, upto=index + 1)
        game.resolve_chance()
        after = game.state.describe()
        expected = Game.replay(record, upto=index).state
        assert game.undo() is True
        assert game.state.describe() == expected.describe()
        assert game.state.to_move() == expected.to_move()
        # Playing the same move again brings the same chance: undo does not re-roll.
        game.play(game.state.parse_move(record.entries[index].move))
        game.resolve_chance()
        assert game.state.describe() == after
