"""The table companion for a physical Equilibrium game: a turn tracker and the result sheet.

`TableTracker` is an immutable value: every step (`claim`, `draw`, `chaos`, `end_phase` …)
returns a new tracker, so undo and redo keep the previous values (the screens put each step on
a QUndoStack). It follows phase I / phase II and whose turn it is, counts the dream deck down
(or takes a count entered by hand), the cities claimed out of 12 or 16, and while a chaos card
waits for its penalty it reminds the players of the three penalties. It ends the game as the
rules do: won when every city is claimed, lost when a card must be drawn from an empty deck.

`ResultSheet` is the finished game as a person confirms it — won or lost, cities claimed, cards
left in the deck, the books, the players — and becomes a co-operative `PlayRecord` for the
history (every seat wins, or none; the score of each seat is the cities claimed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from companion.core.errors import CompanionError
from companion.games.equilibrium.cards import BOOK_IDS, MAX_BOOKS, book_name
from companion.games.equilibrium.profile import (
    CHAOS_CARDS,
    HIGHER_PER_ELEMENT,
    INCUBI_PER_ELEMENT,
    SOGNAE_PER_ELEMENT,
)
from companion.games.equilibrium.rules import HAND
from companion.history import PlayMode, PlayRecord, SeatResult

SEEDED = 8  # two dream cards on each of the four cities
REVEALED = 4  # cards turned up by penalty 3


class TrackerError(CompanionError, ValueError):
    """A step the game does not allow now, with the reason in a sentence (in Japanese too, for
    the screens: `text("ja")`)."""

    def __init__(self, message: str, ja: str = "") -> None:
        super().__init__(message)
        self.ja = ja

    def text(self, lang: str) -> str:
        """The reason in `lang` (English where no Japanese was given)."""
        return self.ja if lang == "ja" and self.ja else str(self)


def dream_deck_size(expansions: Sequence[str] = ()) -> int:
    """Dream cards in the box: 72, or 80 with the higher beings."""
    cards = 4 * (INCUBI_PER_ELEMENT + SOGNAE_PER_ELEMENT) + CHAOS_CARDS
    return cards + (4 * HIGHER_PER_ELEMENT if "squares" in expansions else 0)


def expected_deck(players: int, expansions: Sequence[str] = (), books: int = 0,
                  book_cost: int = 2) -> int:
    """The dream deck after the setup if no chaos card turned up while paying for the books
    (each one that did went back into the deck: add it)."""
    return dream_deck_size(expansions) - books * book_cost - SEEDED - HAND * players


PENALTIES: tuple[tuple[str, str], ...] = (
    ("Put the chaos card on the stronger side of a city (a side with fewer than three cards; "
     "on a tie, either side).",
     "混沌カードを都市の強い側に置く(3枚未満の側。同じ強さならどちらでも)。"),
    ("Discard it together with every card of a balanced city that is not claimed.",
     "混沌カードと、獲得されていない均衡した都市のカードをすべて捨てる。"),
    ("Discard it and turn up four cards of the deck (as many as are left, even none): discard "
     "the Incubi, Sognae and higher beings; every chaos card among them needs a penalty of its "
     "own.",
     "混沌カードを捨て、山札から4枚(残りが少なければある分だけ、0枚でもよい)を表にする。"
     "Incubi・Sognae・高次元は捨て札、その中の混沌カードはそれぞれ罰を選ぶ。"),
)


def penalty_reminder(lang: str = "en") -> list[str]:
    """The three chaos penalties, numbered, in `lang`."""
    return [f"{i}. {ja if lang == 'ja' else en}" for i, (en, ja) in enumerate(PENALTIES, 1)]


@dataclass(frozen=True)
class TableTracker:
    """One physical game, step by step. Seat 0 starts (with two players: the Sognae seat)."""

    players: int = 1
    total: int = 12  # cities to claim: 12, or 16 with the squares
    deck: int = 0  # dream cards left in the deck
    claimed: int = 0
    turn: int = 1
    seat: int = 0
    phase: int = 1  # 1 or 2
    chaos: int = 0  # chaos cards waiting for a penalty
    result: str = ""  # "", "won" or "lost"

    @classmethod
    def start(cls, players: int = 1, expansions: Sequence[str] = (), books: int = 0,
              book_cost: int = 2, deck: int | None = None) -> TableTracker:
        """A tracker at the start of turn 1 (`deck` as counted, else the expected size)."""
        if players not in (1, 2):
            raise TrackerError(f"Equilibrium is for 1 or 2 players, not {players}.",
                               f"エクィリブリオンは1人か2人で遊びます({players}人ではできません)。")
        size = expected_deck(players, expansions, books, book_cost) if deck is None else deck
        if size < 0:
            raise TrackerError(f"The deck cannot hold {size} cards.",
                               f"山札を{size}枚にはできません。")
        return cls(players, 16 if "squares" in expansions else 12, size)

    @classmethod
    def from_setup(cls, setup: Any, deck: int | None = None) -> TableTracker:
        return cls.start(setup.players, setup.expansions, len(setup.books), setup.book_cost,
                         deck)

    # --- what the screen shows ----------------------------------------------------------------
    def is_over(self) -> bool:
        return bool(self.result)

    def needs_penalty(self) -> bool:
        """A chaos card waits: show the penalty reminder."""
        return self.chaos > 0

    def status(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        """One line: turn, whose turn (the name typed in, else the seat), phase, deck, cities
        (or the result)."""
        ja = lang == "ja"
        if self.result:
            word = ("勝利" if self.result == "won" else "敗北") if ja else self.result
            return f"{word} ({self.claimed}/{self.total})"
        name = names[self.seat].strip() if self.seat < len(names) else ""
        if self.players == 1:
            seat = ""
        elif name:
            seat = f"・{name}" if ja else f", {name}"
        else:
            seat = f"・{self.seat + 1}人目" if ja else f", seat {self.seat + 1}"
        if ja:
            phase = "フェイズI(1枚プレイか捨てる)" if self.phase == 1 else "フェイズII(補充)"
            return (f"ターン{self.turn}{seat}・{phase}・山札{self.deck}枚・都市"
                    f"{self.claimed}/{self.total}")
        phase = "phase I (play or discard a card)" if self.phase == 1 else "phase II (draw)"
        return (f"Turn {self.turn}{seat}, {phase}; deck {self.deck}; cities "
                f"{self.claimed}/{self.total}")

    # --- steps (each returns a new tracker) ---------------------------------------------------
    def _open(self) -> None:
        if self.result:
            word = "勝利" if self.result == "won" else "敗北"
            raise TrackerError(f"The game is over ({self.result}); undo a step to correct it.",
                               f"ゲームは終わっています({word})。直すには一手戻してください。")

    def claim(self, cities: int = 1) -> TableTracker:
        """Cities claimed (by a balance, a bonus or Plaza Lover); all of them win at once."""
        self._open()
        if cities < 1 or self.claimed + cities > self.total:
            left = self.total - self.claimed
            raise TrackerError(f"Only {left} cities are left to claim.",
                               f"獲得できる都市は残り{left}つです。")
        done = self.claimed + cities
        return replace(self, claimed=done, result="won" if done == self.total else "")

    def take(self, cards: int) -> TableTracker:
        """Cards that leave the deck without going into a hand: two seeded on each new city."""
        self._open()
        if not 0 < cards <= self.deck:
            raise TrackerError(f"The deck holds {self.deck} cards, {cards} cannot be taken.",
                               f"山札は{self.deck}枚なので、{cards}枚は取れません。")
        return replace(self, deck=self.deck - cards)

    def end_phase(self) -> TableTracker:
        """Phase I is done: on to the draw."""
        self._open()
        if self.phase != 1:
            raise TrackerError("Phase II is already being played; end the turn instead.",
                               "もうフェイズIIです。手番を終えてください。")
        return replace(self, phase=2)

    def draw(self) -> TableTracker:
        """Phase II: one card into the hand. From an empty deck the game is lost."""
        self._phase_two()
        if self.deck == 0:
            return replace(self, result="lost")
        return replace(self, deck=self.deck - 1)

    def draw_chaos(self) -> TableTracker:
        """Phase II: the card drawn is a chaos card; a penalty must be chosen."""
        self._phase_two()
        if self.deck == 0:
            return replace(self, result="lost")
        return replace(self, deck=self.deck - 1, chaos=self.chaos + 1)

    def penalty(self, number: int, chaos_found: int = 0) -> TableTracker:
        """A chaos card resolved by penalty 1, 2 or 3; with 3, up to four cards leave the deck
        (as many as remain, none when it is empty: penalty 3 is always a choice) and
        `chaos_found` of them are chaos cards that need penalties too."""
        self._open()
        if not self.chaos:
            raise TrackerError("No chaos card is waiting for a penalty.",
                               "罰を待っている混沌カードはありません。")
        if number not in (1, 2, 3):
            raise TrackerError(f"The penalties are 1, 2 and 3, not {number}.",
                               f"罰は1・2・3です({number}はありません)。")
        if number != 3:
            return replace(self, chaos=self.chaos - 1)
        revealed = min(REVEALED, self.deck)  # as many as remain: none from an empty deck
        if not 0 <= chaos_found <= revealed:
            raise TrackerError(f"{revealed} cards were turned up, so at most {revealed} of them "
                               "are chaos cards.",
                               f"表にしたのは{revealed}枚なので、混沌カードは{revealed}枚まで"
                               "です。")
        return replace(self, deck=self.deck - revealed, chaos=self.chaos - 1 + chaos_found)

    def _phase_two(self) -> None:
        self._open()
        if self.phase != 2:
            raise TrackerError("Cards are drawn in phase II; end phase I first.",
                               "カードはフェイズIIで引きます。先にフェイズIを終えてください。")
        if self.chaos:
            raise TrackerError("A chaos card is waiting: choose its penalty first.",
                               "混沌カードが待っています。先に罰を選んでください。")

    def end_turn(self) -> TableTracker:
        """The hand is full again: the next turn (with two players, the other seat)."""
        self._open()
        if self.phase != 2:
            raise TrackerError("End phase I first (play or discard a card).",
                               "先にフェイズIを終えてください(1枚プレイするか捨てる)。")
        if self.chaos:
            raise TrackerError("A chaos card is waiting: choose its penalty first.",
                               "混沌カードが待っています。先に罰を選んでください。")
        return replace(self, turn=self.turn + 1, seat=(self.seat + 1) % self.players, phase=1)

    def set_deck(self, cards: int) -> TableTracker:
        """Correct the count of the deck (cards counted by hand)."""
        self._open()
        if cards < 0:
            raise TrackerError(f"The deck cannot hold {cards} cards.",
                               f"山札を{cards}枚にはできません。")
        return replace(self, deck=cards)

    def lose(self) -> TableTracker:
        """The players give up or found they had to draw from an empty deck."""
        self._open()
        return replace(self, result="lost")


# --- the result sheet ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ResultSheet:
    """A finished game as the players confirm it; `to_play_record` stores it in the history."""

    names: tuple[str, ...]
    won: bool
    claimed: int
    total: int = 12
    deck_left: int = 0
    expansions: tuple[str, ...] = ()
    books: tuple[str, ...] = ()
    book_cost: int = 2
    started_at: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))
    location: str = ""
    notes: str = ""

    @classmethod
    def from_tracker(cls, tracker: TableTracker, names: Sequence[str], setup: Any = None,
                     **fields: Any) -> ResultSheet:
        """The sheet of a tracked game (its setup gives the expansions and books)."""
        extra: dict[str, Any] = {}
        if setup is not None:
            extra = {"expansions": tuple(setup.expansions), "books": tuple(setup.books),
                     "book_cost": setup.book_cost}
        return cls(tuple(names), tracker.result == "won", tracker.claimed, tracker.total,
                   tracker.deck, **extra, **fields)

    @classmethod
    def from_state(cls, state: Any, names: Sequence[str], **fields: Any) -> ResultSheet:
        """The sheet of a finished digital game."""
        return cls(tuple(names), state.won, len(state.claimed), state.total_cities,
                   state.deck_n, tuple(sorted(state.expansions)), tuple(state.books),
                   state.book_cost, **fields)

    @classmethod
    def from_play(cls, play: PlayRecord) -> ResultSheet:
        """The sheet of a saved co-operative play (what `to_play_record` stored)."""
        seats = sorted(play.seats, key=lambda s: s.seat)
        first = seats[0] if seats else SeatResult(0, "")
        options = play.options or {}
        return cls(tuple(s.player for s in seats), bool(first.winner),
                   int(first.breakdown.get("cities", first.score or 0)),
                   int(first.breakdown.get("total", 16 if "squares" in options.get(
                       "expansions", ()) else 12)),
                   int(first.breakdown.get("deck_left", 0)),
                   tuple(options.get("expansions", ())), tuple(options.get("books", ())),
                   int(options.get("book_cost", 2)), play.started_at, play.location,
                   play.notes)

    def result_text(self, lang: str = "en") -> str:
        """"won (12/12)" / "lost (9/12)" (ja: 勝利 / 敗北)."""
        if lang == "ja":
            return f"{'勝利' if self.won else '敗北'} ({self.claimed}/{self.total})"
        return f"{'won' if self.won else 'lost'} ({self.claimed}/{self.total})"

    def book_names(self, lang: str = "en", short: bool = False) -> list[str]:
        return [book_name(b, lang, short) for b in self.books]

    def problems(self) -> list[str]:
        """Why the sheet cannot be saved yet, one sentence each; empty when it can."""
        found = []
        names = [n.strip() for n in self.names]
        if len(names) not in (1, 2):
            found.append("Equilibrium is played by one or two players.")
        if any(not n for n in names):
            found.append("Every player needs a name.")
        elif len(set(names)) != len(names):
            found.append("The two players have the same name.")
        if not 0 <= self.claimed <= self.total:
            found.append(f"Cities claimed must be between 0 and {self.total}.")
        elif self.won and self.claimed != self.total:
            found.append(f"A won game has all {self.total} cities claimed.")
        elif not self.won and self.claimed == self.total:
            found.append("With every city claimed the game is won, not lost.")
        if self.deck_left < 0:
            found.append("The cards left in the deck cannot be fewer than 0.")
        unknown = [b for b in self.books if b not in BOOK_IDS]
        if unknown:
            found.append(f"Unknown book(s): {', '.join(unknown)}.")
        if len(self.books) > MAX_BOOKS:
            found.append(f"At most {MAX_BOOKS} books are in play.")
        if self.books and "books" not in self.expansions:
            found.append("Books are in play only with the Book of Powers.")
        return found

    def to_play_record(self, finished_at: datetime | None = None,
                       mode: PlayMode = PlayMode.TABLE, record: dict[str, Any] | None = None,
                       seed: int | None = None) -> PlayRecord:
        """The co-operative play for the history: every seat wins or none does; score = cities
        claimed, breakdown cities / total / deck left; with two players the polarity each seat
        started with (Sognae for seat 0)."""
        problems = self.problems()
        if problems:
            raise TrackerError(" ".join(problems))
        seats = []
        for seat, name in enumerate(self.names):
            polarity = "" if len(self.names) == 1 else ("sognae" if seat == 0 else "incubi")
            seats.append(SeatResult(
                seat=seat, player=name.strip(), faction=polarity, score=float(self.claimed),
                breakdown={"cities": float(self.claimed), "total": float(self.total),
                           "deck_left": float(self.deck_left)},
                rank=1, winner=self.won, start_player=seat == 0))
        options = {"expansions": list(self.expansions), "books": list(self.books),
                   "book_cost": self.book_cost}
        return PlayRecord("equilibrium", mode, self.started_at, seats,
                          finished_at=finished_at or datetime.now().replace(microsecond=0),
                          options=options, seed=seed, record=record, location=self.location,
                          notes=self.notes)


def has_figures(play: PlayRecord) -> bool:
    """The play holds the cities claimed (a result sheet, a digital game), not only won or
    lost (a play logged by hand without a score)."""
    return any(s.score is not None or "cities" in s.breakdown for s in play.seats)


def team_result(play: PlayRecord, lang: str = "en") -> str:
    """A saved play's line for the History: "won (12/12)" / "敗北 (9/12)"; only "won" /
    "敗北" when no cities were entered (no figure is made up)."""
    if not has_figures(play):
        won = any(s.winner for s in play.seats)
        return ("勝利" if won else "敗北") if lang == "ja" else ("won" if won else "lost")
    return ResultSheet.from_play(play).result_text(lang)
