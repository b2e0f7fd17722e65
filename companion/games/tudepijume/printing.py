"""Printable 連船之遊 sheets (reportlab through `companion.export.pdf`).

- `board_sheet(lang)`: the board at playing size (A4 landscape, squares of about 3 cm): the
  start 始, squares 1–19, the goal 終, and inside the start stock, goal stock and the three ship
  tracks for the markers.
- `blank_sheets(...)`: the board, then a score sheet for the result.
- `result_sheet(...)` / `play_sheets(play, lang)`: a finished play: goal stock, start stock and
  cargo per player, the ships where they ended, the moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.export.pdf import Rect, SheetSpec, draw_text, label
from companion.games.netxiju.printing import disc
from companion.games.tudepijume.board import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    GOAL,
    SHIP_MARKS,
    SQUARES,
    START,
    TRACK_AREA,
    TRACKS,
    place_rect,
)

#: Playing size: a board unit (one square) of 3 cm when the page allows it.
UNIT = 30 * mm
_GREY = (0.45, 0.45, 0.45)

_TEXT = {
    "title": ("Tude-pijume (連船之遊)", "連船之遊(ネカナモカヌツ)"),
    "board": ("The board at playing size", "実寸の盤"),
    "result": ("Result sheet", "結果シート"),
    "goal": ("Goal stock", "ゴールの資源"),
    "start": ("Start stock", "スタートの資源"),
    "cargo": ("Cargo on ships", "船の積み荷"),
    "final": ("The ships at the end", "終了時の船"),
    "wraps": (" (after 20 the marker goes round again from 0)", "(20の次は0からもう1周)"),
    "help": (
        "Markers: one on the start stock (20), one on the cargo of the loaded ship (5), the "
        "others on 0. A stock above 20 goes round the track again (mark the lap). "
        "Ships carry at most 15.",
        "マーカー: スタートの資源に1つ(20)、積み荷のある船の積み荷に1つ(5)、ほかは0に置く。"
        "20を超えた資源はトラックをもう1周する(周回を記録)。船の積み荷は最大15。"),
}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


def draw_board(canvas: Canvas, rect: Rect, lang: str = "ja",
               ships: Mapping[int, Sequence[tuple[int, int]]] | None = None,
               caption: str = "") -> None:
    """The board centred in `rect` (playing size when it fits, else scaled down); `ships` maps
    a place to the (seat, ship) standing there."""
    caption_room = 16.0 if caption else 0.0
    unit = min(UNIT, rect.width / BOARD_WIDTH, (rect.height - 8 - caption_room) / BOARD_HEIGHT)
    left = rect.x + (rect.width - unit * BOARD_WIDTH) / 2
    top = rect.top - 4 - caption_room
    if caption:
        draw_text(canvas, rect.x, rect.top - 11, caption, 10, bold=True, color=_GREY)

    def box(r: tuple[float, float, float, float], inset: float = 0.06) -> Rect:
        x, y, w, h = r
        return Rect(left + (x + inset) * unit, top - (y + h - inset) * unit,
                    (w - 2 * inset) * unit, (h - 2 * inset) * unit)

    canvas.saveState()
    canvas.setLineWidth(1.2)
    for index in range(1, SQUARES + 1):
        b = box(place_rect(index))
        canvas.rect(b.x, b.y, b.width, b.height, 1, 0)
        draw_text(canvas, b.x + 3, b.top - 9, str(index), 7, color=(0.6, 0.6, 0.6))
    start, goal = box(place_rect(START)), box(place_rect(GOAL))
    canvas.setFillColorRGB(0.08, 0.08, 0.08)
    canvas.rect(start.x, start.y, start.width, start.height, 1, 1)
    canvas.rect(goal.x, goal.y, goal.width, goal.height, 1, 0)
    canvas.restoreState()
    glyph = unit * 0.55
    draw_text(canvas, start.x + start.width / 2, start.y + start.height / 2 - glyph * 0.35, "始",
              glyph, align="center", color=(1, 1, 1))
    draw_text(canvas, goal.x + goal.width / 2, goal.y + goal.height / 2 - glyph * 0.35, "終",
              glyph, align="center")
    _draw_tracks(canvas, box(TRACK_AREA, 0.0), unit, lang)
    for place, standing in (ships or {}).items():
        b = box(place_rect(place))
        for k, (seat, ship) in enumerate(standing):
            disc(canvas, b.x + b.width * (0.25 + 0.25 * (k % 3)),
                 b.top - unit * (0.2 + 0.22 * (k // 3)), unit * 0.1, seat, SHIP_MARKS[ship])


def _draw_tracks(canvas: Canvas, area: Rect, unit: float, lang: str) -> None:
    row = area.height / len(TRACKS)
    for k, track in enumerate(TRACKS):
        top = area.top - k * row
        name = track.name(lang) + (text("wraps", lang) if track.wraps else "")
        draw_text(canvas, area.x, top - 8, name, 7.5, color=_GREY)
        boxes = track.top + 1
        width = area.width / boxes
        height = row - 13
        canvas.saveState()
        canvas.setLineWidth(0.6)
        if k < 2:
            canvas.setFillColorRGB(*((0.88, 0.88, 0.88) if k == 0 else (1, 1, 1)))
        for value in range(boxes):
            x = area.x + value * width
            canvas.rect(x, top - 11 - height, width, height, 1, 1 if k < 2 else 0)
        canvas.restoreState()
        for value in range(boxes):
            x = area.x + value * width
            draw_text(canvas, x + width / 2, top - 11 - height / 2 - 3, str(value),
                      min(8.0, width * 0.4), align="center")


def board_sheet(lang: str = "ja") -> SheetSpec:
    """The board to play on, A4 landscape."""
    return SheetSpec(title=text("title", lang), subtitle=text("board", lang),
                     notes=text("help", lang), drawings=[partial(draw_board, lang=lang)],
                     lang=lang, landscape=True)


def blank_sheets(players: int, names: Sequence[str] = (), lang: str = "ja") -> list[SheetSpec]:
    """What `companion pdf --blank tudepijume` prints: the board, then a score sheet."""
    from companion.export.sheets import blank_sheet

    return [board_sheet(lang), blank_sheet("tudepijume", players, names, lang)]


def result_sheet(state: Any, names: Sequence[str], lang: str = "ja",
                 meta: Sequence[tuple[str, str]] = (), log: Sequence[str] = (),
                 notes: str = "") -> SheetSpec:
    """Goal stock, start stock and cargo per player; the ships as they ended; the moves."""
    outcome = state.outcome()
    seats = range(state.num_players)
    cells: list[list[str | None]] = [
        [str(state.goal[s]) for s in seats],
        [str(state.stock[s]) for s in seats],
        [str(state.cargo_total(s)) for s in seats],
    ]
    ships: dict[int, list[tuple[int, int]]] = {}
    for s in seats:
        for ship in (1, 2, 3):
            ships.setdefault(state.place(s, ship), []).append((s, ship))
    winners = outcome.winners if outcome is not None else frozenset()
    return SheetSpec(
        title=text("title", lang), subtitle=text("result", lang), meta=list(meta),
        columns=list(names), rows=[text("goal", lang), text("start", lang), text("cargo", lang)],
        cells=cells,
        extra_rows=[(label("winner", lang), ["★" if s in winners else "" for s in seats])],
        highlight_columns=frozenset(winners),
        drawings=[partial(draw_board, lang=lang, ships=ships, caption=text("final", lang))],
        log=list(log), log_columns=5, log_limit=200, lang=lang, notes=notes)


def move_log(record: Any, names: Sequence[str], lang: str = "ja") -> list[str]:
    """"12. Ann =3 船1に補給" per turn with an action: the throw, then what was done with it
    (passes and the first draw left out)."""
    from companion.games.tudepijume.texts import move_text

    lines: list[str] = []
    cast = ""
    for entry in record.entries:
        if entry.is_chance:
            cast = entry.move if entry.move.startswith("=") else ""
            continue
        who = names[entry.seat] if 0 <= entry.seat < len(names) else f"#{entry.seat}"
        lines.append(f"{len(lines) + 1}. {who} {cast} {move_text(entry.move, lang)}")
    return lines


def play_sheets(play: Any, lang: str = "ja") -> list[SheetSpec] | None:
    """The result sheet of a saved finished play (digital or tracked at the table); None when
    the play has no finished 連船之遊 record."""
    from companion.games.hooks import finished_play

    found = finished_play(play, "tudepijume", lang)
    if found is None:
        return None
    game, names, meta = found
    return [result_sheet(game.state, names, lang, meta, move_log(game.record, names, lang),
                         play.notes)]
