"""The documented 行山 game record (JSON), and the log as one seat may see it.

`game_document(record)` is the shared `GameRecord` (``format``, ``game``, ``players``,
``seed``, ``options`` — ``rounds``, the round limit — and ``moves``) plus what a reader wants
without replaying:

- ``first_seat``: the seat (from 0) that began, or null before the draw;
- ``result``: ``finished``, ``winner_seat`` (null after a round limit or while running),
  ``ending`` ("normal", "round_limit" or null), ``rounds``, and per seat ``square`` (route
  index 0–24), ``at`` (the square's name, e.g. "f3"), ``rice``, ``money``, ``placed`` (the
  cards in slots 1–9 as ``{"slot": 3, "card": "黒馬", "markers": 1}``) and ``hand_size``.

``moves``: chance ``{"chance": "first 2"}``, ``{"chance": "draw 黒馬"}`` (the card the player to
move drew) and ``{"chance": "=3"}`` (a card's cast); seat moves ``{"seat": 0, "move": "use 3"}``
and so on (see `companion.games.mokzo.moves`). The record holds every drawn card: show a seat
`public_log` instead while the game runs. `GameRecord.from_dict` reads the document back.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import CHANCE
from companion.core.record import Game, GameRecord


def game_document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict with the first seat and the result."""
    from companion.games.mokzo.board import ROUTE
    from companion.games.mokzo.rules import MokzoState

    state = Game.replay(record).state
    assert isinstance(state, MokzoState)
    document = record.to_dict()
    document["first_seat"] = state.first if state.first >= 0 else None
    seats = range(state.num_players)
    document["result"] = {
        "finished": state.is_over(),
        "winner_seat": state.winner if state.winner >= 0 else None,
        "ending": state.ended.value if state.ended is not None else None,
        "rounds": state.round,
        "square": [state.square[s] for s in seats],
        "at": [ROUTE[state.square[s]] for s in seats],
        "rice": list(state.rice),
        "money": list(state.money),
        "placed": [[{"slot": slot, "card": str(p.card), "markers": p.markers}
                    for slot, p in state.placed(s)] for s in seats],
        "hand_size": [len(state.hands[s]) for s in seats],
    }
    return document


def public_log(record: GameRecord, seat: int) -> list[tuple[int, str]]:
    """(who, notation) of every entry as `seat` may see it: the cards the others drew read
    ``draw ?``. `who` is the acting seat, or the drawing seat for a draw, or `CHANCE`."""
    game = Game.new(record.game_id, record.num_players, record.options, record.seed)
    seen: list[tuple[int, str]] = []
    for entry in record.entries:
        mover = game.state.to_move()
        drawer = getattr(game.state, "mover", CHANCE)
        if entry.is_chance and entry.move.startswith("draw "):
            seen.append((drawer, entry.move if drawer == seat else "draw ?"))
        else:
            seen.append((mover, entry.move))
        game.state.play(game.state.parse_move(entry.move))
    return seen
