"""Ways of winning: how a play's seats are ranked and who won, for every `WinMode`.

- highest total / lowest total: competition ranks of the totals ("1, 2, 2, 4"), the best
  total wins (shared when tied); seats without a total have no rank;
- no score: nothing is ranked, the winners are ticked;
- co-operative: every seat wins or every seat loses together (nobody is ahead of a team-mate);
- teams: a team's total is its players' totals added up (a player without a team plays as a
  team of one); the team's rank and result are each of its players'.

The app's own games say their way in the registry (extras "win_mode", else "cooperative", else
the highest total); a game the app does not know is won the way the person chose for it (kept
by the history: `db.game_win_mode`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.history import PlayRecord, WinMode
from companion.scoresheet import competition_ranks

#: What each way of winning is called (English, Japanese).
WIN_MODE_NAMES: dict[WinMode, tuple[str, str]] = {
    WinMode.HIGHEST: ("Highest total wins", "合計が最も高い人の勝ち"),
    WinMode.LOWEST: ("Lowest total wins", "合計が最も低い人の勝ち"),
    WinMode.NO_SCORE: ("No score (tick the winners)", "得点なし（勝者にチェック）"),
    WinMode.COOPERATIVE: ("Co-operative (all win or lose together)",
                          "協力（全員で勝つか負ける）"),
    WinMode.TEAMS: ("Teams", "チーム戦"),
}


def win_mode_name(mode: WinMode, lang: str) -> str:
    en, ja = WIN_MODE_NAMES[mode]
    return ja if lang == "ja" else en


def known_win_mode(game_id: str) -> WinMode | None:
    """The way the app's own game is won (registry); None for a game the app does not know."""
    try:
        from companion.games import registry

        extras = registry.get(game_id).extras
    except Exception:
        return None
    given = extras.get("win_mode")
    if given:
        return WinMode(given)
    return WinMode.COOPERATIVE if extras.get("cooperative") else WinMode.HIGHEST


def play_win_mode(play: PlayRecord) -> WinMode:
    """How `play` was won: as stored, else its game's way, else the highest total."""
    return play.win_mode or known_win_mode(play.game_id) or WinMode.HIGHEST


def stored_win_mode(game_id: str, mode: WinMode | None) -> WinMode | None:
    """`mode` as a play keeps it: None when it is the game's own way (the highest total for
    a game the app does not know), so a play reads back as it was made."""
    return None if mode is None or mode is (known_win_mode(game_id) or WinMode.HIGHEST) else mode


def uses_scores(mode: WinMode) -> bool:
    """The way of winning ranks totals (a co-operative game may keep a score too)."""
    return mode is not WinMode.NO_SCORE


def ranks_decide(mode: WinMode) -> bool:
    """The totals decide the winners (until a person ticks them by hand)."""
    return mode in (WinMode.HIGHEST, WinMode.LOWEST, WinMode.TEAMS)


@dataclass(frozen=True)
class Ranking:
    """Ranks (None: unranked) and winners of the seats, in seat order."""

    ranks: tuple[int | None, ...]
    winners: tuple[bool, ...]


def team_keys(teams: Sequence[str]) -> list[str]:
    """Each seat's team; a seat without one is a team of its own."""
    return [team.strip() or f"\0{i}" for i, team in enumerate(teams)]


def rank_seats(mode: WinMode, scores: Sequence[float | None],
               teams: Sequence[str] = ()) -> Ranking:
    """The ranks and winners the totals give under `mode` (no score, co-operative: no ranks
    and no winners — those are ticked)."""
    count = len(scores)
    if mode in (WinMode.NO_SCORE, WinMode.COOPERATIVE):
        return Ranking((None,) * count, (False,) * count)
    if mode is WinMode.TEAMS:
        return _team_ranking(scores, team_keys(list(teams) + [""] * (count - len(teams))))
    scored = [i for i, score in enumerate(scores) if score is not None]
    sign = -1.0 if mode is WinMode.LOWEST else 1.0
    found = competition_ranks([sign * float(scores[i] or 0) for i in scored])
    ranks: list[int | None] = [None] * count
    for i, rank in zip(scored, found, strict=True):
        ranks[i] = rank
    return Ranking(tuple(ranks), tuple(rank == 1 for rank in ranks))


def _team_ranking(scores: Sequence[float | None], keys: list[str]) -> Ranking:
    totals: dict[str, float] = {}
    for key, score in zip(keys, scores, strict=True):
        if score is not None:
            totals[key] = totals.get(key, 0.0) + float(score)
    names = list(totals)
    by_team = dict(zip(names, competition_ranks([totals[n] for n in names]), strict=True))
    ranks = tuple(by_team.get(key) for key in keys)
    return Ranking(ranks, tuple(rank == 1 for rank in ranks))


def team_mates(teams: Sequence[str], index: int) -> list[int]:
    """The seats on `index`'s team (itself included)."""
    keys = team_keys(teams)
    return [i for i, key in enumerate(keys) if key == keys[index]]
