"""Printable 行山 sheets (reportlab through `companion.export.pdf`).

- `board_sheet(lang)`: the road at playing size (the central 5 × 5 of a 机戦 board, squares of
  3 cm): the 皇処, the route numbered from the start g3 to 皇山 e5.
- `reference_sheet(lang)`: the card-effect reference (every card: cost, copies, effect) and the
  rules of costs and moving.
- `blank_sheets(...)`: board, reference, and a tracking sheet for 米, 銭, square and cards.
- `result_sheet(...)` / `play_sheets(play, lang)`: a finished play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.export.pdf import Rect, SheetSpec, draw_text, label, wrap_text
from companion.games.mokzo.board import BLOCK, GOAL, KOU, ROUTE, START, square_cell
from companion.games.mokzo.effects import EFFECTS, NOTES
from companion.games.netxiju.printing import disc

SQUARE = 30 * mm
_GREY = (0.45, 0.45, 0.45)
_ROUTE = (0.55, 0.62, 0.75)

_TEXT = {
    "title": ("Mokzo (行山)", "行山(モㇰツォ)"),
    "board": ("The road at playing size (squares of 3 cm)", "実寸の道(1マス 3 cm)"),
    "reference": ("Card effects", "札の効果"),
    "result": ("Result sheet", "結果シート"),
    "square": ("Square reached", "到達マス"),
    "rice": ("Rice (米)", "米"),
    "money": ("Money (銭)", "銭"),
    "placed": ("Cards placed", "設置した札"),
    "final": ("The pieces at the end", "終了時の駒"),
    "start": ("start", "スタート"),
    "goal": ("皇山 (goal)", "皇山(ゴール)"),
    "kou": ("★ 皇処: a move or an advance from here goes 1 square further",
            "★ 皇処: ここから進むと1マス多く進む"),
    "cost": ("cost", "コスト"),
    "copies": ("per colour", "各色"),
}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


def draw_road(canvas: Canvas, rect: Rect, lang: str = "ja",
              pieces: Mapping[int, Sequence[int]] | None = None, caption: str = "") -> None:
    """The 5 × 5 block centred in `rect` (playing size when it fits): grid, diagonals, ★ on the
    皇処, the route as a numbered line; `pieces` maps a route square to the seats on it."""
    caption_room = 16.0 if caption else 0.0
    column0, row0, columns, rows = BLOCK
    size = min(SQUARE, (rect.width - 40) / columns, (rect.height - 50 - caption_room) / rows)
    left = rect.x + (rect.width - size * columns) / 2
    top = rect.top - 22 - caption_room
    if caption:
        draw_text(canvas, rect.x, rect.top - 11, caption, 10, bold=True, color=_GREY)

    def centre(index: int) -> tuple[float, float]:
        column, row = square_cell(index)
        return left + (column - column0 + 0.5) * size, top - (row - row0 + 0.5) * size

    canvas.saveState()
    canvas.setLineWidth(0.8)
    for c in range(columns + 1):
        canvas.line(left + c * size, top, left + c * size, top - rows * size)
    for r in range(rows + 1):
        canvas.line(left, top - r * size, left + columns * size, top - r * size)
    canvas.setLineWidth(0.5)
    canvas.line(left, top, left + columns * size, top - rows * size)
    canvas.line(left, top - rows * size, left + columns * size, top)
    canvas.setStrokeColorRGB(*_ROUTE)
    canvas.setLineWidth(size * 0.05)
    path = canvas.beginPath()
    path.moveTo(*centre(START))
    for index in range(1, len(ROUTE)):
        path.lineTo(*centre(index))
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()
    for index, name in enumerate(ROUTE):
        x, y = centre(index)
        mark = "★" if index in KOU else ""
        draw_text(canvas, x - size * 0.45, y + size * 0.32, f"{index}{mark}", 8, color=_GREY)
        draw_text(canvas, x + size * 0.45, y - size * 0.45, name, 7, align="right",
                  color=(0.65, 0.65, 0.65))
    sx, sy = centre(START)
    draw_text(canvas, sx, sy - size * 0.75, text("start", lang) + " g3", 10, align="center",
              bold=True)
    gx, gy = centre(GOAL)
    draw_text(canvas, gx, gy - size * 0.38, "皇山", 12, align="center", bold=True)
    for square, seats in (pieces or {}).items():
        x, y = centre(square)
        for k, seat in enumerate(seats):
            disc(canvas, x + size * (-0.22 + 0.22 * (k % 3)), y + size * 0.1 * (k // 3),
                 size * 0.1, seat)
    draw_text(canvas, rect.x, top - rows * size - 36, text("kou", lang), 9, color=_GREY)


def board_sheet(lang: str = "ja") -> SheetSpec:
    return SheetSpec(title=text("title", lang), subtitle=text("board", lang),
                     drawings=[partial(draw_road, lang=lang)], lang=lang)


def draw_reference(canvas: Canvas, rect: Rect, lang: str = "ja") -> None:
    """The card table (glyph, cost, copies, effect) and the general notes, wrapped."""
    y = rect.top - 4
    size = 10.0
    glyph_w, cost_w, copies_w = 34.0, 52.0, 52.0
    text_x = rect.x + glyph_w + cost_w + copies_w
    draw_text(canvas, rect.x + glyph_w, y - 9, text("cost", lang), 8.5, color=_GREY)
    draw_text(canvas, rect.x + glyph_w + cost_w, y - 9, text("copies", lang), 8.5, color=_GREY)
    y -= 16
    for effect in EFFECTS:
        lines = wrap_text(effect.text(lang), size, rect.right - text_x)
        height = len(lines) * size * 1.3 + 8
        canvas.saveState()
        canvas.setStrokeColorRGB(0.75, 0.75, 0.75)
        canvas.setLineWidth(0.5)
        canvas.line(rect.x, y, rect.right, y)
        canvas.restoreState()
        draw_text(canvas, rect.x + 4, y - 20, effect.rank, 18, bold=True)
        draw_text(canvas, rect.x + glyph_w + 8, y - size - 4, str(effect.cost), size)
        draw_text(canvas, rect.x + glyph_w + cost_w + 8, y - size - 4, str(effect.copies), size)
        for k, line in enumerate(lines):
            draw_text(canvas, text_x, y - size - 4 - k * size * 1.3, line, size)
        y -= max(height, 28.0)
    y -= 10
    for note in NOTES:
        for line in wrap_text(note[0] if lang == "ja" else note[1], 9.5, rect.width):
            draw_text(canvas, rect.x, y - 9.5, line, 9.5)
            y -= 9.5 * 1.35
        y -= 3


def reference_sheet(lang: str = "ja") -> SheetSpec:
    return SheetSpec(title=text("title", lang), subtitle=text("reference", lang),
                     drawings=[partial(draw_reference, lang=lang)], lang=lang)


def blank_sheets(players: int, names: Sequence[str] = (), lang: str = "ja") -> list[SheetSpec]:
    """What `companion pdf --blank mokzo` prints: the road, the card effects, a tracking
    sheet (米, 銭, square, cards placed per player)."""
    from companion.export.sheets import blank_sheet

    return [board_sheet(lang), reference_sheet(lang),
            blank_sheet("mokzo", players, names, lang)]


def result_sheet(state: Any, names: Sequence[str], lang: str = "ja",
                 meta: Sequence[tuple[str, str]] = (), log: Sequence[str] = (),
                 notes: str = "") -> SheetSpec:
    """Square reached, 米, 銭 and cards placed per player; the pieces on the road; the moves."""
    outcome = state.outcome()
    seats = range(state.num_players)
    cells: list[list[str | None]] = [
        [f"{state.square[s]} ({ROUTE[state.square[s]]})" for s in seats],
        [str(state.rice[s]) for s in seats],
        [str(state.money[s]) for s in seats],
        [" ".join(str(p.card) for _, p in state.placed(s)) for s in seats],
    ]
    pieces: dict[int, list[int]] = {}
    for s in seats:
        pieces.setdefault(state.square[s], []).append(s)
    winners = outcome.winners if outcome is not None else frozenset()
    return SheetSpec(
        title=text("title", lang), subtitle=text("result", lang), meta=list(meta),
        columns=list(names),
        rows=[text("square", lang), text("rice", lang), text("money", lang),
              text("placed", lang)],
        cells=cells,
        extra_rows=[(label("winner", lang), ["★" if s in winners else "" for s in seats])],
        highlight_columns=frozenset(winners),
        drawings=[partial(draw_road, lang=lang, pieces=pieces, caption=text("final", lang))],
        log=list(log), log_columns=4, log_limit=240, lang=lang, notes=notes)


def move_log(record: Any, names: Sequence[str], lang: str = "ja") -> list[str]:
    """"12. Ann 黒馬を設置" per seat move, a card's cast after it ("→ =3"), and the cards a
    player drew at the start of a turn as a line of their own ("13. Bo 引く: 黒馬、赤兵";
    the game is over: every card may be shown)."""
    from companion.core.record import Game
    from companion.games.mokzo.texts import move_text

    lines: list[str] = []
    game = Game.new(record.game_id, record.num_players, record.options, record.seed)
    drawing = False
    for entry in record.entries:
        seat = getattr(game.state, "mover", 0)
        who = names[seat] if 0 <= seat < len(names) else f"#{seat}"
        text = move_text(entry.move, lang)
        if entry.move.startswith("draw "):
            card = entry.move.split()[-1]
            if drawing:
                lines[-1] += ("、" if lang == "ja" else ", ") + card
            else:
                lines.append(f"{len(lines) + 1}. {who} {'引く:' if lang == 'ja' else 'draws'} "
                             f"{card}")
            drawing = True
        elif entry.is_chance:
            if lines and not entry.move.startswith("first"):
                lines[-1] += f" → {text}"
            drawing = False
        else:
            lines.append(f"{len(lines) + 1}. {who} {text}")
            drawing = False
        game.state.play(game.state.parse_move(entry.move))
    return lines


def play_sheets(play: Any, lang: str = "ja") -> list[SheetSpec] | None:
    """The result sheet of a saved finished 行山 play; None otherwise."""
    from companion.games.hooks import finished_play

    found = finished_play(play, "mokzo", lang)
    if found is None:
        return None
    game, names, meta = found
    return [result_sheet(game.state, names, lang, meta, move_log(game.record, names, lang),
                         play.notes)]
