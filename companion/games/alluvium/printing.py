"""Printable Alluvium sheets: blank ones to play on paper and filled ones of a finished game.

A sheet page shows, as on the game's own sheet: the colour box (top left), the name box (top
right), the map with its two outlined start cells, one track per visiting colour (a box to
colour, then circles to tick), the round boxes (box 4 struck through with five players), the
co-operation box and the total. A filled page draws the map in colour with each colour's
symbol, outlines the largest rectangle, writes the checks on the tracks and every score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.colours import ALLUVIUM, ink_on
from companion.export.pdf import Rect, SheetSpec, draw_text, fit_text
from companion.games.alluvium.profile import SheetProfile, sheet_profile
from companion.games.alluvium.scoring import (
    EMPTY,
    GameResult,
    PlayerSheet,
    Rectangle,
    score_game,
)

#: Circles per track line (a track has no end: tick again from the start after the last).
TRACK_CIRCLES = 24

_TEXT = {
    "title": ("Alluvium", "アルヴィウム"),
    "blank": ("Sheet for play at the table", "卓上プレイ用シート"),
    "filled": ("Sheet at the end of the game", "終了時のシート"),
    "colour": ("Colour", "色"),
    "name": ("Name", "名前"),
    "tracks": ("Tracks (one per visiting colour: colour the box, tick one circle per shared "
               "edge)", "トラック(来訪色ごと: 箱を塗り、接した辺1つにつき○1つ)"),
    "rounds": ("Area bonus per round", "ラウンドごとの面積ボーナス"),
    "round_n": ("Area, round {n}", "面積 第{n}ラウンド"),
    "coop": ("Co-operation", "協力ボーナス"),
    "total": ("Total", "合計"),
    "checks": ("checks", "チェック"),
    "rank": ("rank", "位"),
    "gives": ("gives", "→"),
    "virtual": ("virtual", "仮想"),
    "winner": ("Winner", "勝者"),
    "summary": ("Scores", "得点"),
    "largest": ("largest rectangle", "最大の長方形"),
    "start": ("Round 1: each start piece covers one outlined cell.",
              "第1ラウンド: 2つのピースで太枠のマスを1つずつ覆う"),
}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


@dataclass
class TrackView:
    colour: str | None = None  # None on a blank sheet
    checks: int | None = None
    rank: int | None = None
    points: int | None = None
    virtual: bool = False


@dataclass
class SheetView:
    """What one printed sheet page shows (blank when `grid` is None)."""

    players: int
    lang: str = "ja"
    owner: str | None = None
    name: str = ""
    grid: tuple[str, ...] | None = None
    rectangle: Rectangle | None = None
    tracks: list[TrackView] = field(default_factory=list)
    areas: list[int | None] = field(default_factory=list)
    cooperation: int | None = None
    total: int | None = None
    winner: bool = False


def _rgb(profile: SheetProfile, letter: str) -> tuple[float, float, float]:
    """A paint's colour in the palette in use (`companion.colours`)."""
    return ALLUVIUM.rgb(profile.colour(letter).letter)


def _light(rgb: tuple[float, float, float], amount: float = 0.55) -> tuple[float, float, float]:
    r, g, b = rgb
    return (r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount)


def draw_sheet(view: SheetView, canvas: Canvas, rect: Rect) -> None:
    """Draw one sheet page inside `rect` (a `SheetSpec.drawings` hook)."""
    profile = sheet_profile()
    lang = view.lang
    top = rect.top
    top = _draw_header(canvas, rect, top, view, profile)
    top = _draw_map(canvas, rect, top - 14, view, profile)
    top = _draw_tracks(canvas, rect, top - 16, view, profile)
    _draw_scores(canvas, rect, top - 14, view)
    if view.grid is None:
        draw_text(canvas, rect.x, rect.y + 4, text("start", lang), 8, color=(0.4, 0.4, 0.4))


def _box(canvas: Canvas, x: float, y: float, w: float, h: float, width: float = 1.0,
         fill: tuple[float, float, float] | None = None) -> None:
    canvas.saveState()
    canvas.setLineWidth(width)
    if fill is not None:
        canvas.setFillColorRGB(*fill)
    canvas.rect(x, y, w, h, 1, 1 if fill is not None else 0)
    canvas.restoreState()


def _draw_header(canvas: Canvas, rect: Rect, top: float, view: SheetView,
                 profile: SheetProfile) -> float:
    lang = view.lang
    size = 40.0
    fill = _rgb(profile, view.owner) if view.owner else None
    draw_text(canvas, rect.x, top - 9, text("colour", lang), 8, color=(0.4, 0.4, 0.4))
    _box(canvas, rect.x, top - 12 - size, size, size, 1.5, fill)
    if view.owner and fill is not None:
        colour = profile.colour(view.owner)
        draw_text(canvas, rect.x + size / 2, top - 12 - size * 0.72, colour.symbol, size * 0.6,
                  align="center", color=ink_on(fill))
        draw_text(canvas, rect.x + size + 8, top - 12 - size / 2 - 4, colour.name(lang), 11)
    name_w = rect.width * 0.48
    x = rect.right - name_w
    draw_text(canvas, x, top - 9, text("name", lang), 8, color=(0.4, 0.4, 0.4))
    _box(canvas, x, top - 12 - size, name_w, size, 1.5)
    if view.name:
        shown, fitted = fit_text(("★ " if view.winner else "") + view.name, 16, name_w - 16)
        draw_text(canvas, x + 8, top - 12 - size / 2 - 6, shown, fitted, bold=True)
    return top - 12 - size


def _draw_map(canvas: Canvas, rect: Rect, top: float, view: SheetView,
              profile: SheetProfile) -> float:
    cell = min(30.0, (rect.width - 40) / profile.cols, 290 / profile.rows)
    width, height = cell * profile.cols, cell * profile.rows
    left = rect.x + (rect.width - width) / 2
    bottom = top - 12 - height
    grey = (0.45, 0.45, 0.45)
    for c in range(profile.cols):  # column numbers above, row numbers left (as in the file)
        draw_text(canvas, left + (c + 0.5) * cell, top - 9, str(c + 1), 7, align="center",
                  color=grey)
    for r in range(profile.rows):
        draw_text(canvas, left - 6, bottom + (profile.rows - r - 0.5) * cell - 2.5, str(r + 1),
                  7, align="right", color=grey)
    if view.grid is not None:
        for r, line in enumerate(view.grid):
            for c, letter in enumerate(line):
                if letter == EMPTY:
                    continue
                x, y = left + c * cell, bottom + (profile.rows - r - 1) * cell
                colour = profile.colour(letter)
                _box(canvas, x, y, cell, cell, 0, _light(_rgb(profile, letter), ALLUVIUM.tint))
                draw_text(canvas, x + cell / 2, y + cell / 2 - cell * 0.17, colour.symbol,
                          cell * 0.45, align="center", color=_light((0, 0, 0), 0.0))
    canvas.saveState()
    canvas.setStrokeColorRGB(0.5, 0.5, 0.5)
    canvas.setLineWidth(0.5)
    for i in range(1, profile.cols):
        canvas.line(left + i * cell, bottom, left + i * cell, bottom + height)
    for i in range(1, profile.rows):
        canvas.line(left, bottom + i * cell, left + width, bottom + i * cell)
    canvas.restoreState()
    _box(canvas, left, bottom, width, height, 1.8)
    for r, c in profile.start_cells:
        _box(canvas, left + c * cell + 1.2, bottom + (profile.rows - r - 1) * cell + 1.2,
             cell - 2.4, cell - 2.4, 2.6)
    if view.rectangle is not None:
        rr = view.rectangle
        canvas.saveState()
        canvas.setStrokeColorRGB(0.05, 0.05, 0.05)
        canvas.setDash(4, 2)
        canvas.setLineWidth(2.2)
        canvas.rect(left + rr.left * cell, bottom + (profile.rows - rr.top - rr.height) * cell,
                    rr.width * cell, rr.height * cell, 1, 0)
        canvas.restoreState()
        label = f"{text('largest', view.lang)}: {rr.area}"
        draw_text(canvas, left + width, bottom - 10, label, 8, align="right")
    return bottom - 12


def _draw_tracks(canvas: Canvas, rect: Rect, top: float, view: SheetView,
                 profile: SheetProfile) -> float:
    lang = view.lang
    draw_text(canvas, rect.x, top - 9, text("tracks", lang), 8.5, color=(0.3, 0.3, 0.3))
    top -= 16
    tracks = view.tracks or [TrackView() for _ in range(view.players - 1 or 1)]
    row_h, box = 22.0, 16.0
    step = (rect.width - box - 14 - 100) / TRACK_CIRCLES
    radius = min(6.0, step / 2 - 1)
    for i, track in enumerate(tracks):
        y = top - (i + 1) * row_h
        fill = _rgb(profile, track.colour) if track.colour else None
        _box(canvas, rect.x, y + (row_h - box) / 2, box, box, 1.2, fill)
        if track.colour and fill is not None:  # its symbol too: colour is never the only cue
            draw_text(canvas, rect.x + box / 2, y + row_h / 2 - box * 0.3,
                      profile.colour(track.colour).symbol, box * 0.7, align="center",
                      color=ink_on(fill))
        ticked = track.checks or 0
        for k in range(TRACK_CIRCLES):
            cx = rect.x + box + 14 + k * step + step / 2
            cy = y + row_h / 2
            canvas.saveState()
            canvas.setLineWidth(0.8)
            filled = k < ticked
            if filled and fill:
                canvas.setFillColorRGB(*_light(fill, 0.3))
            canvas.circle(cx, cy, radius, 1, 1 if filled and fill else 0)
            canvas.restoreState()
            if ticked > TRACK_CIRCLES and k < ticked - TRACK_CIRCLES:  # second lap
                canvas.line(cx - radius, cy - radius, cx + radius, cy + radius)
        if track.checks is not None:
            note = _track_note(track, lang)
            draw_text(canvas, rect.right, y + row_h / 2 - 3, note, 8.5, align="right")
        if track.virtual:
            draw_text(canvas, rect.x + box + 2, y + row_h - 4, text("virtual", lang), 5.5,
                      color=(0.4, 0.4, 0.4))
    return top - len(tracks) * row_h


def _track_note(track: TrackView, lang: str) -> str:
    if lang == "ja":
        note = f"{track.checks}チェック"
        return note + (f" {track.rank}位 → {track.points}点" if track.rank is not None else "")
    note = f"{track.checks} checks"
    return note + (f", rank {track.rank} → {track.points}" if track.rank is not None else "")


def _draw_scores(canvas: Canvas, rect: Rect, top: float, view: SheetView) -> float:
    lang = view.lang
    draw_text(canvas, rect.x, top - 9, text("rounds", lang), 8.5, color=(0.3, 0.3, 0.3))
    top -= 14
    size = 40.0
    gap = 10.0
    y = top - size
    for i in range(4):
        x = rect.x + i * (size + gap)
        _box(canvas, x, y, size, size, 1.3)
        draw_text(canvas, x + 3, y + size - 9, str(i + 1), 7, color=(0.45, 0.45, 0.45))
        if view.players == 5 and i == 3:  # five players: three rounds only
            canvas.saveState()
            canvas.setLineWidth(1.5)
            canvas.line(x, y, x + size, y + size)
            canvas.restoreState()
        elif i < len(view.areas) and view.areas[i] is not None:
            draw_text(canvas, x + size / 2, y + size / 2 - 6, str(view.areas[i]), 16,
                      align="center")
    x = rect.x + 4 * (size + gap) + 20
    for key, value in (("coop", view.cooperation), ("total", view.total)):
        w = size * 2
        draw_text(canvas, x, top + 3, text(key, lang), 8, color=(0.3, 0.3, 0.3))
        _box(canvas, x, y, w, size, 2.0 if key == "total" else 1.3)
        if value is not None:
            draw_text(canvas, x + w / 2, y + size / 2 - 6, str(value), 16, align="center",
                      bold=key == "total")
        x += w + gap
    return y


# --- specs ------------------------------------------------------------------------------------
def _page(view: SheetView, subtitle: str) -> SheetSpec:
    return SheetSpec(title=text("title", view.lang), subtitle=subtitle,
                     drawings=[partial(draw_sheet, view)], lang=view.lang)


def blank_sheets(players: int, names: Sequence[str] = (), lang: str = "ja") -> list[SheetSpec]:
    """One blank sheet page per player (names written in where given)."""
    if players not in (3, 4, 5):
        raise ValueError(f"Alluvium takes 3–5 players, not {players}")
    names = list(names)
    if len(names) > players:
        raise ValueError(f"{len(names)} names given for {players} players")
    names += [""] * (players - len(names))
    tracks = 3 if players == 3 else players - 1
    return [_page(SheetView(players, lang, name=name,
                            tracks=[TrackView() for _ in range(tracks)]),
                  text("blank", lang)) for name in names]


def filled_views(sheets: Sequence[PlayerSheet], game: GameResult,
                 lang: str = "ja") -> list[SheetView]:
    """The page of each player's sheet at the end of a scored game."""
    views = []
    for sheet, result, player in zip(sheets, game.sheets, game.players, strict=True):
        tracks = [TrackView(v.colour, v.checks, v.rank, v.points, v.colour == game.virtual)
                  for v in result.visitors]
        views.append(SheetView(len(sheets), lang, sheet.owner, sheet.name, sheet.grid,
                               result.rectangle, tracks, list(player.areas),
                               player.cooperation_total, player.total, player.winner))
    return views


def summary_spec(sheets: Sequence[PlayerSheet], game: GameResult, lang: str = "ja",
                 meta: Sequence[tuple[str, str]] = ()) -> SheetSpec:
    """The score table of the whole game: players as columns."""
    profile = sheet_profile()
    rounds = len(game.players[0].areas)
    rows = [text("colour", lang)] + [text("round_n", lang).format(n=i + 1)
                                       for i in range(rounds)]
    rows.append(text("coop", lang))
    cells: list[list[str | None]] = [[profile.colour(p.owner).name(lang) for p in game.players]]
    cells += [[str(p.areas[i]) for p in game.players] for i in range(rounds)]
    cells.append([str(p.cooperation_total) for p in game.players])
    return SheetSpec(
        title=text("title", lang), subtitle=text("summary", lang), meta=list(meta),
        columns=[p.name or profile.colour(p.owner).name(lang) for p in game.players],
        rows=rows, cells=cells, total_row=[str(p.total) for p in game.players],
        extra_rows=[(text("rank", lang) if lang == "ja" else "Rank",
                     [str(p.rank) for p in game.players]),
                    (text("winner", lang), ["★" if p.winner else "" for p in game.players])],
        highlight_columns=frozenset(i for i, p in enumerate(game.players) if p.winner),
        lang=lang)


def filled_sheets(sheets: Sequence[PlayerSheet], game: GameResult, lang: str = "ja",
                  meta: Sequence[tuple[str, str]] = ()) -> list[SheetSpec]:
    """The score table, then one page per player's sheet drawn in colour."""
    pages = [_page(view, text("filled", lang)) for view in filled_views(sheets, game, lang)]
    return [summary_spec(sheets, game, lang, meta), *pages]


def play_sheets(play: Any, lang: str = "ja") -> list[SheetSpec] | None:
    """The filled sheets of a saved digital play (its record replayed to the end): the score
    table and every map in colour; None when the play has no finished game record."""
    from companion.core.record import Game, GameRecord
    from companion.games.alluvium.rules import AlluviumState

    if not play.record or not play.record.get("moves"):
        return None
    game = Game.replay(GameRecord.from_dict(play.record))
    state = game.state
    if not isinstance(state, AlluviumState) or not state.is_over():
        return None
    names = {s.seat: s.player for s in play.seats}
    sheets = state.player_sheets()
    for seat, sheet in enumerate(sheets):
        sheet.name = names.get(seat, "")
    result = score_game(sheets, state.virtual)
    return filled_sheets(sheets, result, lang)
