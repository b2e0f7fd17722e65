"""小猫 at the table: the dealer's aid and the score pad. During a season, each emptied hand is
entered with `empty_step` (the largest hand at that moment); the season ends with `season_step`
(the 親 then and everyone's cards in hand, which break ties), which gives the winner 1 more when
they are the 親.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.nincetkaik.deck import DECK_SIZE
from companion.games.nincetkaik.ledger import Session, Step, check_players, sentence_name
from companion.games.nincetkaik.nine.rules import hand_size

MAX_PLAYERS = 4
CATEGORIES = ("points", "parent")


def new_session(names: Sequence[str], seasons: int = 1, parent: int = 0) -> Session:
    check_players("小猫", names, MAX_PLAYERS)
    return Session("nine", tuple(names), (0,) * len(names), parent=parent, rounds=seasons,
                   categories=CATEGORIES, options=(("seasons", seasons),), zero_sum=False)


@dataclass(frozen=True)
class SeasonPlan:
    season: int
    parent: int
    cards_each: int
    deck: int

    def text(self, names: Sequence[str], lang: str = "en") -> str:
        who = sentence_name(names, self.parent, lang)
        if lang == "ja":
            return (f"第{self.season}季節: 親の{who}が各自に {self.cards_each} 枚ずつ配る。"
                    f"残りの {self.deck} 枚が山札。{who}が最初の役を出し、時計回り。"
                    "山札が尽きたら終わり。")
        return (f"Season {self.season}: {who}, the 親, deals {self.cards_each} cards to each "
                f"player; the other {self.deck} are the deck. {who} leads, then clockwise; the "
                "season ends when the deck runs out.")


def season_plan(session: Session) -> SeasonPlan:
    each = hand_size(session.players)
    return SeasonPlan(session.rounds_played() + 1, session.parent_rate().parent, each,
                      DECK_SIZE - each * session.players)


def empty_step(session: Session, seat: int, largest: int) -> Step:
    """A hand emptied: its player scores the largest hand at that moment."""
    n = session.players
    if not 0 <= seat < n:
        raise ValueError("name the player whose hand is empty")
    if not 1 <= largest <= DECK_SIZE:
        raise ValueError(f"the largest hand holds 1 to {DECK_SIZE} cards, not {largest}")
    points = tuple(largest if s == seat else 0 for s in range(n))
    names = session.names
    return Step("empty", (("points", points),),
                f"{sentence_name(names, seat, 'ja')}の手札がなくなった(+{largest})",
                f"{sentence_name(names, seat, 'en')} emptied their hand (+{largest})")


def season_points(session: Session) -> list[int]:
    """Each player's points in the season being played (since the last season's end)."""
    points = [0] * session.players
    for step in session.steps:
        if step.ends_round:
            points = [0] * session.players
            continue
        for seat, delta in enumerate(step.deltas):
            points[seat] += delta
    return points


def season_winners(session: Session, cards_left: Sequence[int]) -> list[int]:
    """Most points this season, then the fewest cards in hand; still equal: all of them."""
    points = season_points(session)
    key = [(points[s], -cards_left[s]) for s in range(session.players)]
    best = max(key)
    return [s for s in range(session.players) if key[s] == best]


def season_step(session: Session, parent: int, cards_left: Sequence[int]) -> Step:
    """The season's end: the winner gets 1 more when they are the 親 (`parent`, the 親 at the
    end); the 親 stays into the next season."""
    n = session.players
    if len(cards_left) != n or any(c < 0 for c in cards_left):
        raise ValueError("enter everyone's cards in hand (0 or more)")
    if not 0 <= parent < n:
        raise ValueError("name the 親 at the season's end")
    winners = season_winners(session, cards_left)
    bonus = tuple(1 if s == parent and s in winners else 0 for s in range(n))
    names = session.names
    who = {lang: ("、" if lang == "ja" else ", ").join(sentence_name(names, s, lang)
                                                      for s in winners) for lang in ("ja", "en")}
    extra = {"ja": "(親なので+1)" if any(bonus) else "",
             "en": " (+1 as 親)" if any(bonus) else ""}
    return Step("season", (("parent", bonus),), f"季節の勝者: {who['ja']}{extra['ja']}",
                f"season won by {who['en']}{extra['en']}", ends_round=True,
                parent_after=parent)
