"""The documented Sorani game record (JSON).

`game_document(record)` is the shared `GameRecord` — ``format``, ``game`` ("sorani"),
``players``, ``seed``, ``options`` ({}), ``moves`` — plus what a reader wants without
replaying it:

- ``reconstruction``: true — the game was played on the app's own components
  (resources/sorani/catalogue.json), not the printed ones;
- ``first_seat`` (from 0, left of the Coyote player) and ``dark_sky`` ("card turn", e.g.
  "3 90");
- ``boards``: per seat ``board`` (the player board's id), ``spaces`` (round space name →
  code: ``#`` dark sky, ``*3`` guiding star of 3, a cluster ``3w``, a planet ``R``, a
  feature ``f7``; empty spaces left out), ``branches`` (cross space name → the arms with a
  line, e.g. ``["NW", "SE"]``), ``cards`` (special features in the order taken);
- ``result``: ``finished``, ``totals``, ``breakdown`` per seat (the score pad's categories),
  ``winners`` (seats), ``reason``.

``moves`` lists seat moves as ``{"seat": 0, "move": "place v2 C3 90"}`` and chance outcomes
as ``{"chance": "cluster 3w"}``; the notation is in `companion.games.sorani.moves`. The setup
comes first as chance (coyote, boards, sky, offer, track, reserve), then each round's draws.
The four ``reserve`` planets are in the record — a record is the whole game — but the
interface and the bots never see them before they are turned up. `GameRecord.from_dict`
reads the document back (the extra keys are ignored).
"""

from __future__ import annotations

from typing import Any

from companion.core.record import Game, GameRecord
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.lattice import ARMS


def board_document(board: Any) -> dict[str, Any]:
    """One board as plain JSON data (see the module)."""
    lattice = catalogue().lattice
    return {
        "board": board.spec,
        "spaces": {lattice.space_name(s): code for s, code in enumerate(board.cells) if code},
        "branches": {lattice.cross_name(x): [arm for bit, arm in enumerate(ARMS) if mask >> bit & 1]
                     for x, mask in enumerate(board.crosses) if mask},
        "cards": list(board.cards),
    }


def game_document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict with the boards and the result."""
    from companion.games.sorani.rules import SoraniState

    state = Game.replay(record).state
    assert isinstance(state, SoraniState)
    document = record.to_dict()
    document["reconstruction"] = True
    document["first_seat"] = state.first_seat
    document["dark_sky"] = state.sky
    document["boards"] = [board_document(b) for b in state.boards]
    outcome = state.outcome()
    result = state.result()
    document["result"] = {
        "finished": outcome is not None,
        "totals": list(result.totals),
        "breakdown": [dict(b) for b in result.breakdowns],
        "winners": sorted(outcome.winners) if outcome is not None else [],
        "reason": outcome.detail if outcome is not None else "",
    }
    return document
