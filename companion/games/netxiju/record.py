"""The documented 六裁 game record (JSON).

`game_document(record)` is the shared `GameRecord` (``format``, ``game``, ``players``,
``seed``, ``options`` — ``dice`` "sticks"/"die", ``tally`` "penalty"/"drinks" — and ``moves``)
plus what a reader wants without replaying:

- ``first_seat``: the seat (from 0) that began, or null before the draw;
- ``result``: ``finished`` (bool), ``finish_order`` (seats from 0, first finisher first; the
  last one left comes last), ``squares`` (where each piece stands, null once finished),
  ``cups``, ``ox`` (牛行 per seat), ``sent_back`` (times each piece went back to the start).

``moves`` lists seat moves as ``{"seat": 0, "move": "throw"}`` and chance as
``{"chance": "=4"}`` (sticks face up 0–6, or the die 1–6) and ``{"chance": "first 2"}`` (seats
from 1 in notation). `GameRecord.from_dict` reads the document back (extra keys are ignored).
"""

from __future__ import annotations

from typing import Any

from companion.core.record import Game, GameRecord


def game_document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict with the first seat and the result."""
    from companion.games.netxiju.rules import NetxijuState

    state = Game.replay(record).state
    assert isinstance(state, NetxijuState)
    document = record.to_dict()
    document["first_seat"] = state.first if state.first >= 0 else None
    document["result"] = {
        "finished": state.over,
        "finish_order": list(state.finish),
        "squares": [None if state.is_finished(s) else state.positions[s]
                    for s in range(state.num_players)],
        "cups": list(state.cups),
        "ox": list(state.ox),
        "sent_back": list(state.sent_back),
    }
    return document
