"""連友 neki in the app: the digital play screens (the 役 on the table, 捨札 and the cards out of
the game, the 将 effects) and the table companion (game plan, what beats the 役 on the table,
the wins)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QWidget,
)

from companion.games.nincetkaik.cardgame import CardsMove
from companion.games.nincetkaik.deck import PROFESSIONS, STRENGTH_OF, Card, format_cards
from companion.games.nincetkaik.neki import table
from companion.games.nincetkaik.neki.rules import Remove
from companion.games.nincetkaik.texts import move_text
from ui.context import AppContext
from ui.games.nincetkaik.play import (
    TABLE_HEIGHT,
    CardScreens,
    CardsWithCaption,
    hand_parts,
    joined,
    lang,
    parent_words,
    play_view_for,
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


def strength_words(level: int) -> str:
    """"馬" / "王 and 皇" for a strength named by the 将 effect."""
    if level == 10:
        return tr("王 and 皇", "王と皇")
    kanji = PROFESSIONS[level].kanji
    number = PROFESSIONS[level].number
    return kanji if number is None else tr(f"{kanji} ({number})", f"{kanji}({number})")


def strengths(cards: Sequence[Card]) -> list[int]:
    return sorted(STRENGTH_OF[c] for c in cards)


class NekiScreens(CardScreens):
    """連友: lay a stronger 役 of the same shape or pass; a 将 removes a strength or takes a
    card from 捨札; first out wins. Colours do not matter: any card of a strength will do."""

    has_points = False

    def build_table(self, parent: QWidget) -> QWidget | None:
        box, layout = zone_frame(parent)
        self.top_row = CardsWithCaption(box, TABLE_HEIGHT)
        self.discard_row = CardsWithCaption(box, TABLE_HEIGHT)
        self.discard_row.row.clickable = True
        self.removed_row = CardsWithCaption(box, TABLE_HEIGHT)
        for row in (self.top_row, self.discard_row, self.removed_row):
            layout.addWidget(row)
        self.add_zone("discards", self.discard_row.row)
        return box

    def decision_focus(self, position: Position) -> QWidget | None:
        """The 将's effects are the buttons under the hand (the last in sight shows them
        all); otherwise the 役 to beat."""
        if position.state.effects:
            items = [self.buttons.itemAt(i) for i in range(self.buttons.count())]
            buttons = [item.widget() for item in items if item is not None]
            return next((b for b in reversed(buttons) if b is not None), None)
        return self.top_row if position.state.top is not None else None

    def show_table(self, position: Position) -> None:
        state = position.state
        if state.top is None:
            self.top_row.set(tr("The table is clear: the next player leads.",
                                "場は空です。次の人が役を出します。"), [])
        else:
            who = isolate(position.names[state.top.seat])
            self.top_row.set(tr(f"On the table: {who}'s {state.top.combo.name('en')}",
                                f"場: {who} の{state.top.combo.name('ja')}"),
                             list(state.top.combo.cards))
        self.discard_row.set(tr(f"Discards (捨札): {len(state.discards)}",
                                f"捨札 {len(state.discards)}枚"), list(state.discards))
        self.discard_row.setVisible(bool(state.discards))
        self.set_zone("discards", list(state.discards))
        self.removed_row.set(tr(f"Out of the game: {len(state.removed)}",
                                f"除いた札 {len(state.removed)}枚"), list(state.removed))
        self.removed_row.setVisible(bool(state.removed))

    def info_text(self, position: Position) -> str:
        state = position.state
        passes = tr(f"passes: {state.passes}", f"パス {state.passes}") if state.top else ""
        return joined(parent_words(position), passes)

    def score_line(self, state: Any, seat: int) -> str:
        return ""

    # --- moves: any card of a strength will do -------------------------------------------------
    def move_parts(self, move: Any) -> dict[str, tuple[Any, ...]] | None:
        if isinstance(move, CardsMove) and move.verb == "take":
            return {"discards": move.cards}
        return hand_parts(move)

    def matching(self, legal: Sequence[Any]) -> list[Any]:
        chosen = self.selected_values()
        if not chosen:
            return []
        wanted = {key: strengths(values) for key, values in chosen.items()}
        found = []
        for move in legal:
            parts = self.move_parts(move)
            if parts is None:
                continue
            if all(strengths(parts.get(key, ())) == values for key, values in wanted.items()):
                found.append(move)
        return found

    def playable(self, legal: Sequence[Any]) -> dict[str, set[Any]]:
        found = super().playable(legal)
        for key, values in list(found.items()):
            levels = {STRENGTH_OF[c] for c in values}
            found[key] = {c for c in self.zone_values.get(key, []) if STRENGTH_OF[c] in levels}
        return found

    def move_label(self, move: Any, state: Any) -> str:
        if isinstance(move, Remove):
            # Short: the hint above says every card of that strength goes; up to eleven of
            # these stand side by side in two columns at the smallest window.
            return tr(f"将: remove {strength_words(move.level)}",
                      f"将: {strength_words(move.level)}を除く")
        if isinstance(move, CardsMove) and move.verb == "take":
            return tr(f"将: take {self.cards_words(move.cards)} from the discards",
                      f"将: 捨札から {self.cards_words(move.cards)} を取る")
        if isinstance(move, CardsMove) and move.verb == "run":
            return tr(f"Lay the run {self.cards_words(move.cards)}",
                      f"連番 {self.cards_words(move.cards)} を出す")
        if isinstance(move, CardsMove):
            return tr(f"Lay {self.cards_words(move.cards)}", f"{self.cards_words(move.cards)} "
                      "を出す")
        if str(move) == "pass":
            return tr("Pass", "パス")
        return super().move_label(move, state)

    def hint(self, position: Position) -> str:
        state = position.state
        if state.effects:
            return tr(f"将 ({state.effects} left): remove every card of one strength from the "
                      "game, or click a discard and take it.",
                      f"将(残り{state.effects}): ある強さの札をすべて除くか、捨札をクリックして"
                      "取ります。")
        if state.top is None:
            return tr("Select a 役 to lead: a single, a set, a run (3+) or a run of sets.",
                      "出す役を選ぶ: 一枚・セット・連番(3枚以上)・連番のセット。")
        return tr("Select a stronger 役 of the same shape (or a set of three or more), or pass.",
                  "同じ形でより強い役(または3枚以上のセット)を選ぶか、パスします。")

    def prompt(self, position: Position) -> str:
        state = position.state
        if state.effects:
            return tr("Choose the 将's effect.", "将の効果を選んでください。")
        if state.top is None:
            return tr("Lead a 役.", "役を出してください。")
        return tr("Beat the 役 on the table, or pass.", "場の役より強い役を出すか、パス。")

    def result(self, state: Any, names: Sequence[str]) -> tuple[str, list[tuple[str,
                                                                             list[Card]]]]:
        if not state.over or not state.winners:
            return "", []
        who = isolate(names[state.winners[0]])
        return tr(f"{who} is out first and wins.", f"{who} が最初に上がりました。"), []


play_view = play_view_for(NekiScreens)


# --- the table companion ------------------------------------------------------------------------
GAME = TableGame("neki", table.MAX_PLAYERS, ("Games", "ゲーム数"), 3,
                 rounds_session(table.new_session, "games"), plan_text(table.game_plan))


class NekiScoreTab(LedgerTabBase):
    """What may be laid on the 役 on the table (for learners), and each game's winner."""

    title = ("Plays and wins", "出せる役と勝ち")

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        self.form = CardsForm(self, self)
        check = words(QGroupBox(self), "What can I lay?", "何が出せる?", "setTitle")
        self.hand = self.form.input(24, "hand")
        self.top = self.form.input(12, "top")
        self.plays = answer_label(check, "plays")
        grid = QGridLayout(check)
        grid.addWidget(words(QLabel(check), "My hand", "手札"), 0, 0)
        grid.addWidget(self.hand, 0, 1)
        grid.addWidget(words(QLabel(check), "On the table (empty: I lead)",
                             "場の役(空なら自分が出す番)"), 1, 0)
        grid.addWidget(self.top, 1, 1)
        grid.addWidget(self.plays, 2, 0, 1, 2)
        grid.setColumnStretch(1, 1)
        for field in (self.hand, self.top):
            field.changed.connect(self.check)
        end = words(QGroupBox(self), "The game's end", "ゲームの終わり", "setTitle")
        self.winner = seat_combo(end, "winner")
        self.enter_button = words(QPushButton(end), "Enter the win", "勝ちを入力")
        self.enter_button.setObjectName("enter_game")
        self.enter_button.clicked.connect(lambda: self.enter(lambda: table.game_step(
            self.session, self.winner.currentIndex())))
        end_layout = QGridLayout(end)
        end_layout.addWidget(words(QLabel(end), "First out", "最初に上がった人"), 0, 0)
        end_layout.addWidget(self.winner, 0, 1)
        end_layout.addLayout(row_of(self.enter_button), 1, 0, 1, 2)
        end_layout.setColumnStretch(1, 1)
        self.form.stack(self, [check], [end])
        self.refresh()

    def refresh(self, *_: object) -> None:
        fill_seats(self.winner, self.names())
        self.enter_button.setEnabled(not self.session.is_over())
        self.check()

    def check(self, *_: object) -> None:
        """Every 役 the hand may lay now, as a person reads it."""
        hand = self.hand.chosen()
        if not hand:
            self.plays.setText(tr("Enter your hand (and the 役 on the table) to see what you "
                                  "can lay.", "手札(と場の役)を入れると、出せる役が出ます。"))
            return
        try:
            found = table.answers(format_cards(hand), format_cards(self.top.chosen()))
        except ValueError:
            self.plays.setText(tr("The cards on the table are no 役.",
                                  "場の札が役になっていません。"))
            return
        moves = [move_text("neki", play, lang()) for play in found if play != "pass"]
        self.plays.setText("\n".join(moves) if moves else tr(
            "Nothing beats it: pass.", "出せる役はありません。パスです。"))


def table_view(ctx: AppContext | None, game_id: str = "neki") -> CardTablePage:
    return card_table_view(ctx, GAME, NekiScoreTab)
