"""Etariya's evaluation for the shared bots (greedy, and MCTS leaf values).

`evaluate(state, seat)`: dominance chips (E: points) dominate; below that, for every colour
still open, the stones each faction has of it weigh more the closer they are to four, and only
while the colour can still reach four on that faction's cells (seven stones of a colour exist).
A finished game is ±1000.

`playout(state, rng, max_steps, use_policy)`: the same game as the generic playout loop gives
(random moves, or `playout_move`'s, and bag draws with their odds, drawing the same numbers from
`rng`), without building move and outcome lists for stones placed and drawn: the engine's own
`_targets`, `_apply` and bag decide. Situations of expansions A–D go through the generic step.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.core.record import sample_outcome
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


#: Expansions whose turns hold more than stone placements (sets, the line, acceleration,
#: power chips): their seat moves go through the generic step.
_CHOICE_EXPANSIONS = frozenset("ABCD")
#: The board as bit masks (bit i = cell index i, row by row from the top).
_BOARD = (1 << 49) - 1
_WEST_EDGE = sum(1 << (r * 7) for r in range(7))
_EAST_EDGE = sum(1 << (r * 7 + 6) for r in range(7))
_FIRST_CELLS = _BOARD & ~((1 << 0) | (1 << 6) | (1 << 42) | (1 << 48))  # no corners


def playout(state: GameState, rng: Any, max_steps: int, use_policy: bool) -> int:
    """Play `state` to its end in place, exactly as `companion.bots.playout.generic_playout`
    would with random moves (or `playout_move` when `use_policy`); returns the steps."""
    from companion.games.etariya.rules import EtariyaState

    assert isinstance(state, EtariyaState)
    if state.expansions & _CHOICE_EXPANSIONS:
        return _generic(state, rng, max_steps, use_policy)
    # Each colour's cells and all occupied cells as bit masks, kept in step below.
    own = {c: sum(1 << i for i in state.cells_of[c]) for c in CODES}
    occupied = sum(1 << i for i, stone in enumerate(state.stone) if stone)
    random, randbelow, hands, bag = rng.random, rng._randbelow, state.hands, state.bag
    choice = rng.choice
    # the board's lists, changed in place below as `EtariyaState._place` would
    stone, height, faction = state.stone, state.height, state.faction
    cells_of, counts, dominance = state.cells_of, state.counts, state.dominance
    in_bag = sum(bag.values())
    steps = 0
    while steps < max_steps and not state.over:
        steps += 1
        queue = state.queue
        if queue:
            if queue[0][0] != "hand":
                state._apply(sample_outcome(state, rng))
                continue
            # A stone from the bag into a hand, as `sample_outcome` and `_apply` would.
            u, acc = random(), 0.0
            for colour, n in bag.items():
                if n:
                    acc += n / in_bag
                    drawn = colour
                    if u < acc:
                        break
            bag[drawn] -= 1
            in_bag -= 1
            hands[queue.pop(0)[1]].append(drawn)
            state._legal = None
            if not queue and state.awaiting_turn:
                state.awaiting_turn = False
                state._begin_turn()
            continue
        # A seat places a stone: the legal moves are the colours in hand (in colour order),
        # each on its targets (ascending), as the engine's `_targets` gives them.
        seat = state.mover
        hand = hands[seat]
        options = []
        total = 0
        for colour in CODES:
            if colour in hand:
                cells = own[colour]
                if not cells:
                    cells = _FIRST_CELLS & ~occupied
                else:
                    around = (((cells & ~_WEST_EDGE) >> 1) | ((cells & ~_EAST_EDGE) << 1)
                              | (cells >> 7) | (cells << 7)) & _BOARD & ~occupied
                    cells = around or cells
                options.append((colour, cells))
                total += cells.bit_count()
        if use_policy and random() >= RANDOM_SHARE:
            colour, cell = choice(_best_placements(state, options))
        else:  # `choice(range(total))`, the same draw from the stream
            colour, cell = _kth(options, randbelow(total))
        state._legal = None
        hand.remove(colour)
        if stone[cell]:
            height[cell] += 1
        else:
            stone[cell] = colour
            height[cell] = 1
            cells_of[colour].append(cell)
        state.placed += 1
        side = faction[cell]
        tally = counts[colour]
        tally[side] += 1
        if tally[side] >= 4 and colour not in dominance:
            dominance[colour] = side
            state._check_win(side)
        own[colour] |= 1 << cell
        occupied |= 1 << cell
        if not state.over and not hand:
            state._end_turn()
    return steps


def _generic(state: Any, rng: Any, max_steps: int, use_policy: bool) -> int:
    steps = 0
    while steps < max_steps and not state.over:
        if state.queue:
            move = sample_outcome(state, rng)
        else:
            move = playout_move(state, rng) if use_policy else rng.choice(state.legal_moves())
        state._apply(move)
        steps += 1
    return steps


def _kth(options: list[tuple[str, int]], k: int) -> tuple[str, int]:
    """The `k`-th (colour, cell) of the options' cells in order (ascending cells per colour:
    the lowest set bits are dropped one by one)."""
    for colour, cells in options:
        count = cells.bit_count()
        if k < count:
            for _ in range(k):
                cells &= cells - 1
            return colour, (cells & -cells).bit_length() - 1
        k -= count
    raise AssertionError("a stone in hand always has a target")




def _best_placements(state: Any, options: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """`playout_move`'s best-scored placements, in the order of the legal moves."""
    mine = state.factions[state.mover]
    faction, counts, dominance = state.faction, state.counts, state.dominance
    best: list[tuple[str, int]] = []
    best_score = -1e9
    for colour, cells in options:
        open_colour = colour not in dominance
        while cells:
            low = cells & -cells
            cells ^= low
            cell = low.bit_length() - 1
            f = faction[cell]
            score = 1.0 if f == mine else -1.0
            if open_colour and counts[colour][f] >= 3:
                score *= 5.0
            if score > best_score:
                best_score, best = score, [(colour, cell)]
            elif score == best_score:
                best.append((colour, cell))
    return best
