"""The strength ladder: a round robin of bots for every game with choices, run on all cores.

For a game of n seats, a pairing (A, B) puts A in one seat and B in the other n − 1; every
seed is played n times with A's seat rotated, so seat order favours nobody. Two-seat games
play each unordered pair once (A against B is B against A); games of more seats play both
orientations (A alone against B, B alone against A), whose field advantages cancel.

A game counts for A its share of victory (1 for a sole win, 1/k for a k-way shared one, ½ for
a game nobody wins); the win rate carries a 95% Wilson interval, and every bot gets a
Bradley–Terry rating on the Elo scale (random = 0) from all pairings of the game together.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations

#: The bots of the ladder, weakest first.
LADDER_BOTS: tuple[str, ...] = ("random", "greedy", "mcts:weak", "mcts", "mcts:strong")
#: z for a 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Match:
    """One game of a pairing: `bot` sits at `seat`, `opponent` everywhere else."""

    game_id: str
    players: int
    bot: str
    opponent: str
    seat: int
    seed: int

    def seats(self) -> tuple[str, ...]:
        return tuple(self.bot if s == self.seat else self.opponent for s in range(self.players))


@dataclass(frozen=True)
class MatchResult:
    match: Match
    share: float  # the bot's share of victory (½ when nobody wins)
    seconds: float


@dataclass
class Pairing:
    """Results of `bot` (one seat) against `opponent` (the other seats) in one game."""

    game_id: str
    players: int
    bot: str
    opponent: str
    games: int = 0
    score: float = 0.0
    seconds: float = 0.0

    @property
    def fair_share(self) -> float:
        return 1.0 / self.players

    def win_rate(self) -> float:
        return self.score / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.score, self.games)


@dataclass
class GameLadder:
    """Every pairing of one game and the ratings they give."""

    game_id: str
    players: int
    pairings: dict[tuple[str, str], Pairing] = field(default_factory=dict)

    def add(self, result: MatchResult) -> None:
        m = result.match
        pairing = self.pairings.setdefault(
            (m.bot, m.opponent), Pairing(m.game_id, m.players, m.bot, m.opponent))
        pairing.games += 1
        pairing.score += result.share
        pairing.seconds += result.seconds

    def record(self, bot: str, opponent: str) -> Pairing | None:
        """`bot`'s results against `opponent`, seen from `bot` (two-seat pairings are stored
        once and mirrored)."""
        found = self.pairings.get((bot, opponent))
        if found is not None:
            return found
        mirror = self.pairings.get((opponent, bot))
        if mirror is None or self.players != 2:
            return None
        return Pairing(self.game_id, 2, bot, opponent, mirror.games,
                       mirror.games - mirror.score, mirror.seconds)

    def ratings(self, anchor: str = "random") -> dict[str, float]:
        wins: dict[tuple[str, str], float] = {}
        for (a, b), p in self.pairings.items():
            wins[(a, b)] = wins.get((a, b), 0.0) + p.score
            wins[(b, a)] = wins.get((b, a), 0.0) + p.games - p.score
        return bradley_terry(wins, anchor)


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(wins: dict[tuple[str, str], float], anchor: str = "random",
                  iterations: int = 500) -> dict[str, float]:
    """Bradley–Terry strengths from `wins[(a, b)]` (how often a beat b), fitted with the
    minorization–maximization updates, as Elo-scale ratings with `anchor` at 0.

    Half a win is added both ways between every pair that met, so that a bot that never lost
    (or never won) still gets a finite rating."""
    bots = sorted({name for pair in wins for name in pair})
    met = {(a, b) for (a, b) in wins if a != b}
    w = {pair: wins.get(pair, 0.0) + (0.5 if pair in met or pair[::-1] in met else 0.0)
         for pair in permutations(bots, 2)}
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(iterations):
        updated = {}
        for a in bots:
            won = sum(w[(a, b)] for b in bots if b != a)
            games = sum((w[(a, b)] + w[(b, a)]) / (strength[a] + strength[b])
                        for b in bots if b != a)
            updated[a] = won / games if games else strength[a]
        scale = math.exp(sum(math.log(v) for v in updated.values() if v > 0) / len(bots))
        strength = {a: v / scale for a, v in updated.items()}
    base = strength.get(anchor, 1.0)
    return {a: 400.0 * math.log10(strength[a] / base) for a in bots}


def schedule(game_id: str, players: int, bots: Sequence[str], games: int,
             seed: int = 5000) -> list[Match]:
    """The matches of one game's round robin: about `games` per pairing (rounded up to a
    whole number of seat rotations). `bots` go weakest first; a two-seat pairing is stored
    with the stronger bot as `bot`."""
    stronger_first = list(reversed(bots))
    pairs: Iterable[tuple[str, str]] = (combinations(stronger_first, 2) if players == 2
                                        else permutations(stronger_first, 2))
    rotations = max(1, math.ceil(games / players))
    return [Match(game_id, players, bot, opponent, seat, seed + r)
            for bot, opponent in pairs
            for r in range(rotations)
            for seat in range(players)]


def play_match(match: Match) -> MatchResult:
    """Play one match headless (each seat sees only its view)."""
    from companion.bots.runner import play_bots

    began = time.perf_counter()
    result = play_bots(match.game_id, match.seats(), match.seed)
    winners = result.outcome.winners
    share = 1.0 / len(winners) if match.seat in winners else (0.0 if winners else 0.5)
    return MatchResult(match, share, time.perf_counter() - began)


def run_matches(matches: Sequence[Match], processes: int | None = None,
                play: Callable[[Match], MatchResult] = play_match) -> Iterator[MatchResult]:
    """Play `matches` on `processes` cores (all of them by default), longest kinds first;
    results come in as they finish. Ctrl+C stops the workers too."""
    processes = processes or os.cpu_count() or 1
    ordered = sorted(matches, key=lambda m: -_cost(m))
    if processes <= 1 or len(ordered) <= 1:
        yield from map(play, ordered)
        return
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with context.Pool(min(processes, len(ordered)), initializer=_worker_start,
                      initargs=(os.getpid(),)) as pool:
        results = pool.imap_unordered(play, ordered)
        for _ in ordered:
            while True:
                try:  # a wait with a timeout: Ctrl+C reaches this process between waits
                    yield results.next(timeout=1.0)
                    break
                except multiprocessing.TimeoutError:
                    continue


def _worker_start(parent: int) -> None:
    """A ladder worker leaves Ctrl+C to its parent and ends when the parent is gone."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _cost(match: Match) -> int:
    """A rough ordering of how long a match takes (strong searches first)."""
    weights = {"mcts:strong": 16, "mcts": 4, "mcts:normal": 4, "mcts:weak": 1}
    return sum(weights.get(kind, 0) for kind in match.seats())


def ladders(results: Iterable[MatchResult]) -> dict[str, GameLadder]:
    """Results gathered per game."""
    found: dict[str, GameLadder] = {}
    for result in results:
        m = result.match
        found.setdefault(m.game_id, GameLadder(m.game_id, m.players)).add(result)
    return found
