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

from companion.games.hooks import lazy
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

_PACKAGE = "companion.games.equilibrium"


def _extras() -> dict[str, object]:
    # setup: (seed, expansions, players, books, book_cost) -> Setup;  setup_from_code: (code)
    # setup_card: (setup, lang) -> SheetSpec;  hint: (state, seat, rng, bot) -> Hint
    # playout_policy: (state, rng) -> a seat's move in MCTS playouts (companion.bots.playout)
    # candidates / horizon / estimate: MCTS's moves to consider (the best few by greedy's
    # evaluation), playout steps before the evaluation judges, the expected share of cities;
    # fresh_candidates: asked at every visit (a node past a draw, or a partner's hand, holds
    # other cards in each determinization)
    # play_sheets / blank_sheet: the result sheet of a play, the blank result log (PDF)
    # cooperative: every seat wins or every seat loses (Outcome.detail "won (12/12)")
    # move_text / end_reason: a move, the result in the language (`texts`); chance_text: a
    # chance outcome in a log ("" for a dream card drawn: most go into a private hand)
    # team_result: (play, lang) -> "won (12/12)" for the History
    return {"setup": lazy(f"{_PACKAGE}.setup.randomize_setup"),
            "setup_from_code": lazy(f"{_PACKAGE}.setup.setup_from_code"),
            "setup_card": lazy(f"{_PACKAGE}.printing.setup_card"),
            "hint": lazy(f"{_PACKAGE}.bots.hint"),
            "bench": lazy(f"{_PACKAGE}.bench.quick_figures"),
            "playout_policy": lazy(f"{_PACKAGE}.bots.playout_move"),
            "candidates": lazy(f"{_PACKAGE}.bots.candidates"),
            "horizon": lazy(f"{_PACKAGE}.bots.horizon"),
            "estimate": lazy(f"{_PACKAGE}.bots.estimate"),
            "fresh_candidates": True,
            "play_sheets": lazy(f"{_PACKAGE}.printing.play_sheets"),
            "blank_sheet": lazy(f"{_PACKAGE}.printing.blank_sheets"),
            "cooperative": True,
            "move_text": lazy(f"{_PACKAGE}.texts.move_text"),
            "chance_text": lazy(f"{_PACKAGE}.texts.chance_text"),
            "end_reason": lazy(f"{_PACKAGE}.texts.end_reason"),
            "team_result": lazy(f"{_PACKAGE}.tracker.team_result")}


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
    new_state=lazy(f"{_PACKAGE}.rules.new_state"),
    evaluate=lazy(f"{_PACKAGE}.bots.evaluate"),
    check_options=lazy(f"{_PACKAGE}.rules.check_options"),
    score_categories=(
        ("cities", "獲得した都市", "Cities claimed"),
        ("total", "都市の総数", "Cities to claim"),
        ("deck_left", "山札の残り", "Cards left in the deck"),
    ),
    rules="equilibrium",
    extras=_extras(),
)
