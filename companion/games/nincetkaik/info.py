"""What the registry entries of the 紙机戦 games share: one builder, hooks loaded lazily (the
registry never imports an engine before a game starts)."""

from __future__ import annotations

import importlib
from typing import Any

from companion.games.hooks import lazy
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec

#: Score categories of the stake games (値戦, 開樽): start + pots won + fees and bets = total.
STAKE_CATEGORIES: tuple[tuple[str, str, str], ...] = (
    ("start", "初期点棒", "Starting points"),
    ("pots", "獲得した場", "Pots won"),
    ("stakes", "参加料・賭け", "Fees and bets"),
)

#: Games whose MCTS considers only some moves (`bots.candidates`).
SEARCH_CANDIDATES = frozenset({"mokaik", "nine"})

#: The starting stock of points of the stake games (rules C2 suggests 40).
STOCK_OPTION = OptionSpec("stock", "初期点棒", "Starting points", OptionKind.INT, 40, 5, 999)


def card_game_info(game_id: str, name_ja: str, name_en: str, max_players: int,
                   minutes: tuple[int, int], options: tuple[OptionSpec, ...],
                   score_categories: tuple[tuple[str, str, str], ...]) -> GameInfo:
    """The registry entry of one 紙机戦 game (engine in `<game_id>.rules`, evaluation
    `bots.evaluate_<game_id>`)."""

    def new_state(num_players: int, options: dict[str, Any]) -> Any:
        module = importlib.import_module(f"companion.games.nincetkaik.{game_id}.rules")
        return module.new_state(num_players, options)

    def evaluate(state: Any, seat: int) -> float:
        bots = importlib.import_module("companion.games.nincetkaik.bots")
        value: float = getattr(bots, f"evaluate_{game_id}")(state, seat)
        return value

    return GameInfo(id=game_id, name_ja=name_ja, name_en=name_en, min_players=2,
                    max_players=max_players, modes=frozenset({Mode.TABLE, Mode.PLAY, Mode.RULES}),
                    family="lanerme", minutes=minutes, options=options, new_state=new_state,
                    evaluate=evaluate, score_categories=score_categories, rules=game_id,
                    extras=card_game_extras(game_id))


def _text_hooks(game_id: str) -> dict[str, Any]:
    """`texts.hooks` of the game, its module imported when a text is first asked for."""
    texts = "companion.games.nincetkaik.texts"
    return {"move_text": lazy(f"{texts}.public_move_text", game_id),
            "chance_text": lazy(f"{texts}.public_chance_text", game_id),
            "end_reason": lazy(f"{texts}.end_reason")}


def card_game_extras(game_id: str) -> dict[str, Any]:
    """The hooks of one game for the CLI and the UI:

    - playout_policy: (state, rng) -> a seat's move in MCTS playouts;
    - bench: (quick) -> figures for `companion bench`;
    - play_sheets / blank_sheet: the filled sheets of a play, the blank sheet (PDF);
    - move_text / end_reason: a recorded move, the engine's end reason in ja/en (`texts`).
    """

    def playout_policy(state: Any, rng: Any) -> Any:
        from companion.games.nincetkaik.bots import playout_move

        return playout_move(state, rng)

    def bench(quick: bool) -> dict[str, float]:
        from companion.games.nincetkaik.bench import quick_figures

        return quick_figures(game_id, quick)

    def play_sheets(play: Any, lang: str) -> Any:
        from companion.games.nincetkaik.printing import play_sheets as sheets

        return sheets(play, lang)

    def blank_sheet(players: int, names: list[str], lang: str) -> Any:
        from companion.games.nincetkaik.printing import blank_sheets

        return blank_sheets(game_id, players, names, lang)

    def candidates(state: Any) -> list[Any]:
        from companion.games.nincetkaik.bots import candidates as pick

        return pick(state)

    extras: dict[str, Any] = {"playout_policy": playout_policy, "bench": bench,
                              "play_sheets": play_sheets, "blank_sheet": blank_sheet,
                              **_text_hooks(game_id)}
    if game_id in SEARCH_CANDIDATES:
        # a determinization holds other cards at the same node: ask at every visit
        extras.update(candidates=candidates, fresh_candidates=True)
    return extras
