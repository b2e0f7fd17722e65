"""The printed result of a digital Sorani play (registry hook `play_sheets`): the score pad
filled from the boards — the same rows and tie-break as a table play — with how each board
scored (planet sets, special features, bonus tiles), the moves, and one page per board drawn:
the lattice, the tiles with their lines and stars. Marked as played on the app's
reconstruction of the components."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.colours import SORANI_PLANETS
from companion.export.pdf import Rect, SheetSpec, draw_text
from companion.games.sorani import board as bd
from companion.games.sorani.board import (
    Board,
    award_bonus_tiles,
    board_entries,
    feature_points,
    score_boards,
)
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.printing import filled_sheet
from companion.games.sorani.scoring import BRANCHES, PlayerEntries, SoraniSheet, planet_split
from companion.games.sorani.texts import end_reason, move_text

_TEXT = {
    "reconstruction": ("Digital play on the companion's own reconstruction of the boards and "
                       "tiles (the rulebook does not print them).",
                       "アプリ独自に再構成したボードとタイルでのデジタル対戦"
                       "(ルールブックに印刷面の記載がないため)。"),
    "board": ("Board of {name} ({spec}) — {total} VP", "{name} のボード({spec})— {total} 点"),
    "planets": ("planets", "惑星"),
    "features": ("special features", "特別な地形"),
    "bonus": ("bonus tiles", "ボーナスタイル"),
    "moves": ("Moves", "手順"),
    "legend": ("★ stars (☆ white star) · f special feature · dark circle: dark sky · "
               "thick lines: branch nodes · green ring: scores",
               "★ 星の数(☆ 白い星)· f 特別な地形 · 濃紺の円: 暗い空 · 太線: 枝のノード · "
               "緑の輪: 得点する"),
}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


def result_sheet(boards: Sequence[Board], names: Sequence[str], lang: str,
                 record_moves: Sequence[tuple[int, str]] = (), reason: str = "",
                 when: Any = None, location: str = "") -> SheetSpec:
    """The filled score pad of finished `boards`, with details, moves and board pages."""
    players = board_entries(boards, names)
    result = score_boards(boards, names)
    sheet = SoraniSheet.new(list(names))
    if when is not None:
        sheet.date = when
    sheet.location = location
    for seat, breakdown in enumerate(result.breakdowns):
        for key, value in breakdown.items():
            sheet.scores[seat, key] = float(-value if key == BRANCHES else value)
    details = [text("reconstruction", lang)]
    if reason:
        details.append(end_reason(reason, lang))
    won = award_bonus_tiles(boards, players)
    details += [board_details(b, p, w, lang) for b, p, w in zip(boards, players, won,
                                                                 strict=True)]
    spec = filled_sheet(sheet, lang, details)
    spec.log_title = text("moves", lang)
    spec.log = [f"{i + 1}. {names[seat] if 0 <= seat < len(names) else seat + 1} "
                f"{move_text(move, lang)}" for i, (seat, move) in enumerate(record_moves)]
    spec.log_columns = 2
    spec.extra_pages = [partial(draw_board_page, b, names[seat], result.totals[seat], lang)
                        for seat, b in enumerate(boards)]
    return spec


def board_details(board: Board, player: PlayerEntries, won: Sequence[tuple[str, int]],
                  lang: str) -> str:
    """One line: how a board's planets, special features and bonus tiles scored."""
    cat = catalogue()
    colours = [c.name(lang) for c in cat.colours]
    split = "; ".join(planet_split(player.planets).lines(colours, lang))
    features = ", ".join(f"{cat.feature(card).name(lang)} {points}"
                         for card, points in feature_points(board)) or "—"
    bonus = ", ".join(f"{tile.name(lang)} +{points}" for tile_id, points in won
                      for tile in cat.bonus_tiles if tile.id == tile_id) or "—"
    return (f"{player.name}: {text('planets', lang)} {split} · {text('features', lang)} "
            f"{features} · {text('bonus', lang)} {bonus}")


def play_sheets(play: Any, lang: str = "ja") -> list[SheetSpec] | None:
    """The result sheet of a saved digital play (its record replayed to the end); None for a
    table play or an unfinished record (the generic sheet prints those)."""
    from companion.core.record import Game, GameRecord
    from companion.games.sorani.rules import SoraniState

    if not play.record or not play.record.get("moves"):
        return None
    record = GameRecord.from_dict(play.record)
    if record.game_id != "sorani":
        return None
    game = Game.replay(record)
    state = game.state
    if not isinstance(state, SoraniState) or not state.is_over():
        return None
    by_seat = {s.seat: s.player for s in play.seats}
    names = [by_seat.get(i) or (f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}")
             for i in range(state.num_players)]
    moves = [(e.seat, e.move) for e in record.entries if not e.is_chance]
    outcome = state.outcome()
    return [result_sheet(state.boards, names, lang, moves,
                         outcome.detail if outcome is not None else "", play.started_at,
                         play.location)]


# --- the board page ---------------------------------------------------------------------------
_INK = (0.12, 0.12, 0.2)
_GREY = (0.62, 0.62, 0.66)
_NIGHT = (0.12, 0.14, 0.3)
_GOOD = (0.15, 0.6, 0.25)


def draw_board_page(board: Board, name: str, total: float, lang: str, canvas: Canvas,
                    rect: Rect) -> None:
    """One board, as large as the page allows, with its owner and VP above it."""
    cat = catalogue()
    spec = cat.board(board.spec).name(lang) if board.spec else ""
    title = text("board", lang).format(name=name, spec=spec, total=f"{total:g}")
    draw_text(canvas, rect.x, rect.top - 14, title, 13, bold=True)
    draw_text(canvas, rect.x, rect.top - 30, text("legend", lang), 8, color=(0.35, 0.35, 0.4))
    side = min(rect.width, rect.height - 60)
    draw_board(board, lang, canvas, Rect(rect.x + (rect.width - side) / 2, rect.top - 44 - side,
                                   side, side))


def draw_board(board: Board, lang: str, canvas: Canvas, rect: Rect) -> None:
    """The lattice in `rect` (square): round spaces as circles, branch tiles as lines from
    their cross to the spaces they point at."""
    cat = catalogue()
    lattice = cat.lattice
    geo = bd.geometry(cat)
    step = rect.width / lattice.columns
    radius = step * 0.36

    def centre(space: int) -> tuple[float, float]:
        row, column = divmod(space, lattice.columns)
        return rect.x + (column + 0.5) * step, rect.top - (row + 0.5) * step

    canvas.saveState()
    for cross, mask in enumerate(board.crosses):
        targets = geo.arms[cross]
        xs = [centre(s) for s in targets]
        cx, cy = sum(x for x, _ in xs) / 4, sum(y for _, y in xs) / 4
        if not mask:
            canvas.setFillColorRGB(*_GREY)
            canvas.circle(cx, cy, 1.2, stroke=0, fill=1)
            continue
        canvas.setStrokeColorRGB(*_INK)
        for bit, (x, y) in enumerate(xs):
            on = mask >> bit & 1
            canvas.setLineWidth(3.0 if on else 0.6)
            canvas.setStrokeColorRGB(*(_INK if on else _GREY))
            canvas.line(cx, cy, cx + (x - cx) * 0.62, cy + (y - cy) * 0.62)
        canvas.setFillColorRGB(*_INK)
        canvas.rect(cx - 3, cy - 3, 6, 6, stroke=0, fill=1)
    scoring = bd.scoring_spaces(board)
    for space, code in enumerate(board.cells):
        _draw_space(canvas, code, *centre(space), radius, lattice.space_name(space), lang,
                    space in scoring)
    canvas.restoreState()


def _draw_space(canvas: Canvas, code: str, x: float, y: float, radius: float,
                name: str, lang: str, scores: bool) -> None:
    cat = catalogue()
    canvas.setLineWidth(2.2 if scores else 0.8)
    canvas.setStrokeColorRGB(*(_GOOD if scores else _GREY))
    fill: tuple[float, float, float] | None = None
    label, colour = "", _INK
    if code == bd.DARK:
        fill = _NIGHT
    elif bd.is_guiding(code):
        fill, label = (1.0, 0.95, 0.75), f"★{bd.guiding_stars(code)}"
    elif bd.is_cluster(code):
        kind = cat.cluster(code)
        fill, label = (0.92, 0.93, 1.0), f"★{kind.stars}" + ("☆" * kind.white)
    elif bd.is_planet(code):
        planet = cat.colour(code)
        fill, colour = SORANI_PLANETS.rgb(planet.id), (1.0, 1.0, 1.0)  # palette in use
        label = planet.name(lang) if lang == "ja" else code
    elif bd.is_feature(code):
        fill, label = (0.88, 1.0, 0.9), code
    if fill is None:
        canvas.circle(x, y, radius, stroke=1, fill=0)
        draw_text(canvas, x, y - 3, name, 7, align="center", color=_GREY)
        return
    canvas.setFillColorRGB(*fill)
    canvas.circle(x, y, radius, stroke=1, fill=1)
    if label:
        draw_text(canvas, x, y - radius * 0.25, label, radius * 0.7, align="center",
                  color=colour)
