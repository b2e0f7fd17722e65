"""Etariya digital play as people use it: the new-game panel, choosing a stone and clicking a
highlighted cell, bots thinking in the worker, undo, resume, the result and its PDF."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from companion.games.etariya.board import cell_name
from ui.games.etariya.play_view import EtariyaPlayView
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons

protect_singletons()


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


def make(qtbot, animate: bool = False) -> EtariyaPlayView:
    view = EtariyaPlayView(None, animate=animate)
    qtbot.addWidget(view)
    view.resize(1000, 680)
    view.show()
    qtbot.waitExposed(view)
    return view


def start(qtbot, view: EtariyaPlayView, seats, expansions=(), seed: int = 7) -> None:
    """Fill in the new-game panel and press Start."""
    panel = view.panel
    for seat, (bot, name) in enumerate(seats):
        panel.set_seat(seat, bot, name)
    for key in expansions:
        qtbot.mouseClick(panel.boxes[key], Qt.MouseButton.LeftButton)
    panel.seed.setValue(seed)
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert view.stack.currentIndex() == 1


def hand_buttons(view: EtariyaPlayView) -> list[QPushButton]:
    return [b for b in view.hand_box.findChildren(QPushButton)
            if b.objectName().startswith("hand:") and not b.isHidden()]


def take_one_step(qtbot, view: EtariyaPlayView, rng: random.Random) -> str:
    """Do what a person does: press a decision button, or choose a stone and click a green
    cell. Returns what was done, in notation."""
    choices = [b for b in view.choice_buttons() if not b.isHidden()]
    hands = hand_buttons(view)
    if choices and (not hands or rng.random() < 0.3):
        button = rng.choice(choices)
        done = button.objectName().removeprefix("move:")
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return done
    assert hands, view.turn_label.text()
    button = rng.choice(hands)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    picture = view.board.picture
    targets = sorted(picture.stone_targets | picture.chip_targets)
    assert targets, f"no highlighted cell for {button.text()}"
    cell = rng.choice(targets)
    point = view.board.cell_center(cell).toPoint()
    qtbot.mouseClick(view.board, Qt.MouseButton.LeftButton, pos=point)
    return f"{button.objectName()} {cell_name(cell)}"


def test_a_and_b_cannot_be_ticked_together(qtbot) -> None:
    view = make(qtbot)
    panel = view.panel
    qtbot.mouseClick(panel.boxes["A"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.boxes["B"], Qt.MouseButton.LeftButton)
    assert panel.boxes["B"].isChecked() and not panel.boxes["A"].isChecked()
    assert "A and B cannot be played together" in panel.note.text()
    assert panel.setup().options == {"expansions": ["B"]}


def test_the_engine_refuses_a_and_b_with_its_own_words(qtbot) -> None:
    from ui.games.etariya.new_game import GameSetup, SeatChoice

    view = make(qtbot)
    with pytest.raises(ValueError, match="A"):
        view.start(GameSetup([SeatChoice("a"), SeatChoice("b")], {"expansions": ["A", "B"]}))
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
    assert view.result_label.isVisible()
    assert view.result_label.text().startswith(("Winner: ", "Draw"))
    assert view.turn_label.text() == "The game is over."
    assert view.log.count() == len([e for e in view.controller.game.record.entries
                                    if not e.is_chance])
    assert view.pdf_button.isVisible()
    view.grab().save("/tmp/etariya_play_end.png")


def test_clicking_a_cell_that_is_not_green_does_nothing(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Ann"), (None, "Ben")])
    first = hand_buttons(view)[0]
    qtbot.mouseClick(first, Qt.MouseButton.LeftButton)
    corner = (0, 0)  # a corner never takes the first stone of a colour
    assert corner not in view.board.picture.stone_targets
    entries = len(view.controller.game.record.entries)
    qtbot.mouseClick(view.board, Qt.MouseButton.LeftButton,
                     pos=view.board.cell_center(corner).toPoint())
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
        highlights.add(view.board.picture.stone_targets)
    colours = {b.objectName() for b in buttons}
    assert len(highlights) == len(colours)


def test_bots_think_in_the_worker_and_finish_with_a_result_sheet(qtbot, tmp_path) -> None:
    from pypdf import PdfReader

    view = make(qtbot)
    start(qtbot, view, [("random", ""), ("random", "")], expansions=("A", "E"), seed=5)
    qtbot.waitUntil(lambda: view.controller.state.is_over(), timeout=30000)
    qtbot.waitUntil(view.result_label.isVisible, timeout=2000)
    assert "Winner" in view.result_label.text() or "Draw" in view.result_label.text()
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
    assert view.busy.isVisible()
    assert not hand_buttons(view)  # nothing to click for the person meanwhile
    qtbot.waitUntil(lambda: "your turn" in view.turn_label.text(), timeout=10000)
    assert hand_buttons(view)
    assert not view.busy.isVisible()
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
    assert other.board.picture.factions == view.board.picture.factions
    assert other.board.picture.stones == view.board.picture.stones
    assert [other.log.item(i).text() for i in range(other.log.count())] == \
        [view.log.item(i).text() for i in range(view.log.count())]


def test_japanese_labels(qtbot) -> None:
    view = make(qtbot)
    start(qtbot, view, [(None, "Hana"), (None, "Taro")], expansions=("C",))
    language().set("ja")
    assert "Hana" in view.turn_label.text() and "の番" in view.turn_label.text()
    assert view.undo_button.text().startswith("待った")
    view.grab().save("/tmp/etariya_play_ja.png")


def test_autosave_resume_and_the_finished_play_in_the_real_history(qtbot, ctx) -> None:
    import db
    from companion.games.etariya.printing import play_sheets
    from ui.play.resume import resume_play

    view = EtariyaPlayView(ctx, animate=False)
    qtbot.addWidget(view)
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
    assert f"Saved in the History as play #{saved.id}" in resumed.result_label.text()
    finished = db.get_play(ctx.db, saved.id)
    assert finished is not None and finished.is_finished
    assert {s.player for s in finished.seats} == {"Ann", "Ben"}
    sheets = play_sheets(finished, "en")
    assert sheets is not None and sheets[0].columns == ["Ann", "Ben"]


def test_a_table_setup_code_gives_the_same_board_in_digital_play(qtbot) -> None:
    from companion.games.etariya.setup import randomize_setup

    setup = randomize_setup(17, ("E",))
    view = make(qtbot)
    qtbot.keyClicks(view.panel.code_edit, setup.code())
    start(qtbot, view, [(None, "Ann"), (None, "Ben")])
    state = view.controller.state
    assert view.board.picture.factions == setup.board()
    assert state.factions[0] == setup.first
    assert state.pairing == setup.pairing()
    assert "E" in state.expansions


def test_a_mistyped_setup_code_is_refused_with_a_reason(qtbot) -> None:
    view = make(qtbot)
    qtbot.keyClicks(view.panel.code_edit, "12345-67890")
    view.panel.set_seat(0, None, "Ann")
    qtbot.mouseClick(view.panel.start_button, Qt.MouseButton.LeftButton)
    assert view.stack.currentIndex() == 0
    assert "setup code" in view.panel.note.text()


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
