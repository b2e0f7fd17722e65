"""Equilibrium in the app as people use it: a solo game clicked to its end, found in the History
as the team's result and printed; a person with a computer partner in the first seat; two
people at one screen (the hand-off screen hides the partner's hand); the hint, undo and the
replay; the table companion from a setup code through the tracker to a saved, printed result
sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.games.equilibrium.moves import Play
from tests.ui.conftest import fill_new_game, offered, play_to_the_end, wait_until_saved
from ui.i18n import language
from ui.play.frame import PlayFrame
from ui.shell import history as history_module


def start(window, person, seats: list[tuple[str, str]], seed: str = "") -> PlayFrame:
    area = window.open_game("equilibrium", "play").widget("play")
    area.show_form()
    fill_new_game(person, area.form, seats)
    area.form.seed_edit.setText(seed)
    person.click(area.form.start_button)
    view = area.view
    assert isinstance(view, PlayFrame) and view.isVisible()
    return view


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(str(path)).pages)


def to_phase_one(person, view: PlayFrame) -> None:
    """Past the setup's decisions (a chaos card of a starting hand waits for its place)."""
    while view.controller.state.pending() != "act":
        if view.is_covered():
            person.click(view.reveal_button)
        person.click(offered(view)[0])
    if view.is_covered():
        person.click(view.reveal_button)


def shown_hand(view: PlayFrame) -> list[str]:
    hand = view.screens.hand  # type: ignore[attr-defined]
    return sorted(b.text() for b in hand.findChildren(type(view.undo_button))
                  if b.isVisibleTo(hand))


def test_a_solo_game_clicked_to_the_end_is_a_team_result_in_history_and_on_paper(
        window, person, qtbot, quiet_games, tmp_path: Path, monkeypatch) -> None:
    view = start(window, person, [("花子", "Person")])
    qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
    to_phase_one(person, view)
    state = view.controller.state
    card = view.screens.selected  # the first playable card is chosen: its sides offer "here"
    targets = [b for b in offered(view) if b.text() == "here"]
    assert targets and all(b.objectName().startswith(f"move:{card} ") for b in targets)
    assert {b.objectName()[5:] for b in targets} == {
        str(m) for m in state.legal_moves() if isinstance(m, Play) and m.card == card}
    play_to_the_end(person, view, limit=800)
    wait_until_saved(qtbot, view)
    final = view.controller.state
    expected = f"{'won' if final.won else 'lost'} ({final.cities_claimed()}/12)"
    assert view.result_panel.headline.text() == f"The team {expected}"
    play_id = view.controller.play_id
    assert f"play #{play_id}" in view.result_panel.history_note.text()

    replay = view.replay_finished_game()  # the finished game plays back on the same column
    assert replay is not None
    column = replay.frame.screens.column
    for step in range(1, 12):
        replay.go(step)
        shown = replay.replay.steps[step].state
        cities = [column.grid.itemAt(i).widget() for i in range(column.grid.count())]
        drawn = [c for c in cities if c.objectName() == "city" and any(
            label.objectName().startswith("sums:") for label in c.children())]
        assert len(drawn) == sum(1 for p in range(1, 5) if shown.city(p))
    assert replay.frame.move_buttons() == []  # nothing to play in a replay
    replay.close()

    history = window.show_page("history")
    history.reload()
    row = [play.id for play in history.model.plays].index(play_id)
    assert history.model.index(row, 3).data() == expected  # the Winner column: the team
    language().set("ja")
    assert history.model.index(row, 3).data() == ("勝利" if final.won else "敗北") + \
        f" ({final.cities_claimed()}/12)"
    dialog = history.open_play(play_id)
    assert dialog is not None and "チーム: " in dialog.facts.text()
    pdf = tmp_path / "equilibrium.pdf"
    monkeypatch.setattr(history_module, "ask_save_path", lambda *a, **k: pdf)
    person.click(dialog.pdf_button)
    text = pdf_text(pdf)
    assert "結果シート" in text and "花子" in text and "終了時の都市の列" in text
    dialog.close()
    language().set("en")


def test_a_computer_partner_in_the_first_seat_and_the_person_sees_only_their_hand(
        window, person, qtbot, quiet_games) -> None:
    view = start(window, person, [("", "Computer · greedy"), ("Ben", "Person")])
    qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
    controller = view.controller
    assert controller.to_move() == 1 and not view.is_covered()  # one person: no hand-off
    assert shown_hand(view) == sorted(controller.state.hand(1))
    assert "4 cards (hidden)" in view.screens.partner.text()
    play_to_the_end(person, view, limit=800)
    wait_until_saved(qtbot, view)
    assert view.result_panel.headline.text().startswith("The team ")
    seats = controller.final_play.seats
    assert [s.is_bot for s in seats] == [True, False]
    assert len({s.winner for s in seats}) == 1  # together


def test_two_people_hand_the_screen_over_and_undo_takes_a_move_back(
        window, person, qtbot, quiet_games) -> None:
    # a deal whose first refill draws no chaos card (one would make 花子 choose a penalty)
    view = start(window, person, [("花子", "Person"), ("Ben", "Person")], seed="1")
    qtbot.waitUntil(view.is_covered, timeout=5000)
    first = ("花子", "Ben")[view.controller.to_move()]  # Ben places a chaos card of his hand
    assert first in view.handoff_label.text() and view.move_buttons() == []
    person.click(view.reveal_button)
    to_phase_one(person, view)
    controller = view.controller
    assert controller.to_move() == 0 and not view.is_covered()
    assert shown_hand(view) == sorted(controller.state.hand(0))
    before = controller.state.hand(0)
    target = next(b for b in offered(view) if b.text() == "here")
    played = target.objectName()[len("move:"):]
    person.click(target)  # phase II refills the hand: Ben's turn, 花子's hand is covered
    assert controller.to_move() == 1 and view.is_covered() and "Ben" in \
        view.handoff_label.text()
    assert view.move_buttons() == []
    person.click(view.undo_button)
    assert controller.to_move() == 0 and controller.state.hand(0) == before
    if view.is_covered():
        person.click(view.reveal_button)
    person.click(next(b for b in offered(view) if b.objectName() == f"move:{played}"))
    qtbot.waitUntil(view.is_covered, timeout=5000)
    person.click(view.reveal_button)
    assert shown_hand(view) == sorted(controller.state.hand(1))
    assert "花子: 4 cards (hidden)" in view.screens.partner.text()


def test_the_hint_suggests_a_move_with_a_reason(window, person, qtbot, quiet_games) -> None:
    view = start(window, person, [("花子", "Person")])
    qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
    hint = view.findChild(type(view.undo_button), "hint")
    person.click(hint)
    label = view.screens.hint_label
    qtbot.waitUntil(lambda: label.text().startswith("Hint: "), timeout=60000)
    assert " — " in label.text()



def test_a_hint_ready_after_its_page_closed_is_dropped(qtbot, monkeypatch) -> None:
    """The hint's thread hands its answer to the interface thread; a page closed meanwhile
    (and its runner with it) hears nothing, and nothing breaks."""
    import threading

    from PySide6.QtWidgets import QWidget
    from shiboken6 import delete, isValid

    from companion.games import registry
    from ui.games.equilibrium.play import HintRunner

    release = threading.Event()
    done = threading.Event()

    def slow_hint(state, seat, rng):
        release.wait(10)
        done.set()
        return "a hint"

    monkeypatch.setitem(registry.get("equilibrium").extras, "hint", slow_hint)
    failures: list[object] = []
    monkeypatch.setattr(threading, "excepthook", failures.append)
    heard: list[object] = []
    page = QWidget()
    runner = HintRunner(page)
    runner.ready.connect(lambda key, hint: heard.append(hint))
    runner.ask("closed", None, 0)
    delete(page)  # the page closes while the thread works
    assert not isValid(runner)
    release.set()
    assert done.wait(10)
    qtbot.wait(50)  # the posted answer is run on this thread and dropped
    assert heard == [] and failures == []

    page = QWidget()
    runner = HintRunner(page)
    runner.ready.connect(lambda key, hint: heard.append((key, hint)))
    runner.ask("open", None, 0)
    qtbot.waitUntil(lambda: bool(heard), timeout=10000)
    assert heard == [("open", "a hint")]
    delete(page)

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_companion_from_a_code_to_a_saved_printed_result(
        window, person, qtbot, tmp_path: Path, monkeypatch, lang: str) -> None:
    from companion.games.equilibrium.setup import randomize_setup

    language().set(lang)
    page = window.open_game("equilibrium", "table").widget("table")
    code = randomize_setup(7, ["books"], 2, 3).code()
    person.type(page.setup_tab.bar.code_edit, code)
    person.click(page.setup_tab.bar.open_button)
    assert code in page.setup_tab.bar.code_label.text()
    assert page.players.count() == 2 and page.setup_tab.boxes["books"].isChecked()
    page.tabs.setCurrentIndex(1)
    tracker = page.tracker_tab
    deck = tracker.model.deck
    person.click(tracker.buttons["end_phase"])
    person.click(tracker.buttons["chaos"])
    assert tracker.reminder.isVisible() and tracker.model.deck == deck - 1
    person.click(tracker.buttons["end_turn"])  # refused: the penalty first
    assert tracker.model.phase == 2 and page.status.text()
    person.click(tracker.buttons["penalty1"])
    person.click(tracker.buttons["end_turn"])
    assert tracker.model.turn == 2 and tracker.model.seat == 1
    person.click(page.undo_button)
    assert tracker.model.turn == 1
    person.click(page.redo_button)
    tracker.claim_count.setValue(6)
    person.click(tracker.buttons["claim"])
    person.click(tracker.buttons["claim"])
    assert tracker.model.result == "won"
    page.tabs.setCurrentIndex(2)
    assert page.result_tab.claimed.value() == 12 and page.result_tab.result.currentIndex() == 0
    assert not page.save_button.isEnabled()  # the names first
    person.type(page.players.edits[0], "花子")
    person.type(page.players.edits[1], "Ben")
    person.click(page.save_button)
    play_id = page.result_tab.saved_play_id
    assert play_id is not None
    pdf = tmp_path / "result.pdf"
    page.export_pdf(pdf)
    text = pdf_text(pdf)
    assert ("勝利" if lang == "ja" else "won") in text and "12 / 12" in text
    history = window.show_page("history")
    history.reload()
    row = [play.id for play in history.model.plays].index(play_id)
    assert history.model.index(row, 3).data() == ("勝利 (12/12)" if lang == "ja"
                                                  else "won (12/12)")
    language().set("en")


def test_an_autosaved_game_resumes_where_it_stopped(window, person, qtbot, quiet_games,
                                                    ctx) -> None:
    import db
    from ui.play.resume import resume_play

    view = start(window, person, [("花子", "Person"), ("", "Computer · greedy")])
    for _ in range(8):
        qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
        person.click(offered(view)[0])
    qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
    assert view.controller.flush_saves()
    (saved,) = [p for p in db.unfinished_plays(ctx.db) if p.game_id == "equilibrium"]
    view.shutdown()
    resumed = resume_play(ctx, saved)
    qtbot.addWidget(resumed)
    resumed.show()
    assert resumed.controller.state.describe() == view.controller.state.describe()
    assert [resumed.moves.item(i).text() for i in range(resumed.moves.count())] == \
        [view.moves.item(i).text() for i in range(view.moves.count())]
    qtbot.waitUntil(lambda: bool(offered(resumed)), timeout=15000)
    assert shown_hand(resumed) == sorted(resumed.controller.state.hand(0))
    resumed.shutdown()


def test_a_deck_profile_typed_at_the_table_is_dealt_in_digital_play(
        window, person, qtbot, quiet_games) -> None:
    from companion.core.record import Game, GameRecord

    page = window.open_game("equilibrium", "table").widget("table")
    page.tabs.setCurrentIndex(3)
    tab = page.profile_tab
    tab.edit.clear()
    person.type(tab.edit, "I:1112/11122233/11122233/11122233 S:x C:5 H:22")
    person.click(tab.keep_button)
    assert page.status.text().startswith("Not kept: ") and "In use: the default" in \
        tab.in_use.text()
    own = "I:11111111/11122233/11122233/11122233 S:11122234/11122234/11122234/11122234 " \
          "C:55555555 H:22/22/22/22"
    tab.edit.clear()
    person.type(tab.edit, own)
    person.click(tab.keep_button)
    assert "In use: your own deck" in tab.in_use.text()
    view = start(window, person, [("花子", "Person")])
    qtbot.waitUntil(lambda: bool(offered(view)), timeout=15000)
    record = view.controller.game.record
    assert record.entries[0].move == f"deck {own}"
    assert view.controller.state.profile.text() == own
    replayed = Game.replay(GameRecord.from_dict(record.to_dict()))  # the same deck again
    assert replayed.state.describe() == view.controller.state.describe()
    view.shutdown()
    window.open_game("equilibrium", "table")
    person.click(tab.default_button)
    assert "In use: the default" in tab.in_use.text()


def shown_on_the_page(qtbot, state) -> PlayFrame:
    """A play page showing `state` with its legal moves (no game runs behind it)."""
    from ui.games.equilibrium.play import play_view
    from ui.play.controller import Seat
    from ui.play.frame import Position

    view = play_view(None, animate=False)
    qtbot.addWidget(view)
    view.show()
    view.show_position(Position(state, (), tuple(state.legal_moves()), (Seat("花子"),),
                                ("花子",), 0, state.to_move()))
    return view


def test_the_page_offers_a_swap_of_two_identical_cards(qtbot, english) -> None:
    from companion.games.equilibrium.positions import arrange, fresh, play_all

    column = {1: ("EW", ["IE1"], []), 2: ("EF", ["IE1"], []), 3: ("EA", [], []),
              4: ("WF", [], [])}
    state = arrange(fresh(), column=column, hands=[["IW1", "SE1", "SW1", "SA1"]])
    assert "move:swap" in {b.objectName() for b in offered(shown_on_the_page(qtbot, state))}
    play_all(state, "swap")
    firsts = {b.objectName() for b in offered(shown_on_the_page(qtbot, state))}
    assert firsts == {"move:swap 1L:IE1", "move:swap 2L:IE1"}
    play_all(state, "swap 1L:IE1")
    buttons = offered(shown_on_the_page(qtbot, state))
    assert [b.objectName() for b in buttons] == ["move:swap 1L:IE1 2L:IE1"]
    assert buttons[0].text() == "swap IE1 on the left of city 1 with IE1 on the left of city 2"


def test_the_page_offers_penalty_three_with_an_empty_deck(qtbot, english) -> None:
    from companion.games.equilibrium.positions import arrange, fresh, play_all

    full = {p: (city, [f"I{e}3", f"I{e}3", f"I{e}2"], [f"S{e}1"])
            for p, city, e in ((1, "EW", "E"), (2, "EF", "W"), (3, "EA", "F"), (4, "WF", "A"))}
    state = arrange(fresh(), column=full, hands=[["IW1", "SE2", "SW1", "SA1"]], top=["C5"],
                    keep=1)
    play_all(state, "SE2 1R", "draw C5")
    assert state.deck_size() == 0 and state.pending() == "penalty"
    view = shown_on_the_page(qtbot, state)
    buttons = offered(view)
    assert [b.objectName() for b in buttons] == ["move:chaos C5 reveal"]
    assert buttons[0].text().startswith("penalty 3: discard C5")
    assert view.screens.penalties.isVisible()
