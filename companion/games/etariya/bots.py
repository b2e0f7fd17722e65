"""Etariya's evaluation for the shared bots (greedy, and MCTS leaf values).

`evaluate(state, seat)`: dominance chips (E: points) dominate; below that, for every colour
still open, the stones each faction has of it weigh more the closer they are to four, and only
while the colour can still reach four on that faction's cells (seven stones of a colour exist).
A finished game is ±1000.
"""

from __future__ import annotations

from companion.core.api import GameState
from companion.games.etariya.board import CODES, STONES_PER_COLOUR

#: Value of k stones of an open colour on a faction's cells (k = 0..3).
PROGRESS = (0.0, 1.0, 2.6, 5.5)
CHIP = 10.0
WIN = 1000.0


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
