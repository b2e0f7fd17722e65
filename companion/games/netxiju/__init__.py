"""六裁 (ネッシュ, netxiju): the reconstructed drinking race of 『我々の遊戯』, 2–6 players.

Modules: `board` (the 32-square track, its lines, geometry), `moves` (notation), `rules` (the
engine), `bots` (evaluation), `table` (the table companion: the game followed from the throws
typed in, the cups tally, the six-stick thrower), `printing` (the board at playing size, the tally
sheet, the result sheet), `record` (the documented JSON record). `shared` holds what the three
race games share. `INFO` is the registry entry.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.netxiju.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.netxiju.bots import evaluate

    return evaluate(state, seat)


def _bench(quick: bool) -> dict[str, float]:
    from companion.games.netxiju.shared import bench_figures

    return bench_figures("netxiju", 2, quick)


def _play_sheets(play: Any, lang: str) -> Any:
    from companion.games.netxiju.printing import play_sheets

    return play_sheets(play, lang)


def _blank_sheet(players: int, names: list[str], lang: str) -> Any:
    from companion.games.netxiju.printing import blank_sheets

    return blank_sheets(players, names, lang)


def _table(players: int, names: list[str], options: dict[str, Any]) -> Any:
    from companion.games.netxiju.table import new_table

    return new_table(players, names, options)


def _extras() -> dict[str, Any]:
    # bench: (quick) -> figures;  play_sheets / blank_sheet: result sheet, board + tally (PDF)
    # table: (players, names, options) -> the table companion's TableLog
    return {"bench": _bench, "play_sheets": _play_sheets, "blank_sheet": _blank_sheet,
            "table": _table}


INFO = GameInfo(
    id="netxiju",
    name_ja="六裁（ネッシュ）",
    name_en="Netxiju (Six Sticks)",
    min_players=2,
    max_players=6,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(10, 15),
    options=(
        OptionSpec("dice", "投げるもの", "Thrown with", OptionKind.CHOICE, "sticks",
                   choices=("sticks", "die"),
                   choice_labels=(("投げ棒6本(0〜6)", "six sticks (0–6)"),
                                  ("サイコロ(1〜6)", "a die (1–6)"))),
        OptionSpec("tally", "線のマスで", "On a lined square", OptionKind.CHOICE, "penalty",
                   choices=("penalty", "drinks"),
                   choice_labels=(("罰点(家族向け)", "penalty points (family table)"),
                                  ("杯(飲酒)", "cups (drinks)"))),
    ),
    new_state=_new,
    evaluate=_evaluate,
    score_categories=(
        ("place", "着順", "Place"),
        ("cups", "杯数・罰点", "Cups / penalty points"),
        ("ox", "牛行", "Ox walk (牛行)"),
        ("sent_back", "戻された回数", "Times sent back"),
    ),
    rules="netxiju",
    extras=_extras(),
)
