"""Every refusal the network tables' functions raise (migration 0011's CT SQLSTATEs) is a
sentence in both languages, of the class the client promises (issue 38)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from db.errors import NET_REFUSALS, Conflict, MoveRefused, NetTableError, net_refusal

MIGRATION = Path(__file__).resolve().parents[2] / "db/migrations/versions/0011_network_tables.py"


class FakeDriverError(Exception):
    """What psycopg raises: the server's SQLSTATE and message."""

    def __init__(self, sqlstate: str, message: str) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate


def test_every_code_the_functions_raise_has_a_sentence_in_both_languages():
    raised = set(re.findall(r"'(CT\d{3})'", MIGRATION.read_text(encoding="utf-8")))
    assert raised and raised == set(NET_REFUSALS)
    for _kind, english, japanese in NET_REFUSALS.values():
        assert english.endswith(".") and english.count(". ") == 0
        assert japanese.endswith("。") and japanese != english


@pytest.mark.parametrize(("state", "kind"), [("CT001", MoveRefused), ("CT002", MoveRefused),
                                             ("CT005", Conflict), ("CT008", NetTableError)])
def test_a_refusal_becomes_its_sentence_with_the_servers_words_as_detail(state, kind):
    error = net_refusal(FakeDriverError(state, "seat 0 of table 7 is not played by ann"))
    assert type(error) is kind and error is not None
    assert error.sqlstate == state and error.message == NET_REFUSALS[state][1]
    assert error.text("ja") == NET_REFUSALS[state][2]
    assert error.detail == "seat 0 of table 7 is not played by ann"


def test_other_driver_errors_are_no_refusal():
    assert net_refusal(FakeDriverError("23505", "duplicate key")) is None
    assert net_refusal(ValueError("x")) is None
