"""What the registry entries of the 紙机戦 games share: their extras, loaded lazily."""

from __future__ import annotations

from typing import Any


def card_game_extras(game_id: str) -> dict[str, Any]:
    """The hooks of one game for the CLI and the UI:

    - playout_policy: (state, rng) -> a seat's move in MCTS playouts;
    - bench: (quick) -> figures for `companion bench`;
    - play_sheets / blank_sheet: the filled sheets of a play, the blank sheet (PDF);
    - table: () -> the game's table companion module (dealer's aid, calculator, ledger).
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

    return {"playout_policy": playout_policy, "bench": bench, "play_sheets": play_sheets,
            "blank_sheet": blank_sheet}


#: Score categories of the stake games (値戦, 開樽): start + pots won + fees and bets = total.
STAKE_CATEGORIES: tuple[tuple[str, str, str], ...] = (
    ("start", "初期点棒", "Starting points"),
    ("pots", "獲得した場", "Pots won"),
    ("stakes", "参加料・賭け", "Fees and bets"),
)


def stock_option() -> Any:
    """The starting stock of points of the stake games (rules C2 suggests 40)."""
    from companion.games.registry import OptionKind, OptionSpec

    return OptionSpec("stock", "初期点棒", "Starting points", OptionKind.INT, 40, 5, 999)
