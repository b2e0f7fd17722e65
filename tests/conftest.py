"""Shared test set-up: Qt runs offscreen; nothing touches the user's real data folder."""

from __future__ import annotations

import os
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Qt's settings (the history chosen in Settings, read by the app and the commands) live in a
# folder of the test run, never in the developer's own settings file.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="companion-test-config-")


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


# --- widgets a test shows stay alive until pytest-qt has closed them --------------------------
# pytest-qt keeps only a weak reference to `qtbot.addWidget` widgets. A page in a reference
# cycle (a game's screens point back at their frame) is then freed by Python's cycle collector
# whenever a collection happens to run, which can be while Qt paints that very window, just
# after the test function returned: "QPaintDevice: Cannot destroy paint device that is being
# painted", then a crash. Each test keeps its widgets until pytest-qt has closed them.
try:
    import pytestqt.qtbot as _qtbot_module
except ImportError:  # pragma: no cover - pytest-qt is part of the test extras
    _qtbot_module = None

if _qtbot_module is not None:
    _add_widget = _qtbot_module._add_widget

    def _add_widget_kept(item, widget, **kwargs):  # type: ignore[no-untyped-def]
        _add_widget(item, widget, **kwargs)
        item.__dict__.setdefault("_kept_widgets", []).append(widget)

    _qtbot_module._add_widget = _add_widget_kept


def pytest_runtest_teardown(item, nextitem):  # type: ignore[no-untyped-def]
    """After pytest-qt's own teardown has closed the widgets (its hook wraps this one)."""
    item.__dict__.pop("_kept_widgets", None)
