"""行戦 mokaik in the app: the digital play screens (this round's 役 and face-down cards, every
seat's 公開札) and the table companion (season plan, the season calculator, the ledger)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.games.nincetkaik.cardgame import CardsMove
from companion.games.nincetkaik.deck import COLOUR_NAMES, COLOUR_OF, Card
from companion.games.nincetkaik.hands import Combo
from companion.games.nincetkaik.ledger import Step
from companion.games.nincetkaik.mokaik import table
from companion.games.nincetkaik.mokaik.rules import Lay
from ui.context import AppContext
from ui.games.nincetkaik.play import (
    TABLE_HEIGHT,
    CardGroups,
    CardScreens,
    caption,
    hand_parts,
    joined,
    lang,
    parent_words,
    play_view_for,
    round_name,
    zone_frame,
)
from ui.games.nincetkaik.table import (
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
from ui.games.nincetkaik.taxot import deltas_text
from ui.i18n import tr
from ui.play.frame import Position
from ui.play.widgets import isolate, words


def combo_words(combo: Combo) -> str:
    """"3-card run, red" / "3枚連番・赤" (a set's colours are the cards')."""
    if combo.kind.name == "SET":
        return combo.name(lang())
    ja, en = COLOUR_NAMES[COLOUR_OF[combo.cards[0]]]
    return tr(f"{combo.name('en')}, {en}", f"{combo.name('ja')}・{ja}")


def lay_groups(lays: Sequence[Lay], names: Sequence[str]) -> list[tuple[str, list[Card | None]]]:
    """One captioned row per play of a round: the 役 face up, or backs for cards face down."""
    groups: list[tuple[str, list[Card | None]]] = []
    for lay in lays:
        who = isolate(names[lay.seat])
        if lay.combo is None:
            groups.append((tr(f"{who}: {lay.count} face down", f"{who}: {lay.count}枚伏せ"),
                           [None] * lay.count))
        else:
            groups.append((f"{who}: {combo_words(lay.combo)}", list(lay.combo.cards)))
    return groups


class MokaikScreens(CardScreens):
    """行戦: lead a 役, or beat the last face-up 役 with the same type, size and colours, or put
    as many cards face down."""

    def build_table(self, parent: QWidget) -> QWidget | None:
        box, layout = zone_frame(parent)
        self.trick_title = caption(box, bold=True)
        self.trick = CardGroups(box, TABLE_HEIGHT, keep_space=True)
        layout.addWidget(self.trick_title)
        layout.addWidget(self.trick)
        return box

    def game_started(self) -> None:
        super().game_started()
        self.trick.forget_space()  # a game with fewer seats keeps no room for more plays

    def show_table(self, position: Position) -> None:
        state = position.state
        names = position.names
        if state.trick:
            self.trick_title.setText(tr(f"Round {state.tricks + 1}", f"第{state.tricks + 1}"
                                        "ラウンド"))
            self.trick.set(lay_groups(state.trick, names))
        elif state.last_trick and state.tricks:
            best = [lay for lay in state.last_trick if lay.combo is not None][-1]
            who = isolate(names[best.seat])
            self.trick_title.setText(tr(f"Round {state.tricks}: {who} took it",
                                        f"第{state.tricks}ラウンド: {who} の勝ち"))
            self.trick.set(lay_groups(state.last_trick, names))
        else:
            self.trick_title.setText(tr("No cards on the table yet", "まだ場に札はありません"))
            self.trick.set([])

    def decision_focus(self, position: Position) -> QWidget | None:
        return self.trick if position.state.trick else None

    def info_text(self, position: Position) -> str:
        state = position.state
        season = round_name("mokaik", max(state.round_no, 1))
        return joined(f"{season} / {state.seasons}", parent_words(position),
                      f"加点 {state.rate}")

    def seat_public(self, state: Any, seat: int) -> list[tuple[str, list[Card]]]:
        won = state.won[seat] if state.won else []
        if not won:
            return []
        return [(tr(f"公開札 (kept face up): {len(won)}", f"公開札 {len(won)}枚"), list(won))]

    def seat_status(self, state: Any, seat: int) -> str:
        count = len(state.won[seat]) if state.won else 0
        return tr(f"公開札 {count}", f"公開札 {count}枚")

    # --- moves -------------------------------------------------------------------------------
    def move_parts(self, move: Any) -> dict[str, tuple[Any, ...]] | None:
        return hand_parts(move)

    def move_label(self, move: Any, state: Any) -> str:
        if isinstance(move, CardsMove) and move.verb == "play":
            return tr(f"Lay {self.cards_words(move.cards)} face up",
                      f"{self.cards_words(move.cards)} を表で出す")
        if isinstance(move, CardsMove) and move.verb == "down":
            return tr(f"Put {self.cards_words(move.cards)} face down",
                      f"{self.cards_words(move.cards)} を伏せて出す")
        return super().move_label(move, state)

    def hint(self, position: Position) -> str:
        state = position.state
        lead = state.lead()
        if lead is None:
            return tr("Select a 役 — a single, a set, or a run of three or more in one colour "
                      "— and lay it face up.",
                      "役(一枚・セット・同じ色の3枚以上の連番)を選んで表で出します。")
        best = state.best()
        beat = combo_words(best.combo) if best is not None and best.combo is not None else ""
        cards = "1 card" if lead.size == 1 else f"{lead.size} cards"
        return tr(f"Select {cards}: a stronger {beat} to lay face up, or any "
                  f"{lead.size} to put face down.",
                  f"{lead.size}枚を選ぶ: より強い{beat}なら表で、どの札でも伏せて出せます。")

    def prompt(self, position: Position) -> str:
        if position.state.lead() is None:
            return tr("Lead a 役.", "役を出してください。")
        return tr("Beat the last 役, or put cards face down.",
                  "最後の役より強い役を出すか、札を伏せてください。")

    # --- results -----------------------------------------------------------------------------
    def result(self, state: Any, names: Sequence[str]) -> tuple[str, list[tuple[str,
                                                                             list[Card]]]]:
        last = state.last
        if last is None:
            return "", []
        season = round_name("mokaik", last.season)
        who = isolate(names[last.winner])
        counts = ", ".join(f"{isolate(names[s])} {c}" for s, c in enumerate(last.counts))
        text = tr(f"{season}: {who} won the last round. 公開札: {counts}. "
                  f"{deltas_text(last.deltas, names)}",
                  f"{season}: 最後のラウンドは {who} の勝ち。公開札: {counts}。"
                  f"{deltas_text(last.deltas, names)}")
        groups = [(text_, [c for c in cards if c is not None])
                  for text_, cards in lay_groups(last.last_trick, names) if any(cards)]
        return text, groups


play_view = play_view_for(MokaikScreens)


# --- the table companion ------------------------------------------------------------------------
GAME = TableGame("mokaik", table.MAX_PLAYERS, ("Seasons", "季節の数"), 4,
                 rounds_session(table.new_session, "seasons"), plan_text(table.season_plan))


class MokaikScoreTab(LedgerTabBase):
    """The season calculator: who won the last round and how many 公開札 everyone kept → who
    pays what (with the 親's 加点), entered into the ledger."""

    title = ("Score", "得点計算")

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        end = words(QGroupBox(self), "The season's end", "季節の終わり", "setTitle")
        self.winner = seat_combo(end, "winner")
        self.count_labels = [QLabel(end) for _ in range(GAME.max_players)]
        self.counts = [QSpinBox(end) for _ in range(GAME.max_players)]
        for seat, spin in enumerate(self.counts):
            spin.setObjectName(f"count:{seat}")
            spin.setRange(0, 10)
            spin.valueChanged.connect(self.calculate)
        self.winner.currentIndexChanged.connect(self.calculate)
        self.result = answer_label(end, "result")
        self.enter_button = words(QPushButton(end), "Enter this season", "この季節を入力")
        self.enter_button.setObjectName("enter_season")
        self.enter_button.clicked.connect(self.enter_season)
        grid = QGridLayout(end)
        grid.addWidget(words(QLabel(end), "Winner of the last round", "最後のラウンドの勝者"),
                       0, 0)
        grid.addWidget(self.winner, 0, 1)
        grid.addWidget(words(QLabel(end), "Cards each kept face up (公開札):",
                             "各自の公開札の枚数:"), 1, 0, 1, 2)
        for seat, (label, spin) in enumerate(zip(self.count_labels, self.counts, strict=True)):
            grid.addWidget(label, seat + 2, 0)
            grid.addWidget(spin, seat + 2, 1)
        last = GAME.max_players + 2
        grid.addWidget(self.result, last, 0, 1, 2)
        grid.addLayout(row_of(self.enter_button), last + 1, 0, 1, 2)
        grid.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(end)
        layout.addStretch(1)
        self.refresh()

    def refresh(self, *_: object) -> None:
        names = self.names()
        fill_seats(self.winner, names)
        players = self.session.players
        for seat, (label, spin) in enumerate(zip(self.count_labels, self.counts, strict=True)):
            label.setVisible(seat < players)
            spin.setVisible(seat < players)
            if seat < players:
                label.setText(self.name(seat))
        self.calculate()

    def _counts(self) -> list[int]:
        return [spin.value() for spin in self.counts[:self.session.players]]

    def _step(self) -> Step:
        """The season as entered; ValueError with a sentence in the interface language."""
        winner, counts = self.winner.currentIndex(), self._counts()
        try:
            return table.season_step(self.session, winner, counts)
        except ValueError as exc:
            if counts[winner] < 1:
                raise ValueError(tr("The winner of the last round keeps at least the cards "
                                    "they won it with.",
                                    "最後のラウンドの勝者は、勝った札を少なくとも1枚は公開札に"
                                    "持っています。")) from exc
            raise ValueError(tr(f"These counts cannot come from one season: {exc}.",
                                "この枚数は1つの季節ではありえません。")) from exc

    def calculate(self, *_: object) -> None:
        """Who pays what, or why the entry cannot be right."""
        step = self.checked_step(self._step, self.result, self.enter_button)
        if step is None:
            return
        rate = self.session.parent_rate()
        names = [self.name(s) for s in range(self.session.players)]
        self.result.setText(tr(
            f"Each pays the winner 6 − their 公開札 (× 加点 {rate.rate} when the 親 pays or "
            f"receives): {deltas_text(step.deltas, names) or 'nobody pays'}",
            f"各自が勝者に 6 − 公開札 を払う(親が払う・受け取るときは × 加点 {rate.rate}): "
            f"{deltas_text(step.deltas, names) or '支払いなし'}"))
        self.enter_button.setEnabled(not self.session.is_over())

    def enter_season(self) -> None:
        if self.enter(self._step):
            for spin in self.counts:
                spin.setValue(0)


def table_view(ctx: AppContext | None, game_id: str = "mokaik") -> CardTablePage:
    return card_table_view(ctx, GAME, MokaikScoreTab)
