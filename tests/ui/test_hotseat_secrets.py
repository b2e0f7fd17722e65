"""Hot-seat secrets: while one person holds the device, nothing the window shows names or
draws a card another seat holds hidden (a hand, cards put aside, 行戦's face-down cards) —
the move list, the status line, the hints, the seat panel, the move buttons, tooltips,
accessible names, every card painted face up; nor Undo from the hand-off screen, the
replay's per-seat view, the History and the printed sheet of the game going on.

A card counts as secret from a seat when another seat holds it hidden now and this seat has
never seen a card of that kind (in its own hand, on the table, in a showdown): a name that is
also public is no leak. 終季 is audited in `test_taxot_secrets.py`."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from companion.core.record import Game
from companion.games.mokzo.cards import HIDDEN, ROMAJI
from companion.games.mokzo.cards import deck_counts as mokzo_deck
from companion.games.nincetkaik.cardgame import Amount, CardsMove
from companion.games.nincetkaik.deck import ALL_CARDS, COPIES, card_kanji, format_card
from tests.ui.conftest import fill_new_game
from tests.ui.secrets_audit import (
    Secret,
    Shown,
    card_words,
    leaks,
    notation_tokens,
    shown_on,
    words_of,
)
from tests.ui.test_nincetkaik_play import click_move, start
from ui.games.nincetkaik.cards import CardRow
from ui.i18n import language
from ui.play import frame as frame_module
from ui.shell import history as history_module

#: game id: options of a short game (終季 is another test's).
GAMES: dict[str, dict[str, Any]] = {
    "makaik": {"hands": 2},
    "nanto": {"deals": 3},
    "makup": {},
    "mokaik": {"seasons": 1},
    "neki": {},
    "nine": {},
    "mokzo": {"rounds": 10},
}
#: Moves audited per game (each before and after the hand-off).
MOVES = 40
NAMES = ("Ann", "Ben")


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frame_module, "BOT_PAUSE_MS", 0)


# --- what each seat has seen ------------------------------------------------------------------
def card_faces(widget: QWidget) -> list[str]:
    """The cards a 紙机戦 card row paints face up, by their kanji."""
    if isinstance(widget, CardRow):
        return [card_kanji(c) for c in widget.cards if c is not None]
    return []


class Eyes:
    """Follows the game entry by entry (a shadow copy) and keeps, per seat, every kind of card
    it has seen: its own cards, the table, showdowns. Secrets from a seat: kinds another seat
    holds hidden now that this seat has never seen."""

    def __init__(self, view: Any) -> None:
        self.view = view
        record = view.controller.game.record
        self.game = Game.new(record.game_id, record.num_players, record.options, record.seed)
        self.done = 0
        self.seen: list[set[str]] = [set() for _ in range(record.num_players)]
        self._look()

    @property
    def is_mokzo(self) -> bool:
        return self.game.record.game_id == "mokzo"

    def catch_up(self) -> None:
        entries = self.view.controller.game.record.entries
        if len(entries) < self.done:  # an undo: follow again from the start (seen stays seen)
            record = self.game.record
            self.game = Game.new(record.game_id, record.num_players, record.options, record.seed)
            self.done = 0
        for entry in entries[self.done:]:
            state = self.game.state
            state.play(state.parse_move(entry.move))
            self._look()
        self.done = len(entries)

    def _look(self) -> None:
        state = self.game.state
        shown = getattr(getattr(state, "last", None), "shown", ())
        public = {self._name(c) for _seat, cards in shown for c in cards}
        for seat, seen in enumerate(self.seen):
            seen |= self._visible(state.view(seat)) | public

    def _name(self, card: Any) -> str:
        return str(card) if self.is_mokzo else format_card(card)

    def _visible(self, view: Any) -> set[str]:
        if self.is_mokzo:
            return {str(c) for c, n in mokzo_deck().items() if n > view.deck.get(c, 0)}
        return {format_card(c) for c in ALL_CARDS if COPIES[c] > view.stock[c]}

    def _hidden_cards(self, seat: int) -> Iterable[Any]:
        state = self.view.controller.state
        if self.is_mokzo:
            return [c for c in state.hands[seat] if c != HIDDEN]
        return [*state.hands[seat], *state.asides[seat]]

    def secrets_from(self, seats: Iterable[int]) -> list[Secret]:
        """What none of `seats` may see: kinds others hold hidden, unseen by that seat."""
        found: dict[str, Secret] = {}
        state = self.view.controller.state
        for looker in seats:
            for other in range(state.num_players):
                if other == looker:
                    continue
                for card in self._hidden_cards(other):
                    name = self._name(card)
                    if name not in self.seen[looker]:
                        found[name] = self._secret(card)
        return list(found.values())

    def _secret(self, card: Any) -> Secret:
        if self.is_mokzo:
            ascii_name = ("R" if card.is_red else "B") + ROMAJI[card.rank]
            return Secret(str(card), words=(str(card), ascii_name))
        return card_words(format_card(card), card_kanji(card))


def audit(widget: QWidget, eyes: Eyes, seats: Iterable[int], when: str,
          shown: Shown | None = None) -> Shown:
    """Nothing in `widget`'s window (or in `shown`) names a card hidden from `seats`."""
    eyes.catch_up()
    shown = shown if shown is not None else shown_on(widget, card_faces)
    found = leaks(shown, eyes.secrets_from(seats))
    assert not found, f"{when}: hidden cards shown:\n" + "\n".join(found[:15]) + \
        "\n--- everything shown:\n" + words_of(shown)[:3000]
    return shown


# --- playing as a person ----------------------------------------------------------------------
def choose(view: Any, rng: random.Random) -> Any:
    """A move a person might make now: any of those offered (the game's own order first for
    行山, whose turns are long: its later buttons move on)."""
    legal = view.legal_moves()
    if view.game_id == "mokzo":
        texts = [str(m) for m in legal]
        for wanted in ("move", "end"):
            for text, move in zip(texts, legal, strict=True):
                if text.startswith(wanted) and rng.random() < 0.7:
                    return move
    cheap = [m for m in legal if not (isinstance(m, Amount) and m.amount > 3)]
    return rng.choice(cheap or legal)  # small bets: the game goes on for a while


def make_move(person: Any, view: Any, move: Any) -> None:
    if view.game_id == "mokzo":
        found = [b for b in view.move_buttons() if b.objectName() == f"move:{move}"]
        if found:
            person.click(found[0])
            return
        # buying 銭 is one button with an amount
        view.screens.moves.exchange_count.setValue(move.money)
        person.click(view.screens.moves.exchange_button)
        return
    click_move(person, view, move)


def hand_off(person: Any, view: Any, eyes: Eyes) -> int:
    """The hand-off screen (audited: nobody is at the device), then the next person looks."""
    controller = view.controller
    if view.is_covered():
        audit(view, eyes, range(controller.state.num_players), "the hand-off screen")
        person.click(view.reveal_button)
    return int(controller.to_move())


def wait_for_a_person(qtbot: Any, controller: Any) -> None:
    """Until a person is to move (a computer's move comes first) or the game is over."""
    qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(), timeout=20000)


#: (language, seats as (name, bot kind), moves at most): a whole game with three people, one
#: with two people and a computer, a part in Japanese.
RUNS: tuple[tuple[str, tuple[tuple[str, str | None], ...], int], ...] = (
    ("en", (("Ann", None), ("Ben", None), ("Cy", None)), 400),
    ("en", (("Ann", None), ("Ben", None), ("", "random")), 400),
    ("ja", tuple((n, None) for n in NAMES), MOVES),
)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seat_at_the_device_sees_no_card_another_seat_holds_hidden(
        qtbot, person, quiet, game_id: str) -> None:
    """Every move of a hot-seat game, clicked: the hand-off screen shows no card anyone holds
    hidden, the person at the device none of the others'; now and then that person takes
    back the last move (Undo, where it is on) and makes another."""
    for lang, seats, moves in RUNS:
        language().set(lang)
        view = start(qtbot, game_id, list(seats), seed=11, **GAMES[game_id])
        names = view.seat_names()
        eyes, rng = Eyes(view), random.Random(3)
        controller = view.controller
        for turn in range(moves):
            wait_for_a_person(qtbot, controller)
            if controller.finished:
                break
            seat = hand_off(person, view, eyes)
            audit(view, eyes, [seat], f"{lang} move {turn}: {names[seat]} at the device")
            if turn % 9 == 8 and view.undo_button.isEnabled():
                person.click(view.undo_button)
                seat = hand_off(person, view, eyes)
                audit(view, eyes, [seat], f"{lang} move {turn}: Undo, {names[seat]} looks")
            make_move(person, view, choose(view, rng))
        assert controller.finished or lang == "ja", "the game did not end"
        if controller.finished:  # the last mover still holds the device
            audit(view, eyes, range(len(names)), f"{lang}: the game is over")
        controller.close()
    language().set("en")


# --- Undo on the hand-off screen --------------------------------------------------------------
def last_mover(view: Any) -> int:
    return next(e.seat for e in reversed(view.controller.game.record.entries)
                if not e.is_chance)


def to_hand_off_with_undo(person: Any, view: Any, rng: random.Random) -> None:
    """Play until the hand-off screen is up and Undo is on there."""
    for _ in range(120):
        if view.is_covered():
            if view.undo_button.isEnabled():
                return
            person.click(view.reveal_button)
        make_move(person, view, choose(view, rng))
    pytest.fail("no hand-off screen with Undo on")


@pytest.mark.parametrize("how", ["button", "Ctrl+Z"])
@pytest.mark.parametrize("game_id", ["taxot", *GAMES])
def test_undo_on_the_hand_off_screen_asks_for_the_seat_whose_move_comes_back(
        qtbot, person, quiet, game_id: str, how: str) -> None:
    language().set("en")
    options = GAMES.get(game_id, {"seasons": 1})
    view = start(qtbot, game_id, [(n, None) for n in NAMES], seed=5, **options)
    eyes = Eyes(view)
    to_hand_off_with_undo(person, view, random.Random(7))
    controller = view.controller
    mover = last_mover(view)
    assert controller.to_move() != mover  # the device goes to the next person
    if how == "button":
        person.click(view.undo_button)
    else:
        person.activate(view)
        person.key(view.reveal_button, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.to_move() == mover, "the move was not taken back"
    # whoever pressed Undo sees no hand: the device goes back to the seat whose move it was
    assert view.is_covered()
    assert view.handoff_label.text() == f"Pass the device to \u2068{NAMES[mover]}\u2069."
    assert not view.screens.hand_box.isVisible() and not view.move_buttons()
    audit(view, eyes, range(len(NAMES)), "after Undo on the hand-off screen")
    person.click(view.reveal_button)
    assert view.move_buttons() and view.screens.hand_box.isVisible()


# --- the History, the printed sheet and the replay of the game going on -------------------------
def start_from_library(window: Any, person: Any, game_id: str) -> Any:
    area = window.open_game(game_id, "play").widget("play")
    area.show_form()
    fill_new_game(person, area.form, [(n, "Person") for n in NAMES], **GAMES[game_id])
    person.click(area.form.start_button)
    return area.view


def replay_window() -> Any:
    from ui.play.replay import ReplayView

    found = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, ReplayView) and w.isVisible()]
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_history_sheet_and_replay_of_a_game_going_on_show_no_hidden_card(
        window, person, qtbot, quiet_games, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        game_id: str) -> None:
    language().set("en")
    view = start_from_library(window, person, game_id)
    eyes, rng = Eyes(view), random.Random(5)
    for _ in range(4):
        hand_off(person, view, eyes)
        make_move(person, view, choose(view, rng))
    assert not view.controller.finished
    seat = hand_off(person, view, eyes)  # this person holds the device now
    assert view.controller.flush_saves()
    history = window.show_page("history")
    history.reload()
    dialog = history.open_play(view.controller.play_id)
    assert dialog is not None and dialog.log.count() > 1
    audit(dialog, eyes, [seat], "the History's play")
    pdf = tmp_path / f"{game_id}.pdf"
    monkeypatch.setattr(history_module, "ask_save_path", lambda *a, **k: pdf)
    person.click(dialog.pdf_button)
    text = "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert NAMES[seat] in text
    audit(dialog, eyes, [seat], "the printed sheet", Shown(texts=[("PDF", text)]))
    person.click(dialog.replay_button)
    replay = replay_window()
    try:
        # nobody has said who they are: every hand stays covered, whoever's view is chosen;
        # the record, which names every card dealt, is exported once the game is over
        assert replay.frame.is_covered() and not replay.export_button.isEnabled()
        audit(replay, eyes, range(len(NAMES)), "the replay")
        replay.viewer_box.setCurrentIndex(replay.viewer_box.findData(seat))
        assert replay.frame.is_covered()
        person.click(replay.frame.reveal_button)
        assert not replay.frame.is_covered()
        for index in (replay.last(), replay.last() // 2, 0):
            replay.go(index)
            audit(replay, eyes, [seat], f"the replay seen by {NAMES[seat]} at step {index}")
    finally:
        replay.close()


# --- the status line ----------------------------------------------------------------------------
class WrongBot:
    """A bot that answers a move it may not make (cards it does not hold)."""

    def choose(self, view: Any, seat: int, rng: Any) -> str:
        missing = [c for c in ALL_CARDS if c not in view.hands[seat]]
        return f"play {format_card(missing[0])}"


def test_a_refused_move_names_no_hand_in_the_status_line(qtbot, person, quiet,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused move's error carries the position, whose text names every hand: the status
    line says only that the move is not allowed (a person's, or a computer's)."""
    import companion.bots

    language().set("en")
    view = start(qtbot, "mokaik", [(n, None) for n in NAMES], seed=11, seasons=1)
    eyes = Eyes(view)
    seat = hand_off(person, view, eyes)
    held = {c for hand in view.controller.state.hands for c in hand}
    stale = CardsMove("play", (next(c for c in ALL_CARDS if c not in held),))
    view.play(stale)  # a move for a card this seat does not hold (a stale button)
    assert view.status.isVisible() and "is not allowed now" in view.status.text()
    audit(view, eyes, [seat], "a person's refused move")
    monkeypatch.setattr(companion.bots, "make_bot", lambda kind: WrongBot(), raising=False)
    view = start(qtbot, "mokaik", [("Ann", None), ("", "random")], seed=11, seasons=1)
    eyes = Eyes(view)
    qtbot.waitUntil(lambda: view.status.isVisible() or view.controller.is_human_turn(),
                    timeout=10000)
    if view.controller.is_human_turn():
        make_move(person, view, choose(view, random.Random(1)))
    qtbot.waitUntil(view.status.isVisible, timeout=10000)
    assert view.status.text() == "The bot chose a move that is not allowed here."
    audit(view, eyes, [0], "a computer's refused move")


# --- 行戦's face-down cards -----------------------------------------------------------------------
def move_lines(frame: Any) -> list[str]:
    return [frame.moves.item(i).text() for i in range(frame.moves.count())]


def names_cards(line: str) -> bool:
    """Whether an English move line names a card: in words (``red 馬 5``) or notation."""
    return bool(re.search(r"\b(?:red|black) [\u4e00-\u9fff]", line) or notation_tokens(line))


def test_mokaik_face_down_cards_stay_unnamed_to_the_end_and_in_another_seats_replay(
        qtbot, person, quiet) -> None:
    """The game's last face-down card was named in the move list ("Ben: puts b3 face down"):
    no card put face down is named once the game is over, nor in a replay seen by another
    seat; its own seat reads it, and so does "Show everything" after the game."""
    from ui.play.replay import open_replay

    language().set("en")
    view = start(qtbot, "mokaik", [(n, None) for n in NAMES], seed=2, seasons=1)
    eyes, rng = Eyes(view), random.Random(4)
    controller = view.controller
    while not controller.finished:
        hand_off(person, view, eyes)
        downs = [m for m in view.legal_moves() if str(m).startswith("down")]
        make_move(person, view, rng.choice(downs) if downs else choose(view, rng))
    downs = [e for e in controller.game.record.entries if e.move.startswith("down")]
    assert downs and controller.game.record.entries[-1] in downs  # the last play: face down
    lines = move_lines(view)
    assert sum("face down" in line for line in lines) == len(downs)
    assert not [line for line in lines if "face down" in line and names_cards(line)]
    audit(view, eyes, range(len(NAMES)), "the game is over")
    replay = open_replay(None, controller.final_play)
    try:
        for seat in range(len(NAMES)):
            replay.viewer_box.setCurrentIndex(replay.viewer_box.findData(seat))
            replay.to_end()
            lines = move_lines(replay.frame)
            for entry in downs:  # its own seat reads the cards, the other seat how many
                named = [line for line in lines if names_cards(line) and
                         f"{NAMES[entry.seat]}: puts" in line]
                assert bool(named) == (entry.seat == seat)
        replay.everything_box.setChecked(True)
        lines = move_lines(replay.frame)
        assert sum("face down" in line and names_cards(line) for line in lines) \
            == len(downs)
    finally:
        replay.close()
