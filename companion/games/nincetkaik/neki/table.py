"""連友 at the table: the dealer's aid, a checker of what beats the 役 on the table, the tally
of wins. `answers(hand, top)` lists every 役 of `hand` that may be laid on `top` (or, with no
`top`, every 役 it can lead). A session of several games counts wins; the winner of a game is
the next 親.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.games.nincetkaik.deck import DECK_SIZE, parse_cards
from companion.games.nincetkaik.ledger import (
    Session,
    Step,
    check_players,
    sentence_name,
    wins_session,
)
from companion.games.nincetkaik.neki.rules import NekiState

MAX_PLAYERS = 6


def new_session(names: Sequence[str], games: int = 3, parent: int = 0) -> Session:
    check_players("連友", names, MAX_PLAYERS)
    return wins_session("neki", names, games, parent)


@dataclass(frozen=True)
class GamePlan:
    game: int
    parent: int
    cards_each: int
    aside: int

    def text(self, names: Sequence[str], lang: str = "en") -> str:
        who = sentence_name(names, self.parent, lang)
        if lang == "ja":
            aside = f"余りの {self.aside} 枚は伏せて脇に置く。" if self.aside else ""
            return (f"第{self.game}ゲーム: 親の{who}が札を全部、各自に {self.cards_each} 枚ずつ"
                    f"配る。{aside}{who}が最初の役を出し、時計回り。")
        aside = f" The {self.aside} left over lie aside face down." if self.aside else ""
        return (f"Game {self.game}: {who}, the 親, deals the whole deck, {self.cards_each} "
                f"cards to each player.{aside} {who} leads, then clockwise.")


def game_plan(session: Session) -> GamePlan:
    each = DECK_SIZE // session.players
    return GamePlan(session.rounds_played() + 1, session.parent_rate().parent, each,
                    DECK_SIZE - each * session.players)


def answers(hand: str, top: str = "") -> list[str]:
    """Every 役 of `hand` that may be laid on `top` (a 役 on the table; empty: a lead), in
    notation; `ValueError` with a sentence when `top` is no 役."""
    mine = parse_cards(hand) if hand.strip() else []
    if not top.strip():
        return [str(m) for m in NekiState.position([mine, []]).legal_moves()]
    laid = parse_cards(top)
    for verb in ("play", "run"):
        state = NekiState.position([mine, laid], mover=1)
        try:
            state.play(state.parse_move(f"{verb} {''.join(top.split())}"))
        except (IllegalMoveError, MoveParseError):
            continue
        if state.over or state.effects:  # the checker answers the next play, not effects
            state.effects, state.over = 0, False
            state.mover = 0
        return [str(m) for m in state.legal_moves()]
    raise ValueError(f"{top} is no 役 (a single, a set, a run or a run of sets)")


def game_step(session: Session, winner: int) -> Step:
    """One game won by `winner` (the first out), who is the next 親."""
    n = session.players
    if not 0 <= winner < n:
        raise ValueError("name the winner of the game")
    names = session.names
    wins = tuple(1 if s == winner else 0 for s in range(n))
    return Step("game", (("wins", wins),), f"{sentence_name(names, winner, 'ja')}の勝ち",
                f"{sentence_name(names, winner, 'en')} won", ends_round=True,
                parent_after=winner)
