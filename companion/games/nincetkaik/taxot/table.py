"""終季 at the table: the dealer's aid, the score calculator and the point-stick ledger.

`new_session(names)` starts a zero-based ledger. During a season the table enters each 開
(`call_step`) and each four-card set laid out (`four_set_step`) as it happens; the season ends
with `season_step` (a 終季: the winning cards, who discarded the winning card, whether it came in
the first round, the 光 indicators) or `drawn_step` (the 山札 ran out). Every step knows the 親
and 加点 that follow, so the dealer's aid (`season_plan`) always names the next 親.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.nincetkaik.deck import Card, format_cards, parse_cards
from companion.games.nincetkaik.hands import Combo, Kind, partitions, readings
from companion.games.nincetkaik.ledger import (
    ParentRate,
    Session,
    Step,
    check_players,
    sentence_name,
)
from companion.games.nincetkaik.taxot.rules import CATEGORIES
from companion.games.nincetkaik.taxot.scoring import HAND, TaxotScore, payments, score_hand


def new_session(names: Sequence[str], seasons: int = 4, parent: int = 0,
                light: bool = False) -> Session:
    check_players("終季", names, 4)
    return Session("taxot", tuple(names), (0,) * len(names), parent=parent, rounds=seasons,
                   categories=CATEGORIES, options=(("seasons", seasons), ("light", light)))


@dataclass(frozen=True)
class SeasonPlan:
    season: int
    parent: int
    rate: int
    cards_each: int
    light: bool

    def text(self, names: Sequence[str], lang: str = "en") -> str:
        who = sentence_name(names, self.parent, lang)
        if lang == "ja":
            light = "山札の一番上を表にして光にする。" if self.light else ""
            return (f"第{self.season}季節: 親は{who}(加点 {self.rate})。{who}が各自に "
                    f"{self.cards_each} 枚ずつ配る。{light}{who}から時計回りに、1枚引いて1枚"
                    "捨てる。")
        light = "Turn up the top card of the deck as the 光 indicator. " if self.light else ""
        return (f"Season {self.season}: {who} is 親 (加点 {self.rate}) and deals "
                f"{self.cards_each} cards to each player. {light}Starting with {who}, clockwise: "
                "draw one, discard one.")


def season_plan(session: Session) -> SeasonPlan:
    rate = session.parent_rate()
    light = bool(dict(session.options).get("light", False))
    return SeasonPlan(session.rounds_played() + 1, rate.parent, rate.rate, HAND, light)


def read_melds(melds: Sequence[str]) -> list[Combo]:
    """Laid-out 役 from text; `ValueError` for one that is not a 3-set, 3-run or 4-set."""
    found = []
    for text in melds:
        cards = parse_cards(text)
        options = [r for r in readings(cards) if is_meld(r)]
        if not options:
            raise ValueError(f"{text} is not a 3-set, 3-run or 4-set")
        found.append(max(options, key=lambda r: (r.kind, r.rank)))
    return found


def is_meld(combo: Combo) -> bool:
    """A 役 that can lie laid out: a 3-set, 3-run (開) or 4-set (開, 四友)."""
    return (combo.kind is Kind.SET and combo.size in (3, 4)) or (
        combo.kind is Kind.RUN and combo.size == 3)


def split_melds(cards: str) -> list[str]:
    """Laid-out cards (all of them, in any order) as their 役, e.g. ``r5r5r5b1b2b3`` ->
    ``["r5r5r5", "b1b2b3"]``; `ValueError` when they are not 3-sets, 3-runs or 4-sets."""
    found = parse_cards(cards) if cards.strip() else []
    if not found:
        return []
    for split in partitions(found, is_meld):
        return [format_cards(m.cards) for m in split]
    raise ValueError(f"{cards} are not 3-sets, 3-runs or 4-sets")


def score(hand: str, melds: Sequence[str] = (), first_round: bool = False,
          indicators: str = "") -> TaxotScore:
    """The calculator: the best score of a winning hand (cards in hand with the winning card,
    plus the laid-out 役); `ValueError` with a sentence when it does not win."""
    cards = parse_cards(hand)
    laid = read_melds(melds)
    total = len(cards) + sum(m.size for m in laid)
    if total != HAND + 1:
        raise ValueError(f"a 終季 hand has {HAND + 1} cards (laid-out ones included), not "
                         f"{total}")
    lights: list[Card] = parse_cards(indicators) if indicators.strip() else []
    result = score_hand(cards, laid, first_round, lights)
    if result is None:
        raise ValueError(f"{hand} does not split into [2][2][2], [2][4] or [3][3]")
    return result


def season_step(session: Session, winner: int, hand: str, melds: Sequence[str] = (),
                discarder: int | None = None, first_round: bool = False,
                indicators: str = "") -> Step:
    """A 終季: on the winner's own draw every other player pays, on a discard the discarder."""
    n = session.players
    if not 0 <= winner < n or (discarder is not None and
                               (not 0 <= discarder < n or discarder == winner)):
        raise ValueError("name the winner and (for a discard) another player who discarded")
    result = score(hand, melds, first_round, indicators)
    rate = session.parent_rate()
    payers = [discarder] if discarder is not None else [s for s in range(n) if s != winner]
    deltas = payments(result, rate, winner, payers, n)
    after = rate.after(winner)
    names = session.names
    return Step("season", (("seasons", tuple(deltas)),),
                f"{sentence_name(names, winner, 'ja')}の終季: {result.text('ja')}",
                f"{sentence_name(names, winner, 'en')} ends the season: {result.text('en')}",
                ends_round=True, parent_after=after.parent, rate_after=after.rate)


def drawn_step(session: Session) -> Step:
    """The 山札 ran out without a 終季: nobody pays, the 親 and the 加点 stay."""
    rate: ParentRate = session.parent_rate()
    return Step("season", (("seasons", (0,) * session.players),), "山札切れ(支払いなし)",
                "the deck ran out (no payment)", ends_round=True, parent_after=rate.parent,
                rate_after=rate.rate)


def call_step(session: Session, caller: int, discarder: int, four_set: bool = False) -> Step:
    """開: the caller pays the discarder 1 (and, completing a four-set, gets 四友 too)."""
    n = session.players
    if caller == discarder or not (0 <= caller < n and 0 <= discarder < n):
        raise ValueError("a call takes another player's discard")
    calls = [0] * n
    calls[caller], calls[discarder] = -1, 1
    parts: list[tuple[str, tuple[int, ...]]] = [("calls", tuple(calls))]
    if four_set:
        parts.append(("four_sets", _four_set(n, caller)))
    names = session.names
    who = {lang: (sentence_name(names, caller, lang), sentence_name(names, discarder, lang))
           for lang in ("ja", "en")}
    return Step("call", tuple(parts), "{}が{}から開".format(*who["ja"]),
                "{} calls from {}".format(*who["en"]))


def four_set_step(session: Session, seat: int) -> Step:
    """四友: a four-card set laid out; every other player pays 1 at once."""
    names = session.names
    return Step("four_set", (("four_sets", _four_set(session.players, seat)),),
                f"{sentence_name(names, seat, 'ja')}の四友",
                f"{sentence_name(names, seat, 'en')}: 四友")


def _four_set(players: int, seat: int) -> tuple[int, ...]:
    return tuple(players - 1 if s == seat else -1 for s in range(players))
