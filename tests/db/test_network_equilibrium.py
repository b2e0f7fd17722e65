"""エクィリブリオン across laptops on PostgreSQL (issue 38): two member processes play a whole
two-player game through `companion table play`; one is killed mid-game and started again;
both finish and agree; mid-game a member's SQL reads only its own seat's drawn cards, never
the partner's nor the deck; the history holds the one finished play."""

from __future__ import annotations

import signal

import pytest
from sqlalchemy import Engine, create_engine, text

import db
from tests.db.club import Club
from tests.db.test_network_two_laptops import (
    finish,
    open_and_join,
    start_play,
    table_row,
    wait_rows,
)

pytestmark = pytest.mark.postgres



def _hidden_seen(engine: Engine, table_id: int) -> list[tuple[int | None, str]]:
    with engine.connect() as conn:
        return [(seat, zone) for seat, zone in conn.execute(
            text("SELECT seat, zone FROM net_hidden WHERE table_id = :id"), {"id": table_id})]


def test_two_member_processes_play_equilibrium_one_killed_and_restarted(
        ready: Club) -> None:
    club = ready
    code = open_and_join(club, "equilibrium", "", by_command=False)
    engines = {person: create_engine(club.url(person)) for person in ("ann", "ben")}
    try:
        table = table_row(engines["ann"], code)
        first = start_play(club, "ann", code, 1)
        second = start_play(club, "ben", code, 2)
        wait_rows(engines["ann"], table.id, 60)  # past the starting hands
        second.send_signal(signal.SIGKILL)
        second.wait(timeout=10)
        assert table_row(engines["ann"], code).status == "playing"  # killed mid-game
        for person, seat in (("ann", 0), ("ben", 1)):  # each its own draws, no deck
            seen = _hidden_seen(engines[person], table.id)
            assert seen and all(s == seat and zone == "draw" for s, zone in seen), seen
        second = start_play(club, "ben", code, 2)
        out_ann, out_ben = finish(first), finish(second)
    finally:
        for engine in engines.values():
            engine.dispose()
    for out in (out_ann, out_ben):
        assert "the whole game replayed and agrees" in out
    assert "in the history as play" in out_ann  # the host writes it
    assert "seat 2 draws 1 card\n" in out_ann and "seat 1 draws 1 card\n" in out_ben
    assert "turned up: " in out_ann  # the seeded cards, for everyone
    plays = []
    for person in ("ann", "ben"):
        database = db.open_database(club.url(person))
        try:
            plays.append([p for p in db.list_plays(database) if str(p.uid) == table.uid])
        finally:
            database.close()
    assert all(len(found) == 1 and found[0].is_finished for found in plays)
    assert plays[0][0].record == plays[1][0].record
    from companion.core.replay import Replay

    assert Replay.of_dict(plays[0][0].record).is_finished()
