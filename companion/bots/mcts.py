"""Monte-Carlo tree search (UCT) with sampled chance and information-set determinization.

Each iteration starts from the bot's view of the position; when the game hides information
(`has_hidden_information()`), the iteration plays on `view.determinize(seat, rng)` instead,
and the tree is shared between determinizations (single-observer information-set MCTS:
children are keyed by move notation, and UCB counts how often a child was available).
Chance nodes are not enumerated: each visit samples an outcome with its probability.
Rewards are `state.returns()` (share of victory) after a playout to the end: random moves,
or the game's playout policy when it offers one (`GameInfo.extras["playout_policy"]`).

Two more hooks let a game with long playouts and many moves keep its search small:
`extras["candidates"](state)` gives the moves the tree considers at a seat's decision (a
subset of the legal moves, the same for every determinization of an information set: a node
keeps the list it got first — unless the game sets `extras["fresh_candidates"]`, where a
determinization may hold other cards at the same node and the tree asks at every visit);
`extras["horizon"](state)` cuts playouts after that many steps
and `extras["estimate"](state)` gives each seat's expected share of victory where a playout
stopped before the end.

The search is deterministic for a given rng state and iteration count. A time budget
(`seconds`) may cut it short; then the result depends on the machine's speed. The default
level has one (`BUDGETS`): it stops at its iterations or at its budget, whichever is first.

Root parallelism: with `trees` > 1 the bot grows that many independent trees from seeds
drawn from its rng and picks the move with the most visits summed over them. The parts are
independent, so worker processes may grow them side by side (`companion.bots.worker`) and
the move is the same as growing them one after the other here. The strong level uses four
trees, each stopped at its share of the level's time limit (`TIME_LIMITS`, which the
interface shows); a time budget alone (`trees=None`) grows one tree per core for `seconds` each.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.bots import TIME_LIMITS, Cancelled
from companion.bots.playout import (
    MAX_PLAYOUT_STEPS,
    Policy,
    Runner,
    game_extra,
    game_policy,
    playout_runner,
    sample_chance,
)
from companion.core.api import GameState

#: strength -> iterations per move (per tree)
STRENGTHS: dict[str, int] = {"weak": 64, "normal": 256, "strong": 512}
#: strength -> independent trees of a root-parallel search
TREES: dict[str, int] = {"weak": 1, "normal": 1, "strong": 4}
#: strength -> seconds (wall clock) a move may search besides its iteration count: the default
#: level is an anytime search that stops at its iterations or at this budget, whichever comes
#: first, so that on a slow or busy machine it still answers in well under 250 ms (issue 35).
BUDGETS: dict[str, float] = {"normal": 0.15}
#: Seconds of a move's time limit kept back for what is not search (rebuilding the position,
#: handing the move over) and for a busy machine: on a 2-core machine under load, moves ran up
#: to 0.45 s past the trees' end (a last iteration, or the process waiting for a core).
LIMIT_MARGIN = 0.5
#: UCB exploration constant (rewards lie in 0..1)
EXPLORATION = 1.0
#: Iterations of a search bounded only by its time budget.
UNBOUNDED = 10**9
#: Root statistics of one tree: move notation -> (visits, summed reward).
RootStats = dict[str, tuple[int, float]]


@dataclass
class _Node:
    visits: int = 0
    total: float = 0.0  # summed reward of the seat that made the move leading here
    available: int = 0  # how often this move was legal when its parent was visited
    children: dict[str, _Node] = field(default_factory=dict)
    options: list[tuple[str, Any]] | None = None  # the game's candidates here, once asked

    def ucb(self, exploration: float) -> float:
        mean = self.total / self.visits
        return mean + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def best_key(trees: Sequence[RootStats]) -> str:
    """The move (notation) with the most visits over all trees (then the highest reward;
    then the first met, trees in order)."""
    merged: dict[str, list[float]] = {}
    for stats in trees:
        for key, (visits, total) in stats.items():
            entry = merged.setdefault(key, [0, 0.0])
            entry[0] += visits
            entry[1] += total
    if not merged:
        raise ValueError("no tree has a move")
    return max(merged, key=lambda k: (merged[k][0], merged[k][1]))


def tree_seconds(limit: float, trees: int) -> float:
    """Each tree's time budget under a move's time `limit` (`TIME_LIMITS`): its share, less a
    margin for rebuilding the position and the last playout, so that the trees, grown one
    after the other or side by side, never take longer than the limit."""
    return max(0.05, (limit - LIMIT_MARGIN) / trees)


class MCTSBot:
    """UCT search; `strength` picks the iteration count, trees and time budget ("weak",
    "normal", "strong"; `BUDGETS`, `TIME_LIMITS`); `seconds` sets a time budget per tree
    (`iterations=UNBOUNDED` for a budget alone); `trees` overrides the strength's tree count
    (0: the strength's; None: one per core available)."""

    def __init__(self, strength: str = "normal", iterations: int | None = None,
                 seconds: float | None = None, exploration: float = EXPLORATION,
                 playout_policy: Policy | None = None, use_game_policy: bool = True,
                 trees: int | None = 0, name: str = "") -> None:
        if strength not in STRENGTHS:
            raise ValueError(f"unknown strength {strength!r}; use one of {', '.join(STRENGTHS)}")
        self.strength = strength
        self.iterations = iterations if iterations is not None else STRENGTHS[strength]
        self.trees = TREES[strength] if trees == 0 else trees
        #: The longest a move may take (`TIME_LIMITS`), None: no limit.
        self.limit = TIME_LIMITS.get(strength) if iterations is None and seconds is None \
            else None
        if self.limit is not None:
            seconds = tree_seconds(self.limit, self.trees or 1)
        elif iterations is None and seconds is None:
            seconds = BUDGETS.get(strength)
        self.seconds = seconds
        self.exploration = exploration
        self.playout_policy = playout_policy
        self.use_game_policy = use_game_policy
        self.name = name or ("mcts" if strength == "normal" else f"mcts:{strength}")

    def choose(self, state: GameState, seat: int, rng: random.Random,
               stop: Callable[[], bool] | None = None) -> Any:
        """The move with the most visits; `stop()` (checked between iterations) returning
        True abandons the search with `Cancelled`."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no legal move for seat {seat}: {state.describe()}")
        if len(moves) == 1:
            return moves[0]
        by_key = {str(m): m for m in moves}
        if self.trees is not None and self.trees > 1:
            seeds = self.tree_seeds(rng, self.trees)
            ends = None if self.limit is None else time.perf_counter() + self.limit - LIMIT_MARGIN
            grown = [self.tree_stats(state, seat, seeds[0], stop, ends)]
            for seed in seeds[1:]:  # a tree that would begin after the limit is not grown
                if ends is not None and time.perf_counter() > ends:
                    break
                grown.append(self.tree_stats(state, seat, seed, stop, ends))
            return by_key[best_key(grown)]
        root = self.search(state, seat, rng, stop)
        best = max(
            (key for key in by_key if key in root.children),
            key=lambda k: (root.children[k].visits, root.children[k].total),
        )
        return by_key[best]

    @staticmethod
    def tree_seeds(rng: random.Random, trees: int) -> list[int]:
        """The seed of each tree of a root-parallel search, drawn from the bot's rng."""
        return [rng.getrandbits(63) for _ in range(trees)]

    def tree_stats(self, state: GameState, seat: int, seed: int,
                   stop: Callable[[], bool] | None = None,
                   ends: float | None = None) -> RootStats:
        """Grow one tree from `seed`; its root's visits and rewards per move. `ends`: the
        `time.perf_counter()` by which the whole move must be done (its trees share it)."""
        root = self.search(state, seat, random.Random(seed), stop, ends)
        return {key: (child.visits, child.total) for key, child in root.children.items()}

    def search(self, state: GameState, seat: int, rng: random.Random,
               stop: Callable[[], bool] | None = None, ends: float | None = None) -> _Node:
        """Grow a tree from `state` for the bot's iterations, stopping early where an
        iteration would end past the deadline (its budget, or `ends`) by the mean iteration's
        time so far: the search ends at its deadline on average, not one iteration after."""
        root = _Node()
        hidden = state.has_hidden_information()
        began = time.perf_counter()
        deadline = None if self.seconds is None else began + self.seconds
        if ends is not None:
            deadline = ends if deadline is None else min(deadline, ends)
        policy = self.playout_policy
        if policy is None and self.use_game_policy:
            policy = game_policy(state)
        horizon = game_extra(state, "horizon")
        steps = horizon(state) if horizon is not None else MAX_PLAYOUT_STEPS
        fresh = hidden and bool(game_extra(state, "fresh_candidates"))
        hooks = _Hooks(playout_runner(state, policy, steps), game_extra(state, "candidates"),
                       game_extra(state, "estimate"), keep_candidates=not fresh)
        for done in range(1, self.iterations + 1):
            trial = state.determinize(seat, rng) if hidden else state.copy()
            self._iterate(root, trial, rng, hooks)
            if deadline is not None:
                now = time.perf_counter()
                if now + (now - began) / done > deadline:
                    break
            if stop is not None and stop():
                raise Cancelled(f"search stopped after {root.visits} iterations")
        return root

    def _iterate(self, root: _Node, state: GameState, rng: random.Random,
                 hooks: _Hooks) -> None:
        node = root
        path: list[tuple[_Node, int | None]] = [(root, None)]
        while not state.is_over():
            if state.is_chance():
                outcome = sample_chance(state, rng)
                node = node.children.setdefault("~" + str(outcome), _Node())
                state._apply(outcome)
                path.append((node, None))
                continue
            mover = state.to_move()
            keys, legal = hooks.options(node, state)
            for key in keys:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [i for i, key in enumerate(keys) if key not in node.children]
            if untried:
                index = rng.choice(untried)
                child = _Node(available=1)
                node.children[keys[index]] = child
                node = child
                state._apply(legal[index])
                path.append((node, mover))
                break
            index = max(range(len(keys)),
                        key=lambda i: node.children[keys[i]].ucb(self.exploration))
            node = node.children[keys[index]]
            state._apply(legal[index])
            path.append((node, mover))
        hooks.finish(state, rng)
        reward = hooks.rewards(state)
        for visited, actor in path:
            visited.visits += 1
            if actor is not None:
                visited.total += reward[actor]


@dataclass(frozen=True)
class _Hooks:
    """How one search plays out, lists moves and scores, resolved once from the game."""

    finish: Runner
    candidates: Callable[[GameState], list[Any]] | None = None
    estimate: Callable[[GameState], Sequence[float]] | None = None
    #: Whether a node keeps its first candidates (where every determinization is alike).
    keep_candidates: bool = True

    def options(self, node: _Node, state: GameState) -> tuple[list[str], list[Any]]:
        """The keys and moves the tree considers at `node` (in `state`)."""
        if self.candidates is None:
            legal = state.legal_moves()
            return [str(m) for m in legal], legal
        if not self.keep_candidates:
            moves = self.candidates(state)
            return [str(m) for m in moves], moves
        if node.options is None:
            node.options = [(str(m), m) for m in self.candidates(state)]
        return [key for key, _ in node.options], [move for _, move in node.options]

    def rewards(self, state: GameState) -> Sequence[float]:
        """Shares of victory: the result, or the game's estimate where a playout stopped."""
        if self.estimate is None or state.is_over():
            return state.returns()
        return self.estimate(state)
