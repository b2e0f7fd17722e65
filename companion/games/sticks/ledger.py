"""The session ledger (点棒) of the stick games, as plain data for the UI and the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


def who(seat: int, names: Sequence[str] | None, lang: str) -> str:
    """A seat as a sentence names it: the player's name when known, else "seat n"."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"席 {seat + 1}" if lang == "ja" else f"seat {seat + 1}"


@dataclass(frozen=True)
class RoundResult:
    """How the last throw-off of 獣裁 / 連撃獣裁 ended: a winner, or a tie that goes on."""

    round: int
    winner: int | None  # None: tie, the `tied` seats throw again
    amount: int  # the pot the winner took
    results: tuple[int | None, ...]  # per seat; None = did not throw in that throw-off
    tied: tuple[int, ...] = ()
    throwoff: int = 0  # how many tie re-throws came before (or, for a tie, this is number n)

    def text(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        if self.winner is None:
            seats = "、".join(who(s, names, lang) for s in self.tied) if lang == "ja" else \
                ", ".join(who(s, names, lang) for s in self.tied)
            if lang == "ja":
                return f"第{self.round}ラウンド: 同点（{seats}）— 同点の人だけ再び賭けて投げる"
            return (f"Round {self.round}: tie between {seats} — "
                    "only they stake and throw again")
        winner = who(self.winner, names, lang)
        if lang == "ja":
            return f"第{self.round}ラウンド: {winner} が場の {self.amount} 点を取った"
        return f"Round {self.round}: {winner} takes the pot of {self.amount}"


@dataclass(frozen=True)
class ShinyuResult:
    """How a 新遊 round ended: the banker's throw and each seat's gain or loss."""

    round: int
    banker: int
    throw: int
    deltas: tuple[int, ...]  # per seat, change of points this round (the bet included)
    shortfall: int = 0  # what the banker owed but could not pay

    def text(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        gains = ", ".join(
            f"{who(s, names, lang)}: {d:+d}" for s, d in enumerate(self.deltas)
            if d and s != self.banker
        )
        bank = self.deltas[self.banker]
        banker = who(self.banker, names, lang)
        if lang == "ja":
            short = f"（払いきれず {self.shortfall} 点不足）" if self.shortfall else ""
            return (f"第{self.round}ラウンド: 親（{banker}）が {self.throw} を出した。"
                    f"親 {bank:+d}{short}" + (f"、子 {gains}" if gains else ""))
        short = f" (could not pay {self.shortfall})" if self.shortfall else ""
        return (f"Round {self.round}: the banker, {banker}, threw {self.throw}; "
                f"banker {bank:+d}{short}" + (f"; players {gains}" if gains else ""))


@dataclass(frozen=True)
class Ledger:
    """The table as the UI shows it (seats are 0-based indices)."""

    points: tuple[int, ...]
    pot: int
    round: int
    rounds: int
    contenders: tuple[int, ...] = ()  # seats still throwing this round (獣裁 family)
    results: tuple[int | None, ...] = ()  # fixed results of this throw-off, per seat
    seat: int | None = None  # whose turn (also while their sticks are in the air)
    running: int | None = None  # 連撃獣裁: running total of the seat at turn
    last_throw: int | None = None  # the most recent throw
    last: RoundResult | ShinyuResult | None = None
    banker: int | None = None  # 新遊
    bets: tuple[tuple[int, int] | None, ...] = field(default=())  # 新遊: (number, amount)

    def last_text(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The last round's result as a sentence ("" before the first result)."""
        return "" if self.last is None else self.last.text(lang, names)
