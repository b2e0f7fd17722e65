"""Equilibrium co-op at one screen keeps each hand private (rules/equilibrium.md, two players;
the in-app rules: "Each hand is private"). A hot-seat game is played through the real widgets;
whenever a seat is at the device — the hand-off screen for it, or its own turn shown — nothing
visible (texts, tooltips, list rows, enabled buttons and actions: `tests.ui.secrets_audit`)
names a card that only the partner's hand holds: not the board, the move list, the seat panel,
the status and turn lines, the hint, Undo pressed on the hand-off screen, the History with the
unfinished play's log, its printed sheet, nor its replay."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QWidget

from companion.games.equilibrium.cards import LEFT, RIGHT, card_name
from tests.ui.conftest import fill_new_game, offered
from tests.ui.secrets_audit import Secret, leaks, shown_on, words_of
from ui.i18n import language
from ui.play.frame import PlayFrame
from ui.shell import history as history_module

ANN, BEN = 0, 1
NAMES = ("Ann", "Ben")
#: A dream-card code inside a decision's notation ("IE2 3L", "swap 1L:IE1 3L:C5").
CODE = re.compile(r"(?<![A-Za-z0-9])(?:[ISH][EWFA][1-9]|C[1-9])(?![A-Za-z0-9])")
#: Decisions clicked per language (the game usually goes on longer).
DECISIONS = 50


def start(window: Any, person: Any) -> PlayFrame:
    area = window.open_game("equilibrium", "play").widget("play")
    area.show_form()
    fill_new_game(person, area.form, [(NAMES[ANN], "Person"), (NAMES[BEN], "Person")])
    area.form.seed_edit.setText("7")
    person.click(area.form.start_button)
    view = area.view
    assert isinstance(view, PlayFrame) and view.isVisible()
    return view


def public_codes(view: PlayFrame, viewer: int | None) -> set[str]:
    """Card codes anyone at the table may see now: the column, the discards, the cards turned
    up or looked at, every card a decision named, and the viewer's own hand."""
    state = view.controller.state
    codes = {c for p in range(1, 5) for s in (LEFT, RIGHT) for c in state.side(p, s)}
    codes |= {c for c, n in state.discards.items() if n}
    codes |= set(state.top) | set(state.revealed) | set(state.chaos)
    for entry in view.controller.game.record.entries:
        if not entry.is_chance:
            codes |= set(CODE.findall(entry.move))
    if viewer is not None:
        codes |= set(state.hand(viewer))
    return codes


def secrets(view: PlayFrame, seat: int, viewer: int | None) -> set[str]:
    """The codes only `seat`'s hand holds (no copy of them is public)."""
    return set(view.controller.state.hand(seat)) - public_codes(view, viewer)


def secret(code: str) -> Secret:
    """A dream card every way the app writes it: its code and its names (en, ja)."""
    names = {card_name(code, lang, side) for lang in ("en", "ja") for side in (None, LEFT, RIGHT)}
    return Secret(code, words=(code, *sorted(names)))


def assert_no_leak(widget: QWidget, hidden: set[str], where: str) -> None:
    shown = shown_on(widget)
    found = leaks(shown, [secret(c) for c in sorted(hidden)])
    assert not found, f"{where}: hidden cards shown:\n" + "\n".join(found[:15]) + \
        "\n--- everything shown:\n" + words_of(shown)[:3000]


class Audit:
    """Checks what is shown whenever a seat is at the device; keeps what it looked for."""

    def __init__(self, window: Any, view: PlayFrame) -> None:
        self.window, self.view = window, view
        self.checked: set[str] = set()  # hidden codes looked for at least once

    def at_device(self, holder: int | None, where: str, widget: QWidget | None = None) -> None:
        """`holder` has the device (None: it is being passed, either seat may hold it)."""
        for seat in (ANN, BEN) if holder is None else (1 - holder,):
            hidden = secrets(self.view, seat, holder)
            self.checked |= hidden
            assert_no_leak(widget or self.window, hidden, f"{where}: {NAMES[seat]}'s hand")


def undo_on_the_hand_off(person: Any, qtbot: Any, view: PlayFrame, audit: Audit,
                         keyboard: bool) -> None:
    """Undo (button or Ctrl+Z) on Ben's hand-off screen takes Ann's move back and asks for
    Ann first: her hand shows only after "I am Ann"."""
    controller = view.controller
    entries = len(controller.game.record.entries)
    assert view.is_covered() and controller.to_move() == BEN and view.undo_button.isEnabled()
    if keyboard:
        view.reveal_button.setFocus()
        qtbot.keyClick(view.reveal_button, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    else:
        person.click(view.undo_button)
    assert len(controller.game.record.entries) < entries and controller.to_move() == ANN
    assert view.is_covered() and NAMES[ANN] in view.handoff_label.text()
    assert view.move_buttons() == []
    audit.at_device(None, "after Undo on the hand-off screen")


def ask_hint(person: Any, qtbot: Any, view: PlayFrame, audit: Audit, seat: int) -> None:
    person.click(view.findChild(QAbstractButton, "hint"))
    label = view.screens.hint_label  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: label.text().startswith(("Hint: ", "ヒント: ")), timeout=60000)
    audit.at_device(seat, "the hint")


def the_history_during_the_game(window: Any, view: PlayFrame, audit: Audit, qtbot: Any,
                                tmp_path: Path, monkeypatch: Any) -> None:
    """Ben opens the History while the game goes on: the list, the unfinished play with its
    log, its printed sheet and its replay (seen by either seat) show no card of Ann's hand."""
    play_id = view.controller.play_id
    assert play_id is not None  # autosaved after every move, off the interface thread:
    assert view.controller.flush_saves()  # saved by the time a person has changed pages
    history = window.show_page("history")
    history.reload()
    audit.at_device(BEN, "the History page")
    dialog = history.open_play(play_id)
    assert dialog is not None and dialog.log.count() > 0
    saved = [m["move"] for m in dialog.play.record["moves"] if "move" in m]
    assert saved == [e.move for e in view.controller.game.record.entries if not e.is_chance]
    audit.at_device(BEN, "the unfinished play in the History", dialog)
    pdf = tmp_path / "unfinished.pdf"
    monkeypatch.setattr(history_module, "ask_save_path", lambda *a, **k: pdf)
    dialog.pdf_button.click()
    text = "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    hidden = secrets(view, ANN, BEN)
    found = leaks_in_text(text, hidden)
    assert not found, f"the printed sheet names {found}"
    dialog.replay_button.click()  # the replay window opens, the dialog closes
    replays = [w for w in window.findChildren(QWidget) if type(w).__name__ == "ReplayView"]
    assert len(replays) == 1
    replay = replays[0]
    qtbot.waitExposed(replay)
    assert replay.frame.is_covered()  # seen by Ann: her hand waits for "I am Ann"
    audit.at_device(None, "the replay's hand-off screen", replay)
    replay.viewer_box.setCurrentIndex(replay.viewer_box.findData(BEN))
    assert replay.frame.is_covered() and NAMES[BEN] in replay.frame.handoff_label.text()
    replay.frame.reveal_button.click()  # "I am Ben"
    assert not replay.frame.is_covered()
    for step in range(0, len(replay.replay.steps), 2):
        replay.go(step)
        audit.at_device(BEN, f"the replay seen by Ben at step {step}", replay)
    replay.close()
    window.show_page("library")


def leaks_in_text(text: str, hidden: set[str]) -> list[str]:
    flat = text.replace("\n", " ")
    return [code for code in sorted(hidden) if any(w in flat for w in secret(code).words)]


def play_a_hot_seat_game(window: Any, person: Any, qtbot: Any, tmp_path: Path,
                         monkeypatch: Any, lang: str = "en") -> Audit:
    view = start(window, person)
    language().set(lang)  # the texts of the game in that language from here on
    controller = view.controller
    audit = Audit(window, view)
    rng = random.Random(3)
    undos, hinted, looked = 0, False, False
    for _ in range(DECISIONS):
        qtbot.waitUntil(lambda: controller.finished or view.is_covered() or bool(offered(view)),
                        timeout=15000)
        if controller.finished:
            break
        seat = controller.to_move()
        if view.is_covered():
            assert NAMES[seat] in view.handoff_label.text() and view.move_buttons() == []
            audit.at_device(None, f"hand-off to {NAMES[seat]}")
            if seat == BEN and undos < 2 and controller.state.turn > 1 + 2 * undos:
                undo_on_the_hand_off(person, qtbot, view, audit, keyboard=undos == 1)
                undos += 1
            person.click(view.reveal_button)
            seat = controller.to_move()
        audit.at_device(seat, f"{NAMES[seat]}'s turn")
        if seat == BEN and not hinted:
            ask_hint(person, qtbot, view, audit, BEN)
            hinted = True
        if seat == BEN and not looked and controller.state.turn > 4:
            the_history_during_the_game(window, view, audit, qtbot, tmp_path, monkeypatch)
            looked = True
            assert window.open_game("equilibrium", "play").widget("play").view is view
            audit.at_device(BEN, "back at the game")
        person.click(rng.choice(offered(view)))
    assert undos == 2 and hinted and looked
    return audit


def test_hot_seat_shows_no_card_of_the_partners_hand(window, person, qtbot, quiet_games,
                                                     tmp_path: Path, monkeypatch) -> None:
    audit = play_a_hot_seat_game(window, person, qtbot, tmp_path, monkeypatch)
    assert len(audit.checked) >= 3  # the partners' hands held cards nobody else had seen


def test_hot_seat_in_japanese_shows_no_card_of_the_partners_hand(
        window, person, qtbot, quiet_games, tmp_path: Path, monkeypatch) -> None:
    try:
        audit = play_a_hot_seat_game(window, person, qtbot, tmp_path, monkeypatch, "ja")
    finally:
        language().set("en")
    assert len(audit.checked) >= 3
