"""A network table in the play frame (issue 38) over the in-memory server: two laptops' pages
play a whole game of 机戦, each person moving on their own page, the other page waiting; a
fault row is shown as a fault and never applied; the host pauses and hands an away seat to
the computer; a spectator of 終季 never sees a hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.display import strip_isolates
from companion.games.nincetkaik.deck import card_kanji, format_card
from tests.ui.network_pages import away, fake_table, page_for
from tests.ui.secrets_audit import card_words, leaks, notation_tokens, shown_on
from ui.i18n import language
from ui.play.network import NetworkPlayPage
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


def turn(page: NetworkPlayPage) -> str:
    return strip_isolates(page.frame.turn_label.text())


def _play_one(pages: list[NetworkPlayPage], rng: random.Random, *,
              go_on: bool = False) -> bool:
    """The page whose person may move now makes a random move (True), through the frame the
    board reports to; `go_on`: never one that ends the season (終季) when another is legal."""
    for page in pages:
        legal = page.frame.legal_moves()
        if go_on:
            legal = [m for m in legal if "終季" not in str(m)] or legal
        if legal:
            page.frame.play(rng.choice(legal))
            return True
    return False


def test_two_pages_play_a_whole_game_of_cetkaik(qtbot) -> None:
    fake = fake_table("cetkaik", ["ann", "ben"], seasons=1)
    stored: list[Any] = []

    def store(_table: Any, confirmation: Any) -> int:
        stored.append(confirmation)
        return 7

    ann = page_for(qtbot, fake, "ann", store=store)
    ben = page_for(qtbot, fake, "ben")
    pages, rng = [ann, ben], random.Random(2)
    qtbot.waitUntil(lambda: any(p.frame.legal_moves() for p in pages), timeout=5000)
    first, other = (ann, ben) if ann.frame.legal_moves() else (ben, ann)
    name = "ann" if first is ann else "ben"
    assert turn(first).startswith(f"{name}, your turn")
    qtbot.waitUntil(lambda: f"Waiting for {name}" in turn(other),
                    timeout=5000)
    assert other.frame.legal_moves() == []
    # Each laptop sees the board from its own side: ben's, the second seat's, is turned.
    assert (ann.frame.screens.board.scene.flipped, ben.frame.screens.board.scene.flipped) \
        == (False, True)
    moves = 0
    while not all(p.controller.finished for p in pages):
        if _play_one(pages, rng):
            moves += 1
            qtbot.waitUntil(lambda: not any(p.controller.sent for p in pages), timeout=5000)
        else:
            qtbot.wait(10)
        assert moves < 3000
    for page in pages:
        assert page.snapshot.agrees is True
        assert page.frame.result_panel.isVisible()
        assert page.snapshot.fault is None
    assert len(stored) == 1  # the host wrote the play once
    assert "play #7" in ann.status_label.text()
    assert "the host writes it" in ben.status_label.text()
    entries = [e.move for e in ann.snapshot.entries]
    assert entries == [e.move for e in ben.snapshot.entries] == \
        [e.move for e in stored[0].record.entries]
    assert moves >= 10 and ann.frame.moves.count() >= moves


def test_a_forged_row_is_shown_as_a_fault_and_not_applied(qtbot) -> None:
    fake = fake_table("cetkaik", ["ann", "ben"], seasons=1)
    fake.server.forge("move", 0, {"move": "nonsense"}, [1])  # row 1: chance was due
    ben = page_for(qtbot, fake, "ben")
    qtbot.waitUntil(lambda: ben.controller.finished, timeout=5000)
    text = ben.status_label.text()
    assert text.startswith("Row 1 (seat 1) is refused by this laptop's rules")
    assert ben.snapshot.entries == ()
    assert turn(ben) == "The table stopped here: this laptop refuses one of its rows."
    assert ben.frame.legal_moves() == []
    language().set("ja")
    assert ben.status_label.text().startswith("1行目（席1）をこのパソコンのルールが受け付けません")


def test_the_host_pauses_and_hands_an_away_seat_to_the_computer(qtbot) -> None:
    fake = fake_table("cetkaik", ["ann", "ben"], seed=1, seasons=1)
    ann = page_for(qtbot, fake, "ann")
    qtbot.waitUntil(lambda: bool(ann.frame.legal_moves()), timeout=5000)
    assert ann.pause_button.isVisible() and ann.pause_button.text() == "Pause"
    ann.pause_button.click()
    qtbot.waitUntil(lambda: ann.pause_button.text() == "Resume", timeout=5000)
    assert ann.status_label.text() == "The host has paused the table."
    assert turn(ann) == "Paused — press Resume to go on."
    assert ann.frame.legal_moves() == []
    ann.pause_button.click()
    qtbot.waitUntil(lambda: bool(ann.frame.legal_moves()), timeout=5000)
    ann.frame.play(ann.frame.legal_moves()[0])  # ben's turn (after chance, if any)
    qtbot.waitUntil(lambda: "Waiting for ben" in turn(ann), timeout=5000)
    assert not ann.hand_button.isVisible()  # ben's laptop was seen just now
    away(fake, 1)
    qtbot.waitUntil(lambda: ann.hand_button.isVisible(), timeout=5000)
    assert strip_isolates(ann.hand_button.text()) == "Let the computer play for ben"
    ann.hand_button.click()
    # the host's laptop plays ben's seat now: its computer writes ben's move
    qtbot.waitUntil(lambda: any(r.seat == 1 and r.login == "ann" and r.kind == "move"
                                for r in fake.server.rows), timeout=10000)
    qtbot.waitUntil(lambda: 1 in ann.snapshot.mine, timeout=5000)
    assert not ann.hand_button.isVisible()


def test_a_watcher_of_taxot_never_sees_a_hand(qtbot) -> None:
    fake = fake_table("taxot", ["ann", "ben"], seasons=1)
    pages = [page_for(qtbot, fake, login) for login in ("ann", "ben")]
    watcher = page_for(qtbot, fake, "cy", watch=True)
    rng = random.Random(4)
    for _ in range(4):  # after the deal and after each person's move
        qtbot.waitUntil(lambda: any(p.frame.legal_moves() for p in pages), timeout=10000)
        rows = len(fake.server.rows)
        qtbot.waitUntil(lambda rows=rows: len(watcher.snapshot.entries) > 0 and
                        watcher.worker.driver.session.n == rows, timeout=5000)
        # the hands' cards, but for those of which another copy was played (a public card)
        played = {t for e in watcher.snapshot.entries for t in notation_tokens(e.move)}
        states: list[Any] = [page.worker.driver.session.state for page in pages]
        hands = [card for seat, state in enumerate(states) for card in state.hands[seat]
                 if format_card(card) not in played]
        assert hands
        found = leaks(shown_on(watcher), [card_words(format_card(c), card_kanji(c))
                                          for c in hands])
        assert found == []
        assert watcher.status_label.text() == "You are watching: no hand is shown."
        assert watcher.frame.legal_moves() == []
        _play_one(pages, rng)


class Outage:
    """Breaks a laptop's link: its calls fail as with the server out of reach."""

    def __init__(self) -> None:
        self.down = False

    def wrap(self, page: NetworkPlayPage) -> None:
        from db.errors import connection_failed

        link = page.worker.link

        class Broken:
            def __getattr__(inner, name: str) -> Any:
                call = getattr(link, name)

                def maybe(*args: Any, **kwargs: Any) -> Any:
                    if self.down:
                        raise connection_failed("the club's server", "connection refused")
                    return call(*args, **kwargs)
                return maybe

        page.worker.link = page.worker.driver.link = Broken()


def test_a_laptop_out_of_reach_says_so_and_catches_up(qtbot, monkeypatch) -> None:
    import ui.play.network as network

    monkeypatch.setattr(network, "RETRY_S", 0.1)
    fake = fake_table("cetkaik", ["ann", "ben"], seed=1, seasons=1)
    ann, ben = page_for(qtbot, fake, "ann"), page_for(qtbot, fake, "ben")
    outage = Outage()
    outage.wrap(ben)
    qtbot.waitUntil(lambda: bool(ann.frame.legal_moves()), timeout=5000)
    outage.down = True
    ann.frame.play(ann.frame.legal_moves()[0])
    qtbot.waitUntil(lambda: "Trying again" in ben.status_label.text(), timeout=5000)
    assert ben.status_label.styleSheet()  # shown as a fault, in red
    rows = len(fake.server.rows)
    assert rows >= 1 and len(ben.snapshot.entries) < rows
    outage.down = False
    qtbot.waitUntil(lambda: len(ben.snapshot.entries) >= len(ann.snapshot.entries), timeout=5000)
    qtbot.waitUntil(lambda: ben.status_label.text() == "", timeout=5000)
    outage.down = True  # once more, now that nothing else changes: the line clears by itself
    qtbot.waitUntil(lambda: "Trying again" in ben.status_label.text(), timeout=5000)
    outage.down = False
    qtbot.waitUntil(lambda: ben.status_label.text() == "", timeout=5000)
    assert [e.move for e in ben.snapshot.entries] == [e.move for e in ann.snapshot.entries]


def test_a_laptop_started_again_mid_game_goes_on_from_the_rows(qtbot) -> None:
    fake = fake_table("cetkaik", ["ann", "ben"], seed=1, seasons=1)
    ann, ben = page_for(qtbot, fake, "ann"), page_for(qtbot, fake, "ben")
    pages, rng = [ann, ben], random.Random(9)
    while len(fake.server.rows) < 8:
        if not _play_one(pages, rng, go_on=True):
            qtbot.wait(10)
        qtbot.waitUntil(lambda: not any(p.controller.sent for p in pages), timeout=5000)
    ben.shutdown()
    ben.close()
    again = page_for(qtbot, fake, "ben")
    qtbot.waitUntil(lambda: len(again.snapshot.entries) == len(ann.snapshot.entries),
                    timeout=5000)
    assert again.frame.moves.count() == ann.frame.moves.count()
    pages = [ann, again]
    qtbot.waitUntil(lambda: any(p.frame.legal_moves() for p in pages), timeout=5000)
    before = len(ann.snapshot.entries)
    assert _play_one(pages, rng, go_on=True)  # the game goes on
    qtbot.waitUntil(lambda: min(len(p.snapshot.entries) for p in pages) > before,
                    timeout=5000)


def test_the_hosts_computer_plays_its_bot_seat(qtbot) -> None:
    fake = fake_table("cetkaik", ["ann", "ann"], ["person", "bot"], seasons=1)
    ann = page_for(qtbot, fake, "ann")
    rng = random.Random(1)
    moves = 0
    while not ann.controller.finished:
        if _play_one([ann], rng):
            moves += 1
            qtbot.waitUntil(lambda: not ann.controller.sent, timeout=5000)
        else:
            qtbot.wait(10)
        assert moves < 3000
    assert ann.snapshot.agrees is True
    assert any(r.seat == 1 and r.kind == "move" for r in fake.server.rows)
    assert ann.frame.seat_name(1).startswith("Bot")


def test_leaving_the_table_stops_only_this_laptop(qtbot) -> None:
    fake = fake_table("cetkaik", ["ann", "ben"], seed=1, seasons=1)
    ann, ben = page_for(qtbot, fake, "ann"), page_for(qtbot, fake, "ben")
    for page in (ann, ben):  # nobody takes a move back or starts a game of this laptop's own
        assert not page.frame.undo_button.isVisible()
        assert not page.frame.new_button.isVisible()
    qtbot.waitUntil(lambda: bool(ann.frame.legal_moves()), timeout=5000)
    assert ben.leave_button.text() == "Leave the table"
    with qtbot.waitSignal(ben.new_game_requested, timeout=2000):
        ben.leave_button.click()
    thread = ben.worker._thread
    assert thread is not None and not thread.is_alive()
    ann.frame.play(ann.frame.legal_moves()[0])  # the table goes on: the rows keep it
    qtbot.waitUntil(lambda: len(ann.snapshot.entries) >= 2, timeout=5000)


def test_a_laptop_whose_seat_was_handed_to_the_computer_follows_the_table(
        qtbot, monkeypatch) -> None:
    import ui.play.network as network

    monkeypatch.setattr(network, "SEEN_EVERY_S", 1000.0)  # ben's laptop is seen once only
    fake = fake_table("cetkaik", ["ann", "ben"], seed=1, seasons=1)
    ann, ben = page_for(qtbot, fake, "ann"), page_for(qtbot, fake, "ben")
    qtbot.waitUntil(lambda: bool(ann.frame.legal_moves()), timeout=5000)
    ann.frame.play(ann.frame.legal_moves()[0])
    qtbot.waitUntil(lambda: "Waiting for ben" in turn(ann), timeout=5000)
    away(fake, 1)  # ben's laptop slept
    qtbot.waitUntil(lambda: ann.hand_button.isVisible(), timeout=5000)
    ann.hand_button.click()
    qtbot.waitUntil(lambda: "the host's computer plays seat 2 now" in ben.status_label.text(),
                    timeout=5000)
    assert ben.frame.legal_moves() == []
    qtbot.waitUntil(lambda: any(r.seat == 1 and r.login == "ann" for r in fake.server.rows),
                    timeout=10000)
    qtbot.waitUntil(lambda: len(ben.snapshot.entries) == len(ann.snapshot.entries),
                    timeout=5000)
    language().set("ja")
    assert ben.status_label.text() == \
        "不在が長かったため、席 2 はホストのコンピューターが打っています。"
