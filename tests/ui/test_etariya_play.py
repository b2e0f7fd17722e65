"""Etariya digital play as people use it: the shared new-game form, choosing a stone and
clicking a highlighted cell, bots thinking in the worker, undo, resume, the result and its PDF,
the move list in the interface's words."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QPushButton

from companion.games import registry
from companion.games.etariya.board import cell_name
from tests.ui.conftest import wait_until_saved
from tests.ui.shots import save_shot
from ui.games.etariya.play import play_view
from ui.i18n import language
from ui.new_game_dialog import GameSetup, NewGameForm, SeatChoice
from ui.play.frame import PlayFrame
from ui.play.pyside_guard import protect_singletons

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


def make(qtbot, animate: bool = False, ctx: Any = None) -> PlayFrame:
    view = play_view(ctx, animate=animate)
    qtbot.addWidget(view)
    view.resize(1000, 680)
    view.show()
    qtbot.waitExposed(view)
    return view


def start(qtbot, view: PlayFrame, seats, expansions=(), seed: int = 7, code: str = "") -> None:
    """Start as the library's new-game form does: seats (bot, name), expansions, seed."""
    chosen = [SeatChoice(name if bot is None else "", bot) for bot, name in seats]
    view.start(GameSetup("etariya", {"expansions": list(expansions)}, chosen, seed, code))
    assert view.controller is not None


def hand_buttons(view: PlayFrame) -> list[QPushButton]:
    return view.screens.hand_buttons()


def board(view: PlayFrame) -> Any:
    return view.screens.board


def take_one_step(qtbot, view: PlayFrame, rng: random.Random) -> str:
    """Do what a person does: press a decision button, or choose a stone and click a green
    cell. Returns what was done, in notation."""
    choices = view.screens.choice_buttons()
    hands = hand_buttons(view)
    if choices and (not hands or rng.random() < 0.3):
        button = rng.choice(choices)
        done = button.objectName().removeprefix("move:")
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return done
    assert hands, view.turn_label.text()
    button = rng.choice(hands)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    picture = board(view).picture
    targets = sorted(picture.stone_targets | picture.chip_targets)
    assert targets, f"no highlighted cell for {button.text()}"
    cell = rng.choice(targets)
    point = board(view).cell_center(cell).toPoint()
    qtbot.mouseClick(board(view), Qt.MouseButton.LeftButton, pos=point)
    return f"{button.objectName()} {cell_name(cell)}"


def etariya_form(qtbot) -> NewGameForm:
    form = NewGameForm(registry.get("etariya"))
    qtbot.addWidget(form)
    form.show()
    return form


def test_the_form_says_at_once_that_a_and_b_cannot_be_ticked_together(qtbot) -> None:
    form = etariya_form(qtbot)
    checks = {c.objectName(): c for c in form._option_widgets["expansions"].findChildren(
        QCheckBox)}
    qtbot.mouseClick(checks["choice:A"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(checks["choice:B"], Qt.MouseButton.LeftButton)
    assert "A (set selection) cannot be combined with B" in form.error_label.text()
    qtbot.mouseClick(form.start_button, Qt.MouseButton.LeftButton)  # and it does not start
    assert "cannot be combined" in form.error_label.text()
    qtbot.mouseClick(checks["choice:A"], Qt.MouseButton.LeftButton)
    assert form.error_label.text() == ""
    assert form.setup().options["expansions"] == ["B"]


def test_the_japanese_form_says_it_in_japanese(qtbot) -> None:
    language().set("ja")
    form = etariya_form(qtbot)
    checks = {c.objectName(): c for c in form._option_widgets["expansions"].findChildren(
        QCheckBox)}
    qtbot.mouseClick(checks["choice:A"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(checks["choice:B"], Qt.MouseButton.LeftButton)
    assert form.error_label.text() == ("エタリヤ: 拡張A（セット選択）と拡張B（神石全開）は一緒に"
                                       "使えません。どちらか一つを選んでください")
    qtbot.mouseClick(form.start_button, Qt.MouseButton.LeftButton)
    assert "一緒に使えません" in form.error_label.text()


def test_the_engine_refuses_a_and_b_with_its_own_words(qtbot) -> None:
    view = make(qtbot)
    with pytest.raises(ValueError, match="A"):
        start(qtbot, view, [(None, "a"), (None, "b")], expansions=("A", "B"))
    assert view.controller is None


def test_hot_seat_game_played_by_clicking_to_the_end(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Ann"), (None, "Ben")], expansions=("C", "D"))
    rng = random.Random(3)
    seen_power = False
    for _ in range(400):
        if view.controller.state.is_over():
            break
        assert "your turn" in view.turn_label.text()
        before = len(view.controller.game.record.entries)
        done = take_one_step(qtbot, view, rng)
        seen_power |= done.startswith("hand:power")
        assert len(view.controller.game.record.entries) > before, done
    assert view.controller.state.is_over()
    assert seen_power  # D: the power chip was offered and placed on a dashed cell
    assert view.result_panel.isVisible()
    assert view.result_panel.headline.text().startswith(("Winner: ", "Draw"))
    assert view.turn_label.text() == "The game is over."
    assert view.moves.count() == 1 + len([e for e in view.controller.game.record.entries
                                          if not e.is_chance])  # 1: who starts, the draws
    assert view.pdf_button.isVisible()
    save_shot(view, "etariya_play_end.png")


def test_clicking_a_cell_that_is_not_green_does_nothing(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Ann"), (None, "Ben")])
    first = hand_buttons(view)[0]
    qtbot.mouseClick(first, Qt.MouseButton.LeftButton)
    corner = (0, 0)  # a corner never takes the first stone of a colour
    assert corner not in board(view).picture.stone_targets
    entries = len(view.controller.game.record.entries)
    qtbot.mouseClick(board(view), Qt.MouseButton.LeftButton,
                     pos=board(view).cell_center(corner).toPoint())
    assert len(view.controller.game.record.entries) == entries


def test_choosing_another_stone_moves_the_highlight(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Ann"), (None, "Ben")], seed=11)
    rng = random.Random(5)
    for _ in range(12):  # play a few stones so that colours have neighbours
        take_one_step(qtbot, view, rng)
    buttons = hand_buttons(view)
    highlights = set()
    for button in buttons:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert button.isChecked()
        highlights.add(board(view).picture.stone_targets)
    colours = {b.objectName() for b in buttons}
    assert len(highlights) == len(colours)


def test_bots_think_in_the_worker_and_finish_with_a_result_sheet(qtbot, tmp_path) -> None:
    from pypdf import PdfReader

    view = make(qtbot)
    start(qtbot, view, [("random", ""), ("random", "")], expansions=("A", "E"), seed=5)
    qtbot.waitUntil(lambda: view.controller.state.is_over(), timeout=30000)
    wait_until_saved(qtbot, view)
    assert view.result_panel.headline.text().startswith(("Winner", "Draw"))
    out = tmp_path / "result.pdf"
    view.export_pdf(out)
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Result sheet" in text and "Moves" in text
    view.shutdown()
    view.controller.wait_for_workers()


def test_the_thinking_state_shows_while_a_bot_moves(qtbot) -> None:
    view = make(qtbot, animate=True)  # a bot's move waits a moment so people can follow
    start(qtbot, view, [("random", ""), (None, "Ann")])
    assert "is thinking" in view.turn_label.text()
    assert view.busy.is_busy()
    assert not hand_buttons(view)  # nothing to click for the person meanwhile
    qtbot.waitUntil(lambda: "your turn" in view.turn_label.text(), timeout=10000)
    assert hand_buttons(view)
    assert not view.busy.is_busy()
    view.shutdown()
    view.controller.wait_for_workers()


def test_undo_against_a_bot_goes_back_to_my_previous_turn(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Ann"), ("random", "")], seed=21)
    rng = random.Random(2)
    before = view.controller.state.describe()
    hand = view.controller.state.hand(0)
    for _ in range(3):
        take_one_step(qtbot, view, rng)
    qtbot.waitUntil(lambda: "Ann" in view.turn_label.text()
                    and "your turn" in view.turn_label.text(), timeout=10000)
    assert view.controller.state.describe() != before
    assert view.undo_button.isEnabled()
    for _ in range(3):  # each undo takes back one of my stones (the bot's turn with it)
        qtbot.mouseClick(view.undo_button, Qt.MouseButton.LeftButton)
    assert view.controller.state.describe() == before
    assert view.controller.state.hand(0) == hand
    assert "your turn" in view.turn_label.text()
    assert not view.undo_button.isEnabled()
    view.shutdown()
    view.controller.wait_for_workers()


def test_a_saved_game_resumes_at_the_same_position(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Ann"), (None, "Ben")], expansions=("B", "D"), seed=9)
    rng = random.Random(8)
    for _ in range(10):
        take_one_step(qtbot, view, rng)
    play = view.controller.play_record()
    other = make(qtbot)
    other.resume(play)
    assert other.controller.state.describe() == view.controller.state.describe()
    assert board(other).picture.factions == board(view).picture.factions
    assert board(other).picture.stones == board(view).picture.stones
    assert [other.moves.item(i).text() for i in range(other.moves.count())] == \
        [view.moves.item(i).text() for i in range(view.moves.count())]


def test_japanese_labels(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Hana"), (None, "Taro")], expansions=("C",))
    language().set("ja")
    assert "Hana" in view.turn_label.text() and "の番" in view.turn_label.text()
    assert view.undo_button.text().startswith("待った")
    save_shot(view, "etariya_play_ja.png")


def test_japanese_shows_stones_and_moves_in_japanese(qtbot) -> None:
    """Issue 8: no stone letters or English notation words in the Japanese interface."""
    view = make(qtbot)
    start(qtbot, view, [(None, "Hana"), (None, "Taro")], expansions=("C",), seed=3)
    rng = random.Random(1)
    for _ in range(6):
        take_one_step(qtbot, view, rng)
    language().set("ja")
    lines = [view.moves.item(i).text() for i in range(view.moves.count())]
    colours = "赤橙黄緑青藍紫"
    assert "が先手" in lines[0]  # the opening: who starts, the stones drawn
    for line in lines[1:]:
        words = line.split(": ", 1)[1]
        assert words[0] in colours or words.startswith(("加速", "勢力チップ")), line
    side = view.screens.sides_label.text()
    assert not any(f"</span>{code}" in side for code in "ROYGBIV"), side
    assert all(b.text()[0] in colours for b in hand_buttons(view))


def test_autosave_resume_and_the_finished_play_in_the_real_history(qtbot, ctx) -> None:
    import db
    from companion.games.etariya.printing import play_sheets
    from ui.play.resume import resume_play

    view = make(qtbot, ctx=ctx)
    start(qtbot, view, [(None, "Ann"), (None, "Ben")], expansions=("E",), seed=4)
    rng = random.Random(4)
    for _ in range(7):
        take_one_step(qtbot, view, rng)
    assert view.controller.flush_saves()  # autosaves land on a background thread
    (saved,) = [p for p in db.unfinished_plays(ctx.db) if p.game_id == "etariya"]
    assert saved.id == view.controller.play_id
    view.shutdown()
    resumed: Any = resume_play(ctx, saved)
    qtbot.addWidget(resumed)
    resumed.show()
    assert resumed.controller.state.describe() == view.controller.state.describe()
    for _ in range(400):
        if resumed.controller.state.is_over():
            break
        take_one_step(qtbot, resumed, rng)
    wait_until_saved(qtbot, resumed)
    assert f"Saved in the History as play #{saved.id}" in resumed.result_panel.history_note.text()
    finished = db.get_play(ctx.db, saved.id)
    assert finished is not None and finished.is_finished
    assert {s.player for s in finished.seats} == {"Ann", "Ben"}
    sheets = play_sheets(finished, "en")
    assert sheets is not None and sheets[0].columns == ["Ann", "Ben"]


def test_a_table_setup_code_gives_the_same_board_in_digital_play(qtbot) -> None:
    from companion.games.etariya.setup import randomize_setup

    setup = randomize_setup(17, ("E",))
    form = etariya_form(qtbot)
    qtbot.keyClicks(form.code_edit, setup.code())
    chosen = form.setup()
    assert chosen.setup_code == setup.code()
    view = make(qtbot)
    view.start(chosen)
    state = view.controller.state
    assert board(view).picture.factions == setup.board()
    assert state.factions[0] == setup.first
    assert state.pairing == setup.pairing()
    assert "E" in state.expansions


def test_a_mistyped_setup_code_is_refused_with_a_reason(qtbot) -> None:
    form = etariya_form(qtbot)
    started: list[Any] = []
    form.started.connect(started.append)
    qtbot.keyClicks(form.code_edit, "12345-67890")
    qtbot.mouseClick(form.start_button, Qt.MouseButton.LeftButton)
    assert started == []
    assert form.error_label.text().startswith("That setup code cannot be read: ")
    assert "typing mistake" in form.error_label.text()


def test_hot_seat_undo_takes_back_one_step_at_a_time(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Ann"), (None, "Ben")], seed=12)
    rng = random.Random(12)
    positions = [view.controller.state.describe()]
    for _ in range(4):  # across the change of turn
        take_one_step(qtbot, view, rng)
        positions.append(view.controller.state.describe())
    for expected in reversed(positions[:-1]):
        qtbot.mouseClick(view.undo_button, Qt.MouseButton.LeftButton)
        assert view.controller.state.describe() == expected
    assert not view.undo_button.isEnabled()


def test_the_move_list_shows_the_stones_drawn_in_the_language(qtbot) -> None:
    """Draws from the bag follow the move that caused them; who starts opens the list; the
    moves are numbered from 1; no notation ("draw R", "first L") is left in Japanese."""
    view = make(qtbot)
    start(qtbot, view, [(None, "Ann"), (None, "Ben")], seed=5)
    rng = random.Random(1)
    for _ in range(3):
        view.play(rng.choice(view.controller.legal_moves()))
    lines = [view.moves.item(i).text() for i in range(view.moves.count())]
    drawn = [e for e in view.controller.game.record.entries if e.move.startswith("draw ")]
    assert drawn and sum(line.count("drew ") for line in lines) == len(drawn)
    assert lines[0].endswith(tuple(f"drew {c}" for c in ("Red", "Blue", "Green", "Violet",
                                                          "Orange", "Yellow")))
    assert " moves first" in lines[0] and lines[1].startswith("1. Ann: ")
    view.resize(700, 600)  # a narrow side column: the long opening line wraps, never cut
    qtbot.wait(20)
    moves = view.moves
    first = moves.visualItemRect(moves.item(0))
    assert first.right() <= moves.viewport().width()
    assert first.height() >= 2 * moves.fontMetrics().height()
    language().set("ja")
    lines = [view.moves.item(i).text() for i in range(view.moves.count())]
    assert "が先手" in lines[0] and "を引いた" in lines[0]
    assert not any("draw" in line or "first" in line for line in lines)
    view.shutdown()
