"""エクィリブリオン across laptops (issue 38) against the in-memory server: one or two laptops
and a spectator play to the end; the dream deck stays on the server, a drawn chaos card is a
public draw, a card drawn into a hand reaches its seat alone; the whole replay agrees; a laptop
restarted mid-game finishes; rows that cannot be true are faults."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from companion.bots import make_bot
from companion.core.record import Game
from companion.games.equilibrium.rules import HIDDEN, EquilibriumState
from companion.network import equilibrium
from companion.network.driver import RunResult, TableDriver
from companion.network.session import (
    DrawDue,
    RevealDue,
    TableSession,
    is_playable,
    replay_whole,
)
from tests.companion.network_fake import FakeServer, play_to_end, seat_drivers, spectator_driver

GAME = "equilibrium"
LOGINS = ["ann", "ben"]
BOOKS = {"expansions": ["books"], "books": ["prophecy-1", "prophecy-2"]}
SQUARES = {"expansions": ["squares"]}










def _truth(server: FakeServer, players: int, options: dict[str, Any]) -> TableSession:
    """The table so far with every seat and every hidden row (what no laptop may hold)."""
    whole = TableSession(GAME, players, options, range(players))
    for row in server.rows:
        whole.apply(row, server.hidden)
    assert whole.fault is None
    return whole


def _check_views(server: FakeServer, drivers: Sequence[TableDriver], players: int,
                 options: dict[str, Any]) -> int:
    """Each caught-up laptop holds its own seat's real hand and, of another seat's hand, only
    hidden cards and cards every seat saw (Prophecy's top); it reads no other seat's hidden
    row and never the deck. Returns how many hidden cards the laptops held."""
    truth = _truth(server, players, options)
    real: Any = truth.state
    hidden_held = 0
    for driver in drivers:
        mine = driver.session.mine
        assert all(h.seat in mine for h in driver.link.hidden())
        state = driver.session.state
        assert isinstance(state, EquilibriumState)
        if driver.session.n != truth.n:
            continue
        assert not state.invariant_errors(), state.invariant_errors()
        assert state.deck_n == real.deck_n and state.top == real.top
        for seat in range(players):
            if seat in mine:
                assert sorted(state.hands[seat]) == sorted(real.hands[seat])
                continue
            assert len(state.hands[seat]) == len(real.hands[seat])
            known = Counter(c for c in state.hands[seat] if c != HIDDEN)
            assert not known - Counter(real.hands[seat])
            hidden_held += state.hands[seat].count(HIDDEN)
    return hidden_held


@pytest.mark.parametrize(("players", "options", "seed"), [
    (2, {}, 1),
    (2, SQUARES, 4),  # higher beings: a seeded pair whose side the mover chooses
    (2, BOOKS, 0),  # Prophecy: cards looked at by both, then drawn from the known top
    (1, {}, 2),
])
def test_laptops_and_a_spectator_play_to_the_end_seeing_only_their_own_hands(
        players: int, options: dict[str, Any], seed: int) -> None:
    server = FakeServer(LOGINS[:players], seed=seed)
    laptops = seat_drivers(server, GAME, options)
    watcher = spectator_driver(server, GAME, options)
    drivers = [*laptops, watcher]
    results: dict[int, RunResult] = {}
    hidden_held = 0
    for _ in range(20_000):
        for index, driver in enumerate(drivers):
            if index not in results and (result := driver.tick()) is not None:
                results[index] = result
        if len(results) == len(drivers):
            break
        if server.status != "finished":
            hidden_held += _check_views(server, drivers, players, options)
    assert len(results) == len(drivers), "the table did not end"
    assert hidden_held > 0  # the other hands (the spectator's: every hand) were never read
    assert all(row.login != "zoe" for row in server.rows)
    records = set()
    for result in results.values():
        if result is not results[players]:
            assert result.ok, result
            assert result.confirmation is not None and result.confirmation.record is not None
            records.add(result.confirmation.record.to_json())
    assert len(records) == 1  # every laptop confirms the same whole game
    confirmation = results[0].confirmation
    assert confirmation is not None and confirmation.record is not None
    assert watcher.session.ended and watcher.session.state.outcome() == confirmation.outcome
    replayed = Game.replay(confirmation.record)  # the history's record replays to the same end
    assert replayed.state.outcome() == confirmation.outcome
    assert equilibrium.HIDDEN_DRAW not in {e.move for e in confirmation.record.entries}


def test_a_won_game_ends_the_table_and_the_whole_replay_agrees() -> None:
    """The greedy computer wins this one (every city claimed: no draw follows the claim)."""
    options = {"expansions": ["books"],
               "books": ["plaza-lover", "joyful-balance", "flying-incubi", "flying-sognae"]}
    server = FakeServer(LOGINS[:1], seed=2)
    bot, rng = make_bot("greedy"), random.Random(2)
    laptop = TableDriver(server.link("ann"), TableSession(GAME, 1, options, [0]),
                         lambda state, seat: bot.choose(state, seat, rng), host=True,
                         grace_s=0.0)
    watcher = spectator_driver(server, GAME, options)
    result, watched = play_to_end([laptop, watcher])
    assert result.ok and result.confirmation is not None
    outcome = result.confirmation.outcome
    assert outcome is not None and outcome.winners == frozenset({0})
    assert watched.fault is None and watcher.session.state.outcome() == outcome
    assert server.rows[-1].kind == "end" and server.rows[-1].payload["winners"] == [0]


def test_the_deck_stays_on_the_server_and_a_chaos_card_is_a_public_draw() -> None:
    server = FakeServer(LOGINS, seed=3)
    results = play_to_end(seat_drivers(server, GAME, {}))
    assert all(result.ok for result in results)
    deals = [row for row in server.rows if row.kind == "deal"]
    assert len(deals) == 1 and deals[0].payload["zones"] == [
        {"zone": "deck", "seat": None, "count": None}]
    dealt = next(h for h in server.hidden if h.n == deals[0].n)
    assert len(dealt.items) == 64 and not any(item.startswith("C") for item in dealt.items)
    private = [row for row in server.rows if row.kind == "reveal"
               and row.payload["to_seat"] is not None]
    assert len(private) >= 8 and all("items" not in row.payload for row in private)
    whole = TableSession(GAME, 2, {}, range(2))
    splits = []  # the public draws of a dream card: a chaos card (by code) or another card
    for row in server.rows:
        state = whole.state
        assert isinstance(state, EquilibriumState)
        if row.kind == "chance" and equilibrium.is_drawing(state) and not whole.settling:
            splits.append(row)
            chances = [n / equilibrium.unknown(state) for _, n in equilibrium.chaos_left(state)]
            assert row.payload["weights"][:len(chances)] == pytest.approx(chances)
            assert sum(row.payload["weights"]) == pytest.approx(1.0)
        assert whole.apply(row, server.hidden)
    chaos_drawn = [row for row in splits if row.payload["index"] < len(row.payload["weights"]) - 1]
    assert chaos_drawn  # a chaos card drawn is seen by both seats: its penalty follows
    confirmation = results[0].confirmation
    assert confirmation is not None and confirmation.record is not None
    drawn = [e.move for e in confirmation.record.entries if e.move.startswith("draw C")]
    assert len(drawn) == len(chaos_drawn)


def test_a_seeded_pair_whose_side_the_mover_chooses_is_named_by_a_draw_of_one_outcome() -> None:
    server = FakeServer(LOGINS, seed=4)
    results = play_to_end(seat_drivers(server, GAME, SQUARES))
    assert all(result.ok for result in results)
    settles = [row for row in server.rows if row.kind == "chance"
               and row.payload["weights"] == [1.0] and server.rows[row.n - 2].kind == "reveal"]
    assert settles
    for row in settles:
        reveal = server.rows[row.n - 2]
        assert reveal.payload["to_seat"] is None and list(reveal.next_seats) == [-1]
        following = server.rows[row.n]
        assert following.kind == "move" and str(following.payload["move"]).startswith("seed")
        assert list(row.next_seats) == [following.seat]


@pytest.mark.parametrize(("players", "options"), [(2, {}), (2, BOOKS), (1, {})])
def test_a_laptop_restarted_mid_game_catches_up_from_its_hidden_rows_and_finishes(
        players: int, options: dict[str, Any]) -> None:
    server = FakeServer(LOGINS[:players], seed=11)
    drivers = seat_drivers(server, GAME, options)
    while len(server.rows) < 80:
        for driver in drivers:
            driver.tick()
    assert server.status == "playing"
    restarted = seat_drivers(server, GAME, options)[-1]  # a new process, from nothing
    restarted.catch_up()
    before = drivers[-1].session.state
    assert isinstance(before, EquilibriumState)
    assert restarted.session.state.hand(players - 1) == before.hand(players - 1)
    drivers[-1] = restarted
    results = play_to_end(drivers)
    assert all(result.ok for result in results)


def _two_laptops_at(server: FakeServer, when: Any) -> list[TableDriver]:
    """Two laptops played until `when(session)` holds for seat 1's laptop (caught up)."""
    drivers = seat_drivers(server, GAME, {})
    for step in range(5000):
        drivers[1].catch_up()
        session = drivers[1].session
        if session.n == len(server.rows) and when(session):
            return drivers
        drivers[step % 2].tick()
    raise AssertionError("the position never came")


def _forged_fault(server: FakeServer, laptop: TableDriver, kind: str,
                  payload: dict[str, Any], next_seats: list[int]) -> str:
    """The fault `laptop` finds in a forged row (it applies nothing of it)."""
    n = laptop.session.n
    server.forge(kind, None if kind != "move" else 0, payload, next_seats)
    result = laptop.tick()
    assert result is not None and result.fault is not None and result.fault.n == n + 1
    assert laptop.session.n == n
    return result.fault.reason


def test_a_play_of_a_card_the_laptop_sees_every_copy_of_is_a_fault() -> None:
    server = FakeServer(LOGINS, seed=5)
    drivers = _two_laptops_at(server, lambda s: s.state.to_move() == 0
                              and s.state.pending() == "act" and s.state.turn > 1)
    state = drivers[1].session.state
    assert isinstance(state, EquilibriumState)
    gone = next(code for code, n in sorted(state.deck.items())
                if n == 0 and code[0] == "S" and code[1] in state.city(1))
    reason = _forged_fault(server, drivers[1], "move", {"move": f"{gone} 1R"}, [-1])
    assert "every copy" in reason


def test_a_play_of_an_unseen_card_the_seat_does_not_hold_is_caught_by_the_whole_replay(
        ) -> None:
    """Seat 2's laptop cannot tell: the card is among those it has not seen, so it takes the
    place of a hidden card; seat 1's own laptop and the replay at the end (every hidden row
    read) refuse the row."""
    server = FakeServer(LOGINS, seed=5)
    drivers = _two_laptops_at(server, lambda s: s.state.to_move() == 0
                              and s.state.pending() == "act" and s.state.turn > 1)
    truth = _truth(server, 2, {})
    real: Any = truth.state
    view = drivers[1].session.state
    assert isinstance(view, EquilibriumState)
    unseen = [code for code, n in sorted(view.deck.items())
              if n > 0 and code[0] != "C" and code not in real.hands[0]]
    lie = view.plays(unseen)[0]  # a legal play of a card seat 1 does not hold
    trial = view.copy()
    equilibrium.claim(trial, 0, lie, {1})
    trial.play(lie)
    server.forge("move", 0, {"move": str(lie)}, [-1] if trial.is_chance() else [1])
    assert drivers[1].catch_up() == 1 and drivers[1].session.fault is None
    drivers[0].catch_up()
    assert drivers[0].session.fault is not None  # the seat's own laptop knows its hand
    whole = replay_whole(GAME, 2, {}, server.rows, server.hidden)
    assert whole.fault is not None and whole.fault.n == len(server.rows)


def test_a_seat_handed_to_the_hosts_laptop_is_played_with_its_real_hand() -> None:
    server = FakeServer(LOGINS, seed=6)
    drivers = seat_drivers(server, GAME, {})
    while len(server.rows) < 60:
        for driver in drivers:
            driver.tick()
    server.logins[1] = "ann"  # seat 2 handed to the host's bot: the host reads its rows now
    host = drivers[0]
    host.take_seats([1])
    host.catch_up()
    state = host.session.state
    assert isinstance(state, EquilibriumState) and HIDDEN not in state.hands[1]
    truth: Any = _truth(server, 2, {}).state
    assert sorted(state.hands[1]) == sorted(truth.hands[1])
    result = host.run()
    assert result.ok and host.session.mine == {0, 1}


def test_a_chaos_draw_with_other_chances_than_the_deck_gives_is_a_fault() -> None:
    server = FakeServer(LOGINS, seed=5)
    drivers = _two_laptops_at(server, lambda s: isinstance(s.due(), DrawDue)
                              and len(s.due().weights) > 1 and s.state.turn > 1)
    reason = _forged_fault(server, drivers[1], "chance", {"index": 0, "weights": [0.5, 0.5]},
                           [-1])
    assert "weights" in reason


def test_a_card_revealed_to_another_seat_than_the_drawing_one_is_a_fault() -> None:
    server = FakeServer(LOGINS, seed=5)
    drivers = _two_laptops_at(server, lambda s: isinstance(s.due(), RevealDue)
                              and s.due().to_seat == 0)
    reason = _forged_fault(server, drivers[1], "reveal",
                           {"zone": "deck", "count": 1, "to_seat": 1}, [-1])
    assert "another card event" in reason


def test_a_chaos_card_revealed_from_the_deck_zone_is_a_fault() -> None:
    server = FakeServer(LOGINS, seed=5)
    drivers = _two_laptops_at(server, lambda s: isinstance(s.due(), RevealDue)
                              and s.due().to_seat is None)
    reason = _forged_fault(server, drivers[1], "reveal", {
        "zone": "deck", "count": 1, "to_seat": None, "items": ["C5"]}, [-1])
    assert "no chaos card" in reason


def test_equilibrium_is_played_across_laptops() -> None:
    assert is_playable(GAME)


@pytest.mark.parametrize(("lang", "other", "draws", "chaos"), [
    ("en", "chance: a card other than chaos", "seat 2 draws 1 card", "chance: draw C5"),
    ("ja", "偶然: 混沌カード以外の札", "席2が1枚引きます", "偶然: draw C5"),
])
def test_the_commands_laptops_finish_and_their_lines_name_no_card_of_another_hand(
        lang: str, other: str, draws: str, chaos: str) -> None:
    """`companion table play --verbose`'s side: laptops on the client's calls (`ClientLink`,
    the public draw's next seats per outcome) print each row as a line."""
    from tests.companion.network_client_fake import FakeClient
    from ui.commands.table_run import ClientLink, _row_line

    server = FakeServer(LOGINS, seed=3)
    drivers = seat_drivers(server, GAME, {})
    for driver, login in zip(drivers, LOGINS, strict=True):
        driver.link = ClientLink(FakeClient(server.link(login)))
    lines: list[str] = []
    laptop = drivers[0]
    laptop.on_row = lambda row: lines.append(_row_line(laptop, row, lang))
    assert all(result.ok for result in play_to_end(drivers))
    texts = [line.split(". ", 1)[1] for line in lines]
    assert other in texts and draws in texts and chaos in texts
    assert not any("?" in t for t in texts)  # a public draw reads as its own outcome
    after_draws = {texts[i + 1] for i, t in enumerate(texts[:-1]) if t == draws}
    assert all(not t.split(": ")[-1].startswith(("draw I", "draw S")) for t in after_draws)
