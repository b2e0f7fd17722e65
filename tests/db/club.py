"""A club's shared history on the test server, set up with the README's own SQL.

`readme_blocks()` reads the fenced blocks of the README's "Club history" section. `ClubRoles`
makes an organiser role, a member role and their logins (olga the organiser; ann and ben
members) under names unique to the test session, with the README's default privileges;
`Club` is a schema of its own owned by the organiser role, where `prepare()` does what the
README's organiser does: starts the app once (the tables) and runs the members' grants.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

import db

README = Path(__file__).resolve().parents[2] / "README.md"
PERSONS = {"olga": "organiser", "ann": "member", "ben": "member"}


def readme_section() -> str:
    """The README's "Club history" section."""
    text_ = README.read_text(encoding="utf-8")
    return text_.split("\n## Club history\n", 1)[1].split("\n## ", 1)[0]


def readme_blocks() -> list[tuple[str, str]]:
    """(language, text) of each fenced block in the README's "Club history" section."""
    return re.findall(r"```(\w*)\n(.*?)```", readme_section(), re.S)


def readme_sql() -> tuple[str, str]:
    """The administrator's SQL and the organiser's grants, as the README has them."""
    server, grants = (body for lang, body in readme_blocks() if lang == "sql")
    return server, grants


def sql_statements(script: str, names: dict[str, str]) -> list[str]:
    """The plain SQL statements of a README block (psql's \\commands left out), with its role
    and schema names replaced."""
    found = []
    for line in script.splitlines():
        if not line.strip() or line.startswith("\\"):
            continue
        for old, new in names.items():
            line = re.sub(rf"\b{old}\b", new, line)
        found.append(line.rstrip(";"))
    return found


@dataclass
class ClubRoles:
    """The README's roles and logins, named `<prefix>_club_organiser`, `<prefix>_olga`..."""

    admin_url: str
    prefix: str
    password: str

    @property
    def organiser(self) -> str:
        return f"{self.prefix}_club_organiser"

    @property
    def member(self) -> str:
        return f"{self.prefix}_club_member"

    def login(self, person: str) -> str:
        return f"{self.prefix}_{person}"

    def names(self) -> dict[str, str]:
        return {"club_organiser": self.organiser, "club_member": self.member,
                **{person: self.login(person) for person in PERSONS}}

    def admin(self) -> Engine:
        return create_engine(self.admin_url)

    def create(self) -> None:
        server, _ = readme_sql()
        engine = self.admin()
        with engine.begin() as conn:
            conn.execute(text(f"CREATE ROLE {self.organiser} NOLOGIN"))
            conn.execute(text(f"CREATE ROLE {self.member} NOLOGIN"))
            for person, role in PERSONS.items():
                group = self.organiser if role == "organiser" else self.member
                conn.execute(text(f"CREATE ROLE {self.login(person)} LOGIN IN ROLE {group} "
                                  f"PASSWORD '{self.password}'"))
            for statement in sql_statements(server, self.names()):
                if statement.startswith("ALTER DEFAULT PRIVILEGES"):
                    conn.execute(text(statement))
        engine.dispose()

    def drop(self) -> None:
        engine = self.admin()
        with engine.begin() as conn:
            for role in [*(self.login(p) for p in PERSONS), self.member, self.organiser]:
                conn.execute(text(f"DROP OWNED BY {role}"))
                conn.execute(text(f"DROP ROLE {role}"))
        engine.dispose()

    @classmethod
    def made(cls, admin_url: str) -> ClubRoles:
        roles = cls(admin_url, f"t{secrets.token_hex(4)}", secrets.token_hex(12))
        roles.create()
        return roles


@dataclass
class Club:
    """A club history in the schema `schema` of the test server."""

    roles: ClubRoles
    schema: str

    def url(self, person: str) -> str:
        """The URL `person` opens the history with (password included: the test's own)."""
        url = make_url(self.roles.admin_url).set(
            username=self.roles.login(person), password=self.roles.password
        ).update_query_dict({"options": f"-csearch_path={self.schema}"})
        return url.render_as_string(hide_password=False)

    def create_schema(self) -> None:
        engine = self.roles.admin()
        with engine.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {self.schema} AUTHORIZATION {self.roles.organiser}"))
            conn.execute(text(f"GRANT USAGE ON SCHEMA {self.schema} TO {self.roles.member}"))
        engine.dispose()

    def drop_schema(self) -> None:
        engine = self.roles.admin()
        with engine.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {self.schema} CASCADE"))
        engine.dispose()

    def prepare(self) -> None:
        """The organiser starts the app once, then grants the members' rights (README)."""
        db.open_database(self.url("olga")).close()
        _, grants = readme_sql()
        engine = create_engine(self.url("olga"))
        with engine.begin() as conn:
            for statement in sql_statements(grants, {**self.roles.names(),
                                                     "public": self.schema}):
                conn.execute(text(statement))
        engine.dispose()
