"""Etariya's board: cells, stone colours, map-sheet faces and the pinwheel of four sheets.

Cells are (row, col) with row 0 at the top; their names are chess-like: files a–g from left to
right, ranks 1–7 from bottom to top (``a1`` is the bottom-left cell, ``g7`` the top-right).

A map-sheet face is 3 rows × 4 columns of ``L`` (Light, 光) and ``D`` (Dark, 闇), 6 of each,
written as it lies in the top-left slot (long side horizontal). The four slots form a pinwheel
round the centre cell: slot k holds its face turned k × 90° clockwise (slot 1 top-left,
2 top-right, 3 bottom-right, 4 bottom-left), plus an optional extra 180° turn. The centre cell
is the small sheet of the second player's faction.

Faces come from `resources/etariya/map_faces.json` (`default_faces()`) or from a user-edited
set (`load_faces(path)`, `faces_from_data(data)`, `validate_faces(faces)`); every error names
the face and what is wrong with it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError, MoveParseError

SIZE = 7
CELLS = SIZE * SIZE
LIGHT, DARK = "L", "D"
FACTIONS = (LIGHT, DARK)
FACTION_NAMES = {LIGHT: ("light", "光"), DARK: ("dark", "闇")}

Cell = tuple[int, int]

#: The seven stone colours: one-letter code, English name, Japanese name.
COLOURS: tuple[tuple[str, str, str], ...] = (
    ("R", "red", "赤"),
    ("O", "orange", "橙"),
    ("Y", "yellow", "黄"),
    ("G", "green", "緑"),
    ("B", "blue", "青"),
    ("I", "indigo", "藍"),
    ("V", "violet", "紫"),
)
CODES: tuple[str, ...] = tuple(code for code, _, _ in COLOURS)
STONES_PER_COLOUR = 7
CORNERS: frozenset[Cell] = frozenset({(0, 0), (0, 6), (6, 0), (6, 6)})
CENTRE: Cell = (3, 3)

FACE_ROWS, FACE_COLS = 3, 4
SHEETS = 8
SIDES = ("A", "B")


def colour_name(code: str, lang: str = "en") -> str:
    for letter, en, ja in COLOURS:
        if letter == code:
            return ja if lang == "ja" else en
    raise KeyError(code)


def cell_name(cell: Cell) -> str:
    """``(6, 0)`` → ``a1``; ``(0, 6)`` → ``g7``."""
    return f"{'abcdefg'[cell[1]]}{SIZE - cell[0]}"


def parse_cell(text: str) -> Cell:
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in "abcdefg" or text[1] not in "1234567":
        raise MoveParseError(text, "a cell a1–g7 (file letter, rank number)")
    return (SIZE - int(text[1]), "abcdefg".index(text[0]))


def index(cell: Cell) -> int:
    return cell[0] * SIZE + cell[1]


def cell_at(i: int) -> Cell:
    return divmod(i, SIZE)


@cache
def neighbours(i: int) -> tuple[int, ...]:
    """Orthogonal neighbours of cell index `i`."""
    r, c = divmod(i, SIZE)
    found = []
    for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= y < SIZE and 0 <= x < SIZE:
            found.append(y * SIZE + x)
    return tuple(found)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(neighbours(i) for i in range(CELLS))
CORNER_INDEXES: frozenset[int] = frozenset(index(c) for c in CORNERS)


# --- map faces ------------------------------------------------------------------------------
class MapError(CompanionError, ValueError):
    """Map-sheet faces that cannot be used, with the face and the reason."""


@dataclass(frozen=True)
class MapFace:
    """One side of a large map sheet: `rows` is 3 strings of 4 'L'/'D' letters."""

    sheet: int  # 1..8
    side: str  # "A" or "B"
    rows: tuple[str, ...]

    @property
    def id(self) -> str:
        """``3B`` = sheet 3, side B."""
        return f"{self.sheet}{self.side}"

    @property
    def pattern(self) -> str:
        """The 12 cells row by row (``LDDL…``)."""
        return "".join(self.rows)


def face_problems(face: MapFace) -> list[str]:
    """Why a face is not a valid map face (empty when it is)."""
    problems = []
    if len(face.rows) != FACE_ROWS or any(len(r) != FACE_COLS for r in face.rows):
        problems.append(f"face {face.id} must be {FACE_ROWS} rows of {FACE_COLS} cells")
    cells = "".join(face.rows)
    wrong = sorted(set(cells) - set(FACTIONS))
    if wrong:
        problems.append(f"face {face.id} has {', '.join(map(repr, wrong))}; use only L and D")
    elif len(cells) == FACE_ROWS * FACE_COLS:
        light = cells.count(LIGHT)
        if light != 6:
            problems.append(f"face {face.id} has {light} Light and {12 - light} Dark cells; "
                            "it needs 6 of each")
    return problems


def validate_faces(faces: Iterable[MapFace]) -> tuple[MapFace, ...]:
    """The 16 faces sorted by sheet and side, or `MapError` listing every problem."""
    faces = tuple(faces)
    problems = [p for face in faces for p in face_problems(face)]
    ids = [f.id for f in faces]
    for face in faces:
        if not 1 <= face.sheet <= SHEETS or face.side not in SIDES:
            problems.append(f"face {face.id}: sheets are 1–{SHEETS}, sides A and B")
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        problems.append(f"face(s) {', '.join(doubled)} given twice")
    missing = [f"{s}{side}" for s in range(1, SHEETS + 1) for side in SIDES
               if f"{s}{side}" not in ids]
    if missing:
        problems.append(f"face(s) {', '.join(missing)} missing (8 sheets × 2 sides are needed)")
    if problems:
        raise MapError("map faces: " + "; ".join(problems))
    return tuple(sorted(faces, key=lambda f: (f.sheet, f.side)))


def faces_from_data(data: Any) -> tuple[MapFace, ...]:
    """Faces from the JSON structure of `map_faces.json` (also accepts a list of faces given
    as `MapFace` or as ``{"sheet": 3, "side": "B", "rows": [...]}``)."""
    if isinstance(data, Mapping) and "sheets" in data:
        try:
            faces = [MapFace(int(s["sheet"]), side, tuple(str(r).upper() for r in rows))
                     for s in data["sheets"] for side, rows in s["faces"].items()]
        except (KeyError, TypeError, ValueError) as exc:
            raise MapError(f"map faces: not a faces file ({exc})") from None
        return validate_faces(faces)
    if isinstance(data, (list, tuple)):
        faces = []
        for item in data:
            if isinstance(item, MapFace):
                faces.append(item)
                continue
            try:
                faces.append(MapFace(int(item["sheet"]), str(item["side"]).upper(),
                                     tuple(str(r).upper() for r in item["rows"])))
            except (KeyError, TypeError, ValueError) as exc:
                raise MapError(f"map faces: cannot read {item!r} ({exc})") from None
        return validate_faces(faces)
    raise MapError("map faces: expected {'sheets': [...]} or a list of faces")


def faces_to_data(faces: Sequence[MapFace]) -> dict[str, Any]:
    """The JSON structure `faces_from_data` reads (what the map editor saves)."""
    sheets: dict[int, dict[str, list[str]]] = {}
    for face in faces:
        sheets.setdefault(face.sheet, {})[face.side] = list(face.rows)
    return {"format": 1,
            "sheets": [{"sheet": s, "faces": sheets[s]} for s in sorted(sheets)]}


def load_faces(source: str | Path | Sequence[Any] | Mapping[str, Any] | None = None,
               ) -> tuple[MapFace, ...]:
    """Faces from a JSON file path, from data (list of faces or the file structure), or the
    defaults when `source` is None."""
    if source is None:
        return default_faces()
    if isinstance(source, (str, Path)):
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except OSError as exc:
            raise MapError(f"map faces: cannot read {source}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise MapError(f"map faces: {source} is not JSON ({exc})") from None
        return faces_from_data(data)
    return faces_from_data(source)


@cache
def default_faces() -> tuple[MapFace, ...]:
    """The product's 16 default faces (resources/etariya/map_faces.json)."""
    from companion.resources import load_json

    return faces_from_data(load_json("etariya", "map_faces.json"))


def face_by_id(faces: Sequence[MapFace], face_id: str) -> MapFace:
    for face in faces:
        if face.id == face_id.upper():
            return face
    raise MapError(f"no map face {face_id!r} (faces are 1A … 8B)")


# --- the pinwheel -------------------------------------------------------------------------
#: (top, left, rows, cols) of each slot on the board, slot 1..4 at index 0..3.
SLOTS: tuple[tuple[int, int, int, int], ...] = (
    (0, 0, 3, 4),  # 1: top-left, rows 0–2 × cols 0–3
    (0, 4, 4, 3),  # 2: top-right, rows 0–3 × cols 4–6
    (4, 3, 3, 4),  # 3: bottom-right, rows 4–6 × cols 3–6
    (3, 0, 4, 3),  # 4: bottom-left, rows 3–6 × cols 0–2
)


def _rotate_cw(cell: Cell) -> Cell:
    return (cell[1], SIZE - 1 - cell[0])


def slot_cells(slot: int, turned: bool = False) -> list[Cell]:
    """Board cells of `slot` (1..4) in the face's reading order (row by row of the face).

    Slot k is slot 1 turned (k − 1) × 90° clockwise about the centre; `turned` adds 180°
    inside the slot (the face read from its last cell)."""
    return list(_slot_cells(slot, turned))


@cache
def _slot_cells(slot: int, turned: bool) -> tuple[Cell, ...]:
    cells = [(r, c) for r in range(FACE_ROWS) for c in range(FACE_COLS)]
    for _ in range(slot - 1):
        cells = [_rotate_cw(cell) for cell in cells]
    return tuple(cells[::-1] if turned else cells)


@cache
def slot_indexes(slot: int, turned: bool = False) -> tuple[int, ...]:
    """`slot_cells` as cell indexes."""
    return tuple(index(cell) for cell in _slot_cells(slot, turned))


@dataclass(frozen=True)
class Placement:
    """A face laid in a slot: slot 1..4, the face, turned 180° or not."""

    slot: int
    face: MapFace
    turned: bool = False


def build_board(placements: Sequence[Placement], centre: str) -> tuple[str, ...]:
    """The 7 rows of 'L'/'D' made by four placed faces and the centre cell's faction."""
    if sorted(p.slot for p in placements) != [1, 2, 3, 4]:
        raise MapError("a board needs one face in each of the slots 1–4")
    if centre not in FACTIONS:
        raise MapError(f"centre must be L or D, not {centre!r}")
    grid = [["?"] * SIZE for _ in range(SIZE)]
    grid[CENTRE[0]][CENTRE[1]] = centre
    for p in placements:
        for (r, c), faction in zip(slot_cells(p.slot, p.turned), p.face.pattern, strict=True):
            grid[r][c] = faction
    return tuple("".join(row) for row in grid)


def slot_of(cell: Cell) -> int:
    """The slot (1..4) holding `cell`, 0 for the centre."""
    for number in range(1, 5):
        if cell in slot_cells(number):
            return number
    return 0
