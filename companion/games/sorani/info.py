"""Registry entry of Sorani (ソラニ): table companion and rules only (no digital play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.registry import GameInfo, Mode
from companion.games.sorani.categories import CATEGORIES

if TYPE_CHECKING:
    from companion.export.pdf import SheetSpec


def _score_file(text: str, as_json: bool) -> str:
    from companion.games.sorani.notation import score_text

    return score_text(text, as_json)


def _blank_sheet(players: int, names: list[str] | None, lang: str) -> list[SheetSpec]:
    from companion.games.sorani.printing import blank_sheets

    return blank_sheets(players, names, lang)


INFO = GameInfo(
    id="sorani",
    name_ja="ソラニ",
    name_en="Sorani",
    min_players=1,
    max_players=4,
    modes=frozenset({Mode.TABLE, Mode.RULES}),
    family="sorani",
    minutes=(45, 60),
    score_categories=CATEGORIES,
    rules="sorani",
    extras={"score_file": _score_file, "blank_sheet": _blank_sheet},
)

