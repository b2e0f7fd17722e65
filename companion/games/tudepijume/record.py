"""The documented 連船之遊 game record (JSON).

`game_document(record)` is the shared `GameRecord` (``format``, ``game``, ``players``,
``seed``, ``options`` — ``rounds``, the round limit — and ``moves``) plus what a reader wants
without replaying:

- ``first_seat``: the seat (from 0) that began, or null before the draw;
- ``result``: ``finished`` (bool), ``ending`` ("normal": 20 reached the goal and the round was
  finished; "round_limit"; "elimination": nobody could act any more; null while running),
  ``rounds`` (rounds begun), ``goal`` and ``start`` stock per seat, ``ships`` per seat: three
  ``{"ship": 1, "place": 0-20, "cargo": 0-15}``, and ``winners`` (seats from 0).

``moves`` lists chance as ``{"chance": "=3"}`` (the throw that begins every turn: 0–5 sticks
face up) and ``{"chance": "first 2"}`` (seats from 1 in notation), and seat moves as
``{"seat": 0, "move": "supply 1"}`` (``move``, ``build``, ``supply``, ``recall`` with a ship
1–3, ``plunder 1 2.3``). A turn with no move after its throw passed.
`GameRecord.from_dict` reads the document back (extra keys are ignored).
"""

from __future__ import annotations

from typing import Any

from companion.core.record import Game, GameRecord


def game_document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict with the first seat and the result."""
    from companion.games.tudepijume.rules import SHIP_NUMBERS, TudeState

    state = Game.replay(record).state
    assert isinstance(state, TudeState)
    outcome = state.outcome()
    document = record.to_dict()
    document["first_seat"] = state.first if state.first >= 0 else None
    document["result"] = {
        "finished": state.is_over(),
        "ending": state.ended.value if state.ended is not None else None,
        "rounds": state.round,
        "goal": list(state.goal),
        "start": list(state.stock),
        "ships": [[{"ship": ship, "place": state.place(s, ship), "cargo": state.load(s, ship)}
                   for ship in SHIP_NUMBERS] for s in range(state.num_players)],
        "winners": sorted(outcome.winners) if outcome is not None else [],
    }
    return document
