"""Headless games between bots (the `companion play` command and the benchmarks)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.bots import make_bot
from companion.core.api import Outcome
from companion.core.record import Game, GameRecord


def bot_rng(seed: int, step: int, seat: int) -> random.Random:
    """A bot's own random stream for one decision: reproducible, apart from chance's."""
    digest = hashlib.sha256(f"bot:{seed}:{step}:{seat}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


@dataclass(frozen=True)
class BotGame:
    """One finished headless game."""

    record: GameRecord
    outcome: Outcome
    bots: tuple[str, ...]


def play_bots(game_id: str, bots: Sequence[str], seed: int,
              options: Mapping[str, Any] | None = None) -> BotGame:
    """Play a whole game with bot `bots[i]` at seat i; every seat sees only its view."""
    players = [make_bot(kind) for kind in bots]
    game = Game.new(game_id, len(bots), options, seed=seed)
    while True:
        game.resolve_chance()
        if game.state.is_over():
            break
        seat = game.state.to_move()
        rng = bot_rng(seed, len(game.record.entries), seat)
        game.play(players[seat].choose(game.state.view(seat), seat, rng))
    outcome = game.state.outcome()
    assert outcome is not None
    return BotGame(game.record, outcome, tuple(bots))


@dataclass
class Tally:
    """Victories per seat and per bot kind; a k-way shared victory counts 1/k to each."""

    games: int = 0
    by_seat: dict[int, float] = field(default_factory=dict)
    by_bot: dict[str, float] = field(default_factory=dict)
    seats_by_bot: dict[str, int] = field(default_factory=dict)  # seat-games played per kind

    def add(self, result: BotGame) -> None:
        self.games += 1
        share = 1.0 / len(result.outcome.winners) if result.outcome.winners else 0.0
        for seat, kind in enumerate(result.bots):
            won = share if seat in result.outcome.winners else 0.0
            self.by_seat[seat] = self.by_seat.get(seat, 0.0) + won
            self.by_bot[kind] = self.by_bot.get(kind, 0.0) + won
            self.seats_by_bot[kind] = self.seats_by_bot.get(kind, 0) + 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins_by_seat": {str(s): w for s, w in sorted(self.by_seat.items())},
            "wins_by_bot": dict(sorted(self.by_bot.items())),
            "seats_by_bot": dict(sorted(self.seats_by_bot.items())),
        }
