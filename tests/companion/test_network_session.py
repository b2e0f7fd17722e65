"""Network play's engine side (issue 38) against an in-memory server: two laptops play whole
games of 机戦 and 終季, each seeing only its own seat; refused rows become faults; a laptop
restarted mid-game catches up from the rows and finishes."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion.core.api import GameState
from companion.core.record import Game
from companion.games.nincetkaik.deck import STRENGTH_OF, format_card, parse_card
from companion.games.nincetkaik.neki.rules import LEVEL_CODES
from companion.network import cards
from companion.network.driver import RunResult, TableDriver
from companion.network.session import (
    TableSession,
    playable_games,
    replay_whole,
)
from tests.companion.network_fake import (
    FakeServer,
    Refused,
    play_to_end,
    random_chooser,
    seat_drivers,
)

LOGINS = ["ann", "ben", "cy", "dee"]








@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("cetkaik", 2, {"seasons": 1}),
    ("taxot", 2, {"seasons": 2}),
    ("taxot", 3, {"seasons": 1, "light": True}),
    ("nanto", 2, {"deals": 6}),
    ("nanto", 4, {"deals": 4, "stock": 5}),
    ("makup", 2, {}),
    ("makup", 4, {}),
    ("nine", 2, {"seasons": 2}),
    ("nine", 3, {}),
    ("neki", 3, {}),
    ("neki", 4, {}),
    ("mokaik", 2, {"seasons": 2}),
    ("mokaik", 4, {"seasons": 1}),
    ("makaik", 2, {"hands": 4}),
    ("makaik", 4, {"hands": 3}),
    ("mokzo", 2, {}),
    ("mokzo", 4, {"rounds": 10}),  # the empty draw pile takes the discards back: a new deal
])
def test_two_laptops_finish_a_game_and_agree_on_the_whole_replay(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    server = FakeServer(LOGINS[:players], seed=7)
    results = play_to_end(seat_drivers(server, game_id, options))
    records = set()
    for result in results:
        assert result.ok, result
        assert result.confirmation is not None and result.confirmation.record is not None
        records.add(result.confirmation.record.to_json())
    assert len(records) == 1  # every laptop confirms the same whole game
    confirmation = results[0].confirmation
    assert confirmation is not None and confirmation.record is not None
    replayed = Game.replay(confirmation.record)  # the history's record replays to the same end
    assert replayed.state.is_over()
    assert replayed.state.outcome() == confirmation.outcome


def test_a_taxot_laptop_never_holds_the_other_hands_and_its_own_is_the_real_one() -> None:
    server = FakeServer(LOGINS[:2], seed=3)
    drivers = seat_drivers(server, "taxot", {"seasons": 1})
    seen_differ = False
    for _ in range(5000):
        if any(d.tick() is not None for d in drivers):
            break
        whole_rows = server.rows
        whole = TableSession("taxot", 2, {"seasons": 1}, range(2))
        for row in whole_rows:
            whole.apply(row, server.hidden)
        for seat, driver in enumerate(drivers):
            state = driver.session.state
            assert isinstance(state, cards.CardGameState)
            if driver.session.n != whole.n:
                continue
            assert not state.invariant_errors()
            assert state.hands[seat] == whole.state.hands[seat]  # type: ignore[attr-defined]
            other = whole.state.hands[1 - seat]  # type: ignore[attr-defined]
            seen_differ |= state.hands[1 - seat] != other
    assert seen_differ  # the filled hand is not the real one: nothing leaked into it
    links = [d.link for d in drivers]
    assert all(h.seat == 0 for h in links[0].hidden()) or server.status == "finished"


def _hand_views_checked(game_id: str, players: int, options: dict[str, Any],
                        seed: int) -> tuple[list[RunResult], bool]:
    """Two or more laptops and a spectator play to the end; after every tick each laptop's
    state (when caught up) is checked against the whole game replayed from every hidden row:
    its own hands (and face-down cards) are the real ones and it reads no other seat's hidden
    rows. Returns the
    results and whether some laptop's filled hand of another seat differed from the truth."""
    server = FakeServer(LOGINS[:players], seed=seed)
    laptops = seat_drivers(server, game_id, options)
    watcher = TableDriver(server.link("zoe"), TableSession(game_id, players, options, ()),
                          random_chooser(9), writes=False, grace_s=0.0)
    drivers = [*laptops, watcher]
    results: dict[int, RunResult] = {}
    seen_differ = False
    for _ in range(20_000):
        for index, driver in enumerate(drivers):
            if index not in results and (result := driver.tick()) is not None:
                results[index] = result
        if len(results) == len(drivers):
            break
        if server.status == "finished":
            continue
        whole = TableSession(game_id, players, options, range(players))
        for row in server.rows:
            whole.apply(row, server.hidden)
        truth: Any = whole.state
        assert hasattr(truth, "hands") and whole.fault is None
        for driver in drivers:
            mine = driver.session.mine
            assert all(h.seat in mine for h in driver.link.hidden())
            state: Any = driver.session.state
            if driver.session.n != whole.n or driver.session.held is not None:
                continue
            assert not state.invariant_errors()
            for seat in range(players):
                asides = (getattr(state, "asides", [[]] * players)[seat],
                          getattr(truth, "asides", [[]] * players)[seat])
                if seat in mine:
                    assert sorted(state.hands[seat]) == sorted(truth.hands[seat])
                    assert asides[0] == asides[1]
                else:
                    seen_differ |= sorted(state.hands[seat]) != sorted(truth.hands[seat])
                    seen_differ |= asides[0] != asides[1]
    assert len(results) == len(drivers), "the table did not end"
    assert all(row.login != "zoe" for row in server.rows)
    ordered = [results[i] for i in range(len(drivers))]
    confirmation = ordered[0].confirmation
    assert confirmation is not None and confirmation.agrees
    assert watcher.session.ended and watcher.session.state.outcome() == confirmation.outcome
    return ordered, seen_differ


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("nanto", 3, {"deals": 5}),  # hands shown at a showdown
    ("makup", 3, {}),  # roads turned up, cards laid from the hand
    ("nine", 3, {}),  # three drawn by a seat that stays out, the table taken into a hand
    ("neki", 4, {}),  # a 将's removal: every seat shows its cards of that strength
    ("mokaik", 3, {"seasons": 1}),  # cards put face down stay sealed
    ("makaik", 3, {"hands": 4}),  # a kept draw sealed, the seats still in show their hands
    ("mokzo", 4, {"rounds": 10}),  # the draw pile on the server, dealt again from the discards
])
def test_other_hands_stay_on_the_server_until_the_rules_reveal_them(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    results, seen_differ = _hand_views_checked(game_id, players, options, seed=2)
    assert all(result.ok for result in results[:players])
    assert seen_differ  # the filled hands are not the real ones: nothing leaked into them


def test_a_nanto_showdown_is_held_until_the_server_shows_each_bettors_hand() -> None:
    server = FakeServer(LOGINS[:2], seed=1)
    drivers = seat_drivers(server, "nanto", {"deals": 3})
    for driver in drivers:  # both bet: the second bet ends the orbit with a showdown
        driver.choose = lambda state, seat: state.parse_move("bet 1")
    play_to_end(drivers)
    reveals = [row for row in server.rows if row.kind == "reveal"]
    assert reveals and all(row.payload["to_seat"] is None for row in reveals)
    assert {row.payload["zone"] for row in reveals} == {"hand0", "hand1"}
    first = reveals[0]
    held = server.rows[first.n - 2]
    assert held.kind == "move" and list(held.next_seats) == [-1]  # the move waits for them
    assert len(first.payload["items"]) == 2


def test_a_nanto_reveal_of_the_wrong_hand_is_a_fault() -> None:
    server = FakeServer(LOGINS[:2], seed=1)
    drivers = seat_drivers(server, "nanto", {"deals": 3})
    for driver in drivers:
        driver.choose = lambda state, seat: state.parse_move("bet 1")
    while not (server.rows and server.rows[-1].kind == "move"
               and list(server.rows[-1].next_seats) == [-1]):
        drivers[len(server.rows) % 2].tick()
    driver = drivers[0]
    driver.catch_up()
    assert driver.session.held is not None
    n = driver.session.n
    wrong = driver.session.to_show[-1] if len(driver.session.to_show) > 1 else \
        1 - driver.session.to_show[0]
    server.forge("reveal", None, {"zone": f"hand{wrong}", "count": 2, "to_seat": None,
                                  "items": ["r1", "r2"]}, [-1])
    result = driver.tick()
    assert result is not None and result.fault is not None
    assert "shown to everyone" in result.fault.reason and driver.session.n == n


def _neki_removal_held(seed: int) -> tuple[FakeServer, list[TableDriver]] | None:
    """A 3-seat 連友 stopped right after a 将's removal row (None if the game ends first)."""
    server = FakeServer(LOGINS[:3], seed=seed)
    drivers = seat_drivers(server, "neki", {})
    for step in range(9000):
        last = server.rows[-1] if server.rows else None
        if last is not None and last.kind == "move" and \
                str(last.payload.get("move", "")).startswith("remove"):
            for driver in drivers:
                driver.catch_up()
            return server, drivers
        if last is not None and last.kind == "end":
            return None
        drivers[step % 3].tick()
    return None


def test_a_neki_removal_is_held_until_every_other_seat_has_shown_that_strength() -> None:
    for seed in range(20):
        found = _neki_removal_held(seed)
        if found is None:
            continue
        server, drivers = found
        removal = server.rows[-1]
        mover = removal.seat
        assert mover is not None
        for driver in drivers:  # nobody applies the removal before the shows
            assert driver.session.held is not None and driver.session.level is not None
        assert list(removal.next_seats) == [(mover + 1) % 3]
        results = play_to_end(drivers)
        assert all(result.ok for result in results)
        shows = server.rows[removal.n:removal.n + 2]
        assert [row.seat for row in shows] == [(mover + 1) % 3, (mover + 2) % 3]
        level = LEVEL_CODES.index(str(removal.payload["move"]).split()[1])
        for row in [removal, *shows]:  # each shows its cards of that strength, no other
            assert all(STRENGTH_OF[parse_card(t)] == level for t in row.payload["show"])
        return
    raise AssertionError("no seed gave a 将's removal")


def test_a_seat_that_hides_a_card_of_the_removed_strength_is_refused_and_caught_at_the_end(
        ) -> None:
    """In 3-seat 連友 every card is dealt: the last seat to show can count that the short
    show leaves a card of that strength nowhere, and refuses the row; a spectator cannot
    tell (another seat is still to show), and the replay with every card known refuses it."""
    from companion.network.neki import level_cards

    for seed in range(40):
        found = _neki_removal_held(seed)
        if found is None:
            continue
        server, drivers = found
        mover = server.rows[-1].seat
        assert mover is not None
        shower, third = (mover + 1) % 3, (mover + 2) % 3
        session = drivers[shower].session
        assert session.level is not None
        real = level_cards(session.state, shower, session.level)  # type: ignore[arg-type]
        if not real:
            continue
        watcher = TableSession("neki", 3, {}, ())
        for row in server.rows:
            watcher.apply(row, ())
        server.forge("move", shower, {"show": [format_card(c) for c in real[1:]]}, [third])
        drivers[third].catch_up()
        fault = drivers[third].session.fault
        assert fault is not None and fault.n == len(server.rows)
        assert "cannot be filled" in fault.reason
        assert watcher.apply(server.rows[-1]) and watcher.fault is None
        whole = replay_whole("neki", 3, {}, server.rows, server.hidden)
        assert whole.fault is not None and whole.fault.n == len(server.rows)
        assert "does not show its cards" in whole.fault.reason
        return
    raise AssertionError("no seed gave a removal of a strength the next seat holds")


def test_mokaik_face_down_cards_travel_sealed_and_a_restarted_laptop_unseals_its_own() -> None:
    from companion.network import sealed

    server = FakeServer(LOGINS[:3], seed=4)
    drivers = seat_drivers(server, "mokaik", {"seasons": 1})
    while not any(row.kind == "move" and "sealed" in row.payload and row.seat == 1
                  for row in server.rows):
        for driver in drivers:
            driver.tick()
    for driver in drivers:
        driver.catch_up()
    assert server.rows[0].kind == "deal"  # the keys, before the 親 is drawn
    assert [h.zone for h in drivers[1].link.hidden() if h.n == 1] == ["key1"]
    row = next(r for r in server.rows if "sealed" in r.payload and r.seat == 1)
    assert re.fullmatch(r"down \d+", row.payload["move"])  # a count, never the cards
    real = drivers[1].session.record().entries  # what seat 2's laptop put down
    others = drivers[0].session.record().entries
    index = next(i for i, e in enumerate(real) if e.seat == 1 and e.move.startswith("down"))
    restarted = seat_drivers(server, "mokaik", {"seasons": 1})[1]  # a new process, from nothing
    restarted.catch_up()
    assert restarted.session.record().entries[index] == real[index]
    key = drivers[1].session.keys[1]
    assert sealed.unseal(key, row.n, row.payload["sealed"]) == \
        drivers[1].session.state.parse_move(real[index].move).cards
    assert others[index].move.startswith("down")  # filled cards on the other laptops
    drivers[1] = restarted
    assert all(result.ok for result in play_to_end(drivers))


def test_a_makaik_kept_draw_is_sealed_and_a_showdown_waits_for_the_seats_still_in() -> None:
    server = FakeServer(LOGINS[:2], seed=2)
    drivers = seat_drivers(server, "makaik", {"hands": 3})
    for driver in drivers:  # everyone draws two, keeps, then bets and calls to the showdown
        def choose(state: Any, seat: int) -> Any:
            moves = [str(m) for m in state.legal_moves()]
            for wanted in ("draw2", "keep", "bet 1", "call"):
                found = [m for m in moves if m.startswith(wanted)]
                if found:
                    return state.parse_move(found[0])
            return state.parse_move(moves[0])
        driver.choose = choose
    results = play_to_end(drivers)
    assert all(result.ok for result in results)
    keeps = [row for row in server.rows if "sealed" in row.payload]
    assert keeps and all(row.payload["move"].split()[0] == "keep"  # the hand card only
                         and len(row.payload["move"].split()) == 2 for row in keeps)
    shows = [row for row in server.rows if row.kind == "move" and "move" not in row.payload]
    assert shows
    held = server.rows[shows[0].n - 2]
    assert held.payload["move"] == "call" and list(held.next_seats) == [shows[0].seat]
    assert len(held.payload["show"]) == 3 and len(shows[0].payload["show"]) == 3


def test_a_mokaik_seat_that_seals_cards_it_does_not_hold_is_caught_by_the_whole_replay(
        ) -> None:
    """The other laptop puts down filled cards (it cannot read the seal); the replay with
    every key readable unseals the row and refuses it."""
    from companion.network import sealed
    from companion.network.session import next_seats_of

    server = FakeServer(LOGINS[:2], seed=3)
    drivers = seat_drivers(server, "mokaik", {"seasons": 1})
    for step in range(800):
        drivers[step % 2].tick()
        drivers[0].catch_up()
        session = drivers[0].session
        state = session.state
        assert isinstance(state, cards.CardGameState)
        if session.n == len(server.rows) and state.to_move() == 1 \
                and getattr(state, "trick", None):
            break
    else:
        raise AssertionError("seat 2 never followed a lead")
    size = state.trick[0].count  # type: ignore[attr-defined]
    whole = replay_whole("mokaik", 2, {"seasons": 1}, server.rows, server.hidden)
    lie = tuple(sorted(whole.state.hands[0][:size]))  # type: ignore[attr-defined]
    key = next(h.items for h in server.hidden if h.zone == sealed.key_zone(1))
    n = len(server.rows) + 1
    trial = state.copy()
    trial.play(sealed.filler_down(trial, 1, size))
    server.forge("move", 1, {"move": f"down {size}", "sealed": sealed.seal(key, n, lie)},
                 next_seats_of(trial))
    drivers[0].catch_up()
    assert drivers[0].session.fault is None and drivers[0].session.n == n
    whole = replay_whole("mokaik", 2, {"seasons": 1}, server.rows, server.hidden)
    assert whole.fault is not None and whole.fault.n == n


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("taxot", 2, {"seasons": 2}),
    ("nanto", 3, {"deals": 10}),
    ("neki", 3, {}),
    ("mokaik", 3, {"seasons": 1}),  # its key read again from the server
    ("makaik", 3, {"hands": 3}),
    ("mokzo", 3, {"rounds": 10}),
])
def test_a_laptop_restarted_mid_game_catches_up_from_the_rows_and_finishes(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    server = FakeServer(LOGINS[:players], seed=11)
    drivers = seat_drivers(server, game_id, options)
    while len(server.rows) < 12:
        for driver in drivers:
            driver.tick()
    assert server.status == "playing"
    drivers[1] = seat_drivers(server, game_id, options)[1]  # a new process, from nothing
    results = play_to_end(drivers)
    assert all(result.ok for result in results)


def _cetkaik_after_first_moves(server: FakeServer) -> TableDriver:
    drivers = seat_drivers(server, "cetkaik", {"seasons": 1})
    while not any(d.session.state.to_move() >= 0 and d.session.n > 2 for d in drivers):
        for driver in drivers:
            driver.tick()
    return drivers[0]


def test_an_illegal_move_row_is_a_fault_and_is_not_applied() -> None:
    server = FakeServer(LOGINS[:2], seed=5)
    driver = _cetkaik_after_first_moves(server)
    driver.catch_up()
    state: GameState = driver.session.state
    seat, before = state.to_move(), state.describe()
    n = driver.session.n
    server.forge("move", seat, {"move": "pass"}, [1 - seat])
    result = driver.tick()
    assert result is not None and result.fault is not None
    assert result.fault.n == n + 1 and driver.session.n == n
    assert driver.session.state.describe() == before
    assert "Row" in result.fault.text("en") and "行目" in result.fault.text("ja")


def test_a_draw_with_other_weights_than_the_engine_is_a_fault() -> None:
    server = FakeServer(LOGINS[:2], seed=5)
    drivers = seat_drivers(server, "taxot", {"seasons": 1})
    server.forge("chance", 0, {"index": 0, "weights": [0.9, 0.1]}, [-1])
    result = drivers[1].tick()
    assert result is not None and result.fault is not None
    assert "weights" in result.fault.reason and drivers[1].session.n == 0


def _taxot_seat_0_to_discard(seed: int) -> tuple[FakeServer, TableDriver] | None:
    """A 2-seat 終季 where seat 0 is to discard, seen by seat 1's laptop (None if the first
    season ends before that)."""
    server = FakeServer(LOGINS[:2], seed=seed)
    drivers = seat_drivers(server, "taxot", {"seasons": 1})
    for _ in range(200):
        for driver in drivers:
            driver.tick()
        session = drivers[1].session
        if session.state.is_over():
            return None
        if session.state.to_move() == 0 and getattr(session.state, "phase", "") == "turn" \
                and session.n == len(server.rows):
            return server, drivers[1]
    return None


def test_a_taxot_discard_of_a_card_the_laptop_holds_every_copy_of_is_a_fault() -> None:
    for seed in range(40):
        found = _taxot_seat_0_to_discard(seed)
        if found is None:
            continue
        server, driver = found
        state = driver.session.state
        assert isinstance(state, cards.CardGameState)
        only = [c for c in state.hands[1] if state.stock[c] == 0 and c not in state.hands[0]]
        if not only:
            continue
        n = driver.session.n
        server.forge("move", 0, {"move": f"discard {format_card(only[0])}"}, [1])
        result = driver.tick()
        assert result is not None and result.fault is not None
        assert "cannot be in a hidden hand" in result.fault.reason
        assert driver.session.n == n
        return
    raise AssertionError("no seed gave seat 1 a card with no copy left elsewhere")


def test_the_server_double_refuses_a_move_for_another_seat() -> None:
    server = FakeServer(LOGINS[:2], seed=5)
    _cetkaik_after_first_moves(server)
    to_move = server.rows[-1].next_seats[0]
    with pytest.raises(Refused):
        server.link(LOGINS[1 - to_move]).play(len(server.rows) + 1, to_move,
                                              {"move": "x"}, [0])


def test_every_game_of_the_registry_is_played_across_laptops() -> None:
    from companion.games import registry

    assert playable_games() == [info.id for info in registry.playable_games()]
    assert len(playable_games()) == 20


@pytest.mark.parametrize("game_id", [g for g in playable_games() if g not in ("cetkaik", "taxot")])
def test_every_playable_game_finishes_across_two_laptops(game_id: str) -> None:
    from companion.games import registry

    info = registry.get(game_id)
    server = FakeServer(LOGINS[:info.min_players], seed=1)
    results = play_to_end(seat_drivers(server, game_id, {}))
    assert all(result.ok for result in results), results[0]


def test_a_spectator_follows_a_taxot_table_to_the_end_and_writes_nothing() -> None:
    server = FakeServer(LOGINS[:2], seed=4)
    laptops = seat_drivers(server, "taxot", {"seasons": 1})
    watcher = TableDriver(server.link("zoe"), TableSession("taxot", 2, {"seasons": 1}, ()),
                          random_chooser(9), writes=False, grace_s=0.0)
    assert watcher.link.hidden() == []  # nobody's cards while the game runs
    results = play_to_end([*laptops, watcher])
    assert results[0].ok and results[1].ok
    assert all(row.login != "zoe" for row in server.rows)
    assert results[2].fault is None and watcher.session.ended
    confirmation = results[0].confirmation
    assert confirmation is not None
    assert watcher.session.state.outcome() == confirmation.outcome


def test_a_seat_handed_to_this_laptop_is_played_with_its_real_cards_from_then_on() -> None:
    server = FakeServer(["ann", "ann"], seed=6)  # seat 2 now the host's, as after a hand-over
    host = seat_drivers(server, "taxot", {"seasons": 1})[0]
    for _ in range(6):
        host.tick()
    assert host.session.mine == {0}
    host.take_seats([1])
    result = host.run()
    assert result.ok and host.session.mine == {0, 1}


def test_while_the_host_has_the_table_paused_no_laptop_writes_and_after_the_resume_all_finish(
        ) -> None:
    server = FakeServer(LOGINS[:2], seed=8)
    drivers = seat_drivers(server, "taxot", {"seasons": 1})
    for _ in range(4):
        for driver in drivers:
            driver.tick()
    server.pause()
    paused_at = len(server.rows)
    for _ in range(10):
        for driver in drivers:
            assert driver.tick() is None
    assert len(server.rows) == paused_at and all(d.session.fault is None for d in drivers)
    server.pause(False)
    assert all(result.ok for result in play_to_end(drivers))


def _winning_hand_from(pool: list[int], rng: random.Random) -> list[int]:
    from companion.games.nincetkaik.taxot.scoring import is_winning

    for _ in range(200_000):
        hand = sorted(rng.sample(pool, 6))
        if is_winning(hand, []):
            return hand
    raise AssertionError("no winning hand found in the pool")


def test_a_seat_that_shows_a_hand_it_does_not_hold_is_caught_by_the_whole_replay() -> None:
    """Seat 1's laptop cannot tell a lying declaration from a true one (the shown cards are
    all unseen to it): it applies it, but the replay with every card known refuses it."""
    for seed in range(40):
        found = _taxot_seat_0_to_discard(seed)
        if found is None:
            continue
        server, watcher = found
        view = watcher.session.state
        assert isinstance(view, cards.CardGameState)
        pool = [c for c in range(len(view.stock)) for _ in range(view.stock[c])] + \
            list(view.hands[0])
        whole = TableSession("taxot", 2, {"seasons": 1}, range(2))
        for row in server.rows:
            whole.apply(row, server.hidden)
        real = whole.state.hands[0]  # type: ignore[attr-defined]
        shown = _winning_hand_from(pool, random.Random(seed))
        if sorted(shown) == sorted(real):
            continue
        trial = watcher.session.state.copy()
        cards.claim(trial, 0, shown, {1}, whole=True)  # type: ignore[arg-type]
        trial.play(trial.parse_move("declare"))
        server.forge("move", 0, {"move": "declare", "show": [format_card(c) for c in shown]},
                     [-1] if trial.is_chance() else ([] if trial.is_over() else
                                                     [trial.to_move()]))
        server.logins[0] = "mallory"  # the liar's laptop is gone; seat 2's laptop goes on
        result = play_to_end([watcher])[0]
        assert result.fault is None  # seat 2's laptop could not know
        assert result.confirmation is not None and not result.confirmation.agrees
        fault = result.confirmation.fault
        assert fault is not None and "does not hold" in fault.reason
        return
    raise AssertionError("no seed gave a lying declaration to test")


def test_a_shown_hand_reads_as_that_seats_hand_in_both_languages() -> None:
    from companion.network.texts import row_line
    from tests.companion.network_fake import FakeRow

    row = FakeRow(7, "reveal", None, {"zone": "hand1", "count": 2, "to_seat": None,
                                      "items": ["r1", "k5"]}, (-1,), "ann")
    assert row_line(row, "en") == "7. seat 2 shows: r1 k5"
    assert row_line(row, "ja") == "7. 席2の手札: r1 k5"
    up = FakeRow(8, "reveal", None, {"zone": "deck", "count": 1, "to_seat": None,
                                     "items": ["r1"]}, (-1,), "ann")
    assert row_line(up, "en") == "8. turned up: r1"


def test_a_seats_shown_cards_of_a_removed_strength_read_in_both_languages() -> None:
    from companion.network.texts import row_line
    from tests.companion.network_fake import FakeRow

    row = FakeRow(9, "move", 2, {"show": ["r5", "b5"]}, (0,), "cy")
    assert row_line(row, "en") == "9. seat 3 shows: r5 b5"
    assert row_line(row, "ja") == "9. 席3が見せた札: r5 b5"
    none = FakeRow(10, "move", 0, {"show": []}, (1,), "ann")
    assert row_line(none, "en") == "10. seat 1 shows: none"
    assert row_line(none, "ja") == "10. 席1が見せた札: なし"


def test_a_deal_reads_its_counts_and_the_sealing_keys_read_as_keys() -> None:
    from companion.network.texts import row_line
    from tests.companion.network_fake import FakeRow

    deal = FakeRow(1, "deal", None, {"zones": [{"zone": "hand0", "seat": 0, "count": 8},
                                               {"zone": "deck", "seat": None, "count": None}]},
                   (0,), "ann")
    assert row_line(deal, "en") == "1. deal: hand0 8, deck the rest"
    assert row_line(deal, "ja") == "1. 配札: hand0 8, deck 残り全部"
    keys = FakeRow(0, "deal", None, {"zones": [{"zone": "key0", "seat": 0, "count": 32},
                                               {"zone": "key1", "seat": 1, "count": 32},
                                               {"zone": "keys", "seat": None, "count": None}]},
                   (0,), "ann")
    assert row_line(keys, "en") == "0. sealing keys dealt to the seats"
    assert row_line(keys, "ja") == "0. 封印の鍵を各席に配る"
