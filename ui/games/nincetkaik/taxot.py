"""終季 taxot in the app: the digital play screens (the discards, laid-out 役, claims) and the
table companion (season plan, the 終季 calculator, the ledger of calls, 四友 and seasons)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from companion.games.nincetkaik.cardgame import CardsMove
from companion.games.nincetkaik.deck import Card
from companion.games.nincetkaik.hands import Combo
from ui.context import AppContext
from ui.games.nincetkaik.play import (
    TABLE_HEIGHT,
    CardScreens,
    CardsWithCaption,
    deck_words,
    joined,
    lang,
    parent_words,
    round_name,
    zone_frame,
)
from ui.i18n import tr
from ui.play.frame import PlayFrame, Position
from ui.play.widgets import isolate


def deltas_text(deltas: Sequence[int], names: Sequence[str]) -> str:
    """"花子 +6 · Ben −4" (seats whose points changed)."""
    return " · ".join(f"{isolate(names[s])} {d:+d}".replace("-", "−")
                      for s, d in enumerate(deltas) if d)


def melds_caption(melds: Sequence[Combo]) -> str:
    kinds = "・".join(m.name(lang()) for m in melds) if lang() == "ja" else \
        ", ".join(m.name(lang()) for m in melds)
    return tr(f"Laid out: {kinds}", f"公開した役: {kinds}")


class TaxotScreens(CardScreens):
    """終季: draw, discard, claim (開 or 終季 on a discard), lay out a 四友, declare."""

    def build_table(self, parent: QWidget) -> QWidget | None:
        box, layout = zone_frame(parent)
        self.discards = CardsWithCaption(box, TABLE_HEIGHT)
        self.lights = CardsWithCaption(box, TABLE_HEIGHT)
        layout.addWidget(self.discards)
        layout.addWidget(self.lights)
        return box

    def show_table(self, position: Position) -> None:
        state = position.state
        claim = [len(state.discards) - 1] if state.phase == "claim" and state.discards else []
        self.discards.set(tr(f"Discards ({len(state.discards)})",
                             f"捨札({len(state.discards)}枚)"), state.discards, claim)
        self.lights.set(tr("光 indicators", "光(指標札)"), state.indicators)
        self.lights.setVisible(bool(state.indicators))

    def info_text(self, position: Position) -> str:
        state = position.state
        season = round_name("taxot", max(state.round_no, 1))
        rate = tr(f"加点 {state.rate}", f"加点 {state.rate}")
        return joined(f"{season} / {state.seasons}", deck_words(state), parent_words(position),
                      rate)

    def seat_public(self, state: Any, seat: int) -> list[tuple[str, list[Card]]]:
        melds = state.melds[seat]
        if not melds:
            return []
        return [(melds_caption(melds), [c for m in melds for c in m.cards])]

    # --- moves -------------------------------------------------------------------------------
    def move_parts(self, move: Any) -> dict[str, tuple[Any, ...]] | None:
        if isinstance(move, CardsMove):
            return {"hand": move.cards}
        return None

    def always_offered(self, move: Any) -> bool:
        return isinstance(move, CardsMove) and move.verb in ("lay", "call")

    def move_label(self, move: Any, state: Any) -> str:
        text = str(move)
        if state is not None and state.phase == "claim" and state.discards:
            claim = self.cards_words([state.discards[-1]])
            if text == "declare":
                return tr(f"Declare 終季 with {claim}", f"{claim} で終季を宣言")
            if text == "pass":
                return tr(f"Let {claim} go", f"{claim} を見送る")
            if isinstance(move, CardsMove):
                cards = self.cards_words(move.cards)
                return tr(f"Call (開): {cards} + {claim}", f"開: {cards} + {claim}")
        if isinstance(move, CardsMove) and move.verb == "discard":
            return tr(f"Discard {self.cards_words(move.cards)}",
                      f"{self.cards_words(move.cards)} を捨てる")
        if isinstance(move, CardsMove) and move.verb == "lay":
            return tr(f"Lay out 四友 {self.cards_words(move.cards)}",
                      f"四友 {self.cards_words(move.cards)} を公開")
        if text == "declare":
            return tr("Declare 終季", "終季を宣言")
        return super().move_label(move, state)

    def hint(self, position: Position) -> str:
        state = position.state
        if state.phase == "claim":
            return tr("Another player's discard: take it or let it go.",
                      "捨てられた札を取るか、見送るか選んでください。")
        return tr("Click a card, then Discard — or double-click it.",
                  "札をクリックして「捨てる」を押すか、ダブルクリックで捨てます。")

    def prompt(self, position: Position) -> str:
        state = position.state
        if state.phase == "claim":
            return tr("Claim the discard?", "捨札を取りますか?")
        if state.phase == "after_call":
            return tr("Discard a card.", "1枚捨ててください。")
        return tr("You drew a card: discard one.", "1枚引きました。1枚捨ててください。")

    # --- results -----------------------------------------------------------------------------
    def result(self, state: Any, names: Sequence[str]) -> tuple[str, list[tuple[str,
                                                                             list[Card]]]]:
        last = state.last
        if last is None:
            return "", []
        season = round_name("taxot", last.season)
        if last.winner is None or last.score is None:
            return tr(f"{season}: the deck ran out — nobody pays.",
                      f"{season}: 山札が尽きました(支払いなし)。"), []
        who = isolate(names[last.winner])
        how = tr("on their own draw", "自摸") if last.discarder is None else \
            tr(f"on {isolate(names[last.discarder])}'s discard",
               f"{isolate(names[last.discarder])} の捨札で")
        text = tr(f"{season}: {who} ended the season {how} — {last.score.text('en')}. "
                  f"{deltas_text(last.deltas, names)}",
                  f"{season}: {who} が{how}終季 — {last.score.text('ja')}。"
                  f"{deltas_text(last.deltas, names)}")
        cards = [*last.hand, *(c for m in last.melds for c in m)]
        groups = [(tr("The winning hand", "上がりの手"), cards)]
        if last.indicators:
            groups.append((tr("光 indicators", "光(指標札)"), list(last.indicators)))
        return text, groups


def play_view(ctx: AppContext | None, game_id: str = "taxot", *,
              animate: bool = True) -> PlayFrame:
    return PlayFrame(ctx, game_id, TaxotScreens(game_id), animate=animate)

