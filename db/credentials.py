"""Database passwords: used to connect, never shown, never kept in the settings file.

`redact(text)` is the one path every sentence, label, detail and printed line that may hold a
database location goes through (db.errors.DatabaseError applies it to everything it carries):
a password in a URL (`user:password@`, `?password=`, also in text that is not a valid URL)
or in libpq's `password=...` becomes `***`. (Passwords are not searched for as plain words: a
password such as "companion" would mask every "companion.db"; the app never puts one into a
message in the first place.)

A history URL is kept without its password. When it names none, the password comes from where
PostgreSQL users keep theirs:
- the system keyring (the optional `keyring` package, when it has a usable backend), where
  Settings saves the password typed into its masked field (`store_password`);
- else libpq finds it itself: `PGPASSWORD`, the password file (`~/.pgpass`, `PGPASSFILE`) or
  the service file (`postgresql+psycopg:///?service=club`, `~/.pg_service.conf`,
  `PGSERVICEFILE`): the URL's query parameters reach libpq unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

#: The keyring's service name for the history passwords.
KEYRING_SERVICE = "Tabletop Companion"
MASK = "***"

#: user:password@ in a URL: the password runs to the last "@" before a space (it may hold
#: / ? # : and an unencoded @ that the person meant as part of it).
_URL_USERINFO = re.compile(r"(://[^\s:/?#@]*):\S*@")
_BARE_USERINFO = re.compile(r"(?<![\w:/])([\w.+%-]+):[^\s/?#@:]+@(?=[\w\[])")
_PASSWORD_PARAM = re.compile(r"(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&;,)」”]+)", re.I)
#: The user part of a URL as SQLAlchemy reads it: scheme://user:password@ (password: up to the
#: first @).
_PARSED_USERINFO = re.compile(r"([\w+]+://[^:/]*):[^@]*@")
_SCHEME = re.compile(r"[\w+]+://")


def redact(text: str) -> str:
    """`text` with every password in it masked (in URLs and password=...)."""
    text = _URL_USERINFO.sub(rf"\1:{MASK}@", text)
    text = _BARE_USERINFO.sub(rf"\1:{MASK}@", text)
    return _PASSWORD_PARAM.sub(rf"\1{MASK}", text)


def mask_location(text: str) -> str:
    """A whole typed location (a URL or a path), safe to show: a URL that cannot be read, or
    whose "@" is ambiguous, has its whole authority (user, password, host, port) masked, since
    nobody can tell where its password ends; in a URL that can be read, the password is
    masked wherever it stands, spaces included."""
    scheme = _SCHEME.match(text)
    if scheme is None:
        at = text.rfind("@")
        return redact(f"{MASK}@{text[at + 1:]}" if at > 0 and ":" in text[:at] else text)
    if _parse(text) is None or is_ambiguous(text):
        return _mask_authority(text, scheme.end())
    return redact(_PARSED_USERINFO.sub(rf"\1:{MASK}@", text, count=1))


def _mask_authority(text: str, start: int) -> str:
    """`text` with everything from `start` (just after ://) to the end of the authority
    masked: up to the first / ? or # after the last @ (or after `start` without an @)."""
    at = text.rfind("@", start)
    rest = text[max(at + 1, start):]
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    return redact(f"{text[:start]}{MASK}{rest[end:]}")


def is_ambiguous(text: str) -> bool:
    """A server URL with more than one unencoded "@" before its database part: its user name
    and password cannot be told apart (SQLAlchemy would cut the password at the first @ and
    send the rest as the host or the user name)."""
    scheme = _SCHEME.match(text)
    if scheme is None or text.lower().startswith("sqlite"):
        return False
    rest = text[scheme.end():]
    head = rest.split("?", 1)[0]
    if head.count("@") > 1:
        return True
    match = _PARSED_USERINFO.match(text)
    after = rest[match.end() - scheme.end():] if match else rest
    user = rest.split(":", 1)[0] if match else ""
    host = re.split(r"[/?]", after, maxsplit=1)[0]
    return "@" in user or (match is not None and "@" in host)


def _parse(url: str) -> URL | None:
    try:
        return make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        return None


def split_password(url: str) -> tuple[str, str | None]:
    """The URL without its password (in the user part or as ?password=), and the password."""
    parsed = _parse(url)
    if parsed is None:
        return url, None
    password = parsed.query.get("password") or parsed.password
    if password is None:
        return url, None
    secret = password if isinstance(password, str) else password[-1]
    bare = parsed._replace(password=None).difference_update_query(["password"])
    return bare.render_as_string(hide_password=False), secret


def is_server_url(url: str) -> bool:
    """A URL of a database server (PostgreSQL), as opposed to a file."""
    parsed = _parse(url)
    return parsed is not None and parsed.get_backend_name() == "postgresql"


def credential_key(url: str) -> str:
    """The keyring's name for the password of this history: user@host:port/database, or the
    libpq service it names."""
    parsed = _parse(url)
    if parsed is None:
        return redact(url)
    service = parsed.query.get("service")
    if service:
        return f"service={service if isinstance(service, str) else service[-1]}"
    host = parsed.host or parsed.query.get("host") or ""
    return (f"{parsed.username or ''}@{host if isinstance(host, str) else host[-1]}"
            f":{parsed.port or 5432}/{parsed.database or ''}")


# -- a password typed into a location, taken out of it ------------------------------------------

#: scheme://user:… as it is being typed (no "@" yet, or the rest of the URL after it).
_TYPED_USERINFO = re.compile(r"(?P<head>[\w+]+://[^:/?#@\[\]]*):(?P<rest>.*)", re.S)
#: What follows "host:" when it is a port: digits, then the database part or nothing.
_PORT_AND_AFTER = re.compile(r"\d*(?:[/?#].*)?", re.S)


@dataclass(frozen=True)
class TakenPassword:
    """A location with its password taken out. `open_end`: the password is still being typed
    and this character ("@" after the user part, "&" in the query) ends it."""

    url: str
    password: str
    open_end: str = ""


def take_password(text: str) -> TakenPassword | None:
    """The password in a location being typed, taken out of it (None: it holds none yet).
    "scheme://user:" followed by something that cannot be a port is a password; so is the
    value of ?password=. Its percent-encoding is undone."""
    typed = _TYPED_USERINFO.fullmatch(text)
    if typed is not None:
        rest = typed["rest"]
        at = rest.rfind("@")
        if at >= 0:
            return TakenPassword(typed["head"] + rest[at:], unquote(rest[:at]))
        if not _PORT_AND_AFTER.fullmatch(rest):
            return TakenPassword(typed["head"], unquote(rest), "@")
    return _take_query_password(text)


def _take_query_password(text: str) -> TakenPassword | None:
    base, mark, query = text.partition("?")
    params = query.split("&") if mark else []
    secrets = [p for p in params if p.lower().startswith("password=") and p != "password="]
    if not secrets:
        return None
    kept = [p for p in params if p not in secrets]
    url = base + ("?" + "&".join(kept) if kept else "")
    last = params[-1] in secrets  # still being typed: "&" ends it
    return TakenPassword(url, unquote(secrets[-1].split("=", 1)[1]), "&" if last else "")


# -- passwords typed in this run -----------------------------------------------------------------

#: Passwords typed in Settings while there is no keyring: kept in memory for this run only.
_TYPED_THIS_RUN: dict[str, str] = {}


def remember_password(url: str, password: str) -> None:
    """Keep the password of this history in memory until the app stops."""
    _TYPED_THIS_RUN[credential_key(url)] = password


def password_for(url: str) -> str | None:
    """The password kept for this history: typed in this run, else in the keyring."""
    if not is_server_url(url):
        return None
    return _TYPED_THIS_RUN.get(credential_key(url)) or keyring_password(url)


def pgpass_line(url: str) -> str:
    """The line of libpq's password file (~/.pgpass) for this history, with PASSWORD in place
    of the password."""
    parsed = _parse(url)
    if parsed is None:
        return "host:port:database:user:PASSWORD"
    host = parsed.host or parsed.query.get("host") or "localhost"
    return (f"{host if isinstance(host, str) else host[-1]}:{parsed.port or 5432}:"
            f"{parsed.database or '*'}:{parsed.username or '*'}:PASSWORD")


# -- the system keyring (optional) ---------------------------------------------------------------


def _keyring_backend() -> Any:
    """The keyring backend, or None: the package is not installed or has no usable backend
    (a headless machine: keyring's "fail" backend, priority 0)."""
    try:
        import keyring
    except ImportError:
        return None
    try:
        backend = keyring.get_keyring()
        return backend if float(getattr(backend, "priority", 0)) > 0 else None
    except Exception:  # a broken keyring setup is no keyring
        return None


def keyring_name() -> str | None:
    """The usable keyring's name ("SecretService Keyring"...), or None when there is none."""
    backend = _keyring_backend()
    return None if backend is None else str(getattr(backend, "name", type(backend).__name__))


def keyring_password(url: str) -> str | None:
    """The password the keyring keeps for this history, if any."""
    backend = _keyring_backend()
    if backend is None or not is_server_url(url):
        return None
    try:
        password = backend.get_password(KEYRING_SERVICE, credential_key(url))
    except Exception:  # locked or broken: libpq's own sources still apply
        return None
    return None if password is None else str(password)


def store_password(url: str, password: str) -> bool:
    """Keep the password in the keyring; False when there is no usable keyring."""
    backend = _keyring_backend()
    if backend is None:
        return False
    try:
        backend.set_password(KEYRING_SERVICE, credential_key(url), password)
    except Exception:
        return False
    return True
