"""小猫 nine in the app: the digital play screens (the 役 on the table and the cards under it,
who is out of the round) and the table companion (season plan, emptied hands, the season's end
with the 親's point)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.core.api import Outcome
from companion.games.nincetkaik.cardgame import CardsMove
from companion.games.nincetkaik.deck import Card
from companion.games.nincetkaik.nine import table
from ui.context import AppContext
from ui.games.nincetkaik.play import (
    TABLE_HEIGHT,
    CardScreens,
    CardsWithCaption,
    deck_words,
    hand_parts,
    joined,
    parent_words,
    play_view_for,
    round_name,
    zone_frame,
)
from ui.games.nincetkaik.table import (
    CardTablePage,
    LedgerTabBase,
    TableGame,
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


class NineScreens(CardScreens):
    """小猫: join the 役 on the table (one stronger card of a shared colour, or a bigger set of
    its strength) or stay out and draw three; an empty hand scores the largest hand."""

    def build_table(self, parent: QWidget) -> QWidget | None:
        box, layout = zone_frame(parent)
        self.top_row = CardsWithCaption(box, TABLE_HEIGHT)
        self.under_row = CardsWithCaption(box, TABLE_HEIGHT // 2 + 8)
        # Side by side: under one another they left no room, at the smallest window, for the
        # hand and the "stay out" button below them.
        row = QHBoxLayout()
        row.setSpacing(8)
        row.addWidget(self.top_row, 3, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.under_row, 2, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(row)
        return box

    def decision_focus(self, position: Position) -> QWidget | None:
        return self.top_row if position.state.top is not None else None

    def show_table(self, position: Position) -> None:
        state = position.state
        if state.top is None:
            self.top_row.set(tr("The game is over: the table is clear.", "ゲーム終了。場は空です。")
                             if position.is_over() else
                             tr("The table is clear: the 親 leads.",
                                "場は空です。親が役を出します。"), [])
            self.under_row.hide()
            return
        who = isolate(position.names[state.top_seat])
        count = len(state.top.cards)
        self.top_row.set(tr(f"On the table: {who}'s " + ("card" if count == 1 else
                                                          f"{count} cards"),
                            f"場: {who} の {len(state.top.cards)}枚"), list(state.top.cards))
        under = list(state.table[:len(state.table) - len(state.top.cards)])
        self.under_row.set(tr(f"Under it: {len(under)} (the last one in takes them all)",
                              f"その下 {len(under)}枚(最後まで残った人が全部取る)"), under)
        self.under_row.setVisible(bool(under))

    def info_text(self, position: Position) -> str:
        state = position.state
        season = round_name("nine", max(state.round_no, 1))
        return joined(f"{season} / {state.seasons}", deck_words(state), parent_words(position))

    def seat_status(self, state: Any, seat: int) -> str:
        if state.top is None or not state.out:
            return ""
        return tr("out", "降りた") if state.out[seat] else ""

    # --- moves -------------------------------------------------------------------------------
    def move_parts(self, move: Any) -> dict[str, tuple[Any, ...]] | None:
        return hand_parts(move)

    def move_label(self, move: Any, state: Any) -> str:
        if isinstance(move, CardsMove):
            return tr(f"Lay {self.cards_words(move.cards)}",
                      f"{self.cards_words(move.cards)} を出す")
        if str(move) == "out":
            return tr("Stay out — draw three", "降りる(3枚引く)")
        return super().move_label(move, state)

    def hint(self, position: Position) -> str:
        if position.state.top is None:
            return tr("Select a card or a set (無 joins any set) and lay it.",
                      "1枚かセット(無はどのセットにも入る)を選んで出します。")
        return tr("Select one stronger card sharing a colour with the table, or a bigger set of "
                  "the same strength — or stay out. (船 beats only 皇; 皇 is above 王.)",
                  "場と同じ色のより強い1枚か、同じ強さでより多いセットを選ぶか、降ります。"
                  "(船は皇にだけ勝つ。皇は王より強い)")

    def prompt(self, position: Position) -> str:
        if position.state.top is None:
            return tr("Lead a 役.", "役を出してください。")
        return tr("Join, or stay out and draw three.", "参加するか、降りて3枚引いてください。")

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        lines = [super().outcome_detail(state, outcome, names),
                 fewest_cards_line(state, outcome, names)]
        return "\n".join(line for line in lines if line)

    def result(self, state: Any, names: Sequence[str]) -> tuple[str, list[tuple[str,
                                                                             list[Card]]]]:
        if not state.scored:
            return "", []
        last = state.scored[-1]
        who = isolate(names[last.seat])
        return tr(f"{who} emptied their hand: +{last.points} (the largest hand then).",
                  f"{who} の手札がなくなった: +{last.points}(その時いちばん多い手札の枚数)。"), []


def fewest_cards_line(state: Any, outcome: Outcome, names: Sequence[str]) -> str:
    """Why the winner won when another had as many points: the fewest cards in hand ("" when
    the points alone decided)."""
    winners = sorted(outcome.winners)
    if not winners:
        return ""
    best = outcome.scores[winners[0]]
    level = [s for s, score in enumerate(outcome.scores) if score == best]
    if len(level) == len(winners):
        return ""
    counts = ", ".join(f"{isolate(names[s])} {state.hand_size(s)}" for s in level)
    counts_ja = "、".join(f"{isolate(names[s])} {state.hand_size(s)}枚" for s in level)
    return tr(f"Equal points: the fewest cards in hand won ({counts}).",
              f"同点のため、手札の少ない人の勝ち({counts_ja})。")


play_view = play_view_for(NineScreens)


# --- the table companion ------------------------------------------------------------------------
GAME = TableGame("nine", table.MAX_PLAYERS, ("Seasons", "季節の数"), 1,
                 rounds_session(table.new_session, "seasons"), plan_text(table.season_plan))


class NineScoreTab(LedgerTabBase):
    """Each emptied hand as it happens (the largest hand then), and the season's end."""

    title = ("Score", "得点計算")

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        during = words(QGroupBox(self), "A hand is empty", "手札がなくなった", "setTitle")
        self.emptied = seat_combo(during, "emptied")
        self.largest = QSpinBox(during)
        self.largest.setObjectName("largest")
        self.largest.setRange(1, 48)
        empty_button = words(QPushButton(during), "Enter the points", "得点を入力")
        empty_button.setObjectName("enter_empty")
        empty_button.clicked.connect(lambda: self.enter(lambda: table.empty_step(
            self.session, self.emptied.currentIndex(), self.largest.value())))
        grid = QGridLayout(during)
        grid.addWidget(words(QLabel(during), "Whose hand", "手札がなくなった人"), 0, 0)
        grid.addWidget(self.emptied, 0, 1)
        grid.addWidget(words(QLabel(during), "The largest hand now (cards)",
                             "いまいちばん多い手札(枚)"), 1, 0)
        grid.addWidget(self.largest, 1, 1)
        grid.addLayout(row_of(empty_button), 2, 0, 1, 2)
        grid.setColumnStretch(1, 1)
        end = words(QGroupBox(self), "The deck ran out: the season's end",
                    "山札が尽きた(季節の終わり)", "setTitle")
        self.parent_now = seat_combo(end, "parent_now")
        self.left_labels = [QLabel(end) for _ in range(GAME.max_players)]
        self.left = [QSpinBox(end) for _ in range(GAME.max_players)]
        for seat, spin in enumerate(self.left):
            spin.setObjectName(f"left:{seat}")
            spin.setRange(0, 48)
        self.season_button = words(QPushButton(end), "Enter the season's end", "季節の終わりを入力")
        self.season_button.setObjectName("enter_season")
        self.season_button.clicked.connect(lambda: self.enter(lambda: table.season_step(
            self.session, self.parent_now.currentIndex(),
            [spin.value() for spin in self.left[:self.session.players]])))
        end_grid = QGridLayout(end)
        end_grid.addWidget(words(QLabel(end), "The 親 now", "いまの親"), 0, 0)
        end_grid.addWidget(self.parent_now, 0, 1)
        end_grid.addWidget(words(QLabel(end), "Cards in hand (they break equal points):",
                                 "手札の枚数(同点のときに使う):"), 1, 0, 1, 2)
        for seat, (label, spin) in enumerate(zip(self.left_labels, self.left, strict=True)):
            end_grid.addWidget(label, seat + 2, 0)
            end_grid.addWidget(spin, seat + 2, 1)
        end_grid.addLayout(row_of(self.season_button), GAME.max_players + 2, 0, 1, 2)
        end_grid.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(during)
        layout.addWidget(end)
        layout.addStretch(1)
        self.refresh()

    def refresh(self, *_: object) -> None:
        names = self.names()
        fill_seats(self.emptied, names)
        fill_seats(self.parent_now, names)
        self.parent_now.setCurrentIndex(self.session.parent_rate().parent)
        players = self.session.players
        for seat, (label, spin) in enumerate(zip(self.left_labels, self.left, strict=True)):
            label.setVisible(seat < players)
            spin.setVisible(seat < players)
            if seat < players:
                label.setText(self.name(seat))
        self.season_button.setEnabled(not self.session.is_over())


def table_view(ctx: AppContext | None, game_id: str = "nine") -> CardTablePage:
    return card_table_view(ctx, GAME, NineScoreTab)
