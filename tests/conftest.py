"""Shared test set-up: Qt runs offscreen; nothing touches the user's real data folder."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


# --- the system keyring: none unless a test asks for the in-memory one ------------------------

class MemoryKeyring:
    """A keyring backend that keeps passwords in a dict (keyring's API, no system service)."""

    priority = 1
    name = "memory keyring"

    def __init__(self) -> None:
        self.stored: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.stored.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.stored[service, username] = password

    def delete_password(self, service: str, username: str) -> None:
        self.stored.pop((service, username), None)


@pytest.fixture(autouse=True)
def no_keyring():
    """Tests never reach the developer's real keyring: keyring's "fail" backend (what a
    headless machine has) unless `memory_keyring` replaces it."""
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:
        yield
        return
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(before)


@pytest.fixture
def memory_keyring(no_keyring) -> MemoryKeyring:
    import keyring
    from keyring.backend import KeyringBackend

    backend = type("TestKeyring", (MemoryKeyring, KeyringBackend), {})()
    keyring.set_keyring(backend)
    return backend
