"""Etariya's evaluation for the shared bots (greedy, and MCTS leaf values).

`evaluate(state, seat)`: dominance chips (E: points) dominate; below that, for every colour
still open, the stones each faction has of it weigh more the closer they are to four, and only
while the colour can still reach four on that faction's cells (seven stones of a colour exist).
A finished game is ±1000.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.etariya.board import CODES, STONES_PER_COLOUR
from companion.games.etariya.moves import Place

#: Value of k stones of an open colour on a faction's cells (k = 0..3).
PROGRESS = (0.0, 1.0, 2.6, 5.5)
CHIP = 10.0
WIN = 1000.0
#: Share of playout moves chosen at random instead of by `playout_move`'s rule.
RANDOM_SHARE = 0.2


def evaluate(state: GameState, seat: int) -> float:
    """Higher is better for `seat`."""
    from companion.games.etariya.rules import EtariyaState

    assert isinstance(state, EtariyaState)
    if not state.factions:
        return 0.0
    mine = state.factions[seat]
    if state.over:
        if not state.winner:
            return 0.0
        return WIN if state.winner == mine else -WIN
    e = "E" in state.expansions
    value = 0.0
    for colour in CODES:
        owner = state.dominance.get(colour)
        weight = float(state.pairing.get(colour, 2)) / 2.0 if e else 1.0
        if owner is not None:
            value += (CHIP if owner == mine else -CHIP) * weight
            continue
        counts = state.counts[colour]
        left = STONES_PER_COLOUR - counts["L"] - counts["D"]
        for faction, n in counts.items():
            if n + left < 4:
                continue  # can no longer reach four
            sign = 1.0 if faction == mine else -1.0
            value += sign * PROGRESS[min(n, 3)] * weight
    return value


def playout_move(state: GameState, rng: Any) -> Any:
    """A quick, sensible move for playouts: stones on the mover's own cells, the fourth stone
    of a colour where it gives the mover the chip, never the opponent's fourth; otherwise
    random (power chips, acceleration and choices at random)."""
    from companion.games.etariya.rules import EtariyaState

    assert isinstance(state, EtariyaState)
    moves = state.legal_moves()
    if rng.random() < RANDOM_SHARE:
        return rng.choice(moves)
    mine = state.factions[state.mover]
    faction, counts, dominance = state.faction, state.counts, state.dominance
    best: list[Any] = []
    best_score = -1e9
    for move in moves:
        if type(move) is not Place:
            score = 0.0
        else:
            f = faction[move.cell[0] * 7 + move.cell[1]]
            score = 1.0 if f == mine else -1.0
            if move.colour not in dominance and counts[move.colour][f] >= 3:
                score *= 5.0
        if score > best_score:
            best_score, best = score, [move]
        elif score == best_score:
            best.append(move)
    return rng.choice(best)
