"""PySide6's check of each imported module (does its source mention PySide6?) reads the
file's bytes instead of tokenizing it (issue 35), with the same answers."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from ui.pyside_imports import CHECK, FEATURE_MODULE, quicker_feature_check


@pytest.fixture
def feature(monkeypatch):
    """PySide6's feature module with its own check (a window built earlier in this process
    replaced it), restored after the test."""
    module = sys.modules.get(FEATURE_MODULE)
    if module is None or not callable(getattr(module, CHECK, None)):
        pytest.skip("this PySide6 has no source check")
    check = getattr(module, CHECK)
    monkeypatch.setattr(module, CHECK, getattr(check, "original", check))
    return module


def fresh_module(folder: Path, name: str, text: str, monkeypatch):
    (folder / f"{name}.py").write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return importlib.import_module(name)


def test_the_quick_check_answers_as_pyside6_does(feature, tmp_path, monkeypatch) -> None:
    original = getattr(feature, CHECK)
    uses = fresh_module(tmp_path, "uses_qt_x1", "# 日本語\nfrom PySide6.QtCore import QObject\n",
                        monkeypatch)
    plain = fresh_module(tmp_path, "plain_x1", "VALUE = 'PySide2'\n", monkeypatch)
    assert quicker_feature_check() is True
    quick = getattr(feature, CHECK)
    assert quick is not original and getattr(quick, "reads_bytes", False)
    for module in (uses, plain, sys, importlib):  # a .py file, and modules without one
        assert quick(module) == original(module)
    assert [quick(uses), quick(plain)] == [True, False]


def test_the_quick_check_is_installed_once(feature) -> None:
    assert quicker_feature_check() is True
    installed = getattr(feature, CHECK)
    assert quicker_feature_check() is True
    assert getattr(feature, CHECK) is installed


def test_a_missing_file_is_asked_the_original_way(feature, tmp_path, monkeypatch) -> None:
    gone = fresh_module(tmp_path, "gone_x1", "from PySide6 import QtCore\n", monkeypatch)
    (tmp_path / "gone_x1.py").unlink()
    original = getattr(feature, CHECK)
    quicker_feature_check()
    assert getattr(feature, CHECK)(gone) == original(gone)


def test_nothing_changes_without_pysides_check(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, FEATURE_MODULE, object())
    assert quicker_feature_check() is False


# --- the command line's quick path to the window --------------------------------------------
@pytest.mark.parametrize(("argv", "expected"), [
    ([], {"db": None, "lang": None}),
    (["--lang", "ja"], {"db": None, "lang": "ja"}),
    (["--lang=en", "--db", "sqlite:///h.db"], {"db": "sqlite:///h.db", "lang": "en"}),
    (["--db=postgresql://club@host/games"], {"db": "postgresql://club@host/games",
                                             "lang": None}),
])
def test_the_windows_options_are_read_without_argparse(argv, expected, monkeypatch) -> None:
    from ui.cli import gui_arguments

    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    args = gui_arguments(argv)
    assert args is not None
    assert (args.command, args.details, args.db, args.lang) == (
        None, False, expected["db"], expected["lang"])


def test_the_environment_names_the_history(monkeypatch) -> None:
    from ui.cli import gui_arguments

    monkeypatch.setenv("COMPANION_DB_URL", "sqlite:///club.db")
    assert gui_arguments([]).db == "sqlite:///club.db"
    assert gui_arguments(["--db", "sqlite:///mine.db"]).db == "sqlite:///mine.db"


@pytest.mark.parametrize("argv", [["--lang", "fr"], ["--lang"], ["--db", "--lang", "en"],
                                  ["export"], ["--help"], ["--details"], ["--la", "ja"]])
def test_anything_else_goes_to_the_full_parser(argv) -> None:
    from ui.cli import gui_arguments

    assert gui_arguments(argv) is None


def test_a_wrong_language_is_still_explained(capsys) -> None:
    from ui.cli import main

    with pytest.raises(SystemExit) as info:
        main(["--lang", "fr"])
    assert info.value.code == 2
    assert "invalid choice: 'fr'" in capsys.readouterr().err
