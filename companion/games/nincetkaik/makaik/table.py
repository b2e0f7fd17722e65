"""値戦 at the table: the dealer's aid, the showdown calculator and the point-stick ledger.

`new_session(names)` starts the ledger; after each hand `hand_step(session, paid, hands,
shared)` turns what each player put in the pot (ante and bases) and the showdown into a step:
the best hand among the players still in takes the pot, equal hands split it, and the winner is
the next 親. With one player left the winner is given directly (`winner=`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.nincetkaik.deck import Card
from companion.games.nincetkaik.ledger import (
    SUGGESTED_STOCK,
    Session,
    Step,
    check_players,
    first_after,
    pot_step,
    sentence_name,
)
from companion.games.nincetkaik.makaik.rules import (
    ANTE,
    HAND_SIZE,
    MAX_BASE,
    ROUNDS,
    SHARED,
    hand_value,
    value_label,
)

CATEGORIES = ("pots", "stakes")


def new_session(names: Sequence[str], stock: int = SUGGESTED_STOCK, hands: int = 6,
                parent: int = 0) -> Session:
    check_players("値戦", names, 6)
    return Session("makaik", tuple(names), (stock,) * len(names), parent=parent, rounds=hands,
                   categories=CATEGORIES, options=(("stock", stock), ("hands", hands)))


@dataclass(frozen=True)
class HandPlan:
    """What the dealer does for the next hand."""

    hand: int
    parent: int
    cards_each: int
    shared: int
    ante: int

    def text(self, names: Sequence[str], lang: str = "en") -> str:
        who = sentence_name(names, self.parent, lang)
        if lang == "ja":
            return (f"第{self.hand}勝負: 全員が {self.ante} 点を場に出す。親の{who}が各自に "
                    f"{self.cards_each} 枚ずつ伏せて配り、{self.shared} 枚を表向きに並べる。"
                    f"{who}から順に1回ずつ札を交換し、賭けを {ROUNDS} ラウンド(基準点は1〜"
                    f"{MAX_BASE} 点)。")
        return (f"Hand {self.hand}: everyone antes {self.ante}. {who}, the 親, deals "
                f"{self.cards_each} cards face down to each player and lays {self.shared} face "
                f"up. Each player exchanges once, starting with {who}; then {ROUNDS} betting "
                f"rounds with a base of 1 to {MAX_BASE}.")


def hand_plan(session: Session) -> HandPlan:
    return HandPlan(session.rounds_played() + 1, session.parent_rate().parent, HAND_SIZE,
                    SHARED, ANTE)


def showdown_winners(hands: Mapping[int, Sequence[Card]], shared: Sequence[Card]) -> list[int]:
    """The seats whose best hand (own cards plus the shared cards) is best."""
    values = {s: hand_value([*h, *shared]) for s, h in hands.items()}
    best = max(values.values())
    return sorted(s for s, v in values.items() if v == best)


def hand_step(session: Session, paid: Sequence[int],
              hands: Mapping[int, Sequence[Card]] | None = None,
              shared: Sequence[Card] = (), winner: int | None = None) -> Step:
    """One hand as a ledger step: `paid` per seat (ante and bases), then either the showdown
    `hands` of the players still in with the `shared` cards, or the last player left."""
    n = session.players
    if len(paid) != n:
        raise ValueError(f"{len(paid)} payments for {n} players")
    totals = session.totals()
    for seat, amount in enumerate(paid):
        if amount < ANTE:
            raise ValueError(f"seat {seat + 1}: everyone pays at least the ante of {ANTE}")
        if amount > totals[seat]:
            raise ValueError(f"seat {seat + 1}: paid {amount} but holds only {totals[seat]}")
        if amount > ANTE + ROUNDS * MAX_BASE:
            raise ValueError(f"seat {seat + 1}: {amount} is more than a hand can cost "
                             f"({ANTE + ROUNDS * MAX_BASE})")
    parent = session.parent_rate().parent
    names = session.names
    if winner is not None:
        winners = [winner]
        detail_ja = detail_en = ""
    else:
        if not hands or len(hands) < 2:
            raise ValueError("enter the cards of the players still in (two or more), or the "
                             "last player left")
        if len(shared) < SHARED:
            raise ValueError(f"enter the {SHARED} or more shared cards")
        winners = showdown_winners(hands, shared)
        value = hand_value([*hands[winners[0]], *shared])
        detail_ja = f" ({value_label(value, 'ja')})"
        detail_en = f" ({value_label(value, 'en')})"
    ja = "、".join(sentence_name(names, s, "ja") for s in winners) + "が場を取る" + detail_ja
    en = ", ".join(sentence_name(names, s, "en") for s in winners) + (
        " takes the pot" if len(winners) == 1 else " share the pot") + detail_en
    return pot_step(n, parent, session.pot(), list(paid), winners, "hand", ja, en,
                    first_after(parent, winners, n))
