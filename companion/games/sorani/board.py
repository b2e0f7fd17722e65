"""A player's board in Sorani's digital play, and everything the rules and the scoring ask of
it: where a tile may go, the branch nodes on a space, surrounded dark skies, the special
features' measures, and the board's score-pad entries.

Round spaces hold a code: ``""`` empty, ``"#"`` a dark-sky token, ``"*3"`` a printed guiding
star with 3 stars, a star cluster's kind (``"3w"``), a planet's colour (``"R"``) or a special
feature (``"f7"``). Cross spaces hold the arm mask of their branch tile's lines (0: empty;
every branch tile has at least one line). The board is scored by turning it into the score
pad's `PlayerEntries` — the same entries `companion score sorani` reads from a file — so a
digital game and a table game are scored by the same code (`scoring.score_game`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from companion.games.sorani.catalogue import Catalogue, catalogue
from companion.games.sorani.lattice import Tables, tables
from companion.games.sorani.scoring import GameResult, PlayerEntries, StarTile, award_bonus

EMPTY, DARK, GUIDING = "", "#", "*"


# --- what a code is ---------------------------------------------------------------------------
def is_cluster(code: str) -> bool:
    return code[:1].isdigit()


def is_planet(code: str) -> bool:
    return len(code) == 1 and code.isupper()


def is_feature(code: str) -> bool:
    return code[:1] == "f"


def is_guiding(code: str) -> bool:
    return code[:1] == GUIDING


def is_round_tile(code: str) -> bool:
    """A tile a branch may be placed next to: cluster, planet, feature or guiding star (not
    a dark sky, which does not count as a tile)."""
    return code != EMPTY and code != DARK


def is_branch(code: str) -> bool:
    """A branch tile's kind ("v2"): a small letter and its line count."""
    return len(code) == 2 and code[0].islower() and code[0] != "f" and code[1].isdigit()


def guiding_stars(code: str) -> int:
    return int(code[1:])


@dataclass
class Board:
    """One player's board, holding spaces and kept special-feature cards."""

    spec: str = ""  # the player board's id ("coyote"), "" until dealt
    cells: list[str] = field(default_factory=list)
    crosses: list[int] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    #: dark skies surrounded when the round began (to see which are new at its end)
    surrounded: int = 0

    @classmethod
    def empty(cls, cat: Catalogue | None = None) -> Board:
        cat = cat or catalogue()
        return cls("", [EMPTY] * cat.lattice.spaces, [0] * cat.lattice.crosses)

    def copy(self) -> Board:
        return Board(self.spec, self.cells[:], self.crosses[:], self.held[:], self.cards[:],
                     self.surrounded)

    def describe(self) -> str:
        cells = ".".join(c or "_" for c in self.cells)
        crosses = "".join(f"{m:x}" for m in self.crosses)
        return (f"{self.spec}[{cells}|{crosses}|held {','.join(self.held)}|cards "
                f"{','.join(self.cards)}|{self.surrounded}]")


def geometry(cat: Catalogue | None = None) -> Tables:
    lattice = (cat or catalogue()).lattice
    return tables(lattice.rows, lattice.columns)


def deal(board: Board, spec_id: str, cat: Catalogue | None = None) -> None:
    """Put the printed guiding stars of player board `spec_id` on `board`."""
    cat = cat or catalogue()
    board.spec = spec_id
    for space, stars in cat.board(spec_id).guiding:
        board.cells[space] = f"{GUIDING}{stars}"


def seat_turn(seat: int, players: int) -> int:
    """Quarter turns the dark-sky card makes as seen from `seat`: players sit one per side
    of the table clockwise; with two players the second sits opposite."""
    return 2 * seat if players == 2 else seat


def dark_sky_spaces(card_id: str, degrees: int, seat: int, players: int,
                    cat: Catalogue | None = None) -> tuple[int, ...]:
    """Where `seat` puts its dark-sky tokens for the card turned `degrees` clockwise."""
    cat = cat or catalogue()
    card = next(c for c in cat.dark_sky_cards if c.id == card_id)
    turns = degrees // 90 + seat_turn(seat, players)
    return tuple(cat.lattice.turn_space(space, turns) for space in card.spaces)


# --- lines and spots --------------------------------------------------------------------------
def nodes(board: Board, space: int, geo: Tables | None = None) -> int:
    """Branch lines (nodes) touching round space `space`."""
    crosses = board.crosses
    return sum(1 for cross, bit in (geo or geometry()).around[space] if crosses[cross] & bit)


def branch_spots(board: Board, geo: Tables | None = None) -> list[int]:
    """Empty cross spaces a branch tile may go on: touching a round tile (guiding stars
    count, dark skies do not)."""
    crosses, around = board.crosses, (geo or geometry()).around
    found = {x for s, code in enumerate(board.cells) if code != EMPTY and code != DARK
             for x, _ in around[s] if not crosses[x]}
    return sorted(found)


def round_spots(board: Board, geo: Tables | None = None) -> list[int]:
    """Empty round spaces a star cluster, planet or special feature may go on: touching a
    branch tile (its lines need not point at the space)."""
    cells, arms = board.cells, (geo or geometry()).arms
    found = {s for x, mask in enumerate(board.crosses) if mask
             for s in arms[x] if cells[s] == EMPTY}
    return sorted(found)


def is_surrounded(board: Board, space: int, geo: Tables | None = None) -> bool:
    """Every cross space around `space` holds a branch tile."""
    return all(board.crosses[x] for x, _ in (geo or geometry()).around[space])


def surrounded_dark(board: Board, geo: Tables | None = None) -> int:
    geo = geo or geometry()
    return sum(1 for s, code in enumerate(board.cells)
               if code == DARK and is_surrounded(board, s, geo))


def unconnected_nodes(board: Board, geo: Tables | None = None) -> int:
    """Branch lines pointing at no cluster, special feature, guiding star or planet (at an
    empty space or a dark sky): −1 VP each."""
    cells, arms = board.cells, (geo or geometry()).arms
    count = 0
    for x, mask in enumerate(board.crosses):
        if mask:
            for bit, space in enumerate(arms[x]):
                if mask >> bit & 1 and not is_round_tile(cells[space]):
                    count += 1
    return count


def linked(board: Board, space: int, geo: Tables | None = None) -> set[int]:
    """Round spaces joined to `space` by a branch tile with a line to each."""
    geo = geo or geometry()
    found: set[int] = set()
    for cross, bit in geo.around[space]:
        mask = board.crosses[cross]
        if mask & bit:
            found.update(s for b, s in enumerate(geo.arms[cross]) if s != space and mask >> b & 1)
    return found


# --- scoring ----------------------------------------------------------------------------------
def star_tiles(board: Board, cat: Catalogue | None = None,
               geo: Tables | None = None) -> list[tuple[int, StarTile]]:
    """(space, tile) of every guiding star and star cluster, as the score pad enters them."""
    cat, geo = cat or catalogue(), geo or geometry(cat)
    found = []
    for space, code in enumerate(board.cells):
        if is_guiding(code):
            found.append((space, StarTile(guiding_stars(code), 0, nodes(board, space, geo),
                                          cluster=False)))
        elif is_cluster(code):
            kind = cat.cluster(code)
            found.append((space, StarTile(kind.stars, kind.white, nodes(board, space, geo))))
    return found


def _count(cells: Sequence[str], spaces: Iterable[int], test: Callable[[str], bool]) -> int:
    return sum(1 for s in spaces if test(cells[s]))


def feature_measure(board: Board, space: int, measure: str, cat: Catalogue | None = None,
                    geo: Tables | None = None) -> int:
    """The count a special feature's criterion judges, for the feature on `space`."""
    cat, geo = cat or catalogue(), geo or geometry(cat)
    cells = board.cells
    line = geo.row[space] + geo.column[space]
    counts = {
        "lines": lambda: nodes(board, space, geo),
        "branches": lambda: sum(1 for x, _ in geo.around[space] if board.crosses[x]),
        "adjacent_planets": lambda: _count(cells, geo.orthogonal[space], is_planet),
        "adjacent_clusters": lambda: _count(cells, geo.orthogonal[space], is_cluster),
        "diagonal_clusters": lambda: _count(cells, geo.diagonal[space], is_cluster),
        "row_planets": lambda: _count(cells, geo.row[space], is_planet),
        "column_clusters": lambda: _count(cells, geo.column[space], is_cluster),
        "rowcol_planets": lambda: _count(cells, line, is_planet),
        "rowcol_clusters": lambda: _count(cells, line, is_cluster),
        "rowcol_colours": lambda: len({cells[s] for s in line if is_planet(cells[s])}),
        "linked_clusters": lambda: _count(cells, linked(board, space, geo), is_cluster),
        "linked_guiding": lambda: _count(cells, linked(board, space, geo), is_guiding),
        "surrounded_dark": lambda: surrounded_dark(board, geo),
        "scoring_clusters": lambda: sum(1 for _, t in star_tiles(board, cat, geo)
                                        if t.cluster and t.points),
        "edge": lambda: int(cat.lattice.is_edge(space)),
    }
    return counts[measure]()


def scoring_spaces(board: Board, cat: Catalogue | None = None) -> set[int]:
    """Round spaces whose tile scores as the board stands: matched guiding stars and star
    clusters, planets no line touches."""
    cat = cat or catalogue()
    geo = geometry(cat)
    found = {space for space, tile in star_tiles(board, cat, geo) if tile.points}
    found |= {space for space, code in enumerate(board.cells)
              if is_planet(code) and not nodes(board, space, geo)}
    return found


def feature_points(board: Board, cat: Catalogue | None = None,
                   geo: Tables | None = None) -> list[tuple[str, int]]:
    """(feature id, VP) of each kept special-feature card, in the order they were taken."""
    cat, geo = cat or catalogue(), geo or geometry(cat)
    where = {code: s for s, code in enumerate(board.cells) if is_feature(code)}
    result = []
    for card in board.cards:
        feature, space = cat.feature(card), where.get(card)
        if space is None:  # a card whose tile is not placed yet scores nothing
            result.append((card, 0))
        else:
            result.append((card, feature.score(feature_measure(board, space, feature.measure,
                                                               cat, geo))))
    return result


def untouched_planets(board: Board, cat: Catalogue | None = None,
                      geo: Tables | None = None) -> list[int]:
    """Planets no branch line touches, per colour in the catalogue's order."""
    cat, geo = cat or catalogue(), geo or geometry(cat)
    colours = [c.id for c in cat.colours]
    counts = [0] * len(colours)
    for space, code in enumerate(board.cells):
        if is_planet(code) and not nodes(board, space, geo):
            counts[colours.index(code)] += 1
    return counts


def entries(board: Board, name: str = "", cat: Catalogue | None = None) -> PlayerEntries:
    """The board as the score pad's entries (bonus tiles are awarded across boards, see
    `score_boards`)."""
    cat = cat or catalogue()
    geo = geometry(cat)
    features = feature_points(board, cat, geo)
    return PlayerEntries(
        name=name,
        planets=untouched_planets(board, cat, geo),
        tiles=[tile for _, tile in star_tiles(board, cat, geo)],
        features=[points for _, points in features],
        unconnected_nodes=unconnected_nodes(board, geo),
        feature_stars=[cat.feature(card).stars for card, _ in features],
    )


def bonus_measure(board: Board, player: PlayerEntries, measure: str,
                  geo: Tables | None = None) -> int:
    """A bonus tile's count for one board."""
    if measure == "cluster_vp":
        return sum(t.points for t in player.tiles if t.cluster)
    if measure == "untouched_planets":
        return sum(player.planets)
    if measure == "surrounded_dark":
        return surrounded_dark(board, geo)
    return player.unconnected_nodes  # "unconnected_nodes"


def award_bonus_tiles(boards: Sequence[Board], players: Sequence[PlayerEntries],
                      cat: Catalogue | None = None) -> list[list[tuple[str, int]]]:
    """Per board: (bonus tile id, VP) of each bonus tile it earns; every tied board on the
    best count earns the points (`scoring.award_bonus`)."""
    cat = cat or catalogue()
    geo = geometry(cat)
    won: list[list[tuple[str, int]]] = [[] for _ in boards]
    for tile in cat.bonus_tiles:
        counts = [bonus_measure(b, p, tile.measure, geo) for b, p in zip(boards, players,
                                                                         strict=True)]
        if tile.award == "most":
            values: list[float | None] = [c if c >= tile.value else None for c in counts]
        elif tile.award == "fewest":
            values = [-c for c in counts]
        else:  # "at_least": everyone who reaches the value
            values = [1 if c >= tile.value else None for c in counts]
        for seat, points in enumerate(award_bonus(tile.points, values)):
            if points:
                won[seat].append((tile.id, points))
    return won


def board_entries(boards: Sequence[Board], names: Sequence[str] = (),
                  cat: Catalogue | None = None) -> list[PlayerEntries]:
    """Every board's score-pad entries, bonus tiles added up."""
    cat = cat or catalogue()
    players = [entries(b, names[i] if i < len(names) else "", cat) for i, b in enumerate(boards)]
    for player, won in zip(players, award_bonus_tiles(boards, players, cat), strict=True):
        player.bonus = sum(points for _, points in won)
    return players


def score_boards(boards: Sequence[Board], names: Sequence[str] = (),
                 cat: Catalogue | None = None) -> GameResult:
    """The result of a finished digital game: the score pad's `score_game` on the boards'
    entries (categories, totals, ranks, tie-break by star clusters)."""
    from companion.games.sorani.scoring import score_game

    return score_game(board_entries(boards, names, cat))
