"""Speed figures of Alluvium scoring (no assertions: `companion bench` prints them)."""

from __future__ import annotations

import random
import time

from companion.games.alluvium.profile import sheet_profile
from companion.games.alluvium.scoring import score_sheet


def sample_grid(seed: int = 7, density: float = 0.85) -> tuple[str, ...]:
    """A 9 × 9 map, mostly filled with the five colours (a late-game sheet)."""
    profile = sheet_profile()
    rng = random.Random(seed)
    letters = profile.letters()
    return tuple("".join(rng.choice(letters) if rng.random() < density else "."
                         for _ in range(profile.cols)) for _ in range(profile.rows))


def time_full_sheet_scoring(repeat: int = 2000) -> float:
    """Mean milliseconds to score one full sheet at the end of a five-player game: the largest
    rectangle, the largest group of each of four visitors, ranks and points."""
    grid = sample_grid()
    checks = {"Y": 9, "G": 5, "B": 5, "N": 1}
    began = time.perf_counter()
    for _ in range(repeat):
        score_sheet(grid, "R", checks)
    return (time.perf_counter() - began) * 1000 / repeat


def random_playouts_per_second(players: int = 4, seconds: float = 1.0) -> float:
    """Whole random games (deals included) per second."""
    from companion.bots.bench import playouts_per_second

    return playouts_per_second("alluvium", players, seconds)


def bot_move_ms(kind: str = "greedy", players: int = 4, moves: int = 10) -> float:
    """Mean milliseconds per decision of a bot kind ("greedy", "mcts", ...)."""
    from companion.bots.bench import bot_move_time

    return bot_move_time("alluvium", kind, players, moves)
