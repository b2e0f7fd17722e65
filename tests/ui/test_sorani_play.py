"""Sorani digital play in the app as a person plays it: open it from the Library, seat a
person against a computer, take tiles from the display, choose a held tile, turn a branch with
R and click a green spot on the board, to the end; read the result, find the play in the
History and print its Japanese result sheet. Two people at one screen get no hand-off screen
(nothing is private), and a saved game resumes where it was."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QPoint, Qt

from companion.games.sorani import board as bd
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.moves import Place
from tests.ui.conftest import fill_new_game, offered, wait_until_saved
from ui.games.sorani.play import SoraniScreens, play_view
from ui.play.frame import PlayFrame
from ui.shell import history as history_module


def start(window, person, seats: list[tuple[str, str]]) -> PlayFrame:
    area = window.open_game("sorani", "play").widget("play")
    area.show_form()
    fill_new_game(person, area.form, seats)
    person.click(area.form.start_button)
    view = area.view
    assert isinstance(view, PlayFrame) and view.isVisible()
    return view


def screens_of(view: PlayFrame) -> SoraniScreens:
    screens = view.screens
    assert isinstance(screens, SoraniScreens)
    return screens


def spot(screens: SoraniScreens, move: Place) -> QPoint:
    """Where a person clicks to place `move`: its cross or round space on the board."""
    lattice = catalogue().lattice
    canvas = screens.canvas
    if bd.is_branch(move.tile):
        index = lattice.cross_index(move.space)
        assert index is not None
        return canvas.cross_centre(index).toPoint()
    index = lattice.space_index(move.space)
    assert index is not None
    return canvas.space_centre(index).toPoint()


def place_by_hand(person, screens: SoraniScreens) -> Place:
    """Choose the first placeable held tile's button, turn it with R as far as the most turned
    of its legal placements says, and click that spot; returns the move made."""
    canvas = screens.canvas
    hand = [b for b in screens.hand_group.buttons() if b.isEnabled() and b.isVisible()]
    person.click(hand[0])
    tile = hand[0].objectName().removeprefix("hand:")
    assert canvas.tile == tile
    move = max((m for m in canvas.legal if m.tile == tile), key=lambda m: m.turn)
    assert canvas.window().focusWidget() is canvas  # R works right after choosing the tile
    for _ in range(move.turn // 90):
        person.qtbot.keyClick(canvas, Qt.Key.Key_R)
    assert canvas.move_at(spot(screens, move).toPointF()) is not None
    person.qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=spot(screens, move))
    return move


def play_sorani_to_the_end(person, view: PlayFrame, limit: int = 400) -> list[Place]:
    """A person's every turn: a move button when one is offered, else a placement on the
    board; returns the placements made by hand."""
    controller = view.controller
    assert controller is not None
    screens = screens_of(view)
    placed: list[Place] = []

    def ready() -> bool:
        human = controller.is_human_turn()
        return controller.finished or (human and bool(offered(view) or screens.canvas.legal))

    for _ in range(limit):
        person.qtbot.waitUntil(ready, timeout=20000)
        if controller.finished:
            return placed
        if screens.canvas.legal:
            placed.append(place_by_hand(person, screens))
        else:
            person.click(offered(view)[0])
    raise AssertionError("the game did not end")


def test_a_person_plays_a_bot_to_the_end_finds_it_and_prints_it(
        window, person, qtbot, quiet_games, tmp_path: Path, monkeypatch) -> None:
    from ui.i18n import language

    view = start(window, person, [("花子", "Person"), ("", "Computer · greedy")])
    screens = screens_of(view)
    assert "reconstruction" in screens.note.text()
    placed = play_sorani_to_the_end(person, view)
    assert any(bd.is_branch(m.tile) and m.turn for m in placed)  # R turned some
    wait_until_saved(qtbot, view)
    assert view.result_panel.headline.text().startswith(("Winner: ", "Shared victory: "))
    state = view.controller.game.state
    totals = state.result().totals
    assert screens.scores.item(6, 0).text() == str(totals[0])  # the total row, 花子's
    play_id = view.controller.play_id
    assert f"play #{play_id}" in view.result_panel.history_note.text()

    history = window.show_page("history")
    history.reload()
    assert play_id in [play.id for play in history.model.plays]
    dialog = history.open_play(play_id)
    assert dialog is not None
    language().set("ja")
    pdf = tmp_path / "sorani.pdf"
    monkeypatch.setattr(history_module, "ask_save_path", lambda *a, **k: pdf)
    person.click(dialog.pdf_button)
    text = "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert "再構成" in text and "花子" in text and "のボード" in text
    dialog.close()
    language().set("en")


def two_people(window, person) -> tuple[PlayFrame, SoraniScreens, Any]:
    """Ann and Bo at one screen, the first tiles on display."""
    view = start(window, person, [("Ann", "Person"), ("Bo", "Person")])
    controller = view.controller
    assert controller is not None
    person.qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
    return view, screens_of(view), controller


def test_two_people_share_the_screen_without_a_hand_off_and_see_each_board(
        window, person, quiet_games) -> None:
    view, screens, controller = two_people(window, person)
    for _ in range(12):  # a few picks and placements by both
        assert not view.is_covered()
        if screens.canvas.legal:
            place_by_hand(person, screens)
        else:
            person.click(offered(view)[0])
    mover = controller.game.state.to_move()
    other = 1 - mover
    assert screens.seat_tabs.currentIndex() == mover
    person.click(screens.seat_tabs.buttons[other])
    assert screens.canvas.board == controller.game.state.boards[other]
    assert screens.canvas.legal == []  # another's board offers nothing to click


def test_undo_takes_back_a_placement_and_a_saved_game_resumes(
        window, person, qtbot, quiet_games) -> None:
    view, screens, controller = two_people(window, person)
    while not screens.canvas.legal:
        person.click(offered(view)[0])
    before = controller.game.state.describe()
    place_by_hand(person, screens)
    assert controller.game.state.describe() != before
    person.click(view.undo_button)
    assert controller.game.state.describe() == before
    place_by_hand(person, screens)
    play = controller.play_record()
    other = play_view(None)
    qtbot.addWidget(other)
    other.resize(1000, 680)
    other.show()
    other.resume(play)
    assert other.controller is not None
    assert other.controller.game.state.describe() == controller.game.state.describe()
    assert screens_of(other).canvas.board == screens.canvas.board
    assert [other.moves.item(i).text() for i in range(other.moves.count())] == \
        [view.moves.item(i).text() for i in range(view.moves.count())]


@pytest.mark.parametrize(("lang", "players"), [("ja", 4), ("en", 1)])
def test_four_seats_and_a_finished_solo_game_fit_the_smallest_window(
        window, qtbot, quiet_games, lang: str, players: int) -> None:
    """Four long, Japanese and right-to-left names in the tabs and the score table; a solo
    game played to its end (the result banner above the board)."""
    from tests.ui.layout_checks import layout_problems
    from tests.ui.test_play_and_table_pages_fit import NAMES, settle
    from ui.i18n import language

    language().set(lang)
    window.resize(window.minimumSize())
    area = window.open_game("sorani", "play").widget("play")
    area.show_form()
    area.form.set_players(players)
    for row, name in zip(area.form.rows, NAMES, strict=False):
        row.set_bot(None)
        row.name.setText(name)
    area.form.start()
    view = area.view
    rng = random.Random(2)
    for _ in range(60 if players == 4 else 2000):
        if not view.legal_moves():
            break
        view.play(rng.choice(view.legal_moves()))
    settle(qtbot)
    assert players == 4 or view.controller.finished
    problems = layout_problems(window)
    language().set("en")
    assert not problems, "\n".join(problems)


def test_the_reserve_shows_as_a_count_of_face_down_planets(window, person, quiet_games) -> None:
    _view, screens, controller = two_people(window, person)
    state = controller.game.state
    assert len(state.reserve) == 4 and "?" not in state.reserve  # the engine knows them
    shown = screens.reserve_label.text()
    assert "4 planets face down" in shown
    names = {c.name("en") for c in catalogue().colours}
    assert not any(name in shown for name in names)  # which ones, nobody sees


def shown_totals(view: PlayFrame, screens: SoraniScreens, seats: int) -> list[str]:
    total_row = screens.scores.rowCount() - 1
    return [screens.scores.item(total_row, seat).text() for seat in range(seats)]


def test_the_scores_follow_each_move_and_the_boards_are_scored_once_per_change(
        window, person, quiet_games, monkeypatch) -> None:
    from companion.games.sorani.rules import SoraniState

    view, screens, controller = two_people(window, person)
    scored: list[int] = []
    original = SoraniState.result

    def counted(state: SoraniState, names: Any = ()) -> Any:
        scored.append(1)
        return original(state, names)

    monkeypatch.setattr(SoraniState, "result", counted)
    moves = 0
    while moves < 8 or not screens.canvas.legal:
        if screens.canvas.legal:
            place_by_hand(person, screens)
        else:
            person.click(offered(view)[0])
        moves += 1
        totals = original(controller.game.state).totals
        assert shown_totals(view, screens, 2) == [str(t) for t in totals]
        assert [card.score.text() for card in view.seat_panel.cards] == \
            [f"{t} VP" for t in totals]
    assert len(scored) <= moves  # the table and both seat cards share one scoring per move
    place_by_hand(person, screens)
    person.click(view.undo_button)
    totals = original(controller.game.state).totals
    assert shown_totals(view, screens, 2) == [str(t) for t in totals]
