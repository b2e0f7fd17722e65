"""Network games through the club's PostgreSQL (issue 38): tables, a notify trigger, row-level
security and the functions every write goes through. On SQLite, and on PostgreSQL before 13,
nothing is created.

- `net_tables` (one per digital game played across laptops: its code shown to people, the
  game, options, host login and status), `net_seats` (who plays each seat: a person's login,
  a bot run by the host, or a seat still open), `net_watchers` (spectators), `net_moves`
  (the public rows, numbered from 0: (table_id, n) is the primary key, so two rows with the
  same n never both land; each insert NOTIFYs `companion_table` with "table_id:n:uid"),
  `net_hidden` (what the server dealt or drew privately: a seat's cards, the deck) and
  `net_secrets` (each table's random key; no member may read it).
- Members SELECT the public tables. `net_hidden` is read through row-level security: a row of
  a seat whose login is the reader's (a bot's seat: the host's), or any row once the table is
  finished; the deck (seat NULL) is read by nobody until then (an organiser's login is held
  to that as well; `SET ROLE` to the organiser role reads everything). No member holds any other
  right on these tables: every write is one of the SECURITY DEFINER functions below, owned
  by the organiser role, with a pinned search_path, checking `session_user`.
- Chance is drawn from the table's secret key and the row number (sha256), so an outcome is
  fixed once the table is opened: a caller who rolls back a draw and tries again gets the
  same outcome, and a deal shuffles the items sorted first, so their order given changes
  nothing. The key comes from gen_random_uuid (PostgreSQL 13+), which `setseed` cannot steer.
- Refusals carry SQLSTATEs of class CT (db/network.py turns them into sentences):
  CT001 not the seat's turn, CT002 the seat is not the login's, CT003 the table is not being
  played (open or paused), CT004 the game has ended, CT005 row n is not the next row (another
  laptop's row landed first), CT006 no such table, CT007 the seat is not free, CT008 the host
  only, CT009 a malformed argument, CT010 the seat's person is still present, CT011 the login
  has no seat at the table, CT012 no chance is due, CT013 a seat is still open, CT014 the game
  has not ended, CT015 the game has already started.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

#: xid8 and gen_random_uuid() came with PostgreSQL 13; an older server gets no network tables.
MIN_SERVER = 130000
#: Tables members read (SELECT); net_secrets is read by nobody but the owner.
PUBLIC_TABLES = ("net_tables", "net_seats", "net_watchers", "net_moves", "net_hidden")
TABLES = (*PUBLIC_TABLES, "net_secrets")
#: Characters of a table's code: no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G).
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY3479"

#: The rule "the reader is the owner role itself": the functions (SECURITY DEFINER), or an
#: organiser's login after `SET ROLE` to the organiser role. An organiser's login as itself is
#: a player like any other (the rows are FORCEd under row-level security: membership of the
#: owner role would otherwise read them all).
OWNER = ("current_user = (SELECT pg_get_userbyid(c.relowner) FROM pg_class c "
         "WHERE c.oid = '{table}'::regclass)")

#: A row written by an earlier transaction: what a function wrote (a deal, a reveal, the end
#: that finishes a table) is read only once it is committed, so a caller cannot look at it and
#: roll the call back (SAVEPOINTs included: pg_current_xact_id is the top-level transaction's).
COMMITTED = "xact IS DISTINCT FROM pg_current_xact_id_if_assigned()"

_SCHEMA_SQL = f"""
CREATE TABLE net_tables (
  id bigserial PRIMARY KEY,
  uid uuid NOT NULL UNIQUE,
  code text NOT NULL UNIQUE CHECK (code ~ '^[{CODE_ALPHABET}]{{6}}$'),
  game_id text NOT NULL CHECK (length(game_id) BETWEEN 1 AND 64),
  options jsonb NOT NULL DEFAULT '{{}}' CHECK (jsonb_typeof(options) = 'object'),
  host text NOT NULL DEFAULT session_user,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'playing', 'paused', 'finished', 'abandoned')),
  away_after_s integer NOT NULL DEFAULT 120 CHECK (away_after_s > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_xact xid8  -- the transaction that finished it
);
CREATE TABLE net_seats (
  table_id bigint NOT NULL REFERENCES net_tables (id) ON DELETE CASCADE,
  seat integer NOT NULL CHECK (seat BETWEEN 0 AND 15),
  kind text NOT NULL CHECK (kind IN ('person', 'bot', 'open')),
  login text,
  last_seen timestamptz,
  PRIMARY KEY (table_id, seat),
  CHECK ((kind = 'open') = (login IS NULL))
);
CREATE TABLE net_watchers (
  table_id bigint NOT NULL REFERENCES net_tables (id) ON DELETE CASCADE,
  login text NOT NULL DEFAULT session_user,
  PRIMARY KEY (table_id, login)
);
CREATE TABLE net_moves (
  table_id bigint NOT NULL REFERENCES net_tables (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 0),
  kind text NOT NULL CHECK (kind IN ('start', 'move', 'chance', 'deal', 'reveal', 'fault',
                                     'pause', 'resume', 'end')),
  seat integer,
  payload jsonb NOT NULL DEFAULT '{{}}',
  next_seats integer[] NOT NULL,
  login text NOT NULL DEFAULT session_user,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  xact xid8 NOT NULL DEFAULT pg_current_xact_id(),  -- the transaction that wrote it
  PRIMARY KEY (table_id, n)
);
CREATE TABLE net_hidden (
  table_id bigint NOT NULL REFERENCES net_tables (id) ON DELETE CASCADE,
  n integer NOT NULL,
  zone text NOT NULL,
  seat integer,
  items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array'),
  xact xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (table_id, n, zone)
);
CREATE TABLE net_secrets (
  table_id bigint PRIMARY KEY REFERENCES net_tables (id) ON DELETE CASCADE,
  secret bytea NOT NULL
);
ALTER TABLE net_moves ENABLE ROW LEVEL SECURITY;
ALTER TABLE net_moves FORCE ROW LEVEL SECURITY;
ALTER TABLE net_hidden ENABLE ROW LEVEL SECURITY;
ALTER TABLE net_hidden FORCE ROW LEVEL SECURITY;
ALTER TABLE net_secrets ENABLE ROW LEVEL SECURITY;
ALTER TABLE net_secrets FORCE ROW LEVEL SECURITY;
CREATE POLICY net_moves_owner ON net_moves FOR ALL TO PUBLIC
  USING ({OWNER.format(table="net_moves")}) WITH CHECK ({OWNER.format(table="net_moves")});
CREATE POLICY net_moves_committed ON net_moves FOR SELECT TO PUBLIC USING ({COMMITTED});
CREATE POLICY net_hidden_owner ON net_hidden FOR ALL TO PUBLIC
  USING ({OWNER.format(table="net_hidden")}) WITH CHECK ({OWNER.format(table="net_hidden")});
CREATE POLICY net_secrets_owner ON net_secrets FOR ALL TO PUBLIC
  USING ({OWNER.format(table="net_secrets")}) WITH CHECK ({OWNER.format(table="net_secrets")});
CREATE POLICY net_hidden_own_or_finished ON net_hidden FOR SELECT TO PUBLIC USING (
  {COMMITTED} AND (
    EXISTS (SELECT 1 FROM net_tables t WHERE t.id = net_hidden.table_id
             AND t.status = 'finished'
             AND t.finished_xact IS DISTINCT FROM pg_current_xact_id_if_assigned())
    OR (seat IS NOT NULL AND EXISTS (
          SELECT 1 FROM net_seats s WHERE s.table_id = net_hidden.table_id
             AND s.seat = net_hidden.seat AND s.login = session_user))));
CREATE FUNCTION net_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('companion_table', NEW.table_id || ':' || NEW.n || ':'
                   || (SELECT uid FROM net_tables WHERE id = NEW.table_id));
  RETURN NULL;
END $$;
CREATE TRIGGER net_moves_notify AFTER INSERT ON net_moves
  FOR EACH ROW EXECUTE FUNCTION net_notify_row();
"""

#: Helpers the API functions call: no member may run them (net_unit reads the secret).
#: (signature, returns, body); each is created with the schema's pinned search_path.
HELPERS = (
    ("net_raise(code text, message text)", "void", """
BEGIN
  RAISE EXCEPTION USING ERRCODE = code, MESSAGE = message;
END"""),
    ("net_strong_below(below integer)", "integer", """
DECLARE v bigint;
BEGIN
  LOOP  -- 48 random bits of a version-4 uuid (pg_strong_random), rejection for no bias
    v := ('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint;
    IF v < (281474976710656 / below) * below THEN RETURN v % below; END IF;
  END LOOP;
END"""),
    ("net_bits(p_table bigint, p_n integer, p_k integer, p_try integer)", "bigint", """
DECLARE key bytea;
BEGIN
  SELECT secret INTO STRICT key FROM net_secrets WHERE table_id = p_table;
  RETURN ('x' || substr(encode(sha256(key || convert_to(
            p_table || ':' || p_n || ':' || p_k || ':' || p_try, 'UTF8')), 'hex'), 1, 12)
         )::bit(48)::bigint;
END"""),
    ("net_below(p_table bigint, p_n integer, p_k integer, below integer)", "integer", """
DECLARE v bigint; attempt integer := 0;
BEGIN
  LOOP
    v := net_bits(p_table, p_n, p_k, attempt);
    IF v < (281474976710656 / below) * below THEN RETURN v % below; END IF;
    attempt := attempt + 1;
  END LOOP;
END"""),
    ("net_locked(p_table bigint)", "net_tables", """
DECLARE t net_tables;
BEGIN
  SELECT * INTO t FROM net_tables WHERE id = p_table FOR UPDATE;
  IF NOT FOUND THEN PERFORM net_raise('CT006', 'no table ' || p_table); END IF;
  RETURN t;
END"""),
    ("net_last(p_table bigint)", "net_moves", """
DECLARE r net_moves;
BEGIN
  SELECT * INTO r FROM net_moves WHERE table_id = p_table ORDER BY n DESC LIMIT 1;
  RETURN r;
END"""),
    ("net_writable(t net_tables, p_n integer)", "net_moves", """
DECLARE last net_moves;
BEGIN
  IF t.status IN ('finished', 'abandoned') THEN
    PERFORM net_raise('CT004', 'table ' || t.id || ' is ' || t.status);
  ELSIF t.status <> 'playing' THEN
    PERFORM net_raise('CT003', 'table ' || t.id || ' is ' || t.status);
  END IF;
  last := net_last(t.id);
  IF last.kind = 'end' THEN PERFORM net_raise('CT004', 'table ' || t.id || ' has ended'); END IF;
  IF p_n IS DISTINCT FROM last.n + 1 THEN
    PERFORM net_raise('CT005', 'row ' || p_n || ' is not next: the last is ' || last.n);
  END IF;
  RETURN last;
END"""),
    ("net_check_next(t net_tables, p_next integer[])", "void", """
BEGIN
  IF p_next IS NULL OR array_ndims(p_next) > 1 OR EXISTS (
       SELECT 1 FROM unnest(p_next) s WHERE s IS NULL OR s < -1 OR NOT (s = -1 OR EXISTS (
         SELECT 1 FROM net_seats x WHERE x.table_id = t.id AND x.seat = s))) THEN
    PERFORM net_raise('CT009', 'next seats ' || coalesce(p_next::text, 'null')
                      || ' are not seats of table ' || t.id);
  END IF;
  IF -1 = ANY (p_next) AND cardinality(p_next) > 1 THEN  -- nobody chooses after a peek
    PERFORM net_raise('CT009', 'chance (-1) is no choice among seats: ' || p_next::text);
  END IF;
END"""),
    ("net_check_seat(t net_tables, p_seat integer)", "void", """
BEGIN
  IF NOT EXISTS (SELECT 1 FROM net_seats s WHERE s.table_id = t.id AND s.seat = p_seat
                   AND s.login = session_user) THEN
    PERFORM net_raise('CT002', 'seat ' || coalesce(p_seat::text, 'null') || ' of table '
                      || t.id || ' is not played by ' || session_user);
  END IF;
END"""),
    ("net_chance_due(t net_tables, p_n integer, p_seat integer)", "net_moves", """
DECLARE last net_moves;
BEGIN
  last := net_writable(t, p_n);
  IF p_seat IS NOT NULL THEN
    PERFORM net_check_seat(t, p_seat);
  ELSIF session_user <> t.host AND NOT EXISTS (
      SELECT 1 FROM net_seats s WHERE s.table_id = t.id AND s.login = session_user) THEN
    PERFORM net_raise('CT011', session_user || ' has no seat at table ' || t.id);
  END IF;
  IF NOT -1 = ANY (last.next_seats) THEN
    PERFORM net_raise('CT012', 'no chance is due after row ' || last.n);
  END IF;
  RETURN last;
END"""),
    ("net_touch(p_table bigint)", "void", """
BEGIN
  UPDATE net_seats SET last_seen = now()
   WHERE table_id = p_table AND login = session_user AND kind = 'person';
END"""),
    ("net_host_only(t net_tables)", "void", """
BEGIN
  IF session_user <> t.host THEN
    PERFORM net_raise('CT008', 'only the host ' || t.host || ' may do that at table ' || t.id);
  END IF;
END"""),
    ("net_row(t net_tables, p_n integer, p_kind text, p_seat integer, p_payload jsonb, "
     "p_next integer[])", "void", """
BEGIN
  INSERT INTO net_moves (table_id, n, kind, seat, payload, next_seats)
  VALUES (t.id, p_n, p_kind, p_seat, p_payload, p_next);
  PERFORM net_touch(t.id);
EXCEPTION WHEN unique_violation THEN
  PERFORM net_raise('CT005', 'row ' || p_n || ' of table ' || t.id || ' was written first');
END"""),
)

#: The API every laptop calls (EXECUTE stays granted to PUBLIC, as for clear_open_seats).
FUNCTIONS = (
    ("net_open(p_game text, p_options jsonb, p_seats jsonb, p_away_after_s integer "
     "DEFAULT 120)", "TABLE (id bigint, code text, uid uuid)", f"""
#variable_conflict use_column
DECLARE made net_tables; chosen text; s jsonb; i integer := 0;
BEGIN
  IF p_game IS NULL OR length(p_game) NOT BETWEEN 1 AND 64
     OR jsonb_typeof(p_options) IS DISTINCT FROM 'object'
     OR jsonb_typeof(p_seats) IS DISTINCT FROM 'array'
     OR jsonb_array_length(p_seats) NOT BETWEEN 1 AND 16
     OR p_away_after_s IS NULL OR p_away_after_s <= 0 THEN
    PERFORM net_raise('CT009', 'a table needs a game, options, 1 to 16 seats and a time');
  END IF;
  FOR s IN SELECT value FROM jsonb_array_elements(p_seats) LOOP
    IF jsonb_typeof(s) IS DISTINCT FROM 'object'
       OR s->>'kind' IS NULL OR s->>'kind' NOT IN ('person', 'bot', 'open')
       OR (s->>'kind' = 'person' AND coalesce(s->>'login', '') = '') THEN
      PERFORM net_raise('CT009', 'seat ' || i || ' is not a person with a login, a bot or open');
    END IF;
    i := i + 1;
  END LOOP;
  LOOP
    chosen := '';
    FOR i IN 1..6 LOOP
      chosen := chosen || substr('{CODE_ALPHABET}', 1 + net_strong_below({len(CODE_ALPHABET)}),
                                 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM net_tables t WHERE t.code = chosen);
  END LOOP;
  INSERT INTO net_tables (uid, code, game_id, options, away_after_s)
  VALUES (gen_random_uuid(), chosen, p_game, p_options, p_away_after_s) RETURNING * INTO made;
  INSERT INTO net_seats (table_id, seat, kind, login, last_seen)
  SELECT made.id, e.ord - 1, e.value->>'kind',
         CASE e.value->>'kind' WHEN 'person' THEN e.value->>'login'
                               WHEN 'bot' THEN session_user END,
         CASE WHEN e.value->>'login' = session_user OR e.value->>'kind' = 'bot' THEN now() END
    FROM jsonb_array_elements(p_seats) WITH ORDINALITY AS e (value, ord);
  INSERT INTO net_secrets (table_id, secret)
  VALUES (made.id, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));
  RETURN QUERY SELECT made.id, made.code, made.uid;
END"""),
    ("net_join(p_code text, p_seat integer)", "bigint", """
DECLARE t net_tables; place net_seats;
BEGIN
  SELECT * INTO t FROM net_tables WHERE code = upper(btrim(p_code)) FOR UPDATE;
  IF NOT FOUND THEN PERFORM net_raise('CT006', 'no table with code ' || p_code); END IF;
  IF t.status <> 'open' THEN
    PERFORM net_raise(CASE WHEN t.status IN ('finished', 'abandoned') THEN 'CT004'
                           ELSE 'CT015' END, 'table ' || t.id || ' is ' || t.status);
  END IF;
  SELECT * INTO place FROM net_seats WHERE table_id = t.id AND seat = p_seat FOR UPDATE;
  IF NOT FOUND OR NOT (place.kind = 'open'
                       OR (place.kind = 'person' AND place.login = session_user)) THEN
    PERFORM net_raise('CT007', 'seat ' || coalesce(p_seat::text, 'null') || ' of table '
                      || t.id || ' is not free');
  END IF;
  UPDATE net_seats SET kind = 'person', login = session_user, last_seen = now()
   WHERE table_id = t.id AND seat = p_seat;
  PERFORM pg_notify('companion_table', t.id || ':seats:' || t.uid);
  RETURN t.id;
END"""),
    ("net_watch(p_code text)", "bigint", """
DECLARE found_id bigint;
BEGIN
  SELECT id INTO found_id FROM net_tables WHERE code = upper(btrim(p_code));
  IF NOT FOUND THEN PERFORM net_raise('CT006', 'no table with code ' || p_code); END IF;
  INSERT INTO net_watchers (table_id, login) VALUES (found_id, session_user)
  ON CONFLICT DO NOTHING;
  RETURN found_id;
END"""),
    ("net_start(p_table bigint, p_next integer[] DEFAULT NULL)", "void", """
DECLARE t net_tables; everyone integer[];
BEGIN
  t := net_locked(p_table);
  PERFORM net_host_only(t);
  IF t.status <> 'open' THEN
    PERFORM net_raise(CASE WHEN t.status IN ('finished', 'abandoned') THEN 'CT004'
                           ELSE 'CT015' END, 'table ' || t.id || ' is ' || t.status);
  END IF;
  IF EXISTS (SELECT 1 FROM net_seats WHERE table_id = t.id AND kind = 'open') THEN
    PERFORM net_raise('CT013', 'a seat of table ' || t.id || ' is still open');
  END IF;
  SELECT array_agg(seat ORDER BY seat) || ARRAY[-1] INTO everyone
    FROM net_seats WHERE table_id = t.id;
  IF p_next IS NOT NULL THEN  -- the default lets any seat or chance write row 1
    PERFORM net_check_next(t, p_next);
  END IF;
  UPDATE net_tables SET status = 'playing' WHERE id = t.id;
  INSERT INTO net_moves (table_id, n, kind, seat, payload, next_seats)
  VALUES (t.id, 0, 'start', NULL,
          jsonb_build_object('seats', (SELECT count(*) FROM net_seats WHERE table_id = t.id)),
          coalesce(p_next, everyone));
END"""),
    ("net_play(p_table bigint, p_n integer, p_seat integer, p_payload jsonb, "
     "p_next integer[], p_kind text DEFAULT 'move')", "void", """
DECLARE t net_tables; last net_moves;
BEGIN
  t := net_locked(p_table);
  IF p_kind IS NULL OR p_kind NOT IN ('move', 'fault', 'end') OR p_payload IS NULL THEN
    PERFORM net_raise('CT009', 'a played row is a move, a fault or the end, with a payload');
  END IF;
  last := net_writable(t, p_n);
  PERFORM net_check_seat(t, p_seat);
  IF p_kind = 'fault' THEN
    p_next := last.next_seats;  -- a fault changes nobody's turn
  ELSIF NOT (p_seat = ANY (last.next_seats)
             OR (p_kind = 'end' AND cardinality(last.next_seats) = 0)) THEN
    PERFORM net_raise('CT001', 'seat ' || p_seat || ' may not write row ' || p_n
                      || ' (next: ' || last.next_seats::text || ')');
  END IF;
  PERFORM net_check_next(t, p_next);
  PERFORM net_row(t, p_n, p_kind, p_seat, p_payload, p_next);
END"""),
    ("net_draw(p_table bigint, p_n integer, p_seat integer, p_weights float8[], "
     "p_next integer[], p_next_by_outcome jsonb DEFAULT NULL)", "integer", """
DECLARE t net_tables; total float8 := 0; point float8; w float8; i integer := 0;
        chosen integer; last_positive integer;
BEGIN
  t := net_locked(p_table);
  PERFORM net_chance_due(t, p_n, p_seat);
  IF p_weights IS NULL OR array_ndims(p_weights) <> 1
     OR cardinality(p_weights) NOT BETWEEN 1 AND 10000 THEN
    PERFORM net_raise('CT009', 'a draw needs 1 to 10000 weights');
  END IF;
  FOREACH w IN ARRAY p_weights LOOP
    IF w IS NULL OR NOT (w >= 0 AND w < 'Infinity'::float8) THEN
      PERFORM net_raise('CT009', 'weight ' || coalesce(w::text, 'null') || ' is not a number >= 0');
    END IF;
    total := total + w;
  END LOOP;
  IF NOT (total > 0 AND total < 'Infinity'::float8) THEN
    PERFORM net_raise('CT009', 'the weights add up to ' || total);
  END IF;
  IF p_next_by_outcome IS NOT NULL AND (jsonb_typeof(p_next_by_outcome) <> 'array'
     OR jsonb_array_length(p_next_by_outcome) <> cardinality(p_weights)
     OR EXISTS (SELECT 1 FROM jsonb_array_elements(p_next_by_outcome) e
                 WHERE jsonb_typeof(e.value) <> 'array' OR EXISTS (
                   SELECT 1 FROM jsonb_array_elements(e.value) x
                    WHERE jsonb_typeof(x.value) <> 'number'))) THEN
    PERFORM net_raise('CT009', 'a draw needs one list of next seats per weight');
  END IF;
  point := total * net_bits(t.id, p_n, 0, 0)::float8 / 281474976710656;
  total := 0;
  FOREACH w IN ARRAY p_weights LOOP
    IF w > 0 THEN
      last_positive := i;
      total := total + w;
      IF chosen IS NULL AND point < total THEN chosen := i; END IF;
    END IF;
    i := i + 1;
  END LOOP;
  chosen := coalesce(chosen, last_positive);  -- rounding at the very top
  IF p_next_by_outcome IS NOT NULL THEN  -- who writes next depends on the outcome drawn
    SELECT coalesce(array_agg(x.value::integer ORDER BY x.ord), '{}') INTO p_next
      FROM jsonb_array_elements_text(p_next_by_outcome -> chosen) WITH ORDINALITY
           AS x (value, ord);
  END IF;
  PERFORM net_check_next(t, p_next);
  PERFORM net_row(t, p_n, 'chance', p_seat,
                  jsonb_build_object('index', chosen, 'weights', to_jsonb(p_weights)), p_next);
  RETURN chosen;
END"""),
    ("net_deal(p_table bigint, p_n integer, p_items jsonb, p_zones jsonb, p_next integer[])",
     "void", """
DECLARE t net_tables; deck jsonb[]; spare jsonb; j integer; k integer; z jsonb; taken integer;
        rest_zones integer := 0; wanted integer := 0; start_at integer := 1; counted jsonb := '[]';
BEGIN
  t := net_locked(p_table);
  PERFORM net_chance_due(t, p_n, NULL);
  IF jsonb_typeof(p_items) IS DISTINCT FROM 'array' OR jsonb_array_length(p_items) > 10000
     OR jsonb_typeof(p_zones) IS DISTINCT FROM 'array' OR jsonb_array_length(p_zones) < 1 THEN
    PERFORM net_raise('CT009', 'a deal needs an array of items and of zones');
  END IF;
  FOR z IN SELECT value FROM jsonb_array_elements(p_zones) LOOP
    IF jsonb_typeof(z) IS DISTINCT FROM 'object' OR coalesce(z->>'zone', '') = ''
       OR jsonb_typeof(z->'seat') NOT IN ('number', 'null')
       OR jsonb_typeof(z->'count') NOT IN ('number', 'null')
       OR (z->>'count')::integer < 0
       OR (z->>'seat' IS NOT NULL AND NOT EXISTS (SELECT 1 FROM net_seats s
             WHERE s.table_id = t.id AND s.seat = (z->>'seat')::integer)) THEN
      PERFORM net_raise('CT009', 'zone ' || z::text || ' is not a zone of a seat or of nobody');
    END IF;
    IF z->>'count' IS NULL THEN rest_zones := rest_zones + 1;
    ELSE wanted := wanted + (z->>'count')::integer; END IF;
  END LOOP;
  IF rest_zones > 1 OR wanted > jsonb_array_length(p_items)
     OR (rest_zones = 0 AND wanted <> jsonb_array_length(p_items))
     OR (SELECT count(DISTINCT value->>'zone') FROM jsonb_array_elements(p_zones))
        <> jsonb_array_length(p_zones) THEN
    PERFORM net_raise('CT009', 'the zones do not share out the ' || jsonb_array_length(p_items)
                      || ' items');
  END IF;
  PERFORM net_check_next(t, p_next);
  SELECT coalesce(array_agg(value ORDER BY value::text), '{}') INTO deck
    FROM jsonb_array_elements(p_items);
  FOR j IN REVERSE coalesce(array_length(deck, 1), 0)..2 LOOP  -- Fisher-Yates
    k := 1 + net_below(t.id, p_n, j, j);
    spare := deck[j]; deck[j] := deck[k]; deck[k] := spare;
  END LOOP;
  FOR z IN SELECT value FROM jsonb_array_elements(p_zones) LOOP
    taken := coalesce((z->>'count')::integer, jsonb_array_length(p_items) - wanted);
    INSERT INTO net_hidden (table_id, n, zone, seat, items)
    VALUES (t.id, p_n, z->>'zone', (z->>'seat')::integer,
            coalesce(to_jsonb(deck[start_at:start_at + taken - 1]), '[]'));
    start_at := start_at + taken;
    counted := counted || jsonb_build_array(jsonb_build_object(
      'zone', z->>'zone', 'seat', z->'seat', 'count', taken));
  END LOOP;
  PERFORM net_row(t, p_n, 'deal', NULL, jsonb_build_object('zones', counted), p_next);
END"""),
    ("net_reveal(p_table bigint, p_n integer, p_zone text, p_count integer, p_to_seat integer, "
     "p_next integer[])", "void", """
DECLARE t net_tables; source net_hidden; taken jsonb; remaining jsonb; payload jsonb;
BEGIN
  t := net_locked(p_table);
  PERFORM net_chance_due(t, p_n, NULL);
  SELECT * INTO source FROM net_hidden WHERE table_id = t.id AND zone = p_zone
   ORDER BY n DESC LIMIT 1;
  IF NOT FOUND OR p_count IS NULL OR p_count NOT BETWEEN 0 AND jsonb_array_length(source.items)
     OR p_zone = 'draw'
     OR (p_to_seat IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM net_seats s WHERE s.table_id = t.id AND s.seat = p_to_seat)) THEN
    PERFORM net_raise('CT009', 'cannot reveal ' || coalesce(p_count::text, 'null')
                      || ' items of zone ' || coalesce(p_zone, 'null'));
  END IF;
  PERFORM net_check_next(t, p_next);
  SELECT coalesce(jsonb_agg(value ORDER BY ord) FILTER (WHERE ord <= p_count), '[]'),
         coalesce(jsonb_agg(value ORDER BY ord) FILTER (WHERE ord > p_count), '[]')
    INTO taken, remaining
    FROM jsonb_array_elements(source.items) WITH ORDINALITY AS e (value, ord);
  INSERT INTO net_hidden (table_id, n, zone, seat, items)
  VALUES (t.id, p_n, p_zone, source.seat, remaining);
  payload := jsonb_build_object('zone', p_zone, 'count', p_count, 'to_seat', p_to_seat);
  IF p_to_seat IS NULL THEN
    payload := payload || jsonb_build_object('items', taken);
  ELSE
    INSERT INTO net_hidden (table_id, n, zone, seat, items)
    VALUES (t.id, p_n, 'draw', p_to_seat, taken);
  END IF;
  PERFORM net_row(t, p_n, 'reveal', NULL, payload, p_next);
END"""),
    ("net_finish(p_table bigint)", "void", """
DECLARE t net_tables;
BEGIN
  t := net_locked(p_table);
  IF session_user <> t.host AND NOT EXISTS (
      SELECT 1 FROM net_seats s WHERE s.table_id = t.id AND s.login = session_user) THEN
    PERFORM net_raise('CT011', session_user || ' has no seat at table ' || t.id);
  END IF;
  IF t.status = 'finished' THEN RETURN; END IF;
  IF t.status = 'abandoned' THEN PERFORM net_raise('CT004', 'table ' || t.id || ' is abandoned');
  END IF;
  IF (net_last(t.id)).kind IS DISTINCT FROM 'end' THEN
    PERFORM net_raise('CT014', 'table ' || t.id || ' has no end row');
  END IF;
  UPDATE net_tables SET status = 'finished', finished_xact = pg_current_xact_id()
   WHERE id = t.id;
  PERFORM pg_notify('companion_table', t.id || ':finished:' || t.uid);
END"""),
    ("net_pause(p_table bigint)", "void", """
DECLARE t net_tables; last net_moves;
BEGIN
  t := net_locked(p_table);
  PERFORM net_host_only(t);
  last := net_writable(t, (net_last(t.id)).n + 1);
  UPDATE net_tables SET status = 'paused' WHERE id = t.id;
  INSERT INTO net_moves (table_id, n, kind, seat, payload, next_seats)
  VALUES (t.id, last.n + 1, 'pause', NULL, '{}', last.next_seats);
END"""),
    ("net_resume(p_table bigint)", "void", """
DECLARE t net_tables; last net_moves;
BEGIN
  t := net_locked(p_table);
  PERFORM net_host_only(t);
  IF t.status = 'playing' THEN RETURN; END IF;
  IF t.status <> 'paused' THEN
    PERFORM net_raise(CASE WHEN t.status IN ('finished', 'abandoned') THEN 'CT004'
                           ELSE 'CT003' END, 'table ' || t.id || ' is ' || t.status);
  END IF;
  last := net_last(t.id);
  UPDATE net_tables SET status = 'playing' WHERE id = t.id;
  INSERT INTO net_moves (table_id, n, kind, seat, payload, next_seats)
  VALUES (t.id, last.n + 1, 'resume', NULL, '{}', last.next_seats);
END"""),
    ("net_hand_to_bot(p_table bigint, p_seat integer)", "void", """
DECLARE t net_tables; place net_seats;
BEGIN
  t := net_locked(p_table);
  PERFORM net_host_only(t);
  IF t.status NOT IN ('playing', 'paused') THEN
    PERFORM net_raise(CASE WHEN t.status IN ('finished', 'abandoned') THEN 'CT004'
                           ELSE 'CT003' END, 'table ' || t.id || ' is ' || t.status);
  END IF;
  SELECT * INTO place FROM net_seats WHERE table_id = t.id AND seat = p_seat FOR UPDATE;
  IF NOT FOUND OR place.kind <> 'person' THEN
    PERFORM net_raise('CT009', 'seat ' || coalesce(p_seat::text, 'null') || ' of table '
                      || t.id || ' is not a person''s');
  END IF;
  IF place.login <> t.host AND place.last_seen > now() - make_interval(secs => t.away_after_s)
  THEN
    PERFORM net_raise('CT010', 'seat ' || p_seat || ' was seen at ' || place.last_seen);
  END IF;
  UPDATE net_seats SET kind = 'bot', login = t.host, last_seen = now()
   WHERE table_id = t.id AND seat = p_seat;
  PERFORM pg_notify('companion_table', t.id || ':seats:' || t.uid);
END"""),
    ("net_abandon(p_table bigint)", "void", """
DECLARE t net_tables;
BEGIN
  t := net_locked(p_table);
  PERFORM net_host_only(t);
  IF t.status = 'finished' THEN PERFORM net_raise('CT004', 'table ' || t.id || ' is finished');
  END IF;
  UPDATE net_tables SET status = 'abandoned' WHERE id = t.id;
  PERFORM pg_notify('companion_table', t.id || ':abandoned:' || t.uid);
END"""),
    ("net_seen(p_table bigint)", "void", """
BEGIN
  PERFORM net_touch(p_table);
END"""),
)

#: Roles other than the owner that may read the plays: the club's members (README).
_READERS = sa.text("""
SELECT DISTINCT CASE WHEN g.grantee = 'PUBLIC' THEN 'PUBLIC' ELSE quote_ident(g.grantee) END
  FROM information_schema.table_privileges g
 WHERE g.table_schema = current_schema() AND g.table_name = 'plays'
   AND g.privilege_type = 'SELECT' AND g.grantee <> g.grantor
""")

#: Every privilege a role other than the owner holds on a network table (default privileges
#: give a club's members SELECT on every new table; net_secrets must stay unread).
_NET_GRANTS = sa.text("""
SELECT c.relname AS "table", a.privilege_type AS privilege,
       CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee))
       END AS grantee
  FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a
 WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY(:tables)
   AND a.grantee <> c.relowner
""")


def _run(sql: str) -> None:
    """`sql` exactly as written (no bind parameters: `':seats'` and `%` stay as they are)."""
    op.get_bind().exec_driver_sql(sql, execution_options={"no_parameters": True})


def _create(signature: str, returns: str, body: str, schema: str) -> str:
    return (f"CREATE FUNCTION {signature} RETURNS {returns} LANGUAGE plpgsql SECURITY DEFINER "
            f"SET search_path = {schema}, pg_temp AS $fn${body}\n$fn$")


def _drop_signature(signature: str) -> str:
    """`net_x(a integer, b text DEFAULT 1)` → `net_x(integer, text)`."""
    name, params = signature.split("(", 1)
    types = [" ".join(p.split()[1:]).split(" DEFAULT")[0] for p in params.rstrip(")").split(",")
             if p.strip()]
    return f"{name}({', '.join(types)})"


def _grant_members() -> None:
    """Members read the public network tables, nothing more; nobody but the owner reads or
    writes net_secrets or writes any of them."""
    bind = op.get_bind()
    for row in bind.execute(_NET_GRANTS, {"tables": list(TABLES)}).all():
        op.execute(f"REVOKE {row.privilege} ON {row.table} FROM {row.grantee}")
    for (grantee,) in bind.execute(_READERS).all():
        op.execute(f"GRANT SELECT ON {', '.join(PUBLIC_TABLES)} TO {grantee}")


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql" or int(
            bind.scalar(sa.text("SHOW server_version_num"))) < MIN_SERVER:
        return  # the history works as before; db/network.py says why no table can be opened
    schema = bind.dialect.identifier_preparer.quote(
        str(bind.scalar(sa.text("SELECT current_schema()"))))
    _run(_SCHEMA_SQL)
    for signature, returns, body in HELPERS:
        _run(_create(signature, returns, body, schema))
        op.execute(f"REVOKE EXECUTE ON FUNCTION {_drop_signature(signature)} FROM PUBLIC")
    for signature, returns, body in FUNCTIONS:
        _run(_create(signature, returns, body, schema))
    _grant_members()


def downgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql" or bind.scalar(
            sa.text("SELECT to_regclass('net_tables')")) is None:
        return
    for signature, _returns, _body in (*FUNCTIONS, *reversed(HELPERS)):
        op.execute(f"DROP FUNCTION {_drop_signature(signature)}")
    op.execute("DROP TABLE net_secrets, net_hidden, net_moves, net_watchers, net_seats, "
               "net_tables")
    op.execute("DROP FUNCTION net_notify_row()")
