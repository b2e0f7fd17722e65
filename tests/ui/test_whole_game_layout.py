"""Every game played to its end at the smallest window, in English and in Japanese (issue 34).

A person sits in the first seat and computers (random) in the others. At the person's first
turn, at a person's turn in mid-game and at the result, the test fails when

- a move button of the current decision is cut or lies (partly) outside the part of a scroll
  area a person sees sideways (a decision that needs horizontal scrolling);
- the play page, or the game's table page, shows a horizontal scroll bar;
- the board (the game's part left of the side column) is smaller than it was earlier in
  the game (a side column that widens, a banner that pushes the board down).

Known failures are listed in `KNOWN_LAYOUT_FAILURES` (one line each, the engineer who fixes a
game removes its line): they are marked strict xfail, so a fixed game that stays listed fails.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QRect
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget

from companion.games import registry
from tests.ui.form_start import play_from_form
from tests.ui.layout_checks import TOLERANCE, clipped, describe
from ui.i18n import language

#: (game id, language) → what is wrong there today. Remove a line when its game is fixed.
KNOWN_LAYOUT_FAILURES: dict[tuple[str, str], str] = {}

#: The person's turn checked as "mid-game": the first at or after this many moves.
MID_GAME_MOVES = 12
#: A game longer than this many moves fails the test (it should have ended).
MOST_MOVES = 1500
#: Pixels the board may lose between two checks (rounding of a splitter).
BOARD_SLACK = 2
#: Rounds of events after which a page that still moves fails the test (a layout loop).
SETTLE_ROUNDS = 200


def _case(game_id: str, lang: str) -> Any:
    reason = KNOWN_LAYOUT_FAILURES.get((game_id, lang))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(game_id, lang, marks=marks, id=f"{game_id}-{lang}")


CASES = [_case(info.id, lang) for info in registry.playable_games() for lang in ("en", "ja")]


@pytest.fixture
def small_window(window, monkeypatch):
    from ui.games.sticks import sticks_widget
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    sticks_widget.set_animations_enabled(False)
    window.resize(window.minimumSize())
    yield window
    sticks_widget.set_animations_enabled(True)
    language().set("en")


def _geometries() -> list[tuple[int, int, int, int, bool]]:
    """Where every widget of the shown windows is, and whether it shows."""
    return [(*widget.geometry().getRect(), widget.isVisible())
            for window in QApplication.topLevelWidgets() if window.isVisible()
            for widget in [window, *window.findChildren(QWidget)]]


def settle(qtbot: Any) -> None:
    """Handle every event and layout the pages asked for, round after round, until two rounds
    in a row move nothing: a count of rounds, never a time (a loaded machine handles fewer
    events in a few milliseconds, and a check half-way through a layout saw a board that was
    not yet, or no longer, its size)."""
    still, last = 0, None
    for _ in range(SETTLE_ROUNDS):
        QApplication.sendPostedEvents()
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        now = _geometries()
        still = still + 1 if now == last else 0
        if still == 2:
            return
        last = now
    raise AssertionError(f"the page still moved after {SETTLE_ROUNDS} rounds of events")


def _scroll_areas_around(widget: QWidget) -> Iterator[QAbstractScrollArea]:
    parent = widget.parentWidget()
    while parent is not None:
        grand = parent.parentWidget()
        if isinstance(grand, QAbstractScrollArea) and parent is grand.viewport():
            yield grand
        parent = grand


def _out_of_sight_sideways(button: QWidget) -> str:
    """Why a person must scroll sideways to see all of `button`, or ""."""
    for area in _scroll_areas_around(button):
        view = area.viewport()
        corner = button.mapTo(view, button.rect().topLeft())
        box = QRect(corner, button.size())
        if box.left() < -TOLERANCE or box.right() > view.width() + TOLERANCE:
            return (f"lies at x {box.left()}..{box.right()} of a {view.width()}px wide "
                    f"{type(area).__name__}")
    return ""


def decision_problems(view: Any) -> list[str]:
    """The move buttons of the current decision that are cut or out of sight sideways."""
    buttons = [b for b in view.move_buttons() if b.isVisible()]
    problems = [f"{describe(b)} {_out_of_sight_sideways(b)}" for b in buttons
                if _out_of_sight_sideways(b)]
    cut = {id(w): why for w, why in clipped(view)}
    problems += [f"{describe(b)} is cut: {cut[id(b)]}" for b in buttons if id(b) in cut]
    return problems


def sideways_scroll_bars(page: QWidget) -> list[str]:
    """The scroll areas of `page` that show a horizontal scroll bar."""
    return [f"{describe(area)} scrolls sideways by {area.horizontalScrollBar().maximum()}px"
            for area in page.findChildren(QAbstractScrollArea)
            if area.isVisible() and area.horizontalScrollBar().isVisible()]


class Watch:
    """The checks of one game, collected as it is played."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.problems: list[str] = []
        self.board_size: tuple[int, int] | None = None

    def check(self, when: str, *, decision: bool) -> None:
        view = self.view
        found = sideways_scroll_bars(view)
        if decision:
            found += decision_problems(view)
        size = (view.board.width(), view.board.height())
        if self.board_size is not None:
            width, height = self.board_size
            if size[0] + BOARD_SLACK < width or size[1] + BOARD_SLACK < height:
                found.append(f"the board shrank from {width}×{height} to {size[0]}×{size[1]} "
                             f"(the side column is {view.side_scroll.width()}px wide)")
        self.board_size = size if self.board_size is None else (
            max(size[0], self.board_size[0]), max(size[1], self.board_size[1]))
        self.problems += [f"{when}: {line}" for line in found]


def start_game(qtbot: Any, window: Any, game_id: str) -> Any:
    """The game's play page with a person in seat 1 and random computers elsewhere."""
    info = registry.get(game_id)
    return play_from_form(qtbot, window, game_id, max(info.min_players, 2), "Hanako")


def wait_for_person(qtbot: Any, view: Any) -> bool:
    """Wait until the person has a move to make (True) or the game is over (False)."""
    c = view.controller
    qtbot.waitUntil(lambda: c.finished or (c.is_human_turn() and bool(view.legal_moves())),
                    timeout=20000)
    return not c.finished


def table_problems(qtbot: Any, window: Any, game_id: str) -> list[str]:
    """Every tab of the game's table page, shown: horizontal scroll bars."""
    if registry.Mode.TABLE not in registry.get(game_id).modes:
        return []
    table = window.open_game(game_id, "table").widget("table")
    found = []
    for index in range(table.tabs.count()):
        table.tabs.setCurrentIndex(index)
        settle(qtbot)
        found += [f"table tab {index}: {line}" for line in sideways_scroll_bars(table)]
    return found


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_a_whole_game_fits_the_smallest_window(qtbot, small_window, game_id, lang) -> None:
    language().set(lang)
    view = start_game(qtbot, small_window, game_id)
    watch = Watch(view)
    rng = random.Random(7)
    moves = 0
    mid_game_seen = False
    while wait_for_person(qtbot, view):
        if moves == 0:
            settle(qtbot)
            watch.check("start", decision=True)
        elif not mid_game_seen and len(view.controller.game.record.entries) >= MID_GAME_MOVES:
            mid_game_seen = True
            settle(qtbot)
            watch.check("mid-game", decision=True)
        view.play(rng.choice(view.legal_moves()))
        moves += 1
        assert moves < MOST_MOVES, f"{game_id} did not end"
    qtbot.waitUntil(lambda: view.result_panel.isVisible(), timeout=10000)
    settle(qtbot)
    watch.check("result", decision=False)
    problems = watch.problems + table_problems(qtbot, small_window, game_id)
    assert not problems, "\n".join(problems)


def test_a_prompt_of_one_or_two_lines_leaves_the_board_its_room(qtbot, small_window) -> None:
    """The turn line keeps two lines' room from the start (measured in the fonts that draw
    Japanese, whose lines are taller than the font's own line spacing): a prompt that
    wraps takes no pixel from the board."""
    language().set("ja")
    view = start_game(qtbot, small_window, "makaik")
    label = view.turn_label
    shown = []
    for text in ("ゲーム終了。", "花子 さんの番です。 基準点を決めるか、降りてください。" * 2):
        label.setText(text)
        settle(qtbot)
        shown.append((label.heightForWidth(label.width()), label.height(), view.board.height()))
    (one_line, *one), (two_lines, *two) = shown
    assert two_lines > one_line  # the second prompt wraps …
    assert two == one  # … in the room the turn line had: the board keeps its height
