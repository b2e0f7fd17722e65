"""Equilibrium (エクィリブリオン): one or two players keep the dreams of a city in balance.
Incubi (negative) lie on the left of the city cards, Sognae (positive) on the right; a city
whose two sides sum to zero can be claimed, and claiming every city card wins. Co-operative:
with two players both win or both lose. Expansions: Book of Powers, Squares & Higher Beings.

Modules: `cards` (codes and names), `profile` (the deck profile), `moves` (notation), `rules`
(the engine), `setup` (randomizer and setup codes), `tracker` (table companion and result
sheet), `bots` (evaluation, playout policy, hint), `printing` (PDF), `record` (the documented
game record), `bench` (figures). `INFO` is the registry entry.
"""

from __future__ import annotations

from typing import Any

from companion.core.api import GameState
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec


def _new(num_players: int, options: dict[str, Any]) -> GameState:
    from companion.games.equilibrium.rules import new_state

    return new_state(num_players, options)


def _evaluate(state: GameState, seat: int) -> float:
    from companion.games.equilibrium.bots import evaluate

    return evaluate(state, seat)


def _check_options(options: dict[str, Any]) -> None:
    from companion.games.equilibrium.rules import check_options

    check_options(options)


def _setup(seed: int, expansions: Any = (), players: int = 1, books: int | None = None,
           book_cost: int = 2) -> Any:
    from companion.games.equilibrium.setup import randomize_setup

    return randomize_setup(seed, expansions, players, books, book_cost)


def _setup_from_code(code: str) -> Any:
    from companion.games.equilibrium.setup import setup_from_code

    return setup_from_code(code)


def _setup_card(setup: Any, lang: str) -> Any:
    from companion.games.equilibrium.printing import setup_card

    return setup_card(setup, lang)


def _playout_policy(state: GameState, rng: Any) -> Any:
    from companion.games.equilibrium.bots import playout_move

    return playout_move(state, rng)


def _hint(state: GameState, seat: int | None = None, rng: Any = None, bot: str = "mcts") -> Any:
    from companion.games.equilibrium.bots import hint

    return hint(state, seat, rng, bot)


def _bench(quick: bool) -> dict[str, float]:
    from companion.games.equilibrium.bench import quick_figures

    return quick_figures(quick)


def _play_sheets(play: Any, lang: str) -> Any:
    from companion.games.equilibrium.printing import play_sheets

    return play_sheets(play, lang)


def _blank_sheet(players: int, names: list[str], lang: str) -> Any:
    from companion.games.equilibrium.printing import blank_result_log

    return [blank_result_log(lang, names)]


def _move_text(notation: str, lang: str) -> str:
    from companion.games.equilibrium.texts import move_text

    return move_text(notation, lang)


def _end_reason(detail: str, lang: str) -> str:
    from companion.games.equilibrium.texts import end_reason

    return end_reason(detail, lang)


def _team_result(play: Any, lang: str) -> str:
    from companion.games.equilibrium.tracker import ResultSheet

    return ResultSheet.from_play(play).result_text(lang)


def _extras() -> dict[str, Any]:
    # setup: (seed, expansions, players, books, book_cost) -> Setup;  setup_from_code: (code)
    # setup_card: (setup, lang) -> SheetSpec;  hint: (state, seat, rng, bot) -> Hint
    # playout_policy: (state, rng) -> a seat's move in MCTS playouts (companion.bots.playout)
    # play_sheets / blank_sheet: the result sheet of a play, the blank result log (PDF)
    # cooperative: every seat wins or every seat loses (Outcome.detail "won (12/12)")
    # move_text / end_reason: a move, the result in the language (`texts`)
    # team_result: (play, lang) -> "won (12/12)" for History
    return {"setup": _setup, "setup_from_code": _setup_from_code, "setup_card": _setup_card,
            "hint": _hint, "bench": _bench, "playout_policy": _playout_policy,
            "play_sheets": _play_sheets, "blank_sheet": _blank_sheet, "cooperative": True,
            "move_text": _move_text, "end_reason": _end_reason, "team_result": _team_result}


BOOK_LABELS = (
    ("空飛ぶIncubiの書", "Flying Incubi"), ("空飛ぶSognaeの書", "Flying Sognae"),
    ("見えざるIncubiの書", "Invisible Incubi"), ("見えざるSognaeの書", "Invisible Sognae"),
    ("広場愛好の書", "Plaza Lover"), ("悦ばしい均衡の書", "Joyful Balance"),
    ("予言の書", "Prophecy"), ("予言の書(2枚目)", "Prophecy (second copy)"),
)

INFO = GameInfo(
    id="equilibrium",
    name_ja="エクィリブリオン",
    name_en="Equilibrium",
    min_players=1,
    max_players=2,
    modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
    family="equilibrium",
    minutes=(15, 25),
    options=(
        OptionSpec("expansions", "拡張", "Expansions", OptionKind.MULTI, [],
                   choices=("books", "squares"),
                   choice_labels=(("力の書", "Book of Powers"),
                                  ("正方形の建造物と高次元なるもの",
                                   "Squares & Higher Beings"))),
        OptionSpec("book_cost", "力の書1冊の代償(枚)", "Price per book (cards)",
                   OptionKind.INT, 2, 2, 4),
        OptionSpec("books", "使う力の書(空欄: 準備で1冊ずつめくる)",
                   "Books in play (none chosen: turn them up during the setup)",
                   OptionKind.MULTI, [],
                   choices=("flying-incubi", "flying-sognae", "invisible-incubi",
                            "invisible-sognae", "plaza-lover", "joyful-balance", "prophecy-1",
                            "prophecy-2"),
                   choice_labels=BOOK_LABELS),
    ),
    new_state=_new,
    evaluate=_evaluate,
    check_options=_check_options,
    score_categories=(
        ("cities", "獲得した都市", "Cities claimed"),
        ("total", "都市の総数", "Cities to claim"),
        ("deck_left", "山札の残り", "Cards left in the deck"),
    ),
    rules="equilibrium",
    extras=_extras(),
)
