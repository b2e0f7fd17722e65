"""The settings file holds the history's location and the seats' names: like the history, it
is readable by its owner only (0600, in a 0700 folder), whatever the umask, and a file an
older version left readable by others is narrowed at start."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

WRITE = """
import sys
from ui.app import make_settings
settings = make_settings()
settings.setValue("database/url", "postgresql+psycopg://ann@club.example.org/games")
settings.sync()
print(settings.fileName())
"""


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def write_settings(config: Path) -> Path:
    """The app's own settings written by a process started with the most permissive umask."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(config), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", WRITE], env=env, capture_output=True,
                          text=True, timeout=60, preexec_fn=lambda: os.umask(0), check=True)
    return Path(done.stdout.strip())


def test_the_settings_file_and_its_folder_are_private(tmp_path):
    path = write_settings(tmp_path / "config")
    assert path.parent == tmp_path / "config" / "TabletopCompanion"
    assert "club.example.org" in path.read_text(encoding="utf-8")
    assert (mode(path), mode(path.parent)) == (0o600, 0o700)


def test_an_older_readable_settings_file_is_narrowed(tmp_path):
    folder = tmp_path / "config" / "TabletopCompanion"
    folder.mkdir(parents=True)
    old = folder / "companion.conf"
    old.write_text("[General]\nlanguage=en\n", encoding="utf-8")
    old.chmod(0o644)
    folder.chmod(0o755)
    path = write_settings(tmp_path / "config")
    assert path == old and "language=en" in path.read_text(encoding="utf-8")
    assert (mode(path), mode(folder)) == (0o600, 0o700)
