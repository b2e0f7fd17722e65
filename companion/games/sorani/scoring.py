"""Sorani scoring: the five categories of the rulebook, their helpers, and the winner.

1. Planets (only those no branch line touches): distinct-colour sets score 1→0, 2→3, 3→7,
   4→12 and same-colour groups score 2→3, 3→7, 4→12; one planet may count in both. The best
   split is found by exhaustive search with memoisation (`planet_split`), never by a guess.
   The box holds 4 planets of each colour: more is refused (`planet_problems`).
2. Guiding stars and star clusters: a tile scores its stars when the touching branch nodes
   equal them; white stars are optional, so a tile with s stars and w white stars scores n
   when s <= n <= s + w (`tile_score`). Cluster VP are kept apart for the tie-break.
3. Special features: VP per card as entered (at most 4 cards: 2 of each star value; more is
   refused, `feature_problems`).
4. Branches: −1 VP per branch node that connects to nothing (the pad's row takes the count).
5. Bonus tiles: every tied player receives the points (`award_bonus`).
Winner: most VP; tie → most VP from star clusters; still tied → shared victory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from companion.games.sorani.categories import CATEGORIES
from companion.games.sorani.profile import profile
from companion.scoresheet import ScoreSheet, competition_ranks

#: VP of one distinct-colour set by its size, and of one same-colour group by its size.
SET_POINTS: dict[int, int] = profile().set_points
GROUP_POINTS: dict[int, int] = profile().group_points
#: Planet colours entered on the pad (the chart's largest set has four colours).
COLOURS = profile().planet_colours
MAX_PLANETS = profile().max_planets
PLANETS_PER_COLOUR = profile().planets_per_colour
MAX_FEATURES = profile().max_feature_cards
FEATURE_STARS = profile().feature_star_values
FEATURES_PER_STARS = profile().feature_cards_per_value
#: The pad's row that takes a count of nodes, each worth −1 VP.
BRANCHES = "branches"

FEATURE_KEYS = tuple(f"feature{i}" for i in range(1, MAX_FEATURES + 1))


# --- 1. planets ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PlanetSplit:
    """The best scoring of some planets: the sets (colour indexes), the groups, the VP."""

    counts: tuple[int, ...]
    sets: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, int], ...]  # (colour, size) of each same-colour group
    set_points: int
    group_points: int

    @property
    def points(self) -> int:
        return self.set_points + self.group_points

    def lines(self, colour_names: Sequence[str] | None = None) -> list[str]:
        """The split line by line, e.g. 'set 1+2+3+4 → 12', 'group 3×1 → 7'."""
        def name(colour: int) -> str:
            return colour_names[colour] if colour_names else str(colour + 1)

        out = [f"set {'+'.join(name(c) for c in s)} → {_set_points(len(s))}"
               for s in self.sets if _set_points(len(s)) > 0]
        out += [f"group {size}×{name(c)} → {GROUP_POINTS[size]}"
                for c, size in self.groups if GROUP_POINTS[size] > 0]
        out.append(f"= {self.points}")
        return out


def _set_points(size: int) -> int:
    return SET_POINTS[min(size, max(SET_POINTS))]


def _subsets(present: tuple[int, ...]) -> list[tuple[int, ...]]:
    result = []
    for mask in range(1, 1 << len(present)):
        result.append(tuple(c for i, c in enumerate(present) if mask >> i & 1))
    return result


@cache
def _best_sets(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Most VP from splitting `counts` into distinct-colour sets (search over every choice)."""
    present = tuple(c for c, n in enumerate(counts) if n > 0)
    if not present:
        return 0, ()
    best: tuple[int, tuple[tuple[int, ...], ...]] = (-1, ())
    for chosen in _subsets(present):
        rest = tuple(n - (c in chosen) for c, n in enumerate(counts))
        points, sets = _best_sets(rest)
        points += SET_POINTS[min(len(chosen), max(SET_POINTS))]
        if points > best[0]:
            best = (points, (chosen, *sets))
    return best


@cache
def _best_groups(size: int) -> tuple[int, tuple[int, ...]]:
    """Most VP from planets of one colour split into groups of 1–4 (partition search)."""
    if size == 0:
        return 0, ()
    best: tuple[int, tuple[int, ...]] = (-1, ())
    for part in range(1, min(size, max(GROUP_POINTS)) + 1):
        points, parts = _best_groups(size - part)
        points += GROUP_POINTS[part]
        if points > best[0]:
            best = (points, (part, *parts))
    return best


def planet_problems(counts: Sequence[int], lang: str = "en") -> list[str]:
    """Why these planets per colour cannot be on one board, as sentences in `lang`."""
    ja = lang == "ja"
    found = []
    if any(n < 0 for n in counts):
        found.append("惑星の数は0以上です。" if ja else "A number of planets cannot be negative.")
    for colour, n in enumerate(counts, start=1):
        if n > PLANETS_PER_COLOUR:
            found.append(f"色{colour}の惑星が{n}枚あります。各色{PLANETS_PER_COLOUR}枚までです。"
                         if ja else f"Colour {colour} has {n} planets; the game has only "
                         f"{PLANETS_PER_COLOUR} of each colour.")
    if sum(counts) > MAX_PLANETS and not found:
        found.append(f"惑星は合計{MAX_PLANETS}枚までです。" if ja else
                     f"There are only {MAX_PLANETS} planets in all.")
    return found


def feature_problems(stars: Sequence[int], lang: str = "en") -> list[str]:
    """Why these special-feature cards (their star values) cannot be one player's, as
    sentences in `lang`: at most 2 of each star value, 4 in all."""
    ja = lang == "ja"
    found = []
    for value in sorted(set(stars)):
        count = list(stars).count(value)
        if value not in FEATURE_STARS:
            found.append(f"★{value} の特別な地形カードはありません(★"
                         + "・★".join(map(str, FEATURE_STARS)) + " のみ)。" if ja else
                         f"There are no ★{value} special feature cards (only ★"
                         + " and ★".join(map(str, FEATURE_STARS)) + ").")
        elif count > FEATURES_PER_STARS:
            found.append(f"★{value} の特別な地形カードが{count}枚あります。1人{FEATURES_PER_STARS}"
                         "枚までです。" if ja else f"{count} special feature cards of ★{value}; "
                         f"a player keeps at most {FEATURES_PER_STARS} of each star value.")
    return found


def planet_split(counts: Sequence[int]) -> PlanetSplit:
    """The best split of untouched planets given per colour (`ValueError` with the reason
    for counts no board can have)."""
    counts = tuple(int(n) for n in counts)
    problems = planet_problems(counts)
    if problems:
        raise ValueError(f"{' '.join(problems)} {counts}")
    set_points, sets = _best_sets(counts)
    groups: list[tuple[int, int]] = []
    group_points = 0
    for colour, n in enumerate(counts):
        points, parts = _best_groups(n)
        group_points += points
        groups += [(colour, p) for p in parts]
    return PlanetSplit(counts, tuple(sorted(sets, key=len, reverse=True)), tuple(groups),
                       set_points, group_points)


# --- 2. guiding stars and star clusters ----------------------------------------------------
@dataclass(frozen=True)
class StarTile:
    """One guiding star or star cluster as entered: stars, optional white stars, nodes."""

    stars: int
    white: int = 0
    nodes: int = 0
    cluster: bool = True

    def __post_init__(self) -> None:
        if self.stars < 0 or self.white < 0 or self.nodes < 0:
            raise ValueError(f"stars, white stars and nodes cannot be negative: {self}")

    @property
    def points(self) -> int:
        return tile_score(self.stars, self.white, self.nodes)


def tile_score(stars: int, white: int, nodes: int) -> int:
    """VP of one tile: `nodes` when it equals the stars counting any number of white stars."""
    return nodes if stars <= nodes <= stars + white else 0


# --- 5. bonus tiles -----------------------------------------------------------------------
def award_bonus(points: int, values: Sequence[float | None]) -> list[int]:
    """Points per player for one bonus tile given each player's measure (higher is better):
    every player tied on the best measure receives them; None = not eligible."""
    eligible = [v for v in values if v is not None]
    if not eligible:
        return [0] * len(values)
    best = max(eligible)
    return [points if v is not None and v == best else 0 for v in values]


# --- one player, the game -----------------------------------------------------------------
@dataclass
class PlayerEntries:
    """What a person enters for one player; every category computes from it."""

    name: str = ""
    planets: list[int] = field(default_factory=lambda: [0] * COLOURS)
    tiles: list[StarTile] = field(default_factory=list)
    features: list[int] = field(default_factory=list)
    unconnected_nodes: int = 0
    bonus: int = 0
    #: The star value of each special feature card, when known (same order as `features`).
    feature_stars: list[int] = field(default_factory=list)

    def breakdown(self) -> dict[str, int]:
        if len(self.features) > MAX_FEATURES:
            raise ValueError(f"{self.name or 'a player'} has {len(self.features)} special "
                             f"feature cards; at most {MAX_FEATURES} (2 of each star value)")
        problems = feature_problems(self.feature_stars)
        if problems:
            raise ValueError(f"{self.name or 'a player'}: {' '.join(problems)}")
        if self.unconnected_nodes < 0:
            raise ValueError("unconnected nodes cannot be negative")
        result = {
            "planets": planet_split(self.planets).points,
            "guiding": sum(t.points for t in self.tiles if not t.cluster),
            "clusters": sum(t.points for t in self.tiles if t.cluster),
        }
        for key, value in zip(FEATURE_KEYS, self.features, strict=False):
            result[key] = value
        result[BRANCHES] = -self.unconnected_nodes
        result["bonus"] = self.bonus
        return result


@dataclass(frozen=True)
class GameResult:
    names: tuple[str, ...]
    breakdowns: tuple[dict[str, int], ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


def ranking(totals: Sequence[float], clusters: Sequence[float]) -> list[int]:
    """Competition ranks by total, then by VP from star clusters (higher is better)."""
    return competition_ranks(list(zip(totals, clusters, strict=True)))


def score_game(players: Sequence[PlayerEntries]) -> GameResult:
    breakdowns = tuple(p.breakdown() for p in players)
    totals = tuple(sum(b.values()) for b in breakdowns)
    ranks = ranking(totals, [b["clusters"] for b in breakdowns])
    winners = tuple(i for i, r in enumerate(ranks) if r == 1)
    return GameResult(tuple(p.name for p in players), breakdowns, totals, tuple(ranks), winners)


class SoraniSheet(ScoreSheet):
    """The generic sheet with Sorani's rows and tie-break (most VP from star clusters); its
    branches row takes the count of unconnected nodes, −1 VP each."""

    @classmethod
    def new(cls, players: Sequence[str]) -> SoraniSheet:
        return cls("sorani", list(players), list(CATEGORIES))

    def tie_break(self, player: int) -> float:
        return self.scores.get((player, "clusters"), 0.0)

    def weight(self, category: str) -> float:
        return -1.0 if category == BRANCHES else 1.0

    def refusal(self, category: str, value: float, lang: str = "en") -> str | None:
        if category == BRANCHES and (value < 0 or not float(value).is_integer()):
            return ("つながっていないノードの数は0以上の整数です(1つにつき −1 点)。"
                    if lang == "ja" else "The count of unconnected nodes is a whole number, "
                    "0 or more (each costs 1 VP).")
        return None
