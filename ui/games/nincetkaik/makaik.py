"""値戦 makaik in the app: the digital play screens (shared cards, the exchange, three betting
rounds, the showdown) and the table companion (hand plan, showdown calculator, ledger)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from companion.games.nincetkaik.deck import Card
from companion.games.nincetkaik.ledger import Step
from companion.games.nincetkaik.makaik import table
from companion.games.nincetkaik.makaik.rules import (
    ANTE,
    HAND_SIZE,
    MAX_BASE,
    ROUNDS,
    SHARED,
    Exchange,
    hand_value,
    value_label,
)
from ui.context import AppContext
from ui.games.nincetkaik.play import (
    TABLE_HEIGHT,
    CardScreens,
    CardsWithCaption,
    deck_words,
    joined,
    lang,
    parent_words,
    play_view_for,
    round_name,
    zone_frame,
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

    def decision_focus(self, position: Position) -> QWidget | None:
        return self.extra_private if position.state.asides[position.to_move] else None

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


play_view = play_view_for(MakaikScreens)


# --- the table companion ------------------------------------------------------------------------
GAME = TableGame("makaik", 6, ("Hands", "勝負の回数"), 6,
                 rounds_session(table.new_session, "hands", stock=True),
                 plan_text(table.hand_plan), stock=True)
#: The most a seat can put in the pot in one hand: the ante and three bases of 5.
MOST_PAID = ANTE + ROUNDS * MAX_BASE


class SeatRow:
    """One player's line of a showdown form: still in, what they paid, their cards."""

    def __init__(self, parent: QWidget, form: CardsForm, seat: int, limit: int,
                 paid: tuple[int, int, int], still_in: bool) -> None:
        self.name = QLabel(parent)
        self.still_in = QCheckBox(parent) if still_in else None
        if self.still_in is not None:
            self.still_in.setObjectName(f"in:{seat}")
            self.still_in.setChecked(True)
        self.paid = QSpinBox(parent)
        self.paid.setObjectName(f"paid:{seat}")
        self.paid.setRange(paid[0], paid[1])
        self.paid.setValue(paid[2])
        self.cards = form.input(limit, f"seat:{seat}")

    def widgets(self) -> list[QWidget]:
        return [w for w in (self.name, self.still_in, self.paid, self.cards) if w is not None]

    def set_visible(self, on: bool) -> None:
        for widget in self.widgets():
            widget.setVisible(on)

    def place(self, grid: QGridLayout, line: int) -> None:
        """Put the row's widgets side by side on line `line` of `grid`."""
        for column, widget in enumerate(self.widgets()):
            grid.addWidget(widget, line, column)


def show_seat_rows(rows: Sequence[SeatRow], tab: LedgerTabBase) -> None:
    """Show the rows of the seats at the table under the players' names; hide the others."""
    for seat, row in enumerate(rows):
        row.set_visible(seat < tab.session.players)
        if seat < tab.session.players:
            row.name.setText(tab.name(seat))


class MakaikScoreTab(LedgerTabBase):
    """The showdown calculator: what everyone paid, the cards of those still in and the
    shared cards → each hand, the winners and the pot; entered as one hand."""

    title = ("Showdown", "勝負")

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        self.form = CardsForm(self, self)
        box = words(QGroupBox(self), "The hand's end", "勝負の終わり", "setTitle")
        grid = QGridLayout(box)
        for column, (en, ja) in enumerate((("Player", "プレイヤー"), ("Still in", "参加中"),
                                           ("Paid in", "出した点"),
                                           ("Cards", "手札(3枚)"))):
            grid.addWidget(words(QLabel(box), en, ja), 0, column)
        self.rows = [SeatRow(box, self.form, seat, HAND_SIZE, (ANTE, MOST_PAID, ANTE), True)
                     for seat in range(GAME.max_players)]
        for seat, row in enumerate(self.rows):
            row.place(grid, seat + 1)
            if row.still_in is not None:
                row.still_in.toggled.connect(self.calculate)
            row.paid.valueChanged.connect(self.calculate)
            row.cards.changed.connect(self.calculate)
        grid.setColumnStretch(3, 1)
        self.shared = self.form.input(9, "shared")
        self.shared.changed.connect(self.calculate)
        self.result = answer_label(box, "result")
        self.enter_button = words(QPushButton(box), "Enter this hand", "この勝負を入力")
        self.enter_button.setObjectName("enter_hand")
        self.enter_button.clicked.connect(self.enter_hand)
        last = len(self.rows) + 1
        grid.addWidget(words(QLabel(box), "Shared cards (公開札)", "公開札"), last, 0, 1, 4)
        grid.addWidget(self.shared, last + 1, 0, 1, 4)
        grid.addWidget(self.result, last + 2, 0, 1, 4)
        grid.addLayout(row_of(self.enter_button), last + 3, 0, 1, 4)
        self.form.stack(self, [box])
        self.refresh()

    def refresh(self, *_: object) -> None:
        show_seat_rows(self.rows, self)
        self.calculate()

    def _playing(self) -> list[SeatRow]:
        return self.rows[:self.session.players]

    def _step(self) -> Step:
        rows = self._playing()
        paid = [row.paid.value() for row in rows]
        still = [seat for seat, row in enumerate(rows)
                 if row.still_in is not None and row.still_in.isChecked()]
        if not still:
            raise ValueError(tr("Tick who is still in.", "参加中の人に印を付けてください。"))
        if len(still) == 1:
            return table.hand_step(self.session, paid, winner=still[0])
        short = [self.name(s) for s in still if len(rows[s].cards.chosen()) != HAND_SIZE]
        if short or len(self.shared.chosen()) < SHARED:
            raise ValueError(tr(f"Enter {HAND_SIZE} cards for everyone still in and at least "
                                f"{SHARED} shared cards.",
                                f"参加中の全員の札 {HAND_SIZE} 枚と、公開札 {SHARED} 枚以上を入れて"
                                "ください。"))
        hands = {s: rows[s].cards.chosen() for s in still}
        return table.hand_step(self.session, paid, hands, self.shared.chosen())

    def calculate(self, *_: object) -> None:
        step = self.checked_step(self._step, self.result, self.enter_button)
        if step is None:
            return
        shared = self.shared.chosen()
        lines = [f"{isolate(self.name(s))}: "
                 f"{value_label(hand_value([*row.cards.chosen(), *shared]), lang())}"
                 for s, row in enumerate(self._playing())
                 if row.still_in is not None and row.still_in.isChecked()
                 and row.cards.chosen()]
        lines.append(step.text(lang()))
        lines.append(deltas_text(step.deltas, [self.name(s) for s in range(self.session.players)]))
        self.result.setText("\n".join(line for line in lines if line))
        self.enter_button.setEnabled(not self.session.is_over())

    def enter_hand(self) -> None:
        if self.enter(self._step):
            self.form.clear()


def table_view(ctx: AppContext | None, game_id: str = "makaik") -> CardTablePage:
    return card_table_view(ctx, GAME, MakaikScoreTab)
