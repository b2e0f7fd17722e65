"""アルヴィウム across laptops (issue 38) against the in-memory server: three to five laptops
and a spectator play whole games with the rows of each phase written in any order; no laptop
ever holds a sheet (or a drawing on it) before its seat would see it; the whole replay at the
end agrees, and its record replays in the engine's order; a restarted laptop finishes; a forged
row is a fault, a forged sheet is caught."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.record import Game
from companion.games.alluvium.rules import END as END_PHASE
from companion.games.alluvium.rules import AlluviumState
from companion.games.alluvium.scoring import EMPTY
from companion.network import alluvium
from companion.network.driver import RunResult, TableDriver
from companion.network.session import (
    MoveDue,
    ShowDue,
    TableSession,
    is_playable,
    playable_games,
    replay_whole,
)
from companion.network.texts import row_line
from tests.companion.network_fake import FakeRow, FakeServer, random_chooser, spectator_driver

LOGINS = ["ann", "ben", "cy", "dee", "eve"]
GAME = "alluvium"




def _laptop(server: FakeServer, seat: int, login: str) -> TableDriver:
    players = len(server.logins)
    return TableDriver(server.link(login), TableSession(GAME, players, {}, [seat]),
                       random_chooser(seat), host=seat == 0, grace_s=0.0)




def _truth(server: FakeServer) -> TableSession:
    """The table so far with every seat known and every hidden row read."""
    return replay_whole(GAME, len(server.logins), {}, server.rows, server.hidden)


def _covered(mine: str, truth: str) -> bool:
    """Every cell `mine` shows is drawn the same in `truth`."""
    return all(a in (EMPTY, b) for a, b in zip(mine, truth, strict=True))


def _tick_shuffled(drivers: Sequence[TableDriver], results: dict[int, RunResult],
                   rng: random.Random) -> None:
    order = list(range(len(drivers)))
    rng.shuffle(order)  # the laptops write in another order every time
    for index in order:
        if index not in results and (result := drivers[index].tick()) is not None:
            results[index] = result


def _play_checked(players: int, seed: int) -> tuple[FakeServer, list[RunResult], bool]:
    """The laptops and a spectator play to the end; after every round of ticks each laptop's
    state is checked against the whole table: it holds no cell its seat has not seen, reads no
    other seat's hidden rows, and (between handings) shows its seat exactly the seat's view."""
    server = FakeServer(LOGINS[:players], seed=seed)
    laptops = [_laptop(server, seat, login) for seat, login in enumerate(server.logins)]
    watcher = spectator_driver(server, GAME)
    drivers = [*laptops, watcher]
    results: dict[int, RunResult] = {}
    rng = random.Random(seed)
    hidden_somewhere, checked = False, 0
    for _ in range(5000):
        _tick_shuffled(drivers, results, rng)
        if len(results) == len(drivers):
            break
        if server.status == "finished":
            continue
        for driver in drivers:
            driver.catch_up()
        whole = _truth(server)
        truth = whole.state
        assert isinstance(truth, AlluviumState) and whole.fault is None
        for seat, driver in enumerate(laptops):
            session = driver.session
            assert all(h.seat == seat for h in driver.link.hidden())
            assert session.n == whole.n
            checked += 1
            state = session.state
            assert isinstance(state, AlluviumState)
            seen = truth.view(seat)
            for sheet in range(players):
                assert _covered(state.grids[sheet], seen.grids[sheet]), (seat, sheet)
                hidden_somewhere |= state.grids[sheet] != truth.grids[sheet]
            assert session.alluvium is not None
            if not session.alluvium.handing:
                mine = state.view(seat)
                assert mine.grids == seen.grids and mine.checks == seen.checks
                assert state.areas == truth.areas
        if truth.phase != END_PHASE:
            spectator = watcher.session.state
            assert isinstance(spectator, AlluviumState)
            assert all(set(grid) == {EMPTY} for grid in spectator.grids)
            if not watcher.session.alluvium.handing:  # type: ignore[union-attr]
                assert spectator.areas == truth.areas  # the engine shows every area bonus
    assert len(results) == len(drivers), "the table did not end"
    assert checked > 100
    return server, [results[i] for i in range(len(drivers))], hidden_somewhere


def test_alluvium_is_played_across_laptops() -> None:
    assert is_playable(GAME) and GAME in playable_games()


def test_three_laptops_and_a_spectator_play_to_the_end_seeing_only_the_sheets_they_hold(
) -> None:
    server, results, hidden_somewhere = _play_checked(3, seed=4)
    assert hidden_somewhere  # the other sheets were not the real ones: nothing leaked in
    assert all(result.ok for result in results[:3]), results
    confirmation = results[0].confirmation
    assert confirmation is not None and confirmation.record is not None
    assert {r.confirmation.record.to_json() for r in results[:3]  # type: ignore[union-attr]
            } == {confirmation.record.to_json()}
    watcher = results[3]
    assert watcher.fault is None
    assert all(row.login != "zoe" for row in server.rows)
    replayed = Game.replay(confirmation.record)  # the history's record, in the engine's order
    assert replayed.state.outcome() == confirmation.outcome


def test_four_and_five_laptops_play_to_the_end_and_agree() -> None:
    for players in (4, 5):
        server = FakeServer(LOGINS[:players], seed=players)
        drivers = [_laptop(server, seat, login) for seat, login in enumerate(server.logins)]
        drivers.append(spectator_driver(server, GAME))
        results: dict[int, RunResult] = {}
        rng = random.Random(players)
        while len(results) < len(drivers):
            _tick_shuffled(drivers, results, rng)
        assert all(results[i].ok for i in range(players))
        confirmation = results[0].confirmation
        assert confirmation is not None and confirmation.record is not None
        assert drivers[-1].session.state.outcome() == confirmation.outcome  # the spectator
        assert Game.replay(confirmation.record).state.outcome() == confirmation.outcome


def _advance(drivers: Sequence[TableDriver], stop: Any) -> None:
    """Catch every laptop up and let those not at `stop(due)` write, until all are there."""
    for _ in range(2000):
        for driver in drivers:
            driver.catch_up()
        if all(stop(driver.session.due()) for driver in drivers):
            return
        for driver in drivers:
            if not stop(driver.session.due()):
                driver.step()
    raise AssertionError("the laptops did not get there")


def _to_first_drawing(server: FakeServer) -> list[TableDriver]:
    """Laptops at a new table, caught up to the first phase's drawings."""
    drivers = [_laptop(server, seat, login) for seat, login in enumerate(server.logins)]
    _advance(drivers, lambda due: isinstance(due, MoveDue))
    return drivers


def test_every_seat_draws_without_waiting_for_the_others_and_sees_none_of_their_drawings(
) -> None:
    server = FakeServer(LOGINS[:4], seed=1)
    drivers = _to_first_drawing(server)
    assert list(server.rows[-1].next_seats) == [0, 1, 2, 3]  # the phase is open to everyone
    for driver in drivers:
        assert driver.session.due() == MoveDue(drivers.index(driver))
    ann = drivers[0].session.state
    before = list(ann.grids)  # type: ignore[attr-defined]
    for seat in (3, 2, 1):  # the last seat first: nobody waits for seat 1
        for _ in range(2):  # round 1: the face-up card, then the hand card
            drivers[seat].tick()
    rows = [r for r in server.rows if r.kind == "move"]
    assert [r.seat for r in rows] == [3, 3, 2, 2, 1, 1]
    assert all(set(r.payload) == {"sealed"} for r in rows)  # no drawing in the clear
    assert list(server.rows[-1].next_seats) == [0]
    drivers[0].catch_up()
    assert ann.grids == before  # type: ignore[attr-defined]  # ann has seen nothing of them
    assert drivers[0].session.due() == MoveDue(0)


def test_a_sheet_is_handed_on_only_once_every_seat_has_drawn_in_the_phase() -> None:
    server = FakeServer(LOGINS[:4], seed=2)
    drivers = _to_first_drawing(server)
    for seat in (1, 2, 3, 0):
        drivers[seat].tick()
        drivers[seat].tick()
    hands = [r for r in server.rows if r.kind == "move" and "pass" in r.payload]
    assert hands == []  # every drawing is in; no sheet has moved yet
    assert list(server.rows[-1].next_seats) == [0, 1, 2, 3]  # now every seat hands on
    for driver in drivers:
        driver.catch_up()
        assert isinstance(driver.session.due(), ShowDue)
    _advance(drivers, lambda due: isinstance(due, MoveDue))
    hands = [r for r in server.rows if r.kind == "move" and "pass" in r.payload]
    assert len(hands) == 4 and {r.seat for r in hands} == {0, 1, 2, 3}
    truth = _truth(server).state
    for seat, driver in enumerate(drivers):  # clockwise: seat s now holds seat s - 1's sheet
        state = driver.session.state
        held = (seat - 1) % 4
        assert state.held_sheet(seat) == held  # type: ignore[attr-defined]
        assert state.grids[held] == truth.grids[held]  # type: ignore[attr-defined]
        assert state.grids[(seat + 1) % 4] != truth.grids[(seat + 1) % 4]  # type: ignore


def test_a_laptop_restarted_mid_phase_catches_up_with_its_own_sealed_drawings_and_finishes(
) -> None:
    server = FakeServer(LOGINS[:3], seed=5)
    drivers = _to_first_drawing(server)
    drivers[1].tick()  # ben's first drawing is written, the phase goes on
    assert server.rows[-1].seat == 1
    drivers[1] = _laptop(server, 1, "ben")  # a new process, from nothing
    drivers[1].catch_up()
    restarted = drivers[1].session.state
    assert restarted.grids[1] != EMPTY * len(restarted.grids[1])  # type: ignore[attr-defined]
    assert drivers[1].session.due() == MoveDue(1)  # its hand card next
    results: dict[int, RunResult] = {}
    rng = random.Random(3)
    while len(results) < 3:
        _tick_shuffled(drivers, results, rng)
    assert all(result.ok for result in results.values())


def test_an_unsealed_drawing_is_a_fault_and_is_not_applied() -> None:
    server = FakeServer(LOGINS[:3], seed=6)
    drivers = _to_first_drawing(server)
    state = drivers[2].session.state
    move = state.legal_moves()[0]
    server.forge("move", 2, {"move": str(move)}, [0, 1, 2])
    drivers[0].catch_up()
    fault = drivers[0].session.fault
    assert fault is not None and fault.seat == 2 and "sealed" in fault.reason
    assert fault.n == len(server.rows)


def test_a_seat_that_hands_on_a_forged_sheet_is_caught_by_the_whole_replay() -> None:
    server = FakeServer(LOGINS[:3], seed=7)
    drivers = [_laptop(server, seat, login) for seat, login in enumerate(server.logins)]
    cheat = drivers[1].session
    honest = cheat.show_payload
    forged: list[int] = []

    def forge(seat: int, level: int | None = None) -> dict[str, Any]:
        table, state = cheat.alluvium, cheat.state
        assert table is not None and isinstance(state, AlluviumState)
        if forged or table.round_end or table.final:
            return honest(seat, level)
        sheet, taker = table.holding[seat]
        text = alluvium.sheet_text(state, sheet)
        cell = text.index(EMPTY)  # one more cell of ben's colour on the sheet handed on
        text = text[:cell] + state.colours[seat] + text[cell + 1:]
        forged.append(cheat.n + 1)
        key = table.pairs[alluvium.pair_of(seat, taker, 3)]
        return {"pass": alluvium.seal(key, cheat.n + 1, alluvium.PASS_LABEL, text,
                                      alluvium.pass_size(state))}

    cheat.show_payload = forge  # type: ignore[method-assign]
    results: dict[int, RunResult] = {}
    rng = random.Random(1)
    for _ in range(5000):
        _tick_shuffled(drivers, results, rng)
        if len(results) == 3:
            break
    assert forged
    whole = _truth(server)
    assert whole.fault is not None and whole.fault.n == forged[0]
    assert "hands on another sheet" in whole.fault.reason
    assert not any(result.ok for result in results.values())


def test_alluvium_rows_read_without_showing_a_drawing_in_both_languages() -> None:
    server = FakeServer(LOGINS[:3], seed=8)
    drivers = _to_first_drawing(server)
    drivers[0].tick()
    lines = {lang: [row_line(r, lang) for r in server.rows] for lang in ("en", "ja")}
    assert lines["en"][0] == "1. sealing keys dealt to the seats"
    assert lines["ja"][0] == "1. 封印の鍵を各席に配る"
    assert lines["en"][1] == "2. seat 2 receives the key it shares with seat 1"
    assert lines["ja"][1] == "2. 席2が席1と共有する鍵を受け取ります"
    assert lines["en"][-1] == f"{len(server.rows)}. seat 1 draws (sealed)"
    assert lines["ja"][-1] == f"{len(server.rows)}. 席1が記入しました（封印）"
    hand = {"pass": "00"}
    row = FakeRow(40, "move", 2, hand, (0, 1), "cy")
    assert row_line(row, "en") == "40. seat 3 hands on the sheet it held (sealed)"
    assert row_line(row, "ja") == "40. 席3が持っていたシートを渡します（封印）"
    shown = FakeRow(41, "move", 0, {"sheet": "x"}, (), "ann")
    assert row_line(shown, "en") == "41. seat 1 shows the sheet it held last"
    assert row_line(shown, "ja") == "41. 席1が最後に持っていたシートを見せます"


def test_a_laptops_bot_never_draws_for_the_person_at_that_laptop() -> None:
    server = FakeServer(LOGINS[:3], seed=9)
    drivers = _to_first_drawing(server)
    drivers[0].session.people = frozenset({0})  # ann draws herself, in the window
    rows = len(server.rows)
    for _ in range(3):
        drivers[0].tick()
    assert len(server.rows) == rows and drivers[0].session.due() == MoveDue(0)


def test_a_seat_handed_to_the_hosts_laptop_mid_game_draws_with_its_own_keys_to_the_end(
) -> None:
    server = FakeServer(LOGINS[:3], seed=10)
    drivers = [_laptop(server, seat, login) for seat, login in enumerate(server.logins)]
    while len(server.rows) < 40:  # into round 1's passing of the sheets
        for driver in drivers:
            driver.tick()
    server.logins[1] = "ann"  # ben's laptop slept: the host's computer takes the seat
    host = drivers[0]
    host.take_seats([1])
    assert host.session.mine == {0, 1}
    results: dict[int, RunResult] = {}
    rng = random.Random(2)
    while len(results) < 2:
        _tick_shuffled([host, drivers[2]], results, rng)
    assert all(result.ok for result in results.values())
    later = [r for r in server.rows if r.seat == 1 and r.n > 40]
    assert later and all(r.login == "ann" for r in later)


def test_opening_a_table_of_alluvium_asks_for_a_club_history_not_another_game(
        tmp_path: Any, capsys: Any) -> None:
    from ui.cli import main

    url = f"sqlite:///{tmp_path / 'history.db'}"
    assert main(["--db", url, "--lang", "en", "table", "open", "alluvium", "--seats",
                 "ann,ben,bot"]) == 2
    err = capsys.readouterr().err
    assert "network tables" in err and "cannot be played across laptops" not in err
