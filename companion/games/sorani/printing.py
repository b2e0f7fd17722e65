"""Printable Sorani sheets: the blank score pad (1–4 players), a filled one, and the setup
checklist with its share code (boxes to tick)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from reportlab.pdfgen.canvas import Canvas

from companion.export.pdf import Rect, SheetSpec, draw_lines, label, wrap_text
from companion.games.sorani.scoring import CATEGORIES, SoraniSheet
from companion.games.sorani.setup import Setup, check_players, seat_name

_TEXT = {
    "title": ("Sorani", "ソラニ"),
    "pad": ("Score pad", "得点表"),
    "setup": ("Setup checklist", "準備チェックリスト"),
    "code": ("Setup code", "準備コード"),
    "players": ("Players", "人数"),
    "coyote": ("Coyote board", "コヨーテのボード"),
    "first": ("Sun token", "太陽トークン"),
    "notes": (
        "Planets (only those no branch line touches): distinct colours 2→3, 3→7, 4→12; same "
        "colour 2→3, 3→7, 4→12; a planet may count in both. Guiding stars / clusters: stars "
        "= touching nodes → that many VP (white stars optional). Branches: −1 per unconnected "
        "node. Bonus tiles: every tied player scores. Tie: most VP from star clusters, "
        "else shared victory.",
        "惑星(枝の線が接していないもののみ): 異なる色 2→3、3→7、4→12/同じ色 2→3、3→7、"
        "4→12。1つの惑星は両方に数えてよい。導きの星・星団: 星の数=接するノード数ならその点数"
        "(白い星は任意)。枝: つながっていないノード1つにつき −1。"
        "ボーナスタイル: 同点なら全員が得点。"
        "同点時は星団の点数が多い人の勝ち、それでも同点なら勝利を分け合う。",
    ),
}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


def row_labels(lang: str) -> list[str]:
    return [ja if lang == "ja" else en for _, ja, en in CATEGORIES]


def blank_sheets(players: int, names: Sequence[str] | None, lang: str) -> list[SheetSpec]:
    """One blank score pad for 1–4 players (names, when given, head the columns)."""
    check_players(players)
    given = list(names or [])
    columns = [given[i] if i < len(given) else "" for i in range(players)]
    return [SheetSpec(
        title=text("title", lang),
        subtitle=text("pad", lang),
        meta=[(label("date", lang), ""), (label("place", lang), "")],
        columns=columns,
        rows=row_labels(lang),
        cells=None,
        total_row=[None] * players,
        extra_rows=[(label("rank", lang), [None] * players)],
        notes=text("notes", lang),
        notes_lines=3,
        lang=lang,
    )]


def _number(value: float | None) -> str | None:
    if value is None:
        return None
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def filled_sheet(sheet: SoraniSheet, lang: str, details: Sequence[str] = ()) -> SheetSpec:
    """The score pad of a finished play, winners shaded; `details` (e.g. the planet splits)
    are printed below as notes."""
    n = len(sheet.players)
    names = [seat_name(i, lang, sheet.players) for i in range(n)]
    cells = [[_number(sheet.score(p, key)) for p in range(n)] for key, _, _ in CATEGORIES]
    ranks = sheet.ranks()
    winners = set(sheet.winner_indexes())
    mark = "★"
    return SheetSpec(
        title=text("title", lang),
        subtitle=text("pad", lang),
        meta=[(label("date", lang), sheet.date.strftime("%Y-%m-%d %H:%M")),
              (label("place", lang), sheet.location),
              (label("winner", lang), ("、" if lang == "ja" else ", ").join(
                  names[i] for i in sorted(winners)))],
        columns=names,
        rows=row_labels(lang),
        cells=cells,
        total_row=[_number(t) for t in sheet.totals()],
        extra_rows=[(label("rank", lang), [str(r) for r in ranks]),
                    (label("winner", lang), [mark if i in winners else "" for i in range(n)])],
        highlight_columns=frozenset(winners),
        notes="\n".join([*details, sheet.notes] if sheet.notes else details),
        lang=lang,
    )


def _draw_checklist(steps: Sequence[str], canvas: Canvas, rect: Rect) -> None:
    size, box = 11.0, 11.0
    y = rect.top
    for step in steps:
        lines = wrap_text(step, size, rect.width - box - 12)
        height = len(lines) * size * 1.25 + 10
        canvas.rect(rect.x, y - box - 3, box, box)
        draw_lines(canvas, rect.x + box + 10, y - height / 2 + 2, lines, size)
        y -= height
        if y < rect.y + 20:
            break


def setup_sheet(setup: Setup, lang: str, names: Sequence[str] | None = None) -> SheetSpec:
    """The setup as a printed checklist, with its code to reproduce it."""
    given = list(names or [])
    steps = setup.checklist(lang, given)
    return SheetSpec(
        title=text("title", lang),
        subtitle=text("setup", lang),
        meta=[(text("code", lang), setup.code),
              (text("players", lang), str(setup.players)),
              (text("coyote", lang), seat_name(setup.coyote_seat, lang, given)),
              (text("first", lang), seat_name(setup.first_seat, lang, given))],
        drawings=[partial(_draw_checklist, steps)],
        lang=lang,
    )

