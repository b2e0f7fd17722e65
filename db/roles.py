"""Who may change what in a club's shared history on PostgreSQL (README "Club history").

- The **organiser** role owns the history's tables: the app started by it (or by a login that
  is a member of it) updates the tables for a new version, and it may delete and edit plays,
  rename and merge players and import files.
- A **member** (any other login the organiser granted the member rights to) reads everything,
  adds plays and players, and continues and finishes its own unfinished games; the server
  enforces that too (the grants, and migration 0006's row-level rules).

`access_of(conn)` says which one a connection is; the app asks before an organiser's action
(`OrganiserOnlyError`, db/errors.py, names the role that may do it). A SQLite file belongs to
whoever can write it: there `Database.access` is None and everything is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, text

#: The owner of the history: of its tables once they exist, else of the schema they will be
#: created in (a schema owned by pg_database_owner, PostgreSQL 15's public, is the database
#: owner's).
_OWNER = text("""
SELECT session_user AS login,
       COALESCE(
         (SELECT pg_get_userbyid(c.relowner) FROM pg_class c
           WHERE c.oid = to_regclass('plays')),
         (SELECT CASE WHEN pg_get_userbyid(n.nspowner) = 'pg_database_owner'
                      THEN (SELECT pg_get_userbyid(d.datdba) FROM pg_database d
                             WHERE d.datname = current_database())
                      ELSE pg_get_userbyid(n.nspowner) END
            FROM pg_namespace n WHERE n.nspname = current_schema())) AS owner
""")


@dataclass(frozen=True)
class Access:
    """What the login of a PostgreSQL history may do there."""

    login: str  # who is connected (session_user)
    organiser: str  # the role that owns the history
    is_organiser: bool  # the login is the organiser, a member of it, or a superuser


def access_of(conn: Connection) -> Access:
    row = conn.execute(_OWNER).one()
    login, owner = str(row.login), (str(row.owner) if row.owner is not None else "")
    is_organiser = not owner or bool(conn.scalar(
        text("SELECT pg_has_role(session_user, :owner, 'USAGE')"), {"owner": owner}))
    return Access(login=login, organiser=owner or login, is_organiser=is_organiser)


def act_as_organiser(conn: Connection, access: Access) -> None:
    """For the rest of the transaction, create objects as the organiser role (a login that is
    a member of it updates the tables: they stay the organiser's)."""
    if access.is_organiser and access.organiser != access.login:
        role = conn.dialect.identifier_preparer.quote(access.organiser)
        conn.execute(text(f"SET LOCAL ROLE {role}"))
