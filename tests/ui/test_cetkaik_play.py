"""机戦 digital play as people use it: clicking a piece shows the engine's targets, clicking a
target moves; stepping throws the sticks (shown) and offers go/stay; a capture that makes a
hand offers 再行 and 終季 with what 終季 pays; captured pieces go back on the board from the
side panel; a short game against a bot ends, is in the History and prints."""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from companion.core.record import Game
from companion.games.cetkaik.bots import best_capture
from companion.games.cetkaik.moves import AfterCast, Declare, Drop, PieceMove, TamMove
from companion.games.cetkaik.rules import AFTER_CAST, DECLARE, MOVE
from companion.history import PlayMode, PlayRecord, SeatResult
from tests.ui.conftest import wait_until_saved
from tests.ui.keyboard import activate, choose
from ui.games.cetkaik.play import CetkaikScreens, play_view
from ui.i18n import language
from ui.new_game_dialog import GameSetup, SeatChoice
from ui.play.frame import PlayFrame
from ui.play.pyside_guard import protect_singletons

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    from ui.games.sticks import sticks_widget

    sticks_widget.set_animations_enabled(False)
    language().set("en")
    yield
    language().set("en")
    sticks_widget.set_animations_enabled(True)


def make(qtbot, ctx: Any = None) -> PlayFrame:
    view = play_view(ctx, animate=False)
    qtbot.addWidget(view)
    view.resize(1100, 720)
    view.show()
    qtbot.waitExposed(view)
    return view


def start(view: PlayFrame, seats=(None, None), seed: int = 3, **options: Any) -> None:
    names = ("Ann", "Bo")
    chosen = [SeatChoice(names[i] if bot is None else "", bot) for i, bot in enumerate(seats)]
    view.start(GameSetup("cetkaik", dict(options), chosen, seed, ""))


def screens(view: PlayFrame) -> CetkaikScreens:
    assert isinstance(view.screens, CetkaikScreens)
    return view.screens


def state(view: PlayFrame) -> Any:
    assert view.controller is not None
    return view.controller.state


# --- a person's clicks ---------------------------------------------------------------------------
def click_square(qtbot, view: PlayFrame, name: str) -> None:
    board = screens(view).board
    rect = board.square_rect(state(view).tables.index[name])
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())


def button(view: PlayFrame, notation: str) -> QPushButton:
    found = [b for b in view.move_buttons() if b.objectName() == f"move:{notation}"]
    assert found, f"no button for {notation}: {[b.objectName() for b in view.move_buttons()]}"
    return found[0]


def click_move(qtbot, view: PlayFrame, move: Any) -> None:
    """Make `move` as a person does: squares on the board, buttons in the side panel."""
    s = state(view)
    if isinstance(move, Declare) or (isinstance(move, AfterCast) and not move.dest):
        qtbot.mouseClick(button(view, str(move)), Qt.MouseButton.LeftButton)
    elif isinstance(move, AfterCast):
        click_square(qtbot, view, move.dest)
    elif isinstance(move, Drop):
        side = s.mover
        name = f"drop:{move.colour.letter}{move.profession.letter}:{side}"
        hand = [b for b in screens(view).hand_boxes[side].drop_buttons()
                if b.objectName() == name]
        qtbot.mouseClick(hand[0], Qt.MouseButton.LeftButton)
        click_square(qtbot, view, move.dest)
    elif isinstance(move, TamMove):
        click_square(qtbot, view, move.src)
        if move.dest == move.src:
            qtbot.mouseClick(button(view, str(move)), Qt.MouseButton.LeftButton)
        else:
            click_square(qtbot, view, move.dest)
    else:
        assert isinstance(move, PieceMove)
        click_square(qtbot, view, move.src)
        if move.via:
            click_square(qtbot, view, move.via)
            if move.dest:
                click_square(qtbot, view, move.dest)
            else:
                qtbot.mouseClick(button(view, str(move)), Qt.MouseButton.LeftButton)
        else:
            click_square(qtbot, view, move.dest)
            if screens(view).via == move.dest:  # a piece it may also step on: click again
                click_square(qtbot, view, move.dest)


def last_seat_move(view: PlayFrame) -> str:
    assert view.controller is not None
    return [e.move for e in view.controller.game.record.entries if not e.is_chance][-1]


# --- tests ---------------------------------------------------------------------------------------
def test_a_click_shows_the_engines_targets_and_a_second_click_moves(qtbot) -> None:
    view = make(qtbot)
    start(view)
    s = state(view)
    board = s.tables.board
    src = next(m.src for m in s.legal_moves() if isinstance(m, PieceMove) and not m.via)
    click_square(qtbot, view, src)
    scene = screens(view).board.scene
    simple = {m.dest for m in s.moves_from(src) if not m.via}
    stones = {m.via for m in s.moves_from(src) if m.via}
    assert scene.selected == board.parse_square(src)
    assert {board.name(sq) for sq in scene.targets} == simple - stones
    assert {board.name(sq) for sq in scene.steps} == stones
    dest = sorted(simple - stones)[0]
    mover = s.mover
    click_square(qtbot, view, dest)
    assert last_seat_move(view) == f"{src}-{dest}"
    assert state(view).piece_at(dest) is not None and state(view).piece_at(dest)[2] == mover
    assert state(view).mover == 1 - mover and screens(view).src is None
    assert f"{src}-{dest}" in view.moves.item(view.moves.count() - 1).text()


def test_the_keyboard_moves_a_cursor_and_enter_clicks(qtbot) -> None:
    view = make(qtbot)
    start(view)
    s = state(view)
    src = next(m.src for m in s.legal_moves() if isinstance(m, PieceMove) and not m.via)
    board = screens(view).board
    activate(qtbot, view)
    board.setFocus()
    choose(qtbot, screens(view).keys, s.tables.index[src])
    assert screens(view).src == src
    qtbot.keyClick(board, Qt.Key.Key_Escape)
    assert screens(view).src is None and not board.scene.targets


def test_a_stepping_move_throws_the_sticks_and_offers_go_or_stay(qtbot) -> None:
    """A ranging second leg: the announced square is one step past the stepped-on piece; the
    cast decides (1 face up is enough), the sticks show it, then go or stay."""
    view = make(qtbot)
    start(view, seed=5)
    s = state(view)
    board = s.tables.board
    move = next(m for m in s.legal_moves() if isinstance(m, PieceMove) and m.via and m.dest
                and s.casts_for(m) == ("step",) and board.distance(
                    board.parse_square(m.via), board.parse_square(m.dest)) == 1)
    click_move(qtbot, view, move)
    after = state(view)
    assert view.controller is not None
    entries = view.controller.game.record.entries
    assert entries[-2].move == str(move) and entries[-1].is_chance
    thrown = int(entries[-1].move.removeprefix("="))
    sticks = screens(view).sticks
    assert sticks.faces is not None and sum(sticks.faces) == thrown == after.last_cast
    assert str(thrown) in screens(view).cast_label.text()
    assert (after.phase == AFTER_CAST) == (thrown >= 1)
    if after.phase == AFTER_CAST:
        assert {b.objectName() for b in view.move_buttons()} == {f"move:go {move.dest}",
                                                                  "move:stay"}
        click_square(qtbot, view, move.dest)  # the green dot on the announced square
        assert last_seat_move(view) == f"go {move.dest}"
        assert state(view).piece_at(move.dest) is not None


def before_a_new_hand(seed: int) -> tuple[Game, Any]:
    """A seeded game played (captures first) up to a move that makes a new hand; the game and
    that move."""
    game = Game.new("cetkaik", 2, {"seasons": 1}, seed=seed)
    rng = random.Random(seed)
    while True:
        game.resolve_chance()
        s: Any = game.state
        assert not s.is_over(), "no hand was made"
        if s.phase == MOVE:
            capture = best_capture(s, s.mover, rng)
            if capture is not None:
                trial = s.copy()
                trial.play(capture)
                if trial.phase == DECLARE:
                    return game, capture
        if s.phase == DECLARE:
            game.play(Declare(True))
            continue
        move = best_capture(s, s.mover, rng) if s.phase == MOVE else None
        game.play(move or rng.choice([m for m in s.legal_moves()
                                      if not isinstance(m, Drop)]))


def resumed(qtbot, game: Game) -> PlayFrame:
    view = make(qtbot)
    play = PlayRecord("cetkaik", PlayMode.DIGITAL, datetime(2026, 11, 25, 20),
                      [SeatResult(0, "Ann"), SeatResult(1, "Bo")], seed=game.record.seed,
                      options=dict(game.record.options), record=game.record.to_dict(), id=7)
    view.resume(play)
    return view


@pytest.mark.parametrize("declaration", ["再行", "終季"])
def test_a_capture_that_makes_a_hand_asks_for_again_or_end(qtbot, declaration: str) -> None:
    game, capture = before_a_new_hand(seed=11)
    view = resumed(qtbot, game)
    mover = state(view).mover
    click_move(qtbot, view, capture)
    s = state(view)
    assert s.phase == DECLARE and s.mover == mover
    value = s.declaration_value()
    end = button(view, "終季")
    scores, rate = list(s.scores), s.rate
    assert f"{value:+d}" in end.text() and f"×{2 * rate}" in button(view, "再行").text()
    qtbot.mouseClick(button(view, declaration), Qt.MouseButton.LeftButton)
    after = state(view)
    if declaration == "再行":
        assert after.rate == 2 * rate and after.scores == scores and after.mover == 1 - mover
    else:  # one season: the game ends with the payment
        assert after.is_over() and after.scores[mover] == min(40, scores[mover] + value)
        assert view.result_panel.isVisible()


def test_a_captured_piece_goes_back_on_the_board_from_the_side_panel(qtbot) -> None:
    game, capture = before_a_new_hand(seed=11)
    view = resumed(qtbot, game)
    click_move(qtbot, view, capture)
    qtbot.mouseClick(button(view, "再行"), Qt.MouseButton.LeftButton)
    # the other side moves; then the capturer may put a captured piece down
    other = state(view)
    click_move(qtbot, view, next(m for m in other.legal_moves() if isinstance(m, PieceMove)
                                 and not m.via and not other.casts_for(m)))
    s = state(view)
    drop = next(m for m in s.legal_moves() if isinstance(m, Drop))
    side = s.mover
    held = s.captured_pieces(side)[(drop.colour, drop.profession)]
    box = view.screens.hand_boxes[side]
    buttons = box.drop_buttons()
    assert buttons and all(b.isCheckable() for b in buttons)
    view.screens.show(view.screens.position)  # shown again, unchanged: nothing rebuilt
    assert box.drop_buttons() == buttons
    click_move(qtbot, view, drop)
    after = state(view)  # the same state object, moved on
    assert last_seat_move(view) == str(drop)
    assert after.piece_at(drop.dest) == (drop.colour, drop.profession, side)
    assert after.captured_pieces(side).get((drop.colour, drop.profession), 0) == held - 1


def person_move(s: Any, rng: random.Random) -> Any:
    """What the test's person plays: 終季 at once, go on after a good cast, captures first."""
    if s.phase == DECLARE:
        return Declare(False)
    if s.phase == AFTER_CAST:
        return next(m for m in s.legal_moves() if isinstance(m, AfterCast) and m.dest)
    return best_capture(s, s.mover, rng) or rng.choice(
        [m for m in s.legal_moves() if isinstance(m, PieceMove) and not m.via])


def play_to_the_end(qtbot, window, game_id: str, seed: int) -> PlayFrame:
    """A one-season game of `game_id` started from the new-game form, Ann (by clicking, with
    `person_move`) against the greedy bot, played to its end."""
    area = window.open_game(game_id, "play").widget("play")
    area.show_form()
    form = area.form
    form.rows[0].set_bot(None)
    form.rows[0].name.setText("Ann")
    form.rows[1].set_bot("greedy")
    form._option_widgets["seasons"].setValue(1)
    form.start()
    view = area.view
    assert isinstance(view, PlayFrame)
    rng = random.Random(seed)
    for _ in range(300):
        assert view.controller is not None
        qtbot.waitUntil(lambda: view.controller.finished or view.controller.is_human_turn(),
                        timeout=20000)
        if view.controller.finished:
            break
        click_move(qtbot, view, person_move(state(view), rng))
    assert view.controller is not None and view.controller.finished
    wait_until_saved(qtbot, view)
    return view


def test_a_short_game_against_a_bot_ends_is_in_the_history_and_prints(
        qtbot, window, quiet_games, tmp_path) -> None:
    from pypdf import PdfReader

    import db

    view = play_to_the_end(qtbot, window, "cetkaik", seed=2)
    assert view.result_panel.isVisible() and view.controller is not None
    play_id = view.controller.play_id
    assert play_id is not None
    stored = db.get_play(window.ctx.db, play_id)
    assert stored is not None and stored.game_id == "cetkaik" and stored.finished_at
    assert [s.player for s in stored.seats] == ["Ann", "Bot · Greedy"]
    assert sum(s.score or 0 for s in stored.seats) == 40
    path = tmp_path / "result.pdf"
    view.export_pdf(path)
    text = "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)
    assert "Ann" in text and "Result sheet" in text


def test_a_finished_play_replays_in_the_board_view_position_by_position(qtbot) -> None:
    """The shared replay window shows the engine's position at every step in the 机戦 board
    (read-only: no targets, no buttons), casts included, with no 机戦 code of its own."""
    from companion.bots.runner import play_bots
    from ui.games.cetkaik.board_widget import scene_of
    from ui.play.replay import open_replay

    record = play_bots("cetkaik", ["random", "random"], 9, {"seasons": 1}).record
    play = PlayRecord("cetkaik", PlayMode.DIGITAL, datetime(2026, 11, 25, 20),
                      [SeatResult(0, "Ann"), SeatResult(1, "Bo")], record=record.to_dict(),
                      finished_at=datetime(2026, 11, 25, 21))
    view = open_replay(None, play)
    qtbot.addWidget(view)
    qtbot.waitExposed(view)
    frame = view.frame
    board = screens(frame).board
    engine: Any = Game.new("cetkaik", 2, {"seasons": 1}, seed=9).state
    states = [engine.copy()]  # the engine's own position after each record entry
    for entry in record.entries:
        engine.play(engine.parse_move(entry.move))
        states.append(engine.copy())
    casts = 0
    while view.index < view.last():
        view.forward()
        position = frame._position
        assert position is not None and not position.live and position.legal == ()
        expected = states[len(position.entries)]
        assert board.scene.tokens == scene_of(expected, "en").tokens
        assert not board.scene.targets and not frame.move_buttons()
        if expected.last_cast >= 0:
            casts += 1
            assert sum(screens(frame).sticks.faces or ()) == expected.last_cast
    assert casts > 0
