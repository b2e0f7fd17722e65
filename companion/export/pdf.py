"""Printable score sheets (reportlab): blank ones to play on paper, filled ones from a play.

A sheet is described as data (`SheetSpec`) and drawn by `render_sheet` / `render_sheets` /
`pdf_bytes`. Every string is drawn with the IPAex Gothic TrueType font, so Japanese and English
both print, and is drawn as plain text (never parsed as markup): a player called `<b>&amp;`
prints exactly so. Games add their own pictures (a board, a map) through `SheetSpec.drawings`
(drawn below the table) and `SheetSpec.extra_pages` (one full page each); both receive the
reportlab canvas and the `Rect` they may draw in, and may use `FONT_NAME` via `font_name()`.

Text that the Japanese font cannot draw (Arabic, Hebrew, emoji...) is drawn with a fallback
font where the machine has one (`companion.fonts.fallback_font_paths`); right-to-left text is
shaped and laid out by the Unicode bidi algorithm, names isolated with FSI…PDI keep their place
in a sentence. A character no font can draw is left out, and the footer of its page says which
(never an empty box without a word).

Layout, top to bottom: title, subtitle, meta fields (date, place, ...), the score table
(header row of player columns, one row per category, then the total and any extra rows),
notes, drawings, then a compact move log in columns. The table repeats its header on a new
page when it does not fit. Every page has a footer with the app name and "page / pages".
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, BinaryIO

from reportlab import rl_config
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from companion.files import write_private
from companion.fonts import cjk_font_path, fallback_font_paths

APP_NAME = "Tabletop Companion"
FONT_NAME = "IPAexGothic"

MARGIN = 40.0
FOOTER_HEIGHT = 28.0
#: Row heights in points: 28 pt ≈ 10 mm leaves room for handwriting on a blank sheet.
ROW_HANDWRITING = 28.0
ROW_FILLED = 18.0
#: Line spacing as a multiple of the font size.
LEADING = 1.15
#: Below this much free space, drawings start on a new page.
DRAWING_MIN_HEIGHT = 150.0

_GREY = (0.42, 0.42, 0.42)
_RULE = (0.55, 0.55, 0.55)
_SHADE = (0.94, 0.94, 0.94)
_HIGHLIGHT = (1.0, 0.96, 0.78)

#: Bilingual labels shared by every sheet: key -> (English, Japanese).
LABELS: dict[str, tuple[str, str]] = {
    "score_sheet": ("Score sheet", "得点表"),
    "blank_sheet": ("Score sheet for play at the table", "卓上プレイ用得点表"),
    "total": ("Total", "合計"),
    "rank": ("Rank", "順位"),
    "winner": ("Winner", "勝者"),
    "won_by": ("Won by", "勝ち方"),
    "date": ("Date", "日付"),
    "place": ("Place", "場所"),
    "notes": ("Notes", "メモ"),
    "player": ("Player", "プレイヤー"),
    "players": ("Players", "人数"),
    "moves": ("Moves", "手順"),
    "game": ("Game", "ゲーム"),
    "mode": ("Mode", "形式"),
    "digital": ("Digital", "デジタル"),
    "table": ("At the table", "卓上"),
    "time": ("Time", "時間"),
    "options": ("Options", "オプション"),
    "seed": ("Seed", "シード"),
    "faction": ("Colour", "色"),
    "bot": ("Bot", "ボット"),
    "continued": ("continued", "続き"),
    "more_moves": (
        "… {n} more moves (the full record is in the app)",
        "…ほか {n} 手(全記録はアプリ内)",
    ),
    "page": ("page {n} / {total}", "{n} / {total} ページ"),
    "dropped": ("Left out, no font on this computer draws them: {chars}",
                "このコンピューターのフォントで描けない文字を省きました: {chars}"),
}


def label(key: str, lang: str) -> str:
    """The label `key` in `lang` ("ja" or "en"); an unknown key is returned unchanged."""
    pair = LABELS.get(key)
    if pair is None:
        return key
    return pair[1] if lang == "ja" else pair[0]


@dataclass(frozen=True)
class Rect:
    """An area of the page in points; (x, y) is the bottom-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def right(self) -> float:
        return self.x + self.width


#: A game-specific picture: draws on the canvas inside the given rectangle.
Drawing = Callable[[Canvas, Rect], None]


@dataclass
class SheetSpec:
    """One sheet as data. `cells is None` makes a blank sheet (tall rows for handwriting).

    `columns` are the players (empty strings give unnamed columns to write names in), `rows`
    the score categories; `cells[r][c]` is the text of row r, column c (None = empty). The
    total row is drawn when `total_row` is not None (use `[None] * n` for an empty one);
    `extra_rows` (label, values) follow it, e.g. rank and winner. `highlight_columns` are
    shaded (the winners). `log` lines are set small in `log_columns` columns.
    """

    title: str
    subtitle: str = ""
    meta: list[tuple[str, str]] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    rows: list[str] = field(default_factory=list)
    cells: list[list[str | None]] | None = None
    total_row: list[str | None] | None = None
    extra_rows: list[tuple[str, list[str | None]]] = field(default_factory=list)
    highlight_columns: frozenset[int] = frozenset()
    notes: str = ""
    notes_lines: int = 0  # ruled lines under "Notes" for handwriting
    log_title: str = ""
    log: list[str] = field(default_factory=list)
    log_columns: int = 3
    #: At most this many log lines are printed (the rest are summarised in one line).
    log_limit: int | None = None
    drawings: list[Drawing] = field(default_factory=list)
    extra_pages: list[Drawing] = field(default_factory=list)
    lang: str = "ja"
    landscape: bool = False
    #: The table's top-left corner (the row labels' heading); "" prints "Player".
    corner: str = ""

    @property
    def is_blank(self) -> bool:
        return self.cells is None

    def problems(self) -> list[str]:
        """Shape mistakes (rows/columns that do not match), as messages; empty when fine."""
        width = max(len(self.columns), 1)
        found: list[str] = []
        if self.cells is not None:
            if len(self.cells) != len(self.rows):
                found.append(f"cells has {len(self.cells)} rows, rows has {len(self.rows)}")
            found += [
                f"cells[{i}] has {len(row)} values, expected {width}"
                for i, row in enumerate(self.cells)
                if len(row) != width
            ]
        if self.total_row is not None and len(self.total_row) != width:
            found.append(f"total_row has {len(self.total_row)} values, expected {width}")
        found += [
            f"extra_rows[{i}] ({name}) has {len(values)} values, expected {width}"
            for i, (name, values) in enumerate(self.extra_rows)
            if len(values) != width
        ]
        found += [f"highlight column {c} does not exist" for c in self.highlight_columns
                  if not 0 <= c < width]
        return found


class SheetError(ValueError):
    """A `SheetSpec` whose parts do not fit together; the message says which part."""


@cache
def font_name() -> str:
    """Register the Japanese-capable TrueType font once and return its reportlab name."""
    pdfmetrics.registerFont(TTFont(FONT_NAME, str(cjk_font_path())))
    return FONT_NAME


@cache
def fonts() -> tuple[tuple[str, frozenset[int]], ...]:
    """(reportlab name, the characters it draws) of the Japanese font, then of each fallback
    font that loads (a colour-bitmap or PostScript-outline font is skipped)."""
    main = font_name()
    found = [(main, frozenset(pdfmetrics.getFont(main).face.charToGlyph))]
    for index, path in enumerate(fallback_font_paths()):
        name = f"Fallback{index}-{path.stem}"
        try:
            font = TTFont(name, str(path))
        except Exception:  # not a font reportlab can embed
            continue
        pdfmetrics.registerFont(font)
        found.append((name, frozenset(font.face.charToGlyph)))
    return tuple(found)


#: Compressed streams are written as binary (PDF 1.4 readers all take it), not also encoded
#: in ASCII85: reportlab's encoder is pure Python and took a quarter of a season's PDF.
rl_config.useA85 = 0

_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
_ISOLATES = re.compile("[\u2066-\u2069]")


def is_ignorable(char: str) -> bool:
    """Invisible characters that need no glyph: format controls (bidi marks, zero-width
    joiners) and variation selectors."""
    code = ord(char)
    return (unicodedata.category(char) == "Cf" or 0xFE00 <= code <= 0xFE0F
            or 0xE0100 <= code <= 0xE01EF)


def shaped(text: str) -> str:
    """`text` in reading order with Arabic letters in their joined forms."""
    if not _RTL.search(text):
        return text
    import arabic_reshaper

    return str(arabic_reshaper.reshape(text))


@lru_cache(maxsize=8192)
def visual(text: str) -> str:
    """`text` in drawing order: right-to-left runs shaped (Arabic letters joined) and
    reordered by the Unicode bidi algorithm (which respects FSI…PDI isolates); the bidi
    marks themselves removed."""
    if _RTL.search(text):
        from bidi import get_display

        text = get_display(shaped(text), base_dir="L")
    return _ISOLATES.sub("", text)


@lru_cache(maxsize=8192)
def font_runs(text: str) -> tuple[tuple[str, str], ...]:
    """`text` (already in drawing order) as (font name, piece) runs: each character in the
    first font that has it; characters no font has are left out (see `undrawable`)."""
    table = fonts()
    if table[0][1].issuperset(map(ord, text)):  # the usual case: the main font draws it all
        return ((table[0][0], text),) if text else ()
    runs: list[tuple[str, str]] = []
    for char in text:
        font = next((name for name, chars in table if ord(char) in chars), None)
        if font is None:
            continue
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return tuple(runs)


def undrawable(text: str) -> list[str]:
    """The characters of `text` that no available font draws, in reading order (a joined
    Arabic letter as its plain letter; invisible controls aside)."""
    return list(_undrawable(text))


@lru_cache(maxsize=8192)
def _undrawable(text: str) -> tuple[str, ...]:
    table = fonts()
    if not _RTL.search(text) and table[0][1].issuperset(map(ord, text)):
        return ()
    missing = [c for c in shaped(text)
               if not is_ignorable(c) and not any(ord(c) in chars for _n, chars in table)]
    return tuple(dict.fromkeys(unicodedata.normalize("NFKC", c)[:1] or c for c in missing))


@lru_cache(maxsize=16384)
def text_width(text: str, size: float) -> float:
    return float(sum(pdfmetrics.stringWidth(piece, name, size)
                     for name, piece in font_runs(visual(text))))


def fit_text(text: str, size: float, width: float, min_size: float = 6.0) -> tuple[str, float]:
    """Shrink `text` down to `min_size` to fit `width`, then cut it with an ellipsis."""
    while size > min_size and text_width(text, size) > width:
        size = max(min_size, size - 0.5)
    if text_width(text, size) <= width:
        return text, size
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…", size


def fit_lines(
    text: str,
    size: float,
    width: float,
    max_lines: int = 2,
    min_size: float = 7.0,
    height: float | None = None,
) -> tuple[list[str], float]:
    """One line if it fits; else the largest size (down to `min_size`) at which the wrapped
    text takes at most `max_lines` lines (and at most `height` points), preferring sizes that
    break no word; else one line shrunk and cut by `fit_text`."""
    if text_width(text, size) <= width:
        return [text], size
    for whole_words in (True, False):
        current = size
        while current >= min_size:
            lines = wrap_text(text, current, width)
            fits = len(lines) <= max_lines and (
                height is None or len(lines) * current * LEADING <= height)
            if fits and not (whole_words and _breaks_a_word(text, lines)):
                return lines, current
            current -= 0.5
    line, fitted = fit_text(text, size, width, min_size=min_size)
    return [line], fitted


def _breaks_a_word(text: str, lines: Sequence[str]) -> bool:
    """Whether `wrap_text` cut a Latin word (CJK text may break between any characters)."""
    position = 0
    for line in lines[:-1]:
        position += len(line)
        if position < len(text) and text[position] in " \n":
            position += 1
            continue
        before, after = text[position - 1 : position], text[position : position + 1]
        if _latin(before) and _latin(after):
            return True
    return False


def _latin(char: str) -> bool:
    return bool(char) and char.isascii() and not char.isspace()


def wrap_text(text: str, size: float, width: float) -> list[str]:
    """Greedy line breaking: at spaces where there are any, else between characters (CJK)."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for char in paragraph:
            if text_width(line + char, size) <= width or not line:
                line += char
                continue
            if char == " ":  # break at this space
                lines.append(line)
                line = ""
                continue
            cut = line.rfind(" ")
            if cut > 0:
                lines.append(line[:cut])
                line = line[cut + 1 :] + char
            else:
                lines.append(line)
                line = char
        lines.append(line)
    return lines


def draw_lines(
    canvas: Canvas,
    x: float,
    middle: float,
    lines: Sequence[str],
    size: float,
    **style: Any,
) -> None:
    """Draw lines of text vertically centred on `middle` (see `draw_text` for the style)."""
    leading = size * LEADING
    first = middle + leading * (len(lines) - 1) / 2 - size * 0.35
    for index, line in enumerate(lines):
        draw_text(canvas, x, first - index * leading, line, size, **style)


def draw_text(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    align: str = "left",
    bold: bool = False,
    color: tuple[float, float, float] = (0, 0, 0),
) -> None:
    """Draw one line of plain text (no markup), each character in a font that has it; a
    character none has is noted on the canvas for the page's footer. The font has no bold face:
    bold is stroked."""
    if align == "center":
        x -= text_width(text, size) / 2
    elif align == "right":
        x -= text_width(text, size)
    note = getattr(canvas, "note_dropped", None)
    if note is not None:
        note(_undrawable(text))
    canvas.saveState()
    canvas.setFillColorRGB(*color)
    obj = canvas.beginText(x, y)
    if bold:
        canvas.setStrokeColorRGB(*color)
        canvas.setLineWidth(size * 0.035)
        obj.setTextRenderMode(2)
    for name, piece in font_runs(visual(text)):
        obj.setFont(name, size)
        obj.textOut(piece)
    canvas.drawText(obj)
    canvas.restoreState()


class _NumberedCanvas(Canvas):
    """Defers each page so the footer can say "page n / total"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []
        self.footer_lang = "ja"
        self.dropped: list[str] = []  # characters of this page that no font draws

    def note_dropped(self, chars: Iterable[str]) -> None:
        self.dropped += [c for c in chars if c not in self.dropped]

    def showPage(self) -> None:  # reportlab's name
        self._pages.append(dict(self.__dict__))
        self._startPage()
        self.dropped = []

    def save(self) -> None:
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            self._footer(number, total)
            Canvas.showPage(self)
        Canvas.save(self)

    def _footer(self, number: int, total: int) -> None:
        width, _ = self._pagesize
        lang = self.footer_lang
        draw_text(self, MARGIN, MARGIN / 2, APP_NAME, 7.5, color=_GREY)
        page = label("page", lang).format(n=number, total=total)
        draw_text(self, width - MARGIN, MARGIN / 2, page, 7.5, align="right", color=_GREY)
        if self.dropped:
            self._dropped_note(width, lang)
        self.saveState()
        self.setStrokeColorRGB(*_RULE)
        self.setLineWidth(0.4)
        self.line(MARGIN, MARGIN / 2 + 10, width - MARGIN, MARGIN / 2 + 10)
        self.restoreState()


    def _dropped_note(self, width: float, lang: str) -> None:
        """Which characters were left out on this page, by code point (they cannot be drawn)."""
        chars = " ".join(f"U+{ord(c):04X}" for c in self.dropped[:8])
        if len(self.dropped) > 8:
            chars += " …"
        text, size = fit_text(label("dropped", lang).format(chars=chars), 7.5,
                              width - 2 * MARGIN)
        draw_text(self, MARGIN, MARGIN / 2 + 14, text, size, color=(0.69, 0.0, 0.13))


class _Writer:
    """Draws one spec top to bottom, starting new pages as needed."""

    def __init__(self, canvas: _NumberedCanvas, spec: SheetSpec) -> None:
        self.canvas = canvas
        self.spec = spec
        self.width, self.height = canvas._pagesize
        self.left = MARGIN
        self.content_width = self.width - 2 * MARGIN
        self.bottom = MARGIN / 2 + FOOTER_HEIGHT
        self.top = self.height - MARGIN
        canvas.footer_lang = spec.lang

    # -- pages ---------------------------------------------------------------------------

    def new_page(self) -> None:
        self.canvas.showPage()
        self.canvas.footer_lang = self.spec.lang
        self.top = self.height - MARGIN
        text = f"{self.spec.title} ({label('continued', self.spec.lang)})"
        text, size = fit_text(text, 9, self.content_width)
        draw_text(self.canvas, self.left, self.top - 9, text, size, color=_GREY)
        self.top -= 20

    def room(self) -> float:
        return self.top - self.bottom

    def ensure(self, needed: float) -> None:
        if self.room() < needed:
            self.new_page()

    def content_rect(self) -> Rect:
        return Rect(self.left, self.bottom, self.content_width, self.room())

    # -- parts ---------------------------------------------------------------------------

    def header(self) -> None:
        spec = self.spec
        lines, size = fit_lines(spec.title, 18, self.content_width, min_size=12)
        for line in lines:
            draw_text(self.canvas, self.left, self.top - size, line, size, bold=True)
            self.top -= size * 1.2
        self.top -= 4
        if spec.subtitle:
            for line in wrap_text(spec.subtitle, 10, self.content_width):
                draw_text(self.canvas, self.left, self.top - 10, line, 10, color=_GREY)
                self.top -= 13
        self.top -= 6

    def meta(self) -> None:
        items = self.spec.meta
        if not items:
            return
        per_row = 2 if len(items) <= 4 else 3
        cell_width = self.content_width / per_row
        blank_line = any(not value for _, value in items)
        row_height = 24.0 if blank_line else 17.0
        for start in range(0, len(items), per_row):
            self.ensure(row_height)
            for i, (name, value) in enumerate(items[start : start + per_row]):
                self._meta_item(self.left + i * cell_width, cell_width - 12, name, value,
                                row_height)
            self.top -= row_height
        self.top -= 8

    def _meta_item(self, x: float, width: float, name: str, value: str, height: float) -> None:
        baseline = self.top - height + 6
        name, name_size = fit_text(name, 8.5, width * 0.4)
        draw_text(self.canvas, x, baseline, name, name_size, color=_GREY)
        value_x = x + text_width(name, name_size) + 6
        if value:
            value, size = fit_text(value, 10.5, x + width - value_x)
            draw_text(self.canvas, value_x, baseline, value, size)
        else:
            self.canvas.saveState()
            self.canvas.setStrokeColorRGB(*_RULE)
            self.canvas.setLineWidth(0.5)
            self.canvas.line(value_x, baseline - 2, x + width, baseline - 2)
            self.canvas.restoreState()

    def table(self) -> None:
        spec = self.spec
        columns = spec.columns or [""]
        body: list[tuple[str, Sequence[str | None], str]] = []
        blank: list[str | None] = [None] * len(columns)
        for index, row_label in enumerate(spec.rows):
            values = spec.cells[index] if spec.cells is not None else blank
            body.append((row_label, values, "body"))
        if spec.total_row is not None:
            body.append((label("total", spec.lang), spec.total_row, "total"))
        body += [(name, values, "extra") for name, values in spec.extra_rows]
        if not body:
            return
        label_width = self._label_width([row[0] for row in body])
        col_width = (self.content_width - label_width) / len(columns)
        row_height = ROW_HANDWRITING if spec.is_blank else ROW_FILLED
        header_height = 30.0 if spec.is_blank else 22.0
        pending = body
        while pending:
            self.ensure(header_height + row_height)
            fitting = max(1, int((self.room() - header_height) // row_height))
            chunk, pending = pending[:fitting], pending[fitting:]
            self._table_chunk(columns, chunk, label_width, col_width, header_height, row_height)
            if pending:
                self.new_page()
        self.top -= 12

    def _label_width(self, labels: Iterable[str]) -> float:
        widest = max((text_width(text, 10) for text in labels), default=0.0)
        return min(max(widest + 14, 90.0), self.content_width * 0.34)

    def _table_chunk(
        self,
        columns: Sequence[str],
        rows: Sequence[tuple[str, Sequence[str | None], str]],
        label_width: float,
        col_width: float,
        header_height: float,
        row_height: float,
    ) -> None:
        c = self.canvas
        spec = self.spec
        top = self.top
        table_height = header_height + row_height * len(rows)
        bottom = top - table_height
        c.saveState()
        # shading: header band, winner columns, alternate body rows
        c.setFillColorRGB(*_SHADE)
        c.rect(self.left, top - header_height, self.content_width, header_height, 0, 1)
        c.setFillColorRGB(*_HIGHLIGHT)
        for col in spec.highlight_columns:
            x = self.left + label_width + col * col_width
            c.rect(x, bottom, col_width, table_height, 0, 1)
        c.restoreState()
        for i, (row_label, values, kind) in enumerate(rows):
            y = top - header_height - (i + 1) * row_height
            self._table_row(y, row_label, values, kind, label_width, col_width, row_height)
        self._header_cells(columns, top, label_width, col_width, header_height)
        self._grid(rows, top, bottom, label_width, col_width, header_height, row_height,
                   len(columns))
        self.top = bottom

    def _header_cells(self, columns: Sequence[str], top: float, label_width: float,
                      col_width: float, header_height: float) -> None:
        lang = self.spec.lang
        draw_text(self.canvas, self.left + 6, top - header_height / 2 - 3.5,
                  self.spec.corner or label("player", lang), 9, color=_GREY)
        for col, name in enumerate(columns):
            x = self.left + label_width + col * col_width
            if name:
                text = ("★ " if col in self.spec.highlight_columns else "") + name
                lines, size = fit_lines(text, 10.5, col_width - 8, min_size=7.5,
                                        height=header_height - 3)
                draw_lines(self.canvas, x + col_width / 2, top - header_height / 2, lines,
                           size, align="center", bold=True)
            else:  # unnamed column: a small seat number, room to write the name
                draw_text(self.canvas, x + 4, top - 9, str(col + 1), 7, color=_GREY)

    def _table_row(self, y: float, row_label: str, values: Sequence[str | None], kind: str,
                   label_width: float, col_width: float, row_height: float) -> None:
        bold = kind == "total"
        lines, size = fit_lines(row_label, 10, label_width - 12, min_size=6.5,
                                height=row_height - 2)
        draw_lines(self.canvas, self.left + 6, y + row_height / 2, lines, size, bold=bold)
        baseline = y + row_height / 2 - 3.5
        for col, value in enumerate(values):
            if value:
                x = self.left + label_width + (col + 0.5) * col_width
                text, size = fit_text(value, 10.5, col_width - 8)
                draw_text(self.canvas, x, baseline, text, size, align="center", bold=bold)

    def _grid(self, rows: Sequence[tuple[str, Sequence[str | None], str]], top: float,
              bottom: float, label_width: float, col_width: float, header_height: float,
              row_height: float, n_columns: int) -> None:
        c = self.canvas
        right = self.left + self.content_width
        c.saveState()
        c.setStrokeColorRGB(*_RULE)
        c.setLineWidth(0.5)
        for i in range(1, len(rows)):
            y = top - header_height - i * row_height
            c.line(self.left, y, right, y)
        for col in range(1, n_columns):
            x = self.left + label_width + col * col_width
            c.line(x, top, x, bottom)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(1.0)
        c.rect(self.left, bottom, self.content_width, top - bottom, 1, 0)
        c.line(self.left, top - header_height, right, top - header_height)
        c.line(self.left + label_width, top, self.left + label_width, bottom)
        for i, (_, _, kind) in enumerate(rows):
            if kind == "total":
                y = top - header_height - i * row_height
                c.setLineWidth(1.4)
                c.line(self.left, y, right, y)
        c.restoreState()

    def notes(self) -> None:
        spec = self.spec
        if not spec.notes and not spec.notes_lines:
            return
        size = 9.5
        lines = wrap_text(spec.notes, size, self.content_width) if spec.notes else []
        self.ensure(16 + 13 * min(len(lines), 3) + 22 * min(spec.notes_lines, 1))
        draw_text(self.canvas, self.left, self.top - 9, label("notes", spec.lang), 9,
                  bold=True, color=_GREY)
        self.top -= 14
        for line in lines:
            self.ensure(13)
            draw_text(self.canvas, self.left, self.top - size, line, size)
            self.top -= 13
        c = self.canvas
        for _ in range(spec.notes_lines):
            self.ensure(22)
            self.top -= 22
            c.saveState()
            c.setStrokeColorRGB(*_RULE)
            c.setLineWidth(0.5)
            c.line(self.left, self.top, self.left + self.content_width, self.top)
            c.restoreState()
        self.top -= 10

    def drawings(self) -> None:
        drawings = self.spec.drawings
        if not drawings:
            return
        self.ensure(DRAWING_MIN_HEIGHT)
        gap = 10.0
        each = (self.room() - gap * (len(drawings) - 1)) / len(drawings)
        for drawing in drawings:
            rect = Rect(self.left, self.top - each, self.content_width, each)
            self._call(drawing, rect)
            self.top -= each + gap
        self.top = min(self.top, self.bottom)

    def log(self) -> None:
        spec = self.spec
        if not spec.log:
            return
        size, leading = 7.5, 9.5
        lines = list(spec.log)
        if spec.log_limit is not None and len(lines) > spec.log_limit:
            hidden = len(lines) - spec.log_limit + 1
            lines = lines[: spec.log_limit - 1]
            lines.append(label("more_moves", spec.lang).format(n=hidden))
        self.ensure(14 + 2 * leading)
        title = spec.log_title or label("moves", spec.lang)
        draw_text(self.canvas, self.left, self.top - 9, title, 9, bold=True, color=_GREY)
        self.top -= 16
        n_cols = max(1, spec.log_columns)
        gutter = 10.0
        col_width = (self.content_width - gutter * (n_cols - 1)) / n_cols
        used = 0
        while lines:
            per_col = max(1, min(int(self.room() // leading), -(-len(lines) // n_cols)))
            used = min(per_col, len(lines))
            for col in range(n_cols):
                chunk, lines = lines[:per_col], lines[per_col:]
                x = self.left + col * (col_width + gutter)
                for row, line in enumerate(chunk):
                    text, fitted = fit_text(line, size, col_width, min_size=size)
                    draw_text(self.canvas, x, self.top - size - row * leading, text, fitted)
            if lines:
                self.new_page()
        self.top -= used * leading + 8

    def extra_pages(self) -> None:
        for drawing in self.spec.extra_pages:
            self.new_page()
            self._call(drawing, self.content_rect())

    def _call(self, drawing: Drawing, rect: Rect) -> None:
        self.canvas.saveState()
        try:
            drawing(self.canvas, rect)
        finally:
            self.canvas.restoreState()

    def write(self) -> None:
        self.header()
        self.meta()
        self.table()
        self.notes()
        self.drawings()
        self.log()
        self.extra_pages()
        self.canvas.showPage()


def render_sheets(specs: Sequence[SheetSpec], out: Path | BinaryIO) -> None:
    """Write the sheets to one PDF, each starting on a new page (e.g. one per player). A path
    is written whole or not at all, readable by its owner only (companion/files.py)."""
    if isinstance(out, Path):
        buffer = io.BytesIO()
        render_sheets(specs, buffer)
        write_private(out, buffer.getvalue())
        return
    if not specs:
        raise SheetError("no sheets to print")
    for number, spec in enumerate(specs):
        problems = spec.problems()
        if problems:
            raise SheetError(f"sheet {number + 1} ({spec.title}): " + "; ".join(problems))
    font_name()
    first = specs[0]
    size = landscape(A4) if first.landscape else A4
    canvas = _NumberedCanvas(out, pagesize=size, invariant=1, pageCompression=1)
    canvas.setTitle(first.title)
    canvas.setCreator(APP_NAME)
    canvas.setAuthor(APP_NAME)
    for spec in specs:
        canvas.setPageSize(landscape(A4) if spec.landscape else A4)
        _Writer(canvas, spec).write()
    canvas.save()


def render_sheet(spec: SheetSpec, out: Path | BinaryIO) -> None:
    """Write one sheet (one or more pages) as a PDF to a path or a binary file object."""
    render_sheets([spec], out)


def pdf_bytes(specs: SheetSpec | Sequence[SheetSpec]) -> bytes:
    """The PDF of one sheet or several sheets, as bytes."""
    buffer = io.BytesIO()
    render_sheets([specs] if isinstance(specs, SheetSpec) else specs, buffer)
    return buffer.getvalue()
