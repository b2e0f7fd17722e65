"""アルヴィウム across laptops through PostgreSQL (issue 38): two member processes and the host's
bot play a whole three-seat game with `companion table play`; one process is killed mid-game
and started again; both finish and agree, the history holds the play. Meanwhile a member's
SQL reads only its own seat's keys and no drawing in the clear."""

from __future__ import annotations

import re
import signal

import pytest
from sqlalchemy import Engine, create_engine, text

import db
from tests.db.club import Club
from tests.db.test_network_two_laptops import (
    finish,
    run,
    start_play,
    table_row,
    wait_rows,
)

pytestmark = pytest.mark.postgres



def _as(club: Club, person: str) -> Engine:
    return create_engine(club.url(person))


def _check_mid_game(ben: Engine, table_id: int) -> None:
    """As ben (seat 2): only seat 2's keys (its own and the one seat 1 shares with it), and
    every drawing row sealed."""
    with ben.connect() as conn:
        hidden = conn.execute(text("SELECT seat, zone FROM net_hidden WHERE table_id = :id"),
                              {"id": table_id}).all()
        payloads = conn.execute(text("SELECT payload FROM net_moves WHERE table_id = :id "
                                     "AND kind = 'move'"), {"id": table_id}).scalars().all()
    assert hidden and all(seat == 1 for seat, _ in hidden), hidden
    assert {zone for _, zone in hidden} == {"key1", "keypair1", "draw"}
    assert payloads and all("move" not in p and ("sealed" in p or "pass" in p)
                            for p in payloads)


def test_two_member_processes_and_a_bot_play_alluvium_one_killed_and_restarted(
        ready: Club) -> None:
    ann = ready.roles.login("ann")
    code = run(ready, "ann", "open", "alluvium", "--seats", f"{ann},open,bot").split()[-1]
    run(ready, "ben", "join", code, "--seat", "2")
    sql = {person: _as(ready, person) for person in ("ann", "ben")}
    try:
        table = table_row(sql["ann"], code)
        first = start_play(ready, "ann", code, 1)
        second = start_play(ready, "ben", code, 2)
        wait_rows(sql["ann"], table.id, 30)  # keys and decks dealt, round 1 under way
        second.send_signal(signal.SIGKILL)
        second.wait(timeout=10)
        assert table_row(sql["ann"], code).status == "playing"
        _check_mid_game(sql["ben"], table.id)
        second = start_play(ready, "ben", code, 2)
        out_ann, out_ben = finish(first), finish(second)
    finally:
        for engine in sql.values():
            engine.dispose()
    for out in (out_ann, out_ben):
        assert "the whole game replayed and agrees" in out
    assert "in the history as play" in out_ann
    other_rows = [line for line in out_ben.splitlines() if re.match(r"\d+\. seat [13]", line)]
    assert other_rows and all(re.fullmatch(
        r"\d+\. seat [13] (draws \(sealed\)|hands on the sheet it held \(sealed\)"
        r"|shows the sheet it held last|receives the key it shares with seat [123])", line)
        for line in other_rows)
    seen = []
    for person in ("ann", "ben"):
        database = db.open_database(ready.url(person))
        try:
            plays = [p for p in db.list_plays(database) if str(p.uid) == table.uid]
        finally:
            database.close()
        assert len(plays) == 1 and plays[0].is_finished
        seen.append(plays[0].record)
    assert seen[0] == seen[1]
    from companion.core.replay import Replay

    assert Replay.of_dict(seen[0]).is_finished()
