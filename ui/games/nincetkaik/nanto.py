"""開樽 nanto in the app: the digital play screens (two hidden cards, 無行 or 加行, the cards
shown together) and the table companion (deal plan, hand calculator, ledger)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QPushButton

from companion.games.nincetkaik.deck import Card
from companion.games.nincetkaik.ledger import Step
from companion.games.nincetkaik.nanto import table
from companion.games.nincetkaik.nanto.rules import HAND_SIZE, best_yaku
from ui.context import AppContext
from ui.games.nincetkaik.makaik import SeatRow, show_seat_rows, winners_text
from ui.games.nincetkaik.play import (
    CardScreens,
    joined,
    lang,
    parent_words,
    play_view_for,
    round_name,
)
from ui.games.nincetkaik.table import (
    CardsForm,
    CardTablePage,
    LedgerTabBase,
    TableGame,
    answer_label,
    card_table_view,
    plan_text,
    rounds_session,
    row_of,
)
from ui.games.nincetkaik.taxot import deltas_text
from ui.i18n import tr
from ui.play.frame import Position
from ui.play.widgets import isolate, words


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


play_view = play_view_for(NantoScreens)


# --- the table companion ------------------------------------------------------------------------
GAME = TableGame("nanto", 6, ("Deals", "配る回数"), 10,
                 rounds_session(table.new_session, "deals", stock=True),
                 plan_text(table.deal_plan), stock=True)


class NantoScoreTab(LedgerTabBase):
    """The deal calculator: each player's 加行 (0 = 無行) and the cards the 加行 players show →
    their 役, the winners and the pot; entered as one deal. At the end, a pot still on the
    table is shared by everyone."""

    title = ("Deal result", "勝負")

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        self.form = CardsForm(self, self)
        box = words(QGroupBox(self), "The deal's end", "配りの終わり", "setTitle")
        grid = QGridLayout(box)
        for column, (en, ja) in enumerate((("Player", "プレイヤー"),
                                           ("加行 (0 = 無行)", "加行(0 = 無行)"),
                                           ("Cards shown", "見せた札(2枚)"))):
            grid.addWidget(words(QLabel(box), en, ja), 0, column)
        self.rows = [SeatRow(box, self.form, seat, HAND_SIZE, (0, 999, 0), False)
                     for seat in range(GAME.max_players)]
        for seat, row in enumerate(self.rows):
            row.place(grid, seat + 1)
            row.paid.valueChanged.connect(self.calculate)
            row.cards.changed.connect(self.calculate)
        grid.setColumnStretch(2, 1)
        self.result = answer_label(box, "result")
        self.enter_button = words(QPushButton(box), "Enter this deal", "この配りを入力")
        self.enter_button.setObjectName("enter_deal")
        self.enter_button.clicked.connect(self.enter_deal)
        self.close_button = words(QPushButton(box), "Share the pot left (the end)",
                                  "残った場を分ける(終了時)")
        self.close_button.setObjectName("enter_close")
        self.close_button.clicked.connect(lambda: self.enter(lambda: table.closing_step(
            self.session)))
        last = len(self.rows) + 1
        grid.addWidget(self.result, last, 0, 1, 3)
        grid.addLayout(row_of(self.enter_button, self.close_button), last + 1, 0, 1, 3)
        self.form.stack(self, [box])
        self.refresh()

    def refresh(self, *_: object) -> None:
        show_seat_rows(self.rows, self)
        self.close_button.setEnabled(self.session.pot() > 0)
        self.calculate()

    def _step(self) -> Step:
        rows = self.rows[:self.session.players]
        bets = [row.paid.value() for row in rows]
        try:
            table.check_bets(self.session, bets)
        except ValueError as exc:
            raise ValueError(bet_problem(str(exc))) from exc
        bettors = [s for s, bet in enumerate(bets) if bet]
        hands = {s: rows[s].cards.chosen() for s in bettors}
        if len(bettors) >= 2 and any(len(h) != HAND_SIZE for h in hands.values()):
            raise ValueError(tr(f"Enter the {HAND_SIZE} cards of every 加行 player.",
                                f"加行した全員の札 {HAND_SIZE} 枚を入れてください。"))
        try:
            return table.deal_step(self.session, bets, hands if len(bettors) >= 2 else None)
        except ValueError as exc:
            raise ValueError(bet_problem(str(exc))) from exc

    def calculate(self, *_: object) -> None:
        step = self.checked_step(self._step, self.result, self.enter_button)
        if step is None:
            return
        names = [self.name(s) for s in range(self.session.players)]
        self.result.setText(f"{step.text(lang())}\n{deltas_text(step.deltas, names)}")
        self.enter_button.setEnabled(not self.session.is_over())

    def enter_deal(self) -> None:
        if self.enter(self._step):
            self.form.clear()
            for row in self.rows:
                row.paid.setValue(0)


def bet_problem(text: str) -> str:
    """The ledger's sentence about bets in the interface language."""
    import re

    less = re.fullmatch(r"seat (\d+): a 加行 of (\d+) is less than the previous 加行 \((\d+)\)",
                        text)
    if less:
        seat, bet, least = less.groups()
        return tr(f"Seat {seat}: a 加行 of {bet} is less than the 加行 before it ({least}).",
                  f"{seat}番目の席: 加行 {bet} 点は前の加行({least} 点)より少ないです。")
    more = re.fullmatch(r"seat (\d+): a bet of (\d+) is more than the (-?\d+) points left "
                        r"after the entry fee", text)
    if more:
        seat, bet, left = more.groups()
        return tr(f"Seat {seat}: a bet of {bet} is more than the {left} points left after the "
                  "entry fee.", f"{seat}番目の席: {bet} 点は参加料を払った後の {left} 点より"
                                "多いです。")
    return text


def table_view(ctx: AppContext | None, game_id: str = "nanto") -> CardTablePage:
    return card_table_view(ctx, GAME, NantoScoreTab)
