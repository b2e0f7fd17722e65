"""Building Etariya positions for tests and demonstrations (setup, chosen draws, test stones).

Not used in play: `put` bypasses the placement rules on purpose."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.games.etariya.board import CODES, index, parse_cell
from companion.games.etariya.moves import Draw
from companion.games.etariya.rules import EtariyaState, new_state
from companion.games.etariya.setup import randomize_setup


def start(expansions: Iterable[str] = (), stones: Sequence[str] = (), first: str = "L",
          seed: int = 1) -> EtariyaState:
    """A game after its setup chance events; bag draws take `stones` in order (then red,
    orange, ... whatever is left), every other chance event its first outcome."""
    chosen = sorted(expansions)
    setup = randomize_setup(seed, chosen, first=first)
    state = new_state(2, {"expansions": chosen}, setup=setup)
    resolve(state, stones)
    return state


def resolve(state: EtariyaState, stones: Sequence[str] = ()) -> None:
    """Play chance events until a seat acts: stone draws from `stones`, else the first."""
    queue = list(stones)
    while state.is_chance():
        outcomes = [m for m, _ in state.chance_outcomes()]
        if isinstance(outcomes[0], Draw):
            wanted = queue.pop(0) if queue else None
            move = Draw(wanted) if wanted else outcomes[0]
        else:
            move = outcomes[0]
        state.play(move)


def put(state: EtariyaState, colour: str, name: str, times: int = 1) -> None:
    """Test set-up: a stone straight from the bag onto a cell (no rule checks, counts kept)."""
    for _ in range(times):
        state.bag[colour] -= 1
        state.hands[state.mover].append(colour)
        state._place(state.mover, colour, index(parse_cell(name)))
    state._legal = None


def targets(state: EtariyaState, colour: str) -> set[str]:
    from companion.games.etariya.board import cell_name

    return {cell_name(c) for c in state.stone_targets(colour)}


def moves_text(state: EtariyaState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def play_all(state: EtariyaState, *texts: str, stones: Sequence[str] = ()) -> None:
    """Play seat moves given in notation, resolving chance with `stones` between them."""
    queue = list(stones)
    for text in texts:
        resolve(state, queue)
        state.play(state.parse_move(text))
    resolve(state, queue)


def all_colours_except(*skip: str) -> list[str]:
    return [c for c in CODES if c not in skip]
