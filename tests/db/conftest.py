"""Every database test runs on SQLite and, when COMPANION_TEST_PG_URL is set, on PostgreSQL
(each test in its own schema, dropped afterwards).

COMPANION_TEST_PG_URL names a login that may create schemas and roles (CI's superuser). With
COMPANION_TEST_PG_ROLE=member the PostgreSQL tests run as a club member instead: the history
is set up as the README's "Club history" says (an organiser role owns it, the member's grants
are the README's), and `db_url` is a member's login; a test marked `organiser` (it deletes,
edits finished plays, merges, imports or migrates) gets the organiser's login to an empty
schema.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, text

import db
from tests.db.club import Club, ClubRoles

PG_URL = os.environ.get("COMPANION_TEST_PG_URL", "")
AS_MEMBER = os.environ.get("COMPANION_TEST_PG_ROLE", "") == "member"
PG_SKIP = ("PostgreSQL tests skipped: set COMPANION_TEST_PG_URL "
           "(e.g. postgresql+psycopg://user:pw@127.0.0.1/db) to run them")


def in_schema(url: str, schema: str) -> str:
    """The URL with `schema` first on its search path."""
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-csearch_path%3D{schema}"


@contextmanager
def pg_schema() -> Iterator[str]:
    """A new, empty schema on the test server, dropped afterwards; its name."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield schema
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(scope="session")
def club_roles() -> Iterator[ClubRoles]:
    """The README's roles and logins on the test server, for the whole session."""
    if not PG_URL:
        pytest.skip(PG_SKIP)
    roles = ClubRoles.made(PG_URL)
    yield roles
    roles.drop()


@pytest.fixture
def club(club_roles: ClubRoles) -> Iterator[Club]:
    """A club history of its own (not yet prepared: `club.prepare()` makes the tables and
    the members' grants)."""
    made = Club(club_roles, f"t_{uuid.uuid4().hex[:12]}")
    made.create_schema()
    yield made
    made.drop_schema()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'history.db'}"
        return
    if not PG_URL:
        pytest.skip(PG_SKIP)
    if AS_MEMBER:
        club_ = request.getfixturevalue("club")
        if request.node.get_closest_marker("organiser"):
            yield club_.url("olga")
            return
        club_.prepare()
        yield club_.url("ann")
        return
    with pg_schema() as schema:
        yield in_schema(PG_URL, schema)


@pytest.fixture
def database(db_url: str) -> Iterator[db.Database]:
    opened = db.open_database(db_url)
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def ready(club_roles: ClubRoles) -> Iterator[Club]:
    """A club history of the test module's own, prepared (the tables and the members'
    grants): the network tests' tables live there."""
    made = Club(club_roles, f"t_{uuid.uuid4().hex[:12]}")
    made.create_schema()
    made.prepare()
    yield made
    made.drop_schema()
