"""Logging a play by hand, or correcting a saved one: the model behind History's "Add play"
and "Edit" (BG Stats-style quick entry). No Qt: the dialog only adapts it.

A `PlayEntry` holds the game, date, duration, place, notes and one `EntrySeat` per player
(name, total score, winner). Winners follow the scores — every seat on the best total wins —
until the person ticks or clears a winner by hand; ranks are competition ranks of the totals
("1, 2, 2, 4"). In a co-operative game (registry extras "cooperative") the seats win or lose
together: `set_team_won`. Editing a saved play keeps what the person does not change (its
ranks with the game's tie-breaks, a seat's category scores, bots, factions, the move record);
a changed total drops that seat's category scores, which would no longer add up to it. A play
made in the app (digital) keeps its results: only names, date, place, notes and duration
change. `problems(lang)` says in sentences why it cannot be saved yet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from companion.history import PlayMode, PlayRecord, SeatResult, is_cooperative
from companion.scoresheet import competition_ranks


@dataclass
class EntrySeat:
    """A player of the play being entered."""

    name: str = ""
    score: float | None = None
    winner: bool = False
    rank: int | None = None
    #: What the seat was when saved (None: a new seat); bots and factions come from here.
    stored: SeatResult | None = None

    @property
    def is_bot(self) -> bool:
        return self.stored is not None and self.stored.is_bot


@dataclass
class PlayEntry:
    """A play as typed in; `to_play_record()` gives what the history stores."""

    game_id: str
    started_at: datetime
    seats: list[EntrySeat] = field(default_factory=list)
    duration_s: int | None = None
    location: str = ""
    notes: str = ""
    #: The saved play being corrected (None: a new play).
    base: PlayRecord | None = None
    winners_by_hand: bool = False
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def new(cls, game_id: str, names: Iterable[str] = ("", ""),
            when: datetime | None = None) -> PlayEntry:
        """A new table play of `game_id` with these players (no scores yet)."""
        # to the second: plays logged in the same minute keep their order
        return cls(game_id, when or datetime.now().replace(microsecond=0),
                   [EntrySeat(name) for name in names])

    @classmethod
    def from_play(cls, play: PlayRecord) -> PlayEntry:
        """The saved `play`, to be corrected."""
        seats = [EntrySeat(s.player, s.score, s.winner, s.rank, stored=s)
                 for s in sorted(play.seats, key=lambda s: s.seat)]
        return cls(play.game_id, play.started_at, seats, play.duration_s, play.location,
                   play.notes, base=play)

    # --- what may change --------------------------------------------------------------------
    @property
    def is_digital(self) -> bool:
        """A play made in the app: its results come from its moves and stay as they are."""
        return self.base is not None and self.base.mode is PlayMode.DIGITAL

    @property
    def cooperative(self) -> bool:
        return is_cooperative(self.game_id)

    def can_change_results(self) -> bool:
        return not self.is_digital

    # --- changes ----------------------------------------------------------------------------
    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def set_game(self, game_id: str) -> None:
        self._require_results("game")
        self.game_id = game_id
        if self.cooperative:
            self.set_team_won(all(s.winner for s in self.seats) and bool(self.seats))
        self._changed()

    def set_name(self, index: int, name: str) -> None:
        if self.seats[index].is_bot:
            raise ValueError(f"seat {index + 1} is a computer opponent; its name stays")
        self.seats[index].name = name
        self._changed()

    def set_score(self, index: int, score: float | None) -> None:
        self._require_results("scores")
        self.seats[index].score = score
        self._rescore()
        self._changed()

    def set_winner(self, index: int, winner: bool) -> None:
        """Tick or clear a winner by hand: from now on the winners are the person's choice."""
        self._require_results("winners")
        if self.cooperative:
            self.set_team_won(winner)
            return
        self.winners_by_hand = True
        self.seats[index].winner = winner
        self._changed()

    def set_team_won(self, won: bool) -> None:
        """A co-operative game: every seat won, or every seat lost."""
        self._require_results("result")
        self.winners_by_hand = True
        for seat in self.seats:
            seat.winner = won
        self._changed()

    def add_seat(self, name: str = "") -> int:
        self._require_results("players")
        self.seats.append(EntrySeat(name, winner=self.cooperative and self.team_won()))
        self._rescore()
        self._changed()
        return len(self.seats) - 1

    def remove_seat(self, index: int) -> None:
        self._require_results("players")
        del self.seats[index]
        self._rescore()
        self._changed()

    def _require_results(self, what: str) -> None:
        if not self.can_change_results():
            raise ValueError(f"the {what} of a game played in the app come from its moves")

    def _rescore(self) -> None:
        """Ranks from the totals; winners too, unless the person chose them."""
        scored = [i for i, s in enumerate(self.seats) if s.score is not None]
        ranks = competition_ranks([self.seats[i].score for i in scored])
        for seat in self.seats:
            seat.rank = None
        for i, rank in zip(scored, ranks, strict=True):
            self.seats[i].rank = rank
        if not self.winners_by_hand and not self.cooperative:
            for seat in self.seats:
                seat.winner = seat.rank == 1

    # --- reading ----------------------------------------------------------------------------
    def team_won(self) -> bool:
        return bool(self.seats) and all(s.winner for s in self.seats)

    def winners(self) -> list[str]:
        return [s.name.strip() for s in self.seats if s.winner]

    def problems(self, lang: str = "en") -> list[str]:
        """Why the play cannot be saved yet, as sentences in `lang`; empty when it can."""
        ja = lang == "ja"
        found = []
        if not self.game_id:
            found.append("ゲームを選んでください。" if ja else "Choose a game.")
        names = [s.name.strip() for s in self.seats if not s.is_bot]
        if not self.seats:
            found.append("プレイヤーを1人以上追加してください。" if ja
                         else "Add at least one player.")
        if any(not name for name in names):
            found.append("全員に名前を入れてください。" if ja else "Every player needs a name.")
        twice = sorted({name for name in names if name and names.count(name) > 1})
        if twice:
            found.append("同じ名前が2回あります: " + "、".join(twice) + "。" if ja
                         else "A name appears twice: " + ", ".join(twice) + ".")
        return found

    def to_play_record(self) -> PlayRecord:
        """The play as the history stores it (mode TABLE for a new play)."""
        seats = [self._seat_result(i, seat) for i, seat in enumerate(self.seats)]
        minutes = timedelta(seconds=self.duration_s or 0)
        if self.base is None:
            return PlayRecord(self.game_id, PlayMode.TABLE, self.started_at, seats,
                              finished_at=self.started_at + minutes,
                              location=self.location.strip(), notes=self.notes,
                              duration_s=self.duration_s)
        finished = self.base.finished_at
        if finished is not None:  # the play keeps its length on the clock
            finished = self.started_at + (finished - self.base.started_at)
        return replace(self.base, game_id=self.game_id, started_at=self.started_at,
                       finished_at=finished, seats=seats, location=self.location.strip(),
                       notes=self.notes, duration_s=self.duration_s)

    def _seat_result(self, index: int, seat: EntrySeat) -> SeatResult:
        stored = seat.stored
        if stored is None:
            return SeatResult(index, seat.name.strip(), score=seat.score, rank=seat.rank,
                              winner=seat.winner, breakdown=_breakdown(seat.score))
        if self.is_digital:
            return replace(stored, player=stored.player if stored.is_bot else seat.name.strip())
        same_total = seat.score == stored.score
        return replace(stored, seat=index, player=seat.name.strip(), score=seat.score,
                       rank=seat.rank, winner=seat.winner,
                       breakdown=dict(stored.breakdown) if same_total
                       else _breakdown(seat.score))


def _breakdown(score: float | None) -> dict[str, float]:
    """A typed total as the score sheet's single category (as the generic sheet stores it)."""
    return {} if score is None else {"score": float(score)}

