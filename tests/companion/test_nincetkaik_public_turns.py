"""Who acts next never depends on a hidden card (issue 31 item 8): in the 紙机戦 games and 行山
the seat to move — the one the app asks, or shows as thinking — is the same in every deal of
the unseen cards a seat could imagine, so being asked, or waiting for a computer, tells
nobody anything about a hand. (終季's asking after a discard has its own tests.)"""

from __future__ import annotations

import random

import pytest

from companion.core.record import Game
from companion.games import registry

GAMES = {"makaik": {"hands": 2}, "nanto": {"deals": 4}, "makup": {}, "mokaik": {"seasons": 2},
         "neki": {}, "nine": {}, "mokzo": {"rounds": 10}}


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_seat_to_move_is_the_same_whatever_the_unseen_cards(game_id: str,
                                                                players: int) -> None:
    rng = random.Random(players)
    policy = registry.get(game_id).extras["playout_policy"]
    checked = 0
    for seed in range(3):
        game = Game.new(game_id, players, dict(GAMES[game_id]), seed)
        while not game.state.is_over() and checked < 120 * (seed + 1):
            state = game.state
            if state.is_chance():
                game.resolve_chance()
                continue
            for looker in range(players):
                for _ in range(2):
                    imagined = state.determinize(looker, rng)
                    assert imagined.to_move() == state.to_move(), (
                        f"seat {looker + 1} could tell who moves from a hand: "
                        f"{state.describe()}")
            game.play(policy(state, rng))
            checked += 1
    assert checked > 20
