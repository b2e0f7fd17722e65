"""The components of Sorani's digital play — the app's own reconstruction — read from
`resources/sorani/catalogue.json` by one loader that checks everything it reads.

The rulebook gives the flow of a round and the scoring but not the printed boards and tiles,
so the catalogue is the companion's: the lattice, four player boards (one is the Coyote) with
their printed guiding stars, the branch tiles (arm patterns, how many are in the bag and set
aside for round 12), the star clusters (stars, white stars), 16 planets (4 colours × 4), the
planet track and where a traded cluster looks on it, 24 special features with a criterion the
app computes, 4 bonus tiles and the dark-sky cards. The component counts are the rulebook's.

`catalogue()` returns it (read once); `parse_catalogue(data)` raises `CatalogueError` whose
message has one sentence per problem found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.games.sorani.lattice import ARMS, Lattice, distinct_turns, tables
from companion.games.sorani.profile import profile
from companion.resources import load_json

CATALOGUE = "sorani/catalogue.json"

#: Component counts printed in the rulebook's list of components.
RULEBOOK_COUNTS = {"branches": 64, "clusters": 56, "planets": 16, "features": 24,
                   "boards": 4, "bonus_tiles": 4, "dark_sky_tiles": 16}
#: Star values of the special feature cards and how many cards of each.
FEATURE_VALUES = (2, 3)
FEATURES_PER_VALUE = 12


class CatalogueError(ValueError):
    """A catalogue that cannot be used; the message has one sentence per problem."""


# --- what a special feature or bonus tile measures ------------------------------------------
@dataclass(frozen=True)
class Measure:
    """A count the app computes for a special feature's space (or a whole board): how it
    reads in a criterion, in English (one, many) and Japanese."""

    one: str
    many: str
    ja: str
    #: 0 or 1 only (a yes/no question): its criterion uses the rule "if".
    flag: bool = False


#: Measures of a special feature, computed on its owner's board (see `board.feature_measure`).
FEATURE_MEASURES: dict[str, Measure] = {
    "lines": Measure("branch line touching it", "branch lines touching it", "接する枝の線"),
    "branches": Measure("branch tile around it", "branch tiles around it", "周りの枝タイル"),
    "adjacent_planets": Measure("planet next to it", "planets next to it", "隣(上下左右)の惑星"),
    "adjacent_clusters": Measure("star cluster next to it", "star clusters next to it",
                                 "隣(上下左右)の星団"),
    "diagonal_clusters": Measure("star cluster diagonally next to it",
                                 "star clusters diagonally next to it", "斜め隣の星団"),
    "row_planets": Measure("planet in its row", "planets in its row", "同じ行の惑星"),
    "column_clusters": Measure("star cluster in its column", "star clusters in its column",
                               "同じ列の星団"),
    "rowcol_planets": Measure("planet in its row or column", "planets in its row or column",
                              "同じ行・列の惑星"),
    "rowcol_clusters": Measure("star cluster in its row or column",
                               "star clusters in its row or column", "同じ行・列の星団"),
    "rowcol_colours": Measure("planet colour in its row or column",
                              "planet colours in its row or column", "同じ行・列の惑星の色"),
    "linked_clusters": Measure("star cluster linked to it by a branch tile",
                               "star clusters linked to it by a branch tile",
                               "枝タイルの線で結ばれた星団"),
    "linked_guiding": Measure("guiding star linked to it by a branch tile",
                              "guiding stars linked to it by a branch tile",
                              "枝タイルの線で結ばれた導きの星"),
    "surrounded_dark": Measure("surrounded dark sky on the board",
                               "surrounded dark skies on the board", "ボード上の囲まれた暗い空"),
    "scoring_clusters": Measure("scoring star cluster on the board",
                                "scoring star clusters on the board", "ボード上の得点する星団"),
    "edge": Measure("on the edge of the board", "on the edge of the board", "ボードの端にある",
                    flag=True),
}
#: Measures of a bonus tile, one number per board (see `board.bonus_measure`).
BONUS_MEASURES: dict[str, Measure] = {
    "cluster_vp": Measure("VP from star clusters", "VP from star clusters", "星団の得点"),
    "untouched_planets": Measure("planet no line touches", "planets no line touches",
                                 "線の接していない惑星"),
    "surrounded_dark": Measure("surrounded dark sky", "surrounded dark skies", "囲んだ暗い空"),
    "unconnected_nodes": Measure("unconnected branch node", "unconnected branch nodes",
                                 "つながっていない枝のノード"),
}
FEATURE_RULES = ("per", "exactly", "at_least", "none", "if")
BONUS_AWARDS = ("most", "fewest", "at_least")


# --- the components ------------------------------------------------------------------------
@dataclass(frozen=True)
class Named:
    id: str
    name_ja: str
    name_en: str

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en


@dataclass(frozen=True)
class BoardSpec(Named):
    """A player board: its printed guiding stars as (round space, stars)."""

    coyote: bool
    guiding: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class BranchKind:
    """A branch tile: the arms with a line at 0°, how many are in the bag, set aside."""

    id: str
    mask: int
    bag: int
    round12: int

    @property
    def lines(self) -> int:
        return self.mask.bit_count()

    def turns(self) -> tuple[tuple[int, int], ...]:
        """(degrees, arm mask) of every distinct way the tile lies."""
        return distinct_turns(self.mask)


@dataclass(frozen=True)
class ClusterKind:
    id: str
    stars: int
    white: int
    count: int


@dataclass(frozen=True)
class Colour(Named):
    rgb: str


@dataclass(frozen=True)
class Feature(Named):
    """A special feature (card and tile): its criterion is `measure` judged by `rule`."""

    stars: int
    measure: str
    rule: str
    value: int
    points: int
    cap: int

    def score(self, count: int) -> int:
        """VP for the measured `count`."""
        if self.rule == "per":
            return min(self.points * count, self.cap)
        if self.rule == "exactly":
            return self.points if count == self.value else 0
        if self.rule == "at_least":
            return self.points if count >= self.value else 0
        if self.rule == "none":
            return self.points if count == 0 else 0
        return self.points if count else 0  # "if": a yes/no measure

    def text(self, lang: str) -> str:
        """The criterion as a sentence."""
        m = FEATURE_MEASURES[self.measure]
        p, v = self.points, self.value
        if lang == "ja":
            return {
                "per": f"{m.ja}1つにつき {p} 点(最大 {self.cap} 点)",
                "exactly": f"{m.ja}がちょうど {v} なら {p} 点",
                "at_least": f"{m.ja}が {v} 以上なら {p} 点",
                "none": f"{m.ja}がなければ {p} 点",
                "if": f"{m.ja}なら {p} 点",
            }[self.rule]
        return {
            "per": f"{p} VP per {m.one} (at most {self.cap})",
            "exactly": f"{p} VP with exactly {v} {m.one if v == 1 else m.many}",
            "at_least": f"{p} VP with at least {v} {m.one if v == 1 else m.many}",
            "none": f"{p} VP with no {m.many}",
            "if": f"{p} VP if it lies {m.one}",
        }[self.rule]


@dataclass(frozen=True)
class BonusTile(Named):
    measure: str
    award: str
    value: int
    points: int

    def text(self, lang: str) -> str:
        m = BONUS_MEASURES[self.measure]
        p, v = self.points, self.value
        if lang == "ja":
            return {
                "most": f"{m.ja}が最も多い人(1以上)に {p} 点",
                "fewest": f"{m.ja}が最も少ない人に {p} 点",
                "at_least": f"{m.ja}が {v} 以上の人全員に {p} 点",
            }[self.award]
        return {
            "most": f"{p} VP to whoever has the most {m.many} (at least {v})",
            "fewest": f"{p} VP to whoever has the fewest {m.many}",
            "at_least": f"{p} VP to everyone with at least {v} {m.many}",
        }[self.award]


@dataclass(frozen=True)
class DarkSkyCard:
    id: str
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class Catalogue:
    lattice: Lattice
    boards: tuple[BoardSpec, ...]
    branches: tuple[BranchKind, ...]
    clusters: tuple[ClusterKind, ...]
    colours: tuple[Colour, ...]
    planets_per_colour: int
    track_spaces: int
    #: cluster stars -> its mark on the track, in half spaces from the left end (0-based
    #: space k is 2k; the gap between spaces k and k+1 is 2k+1)
    marks: dict[int, int]
    features: tuple[Feature, ...]
    bonus_tiles: tuple[BonusTile, ...]
    dark_sky_cards: tuple[DarkSkyCard, ...]
    dark_sky_tokens: int

    def board(self, board_id: str) -> BoardSpec:
        return next(b for b in self.boards if b.id == board_id)

    def branch(self, kind: str) -> BranchKind:
        return next(b for b in self.branches if b.id == kind)

    def cluster(self, kind: str) -> ClusterKind:
        return next(c for c in self.clusters if c.id == kind)

    def colour(self, colour_id: str) -> Colour:
        return next(c for c in self.colours if c.id == colour_id)

    def feature(self, feature_id: str) -> Feature:
        return next(f for f in self.features if f.id == feature_id)

    def track_order(self) -> tuple[int, ...]:
        """Track spaces (0-based) in the order planets are laid: from the centre outwards,
        alternately right and left."""
        n = self.track_spaces
        left, right = (n - 1) // 2, n // 2
        order: list[int] = []
        while left >= 0 or right < n:
            for space in (right, left) if right != left else (right,):
                if 0 <= space < n and space not in order:
                    order.append(space)
            left, right = left - 1, right + 1
        return tuple(order)

    def centre_spaces(self, count: int) -> tuple[int, ...]:
        """The `count` spaces in the middle of the track (where the reserve goes)."""
        return tuple(sorted(self.track_order()[:count]))


# --- reading -------------------------------------------------------------------------------
_WANTED = {int: "a whole number", str: "a text", list: "a list", dict: "an object",
           bool: "true or false"}


class _Problems:
    """Collects sentences; `need` reads a value and records a problem when it is wrong."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def add(self, sentence: str) -> None:
        self.found.append(sentence)

    def need(self, data: Any, key: str, where: str, kind: type, default: Any = None) -> Any:
        value = data.get(key) if isinstance(data, Mapping) else None
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            self.add(f"{where}: '{key}' must be {_WANTED.get(kind, 'a number')}.")
            return default
        return value


def _name(problems: _Problems, item: Any, where: str) -> tuple[str, str]:
    names = problems.need(item, "name", where, dict, {})
    ja, en = names.get("ja"), names.get("en")
    if not isinstance(ja, str) or not isinstance(en, str) or not ja or not en:
        problems.add(f"{where}: 'name' needs a Japanese and an English name.")
        return str(ja or "?"), str(en or "?")
    return ja, en


def _items(problems: _Problems, data: Any, key: str, count: int | None = None) -> list[Any]:
    items = problems.need(data, key, "the catalogue", list, [])
    if count is not None and len(items) != count:
        problems.add(f"The catalogue has {len(items)} {key.replace('_', ' ')}; "
                     f"the game has {count}.")
    return [item for item in items if isinstance(item, Mapping)] if items else []


def _unique(problems: _Problems, ids: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            problems.add(f"Two {what} have the id {i!r}.")
        seen.add(i)


def _read_lattice(problems: _Problems, data: Any) -> Lattice:
    raw = problems.need(data, "lattice", "the catalogue", dict, {})
    rows = problems.need(raw, "rows", "lattice", int, 6)
    columns = problems.need(raw, "columns", "lattice", int, 6)
    if rows != columns or not 2 <= rows <= 9:
        problems.add(f"The lattice must be square with 2 to 9 rows, not {rows} × {columns} "
                     "(dark-sky cards turn with the board).")
        rows = columns = 6
    return Lattice(rows, columns)


def _space(problems: _Problems, lattice: Lattice, name: Any, where: str) -> int | None:
    index = lattice.space_index(name) if isinstance(name, str) else None
    if index is None:
        problems.add(f"{where}: {name!r} is not a round space (a1 to "
                     f"{lattice.space_name(lattice.spaces - 1)}).")
    return index


def _read_boards(problems: _Problems, data: Any, lattice: Lattice) -> tuple[BoardSpec, ...]:
    crosses = tables(lattice.rows, lattice.columns).around
    boards = []
    for number, item in enumerate(_items(problems, data, "boards", RULEBOOK_COUNTS["boards"]), 1):
        where = f"board {number}"
        board_id = problems.need(item, "id", where, str, f"board{number}")
        where = f"board {board_id!r}"
        ja, en = _name(problems, item, where)
        guiding = []
        for pair in problems.need(item, "guiding", where, list, []):
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], int)):
                problems.add(f"{where}: a guiding star is written [space, stars], not {pair!r}.")
                continue
            space = _space(problems, lattice, pair[0], where)
            if space is None:
                continue
            stars, reach = pair[1], len(crosses[space])
            if not 1 <= stars <= reach:
                problems.add(f"{where}: the guiding star on {pair[0]} has {stars} stars, but "
                             f"only {reach} cross space(s) touch {pair[0]} (1 to {reach}).")
            guiding.append((space, stars))
        if not guiding:
            problems.add(f"{where}: a board needs at least one guiding star (the first branch "
                         "tile is placed next to one).")
        if len({s for s, _ in guiding}) != len(guiding):
            problems.add(f"{where}: two guiding stars share a space.")
        coyote = problems.need(item, "coyote", where, bool, False)
        boards.append(BoardSpec(board_id, ja, en, coyote, tuple(guiding)))
    if sum(b.coyote for b in boards) != 1:
        problems.add("Exactly one player board must be the Coyote board "
                     f"(found {sum(b.coyote for b in boards)}).")
    _unique(problems, [b.id for b in boards], "boards")
    return tuple(boards)


def _read_branches(problems: _Problems, data: Any) -> tuple[BranchKind, ...]:
    kinds = []
    for number, item in enumerate(_items(problems, data, "branches"), 1):
        kind = problems.need(item, "id", f"branch tile {number}", str, f"b{number}")
        where = f"branch tile {kind!r}"
        arms = problems.need(item, "arms", where, list, [])
        unknown = [a for a in arms if a not in ARMS]
        if unknown or not arms or len(set(arms)) != len(arms):
            problems.add(f"{where}: 'arms' must name 1 to 4 different arms of "
                         f"{', '.join(ARMS)}, not {arms!r}.")
        mask = sum(1 << ARMS.index(a) for a in set(arms) if a in ARMS)
        bag = problems.need(item, "bag", where, int, 0)
        aside = problems.need(item, "round12", where, int, 0)
        if bag < 0 or aside < 0:
            problems.add(f"{where}: tile counts cannot be negative.")
        kinds.append(BranchKind(kind, mask, bag, aside))
    _unique(problems, [k.id for k in kinds], "branch tiles")
    total = sum(k.bag + k.round12 for k in kinds)
    if total != RULEBOOK_COUNTS["branches"]:
        problems.add(f"The branch tiles add up to {total}; the game has "
                     f"{RULEBOOK_COUNTS['branches']}.")
    wanted = dict(profile().round12_branches)
    have = {k.id: k.round12 for k in kinds if k.round12}
    if have != wanted:
        problems.add(f"The branch tiles set aside for round 12 are {have}; the rulebook sets "
                     f"aside {wanted}.")
    return tuple(kinds)


def _read_clusters(problems: _Problems, data: Any) -> tuple[ClusterKind, ...]:
    kinds = []
    for number, item in enumerate(_items(problems, data, "clusters"), 1):
        kind = problems.need(item, "id", f"star cluster {number}", str, f"c{number}")
        where = f"star cluster {kind!r}"
        stars = problems.need(item, "stars", where, int, 1)
        white = problems.need(item, "white", where, int, 0)
        count = problems.need(item, "count", where, int, 0)
        if not kind[:1].isdigit():
            problems.add(f"{where}: a star cluster's id starts with its star count.")
        if stars < 1 or white < 0 or stars + white > 4:
            problems.add(f"{where}: {stars} stars and {white} white stars cannot be scored "
                         "(at most 4 branch lines touch a round space).")
        if count < 0:
            problems.add(f"{where}: the count cannot be negative.")
        kinds.append(ClusterKind(kind, stars, white, count))
    _unique(problems, [k.id for k in kinds], "star clusters")
    total = sum(k.count for k in kinds)
    if total != RULEBOOK_COUNTS["clusters"]:
        problems.add(f"The star clusters add up to {total}; the game has "
                     f"{RULEBOOK_COUNTS['clusters']}.")
    return tuple(kinds)


def _read_planets(problems: _Problems, data: Any) -> tuple[tuple[Colour, ...], int]:
    raw = problems.need(data, "planets", "the catalogue", dict, {})
    per_colour = problems.need(raw, "per_colour", "planets", int, 4)
    colours = []
    for number, item in enumerate(problems.need(raw, "colours", "planets", list, []), 1):
        colour_id = problems.need(item, "id", f"planet colour {number}", str, "?")
        where = f"planet colour {colour_id!r}"
        if len(colour_id) != 1 or not colour_id.isupper() or colour_id == "F":
            problems.add(f"{where}: a colour's id is one capital letter (not F).")
        ja, en = _name(problems, item, where)
        colours.append(Colour(colour_id, ja, en, str(item.get("rgb", "#888888"))))
    _unique(problems, [c.id for c in colours], "planet colours")
    if len(colours) != profile().planet_colours or per_colour != profile().planets_per_colour:
        problems.add(f"The planets are {len(colours)} colours × {per_colour}; the game has "
                     f"{profile().planet_colours} × {profile().planets_per_colour} = "
                     f"{RULEBOOK_COUNTS['planets']}.")
    return tuple(colours), per_colour


def _read_track(problems: _Problems, data: Any,
                clusters: Sequence[ClusterKind]) -> tuple[int, dict[int, int]]:
    raw = problems.need(data, "planet_track", "the catalogue", dict, {})
    spaces = problems.need(raw, "spaces", "planet_track", int, 12)
    most = max(profile().track_planets.values())
    if spaces < most:
        problems.add(f"The planet track has {spaces} spaces; four players lay {most} planets.")
    marks: dict[int, int] = {}
    for key, value in problems.need(raw, "marks", "planet_track", dict, {}).items():
        half = value * 2 - 2 if isinstance(value, (int, float)) else -1
        if not key.isdigit() or half != int(half) or not 0 <= half <= 2 * spaces - 2:
            problems.add(f"planet_track: the mark {key!r}: {value!r} must be a space from 1 "
                         f"to {spaces} or halfway between two (e.g. 6.5).")
            continue
        marks[int(key)] = int(half)
    tradeable = {k.stars for k in clusters if not k.white}
    if tradeable - set(marks):
        problems.add("planet_track: clusters of "
                     + ", ".join(str(s) for s in sorted(tradeable - set(marks)))
                     + " stars can be traded but have no mark on the track.")
    return spaces, marks


def _read_features(problems: _Problems, data: Any,
                   reserved: set[str]) -> tuple[Feature, ...]:
    features = []
    for number, item in enumerate(_items(problems, data, "features",
                                         RULEBOOK_COUNTS["features"]), 1):
        feature_id = problems.need(item, "id", f"special feature {number}", str, f"f{number}")
        where = f"special feature {feature_id!r}"
        ja, en = _name(problems, item, where)
        stars = problems.need(item, "stars", where, int, 2)
        measure = problems.need(item, "measure", where, str, "lines")
        rule = problems.need(item, "rule", where, str, "per")
        points = problems.need(item, "points", where, int, 0)
        value = item.get("value", 0)
        cap = item.get("cap", points)
        if not feature_id.startswith("f") or feature_id in reserved:
            problems.add(f"{where}: a special feature's id starts with f and is no other "
                         "tile's id.")
        if stars not in FEATURE_VALUES:
            problems.add(f"{where}: a card is worth ★2 or ★3, not ★{stars}.")
        if measure not in FEATURE_MEASURES:
            problems.add(f"{where}: the measure {measure!r} is not one the app computes "
                         f"({', '.join(FEATURE_MEASURES)}).")
        elif rule not in FEATURE_RULES or (rule == "if") != FEATURE_MEASURES[measure].flag:
            problems.add(f"{where}: the rule {rule!r} does not fit the measure {measure!r} "
                         f"(rules: {', '.join(FEATURE_RULES)}; 'if' only for yes/no measures).")
        if not all(isinstance(v, int) and v >= 0 for v in (points, value, cap)) or points < 1:
            problems.add(f"{where}: points, value and cap are whole numbers, points at least 1.")
        elif rule in ("exactly", "at_least") and value < 1:
            problems.add(f"{where}: the rule {rule!r} needs a 'value' of at least 1.")
        elif rule == "per" and cap < points:
            problems.add(f"{where}: the rule 'per' needs a 'cap' of at least its points.")
        features.append(Feature(feature_id, ja, en, stars, measure, rule, value, points, cap))
    _unique(problems, [f.id for f in features], "special features")
    for value in FEATURE_VALUES:
        count = sum(f.stars == value for f in features)
        if count != FEATURES_PER_VALUE:
            problems.add(f"There are {count} ★{value} special feature cards; the game has "
                         f"{FEATURES_PER_VALUE}.")
    return tuple(features)


def _read_bonus(problems: _Problems, data: Any) -> tuple[BonusTile, ...]:
    tiles = []
    for number, item in enumerate(_items(problems, data, "bonus_tiles",
                                         RULEBOOK_COUNTS["bonus_tiles"]), 1):
        tile_id = problems.need(item, "id", f"bonus tile {number}", str, f"b{number}")
        where = f"bonus tile {tile_id!r}"
        ja, en = _name(problems, item, where)
        measure = problems.need(item, "measure", where, str, "cluster_vp")
        award = problems.need(item, "award", where, str, "most")
        points = problems.need(item, "points", where, int, 0)
        value = item.get("value", 0)
        if measure not in BONUS_MEASURES:
            problems.add(f"{where}: the measure {measure!r} is not one the app computes "
                         f"({', '.join(BONUS_MEASURES)}).")
        if award not in BONUS_AWARDS:
            problems.add(f"{where}: 'award' is one of {', '.join(BONUS_AWARDS)}, not {award!r}.")
        if points < 1 or not isinstance(value, int) or value < 0:
            problems.add(f"{where}: points (at least 1) and value are whole numbers.")
        tiles.append(BonusTile(tile_id, ja, en, measure, award, value, points))
    _unique(problems, [t.id for t in tiles], "bonus tiles")
    return tuple(tiles)


def _read_dark_sky(problems: _Problems, data: Any, lattice: Lattice,
                   boards: Sequence[BoardSpec]) -> tuple[tuple[DarkSkyCard, ...], int]:
    raw = problems.need(data, "dark_sky", "the catalogue", dict, {})
    tokens = problems.need(raw, "tokens", "dark_sky", int, 4)
    if tokens * RULEBOOK_COUNTS["boards"] != RULEBOOK_COUNTS["dark_sky_tiles"]:
        problems.add(f"{tokens} dark-sky tokens per player make "
                     f"{tokens * RULEBOOK_COUNTS['boards']}; the game has "
                     f"{RULEBOOK_COUNTS['dark_sky_tiles']}.")
    printed = {space: board for board in boards for space, _ in board.guiding}
    cards = []
    for number, item in enumerate(problems.need(raw, "cards", "dark_sky", list, []), 1):
        card_id = str(item.get("id", number)) if isinstance(item, Mapping) else str(number)
        where = f"dark-sky card {card_id}"
        names = problems.need(item, "spaces", where, list, [])
        spaces = [s for s in (_space(problems, lattice, n, where) for n in names) if s is not None]
        if len(names) != tokens or len(set(spaces)) != len(names):
            problems.add(f"{where}: it shows {tokens} different round spaces, one per token.")
        for space in spaces:
            for turn in range(4):
                landed = lattice.turn_space(space, turn)
                if landed in printed:
                    problems.add(f"{where}: turned {90 * turn}°, its token on "
                                 f"{lattice.space_name(space)} lands on "
                                 f"{lattice.space_name(landed)}, a guiding star of the "
                                 f"{printed[landed].name_en} board.")
        cards.append(DarkSkyCard(card_id, tuple(spaces)))
    if not cards:
        problems.add("dark_sky: the catalogue needs at least one dark-sky card.")
    _unique(problems, [c.id for c in cards], "dark-sky cards")
    return tuple(cards), tokens


def parse_catalogue(data: Any) -> Catalogue:
    """The catalogue in `data` (the JSON document), or `CatalogueError` listing every
    problem as a sentence."""
    problems = _Problems()
    if not isinstance(data, Mapping):
        raise CatalogueError(f"{CATALOGUE}: the catalogue must be a JSON object.")
    lattice = _read_lattice(problems, data)
    boards = _read_boards(problems, data, lattice)
    branches = _read_branches(problems, data)
    clusters = _read_clusters(problems, data)
    colours, per_colour = _read_planets(problems, data)
    spaces, marks = _read_track(problems, data, clusters)
    reserved = {b.id for b in branches} | {c.id for c in clusters} | {c.id for c in colours}
    features = _read_features(problems, data, reserved)
    bonus = _read_bonus(problems, data)
    cards, tokens = _read_dark_sky(problems, data, lattice, boards)
    if problems.found:
        raise CatalogueError(f"{CATALOGUE}: " + " ".join(problems.found))
    return Catalogue(lattice, boards, branches, clusters, colours, per_colour, spaces, marks,
                     features, bonus, cards, tokens)


@cache
def catalogue() -> Catalogue:
    """The catalogue, read and checked once."""
    return parse_catalogue(load_json(*CATALOGUE.split("/")))

