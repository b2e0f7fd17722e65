"""机戦 (cetkaik): two sides on a 9 × 9 board with water and the shared 皇; capture pieces to
form hands (役), then declare 再行 (go on at double rate) or 終季 (end the season and score).

Modules: `pieces` (professions and colours, usable without the engine), `board` (squares,
names, water, 皇処), `movement` (move patterns as data), `hands` (hands and their calculator),
`variants` (rule sets as data), `moves` (notation), `rules` (the engine), `explain` (messages),
`bots` (evaluation and playout policy), `bench`, `record` (the JSON record), `table` (the
table companion: hand calculator, season ledger, cast helper), `printing` (PDF sheets).
`INFO` is the registry entry.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

_CONSEQUENCE_LABELS = (("役 −3(再行・終季の宣言)", "hand −3 (calls 再行/終季)"),
                       ("即時 −3 × レート", "−3 × rate at once"),
                       ("罰なし", "no penalty"),
                       ("禁止", "forbidden"))

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 4, minimum=1, maximum=4),
    OptionSpec("step_on_tam", "皇を踏む(撃皇)", "Stepping on the 皇 (撃皇)", OptionKind.CHOICE,
               "hand", choices=("hand", "deduct", "forbidden"),
               choice_labels=(("役 −5(再行・終季の宣言)", "hand −5 (calls 再行/終季)"),
                              ("即時 −5 × レート", "−5 × rate at once"),
                              ("禁止", "forbidden"))),
    OptionSpec("tam_square_hue", "皇のいるマスも皇処", "The 皇's own square is 皇処",
               OptionKind.BOOL, False),
    OptionSpec("tam_after_opponent", "相手の直後に皇を動かす(皇再来)",
               "Moving the 皇 right after the opponent did (皇再来)", OptionKind.CHOICE,
               "hand", choices=("hand", "deduct", "allowed", "forbidden"),
               choice_labels=_CONSEQUENCE_LABELS),
    OptionSpec("tam_back_home", "皇を元のマスに戻す(皇再来)",
               "A 皇 move ending where it began (皇再来)", OptionKind.CHOICE, "hand",
               choices=("hand", "deduct", "allowed", "forbidden"),
               choice_labels=_CONSEQUENCE_LABELS),
    OptionSpec("announce", "踏越えの投げ棒の前に宣言するもの",
               "Announced before a stepping throw", OptionKind.CHOICE, "square",
               choices=("square", "direction", "nothing"),
               choice_labels=(("行き先のマス", "the exact square"), ("方向", "the direction"),
                              ("なし", "nothing"))),
    OptionSpec("hand_values", "役の点数", "Hand values", OptionKind.CHOICE, "book",
               choices=("book", "official"),
               choice_labels=(("本の通り(馬弓兵 7)", "as the book (馬弓兵 7)"),
                              ("公式規則書(馬弓兵 5)", "official sheet (馬弓兵 5)"))),
)


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.cetkaik.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.cetkaik.bots import evaluate

    return evaluate(state, seat)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.cetkaik.bots import playout_move

    return playout_move(state, rng)


def _play_sheets(play: Any, lang: str) -> Any:
    from companion.games.cetkaik.printing import play_sheets

    return play_sheets(play, lang)


def _blank_sheet(players: int, names: list[str], lang: str) -> Any:
    from companion.games.cetkaik.printing import blank_sheets

    return blank_sheets(players, names, lang)


def _rules_markdown(text: str, lang: str) -> str:
    from companion.games.cetkaik.diagrams import expand

    return expand(text, lang)


def _bench(quick: bool) -> dict[str, float]:
    from companion.games.cetkaik.bench import quick_figures

    return quick_figures(quick)


def _extras() -> dict[str, Any]:
    # bench: (quick) -> figures for `companion bench` (move generation, playouts, MCTS ms)
    # playout_policy: (state, rng) -> a seat's move in MCTS playouts (companion.bots.playout)
    # play_sheets / blank_sheet: the result sheet of a play; the blank season sheet with the
    # start diagram and the reference card (PDF)
    # move_text / chance_text / end_reason: the record as people read it (ja: plain squares)
    # rules_markdown: (text, lang) -> the rules text with its diagrams drawn in
    from companion.games.cetkaik.words import TEXTS

    return {"bench": _bench, "playout_policy": _playout_policy, "play_sheets": _play_sheets,
            "blank_sheet": _blank_sheet, "rules_markdown": _rules_markdown, **TEXTS}


INFO = GameInfo(
    id="cetkaik",
    name_ja="机戦",
    name_en="Cetkaik",
    min_players=2,
    max_players=2,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="lanerme",
    minutes=(30, 90),
    options=OPTIONS,
    new_state=_new,
    evaluate=_evaluate,
    score_categories=(("points", "持ち点", "Points"), ("seasons", "終季で得点した季節",
                                                      "Seasons scored")),
    rules="cetkaik",
    extras=_extras(),
)
