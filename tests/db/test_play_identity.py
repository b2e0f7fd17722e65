"""Every play has a stable identity (`plays.uid`, issue 32 item 2): made when the play is
created, stored, given to plays stored before migration 0007, kept through export and import."""

from __future__ import annotations

import csv
import io
import json
import uuid

import pytest
from sqlalchemy import create_engine, text

import db
from companion.export import history_csv, history_json
from companion.history import PlayRecord
from db.transfer import backup_kind, write_backup
from tests.db.helpers import play
from tests.db.test_migrations import migrate
from ui import cli
from ui.commands.import_ import differing_lines


def is_uuid(value: str | None) -> bool:
    return value is not None and str(uuid.UUID(value)) == value


def test_a_new_play_has_an_identity_that_is_stored(database):
    made = play(["Ann", "Bo"], [3, 4])
    assert is_uuid(made.uid)
    play_id = db.add_play(database, made)
    stored = db.get_play(database, play_id)
    assert stored is not None and stored.uid == made.uid


def test_updating_a_play_keeps_its_identity(database):
    made = play(["Ann", "Bo"], [3, 4], finished=False)
    play_id = db.add_play(database, made)
    again = play(["Ann", "Bo"], [5, 4])  # a new record of the same play: another uid
    again.id = play_id
    db.update_play(database, again)
    stored = db.get_play(database, play_id)
    assert stored is not None and stored.uid == made.uid


@pytest.mark.organiser
def test_plays_stored_before_identities_get_one_each(db_url):
    migrate(db_url, "0006")
    engine = create_engine(db_url)
    with engine.begin() as conn:
        for play_id in (1, 2, 3):
            conn.execute(text(
                "INSERT INTO plays (id, game_id, mode, started_at, finished_at, options, "
                "record, location, notes, updated_at) VALUES (:id, 'juusai', 'table', "
                "'2026-01-01 19:00:00', NULL, '{}', NULL, '', '', '2026-01-01 20:00:00')"),
                {"id": play_id})
    engine.dispose()
    database = db.open_database(db_url)
    uids = [p.uid for p in db.list_plays(database)]
    assert len(uids) == 3 and len(set(uids)) == 3 and all(is_uuid(u) for u in uids)
    database.close()
    migrate(db_url, "0006", down=True)  # and back down: the column goes, the plays stay
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert conn.scalar(text("SELECT count(*) FROM plays")) == 3
    engine.dispose()


# -- exports, backups and imports keep it ------------------------------------------------------


def three_plays() -> list[PlayRecord]:
    """Ann and Bo, Ann and Cy, Cy and Dee: Cy and Bo never sat together (they can merge)."""
    return [play(["Ann", "Bo"], [3, 4], day=0), play(["Ann", "Cy"], [5, 1], day=1),
            play(["Cy", "Dee"], [2, 2], day=2)]


def file_of(plays: list[PlayRecord]) -> str:
    return history_json.dumps(plays)


@pytest.mark.organiser
def test_reimporting_after_renames_and_merges_adds_nothing(database):
    text = file_of(three_plays())
    first = db.import_plays(database, history_json.iter_plays(text))
    assert (first.imported, first.skipped) == (3, 0)
    ids = {p.name: p.id for p in db.list_players(database)}
    db.rename_player(database, ids["Ann"], "Anna")
    db.merge_players(database, ids["Bo"], ids["Cy"])  # Cy was Bo all along
    again = db.import_plays(database, history_json.iter_plays(text))
    assert (again.imported, again.skipped, again.differing) == (0, 3, ())
    assert db.count_plays(database) == 3
    assert sorted(p.name for p in db.list_players(database)) == ["Anna", "Bo", "Dee"]
    # and the history's own export, read back, is the same history
    exported = file_of(list(reversed(db.list_plays(database))))
    assert db.import_plays(database, history_json.iter_plays(exported)).imported == 0
    assert db.count_plays(database) == 3


@pytest.mark.organiser
def test_an_edited_play_is_kept_and_the_import_says_it_differs(database, capsys):
    plays = three_plays()
    db.import_plays(database, plays)
    stored = {p.uid: p for p in db.list_plays(database)}
    edited = stored[plays[1].uid]
    edited.seats[1].score = 9
    edited.notes = "corrected"
    db.update_play(database, edited)
    again = db.import_plays(database, history_json.iter_plays(file_of(plays)))
    assert (again.imported, again.skipped) == (0, 3)
    assert [d.play_id for d in again.differing] == [edited.id]
    after = db.get_play(database, edited.id)
    assert after is not None and after.notes == "corrected"  # not overwritten
    lines = differing_lines(again.differing, "en")
    assert lines[0].startswith("1 of these differ from the stored play")
    assert f"#{edited.id} 2026-03-15 19:30" in lines[1]
    ja = differing_lines(again.differing, "ja")
    assert ja[0].startswith("1 件の対局は保存済みの同じ対局と内容が異なります")


def test_the_import_command_lists_plays_that_differ_in_both_languages(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'history.db'}"
    plays = three_plays()
    source = tmp_path / "plays.json"
    source.write_text(file_of(plays), "utf-8")
    assert cli.main(["--db", url, "import", str(source)]) == 0
    database = db.open_database(url)
    edited = next(p for p in db.list_plays(database) if p.uid == plays[0].uid)
    edited.seats[0].score = 7
    db.update_play(database, edited)
    database.close()
    capsys.readouterr()
    for lang, expected in (("en", "1 of these differ"), ("ja", "1 件の対局は")):
        assert cli.main(["--db", url, "--lang", lang, "import", str(source)]) == 0
        out = capsys.readouterr()
        assert "imported 0 plays" in out.out
        assert expected in out.err and f"#{edited.id} 2026-03-14 19:30" in out.err


@pytest.mark.organiser
def test_an_older_file_without_identities_is_still_matched_by_its_plays(database):
    plays = three_plays()
    db.add_plays(database, plays)
    data = json.loads(file_of(plays))
    for entry in data["plays"]:
        del entry["uid"]
    old = json.dumps(data)
    result = db.import_plays(database, history_json.iter_plays(old))
    assert (result.imported, result.skipped) == (0, 3)
    fresh = [play(["Eve", "Fay"], [1, 2], day=5)]
    data = json.loads(file_of(fresh))
    del data["plays"][0]["uid"]
    assert db.import_plays(database, history_json.iter_plays(json.dumps(data))).imported == 1
    ids = {p.name: p.id for p in db.list_players(database)}
    db.rename_player(database, ids["Eve"], "Eva")  # the identity derived from the old file holds
    assert db.import_plays(database, history_json.iter_plays(json.dumps(data))).imported == 0
    assert db.count_plays(database) == 4


@pytest.mark.organiser
def test_allowing_duplicates_stores_copies_with_identities_of_their_own(database):
    plays = three_plays()
    db.import_plays(database, plays)
    result = db.import_plays(database, plays, skip_duplicates=False)
    assert result.imported == 3
    uids = [p.uid for p in db.list_plays(database)]
    assert len(uids) == 6 and len(set(uids)) == 6


def test_exports_and_backups_carry_the_identity(database, tmp_path):
    made = play(["Ann", "Bo"], [3, 4])
    db.add_play(database, made)
    (stored,) = db.list_plays(database)
    assert json.loads(file_of([stored]))["plays"][0]["uid"] == made.uid
    rows = list(csv.DictReader(io.StringIO(history_csv.plays_to_csv([stored]))))
    assert {row["play_uid"] for row in rows} == {made.uid}
    backup = write_backup(database, tmp_path / "backup")
    if backup_kind(database) == "json":
        (kept,) = history_json.plays_from_json(json.loads(backup.read_text("utf-8")))
        assert kept.uid == made.uid
    else:
        copy = db.open_database(f"sqlite:///{backup}")
        assert [p.uid for p in db.list_plays(copy)] == [made.uid]
        copy.close()
