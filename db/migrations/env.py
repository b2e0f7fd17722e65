"""Alembic environment: migrations run on the connection the app hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from db.models import Base
from db.network import is_model_name

config = context.config


def run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
        compare_type=True,
        include_name=is_model_name,  # the network tables are no models (0011)
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is None:  # `alembic` command line: build an engine from the configured URL
    from sqlalchemy import create_engine

    with create_engine(config.get_main_option("sqlalchemy.url") or "").connect() as conn:
        run_migrations(conn)
else:
    run_migrations(connection)
