"""Every database test runs on SQLite and, when COMPANION_TEST_PG_URL is set, on PostgreSQL
(each test in its own schema, dropped afterwards)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

import db

PG_URL = os.environ.get("COMPANION_TEST_PG_URL", "")
PG_SKIP = ("PostgreSQL tests skipped: set COMPANION_TEST_PG_URL "
           "(e.g. postgresql+psycopg://user:pw@127.0.0.1/db) to run them")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'history.db'}"
        return
    if not PG_URL:
        pytest.skip(PG_SKIP)
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in PG_URL else "?"
    try:
        yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def database(db_url: str) -> Iterator[db.Database]:
    opened = db.open_database(db_url)
    yield opened
    opened.close()
