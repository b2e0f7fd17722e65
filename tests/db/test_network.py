"""Network games through a club's PostgreSQL (issue 38, migration 0011, db/network.py), with
the README's club roles: olga the organiser, ann and ben two members at their own laptops.

Open, join and start; the server refuses a row for another seat, out of turn, out of order or
after the end; two rows with the same number never both land; chance is the server's
(weights honoured, fixed per row so a rolled-back draw cannot be drawn again); deals and
reveals keep each seat's cards to its login (row-level security, tried with plain SQL) until
the table is finished; LISTEN wakes a waiting laptop, which also reconnects after its
connection was killed and catches up from the rows."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import DBAPIError

import db
from db.errors import Conflict, MoveRefused, NetTableError
from db.network import CHANCE, NetTable, TableClient, join_table, open_table, open_tables
from db.network import start_table as start
from tests.db.club import Club

pytestmark = pytest.mark.postgres

CARDS = [f"c{i:02}" for i in range(20)]
ZONES = [{"zone": "hand0", "seat": 0, "count": 5}, {"zone": "hand1", "seat": 1, "count": 5},
         {"zone": "deck", "seat": None, "count": None}]



def opened(club: Club, person: str) -> Iterator[db.Database]:
    database = db.open_database(club.url(person))
    yield database
    database.close()


@pytest.fixture(scope="module")
def ann(ready: Club) -> Iterator[db.Database]:
    yield from opened(ready, "ann")


@pytest.fixture(scope="module")
def ben(ready: Club) -> Iterator[db.Database]:
    yield from opened(ready, "ben")


@pytest.fixture(scope="module")
def olga(ready: Club) -> Iterator[db.Database]:
    yield from opened(ready, "olga")


@pytest.fixture(scope="module")
def sql(ready: Club) -> Iterator[dict[str, Engine]]:
    """Plain SQL as each login (what a member could type into psql), and the administrator."""
    engines = {person: create_engine(ready.url(person)) for person in ("ann", "ben", "olga")}
    engines["admin"] = ready.roles.admin()
    yield engines
    for engine in engines.values():
        engine.dispose()


def login(club: Club, person: str) -> str:
    return club.roles.login(person)


def two_seats(club: Club, ann: db.Database, ben: db.Database, *,
              start_next: list[int] | None = None) -> NetTable:
    """A table of ann (seat 0) and ben (seat 1), started."""
    table = open_table(ann, "hanafuda", {"rounds": 1},
                       [{"kind": "person", "login": login(club, "ann")}, {"kind": "open"}])
    join_table(ben, table.code, 1)
    start(ann, table.id, start_next)
    return table


def refused(engine: Engine, statement: str, **params: object) -> str:
    with pytest.raises(DBAPIError) as caught, engine.begin() as conn:
        conn.execute(text(statement), params)
    return str(caught.value.orig)


def state_of(exc: pytest.ExceptionInfo[NetTableError]) -> str:
    return exc.value.sqlstate


# -- open, join, start --------------------------------------------------------------------------


def test_a_table_is_opened_listed_joined_and_started_by_its_host(ready, ann, ben):
    table = open_table(ann, "hanafuda", {"rounds": 1},
                       [{"kind": "person", "login": login(ready, "ann")}, {"kind": "open"},
                        {"kind": "bot"}])
    assert len(table.code) == 6 and set(table.code) <= set("ACDEFHJKMNPQRTUVWXY3479")
    assert (table.host, table.status) == (login(ready, "ann"), "open")
    assert [(s.kind, s.login) for s in table.seats] == [
        ("person", login(ready, "ann")), ("open", None), ("bot", login(ready, "ann"))]
    assert table.id in {t.id for t in open_tables(ben)}
    with pytest.raises(NetTableError) as early:
        start(ann, table.id)
    assert state_of(early) == "CT013" and "still free" in early.value.message
    joined = join_table(ben, table.code.lower(), 1)  # a code typed in lower case is found
    assert joined.seats[1].login == login(ready, "ben")
    with pytest.raises(NetTableError) as taken:
        join_table(ann, table.code, 1)
    assert state_of(taken) == "CT007"
    assert taken.value.text("ja") == "卓のその席はもう埋まっています。"
    with pytest.raises(NetTableError) as not_host:
        start(ben, table.id)
    assert state_of(not_host) == "CT008"
    start(ann, table.id)
    with TableClient(ben, table.id) as client:
        (first,) = client.rows()
        assert client.table().status == "playing"
    assert (first.n, first.kind, first.next_seats) == (0, "start", (0, 1, 2, CHANCE))
    with pytest.raises(NetTableError) as late:
        join_table(ben, table.code, 1)
    assert state_of(late) == "CT015"
    with pytest.raises(NetTableError) as unknown:
        join_table(ben, "ZZZZZZ", 0)
    assert state_of(unknown) == "CT006"


def test_a_sqlite_history_has_no_network_tables(tmp_path):
    database = db.open_database(f"sqlite:///{tmp_path / 'history.db'}")
    try:
        with pytest.raises(NetTableError) as caught:
            open_table(database, "hanafuda", {}, [{"kind": "bot"}])
        assert "PostgreSQL" in caught.value.message and "PostgreSQL" in caught.value.text("ja")
        with database.engine.connect() as conn:
            names = set(conn.scalars(text("SELECT name FROM sqlite_master")))
        assert not {name for name in names if name.startswith("net_")}
    finally:
        database.close()


def test_a_server_history_without_the_network_tables_says_so(club):
    """As on PostgreSQL 12 (migration 0011 creates nothing there) or before the update."""
    club.prepare()  # a club of its own: its network tables are dropped here
    database, admin = db.open_database(club.url("ann")), club.roles.admin()
    try:
        with admin.begin() as conn:  # as the migration leaves PostgreSQL 12
            conn.execute(text(f"SET LOCAL search_path = {club.schema}"))
            drop_network_objects(conn)
        with pytest.raises(NetTableError) as caught:
            open_table(database, "hanafuda", {}, [{"kind": "bot"}])
        assert "PostgreSQL 13" in caught.value.message
        assert "PostgreSQL 13" in caught.value.text("ja")
    finally:
        database.close()
        admin.dispose()


def drop_network_objects(conn) -> None:
    names = conn.scalars(text(
        "SELECT p.oid::regprocedure::text FROM pg_proc p WHERE p.proname LIKE 'net\\_%' "
        "AND p.pronamespace = current_schema()::regnamespace")).all()
    for signature in names:
        conn.execute(text(f"DROP FUNCTION {signature} CASCADE"))
    conn.execute(text("DROP TABLE net_secrets, net_hidden, net_moves, net_watchers, "
                      "net_seats, net_tables"))


# -- who may write which row --------------------------------------------------------------------


def test_the_server_refuses_a_row_for_another_seat_out_of_turn_out_of_order_or_after_the_end(
        ready, ann, ben, sql):
    table = two_seats(ready, ann, ben, start_next=[0])
    with TableClient(ann, table.id) as anns, TableClient(ben, table.id) as bens:
        with pytest.raises(MoveRefused) as other_seat:
            bens.play(1, 0, {"move": "forged"}, [1])
        assert state_of(other_seat) == "CT002"
        with pytest.raises(MoveRefused) as out_of_turn:
            bens.play(1, 1, {"move": "early"}, [0])
        assert state_of(out_of_turn) == "CT001" and "turn" in out_of_turn.value.message
        anns.play(1, 0, {"move": "a1"}, [1])
        with pytest.raises(Conflict):
            bens.play(1, 1, {"move": "b1"}, [0])  # row 1 exists
        with pytest.raises(Conflict):
            bens.play(3, 1, {"move": "b1"}, [0])  # row 2 first
        with pytest.raises(MoveRefused) as no_chance:
            bens.draw(2, 1, [1.0, 1.0], [0])
        assert state_of(no_chance) == "CT012"
        # plain SQL as ben: the table takes no row, no change, except through the functions
        assert "permission denied" in refused(
            sql["ben"], "INSERT INTO net_moves (table_id, n, kind, seat, next_seats) "
                        "VALUES (:id, 2, 'move', 1, '{0}')", id=table.id)
        assert "permission denied" in refused(
            sql["ben"], "UPDATE net_moves SET payload = '{}' WHERE table_id = :id", id=table.id)
        assert "permission denied" in refused(
            sql["ben"], "UPDATE net_tables SET status = 'finished' WHERE id = :id", id=table.id)
        bens.play(2, 1, {"move": "b1"}, [])
        with pytest.raises(NetTableError) as not_ended:
            anns.finish()
        assert state_of(not_ended) == "CT014"
        bens.play(3, 1, {"winner": 1}, [], kind="end")
        with pytest.raises(MoveRefused) as ended:
            anns.play(4, 0, {"move": "a2"}, [1])
        assert state_of(ended) == "CT004"
        anns.finish()
        with pytest.raises(MoveRefused) as finished:
            bens.play(4, 1, {"move": "b2"}, [0])
        assert state_of(finished) == "CT004" and finished.value.text("ja").endswith("。")
        assert [(r.n, r.kind, r.seat, r.login) for r in anns.rows(after=0)] == [
            (1, "move", 0, login(ready, "ann")), (2, "move", 1, login(ready, "ben")),
            (3, "end", 1, login(ready, "ben"))]


def test_another_seats_row_written_with_sql_is_refused(ready, ann, ben, sql):
    table = two_seats(ready, ann, ben, start_next=[0])
    message = refused(sql["ben"], "SELECT net_play(:id, 1, 0, '{}', '{1}')", id=table.id)
    assert "is not played by" in message
    with sql["ben"].connect() as conn:
        state = conn.execute(text("SELECT count(*) FROM net_moves WHERE table_id = :id"),
                             {"id": table.id}).scalar()
    assert state == 1  # row 0 only


def test_two_rows_with_the_same_number_sent_at_once_land_once(ready, ann, ben):
    table = two_seats(ready, ann, ben, start_next=[0, 1])
    outcomes: dict[str, str] = {}
    gate = threading.Barrier(2)

    def send(name: str, database: db.Database, seat: int) -> None:
        with TableClient(database, table.id) as client:
            gate.wait(timeout=60)
            try:
                client.play(1, seat, {"by": name}, [0, 1])
                outcomes[name] = "landed"
            except Conflict:
                outcomes[name] = "conflict"

    threads = [threading.Thread(target=send, args=("ann", ann, 0)),
               threading.Thread(target=send, args=("ben", ben, 1))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(outcomes.values()) == ["conflict", "landed"]
    with TableClient(ann, table.id) as client:
        (row,) = client.rows(after=0)
    assert row.payload == {"by": next(k for k, v in outcomes.items() if v == "landed")}


# -- chance -------------------------------------------------------------------------------------


def test_the_servers_draws_honour_the_weights(ready, ann, ben):
    table = two_seats(ready, ann, ben, start_next=[CHANCE])
    weights = [0.0, 1.0, 0.0, 3.0]
    with TableClient(ann, table.id) as client:
        drawn = Counter(client.draw(n, None, weights, [CHANCE]) for n in range(1, 201))
        rows = client.rows(after=0)
    assert set(drawn) <= {1, 3}  # a zero weight is never drawn
    assert drawn[3] > drawn[1] > 0  # three times as likely (loosely: 200 draws)
    assert all(r.kind == "chance" and r.payload["weights"] == weights for r in rows)
    assert Counter(r.payload["index"] for r in rows) == drawn
    with TableClient(ben, table.id) as client, pytest.raises(MoveRefused) as bad:
        client.draw(201, None, [0.0, 0.0], [CHANCE])
    assert state_of(bad) == "CT009"


def test_who_writes_after_a_draw_may_depend_on_the_outcome(ready, ann, ben):
    table = two_seats(ready, ann, ben, start_next=[CHANCE])
    with TableClient(ann, table.id) as anns, TableClient(ben, table.id) as bens:
        assert anns.draw(1, None, [0.0, 1.0, 0.0], [],
                         next_by_outcome=[[0], [1], [CHANCE]]) == 1
        (row,) = anns.rows(after=0)
        assert row.next_seats == (1,)
        with pytest.raises(MoveRefused) as not_ann:
            anns.play(2, 0, {}, [1])
        assert state_of(not_ann) == "CT001"
        bens.play(2, 1, {}, [CHANCE])
        with pytest.raises(MoveRefused) as short:
            bens.draw(3, None, [1.0, 1.0], [], next_by_outcome=[[0]])
        assert state_of(short) == "CT009"


def test_a_draw_rolled_back_and_tried_again_gives_the_same_outcome(ready, ann, ben, sql):
    table = two_seats(ready, ann, ben, start_next=[CHANCE])
    outcomes = set()
    for _ in range(5):
        with sql["ann"].connect() as conn:
            outcomes.add(conn.scalar(text(
                "SELECT net_draw(:id, 1, NULL, '{1,1,1,1,1,1,1,1,1,1,1,1}', '{-1}')"),
                {"id": table.id}))
            conn.rollback()
    assert len(outcomes) == 1
    message = refused(sql["ann"], "SELECT net_bits(:id, 1, 0, 0)", id=table.id)
    assert "permission denied" in message  # the secret's helpers are the functions' own
    assert "permission denied" in refused(sql["ann"], "SELECT * FROM net_secrets")


# -- hidden cards -------------------------------------------------------------------------------


def test_each_seat_reads_only_its_own_cards_until_the_table_is_finished(ready, ann, ben, sql):
    table = two_seats(ready, ann, ben, start_next=[CHANCE])
    with TableClient(ann, table.id) as anns, TableClient(ben, table.id) as bens:
        anns.deal(1, list(reversed(CARDS)), ZONES, [CHANCE])
        (deal,) = bens.rows(after=0)
        assert deal.kind == "deal" and deal.payload == {"zones": [
            {"zone": "hand0", "seat": 0, "count": 5}, {"zone": "hand1", "seat": 1, "count": 5},
            {"zone": "deck", "seat": None, "count": 10}]}
        assert "c0" not in str(deal.payload)
        (own,) = anns.my_hidden()
        (bens_own,) = bens.my_hidden()
        assert (own.zone, own.seat, len(own.items)) == ("hand0", 0, 5)
        assert (bens_own.zone, bens_own.seat) == ("hand1", 1)
        assert not set(own.items) & set(bens_own.items)
        with sql["ben"].connect() as conn:  # plain SQL as ben: his hand, nothing else
            seen = conn.execute(text("SELECT zone FROM net_hidden WHERE table_id = :id"),
                                {"id": table.id}).scalars().all()
            assert seen == ["hand1"]
        assert "permission denied" in refused(
            sql["ben"], "UPDATE net_hidden SET seat = 1 WHERE table_id = :id", id=table.id)
        assert "permission denied" in refused(
            sql["ben"], "INSERT INTO net_hidden (table_id, n, zone, seat, items) "
                        "VALUES (:id, 9, 'x', 1, '[]')", id=table.id)
        # a private draw: the card goes to ben alone; then one shown to everyone
        assert anns.reveal(2, "deck", 1, 1, [CHANCE]) is None  # ann does not learn it
        drawn_row = bens.rows(after=1)[0]
        assert drawn_row.payload == {"zone": "deck", "count": 1, "to_seat": 1}
        assert [z.zone for z in bens.my_hidden()] == ["hand1", "draw"]
        shown = bens.reveal(3, "deck", 1, None, [0])
        assert shown is not None and len(shown) == 1
        assert anns.rows(after=2)[0].payload["items"] == shown
        anns.play(4, 0, {"resign": True}, [], kind="end")
        assert [z.zone for z in anns.my_hidden()] == ["hand0"]
        bens.finish()
        everything = anns.my_hidden()
    assert {(z.n, z.zone) for z in everything} == {
        (1, "hand0"), (1, "hand1"), (1, "deck"), (2, "deck"), (2, "draw"), (3, "deck")}
    dealt = [item for z in everything if z.n == 1 for item in z.items]
    assert sorted(dealt) == sorted(CARDS)  # all of it, once
    deck = next(z.items for z in everything if (z.n, z.zone) == (1, "deck"))
    assert next(z.items for z in everything if z.zone == "draw") == deck[:1]
    assert shown == deck[1:2]
    assert next(z.items for z in everything if (z.n, z.zone) == (3, "deck")) == deck[2:]


def test_a_call_rolled_back_shows_its_caller_nothing_it_could_not_see_after_it(ready, ann,
                                                                              ben, sql):
    """Peeking is no use: what a function writes (a private or public draw, the end that
    finishes the table) is not shown to the transaction that wrote it, savepoints or not."""
    table = two_seats(ready, ann, ben, start_next=[CHANCE])
    with TableClient(ann, table.id) as anns:
        anns.deal(1, CARDS, ZONES, [CHANCE])
        hidden = "SELECT count(*) FROM net_hidden WHERE table_id = :id"
        moves = "SELECT count(*) FROM net_moves WHERE table_id = :id"
        with sql["ben"].connect() as conn:
            conn.execute(text("SELECT net_reveal(:id, 2, 'deck', 10, 1, '{-1}')"),
                         {"id": table.id})
            assert conn.scalar(text(hidden), {"id": table.id}) == 1  # his hand, no draw
            conn.rollback()
            conn.execute(text("SAVEPOINT peek"))
            conn.execute(text("SELECT net_reveal(:id, 2, 'deck', 10, NULL, '{1}')"),
                         {"id": table.id})
            conn.execute(text("RELEASE SAVEPOINT peek"))
            assert conn.scalar(text(moves), {"id": table.id}) == 2  # not the public row 2
            conn.rollback()
        assert len(anns.reveal(2, "deck", 1, None, [1]) or []) == 1
        with sql["ben"].connect() as conn:
            conn.execute(text("SELECT net_play(:id, 3, 1, '{}', '{}', 'end')"),
                         {"id": table.id})
            conn.execute(text("SELECT net_finish(:id)"), {"id": table.id})
            assert conn.scalar(text(hidden), {"id": table.id}) == 1  # not yet everything
            conn.rollback()
        assert [r.n for r in anns.rows()] == [0, 1, 2] and anns.table().status == "playing"
        with TableClient(ben, table.id) as bens, pytest.raises(MoveRefused) as peek_then_choose:
            bens.play(3, 1, {"move": "b1"}, [0, CHANCE])  # chance or a move: nobody chooses
        assert state_of(peek_then_choose) == "CT009"


def test_the_organiser_playing_reads_only_its_seat_unless_it_takes_the_organiser_role(
        ready, olga, sql):
    table = open_table(olga, "hanafuda", {}, [
        {"kind": "person", "login": login(ready, "olga")},
        {"kind": "person", "login": login(ready, "ann")}])
    start(olga, table.id, [CHANCE])
    with TableClient(olga, table.id) as client:
        client.deal(1, CARDS, ZONES, [0])
        assert [z.zone for z in client.my_hidden()] == ["hand0"]
    with sql["olga"].connect() as conn:
        hidden = "SELECT count(*) FROM net_hidden WHERE table_id = :id"
        assert conn.scalar(text(hidden), {"id": table.id}) == 1
        assert conn.scalar(text("SELECT count(*) FROM net_secrets")) == 0
        conn.execute(text(f"SET ROLE {ready.roles.organiser}"))  # full rights, on purpose
        assert conn.scalar(text(hidden), {"id": table.id}) == 3
        conn.rollback()


# -- away seats, pause ---------------------------------------------------------------------------


def test_the_host_hands_a_seat_away_past_its_time_to_a_bot_and_pauses(ready, ann, ben, sql):
    table = two_seats(ready, ann, ben, start_next=[1])
    with TableClient(ann, table.id) as anns, TableClient(ben, table.id) as bens:
        with pytest.raises(NetTableError) as present:
            anns.hand_to_bot(1)
        assert state_of(present) == "CT010"
        with pytest.raises(NetTableError) as not_host:
            bens.pause()
        assert state_of(not_host) == "CT008"
        anns.pause()
        with pytest.raises(MoveRefused) as paused:
            bens.play(2, 1, {}, [0])
        assert state_of(paused) == "CT003"
        anns.resume()
        with sql["admin"].begin() as conn:  # ben's laptop last answered long ago
            conn.execute(text(f"UPDATE {ready.schema}.net_seats SET last_seen = now() - "
                              "interval '1 hour' WHERE table_id = :id AND seat = 1"),
                         {"id": table.id})
        anns.hand_to_bot(1)
        anns.play(3, 1, {"bot": True}, [0])  # the host writes the bot's rows
        with pytest.raises(MoveRefused) as gone:
            bens.play(4, 1, {}, [0])
        assert state_of(gone) == "CT002"
        assert [(r.kind, r.login) for r in anns.rows(after=0)] == [
            ("pause", login(ready, "ann")), ("resume", login(ready, "ann")),
            ("move", login(ready, "ann"))]


# -- waking and reconnecting --------------------------------------------------------------------


def test_a_waiting_laptop_is_woken_by_the_other_laptops_row(ready, ann, ben):
    table = two_seats(ready, ann, ben, start_next=[0])
    with TableClient(ann, table.id) as anns, TableClient(ben, table.id) as bens:
        while bens.wait(0.05):  # the start row's announcement, if still queued
            pass
        assert bens.wait(0.2) is False  # nothing written: nothing announced
        woken: list[bool] = []
        waiter = threading.Thread(target=lambda: woken.append(bens.wait(60)))
        waiter.start()
        anns.play(1, 0, {"move": "a1"}, [1])
        waiter.join(timeout=90)
        assert woken == [True]
        assert [r.n for r in bens.rows(after=0)] == [1]


def test_the_host_waiting_at_an_open_table_is_woken_when_a_seat_is_taken(ready, ann, ben):
    table = open_table(ann, "hanafuda", {},
                       [{"kind": "person", "login": login(ready, "ann")}, {"kind": "open"}])
    with TableClient(ann, table.id) as host:
        woken: list[bool] = []
        waiter = threading.Thread(target=lambda: woken.append(host.wait(60)))
        waiter.start()
        join_table(ben, table.code, 1)
        waiter.join(timeout=90)
        assert woken == [True] and host.table().seats[1].login == login(ready, "ben")


def backend_pids(admin: Engine, login_: str) -> list[int]:
    with admin.connect() as conn:
        return list(conn.scalars(text("SELECT pid FROM pg_stat_activity WHERE usename = :u"),
                                 {"u": login_}))


def test_a_laptop_whose_connections_were_killed_reconnects_and_catches_up(ready, ann, ben, sql):
    table = two_seats(ready, ann, ben, start_next=[0])
    with TableClient(ann, table.id) as anns, TableClient(ben, table.id) as bens:
        bens.rows()
        with sql["admin"].begin() as conn:  # as a server restart does to ben's laptop
            for pid in backend_pids(sql["admin"], login(ready, "ben")):
                conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        sql["ben"].dispose()  # its pooled connections were among them
        anns.play(1, 0, {"move": "a1"}, [1])
        assert bens.wait(60) is True
        assert bens.reconnects == 1 and bens.listening
        assert [(r.n, r.payload) for r in bens.rows(after=0)] == [(1, {"move": "a1"})]
        bens.play(2, 1, {"move": "b1"}, [0])
        assert anns.wait(60) is True
        assert [r.n for r in anns.rows(after=1)] == [2]
