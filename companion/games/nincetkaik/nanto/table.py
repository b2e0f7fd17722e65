"""開樽 at the table: the dealer's aid, the hand calculator and the point-stick ledger.

`new_session(names)` starts the ledger (everyone holds the same stock, 40 by default); each
deal is entered with `deal_step(session, bets, hands)` — the bets in seating order from the 親
(0 = 無行) and the cards the 加行 players showed — and `Session.add` records it. The step says
who took the pot and who is 親 next; `undo`/`redo` come with the immutable `Session`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.nincetkaik.deck import Card, format_cards
from companion.games.nincetkaik.ledger import (
    SUGGESTED_STOCK,
    Session,
    Step,
    check_players,
    pot_step,
    sentence_name,
    split_pot,
)
from companion.games.nincetkaik.nanto.rules import ENTRY_FEE, HAND_SIZE, best_yaku, showdown

CATEGORIES = ("pots", "stakes")


def new_session(names: Sequence[str], stock: int = SUGGESTED_STOCK, deals: int = 10,
                parent: int = 0) -> Session:
    check_players("開樽", names, 6)
    return Session("nanto", tuple(names), (stock,) * len(names), parent=parent, rounds=deals,
                   categories=CATEGORIES, options=(("stock", stock), ("deals", deals)))


@dataclass(frozen=True)
class DealPlan:
    """What the dealer does for the next deal."""

    deal: int
    parent: int
    cards_each: int
    fee: int
    pot: int  # carried from the last deal

    def text(self, names: Sequence[str], lang: str = "en") -> str:
        who = sentence_name(names, self.parent, lang)
        if lang == "ja":
            carried = f"(前回からの場 {self.pot} 点)" if self.pot else ""
            return (f"第{self.deal}回: 全員が参加料 {self.fee} 点を場に出す{carried}。親の{who}が"
                    f"配り、各自に {self.cards_each} 枚ずつ伏せて配る。{who}から順に無行か加行。")
        carried = f" (the pot holds {self.pot} from the last deal)" if self.pot else ""
        return (f"Deal {self.deal}: everyone puts the entry fee of {self.fee} in the pot"
                f"{carried}. {who}, the 親, deals {self.cards_each} cards face down to each "
                f"player; {who} speaks first (無行 or 加行), then clockwise.")


def deal_plan(session: Session) -> DealPlan:
    return DealPlan(session.rounds_played() + 1, session.parent_rate().parent, HAND_SIZE,
                    ENTRY_FEE, session.pot())


def check_bets(session: Session, bets: Sequence[int]) -> None:
    """`ValueError` with a sentence when the bets (per seat, 0 = 無行) break the rules."""
    n = session.players
    if len(bets) != n:
        raise ValueError(f"{len(bets)} bets for {n} players")
    parent = session.parent_rate().parent
    totals = session.totals()
    least = 1
    for i in range(n):
        seat = (parent + i) % n
        bet = bets[seat]
        if bet < 0:
            raise ValueError(f"seat {seat + 1}: a bet cannot be negative")
        if bet == 0:
            continue
        if bet < least:
            raise ValueError(f"seat {seat + 1}: a 加行 of {bet} is less than the previous "
                             f"加行 ({least})")
        if bet > totals[seat] - ENTRY_FEE:
            raise ValueError(f"seat {seat + 1}: a bet of {bet} is more than the "
                             f"{totals[seat] - ENTRY_FEE} points left after the entry fee")
        least = bet


def deal_step(session: Session, bets: Sequence[int],
              hands: Mapping[int, Sequence[Card]] | None = None,
              winners: Sequence[int] | None = None) -> Step:
    """One deal as a ledger step. Two or more 加行 players: the winners come from their
    `hands` (or are given as `winners` when the cards were not entered)."""
    check_bets(session, bets)
    n = session.players
    parent = session.parent_rate().parent
    bettors = [s for s in range(n) if bets[s] > 0]
    if len(bettors) >= 2:
        if winners is None:
            if hands is None or sorted(hands) != bettors:
                raise ValueError("enter the cards of every 加行 player (or the winners)")
            for seat, cards in hands.items():
                if len(cards) != HAND_SIZE:
                    raise ValueError(f"seat {seat + 1}: a 開樽 hand has {HAND_SIZE} cards")
            winners = showdown(dict(hands))
        elif not set(winners) <= set(bettors) or not winners:
            raise ValueError("the winners must be among the 加行 players")
    else:
        winners = bettors
    paid = [ENTRY_FEE + bets[s] for s in range(n)]
    parent_after = (parent + 1) % n if bets[parent] == 0 else parent
    names = session.names
    if winners:
        ja = "、".join(sentence_name(names, s, "ja") for s in winners) + "が場を取る"
        en = ", ".join(sentence_name(names, s, "en") for s in winners) + (
            " takes the pot" if len(winners) == 1 else " share the pot")
    else:
        ja, en = "全員が無行: 場は次回へ", "everyone chose 無行: the pot stays"
    if hands and len(bettors) >= 2:
        ja += " (" + "、".join(f"{sentence_name(names, s, 'ja')} {best_yaku(h).label('ja')}"
                               for s, h in sorted(hands.items())) + ")"
        en += " (" + ", ".join(f"{sentence_name(names, s, 'en')} {best_yaku(h).label('en')}"
                               for s, h in sorted(hands.items())) + ")"
    return pot_step(n, parent, session.pot(), paid, winners, "deal", ja, en, parent_after)


def closing_step(session: Session) -> Step:
    """At the end, a pot still on the table is shared by everyone (odd points after the 親)."""
    n = session.players
    shares = split_pot(session.pot(), list(range(n)), session.parent_rate().parent, n)
    return Step("close", (("pots", tuple(shares)),), "残った場を全員で分ける",
                "the pot left is shared by everyone", pot=-sum(shares))


def hand_label(cards: Sequence[Card], lang: str = "en") -> str:
    """The calculator's answer for one hand: its best 役 and the cards."""
    return f"{best_yaku(cards).label(lang)} ({format_cards(sorted(cards))})"
