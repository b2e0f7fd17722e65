"""六裁, 行山 and 連船之遊 played in the app as a person would: open the game from the Library,
seat a person against a computer, click the offered moves to the end, read the result, find
the play in the History, print its result sheet (the PDF read back); 行山's hidden hands with
two people at one screen (the hand-off screen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.ui.conftest import fill_new_game, offered, play_to_the_end, wait_until_saved
from ui.play.frame import PlayFrame
from ui.shell import history as history_module

#: game -> (options typed into the form, a word of its Japanese result sheet)
GAMES = {"netxiju": ({}, "着順"), "mokzo": ({"rounds": 10}, "到達マス"),
         "tudepijume": ({"rounds": 10}, "ゴールの資源")}


def start(window, person, game_id: str, seats: list[tuple[str, str]], **options) -> PlayFrame:
    area = window.open_game(game_id, "play").widget("play")
    area.show_form()
    fill_new_game(person, area.form, seats, **options)
    person.click(area.form.start_button)
    view = area.view
    assert isinstance(view, PlayFrame) and view.isVisible()
    return view


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_person_plays_a_bot_to_the_end_finds_it_and_prints_it(
        window, person, qtbot, quiet_games, tmp_path: Path, monkeypatch, game_id: str) -> None:
    from ui.i18n import language

    options, word = GAMES[game_id]
    view = start(window, person, game_id, [("花子", "Person"), ("", "Computer · greedy")],
                 **options)
    person.qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
    assert view.turn_label.text().startswith("\u2068花子\u2069, your turn")
    play_to_the_end(person, view, limit=600)
    wait_until_saved(qtbot, view)
    assert view.result_panel.headline.text().startswith(("Winner: ", "Shared victory: "))
    play_id = view.controller.play_id
    assert f"play #{play_id}" in view.result_panel.history_note.text()
    assert offered(view) == []

    history = window.show_page("history")
    history.reload()
    assert play_id in [play.id for play in history.model.plays]
    dialog = history.open_play(play_id)
    assert dialog is not None
    assert any("花子" in dialog.log.item(i).text() for i in range(dialog.log.count()))
    language().set("ja")
    pdf = tmp_path / f"{game_id}.pdf"
    monkeypatch.setattr(history_module, "ask_save_path", lambda *a, **k: pdf)
    person.click(dialog.pdf_button)
    text = "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert "結果シート" in text and word in text and "花子" in text and "ボット" in text
    dialog.close()
    language().set("en")


def test_mokzo_hides_each_hand_until_its_owner_says_who_they_are(
        window, person, qtbot, quiet_games) -> None:
    from PySide6.QtWidgets import QLabel

    view = start(window, person, "mokzo", [("花子", "Person"), ("Ben", "Person")], rounds=10)
    screens = view.screens
    qtbot.waitUntil(view.is_covered, timeout=5000)
    first = view.controller.to_move()
    name = ("花子", "Ben")[first]
    assert name in view.handoff_label.text() and view.move_buttons() == []
    reveal = view.findChild(type(view.reveal_button), "reveal")
    person.click(reveal)
    assert not view.is_covered() and offered(view)
    state = view.controller.state
    shown = [label.text().split("\n")[0] for label in screens.hand_box.findChildren(
        QLabel) if label.isVisible() and "\n" in label.text()]
    assert sorted(shown) == sorted(str(card) for card in state.hands[first])
    while view.controller.to_move() == first:  # end the turn: the other hand is covered
        buttons = offered(view)
        person.click(next((b for b in buttons if b.objectName() == "move:end"), buttons[0]))
    qtbot.waitUntil(view.is_covered, timeout=5000)
    other = ("花子", "Ben")[1 - first]
    assert other in view.handoff_label.text()
    assert view.move_buttons() == []
    person.click(reveal)
    shown = [label.text().split("\n")[0] for label in screens.hand_box.findChildren(
        QLabel) if label.isVisible() and "\n" in label.text()]
    assert sorted(shown) == sorted(str(c) for c in view.controller.state.hands[1 - first])


def test_the_players_panel_rebuilds_a_seats_cards_only_when_they_change(qtbot) -> None:
    import random

    from PySide6.QtWidgets import QLabel

    from companion.core.api import CHANCE
    from companion.core.record import sample_outcome
    from companion.games import registry
    from ui.games.mokzo.cards import PlayersPanel

    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.show()
    state = registry.get("mokzo").create(2)
    rng = random.Random(4)
    names = ["Ann", "Bo"]

    def tiles(seat: int) -> list[QLabel]:
        grid = panel.boxes[seat][3]
        return [grid.itemAt(i).widget() for i in range(grid.count())]

    while not any(state.placed(seat) for seat in (0, 1)):
        move = sample_outcome(state, rng) if state.to_move() == CHANCE \
            else rng.choice(state.legal_moves())
        state.play(move)
    panel.show_state(state, names)
    seat = next(s for s in (0, 1) if state.placed(s))
    shown = tiles(seat)
    assert len(shown) == len(state.placed(seat))
    panel.show_state(state, names)  # nothing placed since: the same tiles stay
    assert tiles(seat) == shown
    assert panel.boxes[seat][2].text().startswith(f"{state.rice[seat]} 米")


def test_the_mokzo_hand_is_rebuilt_only_when_its_cards_change(
        window, person, qtbot, quiet_games) -> None:
    """A move that leaves the hand as it was (most of a turn) keeps its tiles; a drawn or
    placed card shows at once."""
    from PySide6.QtWidgets import QLabel

    view = start(window, person, "mokzo", [("花子", "Person"), ("Ben", "Person")], rounds=10)
    person.click(view.findChild(type(view.reveal_button), "reveal"))
    screens = view.screens
    state = view.controller.state.copy()
    seat = view.controller.to_move()

    def tiles() -> list[QLabel]:
        grid = screens.hand_grid
        return [grid.itemAt(i).widget() for i in range(grid.count())]

    screens._show_hand(state, seat, ["花子", "Ben"])
    shown = tiles()
    screens._show_hand(state, seat, ["花子", "Ben"])
    assert tiles() == shown and all(tile.isVisibleTo(screens.hand_box) for tile in shown)
    state.hands[seat] = state.hands[seat][1:]
    screens._show_hand(state, seat, ["花子", "Ben"])
    assert len(state.hands[seat]) > 0
    assert [t.text().split("\n")[0] for t in tiles()] == [str(c) for c in
                                                          sorted(state.hands[seat])]
