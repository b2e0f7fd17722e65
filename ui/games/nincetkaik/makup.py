"""値木 makup in the app: the digital play screens (the roads, laying cards that add up to a
road's end) and the table companion (game plan, the play checker for beginners, the wins)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from companion.games.nincetkaik.cardgame import CardsMove
from companion.games.nincetkaik.deck import Card, format_cards, number
from companion.games.nincetkaik.makup import table
from companion.games.nincetkaik.makup.rules import RoadPlay
from companion.games.nincetkaik.texts import move_text
from ui.context import AppContext
from ui.games.nincetkaik.play import (
    TABLE_HEIGHT,
    CardScreens,
    CardsWithCaption,
    caption,
    deck_words,
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
    plan_text,
    rounds_session,
    row_of,
)
from ui.i18n import tr
from ui.play.frame import Position
from ui.play.widgets import words


def road_caption(index: int, road: Sequence[Card]) -> str:
    """"Road 2 — end 5" / "道2 — 端は 5"; a road started by 皇, 王 or 船 takes any one card."""
    end = number(road[-1]) if road else None
    if end is None:
        return tr(f"Road {index + 1} — takes any one card", f"道{index + 1} — どの札でも1枚")
    return tr(f"Road {index + 1} — end {end}", f"道{index + 1} — 端は {end}")


class MakupScreens(CardScreens):
    """値木: lay cards adding up to a road's end, join two roads, clear them with 皇/王/船, or
    pass and turn up a new road. First to empty their hand wins."""

    has_points = False

    def build_table(self, parent: QWidget) -> QWidget | None:
        box, layout = zone_frame(parent)
        self.roads_title = caption(box, bold=True)
        layout.addWidget(self.roads_title)
        self.road_rows: list[CardsWithCaption] = []
        self.roads_layout = layout
        self.roads_box = box
        return box

    def _road_row(self, index: int) -> CardsWithCaption:
        while len(self.road_rows) <= index:
            row = CardsWithCaption(self.roads_box, TABLE_HEIGHT)
            row.row.clickable = True
            road = len(self.road_rows)
            row.row.setObjectName(f"road:{road + 1}")
            row.row.card_clicked.connect(lambda _i, r=road: self.toggle("road", r))
            self.roads_layout.addWidget(row)
            self.road_rows.append(row)
        return self.road_rows[index]

    def show_table(self, position: Position) -> None:
        roads = position.state.roads
        self.roads_title.setText(tr("Roads (道): click a road to choose it",
                                    "道: クリックで道を選ぶ") if position.legal
                                 else tr("Roads (道)", "道"))
        for index, road in enumerate(roads):
            row = self._road_row(index)
            row.set(road_caption(index, road), road)
            row.show()
        for row in self.road_rows[len(roads):]:
            row.hide()
        self.set_zone("road", list(range(len(roads))))

    def decision_focus(self, position: Position) -> QWidget | None:
        return self.roads_box

    def mark_selection(self, position: Position) -> None:
        chosen = set(self.selection.get("road", []))
        for index, row in enumerate(self.road_rows):
            marked = range(len(row.row.cards)) if index in chosen else ()
            row.row.set_cards(row.row.cards, highlighted=list(marked))

    def info_text(self, position: Position) -> str:
        state = position.state
        discards = tr(f"cleared: {len(state.discards)}", f"消えた札 {len(state.discards)}枚")
        return joined(deck_words(state), discards, parent_words(position))

    def score_line(self, state: Any, seat: int) -> str:
        return ""

    # --- moves -------------------------------------------------------------------------------
    def move_parts(self, move: Any) -> dict[str, tuple[Any, ...]] | None:
        if isinstance(move, RoadPlay):
            roads = (move.road,) if move.other is None else (move.road, move.other)
            return {"hand": move.cards, "road": roads}
        return hand_parts(move)

    def move_label(self, move: Any, state: Any) -> str:
        if isinstance(move, RoadPlay):
            last = self.cards_words([move.last])
            if move.other is not None:
                return tr(f"Join roads {move.road + 1} and {move.other + 1} ({last} on top)",
                          f"道{move.road + 1}と道{move.other + 1}をつなぐ(最後に {last})")
            return tr(f"Lay on road {move.road + 1} ({last} on top)",
                      f"道{move.road + 1}に置く(最後に {last})")
        if isinstance(move, CardsMove):
            return tr(f"Clear the roads with {self.cards_words(move.cards)}",
                      f"{self.cards_words(move.cards)} で道を消す")
        if str(move) == "pass":
            return tr("Pass — turn up a new road", "パス(新しい道を出す)")
        return super().move_label(move, state)

    def hint(self, position: Position) -> str:
        return tr("Select cards whose numbers add up to a road's end (and the road), or a 皇, "
                  "王 or 船 to clear the roads.",
                  "数の合計が道の端と同じになる札(と道)を選ぶか、皇・王・船で道を消します。")

    def prompt(self, position: Position) -> str:
        return tr("Lay cards on a road, or pass.", "道に札を置くか、パスしてください。")


play_view = play_view_for(MakupScreens)


# --- the table companion ------------------------------------------------------------------------
GAME = TableGame("makup", 6, ("Games", "ゲーム数"), 3,
                 rounds_session(table.new_session, "games"), plan_text(table.game_plan))
ROAD_INPUTS = 4


class MakupScoreTab(LedgerTabBase):
    """For beginners: a hand and the roads on the table → every play the rules allow; and the
    end of a game (who emptied their hand, or the fewest cards), entered as a win."""

    title = ("Plays and wins", "出せる札と勝ち")

    def __init__(self, page: CardTablePage) -> None:
        super().__init__(page)
        self.form = CardsForm(self, self)
        check = words(QGroupBox(self), "What can I play?", "何が出せる?", "setTitle")
        self.hand = self.form.input(20, "hand")
        self.roads = [self.form.input(24, f"road:{i + 1}", keep_order=True)
                      for i in range(ROAD_INPUTS)]
        self.plays = answer_label(check, "plays")
        grid = QGridLayout(check)
        grid.addWidget(words(QLabel(check), "My hand", "手札"), 0, 0)
        grid.addWidget(self.hand, 0, 1)
        for index, road in enumerate(self.roads):
            grid.addWidget(words(QLabel(check), f"Road {index + 1} (start → end)",
                                 f"道{index + 1}(始め → 端)"), index + 1, 0)
            grid.addWidget(road, index + 1, 1)
        grid.addWidget(self.plays, ROAD_INPUTS + 1, 0, 1, 2)
        grid.setColumnStretch(1, 1)
        for field in (self.hand, *self.roads):
            field.changed.connect(self.check)
        end = words(QGroupBox(self), "The game's end", "ゲームの終わり", "setTitle")
        self.winners = [QCheckBox(end) for _ in range(GAME.max_players)]
        for seat, box in enumerate(self.winners):
            box.setObjectName(f"winner:{seat}")
        self.enter_button = words(QPushButton(end), "Enter the win", "勝ちを入力")
        self.enter_button.setObjectName("enter_game")
        self.enter_button.clicked.connect(self.enter_game)
        end_layout = QVBoxLayout(end)
        end_layout.addWidget(words(QLabel(end), "Who won (the first out; or, when nobody "
                                   "could go on, everyone with the fewest cards):",
                                   "勝った人(最初に手札を出し切った人。誰も続けられないときは"
                                   "手札が一番少ない人全員):"))
        for box in self.winners:
            end_layout.addWidget(box)
        end_layout.addLayout(row_of(self.enter_button))
        self.form.stack(self, [check], [end])
        self.refresh()

    def refresh(self, *_: object) -> None:
        for seat, box in enumerate(self.winners):
            box.setVisible(seat < self.session.players)
            if seat < self.session.players:
                box.setText(self.name(seat))
        self.enter_button.setEnabled(not self.session.is_over())
        self.check()

    def check(self, *_: object) -> None:
        """Every play of the hand onto the roads, as a person reads it."""
        hand = self.hand.chosen()
        roads = [road.chosen() for road in self.roads if road.chosen()]
        if not hand or not roads:
            self.plays.setText(tr("Enter your hand and the roads (each from its first card to "
                                  "its end) to see what you can play.",
                                  "手札と道(始めの札から端まで)を入れると、出せる札が出ます。"))
            return
        found = table.plays(format_cards(hand), [format_cards(road) for road in roads])
        moves = [move_text("makup", play, lang()) for play in found if play != "pass"]
        self.plays.setText("\n".join(moves) if moves else tr(
            "Nothing fits: pass and turn up a new road.",
            "出せる札はありません。パスして新しい道を出します。"))

    def enter_game(self) -> None:
        winners = [s for s, box in enumerate(self.winners[:self.session.players])
                   if box.isChecked()]
        if not winners:
            self.say("Tick who won.", "勝った人に印を付けてください。")
            return
        if self.enter(lambda: table.game_step(self.session, winners)):
            for box in self.winners:
                box.setChecked(False)


def table_view(ctx: AppContext | None, game_id: str = "makup") -> CardTablePage:
    return card_table_view(ctx, GAME, MakupScoreTab)
