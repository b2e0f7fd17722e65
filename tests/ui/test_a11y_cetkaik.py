"""What a screen reader hears on the 机戦 play page, through Qt's accessibility interface, in
both languages: the board and the square under the cursor, the seat cards, a move as it is
made, the result; `?` lists the keys (issue 37)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from companion.display import strip_isolates
from tests.ui.keyboard import (
    cursor_to,
    key_lists_after,
    play_to_the_end,
    tab_to,
    wait_for_person,
)
from tests.ui.screen_reader import description_of, name_of
from tests.ui.test_keys_cetkaik import a_turn_by_keys, person_move, play_by_keys, started
from ui.games.cetkaik.play import CetkaikScreens
from ui.i18n import language
from ui.play.keys import last_announcement

RESULT = {"en": ("Winner", "Draw"), "ja": ("勝者", "引き分け")}
WORDS: dict[str, dict[str, str]] = {
    "en": {"board": "机戦 board", "other side": "A side", "side": "IA side", "turn": "to move",
           "empty": "empty", "choose": "you can choose it", "keys": "Cancel a half-made move"},
    "ja": {"board": "机戦の盤", "other side": "赤王側", "side": "黒王側", "turn": "手番",
           "empty": "空き", "choose": "選べます", "keys": "選びかけの手を取り消す"},
}



@pytest.mark.parametrize("code", ["en", "ja"])
def test_board_squares_seats_moves_and_result_are_spoken(qtbot, code) -> None:
    language().set(code)
    words = WORDS[code]
    view = started(qtbot, "cetkaik_education", seasons=1)
    screens = view.screens
    assert isinstance(screens, CetkaikScreens) and view.controller is not None
    board, keys = screens.board, screens.keys
    assert name_of(board) == words["board"]
    tab_to(qtbot, board)
    state = view.controller.state
    index = state.tables.index
    occupied, colour = next((sq, p[0]) for sq, n in enumerate(state.tables.names)
                            if (p := state.piece_at(n)) is not None and p[2] == 1)
    cursor_to(qtbot, keys, occupied)  # the other side's piece
    said = description_of(board)
    square = screens.spots()[occupied].name.split(":")[0]
    assert said.startswith(f"{square}: ") and colour.name_in(code) in said
    assert words["other side"] in said
    assert words["choose"] not in said  # it cannot move now
    movable = index[next(m.src for m in state.legal_moves() if hasattr(m, "src"))]
    cursor_to(qtbot, keys, movable)
    assert words["choose"] in description_of(board)
    empty = next(sq for sq, n in enumerate(state.tables.names)
                 if state.piece_at(n) is None and sq != state.tam)
    cursor_to(qtbot, keys, empty)
    assert words["empty"] in description_of(board)

    ann = view.seat_panel.cards[0]
    assert "Ann" in name_of(ann) and words["side"] in name_of(ann) and words["turn"] in name_of(ann)
    assert words["turn"] not in name_of(view.seat_panel.cards[1])

    rng = random.Random(5)
    controller = view.controller
    first = person_move(controller.state, rng)
    play_by_keys(qtbot, view, first)
    wait_for_person(qtbot, controller)
    last_line = view.moves.item(view.moves.count() - 1).text()
    assert description_of(view).startswith(strip_isolates(last_line))  # the last move, said
    assert last_announcement(view) == description_of(view)
    play_to_the_end(qtbot, controller, lambda: a_turn_by_keys(qtbot, view, rng), limit=300)
    assert controller.finished
    banner = view.result_panel
    assert name_of(banner).startswith(RESULT[code]), name_of(banner)
    assert description_of(banner)

    helps = key_lists_after(qtbot, view, Qt.Key.Key_Question)
    assert helps and words["keys"] in helps[0].text()
    helps[0].close()
