"""机戦 digital play inside the shared `PlayFrame`.

The board (`BoardView`) is drawn from the engine's state. A person clicks a piece of theirs or
the 皇 and sees where it may go (from the engine's legal moves): a click on a green dot moves
there, a click on a piece ringed blue steps on it (踏越え) and shows where the second leg may
end; a captured piece (手駒) chosen in the side panel goes on any square marked. The side
panel shows the season, the rate and the points; the last stick cast as five sticks with what
it decided; the decisions of the moment as buttons (go on or stay after a stepping cast,
再行 or 終季 with what 終季 would pay, the moves the board cannot show by a click); and each
side's captured pieces with the hands they form. The screens never decide a rule: they offer
`position.legal` and read the state's board-view queries.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from companion.colours import RED_BLACK
from companion.core.api import Outcome
from companion.core.record import RecordEntry
from companion.games.cetkaik import words as cw
from companion.games.cetkaik.hands import TAM_AGAIN, points_text
from companion.games.cetkaik.moves import (
    AfterCast,
    ChainCast,
    Declare,
    Drop,
    PieceMove,
    TamMove,
)
from companion.games.cetkaik.pieces import Colour, Profession, piece_name
from companion.games.cetkaik.rules import AFTER_CAST, DECLARE, MOVE, SEASON_NAMES, STEP_CHAIN
from companion.table.thrower import faces_for
from ui.context import AppContext
from ui.games.cetkaik.board_widget import BoardScene, BoardView, scene_of
from ui.games.sticks.sticks_widget import SticksWidget
from ui.i18n import language, tr
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.keys import KeyRow, Spot, SpotKeys
from ui.play.palette import follow_palette, ink_style
from ui.play.widgets import WrappedLabel, clear_layout, isolate, words


def _ink_button(button: QPushButton, colour: Colour) -> None:
    """A captured piece's button in its side's red or black (palette in use)."""
    button.setStyleSheet(ink_style(RED_BLACK, colour.name.lower(), "font-weight: bold;"))


# --- what a click means (read from the legal moves) ------------------------------------------
@dataclass
class Choice:
    """The moves on offer from one chosen piece (or the 皇), by where they end."""

    #: square name -> move ending there without stepping (or the 皇's move ending there)
    ends: dict[str, Any] = field(default_factory=dict)
    #: the stepped-on squares, in order -> {final square name (or the first square of an
    #: announced line): move}; 古机戦 may step over two ships in a row
    paths: dict[tuple[str, ...], dict[str, PieceMove]] = field(default_factory=dict)
    #: moves no square click can choose (the 皇 back on its square, a step announcing nothing)
    others: list[Any] = field(default_factory=list)

    def stones(self, path: tuple[str, ...]) -> set[str]:
        """The pieces the move may step on next, after stepping on `path`."""
        return {p[len(path)] for p in self.paths if len(p) > len(path) and p[:len(path)] == path}

    def after(self, path: tuple[str, ...]) -> dict[str, PieceMove]:
        """Where the move may end after stepping on `path`."""
        return {d: m for d, m in self.paths.get(path, {}).items() if d}


def choice_from(legal: Sequence[Any], src: str) -> Choice:
    """What the piece (or 皇) on `src` may do, from the legal moves."""
    choice = Choice()
    for move in legal:
        if isinstance(move, TamMove) and move.src == src:
            if move.dest == src:
                if not any(str(m) == str(move) for m in choice.others):
                    choice.others.append(move)
                continue
            known = choice.ends.get(move.dest)
            if known is None or (len(move.path), move.via) < (len(known.path), known.via):
                choice.ends[move.dest] = move  # the plainest path: a rules-equal choice
        elif isinstance(move, PieceMove) and move.src == src:
            if not move.via:
                choice.ends[move.dest] = move
                continue
            path = (move.via, move.via2) if move.via2 else (move.via,)
            ending = choice.paths.setdefault(path, {})
            if move.dest:
                ending[move.dest] = move
            else:
                choice.others.append(move)
    return choice


def movable_squares(legal: Sequence[Any]) -> set[str]:
    return {m.src for m in legal if isinstance(m, (PieceMove, TamMove))}


def drops_of(legal: Sequence[Any], colour: Colour, profession: Profession) -> dict[str, Drop]:
    return {m.dest: m for m in legal
            if isinstance(m, Drop) and m.colour is colour and m.profession is profession}


# --- words ------------------------------------------------------------------------------------
def lang() -> str:
    return language().code


def square(state: Any, name: str) -> str:
    return cw.square_text(name, lang(), state.tables.board)


def pts(state: Any, value: int) -> str:
    """Points kept in the rule set's units (tenths under 古計算法 and 三連体系) as people write
    them."""
    return points_text(value, state.scale)


def move_label(move: Any, state: Any) -> str:
    """A button's text for a move."""
    if isinstance(move, Declare):
        if move.again:
            after = min(state.rate * 2, state.variant.rate_cap)
            return tr(f"再行 — go on (rate ×{state.rate} → ×{after})",
                      f"再行 — 続ける(レート ×{state.rate} → ×{after})")
        value = state.declaration_value()
        shown = ("+" if value >= 0 else "") + pts(state, value)
        return tr(f"終季 — end the season ({shown} points)",
                  f"終季 — 季節を終える({shown} 点)")
    if isinstance(move, ChainCast):
        return tr("Throw again and add", "もう一度投げて足す") if move.again else \
            tr("Keep the total", "合計で決める")
    if isinstance(move, AfterCast):
        if not move.dest:
            return tr("Stay (give the move up)", "留まる(移動をやめる)")
        return tr(f"Go to {square(state, move.dest)}", f"{square(state, move.dest)} へ進む")
    if isinstance(move, TamMove) and move.src == move.dest:
        return tr(f"Move the 皇 back to its square (皇再来, {TAM_AGAIN.name_en})",
                  "皇を元のマスに戻す(皇再来)")
    if isinstance(move, PieceMove) and move.via and not move.dest:
        return tr(f"Step on {square(state, move.via)} and throw (choose after)",
                  f"{square(state, move.via)} を踏んで投げる(行き先は後で)")
    if isinstance(move, PieceMove) and not move.via:
        return tr(f"Take on {square(state, move.dest)}", f"{square(state, move.dest)} で取る")
    return cw.move_text(str(move), lang(), state.tables.board)


def cast_text(state: Any) -> str:
    """What the last cast of the season decided."""
    count = state.last_cast
    if count < 0 or not state.last_cast_kind:
        return tr("No sticks thrown yet this season.", "この季節はまだ投げ棒を投げていません。")
    if state.last_cast_kind == "water":
        return tr(f"Water entry: {count} face up — enters the water." if state.last_cast_ok
                  else f"Water entry: {count} face up (3 needed) — the piece goes back.",
                  f"入水判定: 表 {count} 本 — 入水成功。" if state.last_cast_ok
                  else f"入水判定: 表 {count} 本(3本必要)— 失敗、元のマスに戻る。")
    if state.phase == STEP_CHAIN:
        total = state.chain_total
        return tr(f"連撃術: {count} face up, {total} in all — throw again and add (0 or 1 "
                  "loses it all), or keep the total.",
                  f"連撃術: 表 {count} 本、合計 {total} — もう一度投げて足す(0か1なら全部失う)か、"
                  "合計で決める。")
    if state.last_cast_ok and state.phase == AFTER_CAST:
        return tr(f"Stepping: {count} face up — far enough; go on or stay.",
                  f"踏越え: 表 {count} 本 — 届く。進むか留まるかを選ぶ。")
    if state.last_cast_ok:  # the choice was made since: the throw is history, not a question
        return tr(f"Last throw — stepping: {count} face up, far enough.",
                  f"前回の投げ棒 — 踏越え: 表 {count} 本、届いた。")
    return tr(f"Stepping: {count} face up — too short; the piece stays.",
              f"踏越え: 表 {count} 本 — 届かない。駒は元のマスのまま。")


def hands_text(state: Any, side: int) -> str:
    """``同色獣 5 · 王 5 = 10`` or "no hand yet"."""
    found = state.hands(side)
    if not found:
        return tr("Hands: none yet", "役: まだなし")
    parts = " · ".join(f"{h.name(lang())} {pts(state, h.value)}" for h in found)
    total = pts(state, state.hand_points(side))
    return tr(f"Hands: {parts} = {total}", f"役: {parts} = {total}")


def square_words(state: Any, sq: int, scene: BoardScene) -> str:
    """A square as a screen reader says it: "c3: black King 王, IA side", "e5: 皇 (Tam)",
    "b2: empty, water", with what the board marks there (chosen, a move ends here…)."""
    board = state.tables.board
    place = square(state, board.name(sq))
    token = scene.tokens.get(sq)
    piece = state.piece_at(board.name(sq))
    if piece is not None and token is not None:
        colour, profession, side = piece
        what = tr(f"{colour.name_in('en')} {profession.name_in('en')} {token[0]}, "
                  f"{cw.side_name(side, 'en')}",
                  f"{colour.name_in('ja')}{token[0]}、{cw.side_name(side, 'ja')}")
    elif token is not None:
        what = tr("皇 (Tam)", "皇")
    else:
        what = tr("empty", "空き")
    marks = [tr("water", "水")] if sq in scene.water else []
    marks += [text for on, text in (
        (sq == scene.selected, tr("chosen", "選択中")),
        (sq in scene.captures, tr("a move takes here", "ここで取れる")),
        (sq in scene.targets and sq not in scene.captures, tr("a move ends here", "ここへ動ける")),
        (sq in scene.steps, tr("may be stepped on", "踏み越えられる")),
        (sq in scene.last, tr("last move", "直前の手")),
    ) if on]
    return tr(", ", "、").join([f"{place}: {what}", *marks])


# --- the side panel ---------------------------------------------------------------------------
class HandBox(QGroupBox):
    """One side's captured pieces (buttons: the mover chooses one to put down) and hands."""

    def __init__(self, side: int, screens: CetkaikScreens, parent: QWidget) -> None:
        super().__init__(parent)
        self.side, self.screens = side, screens
        self.setObjectName(f"hand{side}")
        self.grid = QGridLayout()
        self.grid.setSpacing(3)
        self.empty = words(QLabel(self), "No captured pieces", "手駒なし")
        self.hands = QLabel(self)
        self.hands.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(self.grid)
        layout.addWidget(self.empty)
        layout.addWidget(self.hands)
        self._shown: tuple[Any, ...] | None = None

    def show_state(self, state: Any, names: Sequence[str], legal: Sequence[Any]) -> None:
        """Show the side's captured pieces and hands; rebuilt only when they, the pieces that
        may be put down, the choice or the language change (most moves capture nothing)."""
        name = names[self.side] if self.side < len(names) else ""
        held = sorted(state.captured_pieces(self.side).items(),
                      key=lambda item: (-int(item[0][1]), int(item[0][0])))
        droppable = tuple(bool(drops_of(legal, colour, profession))
                          for (colour, profession), _ in held)
        hands = hands_text(state, self.side)
        dropping = self.screens.drop
        shown = (lang(), name, tuple(held), droppable, dropping, hands)
        if shown == self._shown:
            return
        self._shown = shown
        self.setTitle(tr(f"{cw.side_name(self.side, 'en')} — {name}: captured",
                         f"{cw.side_name(self.side, 'ja')} — {name} の手駒"))
        clear_layout(self.grid)
        for i, (((colour, profession), count), can_drop) in enumerate(zip(held, droppable,
                                                                         strict=True)):
            text = f"{colour.kanji}{profession.kanji}" + (f" ×{count}" if count > 1 else "")
            button = QPushButton(text, self)
            button.setObjectName(f"drop:{colour.letter}{profession.letter}:{self.side}")
            button.setToolTip(piece_name(colour, profession, lang()))
            button.setAccessibleName(tr(  # a screen reader says the piece, not its kanji
                f"Captured {piece_name(colour, profession, 'en')} {profession.kanji}"
                f" ×{count}", f"手駒 {colour.kanji}{profession.kanji} ×{count}"))
            follow_palette(button, partial(_ink_button, button, colour))  # 赤/黒 says it too
            button.setCheckable(can_drop)
            button.setChecked(can_drop and dropping == (colour, profession))
            button.setFlat(not can_drop)
            button.clicked.connect(lambda _=False, c=colour, p=profession:
                                   self.screens.choose_drop(c, p))
            self.grid.addWidget(button, i // 3, i % 3)
            button.show()
        self.empty.setVisible(not held)
        self.hands.setText(hands)

    def drop_buttons(self) -> list[QPushButton]:
        return [b for b in self.findChildren(QPushButton) if not b.isHidden()]


class CetkaikScreens(PlayScreens):
    """The 机戦 board and its side panel."""

    def __init__(self, ctx: AppContext | None) -> None:
        self.ctx = ctx
        self.position: Position | None = None
        self.src: str | None = None  # the chosen piece (or the 皇)
        self.vias: tuple[str, ...] = ()  # the stepped-on squares chosen, in order
        self.drop: tuple[Colour, Profession] | None = None  # the captured piece chosen
        self._rng = random.Random()

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.frame = frame
        self.board = BoardView(frame)
        self.board.setObjectName("cetkaik_board")
        self.board.square_clicked.connect(self.square_clicked)
        self.board.cancelled.connect(self.cancel)
        self.keys = SpotKeys(self.board, self.spots, self.board.click, self.cancel,
                             name=("机戦 board", "机戦の盤"))
        side = QWidget(frame)
        self.info = WrappedLabel("", side)  # it and the cast's verdict change at every move
        self.info.setObjectName("cetkaik_info")
        self.cast_box = words(QGroupBox(side), "Sticks", "投げ棒", "setTitle")
        self.sticks = SticksWidget(self.cast_box)
        self.sticks.setMinimumSize(160, 64)
        self.sticks.setMaximumHeight(90)
        self.cast_label = WrappedLabel("", self.cast_box)
        self.cast_label.setObjectName("cast_verdict")
        cast_layout = QVBoxLayout(self.cast_box)
        cast_layout.setContentsMargins(6, 4, 6, 4)
        cast_layout.addWidget(self.sticks)
        cast_layout.addWidget(self.cast_label)
        self.choice_box = words(QGroupBox(side), "Choose", "選ぶ", "setTitle")
        self.choice_rows = QVBoxLayout(self.choice_box)
        self.choice_rows.setContentsMargins(6, 4, 6, 4)
        self.hand_boxes = [HandBox(s, self, side) for s in (0, 1)]
        layout = QVBoxLayout(side)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.info, self.choice_box, self.cast_box, *reversed(self.hand_boxes)):
            layout.addWidget(widget)
        return self.board, side

    def game_started(self) -> None:
        self.cancel_quietly()

    # --- acting ------------------------------------------------------------------------------
    def spots(self) -> list[Spot]:
        """Every square for the keyboard's cursor; those a click would act on now (a piece
        that may move, where the chosen one may go or step) can be chosen."""
        position, scene = self.position, self.board.scene
        if position is None or position.state is None:
            return []
        state = position.state
        live: set[int] = set()
        if position.legal:
            live = set(scene.targets) | set(scene.steps)
            if state.phase == MOVE:
                live |= {state.tables.index[n] for n in movable_squares(position.legal)}
            live -= {state.tables.index[v] for v in self.vias}
        return [Spot(sq, self.board.square_rect(sq), square_words(state, sq, scene), sq in live)
                for sq in range(scene.width * scene.height)]

    def legal(self) -> tuple[Any, ...]:
        return self.position.legal if self.position is not None else ()

    def name_of(self, sq: int) -> str:
        assert self.position is not None
        return str(self.position.state.tables.names[sq])

    def square_clicked(self, sq: int) -> None:
        position = self.position
        if position is None or not position.legal:
            return
        state, name = position.state, self.name_of(sq)
        if state.phase == AFTER_CAST:
            go = next((m for m in position.legal
                       if isinstance(m, AfterCast) and m.dest == name), None)
            if go is not None:
                self.frame.play(go)
            return
        if state.phase != MOVE:
            return
        move = self._move_at(name)
        if move is not None:
            self.cancel_quietly()
            self.frame.play(move)
            return
        if self.src is not None and name in self.choice().stones(self.vias):
            self.vias = (*self.vias, name)
        elif name != self.src and name in movable_squares(position.legal):
            self.src, self.vias, self.drop = name, (), None
        else:
            self.cancel_quietly()
        self._redraw()

    @property
    def via(self) -> str | None:
        """The last stepped-on square chosen (None: none yet)."""
        return self.vias[-1] if self.vias else None

    def _move_at(self, name: str) -> Any | None:
        """The move a click on `name` makes now, or None (the click chooses or cancels)."""
        legal = self.legal()
        if self.drop is not None:
            return drops_of(legal, *self.drop).get(name)
        if self.src is None:
            return None
        choice = self.choice()
        if self.vias:
            second = choice.after(self.vias)
            if name in second and name not in choice.stones(self.vias):
                return second[name]
            return choice.ends.get(name) if self.vias == (name,) else None
        if name in choice.stones(()):
            return None  # a stepping stone: the click chooses it (a capture there comes next)
        return choice.ends.get(name)

    def choice(self) -> Choice:
        return choice_from(self.legal(), self.src) if self.src else Choice()

    def choose_drop(self, colour: Colour, profession: Profession) -> None:
        if not drops_of(self.legal(), colour, profession):
            return
        same = self.drop == (colour, profession)
        self.src, self.vias = None, ()
        self.drop = None if same else (colour, profession)
        self._redraw()
        if self.drop is not None:  # the button is rebuilt: the keyboard goes where it lands
            self.board.setFocus()

    def cancel(self) -> None:
        self.cancel_quietly()
        self._redraw()

    def cancel_quietly(self) -> None:
        self.src, self.vias = None, ()
        self.drop = None

    # --- showing -----------------------------------------------------------------------------
    def show(self, position: Position) -> None:
        if self.position is None or len(position.entries) != len(self.position.entries):
            self.cancel_quietly()
        self.position = position
        self._redraw()

    def _redraw(self) -> None:
        position = self.position
        if position is None:
            return
        state = position.state
        self._check_choice(position)
        self.board.set_scene(self._scene(position))
        self.keys.refresh()
        self.info.setText(self._info_text(state))
        self._show_cast(state)
        self._show_choices(position)
        for box in self.hand_boxes:  # only the side to move may put a piece down
            mine = state.phase == MOVE and box.side == state.mover
            box.show_state(state, position.names, position.legal if mine else ())

    def _check_choice(self, position: Position) -> None:
        """Forget a choice the moves on offer no longer allow."""
        if self.src is not None and self.src not in movable_squares(position.legal):
            self.cancel_quietly()
        if self.vias and not (self.choice().after(self.vias)
                              or self.choice().stones(self.vias)):
            self.vias = ()
        if self.drop is not None and not drops_of(position.legal, *self.drop):
            self.drop = None

    def _scene(self, position: Position) -> Any:
        state = position.state
        index = state.tables.index
        targets: set[str] = set()
        steps: set[str] = set()
        selected = self.src
        if state.phase == AFTER_CAST and position.legal:
            targets = {m.dest for m in position.legal if isinstance(m, AfterCast) and m.dest}
        elif self.drop is not None:
            targets = set(drops_of(position.legal, *self.drop))
        elif self.src is not None:
            choice = self.choice()
            steps = choice.stones(self.vias)
            if self.vias:
                targets = set(choice.after(self.vias)) - steps
                if self.vias == (self.vias[0],) and self.vias[0] in choice.ends:
                    targets.add(self.vias[0])
            else:
                targets = set(choice.ends) - steps
        pending = state.pending_move()
        pending_squares = {index[n] for n in pending if n} if pending else set()
        flipped = self._seen_from_seat_two(position)
        board = state.tables.board
        captures = frozenset(index[t] for t in targets if state.piece_at(t) is not None)
        return scene_of(
            state, lang(),
            selected=index[selected] if selected else None,
            targets=frozenset(index[t] for t in targets),
            captures=captures,
            steps=frozenset(index[s] for s in (*steps, *self.vias)),
            last=frozenset(last_move_squares(position.entries, board)),
            pending=frozenset(pending_squares),
            flipped=flipped)

    def _info_text(self, state: Any) -> str:
        season = SEASON_NAMES[state.season][0 if lang() == "ja" else 1]
        lead = state.leader()
        leader = tr("level", "同点") if lead is None else cw.side_name(lead, lang())
        starter = cw.side_name(state.starter, lang()) if state.starter >= 0 else "—"
        ia, a = pts(state, state.scores[0]), pts(state, state.scores[1])
        total = pts(state, state.total_points)
        return tr(f"Season {state.season + 1} of {state.seasons} ({season}) · rate ×{state.rate}"
                  f" · first: {starter}\nPoints: IA side {ia}, A side {a} (of {total}) · "
                  f"ahead: {leader}",
                  f"第 {state.season + 1} 季 / {state.seasons}({season})· レート ×{state.rate}"
                  f"· 先手 {starter}\n持ち点: 黒王側 {ia}・赤王側 {a}(計 {total})· 優勢: {leader}")

    def _show_cast(self, state: Any) -> None:
        text = cast_text(state)
        pending = state.pending_move()
        if pending is not None and state.phase == AFTER_CAST:
            src, via, _ = (square(state, n) if n else "?" for n in pending)
            text += tr(f" ({src} over {via})", f"({src} → [{via}])")
        if self.sticks.is_animating():  # the count is told once the sticks have landed
            self.cast_label.setText("")
        self.sticks.after_landing(lambda: self.cast_label.setText(text))
        count = state.last_cast
        if count < 0 or not state.last_cast_kind:
            if not self.sticks.is_animating():
                self.sticks.show_throw(None, animate=False)
            return
        if not self.sticks.is_animating() and (
                self.sticks.faces is None or sum(self.sticks.faces) != count):
            self.sticks.show_throw(faces_for(count, rng=self._rng), animate=False)

    def on_chance(self, drawn: list[Any]) -> None:
        casts = [m for m in drawn if hasattr(m, "face_up")]
        if casts:
            self.sticks.show_throw(faces_for(casts[-1].face_up, rng=self._rng))

    def _seen_from_seat_two(self, position: Position) -> bool:
        """The board is turned to the second seat's side when the people at this device sit
        only there: against a computer in the first seat, or at a table across laptops."""
        controller = self.frame.controller
        people = (controller.human_seats() if controller is not None else
                  [i for i, seat in enumerate(position.seats) if not seat.is_bot])
        return len(position.seats) == 2 and people == [1]

    def _show_choices(self, position: Position) -> None:
        clear_layout(self.choice_rows)
        state = position.state
        shown: list[Any] = []
        if state.phase in (DECLARE, AFTER_CAST, STEP_CHAIN):
            shown = list(position.legal)
        elif state.phase == MOVE and self.src is not None:
            choice = self.choice()
            shown = list(choice.others)
            if len(self.vias) == 1 and self.vias[0] in choice.ends:
                shown.append(choice.ends[self.vias[0]])
        for move in shown:
            button = QPushButton(move_label(move, state), self.choice_box)
            button.setObjectName(f"move:{move}")
            button.setMinimumHeight(30)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, m=move: self._play_button(m))
            self.choice_rows.addWidget(button)
            button.show()
        note = self._choice_note(state) if position.legal else ""
        if note:
            label = QLabel(note, self.choice_box)
            label.setObjectName("choice_note")
            label.setWordWrap(True)
            self.choice_rows.addWidget(label)
            label.show()
        if self.src is not None or self.drop is not None:
            cancel = words(QPushButton(self.choice_box), "Cancel the choice (Esc)",
                           "選び直す (Esc)")
            cancel.setObjectName("cancel_choice")
            cancel.clicked.connect(self.cancel)
            self.choice_rows.addWidget(cancel)
            cancel.show()
        self.choice_box.setVisible(self.choice_rows.count() > 0)

    def _choice_note(self, state: Any) -> str:
        """What the person may do now with the choice made on the board."""
        if state.phase == DECLARE:
            parts = [f"{h.name(lang())} {pts(state, h.value)}" for h in state.hands(state.mover)]
            parts += [f"{p.name(lang())} {p.points}" for p in state.penalties]
            held = " · ".join(parts)
            return tr(f"Hands now: {held}. 終季 pays them × rate ×{state.rate}; 再行 pays "
                      "nothing now and doubles the rate for every later payment.",
                      f"いまの役: {held}。終季ならその合計 × レート ×{state.rate} を受け取る。"
                      "再行なら今は受け取らず、以後の支払いのレートが 2 倍になる。")
        if state.phase != MOVE:
            return ""
        if self.drop is not None:
            return tr("Click an empty square (green dot) for the captured piece.",
                      "手駒を置く空きマス(緑の点)をクリック。")
        if self.vias:
            return tr("Click where the second leg ends (a ranging leg throws the sticks).",
                      "2度目の移動先をクリック(何マスも進む動きなら投げ棒を投げる)。")
        if self.src is not None:
            return tr("Green dot: move there; red ring: take; blue ring: step on that piece.",
                      "緑の点: 移動、赤い輪: 取る、青い輪: その駒を踏み台にする。")
        return ""

    def _play_button(self, move: Any) -> None:
        self.cancel_quietly()
        self.frame.play(move)

    def choice_buttons(self) -> list[QPushButton]:
        return [b for b in self.choice_box.findChildren(QPushButton)
                if b.objectName().startswith("move:") and not b.isHidden()]

    # --- words -------------------------------------------------------------------------------
    def chance_text(self, entry: RecordEntry) -> str | None:
        """A cast follows its move (" → 投げ棒 3"); who starts a season is in the info line."""
        if entry.move.startswith("first"):
            return None
        return f" → {cw.chance_text(entry.move, lang())}"

    def prompt(self, position: Position) -> str:
        state = position.state
        if state.phase == DECLARE:
            return tr("A new hand: declare 再行 or 終季.", "新しい役: 再行か終季を宣言する。")
        if state.phase == AFTER_CAST:
            return tr("The sticks allow it: go on, or stay.",
                      "投げ棒の結果で届く: 進むか留まるかを選ぶ。")
        if state.phase == STEP_CHAIN:
            return tr("連撃術: throw again, or keep the total.",
                      "連撃術: もう一度投げるか、合計で決める。")
        return tr("Click a piece of yours or the 皇 (or a captured piece on the right).",
                  "自分の駒か皇をクリック(右の手駒を置くこともできる)。")

    def key_rows(self) -> list[KeyRow]:
        return [KeyRow("Tab, Space", "Choose a captured piece to put down (side panel)",
                       "手駒を選んで置く(右の欄)")]

    def seat_role(self, state: Any, seat: int) -> str:
        return cw.side_name(seat, lang())

    def score_line(self, state: Any, seat: int) -> str:
        points = pts(state, state.scores[seat])
        return tr(f"{points} pts", f"{points} 点")

    def seat_note(self, state: Any, seat: int) -> str:
        value = state.hand_points(seat)
        points = pts(state, value)
        return tr(f"hands {points}", f"役 {points}") if value else ""

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        shown = [isolate(n) for n in names]
        return "\n".join([*cw.season_lines(state.results, shown, lang()),
                          cw.end_reason(outcome.detail, lang())])

    def retranslate(self) -> None:
        self._redraw()


def last_move_squares(entries: Sequence[RecordEntry], board: Any) -> set[int]:
    """The squares of the last seat move that changed the board (start and end)."""
    from companion.core.errors import MoveParseError
    from companion.games.cetkaik.moves import parse_move

    for entry in reversed(entries):
        if entry.is_chance:
            continue
        try:
            move = parse_move(entry.move, board)
        except MoveParseError:
            return set()
        if isinstance(move, (PieceMove, TamMove)):
            return {board.parse_square(move.src)} | (
                {board.parse_square(move.dest)} if move.dest else set())
        if isinstance(move, Drop):
            return {board.parse_square(move.dest)}
        if isinstance(move, AfterCast) and move.dest:
            return {board.parse_square(move.dest)}
        if isinstance(move, Declare):
            continue
        return set()
    return set()


class OldScreens(CetkaikScreens):
    """古机戦: the same board; no sticks and no hands in the side panel, the pieces taken."""

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        board, side = super().build(frame)
        self.cast_box.hide()
        for box in self.hand_boxes:
            box.hide()
        return board, side

    def _redraw(self) -> None:
        position = self.position
        if position is None:
            return
        self._check_choice(position)
        self.board.set_scene(self._scene(position))
        self.keys.refresh()
        self.info.setText(self._info_text(position.state))
        self._show_choices(position)

    def _info_text(self, state: Any) -> str:
        taken = state.taken
        return tr(f"Turn {state.turns + 1} (a draw after {state.rules.move_limit}) · taken: "
                  f"IA side {taken[0]}, A side {taken[1]}",
                  f"第 {state.turns + 1} 手({state.rules.move_limit} 手で引き分け)· 取った駒: "
                  f"黒王側 {taken[0]}・赤王側 {taken[1]}")

    def prompt(self, position: Position) -> str:
        return tr("Click a piece of yours, then where it goes (a blue ring: step on that ship).",
                  "自分の駒をクリックし、行き先をクリック(青い輪: その船を踏み台にする)。")

    def score_line(self, state: Any, seat: int) -> str:
        return tr(f"took {state.taken[seat]}", f"取った駒 {state.taken[seat]}")

    def seat_note(self, state: Any, seat: int) -> str:
        return ""

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        return cw.end_reason(outcome.detail, lang())


def play_view(ctx: AppContext | None, game_id: str = "cetkaik", *,
              animate: bool = True) -> PlayFrame:
    """The play page of a rule set (古机戦 has its own side panel)."""
    from companion.games.cetkaik.variants import variant_of

    old = variant_of(game_id).engine == "old"
    screens = OldScreens(ctx) if old else CetkaikScreens(ctx)
    return PlayFrame(ctx, game_id, screens, animate=animate)
