"""Building 机戦 positions from diagrams, for tests, demonstrations and the rules text.

Not used in play: `position` puts pieces where a diagram says without asking how they got
there (captured pieces given separately keep the piece counts of the set consistent only when
the caller makes them so).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from companion.core.record import Game
from companion.games.cetkaik.board import STANDARD_BOARD, Board
from companion.games.cetkaik.compiled import EMPTY, KINDS, TAM, piece_code
from companion.games.cetkaik.old import OldState, new_old_state
from companion.games.cetkaik.pieces import COLOUR_ALIASES, PROFESSION_ALIASES
from companion.games.cetkaik.rules import MOVE, CetkaikState, new_state
from companion.games.cetkaik.variants import parse_layout


def layout(pieces: Mapping[str, str], board: Board = STANDARD_BOARD) -> str:
    """A diagram from {square: token}, e.g. ``{"ZO": "皇", "LAU": "黒弓^"}`` (square names
    public or plain)."""
    tokens = ["."] * board.size
    for square, token in pieces.items():
        tokens[board.parse_square(square)] = token
    return "\n".join(" ".join(tokens[r * board.width:(r + 1) * board.width])
                     for r in range(board.height))


def held_counts(pieces: Iterable[str]) -> list[int]:
    """Captured-piece counts from names such as ``赤兵`` or ``bK``."""
    counts = [0] * KINDS
    for name in pieces:
        colour = COLOUR_ALIASES[name[0].lower()]
        profession = PROFESSION_ALIASES[name[1:].lower()]
        counts[int(profession) * 2 + int(colour)] += 1
    return counts


def position(layout: str, mover: int = 0, options: Mapping[str, Any] | None = None,
             held: tuple[Iterable[str], Iterable[str]] = ((), ()),
             tam_moved: bool = False) -> CetkaikState:
    """A state with the pieces of `layout` (see `variants`), `mover` to move, and the
    captured pieces `held` per side (``options["variant"]``: the rule set)."""
    state = new_state(2, dict(options or {}))
    tam = _place(state, layout)
    state.tam = tam
    if tam >= 0:
        state.board[tam] = TAM
    state.hop = [held_counts(held[0]), held_counts(held[1])]
    state.mover = mover
    state.phase = MOVE
    state.tam_moved = tam_moved
    state._legal = None
    return state


def _place(state: CetkaikState | OldState, layout: str) -> int:
    """Put the pieces of `layout` on `state`'s board (nothing else); the 皇's square (-1)."""
    placements, tam = parse_layout(state.tables.board, layout)
    state.board = [EMPTY] * state.tables.size
    for sq, colour, profession, side in placements:
        state.board[sq] = piece_code(colour, profession, side)
    return tam


def old_position(layout: str, mover: int = 0,
                 options: Mapping[str, Any] | None = None) -> OldState:
    """A 古机戦 state with the pieces of `layout` and `mover` to move."""
    state = new_old_state(2, dict(options or {}))
    _place(state, layout)
    state.mover = mover
    state.phase = "move"
    state._legal = None
    return state


def random_game(seed: int, options: Mapping[str, Any] | None = None,
                game_id: str = "cetkaik") -> Game:
    """A whole game of uniformly random moves (chance from the seed), played to its end."""
    game = Game.new(game_id, 2, dict(options or {}), seed=seed)
    rng = random.Random(seed)
    while not game.state.is_over():
        game.resolve_chance()
        if not game.state.is_over():
            game.play(rng.choice(game.state.legal_moves()))
    return game


def moves_text(state: CetkaikState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def play_all(state: CetkaikState, *texts: str) -> None:
    """Play moves and chance outcomes given in notation, in order."""
    for text in texts:
        state.play(state.parse_move(text))
