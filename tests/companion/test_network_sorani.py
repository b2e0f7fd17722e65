"""ソラニ across laptops (issue 38) against the in-memory server: the face-down reserve is a
server zone nobody reads until the track empties and it is shown to everyone; the two cards a
seat draws reach that seat alone and are shown to everyone when it keeps one; every other
chance is a public draw. Laptops and a spectator play to the end with random bots; at every
step each laptop's view is the truth's view of its seats and its filled parts are not the
truth; refused rows are faults; a restarted laptop finishes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from companion.core.record import Game
from companion.games.sorani.rules import SoraniState
from companion.network import sorani
from companion.network.driver import RunResult, TableDriver
from companion.network.session import (
    DealDue,
    RevealDue,
    TableSession,
    is_playable,
    playable_games,
    replay_whole,
)
from tests.companion.network_fake import FakeServer, play_to_end, seat_drivers, spectator_driver

LOGINS = ["ann", "ben", "cy", "dee"]
GAME = "sorani"










def _truth(server: FakeServer, players: int) -> TableSession:
    """The table so far replayed with every hidden row (the reserve's zone too)."""
    return replay_whole(GAME, players, {}, server.rows, server.hidden)


def _check_views(drivers: Sequence[TableDriver], truth: TableSession,
                 seen: dict[str, bool]) -> None:
    """Each caught-up laptop shows its seats what the truth shows them; it reads only its own
    seats' hidden rows; its reserve and others' drawn cards are fillers, never read."""
    real: Any = truth.state
    assert isinstance(real, SoraniState) and truth.fault is None
    for driver in drivers:
        mine = driver.session.mine
        assert all(h.seat in mine for h in driver.link.hidden())
        state: Any = driver.session.state
        if driver.session.n != truth.n:
            continue
        assert not state.invariant_errors()
        for seat in sorted(mine) or [-1]:
            assert state.view(seat).describe() == real.view(seat).describe()
        side = driver.session.sorani
        assert side is not None
        if state.reserve and not side.reserve_shown:
            assert state.reserve == _lowest(state.reserve, state.box)  # fillers only
            seen["reserve"] |= state.reserve != real.reserve
        if state.drawn and state.drawer() not in mine:
            deck = sorted(state.decks[state.drawn_from] + state.drawn)
            assert state.drawn == deck[:len(state.drawn)]  # fillers only
            seen["drawn"] |= state.drawn != real.drawn


def _lowest(laid: list[str], box: dict[str, int]) -> list[str]:
    """The fillers a laptop lays: the lowest planets of the box before they were laid."""
    pool = sorted([p for p, n in box.items() for _ in range(n)] + laid)
    return pool[:len(laid)]


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 2), (4, 2)])
def test_laptops_and_a_spectator_play_sorani_to_the_end_seeing_only_their_seats(
        players: int, seed: int) -> None:
    server = FakeServer(LOGINS[:players], seed=seed)
    drivers = [*seat_drivers(server, GAME), spectator_driver(server, GAME)]
    results: dict[int, RunResult] = {}
    seen = {"reserve": False, "drawn": False}
    for _ in range(20_000):
        for index, driver in enumerate(drivers):
            if index not in results and (result := driver.tick()) is not None:
                results[index] = result
        if len(results) == len(drivers):
            break
        if server.status != "finished":
            _check_views(drivers, _truth(server, players), seen)
    assert len(results) == len(drivers), "the table did not end"
    assert seen == {"reserve": True, "drawn": True}  # the fillers were not the real ones
    zones = {row.payload["zone"] for row in server.rows if row.kind == "reveal"}
    assert zones == {sorani.RESERVE, sorani.DRAWN}  # the reserve entered, a card was drawn
    assert all("items" not in row.payload for row in server.rows if row.kind == "deal")
    assert all(row.login != "zoe" for row in server.rows)
    ordered = [results[i] for i in range(len(drivers))]
    assert all(result.ok for result in ordered[:players])
    records = {r.confirmation.record.to_json() for r in ordered[:players]
               if r.confirmation is not None and r.confirmation.record is not None}
    assert len(records) == 1
    confirmation = ordered[0].confirmation
    assert confirmation is not None and confirmation.record is not None
    replayed = Game.replay(confirmation.record)  # the history's record replays to the end
    assert replayed.state.outcome() == confirmation.outcome
    watcher = drivers[-1].session
    assert watcher.ended and watcher.state.outcome() == confirmation.outcome
    # once shown, the laptops' records hold the real reserve and drawn cards, as the truth
    assert [e.move for e in drivers[0].session.entries] == \
        [e.move for e in confirmation.record.entries]


def test_sorani_is_played_across_laptops() -> None:
    assert is_playable(GAME) and GAME in playable_games()


def _until(server: FakeServer, drivers: Sequence[TableDriver], done: Any,
           limit: int = 5000) -> None:
    """Tick the laptops one by one until `done()` holds (checked after every tick)."""
    for _ in range(limit):
        for driver in drivers:
            if server.rows and done():
                return
            assert server.status == "playing", "the table ended first"
            driver.tick()
    raise AssertionError("the table never got there")


def _until_due(server: FakeServer, drivers: Sequence[TableDriver], seat: int, kind: type,
               zone: str = "", limit: int = 5000) -> None:
    """Tick the laptops until laptop `seat`, caught up, has a `kind` due (of `zone`)."""
    for _ in range(limit):
        for driver in drivers:
            mine = drivers[seat]
            mine.catch_up()
            due = mine.session.due()
            if isinstance(due, kind) and zone in ("", _zone_of(due)):
                return
            assert server.status == "playing", "the table ended first"
            driver.tick()
    raise AssertionError("the table never got there")


def _zone_of(due: Any) -> str:
    """The zone a reveal reads, or the first zone a deal fills."""
    return str(due.zone if isinstance(due, RevealDue) else due.plan.zones[0]["zone"])


def _last_deal_is(server: FakeServer, zone: str) -> bool:
    last = server.rows[-1]
    return last.kind == "deal" and last.payload["zones"][0]["zone"] == zone


def test_the_reserve_is_dealt_to_nobody_and_shown_before_the_first_draw_after_it_enters(
        ) -> None:
    server = FakeServer(LOGINS[:2], seed=0)
    drivers = seat_drivers(server, GAME)
    play_to_end(drivers)
    deal = next(r for r in server.rows if r.kind == "deal"
                and r.payload["zones"][0]["zone"] == sorani.RESERVE)
    assert deal.payload["zones"][0] == {"zone": sorani.RESERVE, "seat": None, "count": 4}
    dealt = next(h for h in server.hidden if h.n == deal.n and h.zone == sorani.RESERVE)
    assert dealt.seat is None  # read by nobody until the table is finished
    shown = next(r for r in server.rows if r.kind == "reveal"
                 and r.payload["zone"] == sorani.RESERVE)
    assert shown.payload["items"] == list(dealt.items) and shown.payload["to_seat"] is None
    before = server.rows[shown.n - 2]
    assert list(before.next_seats) == [-1] and list(shown.next_seats) == [-1]
    after = server.rows[shown.n]
    assert after.kind == "chance"  # the round's display is drawn after the reserve is shown
    truth = _truth(server, 2)
    assert truth.fault is None and truth.state.is_over()


def test_drawn_cards_reach_the_drawing_seat_alone_and_the_keep_waits_for_them_shown() -> None:
    server = FakeServer(LOGINS[:3], seed=2)
    drivers = seat_drivers(server, GAME)
    _until(server, drivers, lambda: _last_deal_is(server, sorani.DRAWN))
    deal = server.rows[-1]
    drawer = deal.payload["zones"][0]["seat"]
    assert deal.payload["zones"][1] == {"zone": sorani.CARDS, "seat": None, "count": None}
    assert list(deal.next_seats) == [drawer]
    for driver in drivers:
        driver.catch_up()
    cards = next(h.items for h in server.hidden if h.n == deal.n and h.zone == sorani.DRAWN)
    for seat, driver in enumerate(drivers):
        state: Any = driver.session.state
        if seat == drawer:
            assert state.drawn == list(cards)
        else:  # it reads no other seat's zone: its drawn cards are the deck's lowest
            assert all(h.seat == seat for h in driver.link.hidden())
            pool = sorted(state.decks[state.drawn_from] + state.drawn)
            assert state.drawn == pool[:len(cards)]
    _until(server, drivers, lambda: server.rows[-1].kind == "reveal")
    keep, shown = server.rows[-2], server.rows[-1]
    assert keep.kind == "move" and keep.payload["move"].startswith("keep ")
    assert list(keep.next_seats) == [-1]  # held: the server shows the drawn cards first
    assert shown.payload == {"zone": sorani.DRAWN, "count": len(cards), "to_seat": None,
                             "items": list(cards)}
    assert list(shown.next_seats) == [drawer]  # the kept card's tile is placed
    for driver in drivers:
        driver.catch_up()
        state = driver.session.state
        assert state.drawn == [] and keep.payload["move"][5:] in state.boards[drawer].cards
        assert not driver.session.holding()
    assert len({d.session.state.describe() for d in drivers}) == 1  # all alike once shown


def test_a_public_draw_where_the_reserve_is_dealt_is_a_fault() -> None:
    server = FakeServer(LOGINS[:2], seed=3)
    drivers = seat_drivers(server, GAME)
    _until_due(server, drivers, 1, DealDue, sorani.RESERVE)
    state: Any = drivers[1].session.state
    assert state.pending[0][0] == "reserve"
    weights = [p for _, p in state.chance_outcomes()]
    server.forge("chance", 0, {"index": 0, "weights": weights}, [-1])  # the reserve in public
    result = drivers[1].tick()
    assert result is not None and result.fault is not None
    assert "not a public draw" in result.fault.reason


def test_a_keep_of_a_card_not_drawn_is_held_then_refused_once_the_cards_are_shown() -> None:
    server = FakeServer(LOGINS[:2], seed=4)
    drivers = seat_drivers(server, GAME)
    _until(server, drivers, lambda: _last_deal_is(server, sorani.DRAWN))
    drawer = server.rows[-1].payload["zones"][0]["seat"]
    other = drivers[1 - drawer]
    for driver in drivers:
        driver.catch_up()
    state: Any = other.session.state
    drawn = drivers[drawer].session.state.drawn  # type: ignore[attr-defined]
    assert drawn
    not_drawn = next(c for c in state.decks[state.drawn_from] + state.drawn if c not in drawn)
    server.forge("move", drawer, {"move": f"keep {not_drawn}"}, [-1])
    other.catch_up()
    assert other.session.fault is None and other.session.holding()  # it cannot tell yet
    n = len(server.rows)
    due = other.session.due()
    assert isinstance(due, RevealDue) and due.zone == sorani.DRAWN
    result = None
    for _ in range(5):
        result = result or other.tick()
    assert len(server.rows) == n + 1 and server.rows[-1].kind == "reveal"
    assert result is not None and result.fault is not None and result.fault.n == n + 1
    assert f"keep {not_drawn}" in result.fault.reason  # refused with the real cards in
    mine = drivers[drawer].tick()  # the drawing seat's laptop refuses the keep at once
    assert mine is not None and mine.fault is not None and mine.fault.n == n
    assert "cannot be among the cards drawn" in mine.fault.reason


def test_a_reserve_shown_other_than_dealt_is_refused_by_the_whole_replay() -> None:
    server = FakeServer(LOGINS[:2], seed=0)
    drivers = seat_drivers(server, GAME)
    _until_due(server, drivers, 0, RevealDue, sorani.RESERVE)
    dealt = next(h.items for h in server.hidden if h.zone == sorani.RESERVE)
    other = next(i for i, planet in enumerate(dealt) if planet != dealt[0])
    forged = list(dealt)
    forged[0], forged[other] = forged[other], forged[0]  # the same planets, another order
    n = len(server.rows) + 1
    server.forge("reveal", None, {"zone": sorani.RESERVE, "count": 4, "to_seat": None,
                                  "items": forged}, [-1])
    drivers[0].catch_up()
    assert drivers[0].session.fault is None  # it could have been the reserve
    whole = _truth(server, 2)
    assert whole.fault is not None and whole.fault.n == n
    assert "differs from the one dealt" in whole.fault.reason


@pytest.mark.parametrize("at_draw", [False, True])
def test_a_laptop_restarted_mid_game_catches_up_and_finishes(at_draw: bool) -> None:
    server = FakeServer(LOGINS[:3], seed=2)
    drivers = seat_drivers(server, GAME)
    if at_draw:  # between its seat's drawn cards and its keep: they are read again
        _until(server, drivers, lambda: _last_deal_is(server, sorani.DRAWN))
        restarted = server.rows[-1].payload["zones"][0]["seat"]
    else:
        _until(server, drivers, lambda: len(server.rows) >= 60)
        restarted = 1
    drivers[restarted] = seat_drivers(server, GAME)[restarted]  # a new process, from nothing
    drivers[restarted].catch_up()
    truth = _truth(server, 3)
    state: Any = drivers[restarted].session.state
    assert state.view(restarted).describe() == truth.state.view(restarted).describe()
    if at_draw:
        assert state.drawn and state.drawn == truth.state.drawn  # type: ignore[attr-defined]
    results = play_to_end(drivers)
    assert all(result.ok for result in results)


def test_the_reserve_and_drawn_cards_rows_read_in_both_languages() -> None:
    from companion.network.texts import row_line
    from tests.companion.network_fake import FakeRow

    deal = FakeRow(18, "deal", None, {"zones": [
        {"zone": sorani.RESERVE, "seat": None, "count": 4},
        {"zone": sorani.BOX, "seat": None, "count": 4}]}, (-1,), "ann")
    assert row_line(deal, "en") == "18. the reserve: 4 planets face down, seen by nobody"
    assert row_line(deal, "ja") == "18. 予備の惑星4枚を伏せて置く（誰にも見えない）"
    drawn = FakeRow(90, "deal", None, {"zones": [
        {"zone": sorani.DRAWN, "seat": 1, "count": 2},
        {"zone": sorani.CARDS, "seat": None, "count": 5}]}, (1,), "ben")
    assert row_line(drawn, "en") == "90. seat 2 draws 2 cards"  # never which
    assert row_line(drawn, "ja") == "90. 席2がカードを2枚引きます"
    shown = FakeRow(133, "reveal", None, {"zone": sorani.RESERVE, "count": 4,
                                          "to_seat": None, "items": ["Y", "B", "G", "G"]},
                    (-1,), "ann")
    assert row_line(shown, "en") == "133. the reserve turned up: Y B G G"
    assert row_line(shown, "ja") == "133. 予備の惑星を表に: Y B G G"
    kept = FakeRow(92, "reveal", None, {"zone": sorani.DRAWN, "count": 2, "to_seat": None,
                                        "items": ["f3", "f9"]}, (1,), "ben")
    assert row_line(kept, "en") == "92. the drawn cards turned up: f3 f9"
    assert row_line(kept, "ja") == "92. 引いたカードを表に: f3 f9"


def test_a_refused_reveal_leaves_the_laptops_reserve_and_its_entries_as_they_were() -> None:
    server = FakeServer(LOGINS[:2], seed=0)
    drivers = seat_drivers(server, GAME)
    _until_due(server, drivers, 0, RevealDue, sorani.RESERVE)
    session = drivers[0].session
    before = ([e.move for e in session.entries], session.state.describe())
    real = next(h.items for h in server.hidden if h.zone == sorani.RESERVE)
    server.forge("reveal", None, {"zone": sorani.RESERVE, "count": 4, "to_seat": None,
                                  "items": list(real)}, [1])  # the real planets, a wrong turn
    drivers[0].catch_up()
    assert session.fault is not None and "to write next" in session.fault.reason
    assert ([e.move for e in session.entries], session.state.describe()) == before
    assert session.sorani is not None and session.sorani.reserve_waiting
