"""Etariya's evaluation for the shared bots (greedy, and MCTS leaf values).

`evaluate(state, seat)`: dominance chips (E: points) dominate; below that, for every colour
still open, the stones each faction has of it weigh more the closer they are to four, and only
while the colour can still reach four on that faction's cells (seven stones of a colour exist).
A finished game is ±1000.

`playout(state, rng, max_steps, use_policy)`: the same game as the generic playout loop gives
(random moves, or `playout_move`'s, and chance with its odds, drawing the same numbers from
`rng`), without move or outcome lists: the opening's chance (first faction, maps, hands) and
the draws back up are drawn inline as `sample_outcome` would; a seat's targets per colour are
bit masks (the cells next to the colour kept up to date), the k-th legal move is found in them
and the stone placed as `_place` places it; the policy's best cells are found per colour by
faction masks. The engine itself ends turns with a win or with the stones run out. Expansions
A–D (turns with more than placements), other chance events and cut playouts go through the
engine step by step.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from companion.core.api import GameState
from companion.core.record import sample_outcome
from companion.games.etariya.board import (
    CELLS,
    CENTRE,
    CODES,
    DARK,
    LIGHT,
    NEIGHBOURS,
    STONES_PER_COLOUR,
    index,
)
from companion.games.etariya.moves import Place
from companion.games.etariya.rules import FIRST_STONE_CELLS, HAND, MAP_OUTCOMES_KEPT, _laid

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


CENTRE_INDEX = index(CENTRE)
#: Expansions whose turns hold more than stone placements (sets, the line, acceleration,
#: power chips): their seat moves go through the generic step.
_CHOICE_EXPANSIONS = frozenset("ABCD")
#: The board as bit masks (bit i = cell index i, row by row from the top).
_BOARD = (1 << 49) - 1
_FIRST_CELLS = sum(1 << i for i in FIRST_STONE_CELLS)  # no corners
#: The cells next to each cell.
_AROUND = tuple(sum(1 << n for n in NEIGHBOURS[i]) for i in range(CELLS))
#: More steps than any game can still take from a position (its chance events, then every
#: stone drawn and placed): a playout given fewer goes step by step through the engine.
_MOST_STEPS = 2 * len(CODES) * STONES_PER_COLOUR
#: The distinct colours of a hand in colour order, per hand (filled as hands are met).
_HAND_COLOURS: dict[tuple[str, ...], tuple[str, ...]] = {}
#: Map events per (faces, slot, sheets used as bits): (faces, the cumulative odds `sample_outcome`
#: adds up, and per event its placement, sheet and (cell, faction) pairs).
_MAP_DRAWS: dict[tuple[int, int, int], tuple[Any, list[float], list[Any]]] = {}


def playout(state: GameState, rng: Any, max_steps: int, use_policy: bool) -> int:
    """Play `state` to its end in place, exactly as `companion.bots.playout.generic_playout`
    would with random moves (or `playout_move` when `use_policy`): the same moves and chance
    outcomes from the same numbers of `rng`; returns the steps."""
    from companion.games.etariya.rules import EtariyaState

    assert isinstance(state, EtariyaState)
    if state.expansions & _CHOICE_EXPANSIONS or max_steps < len(state.queue) + _MOST_STEPS:
        return _generic(state, rng, max_steps, use_policy)
    steps = _resolve_queue(state, rng)
    if state.over:
        return steps
    return steps + _play_turns(state, rng, use_policy)


def _resolve_queue(state: Any, rng: Any) -> int:
    """Draw the pending chance events (the opening's, or a turn's draws) as `sample_outcome`
    and `_apply` would; returns the steps."""
    queue, random = state.queue, rng.random
    steps = 0
    while queue and not state.over:
        steps += 1
        kind, arg = queue[0]
        if kind == "hand":
            state.hands[arg].append(_draw(state.bag, sum(state.bag.values()), random()))
        elif kind == "map" and "map" not in state.forced:
            _lay_map(state, arg, random())
        elif kind == "first":
            u = random()
            first = state.forced.get("first") or (LIGHT if u < 0.5 else DARK)
            second = DARK if first == LIGHT else LIGHT
            state.factions = [first, second]
            state.base[CENTRE_INDEX] = state.faction[CENTRE_INDEX] = second
        else:
            state._apply(sample_outcome(state, rng))
            continue
        queue.pop(0)
        if not queue and state.awaiting_turn:
            state.awaiting_turn = False
            state._begin_turn()
    state._legal = None
    return steps


def _draw(bag: dict[str, int], in_bag: int, u: float) -> str:
    """The stone `sample_outcome` draws with `u` (the odds added up in the bag's order),
    taken out of the bag."""
    acc = 0.0
    for colour, n in bag.items():
        acc += n / in_bag  # an empty colour adds nothing and is never drawn
        if u < acc:
            bag[colour] -= 1
            return colour
    last = [c for c, n in bag.items() if n][-1]  # the odds added up to just under 1
    bag[last] -= 1
    return last


def _lay_map(state: Any, slot: int, u: float) -> None:
    """The map event `sample_outcome` draws with `u` for `slot`, laid as `_apply` lays it."""
    used = 0
    for placement in state.placements:
        used |= 1 << placement.face.sheet
    key = (id(state.faces), slot, used)
    known = _MAP_DRAWS.get(key)
    if known is None or known[0] is not state.faces:
        if len(_MAP_DRAWS) > MAP_OUTCOMES_KEPT:
            _MAP_DRAWS.clear()
        outcomes = state._map_outcomes(slot)
        sums, acc = [], 0.0
        for _, probability in outcomes:
            acc += probability
            sums.append(acc)
        known = _MAP_DRAWS[key] = (state.faces, sums, [_laid(m) for m, _ in outcomes])
    _, sums, laid = known
    placement, cells = laid[min(bisect_right(sums, u), len(laid) - 1)]
    state.placements.append(placement)
    base, faction = state.base, state.faction
    for i, f in cells:
        base[i] = faction[i] = f


def _play_turns(state: Any, rng: Any, use_policy: bool) -> int:
    """Seats place their stones and draw back up until the game ends; returns the steps."""
    random, randbelow = rng.random, rng._randbelow
    hands, bag, stone, height, faction = state.hands, state.bag, state.stone, state.height, \
        state.faction
    cells_of, counts, dominance = state.cells_of, state.counts, state.dominance
    # As bit masks, kept in step below: each colour's cells, the cells next to them, the
    # free cells.
    own, near = dict.fromkeys(CODES, 0), dict.fromkeys(CODES, 0)
    free = _BOARD
    for colour, cells in cells_of.items():
        for i in cells:
            own[colour] |= 1 << i
            near[colour] |= _AROUND[i]
        free &= ~own[colour]
    # Light's cells (no power chips here), for the policy
    light = sum(1 << i for i, f in enumerate(faction) if f == LIGHT) if use_policy else 0
    in_bag = sum(bag.values())
    mover, turn, placed = state.mover, state.turn, state.placed
    steps = 0
    while True:
        hand = hands[mover]
        mine = state.factions[mover]
        while hand:  # a stone at a time, as `legal_moves` and `_apply` would place it
            steps += 1
            # The legal moves: the colours in hand (colour order), each on its targets
            # (ascending cells), as the engine's `_targets` gives them.
            options = []
            total = 0
            key = tuple(hand)
            for colour in _HAND_COLOURS.get(key) or _hand_colours(key):
                # empty cells next to the colour, else a stack on it; its first stone:
                # any empty cell but the corners
                cells = near[colour] & free or own[colour] or _FIRST_CELLS & free
                n = cells.bit_count()
                options.append((colour, cells, n))
                total += n
            if use_policy and random() >= RANDOM_SHARE:
                options, total = _best_placements(options, mine, light, counts, dominance)
            # `choice(moves)` draws `_randbelow(len(moves))`: the k-th move
            k = randbelow(total)
            for option in options:
                if k < option[2]:
                    break
                k -= option[2]
            colour, cells, _ = option
            for _ in range(k):
                cells &= cells - 1
            cell = (cells & -cells).bit_length() - 1
            # `EtariyaState._place`
            hand.remove(colour)
            bit = 1 << cell
            if free & bit:
                free ^= bit
                stone[cell] = colour
                height[cell] = 1
                cells_of[colour].append(cell)
                own[colour] |= bit
                near[colour] |= _AROUND[cell]
            else:
                height[cell] += 1
            placed += 1
            side = faction[cell]
            tally = counts[colour]
            n = tally[side] = tally[side] + 1
            if n >= 4 and colour not in dominance:
                dominance[colour] = side
                state._check_win(side)
                if state.over:
                    state.mover, state.turn, state.placed = mover, turn, placed
                    return steps
        # `_end_turn`: the seat draws back up, then the other seat's turn begins
        draws = min(HAND, in_bag)
        for _ in range(draws):  # `_draw`, inline
            u, acc = random(), 0.0
            for colour, n in bag.items():
                acc += n / in_bag
                if u < acc:
                    bag[colour] -= 1
                    hand.append(colour)
                    break
            else:
                hand.append(_draw(bag, in_bag, u))
            in_bag -= 1
        steps += draws
        mover = 1 - mover
        if not hands[mover]:  # the stones ran out: `_begin_turn` ends the game
            state.mover, state.turn = mover, turn
            state._begin_turn()
            return steps
        turn += 1
        placed = 0


def _hand_colours(hand: tuple[str, ...]) -> tuple[str, ...]:
    found = _HAND_COLOURS[hand] = tuple(c for c in CODES if c in hand)
    return found


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


def _best_placements(options: list[tuple[str, int, int]], mine: str, light: int,
                     counts: dict[str, dict[str, int]], dominance: dict[str, str],
                     ) -> tuple[list[tuple[str, int, int]], int]:
    """`playout_move`'s best-scored placements among `options` (colour, targets, count), in
    the order of the legal moves, and how many they are. A stone scores 1 on a cell of the
    mover's faction `mine` and -1 on the other's, five times that when it is the fourth of an
    open colour for that faction: per colour, only the cells of one faction can be best."""
    theirs = DARK if mine == LIGHT else LIGHT
    ours = light if mine == LIGHT else ~light
    best: list[tuple[str, int, int]] = []
    best_score, total = -9, 0
    for colour, cells, _ in options:
        tally, boost = counts[colour], colour not in dominance
        own_cells = cells & ours
        if own_cells:
            score, cells = (5 if boost and tally[mine] >= 3 else 1), own_cells
        else:
            score = -5 if boost and tally[theirs] >= 3 else -1
        if score >= best_score:
            n = cells.bit_count()
            if score > best_score:
                best_score, best, total = score, [], 0
            best.append((colour, cells, n))
            total += n
    return best, total
