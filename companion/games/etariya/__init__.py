"""Etariya (エタリヤ): two factions, Light and Dark, place the stones of seven colours on a
7 × 7 island; four stones of a colour on one faction's cells give that faction its dominance
chip, and four chips win. Expansions A–E.

Modules: `board` (cells, colours, map faces, pinwheel), `moves` (notation), `rules` (the
engine), `setup` (randomizer and setup codes), `tracker` (physical games), `bots`
(evaluation), `bench` (figures). `INFO` is the registry entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.games.hooks import lazy
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

if TYPE_CHECKING:
    from companion.core.api import GameState


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.etariya.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.etariya.bots import evaluate

    return evaluate(state, seat)


def _check_options(options: dict[str, Any]) -> None:
    from companion.games.etariya.rules import check_options

    check_options(options)


def _setup(seed: int, expansions: Any = (), faces: Any = None) -> Any:
    from companion.games.etariya.setup import randomize_setup

    return randomize_setup(seed, expansions, faces)


def _setup_from_code(code: str, faces: Any = None) -> Any:
    from companion.games.etariya.setup import setup_from_code

    return setup_from_code(code, faces)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.etariya.bots import playout_move

    return playout_move(state, rng)


def _playout(state: GameState, rng: Any, max_steps: int, use_policy: bool) -> int:
    from companion.games.etariya.bots import playout

    return playout(state, rng, max_steps, use_policy)


def _bench(quick: bool) -> dict[str, float]:
    from companion.games.etariya.bench import quick_figures

    return quick_figures(quick)


def _play_sheets(play: Any, lang: str) -> Any:
    from companion.games.etariya.printing import play_sheets

    return play_sheets(play, lang)


def _blank_sheet(players: int, names: list[str], lang: str) -> Any:
    from companion.games.etariya.printing import blank_tracker_sheet

    return [blank_tracker_sheet(lang, names=names)]


def _extras() -> dict[str, Any]:
    # setup: (seed, expansions, faces) -> Setup;  setup_from_code: (code, faces) -> Setup
    # bench: (quick) -> figures for `companion bench`
    # playout_policy: (state, rng) -> a seat's move in MCTS playouts (companion.bots.playout)
    # playout: (state, rng, max_steps, use_policy) -> steps; the same playouts, faster
    # play_sheets / blank_sheet: the result sheet of a play, the blank tally sheet (PDF)
    # move_text / end_reason: a recorded move, the engine's end reason in ja/en
    return {"setup": _setup, "setup_from_code": _setup_from_code, "bench": _bench,
            "playout_policy": _playout_policy, "playout": _playout, "play_sheets": _play_sheets,
            "blank_sheet": _blank_sheet,
            "move_text": lazy("companion.games.etariya.texts.move_text"),
            "end_reason": lazy("companion.games.etariya.texts.end_reason")}


INFO = GameInfo(
    id="etariya",
    name_ja="エタリヤ",
    name_en="Etariya",
    min_players=2,
    max_players=2,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="etariya",
    minutes=(15, 20),
    options=(
        OptionSpec("expansions", "拡張ルール", "Expansions", OptionKind.MULTI, [],
                   choices=("A", "B", "C", "D", "E"),
                   choice_labels=(("A · セット選択", "A · choose a set"),
                                  ("B · 神石全開", "B · the open line"),
                                  ("C · 加速", "C · acceleration"),
                                  ("D · 勢力変動", "D · power chips"),
                                  ("E · スコア変動", "E · score chips"))),
        OptionSpec("first_faction", "先手の陣営", "First player's faction", OptionKind.CHOICE,
                   "draw", choices=("draw", "light", "dark"),
                   choice_labels=(("袋から引いて決める", "drawn from the bag"),
                                  ("光", "Light"), ("闇", "Dark"))),
    ),
    new_state=_new,
    evaluate=_evaluate,
    check_options=_check_options,
    score_categories=(
        ("chips", "支配チップ", "Dominance chips"),
        ("points", "得点チップ(E)", "Score chips (E)"),
    ),
    rules="etariya",
    extras=_extras(),
)
