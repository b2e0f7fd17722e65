"""Etariya map faces, the pinwheel board, the setup randomizer and its setup codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.etariya.board import (
    CELLS,
    SLOTS,
    MapError,
    MapFace,
    Placement,
    build_board,
    cell_name,
    default_faces,
    face_problems,
    faces_to_data,
    load_faces,
    parse_cell,
    slot_cells,
    slot_of,
)
from companion.games.etariya.setup import (
    Setup,
    SetupCodeError,
    randomize_setup,
    setup_from_code,
)

EXPANSION_SETS = ["", "A", "B", "C", "D", "E", "ACDE", "BCDE", "CE", "AE"]


# --- cells and faces --------------------------------------------------------------------------
def test_cells_are_named_a1_bottom_left_to_g7_top_right() -> None:
    assert cell_name((6, 0)) == "a1" and cell_name((0, 6)) == "g7"
    assert cell_name((3, 3)) == "d4"
    assert all(parse_cell(cell_name((r, c))) == (r, c) for r in range(7) for c in range(7))


def test_default_faces_are_16_distinct_faces_of_3_by_4_with_6_light_and_6_dark() -> None:
    faces = default_faces()
    assert len(faces) == 16
    assert sorted(f.id for f in faces) == sorted(f"{s}{side}" for s in range(1, 9)
                                                 for side in "AB")
    for face in faces:
        assert len(face.rows) == 3 and all(len(r) == 4 for r in face.rows)
        assert face.pattern.count("L") == 6 and face.pattern.count("D") == 6
    assert len({f.pattern for f in faces}) == 16


def test_a_face_with_the_wrong_count_or_shape_is_refused_with_its_name() -> None:
    assert face_problems(MapFace(3, "B", ("LLLL", "LLLD", "DDDD"))) == [
        "face 3B has 7 Light and 5 Dark cells; it needs 6 of each"]
    assert "3 rows of 4 cells" in face_problems(MapFace(1, "A", ("LLL", "DDD")))[0]
    assert "use only L and D" in face_problems(MapFace(1, "A", ("LLXL", "LDDD", "DDLL")))[0]


def test_a_face_set_needs_all_sixteen_faces_once() -> None:
    faces = list(default_faces())
    with pytest.raises(MapError, match="8B missing"):
        load_faces(faces[:-1])
    with pytest.raises(MapError, match="given twice"):
        load_faces([*faces, faces[0]])


def test_edited_faces_load_from_a_file_and_from_data(tmp_path: Path) -> None:
    faces = list(default_faces())
    faces[4] = MapFace(faces[4].sheet, faces[4].side, ("LLLL", "LLDD", "DDDD"))
    path = tmp_path / "faces.json"
    path.write_text(json.dumps(faces_to_data(faces)), encoding="utf-8")
    assert load_faces(path) == tuple(faces)
    assert load_faces(str(path)) == tuple(faces)
    data = [{"sheet": f.sheet, "side": f.side, "rows": list(f.rows)} for f in faces]
    assert load_faces(data) == tuple(faces)
    assert load_faces(None) == default_faces()


def test_unreadable_face_files_give_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="cannot read"):
        load_faces(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MapError, match="is not JSON"):
        load_faces(bad)
    with pytest.raises(MapError, match="expected"):
        load_faces({"faces": 3})


# --- the pinwheel ------------------------------------------------------------------------------
def test_the_four_slots_and_the_centre_cover_the_board_once() -> None:
    cells = [c for slot in (1, 2, 3, 4) for c in slot_cells(slot)]
    assert len(cells) == 48 and len(set(cells)) == 48 and (3, 3) not in cells
    for number, (top, left, rows, cols) in enumerate(SLOTS, start=1):
        assert set(slot_cells(number)) == {(r, c) for r in range(top, top + rows)
                                           for c in range(left, left + cols)}
    assert slot_of((3, 3)) == 0 and slot_of((0, 0)) == 1 and slot_of((6, 6)) == 3


def test_each_slot_is_the_first_turned_a_quarter_clockwise() -> None:
    one, two = slot_cells(1), slot_cells(2)
    assert all(b == (a[1], 6 - a[0]) for a, b in zip(one, two, strict=True))
    assert slot_cells(1, turned=True) == one[::-1]


def test_build_board_lays_each_face_in_its_slot_and_the_centre() -> None:
    face = MapFace(1, "A", ("LLLL", "LLDD", "DDDD"))
    faces = default_faces()
    placements = [Placement(1, face), Placement(2, faces[2]), Placement(3, faces[4]),
                  Placement(4, faces[6], True)]
    board = build_board(placements, "D")
    assert board[0][:4] == "LLLL" and board[1][:4] == "LLDD" and board[2][:4] == "DDDD"
    assert board[3][3] == "D"
    turned = build_board([Placement(1, face, True), *placements[1:]], "L")
    assert turned[0][:4] == "DDDD" and turned[2][:4] == "LLLL" and turned[3][3] == "L"
    assert sum(row.count("L") for row in board) == 24  # 4 × 6, the centre is Dark


# --- the randomizer -----------------------------------------------------------------------------
def test_randomizer_takes_four_different_sheets_and_is_reproducible() -> None:
    for seed in range(30):
        setup = randomize_setup(seed, "CE")
        assert len({p.face.sheet for p in setup.placements}) == 4
        assert [p.slot for p in setup.placements] == [1, 2, 3, 4]
        assert randomize_setup(seed, "CE") == setup
    assert len({randomize_setup(s).code() for s in range(30)}) == 30


def test_randomizer_draws_the_first_faction_and_the_centre_is_the_other() -> None:
    firsts = {randomize_setup(s).first for s in range(20)}
    assert firsts == {"L", "D"}
    setup = randomize_setup(1, first="D")
    assert setup.first == "D" and not setup.first_by_draw and setup.centre == "L"
    assert setup.board()[3][3] == "L"


def test_randomizer_pairs_score_chips_only_with_e() -> None:
    assert randomize_setup(3).score_pairing is None
    setup = randomize_setup(3, "E")
    assert setup.score_pairing is not None
    assert sorted(setup.score_pairing) == [1, 1, 1, 2, 2, 3, 4]
    assert set(setup.pairing()) == set("ROYGBIV")
    custom = randomize_setup(3, "E", score_values=(1, 2, 3, 4, 5, 6, 7))
    assert sorted(custom.pairing().values()) == [1, 2, 3, 4, 5, 6, 7]


def test_randomizer_uses_edited_faces() -> None:
    faces = [MapFace(f.sheet, f.side, ("LLLL", "LLDD", "DDDD")) for f in default_faces()]
    setup = randomize_setup(8, faces=faces)
    assert all(p.face.rows == ("LLLL", "LLDD", "DDDD") for p in setup.placements)


def test_randomizer_refuses_a_and_b() -> None:
    with pytest.raises(ValueError, match="cannot be combined"):
        randomize_setup(1, "AB")
    with pytest.raises(ValueError, match="unknown expansion"):
        randomize_setup(1, "AZ")


def test_setup_describes_every_step_in_both_languages() -> None:
    setup = randomize_setup(4, "DE")
    en, ja = setup.describe("en"), setup.describe("ja")
    assert any(line.startswith("top-left: sheet") for line in en)
    assert any("dominance chip: score chip" in line for line in en)
    assert en[-1] == f"Setup code: {setup.code()}"
    assert any(line.startswith("左上: シート") for line in ja) and "中央" in "".join(ja)


# --- setup codes ---------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), expansions=st.sampled_from(EXPANSION_SETS),
       first=st.sampled_from([None, "L", "D"]))
def test_setup_code_round_trips(seed: int, expansions: str, first: str | None) -> None:
    setup = randomize_setup(seed, expansions, first=first)
    code = setup.code()
    assert len(code) == 11 and code[5] == "-"
    assert setup_from_code(code) == setup
    assert setup_from_code(code.lower().replace("-", " ")) == setup


def test_setup_code_with_a_typing_mistake_is_refused() -> None:
    code = randomize_setup(9, "CE").code()
    for position in (0, 3, 7, 10):
        wrong = code[:position] + ("2" if code[position] != "2" else "3") + code[position + 1:]
        with pytest.raises(SetupCodeError):
            setup_from_code(wrong)
    with pytest.raises(SetupCodeError, match="10 letters"):
        setup_from_code("1234")


def test_setup_code_refers_to_the_faces_in_use() -> None:
    setup = randomize_setup(6)
    faces = [MapFace(f.sheet, f.side, ("DDDD", "DDLL", "LLLL")) for f in default_faces()]
    other = setup_from_code(setup.code(), faces)
    assert [p.face.id for p in other.placements] == [p.face.id for p in setup.placements]
    assert other.board() != setup.board()


def test_setup_options_start_a_digital_game_on_that_board() -> None:
    from companion.games.etariya.positions import resolve
    from companion.games.etariya.rules import new_state

    setup: Setup = randomize_setup(12, "CE")
    state = new_state(2, setup.options(), setup=setup)
    resolve(state)
    assert state.board_factions() == setup.board()
    assert state.factions[0] == setup.first
    assert state.pairing == setup.pairing()
    assert sum(1 for i in range(CELLS) if state.faction[i] in "LD") == CELLS
