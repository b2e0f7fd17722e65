"""Printable 六裁 sheets (reportlab through `companion.export.pdf`).

- `board_sheet(lang)`: the board at playing size (squares of 3 cm, A4 landscape), with its
  lines, the hatched start, small track numbers and the short rules.
- `tally_sheet(players, names, lang)`: a blank tally for the table (cups or penalty points,
  finishing order, 牛行).
- `result_sheet(...)` / `play_sheets(play, lang)`: a finished play: place, cups, 牛行, times sent
  back, the board as it ended and the throws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.export.pdf import Rect, SheetSpec, draw_text, label
from companion.games.netxiju.board import COLUMNS, GOAL, LINES, ROWS, START, cell
from companion.games.pieces import is_light, seat_rgb

#: Playing size: one square is 3 cm (a coin or a game piece fits with room to spare).
SQUARE = 30 * mm
_GREY = (0.45, 0.45, 0.45)

_TEXT = {
    "title": ("Netxiju (六裁)", "六裁(ネッシュ)"),
    "board": ("The board at playing size (squares of 3 cm)", "実寸の盤(1マス 3 cm)"),
    "tally": ("Tally for play at the table", "卓上プレイ用の集計表"),
    "result": ("Result sheet", "結果シート"),
    "start": ("Start", "スタート"),
    "goal": ("Goal", "ゴール"),
    "cups": ("Cups", "杯数"),
    "penalty": ("Penalty points", "罰点"),
    "place": ("Place", "着順"),
    "ox": ("Ox walk (牛行)", "牛行"),
    "sent_back": ("Times sent back", "戻された回数"),
    "final": ("The board at the end", "終了時の盤"),
    "rules": (
        "1. Everybody's piece starts on the hatched square (0).\n"
        "2. Throw six sticks (or a die) and move that many squares along the numbers.\n"
        "3. A piece you land on goes back to the start.\n"
        "4. A square with lines costs a cup (a penalty point) per line, also after a 0.\n"
        "5. Land exactly on the last 3-line square (31) to finish; a throw that would go past "
        "it does not move.\n"
        "牛行 (ox walk): finishing after stopping on all nine lined squares, never sent back.",
        "1. 全員の駒を斜線のマス(0)に置く。\n"
        "2. 投げ棒6本(またはサイコロ)を投げ、出た数だけ番号順に進む。\n"
        "3. 止まったマスに相手の駒があれば、その駒をスタートに戻す。\n"
        "4. 線のあるマスに止まったら線の数だけ杯(罰点)。0で同じマスに留まっても同じ。\n"
        "5. 最後の3本線のマス(31)にちょうど止まればゴール。越える目なら動けない。\n"
        "牛行: 一度も戻されず、線のある9マスすべてに止まってゴールすること。"),
    "tally_help": (
        "Tick a box per cup; write the finishing order; mark 牛行 with ✓.",
        "1杯ごとに1つチェック。着順を記入し、牛行なら ✓。"),
}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


def cups_label(options: Mapping[str, Any], lang: str) -> str:
    return text("cups" if options.get("tally") == "drinks" else "penalty", lang)


def draw_board(canvas: Canvas, rect: Rect, lang: str = "ja",
               pieces: Mapping[int, Sequence[int]] | None = None, caption: str = "") -> None:
    """The 8 × 4 board centred in `rect`, at playing size when it fits (else scaled down);
    `pieces` maps a square to the seats standing on it (drawn as numbered discs)."""
    caption_room = 16.0 if caption else 0.0
    size = min(SQUARE, (rect.width - 8) / COLUMNS, (rect.height - 40 - caption_room) / ROWS)
    width, height = size * COLUMNS, size * ROWS
    left = rect.x + (rect.width - width) / 2
    top = rect.top - 18 - caption_room
    if caption:
        draw_text(canvas, rect.x, rect.top - 11, caption, 10, bold=True, color=_GREY)

    def corner(index: int) -> tuple[float, float]:
        row, column = cell(index)
        return left + column * size, top - (row + 1) * size

    canvas.saveState()
    canvas.setLineWidth(0.9)
    for index in range(COLUMNS * ROWS):
        x, y = corner(index)
        canvas.rect(x, y, size, size, 1, 0)
        lines = LINES[index]
        for k in range(1, lines + 1):
            canvas.line(x, y + size * k / (lines + 1), x + size, y + size * k / (lines + 1))
        if index == START:
            _hatch_start(canvas, x, y, size)
        elif index != GOAL:
            draw_text(canvas, x + 3, y + size - 9, str(index), 7, color=(0.6, 0.6, 0.6))
    canvas.setLineWidth(2.2)
    canvas.rect(left - 3, top - height - 3, width + 6, height + 6, 1, 0)
    canvas.restoreState()
    gx, gy = corner(GOAL)
    draw_text(canvas, gx + size, gy + size + 6, text("goal", lang) + " " + str(GOAL), 11,
              align="right", bold=True)
    sx, sy = corner(START)
    draw_text(canvas, sx + size, sy - 16, text("start", lang) + " 0", 11, align="right",
              bold=True)
    for square, seats in (pieces or {}).items():
        x, y = corner(square)
        for k, seat in enumerate(seats):
            disc(canvas, x + size * (0.3 + 0.2 * (k % 3)), y + size * (0.35 + 0.3 * (k // 3)),
                  size * 0.12, seat)


def _hatch_start(canvas: Canvas, x: float, y: float, size: float) -> None:
    """The start square: a diagonal from bottom-left to top-right, the lower-right half hatched."""
    canvas.line(x, y, x + size, y + size)
    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    steps = 8
    for k in range(1, steps):
        t = size * k / steps
        canvas.line(x + t, y, x + size, y + size - t)
    canvas.restoreState()


def disc(canvas: Canvas, cx: float, cy: float, radius: float, seat: int,
         mark: str = "") -> None:
    """A piece in the seat's colour with `mark` on it (the seat number when empty)."""
    rgb = seat_rgb(seat)
    canvas.saveState()
    canvas.setFillColorRGB(*rgb)
    canvas.circle(cx, cy, radius, 1, 1)
    canvas.restoreState()
    draw_text(canvas, cx, cy - radius * 0.45, mark or str(seat + 1), radius * 1.2,
              align="center", color=(0, 0, 0) if is_light(rgb) else (1, 1, 1), bold=True)


def _board_and_rules(lang: str, canvas: Canvas, rect: Rect) -> None:
    """The board at playing size with the rules in the room left below it."""
    from companion.export.pdf import wrap_text

    size = 8.5
    lines = wrap_text(text("rules", lang), size, rect.width)
    rules_height = len(lines) * size * 1.3 + 6
    draw_board(canvas, Rect(rect.x, rect.y + rules_height, rect.width,
                            rect.height - rules_height), lang)
    y = rect.y + rules_height - size
    for line in lines:
        draw_text(canvas, rect.x, y, line, size)
        y -= size * 1.3


def board_sheet(lang: str = "ja") -> SheetSpec:
    """The board to play on (A4 landscape, squares of 3 cm) and the five rules."""
    return SheetSpec(title=text("title", lang), subtitle=text("board", lang),
                     drawings=[partial(_board_and_rules, lang)],
                     lang=lang, landscape=True)


def tally_sheet(players: int, names: Sequence[str] = (), lang: str = "ja",
                options: Mapping[str, Any] | None = None) -> SheetSpec:
    """A blank tally: one column per player; cups (or penalty points), place, 牛行."""
    given = [*names, *[""] * players][:players]
    return SheetSpec(
        title=text("title", lang), subtitle=text("tally", lang),
        meta=[(label("date", lang), ""), (label("place", lang), "")],
        columns=given,
        rows=[cups_label(options or {}, lang), text("place", lang), text("ox", lang)],
        cells=None, notes=text("tally_help", lang), notes_lines=2, lang=lang)


def blank_sheets(players: int, names: Sequence[str] = (), lang: str = "ja") -> list[SheetSpec]:
    """What `companion pdf --blank netxiju` prints: the board, then the tally."""
    return [board_sheet(lang), tally_sheet(players, names, lang)]


def result_sheet(state: Any, names: Sequence[str], lang: str = "ja",
                 meta: Sequence[tuple[str, str]] = (), log: Sequence[str] = (),
                 notes: str = "") -> SheetSpec:
    """Place, cups, 牛行 and times sent back per player; the board as it ended; the throws."""
    outcome = state.outcome()
    seats = range(state.num_players)
    rows = [text("place", lang), cups_label(state.options, lang), text("ox", lang),
            text("sent_back", lang)]
    cells: list[list[str | None]] = [
        [str(state.place(s)) for s in seats],
        [str(state.cups[s]) for s in seats],
        ["✓" if state.ox[s] else "" for s in seats],
        [str(state.sent_back[s]) for s in seats],
    ]
    pieces: dict[int, list[int]] = {}
    for s in seats:
        if not state.is_finished(s):
            pieces.setdefault(state.positions[s], []).append(s)
    winners = outcome.winners if outcome is not None else frozenset()
    return SheetSpec(
        title=text("title", lang), subtitle=text("result", lang), meta=list(meta),
        columns=list(names), rows=rows, cells=cells,
        extra_rows=[(label("winner", lang), ["★" if s in winners else "" for s in seats])],
        highlight_columns=frozenset(winners),
        drawings=[partial(draw_board, lang=lang, pieces=pieces, caption=text("final", lang))],
        log=list(log), log_columns=5, log_limit=150, lang=lang, notes=notes)


def play_sheets(play: Any, lang: str = "ja") -> list[SheetSpec] | None:
    """The result sheet of a saved finished play (digital or followed at the table); None when
    the play has no finished 六裁 record."""
    from companion.export.sheets import move_log_lines
    from companion.games.hooks import finished_play

    found = finished_play(play, "netxiju", lang)
    if found is None:
        return None
    game, names, meta = found
    log = move_log_lines(play.record, dict(enumerate(names)), lang)
    return [result_sheet(game.state, names, lang, meta, log,
                         play.notes)]
