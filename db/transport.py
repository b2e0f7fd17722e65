"""Whether a server history travels the network unencrypted.

The app asks the live connection, not the URL: libpq reports the address it actually
connected to (`hostaddr`, from the URL or the service file, decides it over `host`; `sslmode`
and every other parameter come from the URL or the service file unchanged) and whether TLS is
in use. An address other than this computer's (a Unix socket, a loopback address; localhost
or this computer's own name when libpq has no address to report) reached without TLS gets a
`Notice`, which the app shows once per history.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from db.credentials import credential_key, redact


@dataclass(frozen=True)
class Notice:
    """A warning to show once (`key` names what it is about), in English and Japanese."""

    key: str
    message: str
    message_ja: str

    def text(self, lang: str) -> str:
        return self.message_ja if lang == "ja" else self.message


def is_local_host(host: str) -> bool:
    """This computer: a socket folder, localhost, a loopback address or its own name."""
    if not host or host.startswith(("/", "@")):
        return True
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost") or name == socket.gethostname().lower():
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def reached_host(conn: Connection) -> tuple[str, bool]:
    """The address a PostgreSQL connection reached — the IP address libpq connected to, which
    `hostaddr` decides whatever `host` says (else the host: a socket folder) — and whether
    TLS protects it."""
    raw: Any = conn.connection.dbapi_connection
    return _address(raw.info), bool(raw.pgconn.ssl_in_use)


def _address(info: Any) -> str:
    host = str(info.host or "")
    if host.startswith(("/", "@")):  # a Unix socket: this computer
        return host
    try:
        address = str(info.hostaddr or "")  # libpq 12 and later
    except Exception:  # an older libpq cannot say: the host it was told to reach
        address = ""
    return address or host


def plaintext_notice(conn: Connection, url: str) -> Notice | None:
    """The warning for a history on another computer reached without TLS, else None."""
    host, encrypted = reached_host(conn)
    if encrypted or is_local_host(host):
        return None
    where = redact(url)
    return Notice(
        key=credential_key(url),
        message=f"The history {where} is reached over the network without encryption (TLS): "
                f"its password and plays can be read on the way to {host}; ask the server's "
                "administrator for TLS and add sslmode=verify-full to the history's address.",
        message_ja=f"履歴 {where} には暗号化（TLS）なしでネットワーク越しに接続しています。"
                   f"{host} までの途中でパスワードや対局を読まれるおそれがあります。サーバーの"
                   "管理者に TLS を有効にしてもらい、履歴のアドレスに sslmode=verify-full を"
                   "加えてください。")
