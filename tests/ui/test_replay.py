"""Replaying a digital play as people use it: opened from History (the play's dialog, the
list's Ctrl+Shift+R) and from the end of a game; ← → Home End and the move list walk the record, the
board and the side panel show the engine's state at each position, chance is shown as it
happened, autoplay, "Play from here", export, hidden information, and records that no longer
replay."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from companion.bots.runner import play_bots
from companion.core.api import CHANCE, TERMINAL, GameState, Outcome
from companion.core.record import Game, GameRecord
from companion.games import registry
from companion.games.registry import GameInfo, Mode
from companion.history import PlayMode, PlayRecord, SeatResult, new_play_uid
from ui.play import replay as replay_module
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.replay import ReplayView, open_replay, stop_text

START = datetime(2026, 11, 20, 19, 0)


# --- plays ------------------------------------------------------------------------------------
def bot_play(game_id: str, names: Sequence[str], seed: int, *, cut: int | None = None,
             finished: bool = True) -> PlayRecord:
    """A game played headless by bots, as History keeps it: the seats named `names` ("" for a
    computer), the record cut after `cut` entries for an unfinished play."""
    record = play_bots(game_id, ["random"] * len(names), seed).record
    if cut is not None:
        record = replace(record, entries=record.entries[:cut])
    seats = [SeatResult(i, name or "Bot · Random", is_bot=not name,
                        bot_kind="" if name else "random") for i, name in enumerate(names)]
    return PlayRecord(game_id, PlayMode.DIGITAL, START, seats, record=record.to_dict(),
                      finished_at=START if finished else None)


def stored(ctx: Any, play: PlayRecord) -> PlayRecord:
    import db

    play.id = int(db.add_play(ctx.db, play))
    return play


def record_of(play: PlayRecord) -> GameRecord:
    assert play.record is not None
    return GameRecord.from_dict(play.record)


def engine_positions(record: GameRecord) -> list[tuple[int, Any]]:
    """(entries, state) wherever a seat acts or the game is over, straight from the engine."""
    found = []
    for at in range(len(record.entries) + 1):
        state = Game.replay(record, upto=at).state
        if not state.is_chance():
            found.append((at, state))
    return found


def replay_views() -> list[ReplayView]:
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, ReplayView) and w.isVisible()]


def opened(qtbot: Any, before: Sequence[ReplayView]) -> ReplayView:
    qtbot.waitUntil(lambda: len(replay_views()) > len(before), timeout=3000)
    (view,) = [v for v in replay_views() if v not in before]
    qtbot.addWidget(view)
    qtbot.waitExposed(view)
    return view


def open_from_history(qtbot: Any, person: Any, window: Any, play: PlayRecord) -> ReplayView:
    """History → the play's dialog → Replay, as a person clicks it."""
    before = replay_views()
    dialog = window.show_page("history").open_play(play.id)
    person.click(dialog.replay_button)
    return opened(qtbot, before)


def standalone(qtbot: Any, play: PlayRecord, size: tuple[int, int] = (1100, 720)) -> ReplayView:
    view = open_replay(None, play)
    qtbot.addWidget(view)
    view.resize(*size)
    qtbot.waitExposed(view)
    return view


def shown(view: ReplayView) -> Position:
    position = view.frame._position
    assert position is not None and not position.live
    return position


def press(person: Any, view: ReplayView, key: Qt.Key) -> None:
    """A key as a person presses it in the replay window (its shortcuts), wherever the focus
    is in it."""
    person.key(QApplication.focusWidget() or view, key)


def marked_line(view: ReplayView) -> str:
    item = view.frame.moves.currentItem()
    return item.text() if item is not None and item.isSelected() else ""


# --- Etariya ----------------------------------------------------------------------------------
def test_etariya_replay_shows_the_engines_position_at_every_move(qtbot, person, window,
                                                                 quiet_games) -> None:
    from ui.games.etariya import pictures

    play = stored(window.ctx, bot_play("etariya", ["Ann", ""], 11))
    record = record_of(play)
    expected = engine_positions(record)
    view = open_from_history(qtbot, person, window, play)
    person.activate(view)
    assert QApplication.focusWidget() is view  # the keys step at once, no click needed
    screens, frame = view.frame.screens, view.frame
    names = frame.seat_names()
    assert names == ("Ann", "Bot · Random")
    assert not frame.undo_button.isVisible() and not frame.new_button.isVisible()
    assert view.viewer_box.isHidden() and view.everything_box.isHidden()  # nothing is hidden
    last = len(expected) - 1
    for index, (at, state) in enumerate(expected):
        assert view.index == index
        position = shown(view)
        assert position.state.describe() == state.describe()
        assert position.entries == tuple(record.entries[:at]) and position.legal == ()
        assert screens.board.picture == pictures.board_picture(
            state, (), None, pictures.last_turn_cells(record.entries[:at]))
        assert screens.info_label.text() == pictures.info_html(state)
        assert screens.sides_label.text() == pictures.sides_html(state, names)
        assert not screens.hand_buttons() and not screens.choice_buttons()  # read-only
        for seat, card in enumerate(frame.seat_panel.cards):
            assert card.property("turn") == (seat == state.to_move())
        moves = sum(1 for e in record.entries[:at] if not e.is_chance)
        assert view.counter.text() == f"{moves} / {last}"
        if moves:
            assert marked_line(view).startswith(f"{moves}. ")
        else:  # the opening: who starts and the stones drawn
            assert " moves first · drew " in marked_line(view)
        if index < last:
            assert frame.turn_label.text() == f"To move: \u2068{names[state.to_move()]}\u2069"
        press(person, view, Qt.Key.Key_Right)
    assert view.index == last and frame.turn_label.text().startswith("The game is over. ")
    assert "Winner" in frame.turn_label.text() or "Draw" in frame.turn_label.text()
    press(person, view, Qt.Key.Key_Left)
    assert shown(view).state.describe() == expected[last - 1][1].describe()
    press(person, view, Qt.Key.Key_Home)
    assert view.index == 0 and shown(view).state.describe() == expected[0][1].describe()
    press(person, view, Qt.Key.Key_End)
    assert view.index == last


def test_a_click_on_a_move_shows_the_position_after_it(qtbot, quiet_games) -> None:
    play = bot_play("etariya", ["Ann", "Ben"], 5)
    record = record_of(play)
    view = standalone(qtbot, play)
    moves = view.frame.moves
    line = 7
    item = moves.item(line)
    qtbot.mouseClick(moves.viewport(), Qt.MouseButton.LeftButton,
                     pos=moves.visualItemRect(item).center())
    decisions = [i for i, e in enumerate(record.entries) if not e.is_chance]
    decision = decisions[line - 1]  # line 0: the opening draws
    at, state = next((at, s) for at, s in engine_positions(record) if at > decision)
    assert shown(view).state.describe() == state.describe()
    assert len(shown(view).entries) == at and marked_line(view) == item.text()


def test_stepping_never_replays_from_the_start(qtbot, monkeypatch, quiet_games) -> None:
    view = standalone(qtbot, bot_play("rengeki", ["Ann", "Ben"], 2))
    calls: list[int] = []
    original = Game.replay.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(Game, "replay", classmethod(
        lambda cls, *a, **k: (calls.append(1), original(cls, *a, **k))[1]))
    for _ in range(len(view.replay)):
        view.forward()
    view.to_start()
    view.to_end()
    assert calls == [] and view.index == view.last()


# --- Alluvium: hidden sheets ------------------------------------------------------------------
def test_alluvium_replay_follows_the_sheets_as_the_chosen_seat_saw_them(
        qtbot, person, window, quiet_games) -> None:
    play = stored(window.ctx, bot_play("alluvium", ["Ann", "", ""], 4))
    record = record_of(play)
    expected = engine_positions(record)
    view = open_from_history(qtbot, person, window, play)
    person.activate(view)
    screens = view.frame.screens
    assert view.viewer_box.currentText() == "Ann" and not view.everything_box.isChecked()
    assert view.everything_box.isVisibleTo(view)  # the game is over: offered, not on
    for index, (_at, state) in enumerate(expected):
        position = shown(view)
        if state.is_over():
            assert position.state.describe() == state.describe()
            assert screens.board.grid == state.grid_rows(screens.looked_at)
        else:
            seen = state.view(0)
            assert position.state.describe() == seen.describe() and position.viewer == 0
            sheet = state.held_sheet(0)
            assert screens.board.grid == seen.grid_rows(sheet)
            assert screens.board.legal == [] and screens.pass_button.isHidden()
            assert screens.sheet_label.text().startswith("In front of \u2068Ann\u2069:")
            assert screens.card_box.title() == "\u2068Ann\u2069's card"  # not "Your card"
            assert screens.sheets_scope.text() == (
                "As far as \u2068Ann\u2069 has seen them.")
        for seat, card in enumerate(view.frame.seat_panel.cards):
            assert card.score.text() == screens.score_line(position.state, seat)
        if index == len(expected) // 2:
            middle = state
        press(person, view, Qt.Key.Key_Right)
    view.go(len(expected) // 2)
    person.choose(view.viewer_box, view.frame.seat_names()[2])
    assert shown(view).state.describe() == middle.view(2).describe()
    assert screens.board.grid == middle.view(2).grid_rows(middle.held_sheet(2))
    person.click(view.everything_box)
    assert shown(view).state.describe() == middle.describe()
    assert screens.sheets_scope.text() == "Everything."


# --- hidden hands: a small card game known only to this test ----------------------------------
HIDDEN = 0  # a card another seat cannot see


@dataclass
class HandsState(GameState):
    """Two seats are dealt three cards each (chance), then lay them down in turns; the
    bigger total wins. A seat sees its own hand only."""

    game_id: ClassVar[str] = "hands"
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    laid: list[int] = field(default_factory=lambda: [0, 0])
    dealt: int = 0
    turn: int = 0

    def to_move(self) -> int:
        if self.dealt < 6:
            return CHANCE
        return self.turn if any(self.hands) else TERMINAL

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        left = [c for c in range(1, 7) if all(c not in hand for hand in self.hands)]
        return [(f"deal {c}", 1 / len(left)) for c in left] if self.is_chance() else []

    def legal_moves(self) -> list[Any]:
        if self.is_chance():
            return [move for move, _ in self.chance_outcomes()]
        return [] if self.is_over() else [f"lay {c}" for c in self.hands[self.turn]]

    def _apply(self, move: Any) -> None:
        word, card = move.split()
        if word == "deal":
            self.hands[self.dealt % 2].append(int(card))
            self.dealt += 1
            return
        self.hands[self.turn].remove(int(card))
        self.laid[self.turn] += int(card)
        self.turn = 1 - self.turn

    def parse_move(self, text: str) -> Any:
        return text

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        best = max(self.laid)
        return Outcome(tuple(float(v) for v in self.laid),
                       frozenset(i for i, v in enumerate(self.laid) if v == best))

    def has_hidden_information(self) -> bool:
        return True

    def view(self, seat: int) -> HandsState:
        other = self.copy()
        other.hands = [h if i == seat else [HIDDEN] * len(h) for i, h in enumerate(self.hands)]
        return other

    def describe(self) -> str:
        return f"hands {self.hands} laid {self.laid} turn {self.turn}"


class HandsScreens(PlayScreens):
    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.board = QLabel(frame)
        return self.board, None

    def show(self, position: Position) -> None:
        self.board.setText(" | ".join(" ".join("?" if c == HIDDEN else str(c) for c in hand)
                                      for hand in position.state.hands))


@pytest.fixture
def hands_game(monkeypatch):
    from ui import views

    registry.all_games()
    views.play_view("etariya")  # the registered views are loaded
    info = GameInfo("hands", "手札", "Hands", 2, 2, frozenset({Mode.PLAY}),
                    new_state=lambda n, options: HandsState(n, options))
    monkeypatch.setitem(registry._REGISTRY, "hands", info)
    monkeypatch.setitem(views._PLAY, "hands", lambda ctx, game_id: PlayFrame(
        ctx, game_id, HandsScreens()))


def hands_shown(view: ReplayView) -> list[str]:
    return view.frame.screens.board.text().split(" | ")


def test_a_partners_hand_shows_only_when_asked_after_the_end(qtbot, hands_game) -> None:
    play = bot_play("hands", ["Ann", "Ben"], 3)
    state = Game.replay(record_of(play)).state
    assert state.is_over()
    view = standalone(qtbot, play)
    view.go(2)  # after a card laid by each: two left in each hand
    middle = view.replay.state(2)
    assert hands_shown(view)[0] == " ".join(str(c) for c in middle.hands[0])
    assert set(hands_shown(view)[1].split()) == {"?"}  # Ben's hand: hidden from Ann
    assert view.everything_box.isVisibleTo(view) and not view.everything_box.isChecked()
    qtbot.mouseClick(view.everything_box, Qt.MouseButton.LeftButton)
    assert hands_shown(view)[1] == " ".join(str(c) for c in middle.hands[1])
    view.everything_box.setChecked(False)
    view.viewer_box.setCurrentIndex(1)  # through Ben's eyes
    assert set(hands_shown(view)[0].split()) == {"?"}
    assert hands_shown(view)[1] == " ".join(str(c) for c in middle.hands[1])


def test_an_unfinished_game_never_shows_the_hidden_hands(qtbot, hands_game) -> None:
    """It may still be continued: a computer's hand stays hidden, and nothing shows all."""
    play = bot_play("hands", ["Ann", ""], 3, cut=9, finished=False)
    view = standalone(qtbot, play)
    assert not view.replay.is_finished() and not view.offers_everything()
    assert view.everything_box.isHidden() and view.viewer_box.isVisibleTo(view)
    assert [view.viewer_box.itemText(i) for i in range(view.viewer_box.count())] == ["Ann"]
    view.everything_box.setChecked(True)  # even if it were ticked somehow
    for index in range(len(view.replay)):
        view.go(index)
        assert set(hands_shown(view)[1].split()) <= {"?"}


# --- sticks: the ledger and the throws follow the position ------------------------------------
def test_the_stick_ledger_and_throws_follow_any_position(qtbot, monkeypatch, quiet_games) -> None:
    from ui.games.sticks import play as sticks_play

    rebuilt: list[int] = []
    original = sticks_play.round_rows
    monkeypatch.setattr(sticks_play, "round_rows",
                        lambda record: rebuilt.append(1) or original(record))
    play = bot_play("juusai", ["Ann", "Ben", ""], 6)
    record = record_of(play)
    view = standalone(qtbot, play)
    screens = view.frame.screens
    thrown: list[list[Any]] = []
    monkeypatch.setattr(screens, "on_chance", thrown.append)
    order = [*range(1, len(view.replay)), 5, 1, len(view.replay) - 1, 0]
    for index in order:
        if index == view.index + 1:
            thrown.clear()
            view.forward()  # one step on: its throw is thrown again, as it happened
            chance = list(view.replay.steps[index].chance)
            assert thrown == ([chance] if chance else [])
        else:
            view.go(index)
        at = view.replay.steps[index].at
        ledger = view.replay.state(index).ledger()
        rows = original(replace(record, entries=record.entries[:at]))
        table = screens.ledger
        assert table.rowCount() == 1 + len(rows)
        assert [[table.item(r + 1, c).text() for c in range(3)] for r in range(len(rows))] == \
            [[str(p) for p in row.points] for row in rows]
        faces = screens.board.sticks.faces
        assert (faces is None) if ledger.last_throw is None else sum(faces) == ledger.last_throw
        assert screens.board.badge.value == ledger.last_throw
    assert rebuilt == [1]  # the whole record once, then filtered per position
    before = len(thrown)
    view.go(5)
    view.back()
    assert len(thrown) == before  # stepping back shows the throw, it does not throw again


def test_autoplay_goes_to_the_end_and_stops(qtbot, person, monkeypatch, quiet_games) -> None:
    monkeypatch.setattr(replay_module, "SPEEDS", ((5, "Slow", "ゆっくり"),
                                                  (5, "Normal", "ふつう"), (5, "Fast", "速い")))
    view = standalone(qtbot, bot_play("shinyu", ["Ann", "Ben"], 4))
    person.click(view.play_button)
    assert view.is_playing()
    qtbot.waitUntil(lambda: not view.is_playing(), timeout=10000)
    assert view.index == view.last()
    person.click(view.play_button)  # at the end: from the start again
    assert view.is_playing() and view.index <= 1
    view.back()  # any step stops it
    assert not view.is_playing()


# --- from the end of a game -------------------------------------------------------------------
def test_the_result_banner_opens_the_replay_of_the_game_just_played(qtbot, person,
                                                                    quiet_games) -> None:
    from ui.games.sticks.play import sticks_play_view
    from ui.new_game_dialog import GameSetup, SeatChoice

    frame = sticks_play_view(None, "shinyu")
    qtbot.addWidget(frame)
    frame.resize(1000, 640)
    frame.show()
    frame.start(GameSetup("shinyu", {}, [SeatChoice("", "random"), SeatChoice("", "greedy")], 9))
    qtbot.waitUntil(lambda: frame.controller.finished, timeout=20000)
    assert frame.result_panel.replay_button.isVisible()
    before = replay_views()
    person.click(frame.result_panel.replay_button)
    view = opened(qtbot, before)
    assert view.replay.entries == tuple(frame.controller.game.record.entries)
    assert view.index == 0
    view.to_end()
    assert shown(view).state.describe() == frame.controller.state.describe()


# --- History: the list's action, plays that cannot be replayed --------------------------------
def test_ctrl_shift_r_on_a_row_of_the_history_replays_it(qtbot, person, window,
                                                        quiet_games) -> None:
    play = stored(window.ctx, bot_play("shinyu", ["Ann", "Ben"], 2))
    page = window.show_page("history")
    page.reload()
    row = next(r for r in range(page.proxy.rowCount())
               if page.proxy.index(r, 0).data(Qt.ItemDataRole.UserRole) == play.id)
    person.click_row(page.table, row)
    assert page.replay_action in page.table.actions()
    before = replay_views()
    person.key(page.table, Qt.Key.Key_R,
               Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    view = opened(qtbot, before)
    assert view.play.id == play.id
    assert view.windowTitle() == f"Replay — Shinyu (Number Bets) #{play.id}"


def test_a_table_play_offers_no_replay(window) -> None:
    dialog = window.show_page("history").open_play(1)  # a sample table play
    assert dialog.play.mode is PlayMode.TABLE and dialog.replay_button.isHidden()


def test_a_record_that_stops_replays_as_far_as_it_goes_and_says_where(
        qtbot, person, window, quiet_games) -> None:
    play = bot_play("etariya", ["Ann", "Ben"], 8)
    data = play.record
    assert data is not None
    bad = [i for i, m in enumerate(data["moves"]) if "seat" in m][12]
    data["moves"][bad] = {"seat": data["moves"][bad]["seat"], "move": "R z9"}
    stored(window.ctx, play)
    view = open_from_history(qtbot, person, window, play)
    stop = view.replay.stop
    assert stop is not None and stop.entry == bad
    status = view.frame.status
    assert status.isVisible() and status.text() == stop_text(stop)
    assert status.text().startswith("The record stops after move 12: the next step (")
    view.to_end()
    good = replace(record_of(play), entries=record_of(play).entries[:bad])
    assert shown(view).state.describe() == engine_positions(good)[-1][1].describe()
    assert view.branch_button.isEnabled()  # one can go on from where it stops


def test_a_record_of_an_unknown_game_is_a_sentence(qtbot, person, window) -> None:
    play = bot_play("shinyu", ["Ann", "Ben"], 2)
    assert play.record is not None
    play.record["game"] = "shinyu-2"  # written by a newer version
    stored(window.ctx, play)
    before = replay_views()
    dialog = window.show_page("history").open_play(play.id)
    person.click(dialog.replay_button)
    assert replay_views() == before and dialog.isVisible()
    assert dialog.status.text() == (f"Play #{play.id} cannot be replayed: This version of the "
                                    "app cannot play that game.")


@pytest.mark.parametrize(("game_id", "seed"), [("etariya", 11), ("rengeki", 3)])
def test_a_play_that_came_in_through_companion_import_replays_to_the_same_end(
        qtbot, person, tmp_path: Path, capsys, quiet_games, game_id: str, seed: int) -> None:
    """Exported from one history with `companion export`, read into a fresh one with `companion
    import`: stepped through to its end, the replay shows the position the game ended in (the
    chance of a stick game included)."""
    import db
    from ui.cli import main

    source, fresh = (f"sqlite:///{tmp_path / name}" for name in ("source.db", "fresh.db"))
    original = bot_play(game_id, ["Ann", ""], seed)
    database = db.open_database(source)
    db.add_play(database, original)
    database.close()
    exported = tmp_path / "plays.json"
    assert main(["--db", source, "export", "-o", str(exported)]) == 0
    assert main(["--db", fresh, "import", str(exported)]) == 0
    assert capsys.readouterr().out == "imported 1 plays\n"
    database = db.open_database(fresh)
    try:
        (listed,) = db.list_plays(database)
        imported = db.get_play(database, listed.id)
    finally:
        database.close()
    assert imported is not None and imported.record is not None
    view = standalone(qtbot, imported)
    person.activate(view)
    steps = len(engine_positions(record_of(original)))
    for _ in range(steps - 1):
        press(person, view, Qt.Key.Key_Right)
    end = Game.replay(record_of(original)).state
    assert end.is_over() and view.index == steps - 1
    assert shown(view).state.describe() == end.describe()
    assert shown(view).state.outcome() == end.outcome()
    assert view.frame.seat_names() == ("Ann", "Bot · Random")
    assert view.frame.turn_label.text().startswith("The game is over. ")


def test_an_unfinished_play_replays_to_its_last_saved_move(qtbot, quiet_games) -> None:
    full = bot_play("alluvium", ["Ann", "Ben", "Cy"], 2)
    cut = 40
    play = bot_play("alluvium", ["Ann", "Ben", "Cy"], 2, cut=cut, finished=False)
    view = standalone(qtbot, play)
    view.to_end()
    expected = engine_positions(replace(record_of(full), entries=record_of(full).entries[:cut]))
    assert view.replay.stop is None and not view.replay.is_finished()
    assert shown(view).state.describe() == expected[-1][1].view(0).describe()
    assert view.everything_box.isHidden()  # the game is not over


# --- play from here ---------------------------------------------------------------------------
def answer_branch_dialog(qtbot: Any, kinds: Sequence[str | None], names: Sequence[str]) -> None:
    """When "Play from here" asks, set each seat's kind and name and start."""
    from ui.play.replay import BranchDialog

    def answer(tries: int = 200) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, BranchDialog):
            if tries:
                QTimer.singleShot(20, lambda: answer(tries - 1))
            return
        for row, kind, name in zip(dialog.rows, kinds, names, strict=True):
            row.set_bot(kind)
            row.name.setText(name)
        dialog.findChild(QWidget, "branch_start").click()

    QTimer.singleShot(20, answer)


def test_play_from_here_starts_a_new_play_at_the_position_shown(qtbot, person, window,
                                                                quiet_games) -> None:
    import db

    play = stored(window.ctx, bot_play("etariya", ["Ann", ""], 13))
    view = open_from_history(qtbot, person, window, play)
    index = next(i for i in range(10, len(view.replay))
                 if view.replay.state(i).to_move() == 0)  # Ann's turn
    view.go(index)
    at = view.replay.steps[index].at
    answer_branch_dialog(qtbot, [None, "greedy"], ["Mia", ""])
    person.click(view.branch_button)
    area = window.page("library").game_page("etariya").widget("play")
    qtbot.waitUntil(lambda: area.view is not None and area.view.controller is not None,
                    timeout=5000)
    game_view = area.view
    controller = game_view.controller
    assert controller.state.describe() == view.replay.state(index).describe()
    assert controller.game.record.entries == list(record_of(play).entries[:at])
    assert [s.name for s in controller.seats] == ["Mia", ""]
    assert [s.bot for s in controller.seats] == [None, "greedy"]
    assert controller.flush_saves()  # the autosave runs off the interface thread
    assert controller.play_id is not None and controller.play_id != play.id
    saved = db.get_play(window.ctx.db, controller.play_id)
    assert saved is not None and not saved.is_finished
    assert saved.record["meta"] == {"branch": {"play": play.id, "entries": at}}
    assert game_view.legal_moves()  # Mia may move at once
    game_view.play(game_view.legal_moves()[0])
    qtbot.waitUntil(lambda: controller.is_human_turn() or controller.finished, timeout=15000)
    saved = db.get_play(window.ctx.db, controller.play_id)
    assert saved.record["moves"][:at] == play.record["moves"][:at]
    assert saved.record["meta"]["branch"]["play"] == play.id  # kept by every autosave
    branch = stored(window.ctx, replace(saved, id=None, uid=new_play_uid(),
                                        finished_at=START))  # a copy is another play
    again = standalone(qtbot, branch)
    assert again.note.text() == (f"Started from play #{play.id} at move "
                                 f"{view.replay.moves_until(index)}.")


def test_no_play_from_the_end_of_a_game(qtbot, quiet_games) -> None:
    view = standalone(qtbot, bot_play("shinyu", ["Ann", "Ben"], 4))
    view.to_end()
    assert not view.branch_button.isEnabled()
    view.back()
    assert view.branch_button.isEnabled()


# --- export -----------------------------------------------------------------------------------
def test_export_the_record_as_json_and_the_moves_as_text(qtbot, monkeypatch, tmp_path: Path,
                                                         quiet_games) -> None:
    from ui.shell import common

    play = bot_play("rengeki", ["花子", ""], 3)
    play.id = 42
    view = standalone(qtbot, play)
    asked: list[str] = []
    target = tmp_path / "out"
    monkeypatch.setattr(common, "ask_save_path",
                        lambda parent, title, suggested, kinds: asked.append(suggested) or target)
    view.json_action.trigger()
    assert asked == ["rengeki-42.json"]
    assert json.loads(target.read_text("utf-8")) == record_of(play).to_dict()
    assert view.note.text() == f"Written: {target}"
    view.text_action.trigger()
    lines = target.read_text("utf-8").splitlines()
    assert asked[-1] == "rengeki-42.txt" and lines[0] == "# Rengeki Juusai (Chained Sticks) #42"
    moves = [e for e in record_of(play).entries if not e.is_chance]
    numbered = [line for line in lines[1:] if not line.startswith("   → ")]
    assert numbered == [f"{n}. {('花子', 'Bot · Random')[e.seat]}: {e.move}"
                        for n, e in enumerate(moves, start=1)]
    monkeypatch.setattr(common, "ask_save_path",
                        lambda *args: tmp_path / "missing" / "x.txt")
    view.text_action.trigger()
    assert view.note.text().startswith("Not written: ")


def test_exports_are_user_only_whatever_the_umask(qtbot, monkeypatch, tmp_path: Path,
                                                  quiet_games) -> None:
    import os
    import stat

    view = standalone(qtbot, bot_play("rengeki", ["Ann", "Ben"], 3))
    old = os.umask(0o022)
    try:
        view.export_json(tmp_path / "record.json")
        view.export_text(tmp_path / "moves.txt")
    finally:
        os.umask(old)
    for name in ("record.json", "moves.txt"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
    assert sorted(p.name for p in tmp_path.iterdir()) == ["moves.txt", "record.json"]


def test_play_from_here_without_the_main_window_opens_a_game_window(qtbot, quiet_games) -> None:
    from ui.play.controller import Seat

    view = standalone(qtbot, bot_play("shinyu", ["Ann", "Ben"], 4))
    view.go(3)
    game = view.start_branch([Seat("Ann"), Seat("Ben")])
    assert isinstance(game, PlayFrame) and game.isWindow()
    qtbot.addWidget(game)
    assert game.controller.state.describe() == view.replay.state(3).describe()
    assert game.controller.game.record.meta == {"branch": {"entries": view.replay.steps[3].at}}
