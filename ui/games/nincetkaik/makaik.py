"""値戦 makaik in the app: the digital play screens (shared cards, the exchange, three betting
rounds, the showdown) and the table companion (hand plan, showdown calculator, ledger)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from companion.games.nincetkaik.deck import Card
from companion.games.nincetkaik.makaik.rules import ROUNDS, Exchange, hand_value, value_label
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


def winners_text(winners: Sequence[int], names: Sequence[str]) -> str:
    sep = "、" if lang() == "ja" else ", "
    return sep.join(isolate(names[s]) for s in winners)


class MakaikScreens(CardScreens):
    """値戦: one exchange each (swap with a shared card, or draw two and keep one), then three
    betting rounds led by the 親 (a base of 1–5 the others pay or fold)."""

    def build_table(self, parent: QWidget) -> QWidget | None:
        box, layout = zone_frame(parent)
        self.shared = CardsWithCaption(box, TABLE_HEIGHT)
        self.shared.row.clickable = True
        layout.addWidget(self.shared)
        self.add_zone("shared", self.shared.row)
        return box

    def show_table(self, position: Position) -> None:
        state = position.state
        self.shared.label.setText(tr("Shared cards (公開札)", "公開札"))
        self.set_zone("shared", state.shared)

    def info_text(self, position: Position) -> str:
        state = position.state
        hand = f"{round_name('makaik', max(state.round_no, 1))} / {state.hands_total}"
        if state.phase in ("lead", "answer"):
            stage = tr(f"betting round {state.bet_round} of {ROUNDS}",
                       f"賭け {state.bet_round} / {ROUNDS} ラウンド")
            if state.phase == "answer":
                stage += tr(f", base {state.base}", f"・基準点 {state.base}")
        elif state.phase in ("exchange", "keep", "drawing"):
            stage = tr("exchange", "札の交換")
        else:
            stage = ""
        return joined(hand, stage, deck_words(state), parent_words(position))

    def pot(self, state: Any) -> int | None:
        return int(state.pot)

    def seat_status(self, state: Any, seat: int) -> str:
        if state.phase and not state.active[seat]:
            return tr("folded", "降りた")
        if state.phase in ("lead", "answer") and seat == state.leader:
            return tr("leads the betting", "賭けの親")
        return ""

    def private_extra(self, state: Any, seat: int) -> tuple[str, list[Card]]:
        drawn = list(state.asides[seat])
        return (tr("Drawn: keep one", "引いた札: 1枚残す") if drawn else ""), drawn

    def hand_note(self, state: Any, seat: int) -> str:
        cards = [*state.hands[seat], *state.shared]
        if not state.hands[seat]:
            return ""
        return value_label(hand_value(cards), lang())

    # --- moves -------------------------------------------------------------------------------
    def move_parts(self, move: Any) -> dict[str, tuple[Any, ...]] | None:
        if isinstance(move, Exchange):
            if move.verb == "swap":
                return {"hand": (move.first,), "shared": (move.second,)}
            return {"drawn": (move.first,), "hand": (move.second,)}
        return None

    def move_label(self, move: Any, state: Any) -> str:
        if isinstance(move, Exchange):
            first, second = self.cards_words([move.first]), self.cards_words([move.second])
            if move.verb == "swap":
                return tr(f"Swap {first} for {second}", f"{first} と {second} を交換")
            return tr(f"Keep {first}, give up {second}", f"{first} を残し {second} を出す")
        text = str(move)
        if text == "call" and state is not None:
            return tr(f"Pay the base ({state.base})", f"基準点 {state.base} を払う")
        if text == "draw2":
            return tr("Draw two from the deck", "山札から2枚引く")
        if text == "fold":
            return tr("Fold", "降りる")
        return super().move_label(move, state)

    def bet_label(self, amount: int) -> str:
        return tr(f"Base {amount}", f"基準点 {amount}")

    def hint(self, position: Position) -> str:
        phase = position.state.phase
        if phase == "exchange":
            return tr("Select a card of your hand and a shared card to swap them, or draw two.",
                      "手札1枚と公開札1枚を選んで交換するか、山札から2枚引きます。")
        if phase == "keep":
            return tr("Select the drawn card to keep and the hand card it replaces.",
                      "残す札(引いた札)と、入れ替える手札を選んでください。")
        return ""

    def prompt(self, position: Position) -> str:
        phase = position.state.phase
        return {"exchange": tr("Exchange one card.", "札を1枚交換してください。"),
                "keep": tr("Keep one of the two cards.", "2枚のうち1枚を残してください。"),
                "lead": tr("Set the base or fold.", "基準点を決めるか、降りてください。"),
                "answer": tr("Pay the base or fold.", "基準点を払うか、降りてください。"),
                }.get(phase, "")

    # --- results -----------------------------------------------------------------------------
    def result(self, state: Any, names: Sequence[str]) -> tuple[str, list[tuple[str,
                                                                             list[Card]]]]:
        last = state.last
        if last is None:
            return "", []
        hand = round_name("makaik", last.hand)
        who = winners_text(last.winners, names)
        if last.value is None:
            text = tr(f"{hand}: {who} takes the pot of {last.pot} — everyone else folded.",
                      f"{hand}: 他の全員が降り、{who} が場の {last.pot} 点を取りました。")
        else:
            kind = value_label(last.value, lang())
            text = tr(f"{hand}: {who} takes the pot of {last.pot} with a {kind}.",
                      f"{hand}: {who} が {kind} で場の {last.pot} 点を取りました。")
        groups = [(tr("Shared cards", "公開札"), list(last.shared))]
        groups += [(isolate(names[seat]), list(cards)) for seat, cards in last.shown]
        return text, groups


def play_view(ctx: AppContext | None, game_id: str = "makaik", *,
              animate: bool = True) -> PlayFrame:
    return PlayFrame(ctx, game_id, MakaikScreens(game_id), animate=animate)
