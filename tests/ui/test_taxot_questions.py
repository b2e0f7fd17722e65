"""終季 in the app: the question every seat is asked about a discard (issue 31, items 6 and 8).

A person alone among computers is not asked when letting the card go is all they can do (the
pass is still recorded); two people at one device are asked every time. A computer's answer
shows after the same time whether or not it could take the card (measured on a fake clock)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

import companion.bots
from companion.core.record import Game
from tests.ui.test_nincetkaik_play import click_move, start
from tests.ui.test_taxot_secrets import answers_after_discards
from ui.play import controller as controller_module
from ui.play import frame as frame_module
from ui.play.controller import GameController


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frame_module, "BOT_PAUSE_MS", 0)


def forced_passes(view: Any, seat: int) -> list[int]:
    """Indices of `seat`'s recorded passes when letting the card go was all it could do."""
    record = view.controller.game.record
    game = Game.new(record.game_id, record.num_players, record.options, record.seed)
    found = []
    for index, entry in enumerate(record.entries):
        state = game.state
        if entry.seat == seat and entry.move == "pass" \
                and [str(m) for m in state.legal_moves()] == ["pass"]:
            found.append(index)
        state.play(state.parse_move(entry.move))
    return found


def a_persons_move(view: Any) -> Any:
    """Let every discard go; discard the first card offered."""
    legal = view.legal_moves()
    return next(m for m in legal if str(m) == "pass" or str(m).startswith("discard"))


def test_a_person_alone_with_computers_is_not_asked_when_they_can_only_let_it_go(
        qtbot, person, quiet) -> None:
    view = start(qtbot, "taxot", [("Ann", None), ("Bot 1", "random"), ("Bot 2", "random")],
                 seed=8, seasons=1)
    controller = view.controller
    questions = 0
    for _ in range(40):
        qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(),
                        timeout=20000)
        if controller.finished:
            break
        assert not view.is_covered()
        legal = [str(m) for m in view.legal_moves()]
        if controller.state.phase == "claim":  # asked only with a real choice
            questions += 1
            assert legal != ["pass"] and len(legal) > 1, legal
            assert len(view.move_buttons()) > 1
        click_move(person, view, a_persons_move(view))
    passes = forced_passes(view, 0)
    assert len(passes) >= 5  # answered for her, and recorded
    assert set(passes) <= controller.forced_entries()
    lines = [view.moves.item(i).text() for i in range(view.moves.count())]
    assert sum(line.endswith(". Ann: lets it go") for line in lines) >= len(passes)
    asked = answers_after_discards(list(controller.game.record.entries))
    for discarder, seats in asked[:-1]:  # the others still answer in turn (until a 終季)
        assert seats == [(discarder + 1) % 3, (discarder + 2) % 3][:len(seats)]


def test_undo_is_judged_from_the_persons_own_decision_not_an_answer_played_for_them(
        qtbot, person, monkeypatch) -> None:
    monkeypatch.setattr(frame_module, "BOT_PAUSE_MS", 30)  # a computer shows thinking a while
    view = start(qtbot, "taxot", [("Ann", None), ("Bot 1", "random"), ("Bot 2", "random")],
                 seed=8, seasons=1)
    controller = view.controller
    checked: list[bool] = []  # whether Undo was on, each time it was looked at

    def look() -> None:  # after the frame's own refresh (connected first)
        forced = controller.forced_entries()
        entries = controller.game.record.entries
        last = max((i for i, e in enumerate(entries) if e.seat == 0 and not e.is_chance),
                   default=None)
        if last is None or last not in forced or controller.thinking_seat() is None:
            return
        target = max((i for i, e in enumerate(entries[:last])
                      if e.seat == 0 and not e.is_chance and i not in forced), default=None)
        if target is None or any(e.is_chance for e in entries[last:]):
            return  # nothing to take back, or off in any case
        # nothing drawn since the pass played for Ann: Undo is on unless a card was drawn
        # since her own decision (which Undo would take back)
        drawn = any(e.is_chance for e in entries[target:])
        assert view.undo_button.isEnabled() is not drawn
        assert ("a card was dealt, drawn or turned up" in view.undo_button.toolTip()) is drawn
        checked.append(not drawn)

    controller.state_changed.connect(look)
    for _ in range(30):
        qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(),
                        timeout=20000)
        if controller.finished:
            break
        click_move(person, view, a_persons_move(view))
    assert checked.count(False) >= 3


def test_two_people_at_one_device_are_asked_about_every_discard(qtbot, person, quiet) -> None:
    view = start(qtbot, "taxot", [("Ann", None), ("Ben", None), ("Bot", "random")],
                 seed=8, seasons=1)
    controller = view.controller
    only_pass = 0
    for _ in range(60):
        qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(),
                        timeout=20000)
        if controller.finished:
            break
        if view.is_covered():
            person.click(view.reveal_button)
        legal = [str(m) for m in view.legal_moves()]
        if controller.state.phase == "claim" and legal == ["pass"]:
            only_pass += 1
            assert [b.objectName() for b in view.move_buttons()] == ["move:pass"]
        click_move(person, view, a_persons_move(view))
    assert only_pass >= 5  # asked though letting it go was all they could do
    assert not controller.forced_entries()
    asked = answers_after_discards(list(controller.game.record.entries))
    assert len(asked) > 8
    for discarder, seats in asked[:-1]:
        assert seats == [(discarder + 1) % 3, (discarder + 2) % 3]


# --- how long a computer is shown thinking ---------------------------------------------------
#: The time a stand-in computer "searches" when it has a choice (on the fake clock).
SEARCH_S = 0.25


@dataclass
class FakeTime:
    """The controller's clock and timer: a timer's call runs at once, the clock moved on."""

    now: float = 1000.0
    waits: list[int] = field(default_factory=list)

    def clock(self) -> float:
        return self.now

    def later(self, msecs: int, call: Any) -> None:
        self.waits.append(msecs)
        self.now += msecs / 1000
        call()


class SearchingBot:
    """Lets every discard go and discards its last card; "searches" SEARCH_S when it has a
    choice, and answers at once when it has none (as a real search does)."""

    name = "searching"

    def __init__(self, time: FakeTime) -> None:
        self.time = time

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        legal = state.legal_moves()
        if len(legal) > 1:
            self.time.now += SEARCH_S
        return legal[-1]


def test_a_computer_answers_a_discard_after_the_same_time_whatever_it_could_do(
        qtbot, person, monkeypatch) -> None:
    fake = FakeTime()
    monkeypatch.setattr(frame_module, "BOT_PAUSE_MS", 400)
    monkeypatch.setattr(GameController, "now", fake.clock, raising=False)
    monkeypatch.setattr(GameController, "later", fake.later, raising=False)
    monkeypatch.setattr(companion.bots, "make_bot", lambda kind: SearchingBot(fake),
                        raising=False)
    spans: dict[str, list[float]] = {"choice": [], "no choice": [], "other": []}
    began: dict[int, tuple[float, str]] = {}
    flagged: list[tuple[bool, bool]] = []  # (request says question, is a discard question)
    think = controller_module.ThreadBots.think
    live: list[Any] = []  # the controller, once started

    def asking(runner: Any, request: Any, answer: Any) -> int:
        if live:
            flagged.append((request.question, live[0].state.phase == "claim"))
        return think(runner, request, answer)

    monkeypatch.setattr(controller_module.ThreadBots, "think", asking)
    view = start(qtbot, "taxot", [("Ann", None), ("Bot 1", "random"), ("Bot 2", "random")],
                 seed=8, seasons=1)
    controller = view.controller
    live.append(controller)

    def thinking(seat: int, on: bool) -> None:
        if on:
            state = controller.state
            kind = "other" if state.phase != "claim" else \
                "choice" if len(state.legal_moves()) > 1 else "no choice"
            began[seat] = (fake.now, kind)
        elif seat in began:
            at, kind = began.pop(seat)
            spans[kind].append(round(fake.now - at, 6))

    controller.thinking.connect(thinking)
    for _ in range(60):
        qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(),
                        timeout=20000)
        if controller.finished or (len(spans["choice"]) >= 3 and len(spans["no choice"]) >= 3):
            break
        click_move(person, view, a_persons_move(view))
    assert len(spans["choice"]) >= 3 and len(spans["no choice"]) >= 3, spans
    # "thinking…" shows as long whether or not the computer could take the card
    assert len(set(spans["choice"] + spans["no choice"])) == 1, spans
    assert spans["choice"][0] == pytest.approx(controller.question_ms("random") / 1000)
    assert spans["choice"][0] == pytest.approx(controller_module.QUESTION_PAUSES * 0.4)
    # the search is told it answers a question (it searches then even with one answer)
    assert {q for q, claim in flagged if claim} == {True}
    assert {q for q, claim in flagged if not claim} == {False}
    # its other moves are no questions: they take as long as the search
    assert pytest.approx(0.4 + SEARCH_S) in spans["other"]
