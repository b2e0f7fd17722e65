"""六裁 (ネッシュ, netxiju): the reconstructed drinking race of 『我々の遊戯』, 2–6 players.

Modules: `board` (the 32-square track, its lines, geometry), `moves` (notation), `rules` (the
engine), `bots` (evaluation), `table` (the table companion: the game followed from the throws
typed in, the cups tally, the six-stick thrower), `printing` (the board at playing size, the tally
sheet, the result sheet), `record` (the documented JSON record). `INFO` is the registry entry.
"""

from __future__ import annotations

from companion.games.hooks import lazy, module_hooks
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

_PACKAGE = "companion.games.netxiju"

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
    new_state=lazy(f"{_PACKAGE}.rules.new_state"),
    evaluate=lazy(f"{_PACKAGE}.bots.evaluate"),
    score_categories=(
        ("place", "着順", "Place"),
        ("cups", "杯数・罰点", "Cups / penalty points"),
        ("ox", "牛行", "Ox walk (牛行)"),
        ("sent_back", "戻された回数", "Times sent back"),
    ),
    rules="netxiju",
    # bench: (quick) -> figures;  play_sheets / blank_sheet: result sheet, board + tally (PDF)
    # move_text / end_reason: a recorded move, the end reason in ja/en
    # table: (players, names, options) -> the table companion's TableLog
    extras=module_hooks(_PACKAGE, "netxiju", "table"),
)
