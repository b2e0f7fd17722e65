"""値木 at the table: the dealer's aid, a checker of plays for beginners, the tally of wins.

`plays(hand, roads)` lists every play the rules allow with those cards on those roads (the
companion can show a beginner what fits); `check_play(hand, roads, text)` explains why a play
does not fit. A session of several games counts wins; the 親 moves one seat to the left after
each game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.ledger import (
    Session,
    Step,
    check_players,
    sentence_name,
    wins_session,
)
from companion.games.nincetkaik.makup.rules import (
    HAND_SIZE,
    ROADS_AT_START,
    MakupState,
)


def new_session(names: Sequence[str], games: int = 3, parent: int = 0) -> Session:
    check_players("値木", names, 6)
    return wins_session("makup", names, games, parent)


@dataclass(frozen=True)
class GamePlan:
    game: int
    parent: int
    cards_each: int
    roads: int

    def text(self, names: Sequence[str], lang: str = "en") -> str:
        who = sentence_name(names, self.parent, lang)
        if lang == "ja":
            return (f"第{self.game}ゲーム: 親の{who}が各自に {self.cards_each} 枚ずつ配り、"
                    f"山札から {self.roads} 枚を表にして道を作る。{who}から時計回り。")
        return (f"Game {self.game}: {who}, the 親, deals {self.cards_each} cards to each player "
                f"and turns up {self.roads} cards from the deck to start the roads; {who} "
                f"begins, then clockwise.")


def game_plan(session: Session) -> GamePlan:
    return GamePlan(session.rounds_played() + 1, session.parent_rate().parent, HAND_SIZE,
                    ROADS_AT_START)


def _position(hand: str, roads: Sequence[str]) -> MakupState:
    cards = parse_cards(hand) if hand.strip() else []
    return MakupState.position([cards, []], [parse_cards(road) for road in roads])


def plays(hand: str, roads: Sequence[str]) -> list[str]:
    """Every play of `hand` onto `roads` (each road written start to end), in notation."""
    return [str(m) for m in _position(hand, roads).legal_moves()]


def check_play(hand: str, roads: Sequence[str], play: str) -> str | None:
    """None when `play` fits, else the reason as a sentence."""
    state = _position(hand, roads)
    try:
        state.play(state.parse_move(play))
    except (IllegalMoveError, MoveParseError) as exc:
        reason = getattr(exc, "reason", "") or str(exc)
        return reason
    return None


def game_step(session: Session, winners: Sequence[int]) -> Step:
    """One game won by `winners` (several when tied on the fewest cards)."""
    n = session.players
    if not winners or not set(winners) <= set(range(n)):
        raise ValueError("name the winner (or the tied winners) of the game")
    names = session.names
    wins = tuple(1 if s in winners else 0 for s in range(n))
    parent = session.parent_rate().parent
    return Step("game", (("wins", wins),),
                "、".join(sentence_name(names, s, "ja") for s in winners) + "の勝ち",
                ", ".join(sentence_name(names, s, "en") for s in winners) + " won",
                ends_round=True, parent_after=(parent + 1) % n)
