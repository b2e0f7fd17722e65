"""The 連船之遊 board (p.20 of the book): the start 始, 19 squares and the goal 終, with the
resource tracks drawn inside.

Places are numbered 0 (the start, top left) to 20 (the goal, bottom left): squares 1–8 run
right along the top, 9–11 down the right side, 12–19 left along the bottom.

Geometry as data for drawing, in board units (a square is 1 × 1; x to the right, y down from the
top edge): `place_rect(i)` gives (x, y, width, height); the tracks lie in the inner area
(`TRACK_AREA`), one row each (`TRACKS`).
"""

from __future__ import annotations

from dataclasses import dataclass

START = 0
GOAL = 20
SQUARES = 19  # 1..19 between start and goal
TOP = 8  # squares along the top (1–8) and along the bottom (12–19)
SIDE = 3  # squares down the right side (9–11)

#: Everybody's starting stock, the cargo of the one ship that begins loaded, resources to win.
START_STOCK = 20
FIRST_CARGO = 5
BUILD_COST = 5
WIN_GOAL = 20
CARGO_CAP = 15
SHIPS = 3

Rect = tuple[float, float, float, float]

BOARD_WIDTH = 1.0 + TOP  # the start/goal column, then eight squares
BOARD_HEIGHT = 2.0 + SIDE  # top row, three side squares, bottom row
#: The start box takes the upper half of the left column, the goal box the lower half.
START_RECT: Rect = (0.0, 0.0, 1.0, BOARD_HEIGHT / 2 - 0.05)
GOAL_RECT: Rect = (0.0, BOARD_HEIGHT / 2 + 0.05, 1.0, BOARD_HEIGHT / 2 - 0.05)
#: The inner area holding the tracks (inside the ring of squares).
TRACK_AREA: Rect = (1.15, 1.15, TOP - 1.3, SIDE - 0.3)


def square_cell(index: int) -> tuple[int, int]:
    """(column from 1, row from 0 at the top) of square `index` (1..19)."""
    if 1 <= index <= TOP:
        return index, 0
    if TOP < index <= TOP + SIDE:
        return TOP, index - TOP
    if TOP + SIDE < index <= SQUARES:
        return TOP - (index - TOP - SIDE - 1), SIDE + 1
    raise ValueError(f"連船之遊 has squares 1 to {SQUARES}, not {index}")


def place_rect(index: int) -> Rect:
    """(x, y, width, height) of place `index` (0 start, 1..19 squares, 20 goal)."""
    if index == START:
        return START_RECT
    if index == GOAL:
        return GOAL_RECT
    column, row = square_cell(index)
    return float(column), float(row), 1.0, 1.0


@dataclass(frozen=True)
class Track:
    """A resource track inside the board: values 0..`top`; `wraps` tracks go round again
    (a second marker lap, as the book's return arrow shows)."""

    key: str
    name_ja: str
    name_en: str
    top: int
    wraps: bool

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en


TRACKS: tuple[Track, ...] = (
    Track("start", "始 スタートの資源", "start stock", START_STOCK, True),
    Track("goal", "終 ゴールの資源", "goal stock", WIN_GOAL, True),
    Track("ship1", "船 一", "ship I", CARGO_CAP, False),
    Track("ship2", "船 二", "ship II", CARGO_CAP, False),
    Track("ship3", "船 三", "ship III", CARGO_CAP, False),
)

#: The ships' marks (one, two, three bars), by ship number 1..3.
SHIP_MARKS = {1: "一", 2: "二", 3: "三"}
#: The same marks as the English interface writes them.
SHIP_MARKS_EN = {1: "I", 2: "II", 3: "III"}
#: The start and the goal: their glyphs, and the words of the English interface.
PLACE_WORDS = {START: ("始", "start"), GOAL: ("終", "goal")}


def ship_mark(ship: int, lang: str) -> str:
    """Ship `ship`'s mark: 一 二 三 in Japanese, I II III in English."""
    return SHIP_MARKS[ship] if lang == "ja" else SHIP_MARKS_EN[ship]


def place_word(place: int, lang: str) -> str:
    """始/終 (start/goal in English) for the start and the goal, else the square's number."""
    if place in PLACE_WORDS:
        ja, en = PLACE_WORDS[place]
        return ja if lang == "ja" else en
    return str(place)
