"""The rules text's diagrams, drawn from the rule set's own data as HTML tables (the rules
view renders HTML inside Markdown; no picture is copied).

A rules text marks where a diagram goes with a comment on a line of its own:

- ``<!-- diagram:board -->`` — the board: water (blue, marked 水), the fixed 皇処 (orange,
  処), 皇山 (green, 山): the mark is the second cue besides the colour;
- ``<!-- diagram:start -->`` — the start position: each piece's kanji in its colour, the top
  player's pieces with a bar over them (they stand turned towards that player);
- ``<!-- diagram:moves -->`` — every profession's moves on an ordinary square and starting on
  皇処, as 5 × 5 grids with forward up: ○ exactly there, ◌ exactly there jumping over what
  stands between, │ ─ ╱ ╲ any distance along the line (dotted ┆ ┄ ⋰ ⋱ and blue: may pass
  over one piece), · passed over but not a stop.

`expand(markdown, lang, variant)` replaces the marks (the registry hook ``rules_markdown``).
"""

from __future__ import annotations

import re
from html import escape

from companion.colours import RED_BLACK
from companion.games.cetkaik.board import Board
from companion.games.cetkaik.movement import Pattern
from companion.games.cetkaik.pieces import TAM_KANJI, Colour, Profession
from companion.games.cetkaik.variants import STANDARD, Variant

WATER = "#b7d3ef"
HUE = "#f7c48f"
HILL = "#3f7d55"
PLAIN = "#fffaf0"
RED = "#c0281f"
BLACK = "#1b1b1b"
GREY = "#8c7f68"
PASSING = "#1f5fbf"
BLANK = "&nbsp;"

_MARK = re.compile(r"^<!-- diagram:(\w+) -->$", re.MULTILINE)


def _cell(background: str, inner: str, size: int = 15) -> str:
    """A square `size` points wide and high (Qt's rich text honours a cell's pixel width)."""
    width = round(size * 1.6)
    return (f'<td bgcolor="{background}" width="{width}" height="{width}" align="center" '
            f'valign="middle"><span style="font-size:{size}pt;">{inner}</span></td>')


def _labels(board: Board, lang: str) -> tuple[list[str], list[str]]:
    """Column and row labels: public names in English where the board has them, else the
    plain files a… and ranks …1."""
    if board.columns and lang != "ja":
        return list(board.columns), list(board.rows)
    files = [board.plain_name(board.square(board.height - 1, c))[0] for c in range(board.width)]
    return files, [str(board.height - r) for r in range(board.height)]


def _square_mark(board: Board, sq: int) -> str:
    """An empty square's kind written small (水, 処, 山), so its colour is not the only cue."""
    kind = "山" if sq == board.hill else "水" if sq in board.water else \
        "処" if sq in board.hue else ""
    if not kind:
        return BLANK
    ink = "#ffffff" if sq == board.hill else GREY
    return f'<span style="font-size:8pt; color:{ink};">{kind}</span>'


def _square_colour(board: Board, sq: int) -> str:
    if sq == board.hill:
        return HILL
    if sq in board.water:
        return WATER
    return HUE if sq in board.hue else PLAIN


def board_html(variant: Variant = STANDARD, lang: str = "en", pieces: bool = True) -> str:
    """The board of `variant` as an HTML table, with its start position when `pieces`."""
    board = variant.board
    placements, tam = variant.start()
    tokens: dict[int, str] = {}
    if pieces:
        for sq, colour, profession, side in placements:
            red = colour is Colour.RED
            style = f"color:{RED_BLACK.hex('red' if red else 'black')};"
            # red is also underlined (colour is never the only cue); a bar over: the top side
            lines = [line for line, drawn in (("underline", red), ("overline", side == 1))
                     if drawn]
            if lines:
                style += f" text-decoration: {' '.join(lines)};"
            tokens[sq] = f'<span style="{style}">{variant.piece_kanji(profession)}</span>'
        if tam >= 0:
            tokens[tam] = f'<span style="color:#ffffff;"><b>{TAM_KANJI}</b></span>'
    columns, rows = _labels(board, lang)
    head = "<tr><td></td>" + "".join(
        f'<td align="center"><span style="color:{GREY};">{escape(c)}</span></td>'
        for c in columns) + "</tr>"
    body = []
    for r in range(board.height):
        cells = [f'<td align="right"><span style="color:{GREY};">{escape(rows[r])}&nbsp;'
                 "</span></td>"]
        for c in range(board.width):
            sq = board.square(r, c)
            empty = BLANK if pieces else _square_mark(board, sq)  # marks on the bare board
            cells.append(_cell(_square_colour(board, sq), tokens.get(sq, empty)))
        body.append("<tr>" + "".join(cells) + "</tr>")
    key = ""
    if pieces:
        key = (f'<br><span style="color:{GREY};">'
               + ("赤い駒には下線があります。" if lang == "ja" else "Red pieces are underlined.")
               + "</span>")
    return ('<table border="1" cellspacing="0" cellpadding="3" '
            f'style="border-color:{GREY}; border-style:solid;">'
            + head + "".join(body) + "</table>" + key)


# --- move diagrams ------------------------------------------------------------------------------
_LINES = {(1, 0): "│", (-1, 0): "│", (0, 1): "─", (0, -1): "─",
          (1, 1): "╱", (-1, -1): "╱", (1, -1): "╲", (-1, 1): "╲"}
#: A line that may pass over one piece: dotted as well as blue.
_PASSING_LINES = {(1, 0): "┆", (-1, 0): "┆", (0, 1): "┄", (0, -1): "┄",
                  (1, 1): "⋰", (-1, -1): "⋰", (1, -1): "⋱", (-1, 1): "⋱"}


def pattern_cells(pattern: Pattern) -> dict[tuple[int, int], str]:
    """The marks of a 5 × 5 diagram: (row, column) from the top left → mark (the piece sits
    at (2, 2), forward is up)."""
    marks: dict[tuple[int, int], str] = {}
    for forward, sideways, first, passes in pattern.rays:
        for k in (1, 2):
            where = (2 - forward * k, 2 + sideways * k)
            if k < first:
                marks[where] = "·"
            else:
                marks[where] = (f'<span style="color:{PASSING};">'
                                f'{_PASSING_LINES[(forward, sideways)]}</span>' if passes
                                else _LINES[(forward, sideways)])
    for forward, sideways, empty in pattern.steps:
        jumps = max(abs(forward), abs(sideways)) > 1 and not empty
        marks[(2 - forward, 2 + sideways)] = "◌" if jumps else "○"
    return marks


def tam_cells() -> dict[tuple[int, int], str]:
    """The 皇: one king step (○), or two (●)."""
    return {(r, c): "○" if max(abs(r - 2), abs(c - 2)) == 1 else "●"
            for r in range(5) for c in range(5) if (r, c) != (2, 2)}


def grid_html(marks: dict[tuple[int, int], str], glyph: str, on_hue: bool) -> str:
    rows = []
    for r in range(5):
        cells = []
        for c in range(5):
            if (r, c) == (2, 2):
                cells.append(_cell(HUE if on_hue else "#dddddd", glyph, 10))
            else:
                cells.append(_cell("#ffffff", marks.get((r, c), BLANK), 10))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return ('<table border="1" cellspacing="0" cellpadding="1" '
            'style="border-color:#bbbbbb; border-style:solid;">' + "".join(rows) + "</table>")


def moves_html(variant: Variant = STANDARD, lang: str = "en") -> str:
    """Every profession's two diagrams (ordinary square, starting on 皇処) and the 皇's; in
    古机戦 one diagram each, and the 兵's second in the opponent's three nearest ranks."""
    ja = lang == "ja"
    old = variant.engine == "old"
    second = ("相手側3段" if ja else "in the far three ranks") if old else \
        ("皇処" if ja else "starting on 皇処")
    head = ("<tr><td></td><td align='center'><b>" + ("通常" if ja else "ordinary square")
            + f"</b></td><td align='center'><b>{second}</b></td></tr>")
    rows = [head]
    for profession in sorted(variant.moves, key=int):
        normal, hue = variant.moves[profession]
        glyph = variant.piece_kanji(profession)
        name = glyph if ja else f"{glyph} {profession.name_in('en')}"
        if old and profession is Profession.VESSEL:
            note = ("水の中ならどこへでも(相手の船は越えない)。水から出ず、取られない" if ja else
                    "anywhere in the water it can reach; never leaves it, never taken")
            rows.append(f"<tr><td valign='middle'><b>{escape(name)}</b></td>"
                        f"<td colspan='2' valign='middle'>{note}</td></tr>")
            continue
        right = grid_html(pattern_cells(hue), glyph, True) \
            if not old or profession is Profession.PAWN else ""
        rows.append(f"<tr><td valign='middle'><b>{escape(name)}</b></td>"
                    f"<td>{grid_html(pattern_cells(normal), glyph, False)}</td>"
                    f"<td>{right}</td></tr>")
    if variant.start()[1] >= 0:
        same = "通常と同じ" if ja else "the same"
        rows.append(f"<tr><td valign='middle'><b>{TAM_KANJI}</b></td>"
                    f"<td>{grid_html(tam_cells(), TAM_KANJI, False)}</td>"
                    f"<td valign='middle'>{same}</td></tr>")
    return '<table cellspacing="6" cellpadding="0">' + "".join(rows) + "</table>"


DIAGRAMS = {
    "board": lambda variant, lang: board_html(variant, lang, pieces=False),
    "start": board_html,
    "moves": moves_html,
}


#: A line break inside a Japanese paragraph (Markdown would show it as a space).
_JA_SOFT_BREAK = re.compile(r"(?<=[^\x00-\x7f])\n(?=[^\x00-\x7f])")


def expand(markdown: str, lang: str, variant: Variant = STANDARD) -> str:
    """`markdown` with every ``<!-- diagram:NAME -->`` line replaced by its drawing (an
    unknown name is left as it is); in Japanese, lines of a paragraph join without a space."""
    def draw(match: re.Match[str]) -> str:
        maker = DIAGRAMS.get(match.group(1))
        return maker(variant, lang) if maker is not None else match.group(0)

    if lang == "ja":
        markdown = _JA_SOFT_BREAK.sub("", markdown)
    return _MARK.sub(draw, markdown)
