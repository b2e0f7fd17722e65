"""Printable Equilibrium sheets (reportlab through `companion.export.pdf`).

- `setup_card(setup, lang)`: the setup code, players, expansions, books and their price, the
  city column as it will lie (Incubi left, Sognae right) and the setup steps;
- `result_sheet(sheet, lang, …)` / `play_sheets(play, lang)`: a finished game — won or lost,
  cities claimed out of 12 or 16, cards left in the deck, books, players; for a digital game
  also the city column at the end and the move list;
- `blank_result_log(lang)`: a log of games played at the table, one row per game.

The column is drawn from plain data (`PrintCity`), so the same drawing serves every sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.colours import EQUILIBRIUM, EQUILIBRIUM_CITIES, is_light
from companion.export.pdf import (
    Drawing,
    Rect,
    SheetSpec,
    draw_text,
    fit_text,
    label,
    wrap_text,
)
from companion.games.equilibrium.cards import (
    CHAOS,
    HIGHER,
    LEFT,
    POWER,
    RIGHT,
    city_name,
    element_name,
)

_GREY = (0.4, 0.4, 0.4)
LOG_ROWS = 12

_TEXT = {
    "title": ("Equilibrium", "エクィリブリオン"),
    "setup": ("Setup card", "準備カード"),
    "result": ("Result sheet", "結果シート"),
    "log": ("Result log for games at the table", "卓上プレイの結果記録"),
    "code": ("Setup code", "準備コード"),
    "players": ("Players", "プレイヤー"),
    "expansions": ("Expansions", "拡張"),
    "books": ("Books", "力の書"),
    "price": ("Price per book", "1冊の代償"),
    "none": ("none", "なし"),
    "result_row": ("Result", "結果"),
    "cities": ("Cities claimed", "獲得した都市"),
    "deck_left": ("Cards left in the deck", "山札の残り"),
    "team": ("Team", "チーム"),
    "won": ("won", "勝利"),
    "lost": ("lost", "敗北"),
    "column": ("The city column at the end", "終了時の都市の列"),
    "column_setup": ("The city column: Incubi left (−), Sognae right (+)",
                     "都市の列: Incubiは左(−)、Sognaeは右(+)"),
    "steps": ("Setting up", "準備の手順"),
    "date": ("Date", "日付"),
    "result_col": ("Won / lost", "勝敗"),
    "cities_col": ("Cities", "都市"),
    "log_help": ("One row per game. Cities: claimed out of 12 (16 with the squares). "
                 "Deck: dream cards left at the end.",
                 "1行に1ゲーム。都市: 獲得数/12(正方形の建造物ありは16)。山札: 終了時に残った"
                 "夢カードの枚数。"),
    "expansions_books": ("Expansions / books", "拡張・力の書"),
    "cards": ("cards", "枚"),
    "solo": ("solo", "ソロ"),
    "game": ("Game", "ゲーム"),
    "incubi_side": ("Incubi (−)", "Incubi(−)"),
    "sognae_side": ("Sognae (+)", "Sognae(+)"),
}
EXPANSION_NAMES = {"books": ("Book of Powers", "力の書"),
                   "squares": ("Squares & Higher Beings", "正方形の建造物と高次元なるもの")}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


def expansions_text(expansions: Sequence[str], lang: str) -> str:
    names = [EXPANSION_NAMES[e][1 if lang == "ja" else 0] for e in ("books", "squares")
             if e in expansions]
    return ("、" if lang == "ja" else ", ").join(names) or text("none", lang)


# --- the city column ----------------------------------------------------------------------------
@dataclass(frozen=True)
class PrintCity:
    """One position of the column as printed."""

    position: int
    city: str  # "" for an empty position
    left: tuple[str, ...] = ()
    right: tuple[str, ...] = ()

    def sums(self) -> tuple[int, int]:
        return (-sum(POWER[c] for c in self.left), sum(POWER[c] for c in self.right))

    def is_balanced(self) -> bool:
        left, right = self.sums()
        return bool(self.left or self.right) and left + right == 0


def column_of(state: Any) -> list[PrintCity]:
    """The column of an engine state."""
    return [PrintCity(p, state.city(p), state.side(p, LEFT), state.side(p, RIGHT))
            for p in range(1, 5)]


def card_label(code: str, side: int, lang: str) -> tuple[str, str]:
    """(value, element) as printed on a small card: ("−2", "earth"), ("+5", "chaos")."""
    sign = "−" if side == LEFT else "+"
    if code[0] == CHAOS:
        return f"{sign}{POWER[code]}", "混沌" if lang == "ja" else "chaos"
    element = element_name(code[1], lang)
    if code[0] == HIGHER:
        element += "・高次元" if lang == "ja" else " · higher"
    return f"{sign}{POWER[code]}", element


def draw_column(cities: Sequence[PrintCity], caption: str, lang: str, canvas: Canvas,
                rect: Rect, slots: bool = False) -> None:
    """Four rows: the left cards, the city card with its sums, the right cards (`slots`:
    empty outlines where the three cards of each side go)."""
    draw_text(canvas, rect.x, rect.top - 11, caption, 10, bold=True, color=_GREY)
    rows = max(1, len(cities))
    row_h = min((rect.height - 40) / rows, 64.0)
    city_w = min(150.0, rect.width * 0.3)
    card_w = min(52.0, (rect.width - city_w - 20) / 6 - 4)
    middle = rect.x + rect.width / 2
    top = rect.top - 36
    reach = city_w / 2 + 6 + 3 * (card_w + 4)
    draw_text(canvas, middle - reach, top + 4, text("incubi_side", lang), 9, color=_GREY)
    draw_text(canvas, middle + reach, top + 4, text("sognae_side", lang), 9, align="right",
              color=_GREY)
    for index, city in enumerate(cities):
        y = top - (index + 1) * row_h + 4
        height = row_h - 8
        _draw_city(canvas, city, middle - city_w / 2, y, city_w, height, lang)
        for side, cards in ((LEFT, city.left), (RIGHT, city.right)):
            for k in range(3 if slots else len(cards)):
                offset = city_w / 2 + 6 + k * (card_w + 4)
                x = middle - offset - card_w if side == LEFT else middle + offset
                if k < len(cards):
                    _draw_card(canvas, cards[k], side, x, y, card_w, height, lang)
                else:
                    _draw_slot(canvas, x, y, card_w, height)


def _draw_slot(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    canvas.saveState()
    canvas.setStrokeColorRGB(0.7, 0.7, 0.7)
    canvas.setDash(3, 2)
    canvas.setLineWidth(0.6)
    canvas.roundRect(x, y, w, h, 3, 1, 0)
    canvas.restoreState()


def _draw_city(canvas: Canvas, city: PrintCity, x: float, y: float, w: float, h: float,
               lang: str) -> None:
    balanced = city.is_balanced()
    canvas.saveState()
    canvas.setFillColorRGB(*EQUILIBRIUM_CITIES.rgb("balanced" if balanced else "city"))
    canvas.setStrokeColorRGB(0.35, 0.35, 0.35)
    canvas.setLineWidth(1.2 if balanced else 0.6)
    canvas.roundRect(x, y, w, h, 4, 1, 1)
    canvas.restoreState()
    name = city_name(city.city, lang) if city.city else "?"
    head, size = fit_text(f"{city.position}. {name}", 9.5, w - 8, min_size=6)
    draw_text(canvas, x + w / 2, y + h - 13, head, size, align="center", bold=True)
    if city.city and (city.left or city.right):
        left, right = city.sums()
        mark = " ＝ 0" if balanced else ""
        sums = f"{_signed(left)} | {_signed(right)}{mark}"
        draw_text(canvas, x + w / 2, y + 6, sums, 9, align="center", color=_GREY)


def _signed(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}".replace("-", "−")


def _draw_card(canvas: Canvas, code: str, side: int, x: float, y: float, w: float, h: float,
               lang: str) -> None:
    rgb = EQUILIBRIUM.rgb(code[0])  # the palette in use; the element's name is on the card
    dark = not is_light(rgb)
    canvas.saveState()
    canvas.setFillColorRGB(*rgb)
    canvas.setStrokeColorRGB(0.25, 0.25, 0.25)
    canvas.setLineWidth(0.5)
    canvas.roundRect(x, y, w, h, 3, 1, 1)
    canvas.restoreState()
    value, element = card_label(code, side, lang)
    ink = (1.0, 1.0, 1.0) if dark else (0.1, 0.1, 0.1)
    draw_text(canvas, x + w / 2, y + h / 2 - 1, value, min(14.0, h * 0.4), align="center",
              bold=True, color=ink)
    small, size = fit_text(element, 7, w - 4, min_size=5)
    draw_text(canvas, x + w / 2, y + 4, small, size, align="center", color=ink)


def _draw_steps(lines: Sequence[str], title: str, canvas: Canvas, rect: Rect) -> None:
    """A numbered list of steps under a small heading."""
    draw_text(canvas, rect.x, rect.top - 11, title, 10, bold=True, color=_GREY)
    size, y = 10.0, rect.top - 30
    for number, line in enumerate(lines, start=1):
        prefix = f"{number}."
        parts = wrap_text(line, size, rect.width - 24)
        for k, part in enumerate(parts):
            if k == 0:
                draw_text(canvas, rect.x + 16, y, prefix, size, align="right", color=_GREY)
            draw_text(canvas, rect.x + 22, y, part, size)
            y -= size * 1.3
        y -= 4


# --- the setup card -----------------------------------------------------------------------------
def setup_card(setup: Any, lang: str = "ja") -> SheetSpec:
    """One page: code, players, expansions, books, the column to lay out, the steps."""
    meta = [(text("code", lang), setup.code()),
            (text("players", lang), str(setup.players)),
            (text("expansions", lang), expansions_text(setup.expansions, lang))]
    if "books" in setup.expansions:
        count = f"{len(setup.books)}冊" if lang == "ja" else str(len(setup.books))
        meta += [(text("books", lang), count),
                 (text("price", lang), f"{setup.book_cost} {text('cards', lang)}")]
    column = [PrintCity(p, "") for p in range(1, 5)]
    steps = [line for line in setup.describe(lang) if not line.startswith(
        ("Setup code", "準備コード", "Expansions", "拡張", "Players: 1", "人数: 1"))]
    return SheetSpec(
        title=text("title", lang), subtitle=text("setup", lang), meta=meta,
        drawings=[partial(_draw_steps, steps, text("steps", lang)),
                  partial(draw_column, column, text("column_setup", lang), lang, slots=True)],
        lang=lang)


# --- result sheets ------------------------------------------------------------------------------
def result_sheet(sheet: Any, lang: str = "ja", column: Sequence[PrintCity] = (),
                 meta: Sequence[tuple[str, str]] = (), log: Sequence[str] = ()) -> SheetSpec:
    """A `ResultSheet` on paper: one column for the team (a co-operative game has one result),
    the players in the header; the final column and the moves of a digital game."""
    names = [n for n in sheet.names if n.strip()]
    team = (" ・ " if lang == "ja" else " & ").join(names) or text("team", lang)
    books = ("、" if lang == "ja" else ", ").join(sheet.book_names(lang, short=True)) or \
        text("none", lang)
    rows = [text("result_row", lang), text("cities", lang), text("deck_left", lang),
            text("expansions", lang)]
    cells: list[list[str | None]] = [
        [text("won" if sheet.won else "lost", lang)], [f"{sheet.claimed} / {sheet.total}"],
        [str(sheet.deck_left)], [expansions_text(sheet.expansions, lang)]]
    if "books" in sheet.expansions:
        rows.append(text("books", lang))
        cells.append([books])
    players = ", ".join(names) if lang != "ja" else "、".join(names)
    drawings: list[Drawing] = [partial(draw_column, list(column), text("column", lang), lang)
                               ] if column else []
    return SheetSpec(
        title=text("title", lang), subtitle=text("result", lang),
        meta=[*meta, (text("players", lang), players or text("solo", lang))],
        columns=[team], rows=rows, cells=cells,
        highlight_columns=frozenset({0}) if sheet.won else frozenset(),
        notes=sheet.notes, drawings=drawings, log=list(log), log_columns=4, lang=lang)


def play_sheets(play: Any, lang: str = "ja") -> list[SheetSpec] | None:
    """The result sheet of a saved play: a digital game replayed to its end (with the column
    and the moves), or a game at the table from its stored result."""
    from companion.core.record import Game, GameRecord
    from companion.export.sheets import format_when
    from companion.games.equilibrium.tracker import ResultSheet, has_figures

    if play.game_id != "equilibrium":
        return None
    meta = [(label("date", lang), format_when(play.started_at))]
    if play.id is not None:
        meta.append(("#", str(play.id)))
    names = [s.player for s in sorted(play.seats, key=lambda s: s.seat)]
    if not play.record or not play.record.get("moves"):
        if not play.seats or not has_figures(play):
            return None  # won or lost only: the generic sheet shows what was entered
        return [result_sheet(ResultSheet.from_play(play), lang, meta=meta)]
    record = GameRecord.from_dict(play.record)
    game = Game.replay(record)
    state: Any = game.state
    if not state.is_over():
        return None
    names = names or [f"#{s + 1}" for s in range(record.num_players)]
    sheet = ResultSheet.from_state(state, names, started_at=play.started_at,
                                   location=play.location, notes=play.notes)
    return [result_sheet(sheet, lang, column_of(state), meta, record_log(game.record, names, lang))]


def record_log(record: Any, names: Sequence[str], lang: str) -> list[str]:
    """The seats' moves, numbered, as a person reads them ("3. 花子 IE2 → 都市3の左"); the
    draws are left out."""
    from companion.games.equilibrium.texts import move_text

    seat_moves = [e for e in record.entries if not e.is_chance]
    return [f"{n}. {names[e.seat] if 0 <= e.seat < len(names) else '#' + str(e.seat)} "
            f"{move_text(e.move, lang)}" for n, e in enumerate(seat_moves, 1)]


def blank_sheets(players: int, names: Sequence[str], lang: str = "ja") -> list[SheetSpec]:
    """The registry's blank sheet: the result log (the same for one or two players)."""
    return [blank_result_log(lang, names)]


def blank_result_log(lang: str = "ja", names: Sequence[str] = ()) -> SheetSpec:
    """A log of games at the table: one row per game, columns to fill in by hand."""
    given = ", ".join(n for n in names if n)
    return SheetSpec(
        title=text("title", lang), subtitle=text("log", lang),
        meta=[(text("players", lang), given), (label("place", lang), "")],
        columns=[text("date", lang), text("players", lang), text("expansions_books", lang),
                 text("result_col", lang), text("cities_col", lang), text("deck_left", lang)],
        rows=[str(n) for n in range(1, LOG_ROWS + 1)], cells=None,
        notes=text("log_help", lang), lang=lang, landscape=True, corner=text("game", lang))
