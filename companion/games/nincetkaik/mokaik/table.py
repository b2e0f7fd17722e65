"""行戦 at the table: the dealer's aid, the season calculator and the point-stick ledger.

`new_session(names)` starts a zero-based ledger; `season_plan` says who is 親 (and the 加点),
how many cards each player gets and who leads. A season is entered with `season_step`: the
winner of the last round and how many 公開札 (own cards kept face up) every player has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.nincetkaik.ledger import Session, Step, check_players, sentence_name
from companion.games.nincetkaik.mokaik.rules import CATEGORIES, hand_size, season_payments

MAX_PLAYERS = 6


def new_session(names: Sequence[str], seasons: int = 4, parent: int = 0) -> Session:
    check_players("行戦", names, MAX_PLAYERS)
    return Session("mokaik", tuple(names), (0,) * len(names), parent=parent, rounds=seasons,
                   categories=CATEGORIES, options=(("seasons", seasons),))


@dataclass(frozen=True)
class SeasonPlan:
    season: int
    parent: int
    rate: int
    cards_each: int
    unused: int

    def text(self, names: Sequence[str], lang: str = "en") -> str:
        who = sentence_name(names, self.parent, lang)
        if lang == "ja":
            return (f"第{self.season}季節: 親は{who}(加点 {self.rate})。{who}が各自に "
                    f"{self.cards_each} 枚ずつ配り、残り {self.unused} 枚は使わない。{who}が最初の"
                    "役を表で出し、時計回りに、同じ種類・枚数・色のより強い役を出すか、同じ枚数を"
                    "伏せて出す。")
        return (f"Season {self.season}: {who} is 親 (加点 {self.rate}) and deals "
                f"{self.cards_each} cards to each player; the other {self.unused} are not used. "
                f"{who} leads a 役 face up; clockwise, each player lays a stronger 役 of the "
                "same type, size and colours, or as many cards face down.")


def season_plan(session: Session) -> SeasonPlan:
    rate = session.parent_rate()
    size = hand_size(session.players)
    return SeasonPlan(session.rounds_played() + 1, rate.parent, rate.rate, size,
                      48 - size * session.players)


def check_counts(players: int, winner: int, counts: Sequence[int]) -> None:
    """`ValueError` with a sentence when the 公開札 counts cannot come from one season."""
    if len(counts) != players:
        raise ValueError(f"{len(counts)} counts for {players} players")
    if not 0 <= winner < players:
        raise ValueError("name the winner of the last round")
    if any(c < 0 for c in counts):
        raise ValueError("a count of face-up cards cannot be negative")
    dealt = hand_size(players)
    if any(c > dealt for c in counts):
        raise ValueError(f"nobody keeps more face-up cards than the {dealt} they were dealt")
    if counts[winner] < 1:
        raise ValueError("the winner of the last round keeps at least the cards they won it "
                         "with")


def season_step(session: Session, winner: int, counts: Sequence[int]) -> Step:
    """A season: every other player pays the winner (6 − their own 公開札), × 加点 when the 親
    pays or receives; a negative amount is paid by the winner."""
    check_counts(session.players, winner, counts)
    rate = session.parent_rate()
    deltas = season_payments(counts, winner, rate)
    after = rate.after(winner)
    names = session.names
    shown = {lang: ("、" if lang == "ja" else ", ").join(
        f"{sentence_name(names, s, lang)} {c}" for s, c in enumerate(counts))
        for lang in ("ja", "en")}
    return Step("season", (("seasons", deltas),),
                f"{sentence_name(names, winner, 'ja')}が最後のラウンドに勝った(公開札: "
                f"{shown['ja']})",
                f"{sentence_name(names, winner, 'en')} won the last round (face-up cards: "
                f"{shown['en']})",
                ends_round=True, parent_after=after.parent, rate_after=after.rate)
