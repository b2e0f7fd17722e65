"""The 机戦 table companion for two people at a physical board (pure models; no Qt).

- `HandCalculator`: tap the pieces a side holds (captured pieces, 手駒) and read every hand
  they form, the 同色 versions, the points at the current rate, and the hands one piece away.
- `SeasonLedger`: seasons, the rate (×1, ×2, ×4 …), each 再行 / 終季 / penalty, the transfer of
  the 40 points, who leads; it becomes a `PlayRecord` for the history at the end.
- `CastHelper`: the five sticks thrown (or typed in) for a water entry or a stepping move, with
  the verdict and the odds (the throws are kept in the shared `ThrowLog`).

All three are immutable values (or, for the cast log, an append-only log): every change returns
a new value, so the screens' undo and redo simply swap values.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction

from companion.core.chance import STICKS, stick_probability
from companion.games.cetkaik.hands import (
    PIECE_KINDS,
    HandFound,
    HandSpec,
    HandTable,
    count_index,
    find_hand,
    hand_name_in,
    points_text,
)
from companion.games.cetkaik.pieces import Colour, Profession, piece_name
from companion.games.cetkaik.rules import CHAIN_LOSS, SEASON_NAMES, WATER_ENTRY
from companion.games.cetkaik.variants import SIDE_NAMES, VARIANTS, hand_table, variant_of
from companion.games.cetkaik.words import SIDE_NAMES_JA, side_name
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.table.thrower import Faces, ThrowLog


# --- the hand calculator ------------------------------------------------------------------------
@dataclass(frozen=True)
class NearHand:
    """A hand that one more piece would complete (the professions that would do it)."""

    spec: HandSpec
    missing: tuple[Profession, ...]


@dataclass(frozen=True)
class HandCalculator:
    """The pieces one side holds, and what they are worth."""

    counts: tuple[int, ...] = (0,) * PIECE_KINDS
    rate: int = 1
    official_values: bool = False
    variant: str = "standard"
    #: The regional scoring options (see `hands`): hand system, 古計算法, the same hand twice.
    system: str = "standard"
    counting: str = "modern"
    same_hand: str = "once"

    @property
    def table(self) -> HandTable:
        return hand_table(self.variant, self.official_values, self.system, self.counting,
                          self.same_hand)

    @property
    def scale(self) -> int:
        """Values are in these units (10: tenths, under 古計算法 and 三連体系)."""
        return self.table.scale

    def count(self, colour: Colour, profession: Profession) -> int:
        return self.counts[count_index(colour, profession)]

    def limit(self, colour: Colour, profession: Profession) -> int:
        """How many pieces of this colour and profession the whole set has."""
        return VARIANTS[self.variant].piece_set().get((colour, profession), 0)

    def add(self, colour: Colour, profession: Profession) -> HandCalculator:
        """One more piece; `ValueError` when the set has no more of them."""
        if self.count(colour, profession) >= self.limit(colour, profession):
            raise ValueError(f"the set has only {self.limit(colour, profession)} "
                             f"{piece_name(colour, profession)}")
        return self._changed(colour, profession, +1)

    def remove(self, colour: Colour, profession: Profession) -> HandCalculator:
        if not self.count(colour, profession):
            raise ValueError(f"no {piece_name(colour, profession)} is held")
        return self._changed(colour, profession, -1)

    def _changed(self, colour: Colour, profession: Profession, delta: int) -> HandCalculator:
        counts = list(self.counts)
        counts[count_index(colour, profession)] += delta
        return replace(self, counts=tuple(counts))

    def with_rate(self, rate: int) -> HandCalculator:
        if rate < 1 or rate & (rate - 1):
            raise ValueError(f"the rate doubles from ×1: ×{rate} is not one of its steps")
        return replace(self, rate=rate)

    def with_scoring(self, rule: str, value: str) -> HandCalculator:
        """A regional scoring rule changed: `rule` is "system", "counting" or "same_hand"."""
        if rule == "system":
            return replace(self, system=value)
        if rule == "counting":
            return replace(self, counting=value)
        if rule == "same_hand":
            return replace(self, same_hand=value)
        raise ValueError(f"no scoring rule {rule!r}")

    def cleared(self) -> HandCalculator:
        return replace(self, counts=(0,) * PIECE_KINDS)

    def hands(self) -> tuple[HandFound, ...]:
        return tuple(self.table.hands(self.counts))

    def total(self) -> int:
        """The points of the hands before the rate."""
        return sum(h.value for h in self.hands())

    def points(self) -> int:
        """What 終季 would pay now: the hands times the rate."""
        return self.total() * self.rate

    def near_hands(self) -> tuple[NearHand, ...]:
        """Hands not formed yet that one more piece would form."""
        formed = {h.spec.key for h in self.hands()}
        found = []
        for spec in self.table.specs:
            if spec.key in formed:
                continue
            missing = tuple(p for p, _ in spec.needs if self._with_one_more(spec, p))
            if missing:
                found.append(NearHand(spec, missing))
        return tuple(found)

    def _with_one_more(self, spec: HandSpec, profession: Profession) -> bool:
        counts = list(self.counts)
        counts[count_index(Colour.RED, profession)] += 1
        return find_hand(spec, counts) is not None and self._held_kinds_allow(profession)

    def _held_kinds_allow(self, profession: Profession) -> bool:
        """The set has a piece of `profession` (教育机戦 has no 虎, 馬 or 筆)."""
        return any(self.limit(colour, profession) for colour in Colour)

    def lines(self, lang: str = "ja") -> list[str]:
        """One line per hand, then the total (e.g. ``同色獣 5``, ``計 10 × 2 = 20``)."""
        scale = self.scale
        lines = [f"{h.name(lang)} {points_text(h.value, scale)}" for h in self.hands()]
        word = "計" if lang == "ja" else "Total"
        lines.append(f"{word} {points_text(self.total(), scale)} × {self.rate} = "
                     f"{points_text(self.points(), scale)}")
        return lines


# --- the season ledger --------------------------------------------------------------------------
AGAIN, END, PENALTY = "again", "end", "penalty"


@dataclass(frozen=True)
class LedgerEntry:
    """One event of the ledger: 再行, 終季 (with the hands' points before the rate) or a penalty
    taken at once (negative points before the rate)."""

    side: int
    kind: str
    points: int = 0
    hands: tuple[str, ...] = ()


@dataclass(frozen=True)
class LedgerState:
    """What the ledger says after its entries."""

    scores: tuple[int, int]
    rate: int
    season: int  # 0-based, the season being played (the last one once over)
    over: bool
    reason: str
    paid: tuple[int, ...]  # per entry: the points that moved to the entry's side (× rate)
    seasons_scored: tuple[int, int]

    def leader(self) -> int | None:
        if self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1


@dataclass(frozen=True)
class SeasonLedger:
    """The points and seasons of one game at the table. Side 0 is the IA side (black king),
    side 1 the A side (red king); `names` are the players. Points are kept in `scale` units:
    1, or 10 (tenths) when the hands are counted the old way (古計算法, 三連体系)."""

    names: tuple[str, str] = ("", "")
    seasons: int = 4
    start_points: int = 20
    rate_cap: int = 64
    game_id: str = "cetkaik"
    scale: int = 1
    #: The game ends when a side holds every point (the option "cap"; False: every season is
    #: played and points may fall below zero).
    cap: bool = True
    entries: tuple[LedgerEntry, ...] = ()
    started_at: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))

    def __post_init__(self) -> None:
        if not 1 <= self.seasons <= len(SEASON_NAMES):
            raise ValueError(f"a game has 1 to {len(SEASON_NAMES)} seasons, not {self.seasons}")

    # --- entries ----------------------------------------------------------------------------
    def again(self, side: int) -> SeasonLedger:
        """`side` declared 再行: the rate doubles (up to the cap); nothing is paid."""
        return self._add(LedgerEntry(side, AGAIN))

    def end(self, side: int, points: int, hands: Sequence[str] = ()) -> SeasonLedger:
        """`side` declared 終季 holding hands worth `points` (before the rate, penalties
        included): that times the rate moves from the other side, and the next season begins."""
        return self._add(LedgerEntry(side, END, int(points), tuple(hands)))

    def penalty(self, side: int, points: int, name: str = "") -> SeasonLedger:
        """A penalty taken at once (the options that deduct 撃皇 or 皇再来): `points` (negative,
        in `scale` units) times the rate moves from `side` to the other."""
        if points >= 0:
            raise ValueError("a penalty costs points: give it as a negative number")
        return self._add(LedgerEntry(side, PENALTY, int(points), (name,) if name else ()))

    def undo(self) -> SeasonLedger:
        """The ledger without its last entry."""
        if not self.entries:
            raise ValueError("nothing to take back")
        return replace(self, entries=self.entries[:-1])

    def _add(self, entry: LedgerEntry) -> SeasonLedger:
        if entry.side not in (0, 1):
            raise ValueError(f"side must be 0 (IA) or 1 (A), not {entry.side}")
        state = self.state()
        if state.over:
            raise ValueError(f"the game is over ({state.reason}); take back an entry to "
                             "correct it")
        return replace(self, entries=(*self.entries, entry))

    # --- what follows -----------------------------------------------------------------------
    def state(self) -> LedgerState:
        total = 2 * self.start_points * self.scale
        scores = [self.start_points * self.scale] * 2
        rate, season, over, reason = 1, 0, False, ""
        paid: list[int] = []
        scored = [0, 0]
        for entry in self.entries:
            if entry.kind == AGAIN:
                rate = min(rate * 2, self.rate_cap)
                paid.append(0)
                continue
            mine = scores[entry.side] + entry.points * rate
            if self.cap:
                mine = max(0, min(total, mine))
            paid.append(mine - scores[entry.side])
            scores[entry.side], scores[1 - entry.side] = mine, total - mine
            if entry.kind == END and entry.points > 0:
                scored[entry.side] += 1
            if self.cap and mine in (0, total):
                over = True
                winner = entry.side if mine == total else 1 - entry.side
                reason = (f"{SIDE_NAMES[winner]} side holds all "
                          f"{points_text(total, self.scale)} points")
                break
            if entry.kind == END:
                rate = 1
                if season + 1 >= self.seasons:
                    plural = "s" if self.seasons > 1 else ""
                    over, reason = True, f"{self.seasons} season{plural} played"
                    break
                season += 1
        return LedgerState((scores[0], scores[1]), rate, season, over, reason, tuple(paid),
                           (scored[0], scored[1]))

    def season_name(self, lang: str = "ja") -> str:
        ja, en = SEASON_NAMES[self.state().season]
        return ja if lang == "ja" else en

    def lines(self, lang: str = "ja") -> list[str]:
        """The entries as sentences, in order."""
        state = self.state()
        season, rate = 0, 1
        lines = []
        for entry, paid in zip(self.entries, state.paid, strict=False):
            who = self._who(entry.side, lang)
            name = SEASON_NAMES[season][0 if lang == "ja" else 1]
            if entry.kind == AGAIN:
                rate = min(rate * 2, self.rate_cap)
                lines.append(f"{name}: {who} 再行 → ×{rate}" if lang == "ja" else
                             f"{name}: {who} 再行 (again) → ×{rate}")
                continue
            joined = "・".join(entry.hands) if lang == "ja" else \
                " · ".join(hand_name_in(h, lang) for h in entry.hands)
            hands = f" ({joined})" if entry.hands else ""
            points = points_text(entry.points, self.scale)
            moved = ("+" if paid >= 0 else "") + points_text(paid, self.scale)
            if entry.kind == END:
                lines.append(f"{name}: {who} 終季{hands} {points} × {rate} → {moved}"
                             if lang == "ja" else
                             f"{name}: {who} 終季 (end){hands} {points} × {rate} → {moved}")
                season, rate = season + 1, 1
            else:
                lines.append(f"{name}: {who} 罰{hands} {points} × {rate} → {moved}"
                             if lang == "ja" else
                             f"{name}: {who} penalty{hands} {points} × {rate} → {moved}")
        return lines

    def _who(self, side: int, lang: str) -> str:
        name = self.names[side].strip()
        side_text = side_name(side, lang)
        return f"{name}({side_text})" if name and lang == "ja" else \
            f"{name} ({side_text})" if name else side_text

    # --- history ----------------------------------------------------------------------------
    @classmethod
    def from_play(cls, play: PlayRecord) -> SeasonLedger:
        """The ledger of a table play saved by `to_play_record`."""
        if not play.record or "ledger" not in play.record:
            raise ValueError("this play has no season ledger")
        by_seat = {s.seat: s.player for s in play.seats}
        entries = tuple(LedgerEntry(int(e["side"]), str(e["kind"]), int(e.get("points", 0)),
                                    tuple(e.get("hands", ()))) for e in play.record["ledger"])
        start = int(play.options.get("start_points", variant_of(play.game_id).start_points))
        return cls((by_seat.get(0, ""), by_seat.get(1, "")),
                   int(play.options.get("seasons", 4)), start, entries=entries,
                   started_at=play.started_at, game_id=play.game_id,
                   scale=int(play.record.get("scale", 1)),
                   cap=bool(play.options.get("cap", True)))

    def problems(self, lang: str = "en") -> list[str]:
        """Why the play cannot be saved yet, as sentences in `lang`; empty when it can."""
        ja = lang == "ja"
        names = [n.strip() for n in self.names]
        missing = [side_name(side, lang) for side, name in enumerate(names) if not name]
        if missing:
            sides = "・".join(missing) if ja else " and ".join(missing)
            return [f"{sides}の人の名前を入れてください。" if ja else
                    f"Type the name of the player on the {sides}."]
        if names[0] == names[1]:
            return ["二人の名前が同じです。" if ja else "The two players have the same name."]
        if not self.state().over:
            return ["ゲームが終わってから保存できます(40 点すべてを得るか、最後の季節の終季)。"
                    if ja else "Finish the game first (a side holds all the points, or the "
                    "last season ends with 終季)."]
        return []

    def to_play_record(self, location: str = "", notes: str = "",
                       finished_at: datetime | None = None) -> PlayRecord:
        """The play for the history (mode TABLE): points, seasons scored, rank, winner."""
        state = self.state()
        lead = state.leader()
        seats = [SeatResult(
            seat=side, player=self.names[side].strip(), faction=SIDE_NAMES_JA[side],
            score=state.scores[side] / self.scale,
            breakdown={"points": state.scores[side] / self.scale,
                       "seasons": float(state.seasons_scored[side])},
            rank=1 if lead in (None, side) else 2, winner=lead == side) for side in (0, 1)]
        ledger = [{"side": e.side, "kind": e.kind, "points": e.points, "hands": list(e.hands)}
                  for e in self.entries]
        options: dict[str, int | bool] = {"seasons": self.seasons}
        if self.start_points != variant_of(self.game_id).start_points:
            options["start_points"] = self.start_points
        if not self.cap:
            options["cap"] = False
        return PlayRecord(self.game_id, PlayMode.TABLE, self.started_at, seats,
                          finished_at=finished_at or datetime.now().replace(microsecond=0),
                          options=options, record={"ledger": ledger, "scale": self.scale},
                          location=location, notes=notes)


# --- the stick caster ---------------------------------------------------------------------------
WATER, STEP = "water", "step"


@dataclass(frozen=True)
class CastVerdict:
    """What a throw decides: a water entry (3 or more face up enters) or a stepping move (the
    throw is the greatest distance from the stepped-on piece). With 連撃術 (`chain`) a short
    stepping throw may be followed by another that adds to it (`carried`: the total of the
    earlier throws of the move; a later throw below 2 loses it all)."""

    result: int
    purpose: str
    distance: int | None = None  # the announced distance of a stepping move, when known
    chain: bool = False
    carried: int = -1  # -1: the move's first throw

    @property
    def lost(self) -> bool:
        """連撃術: a later throw with 0 or 1 face up loses the whole total."""
        return self.carried >= 0 and self.result < CHAIN_LOSS

    @property
    def total(self) -> int:
        if self.carried < 0:
            return self.result
        return 0 if self.lost else self.carried + self.result

    @property
    def success(self) -> bool:
        if self.purpose == WATER:
            return self.result >= WATER_ENTRY
        return self.total >= (self.distance or 1)

    @property
    def may_throw_again(self) -> bool:
        """連撃術: a stepping move still short of its square may throw again and add."""
        return self.chain and self.purpose == STEP and not self.success and not self.lost

    def text(self, lang: str = "ja") -> str:
        ja = lang == "ja"
        if self.purpose == WATER:
            if self.success:
                return f"{self.result}: 入水成功" if ja else f"{self.result}: enters the water"
            return f"{self.result}: 入水失敗、元のマスに戻る" if ja else \
                f"{self.result}: fails; the piece goes back"
        if self.lost:
            return f"{self.result}: 連撃術の合計を失う、元のマスのまま" if ja else \
                f"{self.result}: 連撃術 total lost; the piece stays"
        shown = str(self.result) if self.carried < 0 else \
            (f"{self.carried}+{self.result}={self.total}")
        if self.distance is None:
            return f"{shown}: 踏み台から {self.total} マスまで" if ja else \
                f"{shown}: up to {self.total} squares from the stepped-on piece"
        if self.success:
            return f"{shown}: {self.distance} マス先に届く" if ja else \
                f"{shown}: reaches {self.distance} squares"
        if self.may_throw_again:
            return f"{shown}: まだ届かない。もう一度投げて足すか、やめる(元のマスのまま)" if ja \
                else f"{shown}: short; throw again and add, or stop (the piece stays)"
        return f"{shown}: 届かない、元のマスのまま" if ja else \
            f"{shown}: too short; the piece stays"


def success_chance(purpose: str, distance: int = 1) -> Fraction:
    """The exact chance that a throw succeeds: water 1/2; a stepping distance d: P(≥ d)."""
    need = WATER_ENTRY if purpose == WATER else distance
    return sum((stick_probability(k) for k in range(need, STICKS + 1)), Fraction(0))


@dataclass
class CastHelper:
    """The sticks at the table: throw them (seeded) or type the result in, read the verdict."""

    log: ThrowLog = field(default_factory=ThrowLog)

    def throw(self, rng: random.Random, purpose: str, distance: int | None = None,
              ) -> tuple[Faces, CastVerdict]:
        faces = self.log.throw(rng)
        return faces, CastVerdict(sum(faces), purpose, distance)

    def enter(self, result: int, purpose: str, distance: int | None = None) -> CastVerdict:
        """A throw made with real sticks, typed in."""
        self.log.add(result)
        return CastVerdict(result, purpose, distance)
