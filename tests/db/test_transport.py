"""A server on another computer reached without TLS is warned about (the command line prints it
once per run, the app once per history); this computer, or TLS, is not."""

from __future__ import annotations

import ipaddress
import socket
import threading
from collections.abc import Iterator
from contextlib import suppress

import pytest
from sqlalchemy.engine import make_url

import db
from db import transport
from ui import cli


@pytest.mark.parametrize(("host", "local"), [
    ("", True), ("/var/run/postgresql", True), ("localhost", True), ("127.0.0.1", True),
    ("127.1.2.3", True), ("::1", True), ("[::1]", True), (socket.gethostname(), True),
    ("club.example.org", False), ("192.0.2.10", False), ("2001:db8::1", False),
])
def test_what_counts_as_this_computer(host, local):
    assert transport.is_local_host(host) is local


def own_address() -> str | None:
    """An address of this computer that is not a loopback one (None: it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a route only: nothing is sent
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if ipaddress.ip_address(address).is_loopback else address


class Route:
    """A TCP relay listening on a non-loopback address of this computer and passing every
    byte to the test server: a connection to `address` leaves through a network interface,
    as one to another computer does."""

    def __init__(self, target: tuple[str, int]) -> None:
        address = own_address()
        if address is None:
            pytest.skip("this computer has no address other than a loopback one")
        self.address, self.target = address, target
        self.listener = socket.create_server((address, 0))
        self.port = int(self.listener.getsockname()[1])
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                inbound, _ = self.listener.accept()
            except OSError:
                return
            outbound = socket.create_connection(self.target)
            for source, sink in ((inbound, outbound), (outbound, inbound)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def route(club) -> Iterator[Route]:
    parsed = make_url(club.url("olga"))
    relay = Route((parsed.host or "127.0.0.1", parsed.port or 5432))
    yield relay
    relay.close()


def elsewhere(url: str, route: Route, host: str = "localhost") -> str:
    """The same server reached through `route`, under the name `host`: libpq's hostaddr
    decides where it connects, whatever the name says."""
    return make_url(url).set(host=host, port=route.port).update_query_dict(
        {"hostaddr": route.address, "sslmode": "disable"}).render_as_string(hide_password=False)


@pytest.mark.postgres
@pytest.mark.parametrize("name", ["localhost", "club.example.org"])
def test_another_computer_without_tls_gets_a_warning(club, route, name):
    database = db.open_database(elsewhere(club.url("olga"), route, name))
    notice = database.notice
    database.close()
    assert notice is not None
    assert notice.message.startswith(f"The history {database.where} is reached over the network "
                                     "without encryption (TLS)")
    assert route.address in notice.message and "sslmode=verify-full" in notice.message
    assert "暗号化（TLS）なし" in notice.text("ja")
    assert club.roles.password not in notice.message + notice.text("ja")
    parsed = make_url(club.url("olga"))
    assert notice.key == f"{parsed.username}@{name}:{route.port}/{parsed.database}"


@pytest.mark.postgres
def test_hostaddr_in_the_service_file_is_judged_too(club, route, tmp_path, monkeypatch):
    parsed = make_url(club.url("olga"))
    (tmp_path / "services.conf").write_text(
        f"[far]\nhost=localhost\nhostaddr={route.address}\nport={route.port}\n"
        f"dbname={parsed.database}\nuser={parsed.username}\nsslmode=disable\n"
        f"options={parsed.query['options']}\n", encoding="utf-8")
    monkeypatch.setenv("PGSERVICEFILE", str(tmp_path / "services.conf"))
    monkeypatch.setenv("PGPASSWORD", club.roles.password)
    database = db.open_database("postgresql+psycopg:///?service=far")
    notice = database.notice
    database.close()
    assert notice is not None and route.address in notice.message
    assert notice.key == "service=far"


@pytest.mark.postgres
def test_another_name_for_this_computer_s_address_is_this_computer(club):
    url = make_url(club.url("olga")).set(host="club.example.org").update_query_dict(
        {"hostaddr": make_url(club.url("olga")).host or "127.0.0.1", "sslmode": "disable"})
    database = db.open_database(url.render_as_string(hide_password=False))
    assert database.notice is None  # the bytes never leave this computer
    database.close()


@pytest.mark.postgres
def test_this_computer_or_tls_gets_none(club, monkeypatch):
    database = db.open_database(club.url("olga"))  # 127.0.0.1 without TLS: never leaves
    assert database.notice is None
    database.close()
    monkeypatch.setattr(transport, "reached_host", lambda conn: ("club.example.org", True))
    database = db.open_database(club.url("olga").replace("127.0.0.1", "localhost"))
    assert database.notice is None
    database.close()


@pytest.mark.postgres
def test_the_command_line_prints_the_warning_once(club, route, capsys):
    url = elsewhere(club.url("olga"), route)
    assert cli.main(["--db", url, "db", "check"]) == 0
    err = capsys.readouterr().err
    assert err.count("companion: warning: The history") == 1 and "without encryption" in err
    assert club.roles.password not in err
