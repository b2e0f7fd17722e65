"""The generic table score sheet: any game, players as columns, score categories as rows.

A person types each player's score (one total, or one per category of
`GameInfo.score_categories`); the sheet gives totals, competition ranks ("1, 2, 2, 4": tied
players share a rank and the next rank is skipped) and the winners (every player on the best
total shares the victory). A game with its own sheet extends this one: subclass it and
override `tie_break` (a sort key compared only between equal totals, higher is better), or
pass a `tie_break` callable. A row may count against the total (`weight`, e.g. −1 VP per
unconnected node: the person types the count) and refuse a value (`refusal`). Changes are
announced to `listeners` (a Qt model adapts them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.history import PlayMode, PlayRecord, SeatResult, WinMode

#: A score category: (key, Japanese label, English label).
Category = tuple[str, str, str]

#: The single category of a game without score categories.
SCORE_CATEGORY: Category = ("score", "得点", "Score")

#: A tie-break: (sheet, player index) -> a sort key; higher wins among equal totals.
TieBreak = Callable[["ScoreSheet", int], Any]


def categories_for(game_id: str) -> list[Category]:
    """The game's score categories from the registry, or the single "score" category."""
    try:
        from companion.games import registry

        found = list(registry.get(game_id).score_categories)
    except Exception:  # an unknown or broken game still gets a plain sheet
        found = []
    return found or [SCORE_CATEGORY]


def competition_ranks(keys: Sequence[Any]) -> list[int]:
    """Competition ranks of sort keys (higher is better): [9, 7, 7, 3] -> [1, 2, 2, 4]."""
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


@dataclass
class ScoreSheet:
    """One play at the table: who played, what each scored, who won."""

    game_id: str
    players: list[str]
    categories: list[Category] = field(default_factory=lambda: [SCORE_CATEGORY])
    date: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))
    location: str = ""
    notes: str = ""
    #: Scores by (player index, category key); a missing entry is an empty cell.
    scores: dict[tuple[int, str], float] = field(default_factory=dict)
    tie_breaker: TieBreak | None = None
    #: The highest total wins, or the lowest (a game the person said is won that way).
    win_mode: WinMode = WinMode.HIGHEST
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def for_game(cls, game_id: str, players: Sequence[str], **kwargs: Any) -> ScoreSheet:
        """A sheet with the game's own categories from the registry."""
        return cls(game_id, list(players), categories_for(game_id), **kwargs)

    # --- changes ----------------------------------------------------------------------------
    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def player_index(self, player: int | str) -> int:
        """A player given by index or by name; `KeyError` names the unknown player."""
        if isinstance(player, int):
            if 0 <= player < len(self.players):
                return player
        elif player in self.players:
            return self.players.index(player)
        raise KeyError(f"no player {player!r} on this sheet ({', '.join(self.players)})")

    def category_keys(self) -> list[str]:
        return [key for key, _, _ in self.categories]

    def _check_category(self, category: str) -> None:
        if category not in self.category_keys():
            raise KeyError(f"no category {category!r} (known: {', '.join(self.category_keys())})")

    def set_score(self, player: int | str, category: str, value: float | None) -> None:
        """Enter (or clear, with None) one score."""
        index = self.player_index(player)
        self._check_category(category)
        if value is None:
            self.scores.pop((index, category), None)
        else:
            self.scores[(index, category)] = float(value)
        self._changed()

    def score(self, player: int | str, category: str) -> float | None:
        """The value typed in a cell (None when empty)."""
        return self.scores.get((self.player_index(player), category))

    def weight(self, category: str) -> float:
        """Points per unit typed in a row: 1 (the row holds points) unless a game says else."""
        return 1.0

    def refusal(self, category: str, value: float, lang: str = "en") -> str | None:
        """Why `value` cannot stand in a row, as a sentence in `lang` (None: it can)."""
        return None

    def rename_player(self, player: int | str, name: str) -> None:
        self.players[self.player_index(player)] = name
        self._changed()

    def add_player(self, name: str) -> int:
        self.players.append(name)
        self._changed()
        return len(self.players) - 1

    def remove_player(self, player: int | str) -> None:
        """Drop a player and their scores; later players move up one column."""
        index = self.player_index(player)
        del self.players[index]
        self.scores = {
            (p - (p > index), key): value
            for (p, key), value in self.scores.items() if p != index
        }
        self._changed()

    def set_notes(self, notes: str) -> None:
        self.notes = notes
        self._changed()

    def set_location(self, location: str) -> None:
        self.location = location
        self._changed()

    def clear_for_new_play(self, when: datetime | None = None) -> None:
        """The next play at the same table: the same players and place, no scores or notes,
        dated `when` (now)."""
        self.scores = {}
        self.notes = ""
        self.date = when or datetime.now().replace(microsecond=0)
        self._changed()

    # --- results ----------------------------------------------------------------------------
    def total(self, player: int | str) -> float:
        index = self.player_index(player)
        return sum(self.scores.get((index, key), 0.0) * self.weight(key)
                   for key in self.category_keys())

    def totals(self) -> list[float]:
        return [self.total(i) for i in range(len(self.players))]

    def breakdown(self, player: int | str) -> dict[str, float]:
        """Points per category (weighted, so that they add up to the total)."""
        index = self.player_index(player)
        return {key: self.scores[(index, key)] * self.weight(key)
                for key in self.category_keys() if (index, key) in self.scores}

    def is_complete(self) -> bool:
        """Every player has every score entered."""
        return all((p, key) in self.scores
                   for p in range(len(self.players)) for key in self.category_keys())

    def has_scores(self) -> bool:
        return bool(self.scores)

    def tie_break(self, player: int) -> Any:
        """Sort key deciding between equal totals (higher is better); none by default."""
        return self.tie_breaker(self, player) if self.tie_breaker is not None else 0

    def ranking_keys(self) -> list[tuple[float, Any]]:
        sign = -1.0 if self.win_mode is WinMode.LOWEST else 1.0
        return [(sign * self.total(i), self.tie_break(i)) for i in range(len(self.players))]

    def set_win_mode(self, mode: WinMode) -> None:
        """The highest or the lowest total wins (ranks and winners follow)."""
        if mode not in (WinMode.HIGHEST, WinMode.LOWEST):
            raise ValueError(f"a score sheet ranks totals: highest or lowest, not {mode.value}")
        self.win_mode = mode
        self._changed()

    def ranks(self) -> list[int]:
        """Competition ranks: tied players share a rank, the next rank is skipped."""
        return competition_ranks(self.ranking_keys())

    def winner_indexes(self) -> list[int]:
        """Every player ranked first (a shared victory when several); none before any score."""
        if not self.players or not self.has_scores():
            return []
        return [i for i, rank in enumerate(self.ranks()) if rank == 1]

    def winners(self) -> list[str]:
        return [self.players[i] for i in self.winner_indexes()]

    def is_shared_victory(self) -> bool:
        return len(self.winner_indexes()) > 1

    def problems(self, lang: str = "en") -> list[str]:
        """Why the sheet cannot be saved yet, as sentences in `lang`; empty when it can."""
        ja = lang == "ja"
        found = []
        names = [name.strip() for name in self.players]
        if not names:
            found.append("プレイヤーを1人以上追加してください。" if ja
                         else "Add at least one player.")
        if any(not name for name in names):
            found.append("全員に名前を入れてください。" if ja else "Every player needs a name.")
        duplicates = sorted({name for name in names if name and names.count(name) > 1})
        if duplicates:
            found.append("同じ名前が2回あります: " + "、".join(duplicates) + "。" if ja else
                         "A name appears twice: " + ", ".join(duplicates) + ".")
        if not self.has_scores():
            found.append("得点を1つ以上入力してください。" if ja else "Enter at least one score.")
        return found

    # --- history ----------------------------------------------------------------------------
    def to_play_record(self, finished_at: datetime | None = None) -> PlayRecord:
        """The play as history data (mode TABLE): seats with scores, breakdown, rank, winner."""
        ranks = self.ranks()
        winners = set(self.winner_indexes())
        seats = [
            SeatResult(
                seat=i,
                player=name.strip(),
                score=self.total(i),
                breakdown=self.breakdown(i),
                rank=ranks[i],
                winner=i in winners,
            )
            for i, name in enumerate(self.players)
        ]
        return PlayRecord(
            game_id=self.game_id,
            mode=PlayMode.TABLE,
            started_at=self.date,
            finished_at=finished_at or self.date,
            seats=seats,
            location=self.location.strip(),
            notes=self.notes,
            win_mode=self.win_mode,
        )
