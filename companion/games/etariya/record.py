"""The documented Etariya game record (JSON).

`game_document(record)` is the shared `GameRecord` (``format``, ``game``, ``players``,
``seed``, ``options``, ``moves``) plus what a reader wants without replaying:

- ``map``: the seven rows of the board as built (``L``/``D``, before power chips), and
  ``sheets``: per slot 1–4 the face (``3B``) and whether it was turned 180°;
- ``first_faction``: ``L`` or ``D`` (seat 0 always moves first);
- ``score_pairing`` (E): colour → score-chip value;
- ``result``: ``winner_seat`` (or null for a draw or an unfinished game), ``winner_faction``,
  ``chips`` and ``points`` per seat, ``reason``, ``finished``.

``moves`` lists seat moves as ``{"seat": 0, "move": "R d4"}`` and chance events as
``{"chance": "draw R"}``: the setup (``first``, four ``map``, seven ``pair`` with E, ``chip``
with D), every stone drawn from the bag, every power chip turned up. Notation: see `moves`.
`GameRecord.from_dict` reads the document back (the extra keys are ignored).
"""

from __future__ import annotations

from typing import Any

from companion.core.record import Game, GameRecord


def game_document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict with map, first faction, pairing and result."""
    from companion.games.etariya.rules import EtariyaState

    state = Game.replay(record).state
    assert isinstance(state, EtariyaState)
    document = record.to_dict()
    if len(state.placements) == 4 and state.factions:
        document["map"] = ["".join(state.base[r * 7:(r + 1) * 7]) for r in range(7)]
        document["sheets"] = [{"slot": p.slot, "face": p.face.id, "turned": p.turned}
                              for p in sorted(state.placements, key=lambda p: p.slot)]
        document["first_faction"] = state.factions[0]
    if state.pairing:
        document["score_pairing"] = dict(state.pairing)
    winner = state.seat_of(state.winner) if state.winner else None
    document["result"] = {
        "finished": state.over,
        "winner_seat": winner,
        "winner_faction": state.winner or None,
        "chips": [state.chips(s) for s in (0, 1)],
        "points": [state.points(s) for s in (0, 1)],
        "reason": state.reason,
    }
    return document
