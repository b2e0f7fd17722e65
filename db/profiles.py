"""The player page's numbers as SQL aggregates over finished plays (bots are not players).

- Per game: plays, wins, best score (the lowest in plays won by the lowest total) and when the
  player last played it.
- Head to head against each other person, over the plays both sat in: who finished ahead
  (the better rank — ranks follow each play's way of winning, so the lowest total ranks first
  where it wins; without ranks, a winner ahead of a seat that did not win), or neither (a
  tie). In a co-operative play (every seat wins or every seat loses) nobody finishes ahead of a
  team-mate, nor in teams of one's own team: the play counts as shared.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import case, func, select

from companion.history import GameTally, HeadToHead, PlayerProfile, is_cooperative
from db.engine import Database
from db.models import PlayerRow, RivalCellRow, StatCellRow
from db.stats import best_of


def cooperative_games() -> list[str]:
    """The registered games whose seats win or lose together."""
    from companion.games import registry

    return [info.id for info in registry.all_games() if is_cooperative(info.id)]


def player_profile(database: Database, name: str, game_id: str | None = None,
                   cooperative: Collection[str] | None = None) -> PlayerProfile | None:
    """The player's results per game and head to head (only in `game_id` when given); None
    when there is no player of that name. `cooperative`: game ids whose seats win or lose
    together (default: the registry's). Read from the player's statistics cells (db/stats.py),
    so a club's million plays cost what a hundred do."""
    coop = list(cooperative_games() if cooperative is None else cooperative)
    with database.engine.connect() as conn:
        player_id = conn.scalar(select(PlayerRow.id).where(PlayerRow.name == name))
        if player_id is None:
            return None
        games = conn.execute(_games_query(player_id, game_id)).all()
        rivals = conn.execute(_rivals_query(player_id, game_id, coop)).all()
    tallies = tuple(
        GameTally(game_id=g, plays=int(plays), wins=int(wins or 0),
                  best_score=_float(best_of(high, low)), last_played=last,
                  cooperative=g in coop or bool(shared))
        for g, plays, wins, high, low, last, shared in games)
    return PlayerProfile(
        name=name,
        games=tuple(sorted(tallies, key=lambda t: (-t.plays, t.game_id))),
        rivals=tuple(sorted((HeadToHead(opponent=o, plays=int(n), wins=int(w or 0),
                                        losses=int(lost or 0)) for o, n, w, lost in rivals),
                            key=lambda h: (-h.plays, h.opponent))))


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


def _games_query(player_id: int, game_id: str | None) -> Any:
    cell = StatCellRow
    query = (select(cell.game_id, func.sum(cell.plays), func.sum(cell.wins), func.max(cell.best),
                    func.min(cell.low_best), func.max(cell.last_at), func.sum(cell.shared))
             .where(cell.player_id == player_id)
             .group_by(cell.game_id)
             .having(func.sum(cell.plays) > 0))
    return query.where(cell.game_id == game_id) if game_id else query


def _rivals_query(player_id: int, game_id: str | None, coop: list[str]) -> Any:
    """Head to head per other person; in a game whose seats win or lose together nobody
    finished ahead (its cells count plays only)."""
    cell = RivalCellRow
    together = cell.game_id.in_(coop) if coop else None

    def counted(column: Any) -> Any:
        return func.sum(column if together is None else case((together, 0), else_=column))

    query = (select(PlayerRow.name, func.sum(cell.plays), counted(cell.ahead),
                    counted(cell.behind))
             .join(PlayerRow, cell.rival_id == PlayerRow.id)
             .where(cell.player_id == player_id)
             .group_by(PlayerRow.id, PlayerRow.name)
             .having(func.sum(cell.plays) > 0))
    return query.where(cell.game_id == game_id) if game_id else query
