"""The documented Equilibrium game record (JSON).

`game_document(record)` is the shared `GameRecord` plus what a reader wants without replaying:

- ``format`` (1), ``game`` (``"equilibrium"``), ``players`` (1 or 2), ``seed`` (of the chance
  stream), ``options``: ``expansions`` (``"books"``, ``"squares"``), ``book_cost`` (2–4 cards per
  book) and ``books`` (book ids fixed before the game; empty: turned up during the setup);
- ``moves``: seat moves as ``{"seat": 0, "move": "IE2 3L"}`` and chance outcomes as
  ``{"chance": "draw IE2"}``, in order. The first entry is always ``{"chance": "deck I:…"}``:
  the deck profile the game was played with (powers of every card), so that a record replays
  with its own deck even after the profile was edited. Then the setup (``books more`` /
  ``book …`` / ``books done`` and the cost ``draw …``; four ``city …``; the seeding ``draw …``
  and ``seed …`` choices; the hands' ``draw …``, ``chaos …`` for a chaos card in a starting
  hand), then the turns. Notation: see `moves`;
- ``deck_profile``: the profile as JSON (the format of `profile`), ``books_in_play``: the book
  ids turned up, ``polarity``: the polarity card of each seat at the end (two players);
- ``result``: ``finished``, ``won``, ``cities_claimed``, ``cities_total``, ``deck_left``,
  ``turns``, ``detail`` ("won (12/12)", "lost (9/12)").

`GameRecord.from_dict` reads the document back (the extra keys are ignored).
"""

from __future__ import annotations

from typing import Any

from companion.core.record import Game, GameRecord


def game_document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict with the deck profile, the books and the result."""
    from companion.games.equilibrium.rules import EquilibriumState

    state = Game.replay(record).state
    assert isinstance(state, EquilibriumState)
    document = record.to_dict()
    document["deck_profile"] = state.profile.to_data()
    document["books_in_play"] = list(state.books)
    if state.polarity:
        document["polarity"] = ["sognae" if p == "S" else "incubi" for p in state.polarity]
    document["result"] = {
        "finished": state.over,
        "won": state.won,
        "cities_claimed": len(state.claimed),
        "cities_total": state.total_cities,
        "deck_left": state.deck_n,
        "turns": state.turn,
        "detail": state.result_text(),
    }
    return document
