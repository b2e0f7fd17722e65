"""終季 taxot in the app: the digital play screens (the discards, laid-out 役, claims) and the
table companion (season plan, the 終季 calculator, the ledger of calls, 四友 and seasons)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QWidget,
)

from companion.games.nincetkaik.cardgame import CardsMove
from companion.games.nincetkaik.deck import Card, format_cards
from companion.games.nincetkaik.hands import Combo
from companion.games.nincetkaik.ledger import Step
from companion.games.nincetkaik.taxot import table
from ui.context import AppContext
from ui.games.nincetkaik.play import (
    TABLE_HEIGHT,
    CardScreens,
    CardsWithCaption,
    deck_words,
    hand_parts,
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
    fill_seats,
    plan_text,
    rounds_session,
    row_of,
    seat_combo,
)
from ui.i18n import tr
from ui.play.frame import Position
from ui.play.widgets import isolate, words


def deltas_text(deltas: Sequence[int], names: Sequence[str]) -> str:
    """"花子 +6 · Ben −4" (seats whose points changed)."""
    return " · ".join(f"{isolate(names[s])} {d:+d}".replace("-", "−")
                      for s, d in enumerate(deltas) if d)


def melds_caption(melds: Sequence[Combo]) -> str:
    kinds = "・".join(m.name(lang()) for m in melds) if lang() == "ja" else \
        ", ".join(m.name(lang()) for m in melds)
    return tr(f"Laid out: {kinds}", f"公開した役: {kinds}")


def is_question(state: Any) -> bool:
    """Whether a seat is being asked about another seat's discard (every seat is, whatever
    it holds)."""
    return bool(state.phase == "claim")


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
        groups = [(melds_caption(melds), [c for m in melds for c in m.cards])] if melds else []
        if state.call is not None and state.call[0] == seat:
            groups.append((tr("Calls 開 with these (the others answer first)",
                              "この札で開(他の人の返事を待つ)"), list(state.call[1])))
        return groups

    def game_started(self) -> None:
        """Every seat is asked about a discard: a question (`GameController.questions`), so a
        computer's answer shows after the same time whatever it could do, and a person alone
        among computers who can only let the card go is not asked."""
        super().game_started()
        controller = self.frame.controller if self.frame is not None else None
        if controller is not None:
            controller.questions = is_question

    def undo_problem(self, position: Position) -> str | None:
        """As in every card game, judged from the decision Undo takes back: the answers
        played for a person alone go back with it."""
        controller = self.frame.controller if self.frame is not None else None
        forced = controller.forced_entries() if controller is not None else frozenset()
        if forced and position.live:
            position = replace(position, entries=tuple(
                e for i, e in enumerate(position.entries) if i not in forced))
        return super().undo_problem(position)

    # --- moves -------------------------------------------------------------------------------
    def move_parts(self, move: Any) -> dict[str, tuple[Any, ...]] | None:
        return hand_parts(move)

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
        if state.phase == "claim" and state.call is not None:
            caller = isolate(position.names[state.call[0]])
            return tr(f"{caller} calls 開 on this discard: you may still declare 終季 with it, "
                      "or let it go.",
                      f"{caller} がこの捨札で開を宣言しました。終季を宣言するか、見送るか選んで"
                      "ください。")
        if state.phase == "claim":
            return tr("Another player's discard: every player is asked in turn whether to "
                      "take it or let it go.",
                      "捨てられた札: 全員に順に、取るか見送るかを確認します。")
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


play_view = play_view_for(TaxotScreens)



# --- the table companion ------------------------------------------------------------------------
GAME = TableGame("taxot", 4, ("Seasons", "季節の数"), 4,
                 rounds_session(table.new_session, "seasons", light=True),
                 plan_text(table.season_plan), light=True)


class TaxotScoreTab(LedgerTabBase):
    """The 終季 calculator (a winning hand's points and who pays what) and the entries of a
    season: 終季, the deck running out, 開 and 四友."""

    title = ("Score", "得点計算")

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        self.form = CardsForm(self, self)
        end = words(QGroupBox(self), "終季 — the season's end", "終季(季節の終わり)", "setTitle")
        self.winner = seat_combo(end, "winner")
        self.source = seat_combo(end, "discarder")
        self.hand = self.form.input(6, "hand")
        self.laid = self.form.input(6, "laid_out")
        self.first_round = words(QCheckBox(end), "Declared in the first round (一周)",
                                 "1巡目の終季(一周)")
        self.lights = self.form.input(2, "lights")
        self.lights_label = words(QLabel(end), "光 indicators", "光(指標札)")
        self.result = answer_label(end, "result")
        self.enter_button = words(QPushButton(end), "Enter this 終季", "この終季を入力")
        self.enter_button.setObjectName("enter_season")
        self.enter_button.clicked.connect(self.enter_season)
        self.drawn_button = words(QPushButton(end), "The deck ran out (no payment)",
                                  "山札切れ(支払いなし)")
        self.drawn_button.setObjectName("enter_drawn")
        self.drawn_button.clicked.connect(lambda: self.enter(lambda: table.drawn_step(
            self.session)))
        grid = QGridLayout(end)
        grid.addWidget(words(QLabel(end), "Winner", "上がった人"), 0, 0)
        grid.addWidget(self.winner, 0, 1)
        grid.addWidget(words(QLabel(end), "Won on", "上がり方"), 1, 0)
        grid.addWidget(self.source, 1, 1)
        grid.addWidget(words(QLabel(end), "Cards in hand, the winning card included",
                             "手札(上がり札を含む)"), 2, 0, 1, 2)
        grid.addWidget(self.hand, 3, 0, 1, 2)
        grid.addWidget(words(QLabel(end), "Laid out (開, 四友)", "公開した役(開・四友)"),
                       4, 0, 1, 2)
        grid.addWidget(self.laid, 5, 0, 1, 2)
        grid.addWidget(self.first_round, 6, 0, 1, 2)
        grid.addWidget(self.lights_label, 7, 0, 1, 2)
        grid.addWidget(self.lights, 8, 0, 1, 2)
        grid.addWidget(self.result, 9, 0, 1, 2)
        grid.addLayout(row_of(self.enter_button, self.drawn_button), 10, 0, 1, 2)
        grid.setColumnStretch(1, 1)
        during = words(QGroupBox(self), "During the season", "季節の途中", "setTitle")
        self.caller = seat_combo(during, "caller")
        self.discarder = seat_combo(during, "call_from")
        self.call_four = words(QCheckBox(during), "it makes a four-set (四友 too)", "四友にもなる")
        call_button = words(QPushButton(during), "Enter 開", "開を入力")
        call_button.setObjectName("enter_call")
        call_button.clicked.connect(lambda: self.enter(lambda: table.call_step(
            self.session, self.caller.currentIndex(), self.discarder.currentIndex(),
            self.call_four.isChecked())))
        self.four_seat = seat_combo(during, "four_set")
        four_button = words(QPushButton(during), "Enter 四友", "四友を入力")
        four_button.setObjectName("enter_four_set")
        four_button.clicked.connect(lambda: self.enter(lambda: table.four_set_step(
            self.session, self.four_seat.currentIndex())))
        grid2 = QGridLayout(during)
        grid2.addWidget(words(QLabel(during), "開: the caller", "開: 鳴いた人"), 0, 0)
        grid2.addWidget(self.caller, 0, 1)
        grid2.addWidget(words(QLabel(during), "took the discard of", "捨てた人"), 1, 0)
        grid2.addWidget(self.discarder, 1, 1)
        grid2.addWidget(self.call_four, 2, 0, 1, 2)
        grid2.addLayout(row_of(call_button), 3, 0, 1, 2)
        grid2.addWidget(words(QLabel(during), "四友 laid out by", "四友を出した人"), 4, 0)
        grid2.addWidget(self.four_seat, 4, 1)
        grid2.addLayout(row_of(four_button), 5, 0, 1, 2)
        grid2.setColumnStretch(1, 1)
        self.form.stack(self, [end], [during])
        for field in (self.hand, self.laid, self.lights):
            field.changed.connect(self.calculate)
        for combo in (self.winner, self.source):
            combo.currentIndexChanged.connect(self.calculate)
        self.first_round.toggled.connect(self.calculate)
        self.refresh()

    def refresh(self, *_: object) -> None:
        names = self.names()
        fill_seats(self.winner, names)
        fill_seats(self.source, names, tr("own draw (自摸): everyone pays",
                                          "自摸(全員が払う)"))
        for combo in (self.caller, self.discarder, self.four_seat):
            fill_seats(combo, names)
        light = bool(dict(self.session.options).get("light", False))
        self.lights.setVisible(light)
        self.lights_label.setVisible(light)
        self.calculate()

    def _step(self) -> Step:
        """The 終季 as entered; ValueError with a sentence in the interface language."""
        hand, laid = self.hand.chosen(), self.laid.chosen()
        if len(hand) + len(laid) != 6:
            raise ValueError(tr(
                f"A 終季 hand has 6 cards, laid-out ones included: {len(hand) + len(laid)} "
                "are entered.", f"終季の手は公開した役を含めて6枚です(いま {len(hand) + len(laid)}"
                " 枚)。"))
        try:
            melds = table.split_melds(format_cards(laid))
        except ValueError as exc:
            raise ValueError(tr("The laid-out cards are not 3-sets, 3-runs or 4-sets.",
                                "公開した札が3枚セット・3枚連番・4枚セットになっていません。"
                                )) from exc
        discarder = self.source.currentData()
        winner = self.winner.currentIndex()
        if discarder == winner:
            raise ValueError(tr("The winner cannot have discarded the winning card.",
                                "上がった人が自分の捨札で上がることはできません。"))
        try:
            return table.season_step(self.session, winner, format_cards(hand), melds,
                                     discarder, self.first_round.isChecked(),
                                     format_cards(self.lights.chosen()))
        except ValueError as exc:
            raise ValueError(tr("These cards do not split into [2][2][2], [2][4] or [3][3]: "
                                "no 終季.",
                                "この札は [2][2][2]・[2][4]・[3][3] に分けられません(終季ではあり"
                                "ません)。")) from exc

    def calculate(self, *_: object) -> None:
        """The hand's points and the payments, or why it does not win."""
        if not self.hand.chosen() and not self.laid.chosen():
            self.result.setText(tr("Enter the winner's six cards to see the points.",
                                   "上がった人の6枚を入れると点数が出ます。"))
            self.enter_button.setEnabled(False)
            return
        step = self.checked_step(self._step, self.result, self.enter_button)
        if step is None:
            return
        hand = format_cards(self.hand.chosen())
        melds = table.split_melds(format_cards(self.laid.chosen()))
        found = table.score(hand, melds, self.first_round.isChecked(),
                            format_cards(self.lights.chosen()))
        rate = self.session.parent_rate()
        self.result.setText(tr(
            f"{found.text('en')} — end points {found.end_points} (× 加点 {rate.rate} when the "
            f"親 pays or receives), bonus {found.bonus_points}.\n"
            f"{deltas_text(step.deltas, self._names())}",
            f"{found.text('ja')} — 終了点 {found.end_points}(親が払う・受け取るときは × 加点 "
            f"{rate.rate})、ボーナス点 {found.bonus_points}。\n"
            f"{deltas_text(step.deltas, self._names())}"))
        self.enter_button.setEnabled(not self.session.is_over())

    def _names(self) -> list[str]:
        return [self.name(s) for s in range(self.session.players)]

    def enter_season(self) -> None:
        if self.enter(self._step):
            self.form.clear()
            self.first_round.setChecked(False)


def table_view(ctx: AppContext | None, game_id: str = "taxot") -> CardTablePage:
    return card_table_view(ctx, GAME, TaxotScoreTab)
