"""終季 in the app: while one person holds the device nothing the window shows names a card
another seat holds hidden, and being asked about a discard, waiting for someone and the move
list tell nothing about anyone's hand (issue 31, items 6 and 8).

Everything readable is gathered from the whole window (labels, buttons, group boxes, lists and
tables, tooltips, accessible names, the names of enabled buttons, the cards painted face up).
A card counts as secret from a seat when another seat holds it hidden now and this seat has
never seen a card of that kind (its own hand, the table, a season's result): a name that is
also public is no leak."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QListWidget,
    QTableWidget,
    QWidget,
)

from companion.core.record import Game
from companion.games.nincetkaik.deck import ALL_CARDS, COPIES, card_kanji, format_card
from tests.ui.test_nincetkaik_play import click_move, start
from ui.games.nincetkaik.cards import CardRow
from ui.i18n import language
from ui.play import frame as frame_module

NAMES = ("Ann", "Ben", "Cat")
#: Moves made by clicking in the audited game.
MOVES = 70
_NOTATION = re.compile(r"(?<![A-Za-z0-9])((?:[rb][0-9SKT])+)(?![A-Za-z0-9])")


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frame_module, "BOT_PAUSE_MS", 0)


# --- what the window shows --------------------------------------------------------------------
def _own_texts(widget: QWidget) -> list[str]:
    texts = [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
    if isinstance(widget, QLabel | QAbstractButton):
        texts.append(widget.text())
    if isinstance(widget, QAbstractButton) and widget.isEnabled():
        texts.append(widget.objectName())  # what a person can do now: "move:call r4r6"
    if isinstance(widget, QGroupBox):
        texts.append(widget.title())
    if isinstance(widget, QListWidget):
        texts += [widget.item(i).text() for i in range(widget.count())]
    if isinstance(widget, QTableWidget):
        texts += [item.text() for r in range(widget.rowCount())
                  for c in range(widget.columnCount()) if (item := widget.item(r, c))]
    if isinstance(widget, CardRow):
        texts += [format_card(c) for c in widget.cards if c is not None]  # faces painted
    return [t for t in texts if t]


def shown(view: QWidget) -> list[tuple[str, str]]:
    """(widget, text) for every text a person can read in the window now."""
    window = view.window()
    found = [("window title", window.windowTitle())]
    for widget in [window, *window.findChildren(QWidget)]:
        if widget.isVisible():
            found += [(type(widget).__name__, t) for t in _own_texts(widget)]
    return found


def naming(texts: Iterable[tuple[str, str]], cards: Iterable[int]) -> list[str]:
    """Every shown text that names one of `cards` (notation, also inside ``r4r6``, or kanji)."""
    wanted = {format_card(c): card_kanji(c) for c in cards}
    found = []
    for where, text in texts:
        tokens = {run[i:i + 2] for run in _NOTATION.findall(text)
                  for i in range(0, len(run), 2)}
        for notation, kanji in wanted.items():
            if notation in tokens or kanji in text:
                found.append(f"{where}: {text!r} names {notation}")
    return found


# --- what each seat has seen --------------------------------------------------------------------
class Eyes:
    """Follows the game entry by entry and keeps, per seat, every kind of card it has seen."""

    def __init__(self, view: Any) -> None:
        self.view = view
        record = view.controller.game.record
        self.game = Game.new(record.game_id, record.num_players, record.options, record.seed)
        self.done = 0
        self.seen: list[set[int]] = [set() for _ in range(record.num_players)]
        self._look()

    def catch_up(self) -> None:
        entries = self.view.controller.game.record.entries
        for entry in entries[self.done:]:
            state = self.game.state
            state.play(state.parse_move(entry.move))
            self._look()
        self.done = len(entries)

    def _look(self) -> None:
        state = self.game.state
        last = state.last
        public = set() if last is None else {*last.hand, *(c for m in last.melds for c in m),
                                             *last.indicators}
        for seat, seen in enumerate(self.seen):
            view = state.view(seat)
            seen |= {c for c in ALL_CARDS if COPIES[c] > view.stock[c]} | public

    def secrets_from(self, seats: Iterable[int]) -> set[int]:
        """Kinds another seat holds hidden now that none of `seats` has seen."""
        self.catch_up()
        state = self.view.controller.state
        return {c for looker in seats for other in range(state.num_players) if other != looker
                for c in state.hands[other] if c not in self.seen[looker]}


def audit(view: Any, eyes: Eyes, seats: Iterable[int], when: str) -> None:
    texts = shown(view)
    found = naming(texts, eyes.secrets_from(seats))
    assert not found, f"{when}: hidden cards shown:\n" + "\n".join(found[:15])


def choose(legal: list[Any], rng: random.Random) -> Any:
    """A move a person might make: 終季 when it comes, a call now and then, else any."""
    texts = [str(m) for m in legal]
    if "declare" in texts:
        return legal[texts.index("declare")]
    calls = [m for m in legal if str(m).startswith("call")]
    if calls and rng.random() < 0.5:
        return calls[0]
    return rng.choice(legal)


# --- hot-seat -----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hot_seat_shows_no_card_of_another_seats_hand(qtbot, person, quiet, lang: str) -> None:
    language().set(lang)
    try:
        view = start(qtbot, "taxot", [(n, None) for n in NAMES], seed=5, seasons=2)
        eyes = Eyes(view)
        controller = view.controller
        rng = random.Random(7)
        for turn in range(MOVES):
            if controller.finished:
                break
            if view.is_covered():  # nobody's hand may show on the hand-off screen
                audit(view, eyes, range(len(NAMES)), f"move {turn}: the hand-off screen")
                person.click(view.reveal_button)
            seat = controller.to_move()
            audit(view, eyes, [seat], f"move {turn}: {NAMES[seat]} at the device")
            click_move(person, view, choose(view.legal_moves(), rng))
    finally:
        language().set("en")


def answers_after_discards(entries: list[Any]) -> list[tuple[int, list[int]]]:
    """Per discard: (discarder, the seats that answered about it, in order)."""
    found: list[tuple[int, list[int]]] = []
    for entry in entries:
        if entry.is_chance:
            continue
        word = entry.move.split()[0]
        if word == "discard":
            found.append((entry.seat, []))
        elif word in ("pass", "declare", "call") and found:
            found[-1][1].append(entry.seat)
    return found


def test_every_other_seat_is_asked_about_every_discard_in_hot_seat(qtbot, person,
                                                                   quiet) -> None:
    view = start(qtbot, "taxot", [(n, None) for n in NAMES], seed=5, seasons=1)
    controller = view.controller
    handed_to: list[str] = []
    for _ in range(45):
        if view.is_covered():
            handed_to.append(view.handoff_label.text())
            person.click(view.reveal_button)
        legal = view.legal_moves()  # nobody claims: every discard is let go by the others
        click_move(person, view, next(m for m in legal if str(m) == "pass"
                                      or str(m).startswith("discard")))
    entries = list(controller.game.record.entries)
    asked = answers_after_discards(entries)
    assert len(asked) > 8
    for discarder, seats in asked[:-1]:
        assert seats == [(discarder + 1) % 3, (discarder + 2) % 3]  # all, in seating order
    # the device goes round the table after each discard, whoever could claim it
    assert sum("Pass the device" in text for text in handed_to) >= 3 * (len(asked) - 1)
    lines = [view.moves.item(i).text() for i in range(view.moves.count())]
    passes = [line for line in lines if line.endswith("lets it go")]
    assert len(passes) >= len(asked)  # every seat's answer is listed alike


def test_every_computer_is_asked_about_a_discard_whether_or_not_it_could_take_it(
        qtbot, person, quiet) -> None:
    view = start(qtbot, "taxot", [("Ann", None), ("Bot 1", "random"), ("Bot 2", "random")],
                 seed=8, seasons=1)
    controller = view.controller
    thought: list[tuple[int, int]] = []  # (record length, seat) when a computer began
    controller.thinking.connect(
        lambda seat, on: on and thought.append((len(controller.game.record.entries), seat)))
    discards = 0
    while discards < 6 and not controller.finished:
        qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(),
                        timeout=20000)
        if controller.finished:
            break
        legal = view.legal_moves()
        move = next((m for m in legal if str(m).startswith("discard")), legal[-1])
        at = len(controller.game.record.entries)
        click_move(person, view, move)
        if str(move).startswith("discard"):
            discards += 1
            qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn()
                            or controller.state.phase != "claim", timeout=20000)
            asked = [seat for length, seat in thought if length > at]
            if controller.state.last is None or controller.state.last.discarder != 0:
                # both computers were asked (each "thinking…"), in seating order
                assert asked[:2] == [1, 2], asked
    assert discards >= 3
