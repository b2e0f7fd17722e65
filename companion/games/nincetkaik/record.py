"""The documented game record of the 紙机戦 games (JSON), and the move list a seat may see.

`game_document(record)` is the shared `GameRecord` (``format``, ``game``, ``players``, ``seed``,
``options``, ``moves``) plus, without replaying:

- ``first_parent``: the seat (0-based) drawn as the first 親;
- ``rounds``: the points of every seat at the end of each season / hand / deal;
- ``result``: ``finished``, ``scores`` and ``winners`` (0-based seats), ``breakdown`` per seat
  and ``reason``.

``moves`` lists seat moves as ``{"seat": 0, "move": "discard r5"}`` and chance as
``{"chance": "deal r5"}`` — every card dealt, drawn or turned up, in order (notation: the
game's rules text). `GameRecord.from_dict` reads the document back (extra keys are ignored).

`visible_moves(record, seat)` is the move list as `seat` may see it during play: cards dealt or
drawn into another seat's hand read ``deal ?`` / ``draw ?``, the card kept from a 値戦 draw
reads ``keep ? r5`` and a 行戦 face-down play ``down 2``.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import CHANCE
from companion.core.record import Game, GameRecord

PRIVATE = ("deal", "draw", "aside")


def game_document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict with the first 親, the points per round and the result."""
    from companion.games.nincetkaik.cardgame import CardGameState

    state = Game.replay(record).state
    assert isinstance(state, CardGameState)
    document = record.to_dict()
    first = next((e.move for e in record.entries if e.move.startswith("parent ")), None)
    document["first_parent"] = int(first.split()[1]) - 1 if first else None
    document["rounds"] = [list(points) for points in state.round_points]
    outcome = state.outcome()
    document["result"] = {
        "finished": outcome is not None,
        "scores": list(outcome.scores) if outcome else list(map(float, state.points)),
        "winners": sorted(outcome.winners) if outcome else [],
        "breakdown": [dict(b) for b in outcome.breakdown] if outcome else [],
        "reason": outcome.detail if outcome else "",
    }
    return document


def visible_moves(record: GameRecord, seat: int) -> list[tuple[int, str]]:
    """(seat or CHANCE, text) for every entry, with the cards `seat` may not see hidden."""
    from companion.games.nincetkaik.cardgame import CardGameState
    from companion.games.nincetkaik.texts import hidden_keep

    game = Game.new(record.game_id, record.num_players, record.options, record.seed)
    lines: list[tuple[int, str]] = []
    for entry in record.entries:
        state = game.state
        assert isinstance(state, CardGameState)
        text = entry.move
        if entry.is_chance and state.queue:
            kind, target = state.queue[0]
            if kind in PRIVATE and target != seat:
                text = f"{text.split()[0]} ?"
        elif not entry.is_chance and entry.seat != seat:
            text = hidden_keep(text)
        lines.append((CHANCE if entry.is_chance else entry.seat, text))
        state.play(state.parse_move(entry.move))
    return lines
