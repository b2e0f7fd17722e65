"""A password given in `--db` is not left in the process title, which every user of the
computer can read (`ps`, /proc/<pid>/cmdline): the app rewrites it with the password masked
as soon as it starts, and connects with the password all the same."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

SECRET = "S3cret-pw"


def cmdline(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def connected(server: socket.socket, process: subprocess.Popen[str]) -> socket.socket:
    """The connection `process` makes to `server` (failing if it stops before)."""
    for _ in range(300):
        try:
            return server.accept()[0]
        except TimeoutError:
            if process.poll() is not None:
                pytest.fail(f"the command stopped before connecting: {process.stderr.read()}")
    pytest.fail("the command did not connect within a minute")


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="Linux /proc only")
@pytest.mark.parametrize("form", [
    ["--db", "postgresql+psycopg://ann:{secret}@127.0.0.1:{port}/games"],
    ["--db=postgresql+psycopg://ann:{secret}@127.0.0.1:{port}/games"],
    ["--db", "postgresql+psycopg://ann@127.0.0.1:{port}/games?password={secret}"],
    ["--db", "postgresql+psycopg://ann:{secret} x/y@127.0.0.1:{port}/games"],
])
def test_the_password_in_db_is_not_in_the_process_title_while_it_runs(tmp_path, form):
    # a server that takes the connection and never answers: the command waits while we look
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        server.settimeout(0.2)
        args = [arg.format(secret=SECRET, port=port) for arg in form]
        env = {**os.environ, "COMPANION_DB_WAIT": "60", "PGCONNECT_TIMEOUT": "60",
               "COMPANION_DATA_DIR": str(tmp_path)}
        process = subprocess.Popen([sys.executable, "-m", "ui.cli", *args, "db", "check"],
                                   env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        try:
            connection = connected(server, process)  # the command is well under way
            title = cmdline(process.pid)
            connection.close()
        finally:
            process.kill()
            process.wait(timeout=30)
    assert SECRET not in title and "***" in title
    assert "db check" in title and "127.0.0.1" in title
