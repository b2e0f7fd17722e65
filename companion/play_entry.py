"""Logging a play by hand, or correcting a saved one: the model behind History's "Add play"
and "Edit" (BG Stats-style quick entry). No Qt: the dialog only adapts it.

A `PlayEntry` holds the game, its way of winning (`WinMode`: the app's own games say theirs, a
game the app does not know is won the way the person chose), date, duration, place, notes, the
expansions and variant played, and one `EntrySeat` per player (name, total score, team, start
player, winner). Winners follow the totals — the best total wins, the lowest when the lowest
wins, a team's added-up total in teams — until the person ticks or clears a winner by hand;
ranks are competition ranks ("1, 2, 2, 4", companion/winning.py). Without a score the winners
are ticked; in a co-operative game the seats win or lose together: `set_team_won`. Editing a
saved play keeps what the person does not change (its ranks with the game's tie-breaks, a
seat's category scores, bots, factions, the move record); a changed total drops that seat's
category scores, which would no longer add up to it. A play made in the app (digital) keeps its
results: only names, date, place, notes and duration change. `problems(lang)` says in sentences
why it cannot be saved yet."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from companion.history import PlayMode, PlayRecord, SeatResult, WinMode
from companion.winning import known_win_mode, play_win_mode, rank_seats, ranks_decide, team_mates


@dataclass
class EntrySeat:
    """A player of the play being entered."""

    name: str = ""
    score: float | None = None
    winner: bool = False
    rank: int | None = None
    team: str = ""
    start_player: bool = False
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
    #: How the game is won (the app's own games: theirs; else the person's choice).
    win_mode: WinMode = WinMode.HIGHEST
    #: Expansions played (free text, one each) and the variant ("" none).
    expansions: list[str] = field(default_factory=list)
    variant: str = ""
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def new(cls, game_id: str, names: Iterable[str] = ("", ""),
            when: datetime | None = None, win_mode: WinMode | None = None) -> PlayEntry:
        """A new table play of `game_id` with these players (no scores yet); `win_mode` is
        the way chosen for a game the app does not know (its own games have theirs)."""
        # to the second: plays logged in the same minute keep their order
        mode = known_win_mode(game_id) or win_mode or WinMode.HIGHEST
        return cls(game_id, when or datetime.now().replace(microsecond=0),
                   [EntrySeat(name) for name in names], win_mode=mode)

    @classmethod
    def from_play(cls, play: PlayRecord) -> PlayEntry:
        """The saved `play`, to be corrected."""
        seats = [EntrySeat(s.player, s.score, s.winner, s.rank, s.team, s.start_player,
                           stored=s)
                 for s in sorted(play.seats, key=lambda s: s.seat)]
        raw = play.options.get("expansions") or []
        expansions = [str(e) for e in raw] if isinstance(raw, list) else []
        return cls(play.game_id, play.started_at, seats, play.duration_s, play.location,
                   play.notes, base=play, win_mode=play_win_mode(play),
                   expansions=expansions, variant=str(play.options.get("variant") or ""))

    # --- what may change --------------------------------------------------------------------
    @property
    def is_digital(self) -> bool:
        """A play made in the app: its results come from its moves and stay as they are."""
        return self.base is not None and self.base.mode is PlayMode.DIGITAL

    @property
    def cooperative(self) -> bool:
        return self.win_mode is WinMode.COOPERATIVE

    @property
    def win_mode_fixed(self) -> bool:
        """The app's own game: its way of winning is the game's, not a choice."""
        return known_win_mode(self.game_id) is not None

    def can_change_results(self) -> bool:
        return not self.is_digital

    # --- changes ----------------------------------------------------------------------------
    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def set_game(self, game_id: str, chosen: WinMode | None = None) -> None:
        """Another game; `chosen`: the way kept for it when the app does not know it."""
        self._require_results("game")
        self.game_id = game_id
        self._apply_win_mode(known_win_mode(game_id) or chosen or self.win_mode)
        self._changed()

    def set_win_mode(self, mode: WinMode) -> None:
        """How a game the app does not know is won (the app's own games keep theirs)."""
        self._require_results("way of winning")
        if self.win_mode_fixed:
            raise ValueError(f"{self.game_id} is won its own way ({self.win_mode.value})")
        self._apply_win_mode(mode)
        self._changed()

    def _apply_win_mode(self, mode: WinMode) -> None:
        was = self.win_mode
        self.win_mode = mode
        if mode is WinMode.COOPERATIVE:
            won = was is WinMode.COOPERATIVE and self.team_won()
            for seat in self.seats:
                seat.winner = won
        if mode is not was:
            self.winners_by_hand = mode in (WinMode.NO_SCORE, WinMode.COOPERATIVE)
            if self.winners_by_hand and was is not WinMode.COOPERATIVE:
                for seat in self.seats:
                    seat.winner = False
        self._rescore()

    def set_team(self, index: int, team: str) -> None:
        """The seat's team (teams): ranks and winners follow the teams' totals."""
        self._require_results("teams")
        self.seats[index].team = team
        self._rescore()
        self._changed()

    def set_start_player(self, index: int | None) -> None:
        """Who started (None: nobody said)."""
        for i, seat in enumerate(self.seats):
            seat.start_player = i == index
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
        mates = (team_mates([s.team for s in self.seats], index)
                 if self.win_mode is WinMode.TEAMS else [index])
        for mate in mates:
            self.seats[mate].winner = winner
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
        """Ranks from the totals (by the way of winning); winners too, unless the person
        chose them or the way of winning has them ticked."""
        ranking = rank_seats(self.win_mode, [s.score for s in self.seats],
                             [s.team for s in self.seats])
        for seat, rank in zip(self.seats, ranking.ranks, strict=True):
            seat.rank = rank
        if not self.winners_by_hand and ranks_decide(self.win_mode):
            for seat, won in zip(self.seats, ranking.winners, strict=True):
                seat.winner = won

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
                              options=self._options({}), location=self.location.strip(),
                              notes=self.notes, duration_s=self.duration_s,
                              win_mode=self.win_mode)
        finished = self.base.finished_at
        if finished is not None:  # the play keeps its length on the clock
            finished = self.started_at + (finished - self.base.started_at)
        options = dict(self.base.options) if self.is_digital else self._options(
            self.base.options)
        return replace(self.base, game_id=self.game_id, started_at=self.started_at,
                       finished_at=finished, seats=seats, location=self.location.strip(),
                       notes=self.notes, duration_s=self.duration_s, options=options,
                       win_mode=self.base.win_mode if self.is_digital else self.win_mode)

    def _options(self, before: dict[str, object]) -> dict[str, object]:
        """The play's options with the expansions and variant as entered."""
        options = {k: v for k, v in before.items() if k not in ("expansions", "variant")}
        expansions = [e.strip() for e in self.expansions if e.strip()]
        if expansions:
            options["expansions"] = expansions
        if self.variant.strip():
            options["variant"] = self.variant.strip()
        return options

    def _seat_result(self, index: int, seat: EntrySeat) -> SeatResult:
        stored = seat.stored
        if stored is None:
            return SeatResult(index, seat.name.strip(), score=seat.score, rank=seat.rank,
                              winner=seat.winner, breakdown=_breakdown(seat.score),
                              start_player=seat.start_player, team=seat.team.strip())
        if self.is_digital:
            return replace(stored, player=stored.player if stored.is_bot else seat.name.strip())
        same_total = seat.score == stored.score
        return replace(stored, seat=index, player=seat.name.strip(), score=seat.score,
                       rank=seat.rank, winner=seat.winner, team=seat.team.strip(),
                       start_player=seat.start_player,
                       breakdown=dict(stored.breakdown) if same_total
                       else _breakdown(seat.score))


def _breakdown(score: float | None) -> dict[str, float]:
    """A typed total as the score sheet's single category (as the generic sheet stores it)."""
    return {} if score is None else {"score": float(score)}

