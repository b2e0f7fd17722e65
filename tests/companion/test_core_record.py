"""The core driver: records, replay in step with chance, undo without re-rolling."""

from __future__ import annotations

import pytest

from companion.core.api import CHANCE
from companion.core.errors import IllegalMoveError, RecordError
from companion.core.record import Game, GameRecord, RecordEntry
from companion.games.sticks.moves import Again, Bank, Throw


def _rengeki_game(seed: int = 11) -> Game:
    """A 連撃獣裁 game a few decisions in (always bank after one throw)."""
    game = Game.new("rengeki", 3, seed=seed)
    for _ in range(7):
        game.resolve_chance()
        game.play(Throw() if Throw() in game.state.legal_moves() else Bank())
    return game


def test_resumed_replay_draws_the_same_next_outcome() -> None:
    game = _rengeki_game()
    replayed = Game.replay(GameRecord.from_json(game.record.to_json()))
    assert replayed.state.describe() == game.state.describe()
    for _ in range(5):
        drawn, again = game.resolve_chance(), replayed.resolve_chance()
        assert drawn == again
        move = Throw() if Throw() in game.state.legal_moves() else Again()
        game.play(move)
        replayed.play(move)
    assert replayed.record.to_json() == game.record.to_json()


def test_undo_does_not_reroll() -> None:
    game = _rengeki_game()
    game.resolve_chance()
    before = game.state.describe()
    move = game.state.legal_moves()[0]
    game.play(move)
    first = game.resolve_chance()
    assert game.undo() is True
    assert game.state.describe() == before
    game.play(move)
    assert game.resolve_chance() == first


def test_undo_by_seat_goes_back_to_that_seats_decision() -> None:
    game = _rengeki_game()
    index = game.last_decision_index(seats=[0])
    assert index is not None
    seat_entry = game.record.entries[index]
    assert seat_entry.seat == 0
    assert game.undo(seats=[0]) is True
    assert len(game.record.entries) == index


def test_undo_with_nothing_to_undo() -> None:
    game = Game.new("juusai", 2, seed=3)
    assert game.undo() is False


def test_chance_entries_are_recorded_as_chance() -> None:
    game = Game.new("juusai", 2, seed=5)
    game.play(Throw())
    (drawn,) = game.resolve_chance()
    assert game.record.entries == [RecordEntry(0, "throw"), RecordEntry(CHANCE, str(drawn))]
    assert game.record.to_dict()["moves"] == [{"seat": 0, "move": "throw"},
                                              {"chance": str(drawn)}]


def test_seat_cannot_play_while_chance_acts() -> None:
    game = Game.new("juusai", 2, seed=5)
    game.play(Throw())
    with pytest.raises(IllegalMoveError, match="chance"):
        game.play(Throw())


def test_replay_rejects_a_move_for_the_wrong_seat_and_bad_json() -> None:
    record = GameRecord("juusai", 2, 1, {}, [RecordEntry(1, "throw")])
    with pytest.raises(RecordError, match="seat 1"):
        Game.replay(record)
    with pytest.raises(RecordError):
        GameRecord.from_json("{not json")
    with pytest.raises(RecordError):
        GameRecord.from_json('{"game": "juusai", "players": 2, "seed": 1, "moves": [{}]}')


def test_replay_rejects_an_illegal_recorded_move() -> None:
    record = GameRecord("juusai", 2, 1, {}, [RecordEntry(0, "bank")])
    with pytest.raises(RecordError, match="move 1"):
        Game.replay(record)
