"""Issue 34 on the stick and race games (獣裁, 六裁, 連船之遊, 行山): the throw panel fits its
column at the smallest window, a thrown number shows only once the sticks have landed, the
English interface reads no 赤/黒, 始/終 or ship numerals, a tie-break that decided the winner is
said in the result, and 六裁's penalty points are told apart from the score."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractScrollArea

from companion.core.api import Termination
from companion.games import registry
from tests.ui.layout_checks import clipped, describe, visible_texts
from ui.i18n import language


def start(window: Any, game_id: str, people: int = 2, names: tuple[str, ...] = ("花子", "Ben"),
          **options: int) -> Any:
    """A hot-seat game of `game_id` with `people` people, at the smallest window."""
    window.resize(window.minimumSize())
    area = window.open_game(game_id, "play").widget("play")
    area.show_form()
    form = area.form
    form.set_players(people)
    for row, name in zip(form.rows, names, strict=False):
        row.set_bot(None)
        row.name.setText(name)
    for key, value in options.items():
        form._option_widgets[key].setValue(value)
    form.start()
    return area.view


def play_until(qtbot: Any, view: Any, wanted: Any, limit: int = 400) -> None:
    """Play the first offered move until `wanted(view)` holds."""
    for _ in range(limit):
        qtbot.wait(1)
        if view.is_covered():
            view.reveal()
        if wanted(view):
            return
        assert view.legal_moves(), "the game ended first"
        view.play(view.legal_moves()[0])
    raise AssertionError("never reached")


def seen_sideways(widget: Any) -> bool:
    """All of `widget` lies inside the width of the scroll areas around it."""
    parent = widget.parentWidget()
    while parent is not None:
        grand = parent.parentWidget()
        if isinstance(grand, QAbstractScrollArea) and parent is grand.viewport():
            corner = widget.mapTo(parent, widget.rect().topLeft())
            box = QRect(corner, widget.size())
            if box.left() < 0 or box.right() > parent.width():
                return False
        parent = grand
    return True


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_connected_ships_actions_and_throw_fit_the_smallest_window(
        window, qtbot, quiet_games, lang: str) -> None:
    language().set(lang)
    view = start(window, "tudepijume", names=("Alexandra", "Bot · Greedy"))
    screens = view.screens
    play_until(qtbot, view, lambda v: len(v.controller.game.record.entries) > 40
               and len([b for b in v.move_buttons() if b.isVisible()]) >= 3)
    qtbot.wait(20)
    area = view.side_scroll  # the throw and its moves are the side column's
    assert area.isAncestorOf(screens.throw)
    assert not area.horizontalScrollBar().isVisible()
    buttons = [b for b in view.move_buttons() if b.isVisible()]
    assert all(seen_sideways(b) for b in buttons), [b.text() for b in buttons]
    assert seen_sideways(screens.throw.badge)
    assert all(b.width() >= b.minimumSizeHint().width() for b in buttons)
    language().set("en")


def test_the_number_of_a_throw_shows_once_the_sticks_have_landed(window, qtbot,
                                                                  monkeypatch) -> None:
    from ui.games.sticks import sticks_widget
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    sticks_widget.set_animations_enabled(True)
    view = start(window, "netxiju")
    panel = view.screens.throw
    qtbot.waitUntil(lambda: bool(view.legal_moves()), timeout=5000)
    view.play(view.legal_moves()[0])  # throw: the sticks tumble
    qtbot.waitUntil(panel.sticks.is_animating, timeout=2000)
    assert panel.badge.shown_text() == "–"
    assert panel.report.text() == ""
    qtbot.waitUntil(lambda: not panel.sticks.is_animating(), timeout=5000)
    thrown = view.controller.state.last.cast
    assert panel.badge.shown_text() == str(thrown)
    assert str(thrown) in panel.report.text()


def test_the_stick_games_board_tells_the_throw_once_landed(window, qtbot, monkeypatch) -> None:
    from ui.games.sticks import sticks_widget
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    sticks_widget.set_animations_enabled(True)
    view = start(window, "juusai")
    board = view.screens.board
    qtbot.waitUntil(lambda: bool(view.legal_moves()), timeout=5000)
    throw = next(m for m in view.legal_moves() if str(m) == "throw")
    view.play(throw)
    qtbot.waitUntil(board.sticks.is_animating, timeout=2000)
    assert board.badge.shown_text() == "–" and board.last_label.text() == ""
    qtbot.waitUntil(lambda: not board.sticks.is_animating(), timeout=5000)
    assert board.badge.shown_text() == str(view.controller.state.ledger().last_throw)


JAPANESE_LABELS = re.compile("[赤黒始終一二三]")


def test_the_english_connected_ships_page_reads_no_japanese_labels(window, qtbot,
                                                                   quiet_games) -> None:
    from companion.games.tudepijume.board import GOAL, START, place_word, ship_mark

    language().set("en")
    view = start(window, "tudepijume")
    play_until(qtbot, view, lambda v: any(
        "start ·" in v.screens.table.item(r, c).text()
        for r in range(v.screens.table.rowCount()) for c in range(v.screens.table.columnCount())
        if v.screens.table.item(r, c) is not None))
    names = {"花子", "Ben"}
    texts = [t for t in visible_texts(view) if t not in names]
    assert not [t for t in texts if JAPANESE_LABELS.search(t.replace("花子", ""))]
    assert (place_word(START, "en"), place_word(GOAL, "en")) == ("start", "goal")
    assert [ship_mark(n, "en") for n in (1, 2, 3)] == ["I", "II", "III"]
    assert (place_word(START, "ja"), ship_mark(2, "ja")) == ("始", "二")


def test_the_english_mountain_road_names_card_colours_in_words(window, qtbot,
                                                               quiet_games) -> None:
    language().set("en")
    view = start(window, "mokzo", rounds=10)
    play_until(qtbot, view, lambda v: any(
        b.objectName().startswith("move:place") for b in v.move_buttons() if b.isVisible()))
    texts = [b.text() for b in view.move_buttons() if b.isVisible()]
    assert not [t for t in texts if re.search("[赤黒]", t)], texts
    assert any(re.match(r"(place|play) (red|black) ", t) for t in texts), texts
    moves = [view.moves.item(i).text() for i in range(view.moves.count())]
    assert not [t for t in moves if re.search("[赤黒]", t.replace("花子", ""))], moves


def finished(game_id: str, **changes: Any) -> Any:
    state = registry.get(game_id).create(2)
    for key, value in changes.items():
        setattr(state, key, value)
    return state


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_connected_ships_result_says_the_tie_break_at_0_to_0(window, quiet_games,
                                                             lang: str) -> None:
    language().set(lang)
    view = start(window, "tudepijume")
    state = finished("tudepijume", ended=Termination.ROUND_LIMIT, goal=[0, 0],
                     stock=[12, 9])
    outcome = state.outcome()
    first, second = state.tie_break(0), state.tie_break(1)
    assert outcome.winners == frozenset({0}) and first == second + 3
    detail = view.screens.outcome_detail(state, outcome, ["花子", "Ben"])
    wanted = (f"start stock plus cargo decided it: \u2068花子\u2069 {first}, "
              f"\u2068Ben\u2069 {second}" if lang == "en" else
              f"スタートの資源と積み荷の合計で決まった: \u2068花子\u2069 {first}、"
              f"\u2068Ben\u2069 {second}")
    assert wanted in detail
    state.goal = [3, 0]  # the goal decided: no tie-break to tell
    assert "cargo" not in view.screens.outcome_detail(state, state.outcome(), ["花子", "Ben"])
    assert "積み荷" not in view.screens.outcome_detail(state, state.outcome(), ["花子", "Ben"])
    language().set("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_mountain_road_result_says_the_tie_break_of_pieces_on_one_square(
        window, quiet_games, lang: str) -> None:
    from companion.games.mokzo.rules import OVER

    language().set(lang)
    view = start(window, "mokzo", rounds=10)
    state = finished("mokzo", phase=OVER, winner=-1, square=[3, 3], rice=[4, 9], money=[1, 0])
    outcome = state.outcome()
    detail = view.screens.outcome_detail(state, outcome, ["花子", "Ben"])
    wanted = ("share square 3: the most resources (米 plus 5 per 銭) decided it: "
              "\u2068花子\u2069 9 米, \u2068Ben\u2069 9 米" if lang == "en" else
              "マス 3 に並んだので、資源(米 + 銭×5)の多さで決まった: \u2068花子\u2069 9米、"
              "\u2068Ben\u2069 9米")
    assert wanted in detail
    state.square = [4, 3]
    assert "米" not in view.screens.outcome_detail(state, state.outcome(), ["花子", "Ben"])
    language().set("en")


@pytest.mark.parametrize(("lang", "card", "line"), [
    ("en", "7 penalty pts", "Penalty points (apart from the score, which counts places): "
     "\u2068花子\u2069 7, \u2068Ben\u2069 2"),
    ("ja", "罰点 7", "罰点(得点とは別。得点は着順で決まる): \u2068花子\u2069 7、\u2068Ben\u2069 2"),
])
def test_six_sticks_tells_penalty_points_from_the_score(window, quiet_games, lang: str,
                                                        card: str, line: str) -> None:
    language().set(lang)
    view = start(window, "netxiju")
    state = finished("netxiju", cups=[7, 2], finish=[1, 0])
    assert view.screens.score_line(state, 0) == card
    detail = view.screens.outcome_detail(state, state.outcome(), ["花子", "Ben"])
    assert line in detail.splitlines()
    language().set("en")


def test_the_table_thrower_tells_the_number_once_the_sticks_land(qtbot) -> None:
    from ui.games.sticks import sticks_widget
    from ui.games.sticks.thrower_view import ThrowerView
    from ui.table.frame import TablePage

    sticks_widget.set_animations_enabled(True)
    page = TablePage(None, "juusai")
    qtbot.addWidget(page)
    view = ThrowerView(page, seed=3)
    page.add_tab(view)
    page.show()
    qtbot.waitExposed(page)
    qtbot.mouseClick(view.throw_button, Qt.MouseButton.LeftButton)
    assert view.sticks.is_animating()
    assert view.badge.shown_text() == "–" and view.history.count() == 0
    qtbot.waitUntil(lambda: not view.sticks.is_animating(), timeout=5000)
    assert view.badge.shown_text() == str(view.log.last())
    assert view.history.item(0).text() == f"1.  {view.log.last()}"


def test_the_english_mountain_road_moves_need_no_sideways_scrolling(window, qtbot,
                                                                    quiet_games) -> None:
    """Long English labels ("discard black 兵 (+2 米)") go one a row, never out of sight."""
    language().set("en")
    view = start(window, "mokzo", rounds=10)
    play_until(qtbot, view, lambda v: sum(
        b.objectName().startswith("move:discard") for b in v.move_buttons() if b.isVisible()) >= 2)
    qtbot.wait(20)
    buttons = [b for b in view.move_buttons() if b.isVisible()]
    assert all(seen_sideways(b) for b in buttons), [b.text() for b in buttons]
    sideways = [area for area in view.findChildren(QAbstractScrollArea)
                if area.isVisible() and area.horizontalScrollBar().isVisible()]
    assert not sideways


@pytest.mark.parametrize(("lang", "colours"), [("en", ["red", "black"]), ("ja", ["赤", "黒"])])
def test_the_mountain_road_tracker_names_colours_and_squares_in_the_language(
        window, qtbot, lang: str, colours: list[str]) -> None:
    from PySide6.QtWidgets import QLabel

    language().set(lang)
    page = window.open_game("mokzo", "table").widget("table")
    tracker = page.tracker_tab if hasattr(page, "tracker_tab") else page.tab(1)
    page.tabs.setCurrentIndex(1)
    combo = tracker.colour_combo
    assert [combo.itemText(i) for i in range(combo.count())] == colours
    texts = [label.text() for label in tracker.findChildren(QLabel) if label.isVisible()]
    assert not [t for t in texts if "(s)" in t], texts
    if lang == "en":
        assert any(re.search(r"for \d+ squares?\b", t) for t in texts), texts
    language().set("en")


def test_the_connected_ships_play_table_shows_the_ships_in_plain_type(window, qtbot,
                                                                      quiet_games) -> None:
    """The play page's table holds the ships only (the seat cards give the stocks): no column
    is set in bold as the goal stock's is on the table page."""
    view = start(window, "tudepijume")
    table = view.screens.table
    assert table.columnCount() == 3
    bold = [table.item(r, c).font().bold() for r in range(table.rowCount())
            for c in range(table.columnCount()) if table.item(r, c) is not None]
    assert bold and not any(bold)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", ["netxiju", "tudepijume"])
def test_the_race_boards_take_the_larger_part_of_the_smallest_window(
        window, qtbot, quiet_games, game_id: str, lang: str) -> None:
    """六裁's and 連船之遊's boards are wide: their seat table beside them left them 224 px
    of the page's 564; the table now sits under the board (as tall as its rows) and the throw
    with its moves beside, in the narrower column."""
    language().set(lang)
    view = start(window, game_id)
    qtbot.waitUntil(lambda: bool(view.legal_moves()), timeout=5000)
    play_until(qtbot, view, lambda v: len(v.controller.game.record.entries) > 12)
    qtbot.wait(20)
    board, table = view.screens.board, view.screens.table
    assert board.width() >= 300, board.width()
    assert board.width() > view.side_scroll.width() + 60
    assert table.parentWidget() is board.parentWidget()  # under the board, not beside it
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert table.height() <= rows + table.horizontalHeader().height() + 2 * table.frameWidth() + 2
    assert not table.horizontalScrollBar().isVisible()
    assert table.width() >= table.minimumSizeHint().width()
    throw = view.screens.throw  # the sticks and the badge whole, with no scroll bar sideways
    cut = [f"{describe(w)}: {why}" for w, why in clipped(view) if throw.isAncestorOf(w)]
    assert not cut and seen_sideways(throw.badge) and seen_sideways(throw.sticks), cut
    assert not view.side_scroll.horizontalScrollBar().isVisible()
    language().set("en")



@pytest.mark.parametrize(("lang", "said"), [("en", "\u2068Ben\u2069 reached 皇山"),
                                            ("ja", "\u2068Ben\u2069 が皇山に到達")])
def test_the_mountain_roads_result_names_who_reached_the_top(lang: str, said: str) -> None:
    """行山's result banner said "seat 2 reached 皇山" beside the players' names."""
    from companion.core.api import Outcome
    from ui.games.mokzo.play import MokzoScreens

    state: Any = registry.get("mokzo").create(2, {})
    state.winner = 1
    outcome = Outcome((3.0, 24.0), frozenset({1}), detail="seat 2 reached 皇山")
    language().set(lang)
    try:
        detail = MokzoScreens().outcome_detail(state, outcome, ["花子", "Ben"])
    finally:
        language().set("en")
    assert detail == said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_mountain_road_takes_its_whole_column(window, qtbot, quiet_games,
                                                  lang: str) -> None:
    """行山's road shared its column with the moves (184 px at the smallest window): the
    moves head the side column now, one a row and in sight, their words wrapped so that a
    long typed name in one does not widen the column mid-game."""
    from tests.ui.test_whole_game_layout import settle
    from ui.play.widgets import WrapButton

    language().set(lang)
    view = start(window, "mokzo", rounds=10)
    play_until(qtbot, view, lambda v: any(b.isVisible() for b in v.move_buttons()))
    settle(qtbot)
    board, side = view.screens.board, view.side_scroll
    assert min(board.width(), board.height()) >= 280, board.size()
    shown = side.viewport().rect()
    first = next(b for b in view.move_buttons() if b.isVisible())
    assert shown.contains(first.mapTo(side.viewport(), first.rect().bottomRight()))
    long = WrapButton("虎: Alexandra Konstantinopoulou-Wolfeschlegelsteinhausen から米1を奪う",
                      view.screens.moves)
    assert long.minimumSizeHint().width() < side.viewport().width() - 20
    language().set("en")
