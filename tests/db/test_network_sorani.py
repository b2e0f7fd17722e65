"""ソラニ across laptops through PostgreSQL (issue 38): two member processes play a whole game
with `companion table play`; mid-game (one of them killed) neither login's SQL reads the
face-down reserve (a zone of nobody) nor the other seat's drawn cards; the killed laptop is
started again and both finish; the history holds the play; once the table is finished the
reserve is readable and is the one shown when it entered the track."""

from __future__ import annotations

import signal
from collections.abc import Iterator

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



@pytest.fixture(scope="module")
def logins_sql(ready: Club) -> Iterator[dict[str, Engine]]:
    """Plain SQL as each member login (what a member could type into psql)."""
    engines = {person: create_engine(ready.url(person)) for person in ("ann", "ben")}
    yield engines
    for engine in engines.values():
        engine.dispose()


def _hidden_seen(engine: Engine, table_id: int) -> list[tuple[int | None, str]]:
    with engine.connect() as conn:
        return [(seat, zone) for seat, zone in conn.execute(
            text("SELECT seat, zone FROM net_hidden WHERE table_id = :id ORDER BY n"),
            {"id": table_id}).all()]


def _deal_zones(engine: Engine, table_id: int) -> list[str]:
    """The first zone of every deal row so far (public: counts only)."""
    with engine.connect() as conn:
        payloads = conn.execute(text("SELECT payload FROM net_moves WHERE table_id = :id "
                                     "AND kind = 'deal' ORDER BY n"), {"id": table_id}).scalars()
        return [p["zones"][0]["zone"] for p in payloads]


def test_two_member_processes_play_sorani_the_reserve_and_drawn_cards_stay_on_the_server(
        ready: Club, logins_sql: dict[str, Engine]) -> None:
    code = open_and_join(ready, "sorani", "", by_command=True)
    table = table_row(logins_sql["ann"], code)
    first = start_play(ready, "ann", code, 1)
    second = start_play(ready, "ben", code, 2)
    wait_rows(logins_sql["ann"], table.id, 40)  # the setup's draws and the reserve's deal
    second.send_signal(signal.SIGKILL)
    second.wait(timeout=10)
    assert table_row(logins_sql["ann"], code).status == "playing"
    assert "reserve" in _deal_zones(logins_sql["ann"], table.id)
    for seat, person in enumerate(("ann", "ben")):
        seen = _hidden_seen(logins_sql[person], table.id)
        assert all(s == seat for s, _ in seen), seen  # its own drawn cards only, no reserve
        assert all(zone != "reserve" for _, zone in seen)
    second = start_play(ready, "ben", code, 2)
    out_ann, out_ben = finish(first), finish(second)
    for out in (out_ann, out_ben):
        assert "the whole game replayed and agrees" in out
        assert "the reserve: 4 planets face down, seen by nobody" in out
    assert "in the history as play" in out_ann
    with logins_sql["ben"].connect() as conn:  # finished: every hidden row is readable
        reserve = conn.execute(text(
            "SELECT items FROM net_hidden WHERE table_id = :id AND zone = 'reserve' "
            "ORDER BY n LIMIT 1"), {"id": table.id}).scalar_one()
        shown = conn.execute(text(
            "SELECT payload->'items' FROM net_moves WHERE table_id = :id AND kind = 'reveal' "
            "AND payload->>'zone' = 'reserve'"), {"id": table.id}).scalars().all()
    assert len(reserve) == 4 and all(items == reserve for items in shown)
    database = db.open_database(ready.url("ben"))
    try:
        plays = [p for p in db.list_plays(database) if str(p.uid) == table.uid]
    finally:
        database.close()
    assert len(plays) == 1 and plays[0].is_finished and plays[0].game_id == "sorani"
