"""The 六裁 tally as a table: per player the square, the cups (or penalty points), times sent
back, the place once finished and 牛行 (done ✓, still possible ○, lost —). The digital game's
side panel and the table companion show the same table."""

from __future__ import annotations

from typing import Any

from companion.games.netxiju.table import TallyRow, tally_rows
from companion.games.netxiju.texts import cups_word
from ui.i18n import language, tr
from ui.play.seat_table import RowsTable


def ox_mark(row: TallyRow) -> str:
    if row.ox:
        return "✓"
    return "○" if row.ox_still_possible else "—"


class TallyTable(RowsTable):
    """One row per player (`tally_rows`); `show_state(state, names)` fills it."""

    def rows_of(self, state: Any, names: list[str]) -> list[TallyRow]:
        return tally_rows(state, names)

    def columns_for(self, state: Any) -> list[tuple[str, str]]:
        drinks = state.options.get("tally") == "drinks"
        return [(tr("Sq.", "マス"), tr("Square", "マス")),
                (tr("Cups", "杯") if drinks else tr("Pen.", "罰点"),
                 cups_word(state.options, language().code)),
                (tr("Back", "戻り"), tr("Times sent back to the start",
                                       "スタートに戻された回数")),
                (tr("Place", "着順"), tr("Finishing place", "ゴールの順")),
                ("牛行", tr("牛行 (ox walk): ✓ done, ○ still possible, — lost",
                            "牛行: ✓ 達成、○ まだ可能、— 不可"))]

    def cells_of(self, row: TallyRow) -> list[str]:
        return [tr("goal", "ゴール") if row.square is None else str(row.square),
                str(row.cups), str(row.sent_back), "" if row.place is None else str(row.place),
                ox_mark(row)]
