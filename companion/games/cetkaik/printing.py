"""Printable 机戦 sheets (reportlab through `companion.export.pdf`), every picture drawn here.

- `start_sheet(lang, variant)`: the board with the start position, water, 皇処 and 皇山, the
  square names (public ones on English sheets);
- `reference_card(lang, variant)`: one page with each profession's moves on ordinary squares
  and on 皇処 (古机戦: in the opponent's three ranks), the hands and their points (古机戦: its
  rules), and the turn in a few lines;
- `blank_sheets(players, names, lang, variant)`: the season and score sheet for a game at the
  table (not for 古机戦, which has no points), the start diagram and the reference card;
- `play_sheets(play, lang)`: a finished digital play — points, each season's 終季, the final
  board, the move list; a table play — the ledger's seasons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.colours import CETKAIK_SQUARES, RED_BLACK, Palette
from companion.export.pdf import (
    Rect,
    SheetSpec,
    draw_text,
    fit_text,
    label,
    wrap_text,
)
from companion.games.cetkaik.board import STANDARD_BOARD, Board
from companion.games.cetkaik.hands import FLASH_BONUS, STEP_ON_TAM, TAM_AGAIN, points_text
from companion.games.cetkaik.movement import Pattern
from companion.games.cetkaik.pieces import TAM_KANJI, Colour, Profession
from companion.games.cetkaik.variants import GAME_IDS, STANDARD, VARIANTS, Variant
from companion.games.cetkaik.words import end_reason, season_lines, side_long_name, side_name


def _square_rgb(key: str) -> tuple[float, float, float]:
    """A square's colour (as on screen), to two decimals as the PDF writes it."""
    r, g, b = CETKAIK_SQUARES.rgb(key, Palette.STANDARD)
    return (round(r, 2), round(g, 2), round(b, 2))


WATER_RGB, HUE_RGB, HILL_RGB = (_square_rgb(key) for key in ("water", "hue", "hill"))
TILE_RGB = (0.99, 0.96, 0.88)
GREY = (0.42, 0.42, 0.42)
LIGHT_GREY = (0.75, 0.75, 0.75)
PLAIN_GREY = (0.55, 0.55, 0.55)

_TEXT = {
    "title": ("Cetkaik", "机戦"),
    "start": ("Start position", "初期配置"),
    "card": ("Moves and hands at a glance", "動きと役の早見表"),
    "card_old": ("Moves at a glance", "動きの早見表"),
    "result": ("Result sheet", "結果シート"),
    "blank": ("Seasons and points at the table", "卓上プレイ用 季節・得点表"),
    "final": ("The board at the end", "終了時の盤面"),
    "kiaak": ("Record (棋譜, Cerke Online notation)", "棋譜（オンライン机戦の記法）"),
    "kiaak_first": ("{season}: {side} moves first", "{season}: 先手 {side}"),
    "kiaak_points": ("points after {season}: {a} – {b}", "{season}の後の点数: {a} – {b}"),
    "kiaak_key": ("橋 stepping cast, 水 water cast, 此無 the piece stays, 無撃裁 no cast, "
                  "手 captured; 或為 hands, 而手 paid (with the rate), 再行 goes on, 終季 ends "
                  "the season",
                  "橋 踏越えの投げ棒、水 入水判定、此無 駒は戻る、無撃裁 投げ棒なし、手 取った駒、"
                  "或為 役、而手 支払い（レート込み）、再行 続行、終季 季節の終わり"),
    "normal": ("ordinary square", "通常"),
    "hue": ("on 皇処", "皇処"),
    "hand": ("Hand", "役"),
    "pieces": ("Pieces", "駒"),
    "points": ("Points", "点"),
    "flash": ("One colour", "同色"),
    "side": ("Side", "陣営"),
    "seasons_scored": ("Seasons scored", "終季で得点した季節"),
    "final_points": ("Points", "持ち点"),
    "start_points": ("Start: {n} each", "開始時 各{n}点"),
    "zone": ("兵 in the far 3 ranks", "相手側3段の兵"),
    "ship_old": ("anywhere in the water it can reach; never leaves it, never taken",
                 "水の中ならどこへでも(相手の船は越えない)。水から出ず、取られない"),
    "legend_sides": (
        "The A side's pieces (top) are turned towards that player: a piece that reads upright "
        "for you is yours.",
        "上側(赤王側)の駒は上側の人の向きに置く。自分から読める向きの駒が自分の駒。"),
    "legend_water": ("Blue: water (皇水).", "青: 皇水。"),
    "legend_hue": ("Orange: 皇処.", "橙: 皇処。"),
    "legend_hill": ("Green: 皇山, the centre, both water and 皇処, where the 皇 starts.",
                    "緑: 皇山(中央。皇水かつ皇処で、皇の初期位置)。"),
    "legend_no_fixed_hue": (
        "Besides the centre, only the 8 squares round the 皇 are 皇処, wherever it stands; no "
        "other square is always 皇処.",
        "中央のほかは、皇の周囲8マスだけが皇処(皇がどこにいても)。固定の皇処はない。"),
    "legend_public_names": (
        "Squares are named by column {first_column}–{last_column} and row {first_row}–"
        "{last_row} ({king_public} = {king_plain}).",
        "マスは列 {first_column}〜{last_column}、段 {first_row}〜{last_row} で呼ぶ"
        "({king_public} = {king_plain})。"),
    "legend_plain_names": (
        "Squares are named from the bottom player's side: files a–{last_file} from the left, "
        "ranks 1–{ranks} from the front (the bottom {king} is on {king_plain}).",
        "マスは下側({king}側)の人から見て、列を左から a〜{last_file}、段を手前から 1〜{ranks} "
        "で呼ぶ({king}は {king_plain})。"),
    "legend_step": ("exactly there; no jumping", "そのマス(飛び越え不可)"),
    "legend_jump": ("exactly there; may jump", "そのマス(飛び越え可)"),
    "legend_ray": ("any distance", "その方向に何マスでも"),
    "legend_pass": ("any distance; may pass one piece", "何マスでも(1つまで飛び越え可)"),
    "hue_squares": ("orange, green,", "橙・緑"),
    "hue_centre": ("the green centre", "緑の中央"),
    "tam_moves": ("two king steps; either player may move it; never captures",
                  "王の動きを2回。どちらのプレーヤーも動かせる。駒を取らない"),
    "penalty": ("Penalty", "状況役"),
    "blank_help": (
        "Each season: start from the start position, rate ×1, empty hands. After a move that "
        "makes a new hand, its mover declares 再行 (the rate doubles: ×2, ×4 … up to ×64) or "
        "終季 (the mover receives all hands held × the rate from the other player; next "
        "season). 撃皇 −5 and 皇再来 −3 are hands too. The game ends when a player holds all "
        "{total} points, or after the last season.",
        "各季節は初期配置・レート×1・手駒なしで始める。新しい役ができた手番の人は、再行(レート"
        "を2倍:×2、×4…最大×64)か終季(持っている役の合計×レートを相手から受け取り、次の季節"
        "へ)を宣言する。撃皇(−5)・皇再来(−3)も役。一方が{total}点すべてを持つか、最後の季節が"
        "終わればゲーム終了。"),
    "old_legend": (
        "The colour is the side: black at the bottom, red at the top (turned towards that "
        "player). Blue: water, where only the ships may stand. Squares are named by column "
        "K–P and row A–IA (ZIA = e1).",
        "色が陣営: 下が黒、上が赤(上側の人の向きに置く)。青: 水(船だけが入れる)。マスは下側の"
        "人から見て、列を左から a〜i、段を手前から 1〜9 で呼ぶ(黒王は e1)。"),
}

_RULES = {
    "ja": [
        "手番:自分の駒か皇を1つ動かすか、手駒を空いているマスに1つ置く(置いた駒は自分の駒)。",
        "皇処({hue_squares}と皇の周囲8マス)から動く駒は右の「皇処」の動きをする。",
        "敵の駒のマスに止まると取って手駒にする(色はそのまま)。皇は取れない。",
        "踏越え:行き先の駒(敵・味方・皇)を踏み台にしてもう一度動ける。1手番に1回。2度目が"
        "何マスも進む動きなら、行き先を宣言して投げ棒5本を投げ、表の数までしか進めない。",
        "入水:水に止まるには投げ棒で表3本以上。船・水から出る駒・手駒・皇は不要。失敗すれば"
        "元のマスに戻り手番終了。",
        "皇処の将の周囲8マスにある味方の駒は相手に取られない。",
        "新しい役ができたら 再行(レート2倍で続行)か 終季(役の合計×レートを得て季節終了)。",
        "持ち点は{n}点ずつ(計{total}点)。{total}点すべてを持つか、4季(春夏秋冬)が終われば終了。",
    ],
    "en": [
        "A turn: move one of your pieces or the 皇, or put a captured piece on an empty square "
        "(it is yours now).",
        "A piece that starts on 皇処 ({hue_squares} and the 8 squares round the 皇) moves as in "
        "the right-hand diagram.",
        "Ending on an enemy piece captures it into your hand (its colour stays). The 皇 is "
        "never captured.",
        "Stepping: use the piece (enemy, friend or 皇) at the end of a move to move again, once "
        "a turn. If that second leg ranges, announce the square and throw the five sticks: "
        "you may go at most as far as sticks land face up.",
        "Water: ending in water needs 3 or more face up; ships, pieces leaving water, drops and "
        "the 皇 need no throw. A failed throw leaves the piece where it started.",
        "A 将 on 皇処 keeps the enemy from capturing its own side's pieces on its 8 neighbours.",
        "A new hand: declare 再行 (go on at double rate) or 終季 (end the season, receive your "
        "hands × the rate).",
        "{n} points each ({total} in all). The game ends when one player holds all {total}, or "
        "after four seasons.",
    ],
}

#: 古机戦's turn in a few lines.
_OLD_RULES = {
    "ja": [
        "手番: 自分の駒を1つ動かす。皇・投げ棒・役・手駒はない。色が陣営を示す。",
        "敵の駒のマスに止まると取る(取った駒は盤から除く)。車と獣は敵の駒を跳び越えて、"
        "その一つ向こうの空いているマスに着くことで取る(水・盤外・駒のあるマスには着けない)。",
        "船は水の中だけを動き、取られない。船以外の駒は水で動きを終えられない。",
        "兵は相手側の3段に入ると前後左右に1マス動ける。",
        "踏越え: 船だけを踏み台にできる(2隻続けても良い)。踏越えの後に取れるが、取った後に"
        "踏み越えることはできない。",
        "相手の王を取れば勝ち。",
    ],
    "en": [
        "A turn: move one of your pieces. No 皇, no sticks, no hands, no captured pieces; the "
        "colour is the side.",
        "Ending on an enemy piece takes it off the board. 車 and 獣 take by jumping over the "
        "enemy piece to the empty square just beyond (not water, not off the board).",
        "Ships move only in the water and are never taken; no other piece ends a move there.",
        "A 兵 in the opponent's three nearest ranks moves one square forward, back or sideways.",
        "Stepping: only ships can be stepped on (both in a row, too); a piece may take after "
        "stepping, never step after taking.",
        "Taking the enemy 王 wins.",
    ],
}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


# --- the board --------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardPicture:
    """What a printed board shows: per square ``(colour, profession, side)`` or None, and the
    square of the 皇 (-1: none)."""

    squares: tuple[tuple[Colour, Profession, int] | None, ...]
    tam: int
    board: Board = STANDARD_BOARD
    caption: str = ""
    variant: Variant = STANDARD


def start_picture(caption: str = "", variant: Variant = STANDARD) -> BoardPicture:
    placements, tam = variant.start()
    squares: list[tuple[Colour, Profession, int] | None] = [None] * variant.board.size
    for sq, colour, profession, side in placements:
        squares[sq] = (colour, profession, side)
    return BoardPicture(tuple(squares), tam, variant.board, caption, variant)


def state_picture(state: Any, caption: str = "") -> BoardPicture:
    board: Board = state.tables.board
    squares = tuple(state.piece_at(board.name(sq)) for sq in range(board.size))
    return BoardPicture(squares, state.tam, board, caption, state.variant)


def _fill(canvas: Canvas, rgb: tuple[float, float, float], x: float, y: float, w: float,
          h: float) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(*rgb)
    canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
    canvas.setLineWidth(0.5)
    canvas.rect(x, y, w, h, 1, 1)
    canvas.restoreState()


def _terrain_lines(canvas: Canvas, x: float, y: float, cell: float, diagonal: bool) -> None:
    """A square's second cue besides its colour: water lined across, hue hatched."""
    canvas.saveState()
    canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
    canvas.setLineWidth(0.3)
    path = canvas.beginPath()
    path.rect(x, y, cell, cell)
    canvas.clipPath(path, stroke=0, fill=0)
    step = cell / 6
    for k in range(1, 12 if diagonal else 6):
        if diagonal:
            canvas.line(x + k * step - cell, y, x + k * step, y + cell)
        else:
            canvas.line(x, y + k * step, x + cell, y + k * step)
    canvas.restoreState()


def draw_tile(canvas: Canvas, cx: float, cy: float, size: float, glyph: str,
              rgb: tuple[float, float, float], turned: bool = False,
              double: bool = False) -> None:
    """A piece: a cream tile with its kanji, turned 180° for the top player; `double` frames
    it twice (a red piece: its colour is never the only cue)."""
    half = size * 0.42
    canvas.saveState()
    canvas.setFillColorRGB(*TILE_RGB)
    canvas.setStrokeColorRGB(*rgb)
    canvas.setLineWidth(max(0.6, size * 0.03))
    canvas.roundRect(cx - half, cy - half, 2 * half, 2 * half, size * 0.08, 1, 1)
    if double:
        inner = half - size * 0.07
        canvas.setLineWidth(max(0.4, size * 0.02))
        canvas.roundRect(cx - inner, cy - inner, 2 * inner, 2 * inner, size * 0.06, 1, 0)
    canvas.translate(cx, cy)
    if turned:
        canvas.rotate(180)
    glyph_size = size * 0.56
    draw_text(canvas, 0, -glyph_size * 0.36, glyph, glyph_size, align="center", color=rgb)
    canvas.restoreState()


def draw_board(picture: BoardPicture, canvas: Canvas, rect: Rect, lang: str = "en") -> None:
    """The board centred in `rect` with its square names (see `_coordinates`)."""
    b = picture.board
    caption_room = 16.0 if picture.caption else 0.0
    cell = min((rect.width - 36) / b.width, (rect.height - 34 - caption_room) / b.height, 44.0)
    left = rect.x + (rect.width - cell * b.width) / 2
    top = rect.top - 16 - caption_room
    if picture.caption:
        draw_text(canvas, rect.x, rect.top - 11, picture.caption, 10, bold=True, color=GREY)
    for sq in range(b.size):
        x, y = left + b.col(sq) * cell, top - (b.row(sq) + 1) * cell
        rgb = HILL_RGB if sq == b.hill else WATER_RGB if sq in b.water else \
            HUE_RGB if sq in b.hue else (1.0, 1.0, 1.0)
        _fill(canvas, rgb, x, y, cell, cell)
        if rgb in (WATER_RGB, HUE_RGB):
            _terrain_lines(canvas, x, y, cell, diagonal=rgb == HUE_RGB)
        piece = picture.squares[sq]
        if piece is not None:
            colour, profession, side = piece
            red = colour is Colour.RED
            draw_tile(canvas, x + cell / 2, y + cell / 2, cell,
                      picture.variant.piece_kanji(profession),
                      RED_BLACK.rgb("red" if red else "black"), turned=side == 1, double=red)
        elif sq == picture.tam:
            draw_tile(canvas, x + cell / 2, y + cell / 2, cell, TAM_KANJI, HILL_RGB)
    canvas.saveState()
    canvas.setLineWidth(1.4)
    canvas.rect(left, top - cell * b.height, cell * b.width, cell * b.height, 1, 0)
    canvas.restoreState()
    _coordinates(picture.board, canvas, left, top, cell, lang)


def _coordinates(b: Board, canvas: Canvas, left: float, top: float, cell: float,
                 lang: str) -> None:
    """Public names (English sheets) on top and left, plain ones bottom and right."""
    size = max(6.0, min(9.0, cell * 0.26))
    bottom = top - cell * b.height
    public = bool(b.columns) and lang != "ja"
    for col in range(b.width):
        x = left + (col + 0.5) * cell
        if public:
            draw_text(canvas, x, top + 4, b.columns[col], size, align="center", color=GREY)
        draw_text(canvas, x, bottom - size - 3, b.plain_name(b.square(b.height - 1, col))[0],
                  size * 0.85, align="center", color=PLAIN_GREY)
    for row in range(b.height):
        y = top - (row + 0.5) * cell - size * 0.35
        if public:
            draw_text(canvas, left - 4, y, b.rows[row], size, align="right", color=GREY)
        draw_text(canvas, left + cell * b.width + 4, y, str(b.height - row), size * 0.85,
                  color=PLAIN_GREY)


# --- the start sheet --------------------------------------------------------------------------
def has_fixed_hue(board: Board) -> bool:
    """Whether the board has 皇処 squares besides its centre (printed orange)."""
    return bool(board.hue - {board.hill})


def _bottom_king(variant: Variant) -> tuple[int, Colour]:
    """The square and colour of the bottom (IA) player's 王 at the start."""
    placements, _ = variant.start()
    return next((sq, colour) for sq, colour, profession, side in placements
                if profession is Profession.KING and side == 0)


def board_legend(variant: Variant, lang: str) -> str:
    """What the start diagram's colours and square names mean, for this rule set's board."""
    board = variant.board
    king_square, king_colour = _bottom_king(variant)
    king = f"{king_colour.kanji}王" if lang == "ja" else "king"
    parts = [text("legend_sides", lang), text("legend_water", lang)]
    if has_fixed_hue(board):
        parts.append(text("legend_hue", lang))
    parts.append(text("legend_hill", lang))
    if not has_fixed_hue(board):
        parts.append(text("legend_no_fixed_hue", lang))
    if board.columns and lang != "ja":
        parts.append(text("legend_public_names", lang).format(
            first_column=board.columns[0], last_column=board.columns[-1],
            first_row=board.rows[0], last_row=board.rows[-1],
            king_public=board.name(king_square), king_plain=board.plain_name(king_square)))
    else:
        parts.append(text("legend_plain_names", lang).format(
            last_file=board.plain_name(board.width - 1)[0], ranks=board.height, king=king,
            king_plain=board.plain_name(king_square)))
    return ("" if lang == "ja" else " ").join(parts)


def start_sheet(lang: str = "ja", variant: str = "standard") -> SheetSpec:
    """The start diagram, with the rule set's options to tick (the setup card)."""
    rule_set = VARIANTS[variant]
    legend = text("old_legend", lang) if rule_set.engine == "old" else board_legend(rule_set,
                                                                                        lang)
    return SheetSpec(
        title=text("title", lang),
        subtitle=f"{text('start', lang)} · {rule_set.name(lang)}",
        notes="\n".join([legend, *options_checklist(rule_set.game_id, lang)]),
        drawings=[partial(draw_board, start_picture(variant=rule_set), lang=lang)],
        lang=lang,
    )


# --- the reference card -----------------------------------------------------------------------
def _circle(canvas: Canvas, cx: float, cy: float, r: float, dashed: bool,
            filled: bool = False) -> None:
    canvas.saveState()
    canvas.setLineWidth(0.8)
    if dashed:
        canvas.setDash(1.6, 1.4)
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    canvas.circle(cx, cy, r, 1, 1 if filled else 0)
    canvas.restoreState()


def _segment(canvas: Canvas, x0: float, y0: float, x1: float, y1: float, dashed: bool) -> None:
    canvas.saveState()
    canvas.setLineWidth(1.1)
    if dashed:
        canvas.setDash(2.5, 1.8)
    canvas.line(x0, y0, x1, y1)
    canvas.restoreState()


def draw_pattern(canvas: Canvas, x: float, y: float, size: float, pattern: Pattern,
                 glyph: str, shaded: bool) -> None:
    """A 5 × 5 diagram of `pattern` with the piece in the middle (forward is up)."""
    cell = size / 5
    canvas.saveState()
    canvas.setStrokeColorRGB(*LIGHT_GREY)
    canvas.setLineWidth(0.4)
    for i in range(6):
        canvas.line(x + i * cell, y, x + i * cell, y + size)
        canvas.line(x, y + i * cell, x + size, y + i * cell)
    canvas.setFillColorRGB(*(HUE_RGB if shaded else (0.88, 0.88, 0.88)))
    canvas.rect(x + 2 * cell, y + 2 * cell, cell, cell, 0, 1)
    canvas.restoreState()
    cx, cy = x + 2.5 * cell, y + 2.5 * cell
    draw_text(canvas, cx, cy - cell * 0.25, glyph, cell * 0.7, align="center")
    for forward, sideways, empty in pattern.steps:
        jumps = max(abs(forward), abs(sideways)) > 1 and not empty
        _circle(canvas, cx + sideways * cell, cy + forward * cell, cell * 0.3, jumps)
    for forward, sideways, first, passes in pattern.rays:
        start, reach = 0.5, 2.5
        if first > 1:
            _segment(canvas, cx + sideways * cell * start, cy + forward * cell * start,
                     cx + sideways * cell * (first - 0.5), cy + forward * cell * (first - 0.5),
                     True)
            start = first - 0.5
        _segment(canvas, cx + sideways * cell * start, cy + forward * cell * start,
                 cx + sideways * cell * reach, cy + forward * cell * reach, passes > 0)


def _draw_tam_pattern(canvas: Canvas, x: float, y: float, size: float) -> None:
    cell = size / 5
    draw_pattern(canvas, x, y, size, Pattern(), TAM_KANJI, False)
    cx, cy = x + 2.5 * cell, y + 2.5 * cell
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            if (dr, dc) != (0, 0):
                _circle(canvas, cx + dc * cell, cy + dr * cell, cell * 0.22,
                        False, filled=max(abs(dr), abs(dc)) == 2)


def _draw_moves_column(lang: str, variant: Variant, canvas: Canvas, rect: Rect) -> None:
    old = variant.engine == "old"
    professions = sorted(variant.moves, key=int)
    rows = len(professions) + (0 if old else 1)
    header = 14.0
    row_height = (rect.height - header - 22) / rows
    grid = min(row_height - 6, (rect.width - 64) / 2 - 8)
    name_width = rect.width - 2 * (grid + 10)
    top = rect.top
    for i, key in enumerate(("normal", "zone" if old else "hue")):
        draw_text(canvas, rect.x + name_width + i * (grid + 10) + grid / 2, top - 10,
                  text(key, lang), 8.5, align="center", bold=True, color=GREY)
    y = top - header
    for profession in [*professions, *([] if old else [None])]:
        y -= row_height
        gy = y + (row_height - grid) / 2
        if profession is None:
            draw_text(canvas, rect.x, gy + grid / 2 + 2, TAM_KANJI, 15, bold=True)
            _draw_tam_pattern(canvas, rect.x + name_width, gy, grid)
            for n, line in enumerate(wrap_text(text("tam_moves", lang), 7.5, grid + 4)):
                draw_text(canvas, rect.x + name_width + grid + 10, gy + grid - 9 - n * 9,
                          line, 7.5)
            continue
        glyph = variant.piece_kanji(profession)
        draw_text(canvas, rect.x, gy + grid / 2 + 2, glyph, 15, bold=True)
        small = profession.reading if lang == "ja" else profession.name_in("en")
        if glyph != profession.kanji:
            small = "ザゥプ" if lang == "ja" else "Beast"  # the font lacks ㇷ゚
        draw_text(canvas, rect.x, gy + grid / 2 - 10, small, 7, color=GREY)
        normal, hue = variant.moves[profession]
        if old and profession is Profession.VESSEL:
            for n, line in enumerate(wrap_text(text("ship_old", lang), 7.5, 2 * grid)):
                draw_text(canvas, rect.x + name_width, gy + grid - 9 - n * 9, line, 7.5)
            continue
        draw_pattern(canvas, rect.x + name_width, gy, grid, normal, glyph, False)
        if old and profession is not Profession.PAWN:
            continue
        draw_pattern(canvas, rect.x + name_width + grid + 10, gy, grid, hue, glyph,
                     shaded=old or has_fixed_hue(variant.board))  # no orange where none is
    _draw_legend(lang, canvas, rect)


def _draw_legend(lang: str, canvas: Canvas, rect: Rect) -> None:
    """The four marks of the move diagrams, drawn, each with its meaning."""
    half = rect.width / 2
    for i, key in enumerate(("legend_step", "legend_jump", "legend_ray", "legend_pass")):
        x = rect.x + (i % 2) * half
        y = rect.y + 12 - (i // 2) * 11
        if i < 2:
            _circle(canvas, x + 5, y + 2.5, 3.2, dashed=i == 1)
        else:
            _segment(canvas, x, y + 2.5, x + 12, y + 2.5, dashed=i == 3)
        line, size = fit_text(text(key, lang), 6.8, half - 20)
        draw_text(canvas, x + 16, y, line, size, color=GREY)


def _draw_rules(lines: Sequence[str], canvas: Canvas, rect: Rect, y: float) -> None:
    for rule in lines:
        wrapped = wrap_text(rule, 8.5, rect.width - 10)
        canvas.circle(rect.x + 2.5, y + 3, 1.5, 1, 1)
        for line in wrapped:
            draw_text(canvas, rect.x + 9, y, line, 8.5)
            y -= 11.5
        y -= 3


def _draw_hands_and_rules(lang: str, variant: Variant, canvas: Canvas, rect: Rect) -> None:
    if variant.engine == "old":
        _draw_rules(_OLD_RULES["ja" if lang == "ja" else "en"], canvas, rect, rect.top - 10)
        return
    specs = variant.hands()
    size = 8.5
    leading = 13.0 if lang == "ja" else 19.0
    columns = (0.0, 0.42, 0.74, 0.86)
    y = rect.top - 10
    for offset, key in zip(columns, ("hand", "pieces", "points", "flash"), strict=True):
        draw_text(canvas, rect.x + offset * rect.width, y, text(key, lang), size, bold=True,
                  color=GREY)
    for spec in specs:
        y -= leading
        name, fitted = fit_text(spec.name(lang), size, rect.width * 0.41)
        draw_text(canvas, rect.x, y, name, fitted)
        if lang != "ja":  # the kanji name under the English one
            draw_text(canvas, rect.x, y - 8, spec.name_ja, 6.5, color=GREY)
        pieces, fitted = fit_text(spec.pieces_text("ja"), size, rect.width * 0.31)
        draw_text(canvas, rect.x + columns[1] * rect.width, y, pieces, fitted)
        flash = spec.points + FLASH_BONUS
        shown = (f"{spec.points}", f"{flash}") if spec.key != "io" else (f"{flash}", "—")
        for offset, value in zip(columns[2:], shown, strict=True):
            draw_text(canvas, rect.x + offset * rect.width, y, value, size)
    for penalty in (STEP_ON_TAM, TAM_AGAIN):
        y -= leading
        draw_text(canvas, rect.x, y, penalty.name(lang), size)
        if lang != "ja":
            draw_text(canvas, rect.x, y - 8, penalty.name_ja, 6.5, color=GREY)
        draw_text(canvas, rect.x + columns[1] * rect.width, y, text("penalty", lang), size,
                  color=GREY)
        draw_text(canvas, rect.x + columns[2] * rect.width, y, str(penalty.points), size)
    y -= leading * 1.4
    note = ("王は同じ色の駒1つの代わりにもなる。同じ役は1回だけ。同色と混色が両方あれば同色だけ。"
            if lang == "ja" else
            "The king may stand in for one piece of its own colour. A hand counts once; the "
            "one-colour version replaces the mixed one.")
    if variant.key == "standard":
        note += ("公式規則書では馬弓兵は 5(同色 7)。" if lang == "ja" else
                 " The official sheet scores 馬弓兵 5 (7 in one colour).")
    for line in wrap_text(note, 7.5, rect.width):
        draw_text(canvas, rect.x, y, line, 7.5, color=GREY)
        y -= 10
    y -= 8
    n = variant.start_points
    hue_squares = text("hue_squares" if has_fixed_hue(variant.board) else "hue_centre", lang)
    _draw_rules([rule.format(n=n, total=2 * n, hue_squares=hue_squares)
                 for rule in _RULES["ja" if lang == "ja" else "en"]], canvas, rect, y)


def _draw_card(lang: str, variant: Variant, canvas: Canvas, rect: Rect) -> None:
    gap = 16.0
    left = Rect(rect.x, rect.y, rect.width * 0.47, rect.height)
    right = Rect(rect.x + left.width + gap, rect.y, rect.width - left.width - gap, rect.height)
    _draw_moves_column(lang, variant, canvas, left)
    _draw_hands_and_rules(lang, variant, canvas, right)


def reference_card(lang: str = "ja", variant: str = "standard") -> SheetSpec:
    rule_set = VARIANTS[variant]
    return SheetSpec(title=text("title", lang),
                     subtitle=f"{text('card' if rule_set.engine != 'old' else 'card_old', lang)}"
                              f" · {rule_set.name(lang)}",
                     drawings=[partial(_draw_card, lang, rule_set)], lang=lang)


# --- the blank season sheet -------------------------------------------------------------------
def season_names(seasons: int, lang: str) -> list[str]:
    from companion.games.cetkaik.rules import SEASON_NAMES

    return [ja if lang == "ja" else en.capitalize() for ja, en in SEASON_NAMES[:seasons]]


def side_label(side: int, lang: str) -> str:
    """``黒王側(下)`` / ``IA side (black king)``."""
    return side_long_name(side, lang)


def _draw_rate_tracks(seasons: Sequence[str], lang: str, canvas: Canvas, rect: Rect) -> None:
    """Per season a row of boxes ×1 … ×64 to tick as 再行 doubles the rate."""
    title = "レート(再行のたびに印)" if lang == "ja" else "Rate (tick one box per 再行)"
    draw_text(canvas, rect.x, rect.top - 10, title, 9, bold=True, color=GREY)
    y = rect.top - 46
    box = 26.0
    for name in seasons:
        draw_text(canvas, rect.x, y + 7, name, 10)
        for i in range(7):
            x = rect.x + 60 + i * (box + 14)
            canvas.saveState()
            canvas.setStrokeColorRGB(0.45, 0.45, 0.45)
            canvas.setLineWidth(0.6)
            canvas.rect(x, y, box, box * 0.8, 1, 0)
            canvas.restoreState()
            draw_text(canvas, x + box / 2, y + box * 0.8 + 3, f"×{2 ** i}", 7.5, align="center",
                      color=GREY)
        y -= box + 18


def blank_season_sheet(names: Sequence[str] = (), lang: str = "ja", seasons: int = 4,
                       variant: str = "standard") -> SheetSpec:
    """Two columns (the IA and the A player); per season a tall row for the 終季 (declarer,
    hands, points × rate) and one for the points after it; the rate boxes below."""
    given = [*names, "", ""][:2]
    rows = []
    for name in season_names(seasons, lang):
        rows.append(f"{name}: 役・点×レート" if lang == "ja" else
                    f"{name}: hands, points × rate")
        rows.append(f"{name}: 季節後の持ち点" if lang == "ja" else f"{name}: points after")
    return SheetSpec(
        title=text("title", lang),
        subtitle=f"{text('blank', lang)} · {VARIANTS[variant].name(lang)}",
        meta=[(label("date", lang), ""), (label("place", lang), ""),
              (side_label(0, lang), given[0]), (side_label(1, lang), given[1])],
        columns=[given[0] or side_name(0, lang), given[1] or side_name(1, lang)],
        rows=[text("start_points", lang).format(n=VARIANTS[variant].start_points), *rows],
        cells=None,
        extra_rows=[(label("winner", lang), [None, None])],
        notes=text("blank_help", lang).format(total=VARIANTS[variant].total_points),
        drawings=[partial(_draw_rate_tracks, season_names(seasons, lang), lang)],
        lang=lang,
    )


def blank_sheets(players: int = 2, names: Sequence[str] = (), lang: str = "ja",
                 variant: str = "standard") -> list[SheetSpec]:
    """The season sheet (not for 古机戦, which has no points), the start diagram and the
    reference card: what a table needs."""
    if players != 2:
        raise ValueError(f"机戦 is for 2 players, not {players}")
    sheets = [start_sheet(lang, variant), reference_card(lang, variant)]
    if VARIANTS[variant].engine == "old":
        return sheets
    return [blank_season_sheet(names, lang, variant=variant), *sheets]


# --- the result sheet -------------------------------------------------------------------------
def options_checklist(game_id: str, lang: str) -> list[str]:
    """Every option of the rule set with its choices to tick, the default marked (★)."""
    from companion.games import registry

    lines = ["使うルール(★ 既定):" if lang == "ja" else "Rules in use (★ default):"]
    for spec in registry.get(game_id).options:
        if spec.kind.value == "choice":
            choices = [spec.choice_label(c, lang) + ("★" if c == spec.default else "")
                       for c in spec.choices]
        elif spec.kind.value == "bool":
            yes, no = ("はい", "いいえ") if lang == "ja" else ("yes", "no")
            choices = [yes + ("★" if spec.default else ""), no + ("" if spec.default else "★")]
        else:
            choices = [f"____ (★ {spec.default})"]
        label = spec.label_ja if lang == "ja" else spec.label_en
        lines.append(f"{label}: " + "  ".join(f"□ {c}" if not c.startswith("____") else c
                                              for c in choices))
    return lines


def options_text(game_id: str, options: Mapping[str, Any], lang: str) -> str:
    """The options of a play that differ from their defaults, as a person reads them."""
    from companion.games import registry

    parts = []
    for spec in registry.get(game_id).options:
        value = options.get(spec.key, spec.default)
        if value == spec.default:
            continue
        if spec.kind.value == "choice":
            shown = spec.choice_label(str(value), lang)
        elif isinstance(value, bool):
            shown = ("はい" if value else "いいえ") if lang == "ja" else ("yes" if value else "no")
        else:
            shown = str(value)
        parts.append(f"{spec.label_ja if lang == 'ja' else spec.label_en}: {shown}")
    if not parts:
        return ""
    return ("オプション: " if lang == "ja" else "Options: ") + ("、" if lang == "ja" else
                                                            "; ").join(parts)


def result_sheet(state: Any, names: Sequence[str], lang: str = "ja",
                 meta: Sequence[tuple[str, str]] = (), log: Sequence[str] = ()) -> SheetSpec:
    outcome = state.outcome()
    winners = outcome.winners if outcome is not None else frozenset()
    side_names = [side_name(s, lang) for s in (0, 1)]
    reason = end_reason(outcome.detail if outcome is not None else state.reason, lang)
    chosen = options_text(state.game_id, state.options, lang)
    rows: list[str]
    cells: list[list[str | None]]
    totals: list[str | None]
    if state.variant.engine == "old":
        rows = [text("side", lang)]
        cells = [list(side_names)]
        totals = [str(n) for n in state.taken]
        lines = [reason]
    else:
        seasons_scored = [sum(1 for r in state.results if r.declarer == s and r.points > 0)
                          for s in (0, 1)]
        rows = [text("side", lang), text("seasons_scored", lang)]
        cells = [list(side_names), [str(n) for n in seasons_scored]]
        totals = [points_text(p, state.scale) for p in state.scores]
        lines = [*season_lines(state.results, names, lang, state.scale), reason]
    return SheetSpec(
        title=text("title", lang),
        subtitle=f"{text('result', lang)} · {state.variant.name(lang)}",
        meta=list(meta),
        columns=list(names),
        rows=rows,
        cells=cells,
        total_row=totals,
        extra_rows=[(label("winner", lang), ["★" if s in winners else "" for s in (0, 1)])],
        highlight_columns=frozenset(winners),
        notes="\n".join([*lines, *([chosen] if chosen else [])]),
        drawings=[partial(draw_board, state_picture(state, text("final", lang)), lang=lang)],
        log=list(log),
        log_columns=4,
        lang=lang,
    )


def ledger_sheet(play: Any, lang: str = "ja") -> SheetSpec:
    """The result sheet of a table play: points, seasons scored and every ledger entry."""
    from companion.export.sheets import format_when
    from companion.games.cetkaik.table import SeasonLedger

    ledger = SeasonLedger.from_play(play)
    state = ledger.state()
    names = [ledger.names[s] or side_name(s, lang) for s in (0, 1)]
    lead = state.leader()
    variant = next(v for v in VARIANTS.values() if v.game_id == play.game_id)
    return SheetSpec(
        title=text("title", lang),
        subtitle=f"{text('result', lang)} · {variant.name(lang)}",
        meta=[(label("date", lang), format_when(play.started_at)),
              (label("place", lang), play.location)],
        columns=names,
        rows=[text("side", lang), text("seasons_scored", lang)],
        cells=[[side_label(s, lang) for s in (0, 1)],
               [str(n) for n in state.seasons_scored]],
        total_row=[points_text(p, ledger.scale) for p in state.scores],
        extra_rows=[(label("winner", lang), ["★" if lead == s else "" for s in (0, 1)])],
        highlight_columns=frozenset() if lead is None else frozenset({lead}),
        notes="\n".join(ledger.lines(lang)),
        lang=lang,
    )


def play_sheets(play: Any, lang: str = "ja") -> list[SheetSpec] | None:
    """The result sheet of a saved play (a digital record replayed to its end, or a table
    play's ledger); None when there is nothing finished to show."""
    from companion.core.record import GameRecord
    from companion.export.sheets import format_when, move_log_lines
    from companion.games.cetkaik.record import load_record

    if play.record and "ledger" in play.record:
        return [ledger_sheet(play, lang)]
    if not play.record or not play.record.get("moves"):
        return None
    record = GameRecord.from_dict(play.record)
    if record.game_id not in GAME_IDS:
        return None
    state: Any = load_record(play.record).state
    if not state.is_over():
        return None
    by_seat = {s.seat: s.player for s in play.seats}
    names = [by_seat.get(i) or side_name(i, lang) for i in (0, 1)]
    meta = [(label("date", lang), format_when(play.started_at))]
    if play.id is not None:
        meta.append(("#", str(play.id)))
    sheets = [result_sheet(state, names, lang, meta, move_log_lines(play.record, by_seat, lang))]
    if record.game_id == STANDARD.game_id:
        sheets.append(kiaak_sheet(record, names, lang, meta))
    return sheets


def kiaak_lines(record: Any, names: Sequence[str], lang: str) -> list[str]:
    """A standard 机戦 game's moves in Cerke Online's notation by season (two to a line,
    numbered), each season's first side, its hands, payment and the points after it."""
    from companion.games.cetkaik.kiaak import kiaak_seasons

    seasons, _ = kiaak_seasons(record)
    sides = [f"{'黒赤'[s]} {names[s]}" for s in (0, 1)]
    lines: list[str] = []
    number = 0
    for season in seasons:
        name = season_names(4, lang)[season.season]
        lines.append(text("kiaak_first", lang).format(season=name, side=sides[season.first_side]))
        start = 0
        for count, event in [*season.events, (len(season.moves), "")]:
            chunk = season.moves[start:count]
            for i in range(0, len(chunk), 2):
                lines.append(f"{number + start + i + 1:>3}  " + "  ".join(chunk[i:i + 2]))
            start = count
            if event:
                lines.append("     " + event.replace("\n", "  ").replace("    ", " "))
        number += len(season.moves)
        if season.points:
            a, b = (f"{p:g}" for p in season.points)
            lines.append(text("kiaak_points", lang).format(season=name, a=f"黒 {a}",
                                                           b=f"{b} 赤"))
    return lines


def kiaak_sheet(record: Any, names: Sequence[str], lang: str,
                meta: Sequence[tuple[str, str]] = ()) -> SheetSpec:
    """The 棋譜 sheet of a finished standard 机戦 play: its moves as Cerke Online writes them."""
    return SheetSpec(
        title=text("title", lang),
        subtitle=text("kiaak", lang),
        meta=list(meta),
        notes=text("kiaak_key", lang),
        log=kiaak_lines(record, names, lang),
        log_title=text("kiaak", lang),
        log_columns=2,
        lang=lang,
    )

