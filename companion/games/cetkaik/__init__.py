"""机戦 (cetkaik): two sides on a 9 × 9 board with water and the shared 皇; capture pieces to
form hands (役), then declare 再行 (go on at double rate) or 終季 (end the season and score).

Three rule sets, each a game of the registry (so that the history and the statistics keep
them apart) on one engine: 標準机戦 (`INFO`, id ``cetkaik``), 教育机戦 (`info_education`, the
5 × 7 board for learners) and 古机戦 (`info_old`, no 皇, no sticks, no hands: capture the
king). `companion play cetkaik --variant education|old` names them by variant.

Modules: `pieces` (professions and colours, usable without the engine), `board` (squares,
names, water, 皇処), `movement` (move patterns as data), `hands` (hands and their calculator),
`variants` (rule sets as data), `moves` (notation), `rules` (the engine), `old` (古机戦's
engine), `explain` (messages), `words` (the record as people read it), `diagrams` (the rules
text's pictures), `bots` (evaluation and playout policy), `bench`, `record` (the JSON record),
`table` (the table companion: hand calculator, season ledger, cast helper), `printing` (PDF).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

if TYPE_CHECKING:
    from companion.core.api import GameState

_CONSEQUENCE_LABELS = (("役 −3(再行・終季の宣言)", "hand −3 (calls 再行/終季)"),
                       ("即時 −3 × レート", "−3 × rate at once"),
                       ("罰なし", "no penalty"),
                       ("禁止", "forbidden"))

SEASONS = OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 4, minimum=1, maximum=4)

#: The disputed points of the modern rules (cetkaik.md §8), shared by 標準 and 教育.
TAM_OPTIONS: tuple[OptionSpec, ...] = (
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
)

#: The regional and historical rules of the book (issue 13), options of 標準机戦.
REGIONAL_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("hand_values", "役の点数", "Hand values", OptionKind.CHOICE, "book",
               choices=("book", "official"),
               choice_labels=(("本の通り(馬弓兵 7)", "as the book (馬弓兵 7)"),
                              ("公式規則書(馬弓兵 5)", "official sheet (馬弓兵 5)"))),
    OptionSpec("hand_system", "役の体系", "Hand system", OptionKind.CHOICE, "standard",
               choices=("standard", "renjuren", "sanren"),
               choice_labels=(("標準", "standard"),
                              ("連獣連体系(王・将巫筆・馬虎・車弓兵・船車馬)",
                               "連獣連体系 (王, 将巫筆, 馬虎, 車弓兵, 船車馬)"),
                              ("三連体系(3つ続きの駒)", "三連体系 (runs of three)"))),
    OptionSpec("counting", "点の数え方", "Counting", OptionKind.CHOICE, "modern",
               choices=("modern", "old24", "old35", "old35_unused"),
               choice_labels=(("現代(役の点)", "modern (the hands' points)"),
                              ("古計算法(2倍・4倍)", "古計算法 (×2, ×4)"),
                              ("古計算法(3倍・5倍)", "古計算法 (×3, ×5)"),
                              ("古計算法(3倍・5倍、役にない駒だけ足す)",
                               "古計算法 (×3, ×5, plus pieces in no hand)"))),
    OptionSpec("same_hand", "同じ役が複数あるとき", "The same hand more than once",
               OptionKind.CHOICE, "once", choices=("once", "twice", "copies"),
               choice_labels=(("1回だけ数える", "counts once"), ("2回まで数える", "counts twice"),
                              ("組の数だけ数える", "counts per copy"))),
    OptionSpec("movement", "動き方", "Movement", OptionKind.CHOICE, "standard",
               choices=("standard", "pek_tam_py"),
               choice_labels=(("標準", "standard"),
                              ("硬皇力(皇処で駒が強くなる)", "硬皇力 (stronger on 皇処)"))),
    OptionSpec("chain_casting", "踏越えの投げ棒に連撃術", "連撃術 for stepping throws",
               OptionKind.BOOL, False),
    OptionSpec("cap", "一方が全部の点を得たら終了", "The game ends when a side holds every point",
               OptionKind.BOOL, True),
)

OPTIONS: tuple[OptionSpec, ...] = (SEASONS, *TAM_OPTIONS, *REGIONAL_OPTIONS)

#: `--variant` names (the CLI) → registry ids of the rule sets.
VARIANT_IDS = {"standard": "cetkaik", "education": "cetkaik_education", "old": "cetkaik_old"}


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.cetkaik.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.cetkaik.bots import evaluate

    return evaluate(state, seat)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.cetkaik.bots import playout_move

    return playout_move(state, rng)


def _candidates(state: GameState) -> list[Any]:
    from companion.games.cetkaik.bots import candidates

    return candidates(state)


def _horizon(state: GameState) -> int:
    from companion.games.cetkaik.bots import horizon

    return horizon(state)


def _estimate(state: GameState) -> tuple[float, float]:
    from companion.games.cetkaik.bots import estimate

    return estimate(state)


def _play_sheets(variant: str, play: Any, lang: str) -> Any:
    from companion.games.cetkaik.printing import play_sheets

    return play_sheets(play, lang)


def _blank_sheet(variant: str, players: int, names: list[str], lang: str) -> Any:
    from companion.games.cetkaik.printing import blank_sheets

    return blank_sheets(players, names, lang, variant)


def _rules_markdown(variant: str, text: str, lang: str) -> str:
    from companion.games.cetkaik.diagrams import expand
    from companion.games.cetkaik.variants import VARIANTS

    return expand(text, lang, VARIANTS[variant])


def _move_text(variant: str, notation: str, lang: str) -> str:
    from companion.games.cetkaik.variants import VARIANTS
    from companion.games.cetkaik.words import move_text

    return move_text(notation, lang, board=VARIANTS[variant].board)


def _chance_text(notation: str, lang: str) -> str:
    from companion.games.cetkaik.words import chance_text

    return chance_text(notation, lang)


def _end_reason(detail: str, lang: str) -> str:
    from companion.games.cetkaik.words import end_reason

    return end_reason(detail, lang)


def _bench(game_id: str, quick: bool) -> dict[str, float]:
    from companion.games.cetkaik.bench import quick_figures

    return quick_figures(quick, game_id)


def extras_for(variant: str) -> dict[str, Any]:
    """The registry hooks of a rule set:

    - play_sheets / blank_sheet: the result sheet of a play; the blank season sheet with the
      start diagram and the reference card (PDF);
    - move_text / chance_text / end_reason: the record as people read it (ja: plain squares);
    - rules_markdown: (text, lang) -> the rules text with its diagrams drawn in;
    - playout_policy: (state, rng) -> a seat's move in MCTS playouts (companion.bots.playout);
    - candidates / horizon / estimate: MCTS's moves to consider (the best few by a quick
      gain), playout length and the share of victory where a playout stops (`bots`);
    - bench: (quick) -> figures for `companion bench` (move generation, playouts, MCTS ms);
    - variants: the `--variant` names of the command line.
    """
    return {"playout_policy": _playout_policy, "candidates": _candidates, "horizon": _horizon,
            "estimate": _estimate, "bench": partial(_bench, VARIANT_IDS[variant]),
            "play_sheets": partial(_play_sheets, variant),
            "blank_sheet": partial(_blank_sheet, variant),
            "rules_markdown": partial(_rules_markdown, variant), "variants": VARIANT_IDS,
            "move_text": partial(_move_text, variant), "chance_text": _chance_text,
            "end_reason": _end_reason}


SCORE_CATEGORIES = (("points", "持ち点", "Points"),
                    ("seasons", "終季で得点した季節", "Seasons scored"))

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
    score_categories=SCORE_CATEGORIES,
    rules="cetkaik",
    extras=extras_for("standard"),
)
