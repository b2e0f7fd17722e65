"""開樽 nanto in the app: the digital play screens (two hidden cards, 無行 or 加行, the cards
shown together) and the table companion (deal plan, hand calculator, ledger)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.nincetkaik.deck import Card
from companion.games.nincetkaik.nanto.rules import best_yaku
from ui.context import AppContext
from ui.games.nincetkaik.makaik import winners_text
from ui.games.nincetkaik.play import CardScreens, joined, lang, parent_words, round_name
from ui.i18n import tr
from ui.play.frame import PlayFrame, Position
from ui.play.widgets import isolate


class NantoScreens(CardScreens):
    """開樽: in turn from the 親, 無行 (stay out) or 加行 (bet at least the last 加行); the 加行
    players show their two cards together and the best 役 takes the pot."""

    def info_text(self, position: Position) -> str:
        state = position.state
        deal = f"{round_name('nanto', max(state.round_no, 1))} / {state.deals}"
        betting = not state.over and None in state.bets
        least = tr(f"加行 from {state.least}", f"加行は {state.least} 点から") if betting else ""
        return joined(deal, least, parent_words(position))

    def pot(self, state: Any) -> int | None:
        return int(state.pot)

    def seat_status(self, state: Any, seat: int) -> str:
        bet = state.bets[seat] if seat < len(state.bets) else None
        if bet is None:
            return ""
        return tr("無行 (out)", "無行") if bet == 0 else tr(f"加行 {bet}", f"加行 {bet} 点")

    def hand_note(self, state: Any, seat: int) -> str:
        hand = state.hands[seat]
        return best_yaku(hand).label(lang()) if hand else ""

    def move_label(self, move: Any, state: Any) -> str:
        if str(move) == "pass":
            return tr("無行 — stay out", "無行(降りる)")
        return super().move_label(move, state)

    def bet_label(self, amount: int) -> str:
        return tr(f"加行 — bet {amount}", f"加行 {amount} 点")

    def prompt(self, position: Position) -> str:
        return tr(f"無行, or 加行 with at least {position.state.least}.",
                  f"無行か、{position.state.least} 点以上の加行か。")

    def result(self, state: Any, names: Sequence[str]) -> tuple[str, list[tuple[str,
                                                                             list[Card]]]]:
        last = state.last
        if last is None:
            return "", []
        deal = round_name("nanto", last.deal)
        if not last.winners:
            return tr(f"{deal}: everyone chose 無行 — the pot of {last.pot} stays.",
                      f"{deal}: 全員が無行。場の {last.pot} 点は次回へ。"), []
        who = winners_text(last.winners, names)
        if not last.shown:
            return tr(f"{deal}: {who} takes the pot of {last.pot} unseen.",
                      f"{deal}: {who} が札を見せずに場の {last.pot} 点を取りました。"), []
        text = tr(f"{deal}: {who} takes the pot of {last.pot}.",
                  f"{deal}: {who} が場の {last.pot} 点を取りました。")
        groups = [(f"{isolate(names[seat])} — {best_yaku(cards).label(lang())}", list(cards))
                  for seat, cards in last.shown]
        return text, groups


def play_view(ctx: AppContext | None, game_id: str = "nanto", *,
              animate: bool = True) -> PlayFrame:
    return PlayFrame(ctx, game_id, NantoScreens(game_id), animate=animate)
