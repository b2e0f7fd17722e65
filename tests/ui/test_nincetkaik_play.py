"""Playing the 紙机戦 card games in the app as a person: from the Library, one person against a
computer, every move made by clicking cards and buttons, to the end; the play is in the
History and its sheet prints. Hot-seat: the hand-off screen shows no hand to the wrong person;
Undo only where it reveals no card; the card pictures and every game's screens in both
languages at the smallest and the default size."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QScrollArea
from pytestqt.exceptions import TimeoutError as WaitTimeout

import db
from companion.games.nincetkaik.cardgame import Amount
from tests.ui.conftest import fill_new_game, wait_until_saved
from ui.i18n import language
from ui.play import frame as frame_module

GAMES = {  # game id: (options of a short game, Library card name)
    "taxot": ({"seasons": 1}, "Taxot (Season's End)"),
    "makaik": ({"hands": 1}, "Makaik (Points Battle)"),
    "nanto": ({"deals": 2}, "Nanto (Open the Barrel)"),
    "makup": ({}, "Makup (Number Roads)"),
    "mokaik": ({"seasons": 1}, "Mokaik (Marching Battle)"),
    "neki": ({}, "Neki (Climbing Friends)"),
    "nine": ({}, "Nine (Kitten)"),
}


# --- acting as a person -----------------------------------------------------------------------
def click_card(qtbot: Any, row: Any, index: int) -> None:
    """Click a card once it is in sight: after a computer's move the board scrolls the hand
    into view on the next pass of the event loop, and a person clicks what they see — or
    scrolls the board to a card out of sight (a road above the hand, in a small window)."""
    def point() -> QPoint:
        """The middle of what shows of the card now (a layout may still move it; the next
        card may cover its right part)."""
        rect = row.card_rect(index)
        y = rect.center().y()
        shown = [x for x in range(rect.left(), rect.right() + 1) if row.index_at(x, y) == index]
        return QPoint(shown[len(shown) // 2], y) if shown else rect.center()

    def in_sight() -> bool:
        where = point()
        return row.visibleRegion().contains(where) and row.index_at(where.x(),
                                                                    where.y()) == index

    with contextlib.suppress(WaitTimeout):
        qtbot.waitUntil(in_sight, timeout=1000)
    if not in_sight():
        board = row.parentWidget()
        while not isinstance(board, QScrollArea):
            board = board.parentWidget()
        board.ensureWidgetVisible(row)
    qtbot.waitUntil(in_sight, timeout=5000)
    qtbot.mouseClick(row, Qt.MouseButton.LeftButton, pos=point())


def zone_row(screens: Any, zone: str, value: Any) -> tuple[Any, int]:
    """The card row and index that stand for `value` in `zone` (not yet selected)."""
    if zone == "road":
        return screens.road_rows[value].row, 0
    values = screens.zone_values[zone]
    chosen = screens.selection.get(zone, [])
    index = next(i for i, v in enumerate(values) if v == value and i not in chosen)
    return screens.zones[zone], index


def button_named(view: Any, name: str) -> Any:
    found = [b for b in view.move_buttons() if b.objectName() == name]
    assert found, f"no button {name!r} among {[b.objectName() for b in view.move_buttons()]}"
    return found[0]


def click_move(person: Any, view: Any, move: Any) -> None:
    """Make `move` as a person: select its cards (and road), then press its button; a bet is
    its button, or its amount typed and the bet button."""
    screens = view.screens
    if isinstance(move, Amount) and move.verb == "bet":
        if screens.bets.amount.isVisible():
            screens.bets.amount.setValue(move.amount)
            person.click(screens.bets.button)
        else:
            person.click(button_named(view, f"move:{move}"))
        return
    parts = screens.move_parts(move)
    if parts is not None and not screens.always_offered(move):
        for zone, values in parts.items():
            for value in values:
                row, index = zone_row(screens, zone, value)
                if zone == "road" and value in screens.selection.get("road", []):
                    continue
                click_card(person.qtbot, row, index)
    person.click(button_named(view, f"move:{move}"))


def person_choice(game_id: str, legal: list[Any]) -> Any:
    """A move a person would make, preferring moves that use cards (so cards get clicked)."""
    texts = [str(m) for m in legal]
    for wanted in ("declare", "bet 1", "call"):
        if wanted in texts and game_id != "nanto":
            return legal[texts.index(wanted)]
    preferred = {"taxot": ("discard",), "makaik": ("swap", "keep", "bet"),
                 "nanto": ("bet",), "makup": ("play", "merge", "clear"),
                 "mokaik": ("play", "down"), "neki": ("run", "play", "remove"),
                 "nine": ("play",)}[game_id]
    for head in preferred:
        for move in legal:
            if str(move).startswith(head):
                return move
    return legal[0]


def play_by_clicking(person: Any, view: Any, game_id: str, limit: int = 600) -> int:
    """The person's turns, clicked until the game ends; how many moves they made."""
    controller = view.controller
    for made in range(limit):
        person.qtbot.waitUntil(lambda: controller.finished or controller.is_human_turn(),
                               timeout=20000)
        if controller.finished:
            return made
        if view.is_covered():
            person.click(view.reveal_button)
        before = len(controller.game.record.entries)
        click_move(person, view, person_choice(game_id, view.legal_moves()))
        assert len(controller.game.record.entries) > before, "the click made no move"
    raise AssertionError("the game did not end")


@pytest.fixture
def quiet(monkeypatch):
    monkeypatch.setattr(frame_module, "BOT_PAUSE_MS", 0)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_person_plays_against_a_computer_to_the_end_then_finds_and_prints_it(
        window, person, qtbot, tmp_path: Path, quiet, game_id: str) -> None:
    options, name = GAMES[game_id]
    page = window.open_game(game_id, "play")
    area = page.widget("play")
    fill_new_game(person, area.form, [("花子", "Person"), ("", "Computer · random")],
                  **options)
    person.click(area.form.start_button)
    view = area.view
    qtbot.waitUntil(lambda: view.controller is not None and (
        view.controller.is_human_turn() or view.controller.finished), timeout=20000)
    assert not view.is_covered()  # one person: nothing to hide from anyone
    made = play_by_clicking(person, view, game_id)
    assert made > 0
    wait_until_saved(qtbot, view)
    assert view.result_panel.headline.text().startswith(("Winner: ", "Shared victory: "))
    play_id = view.controller.play_id
    assert f"play #{play_id}" in view.result_panel.history_note.text()
    # the History lists it, with the game's name and both seats
    history = window.show_page("history")
    history.reload()
    rows = [r for r in history.visible_rows() if r[1] == name]
    assert len(rows) == 1 and rows[0][2] == "花子, Bot · Random"
    # its sheet prints: the names and the move list
    pdf = tmp_path / f"{game_id}.pdf"
    view.export_pdf(pdf)
    text = "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert "花子" in text and "Bot · Random" in text
    saved = db.get_play(window.ctx.db, play_id)
    assert saved.finished_at is not None and saved.record is not None


# --- hot seat ---------------------------------------------------------------------------------
def start(qtbot: Any, game_id: str, seats: list[tuple[str, str | None]], seed: int = 4,
          **options: Any) -> Any:
    """The game's page for `seats` (name, computer kind or None), started as the new-game
    form would; its window is not made active (the mouse tests never needed it)."""
    from tests.ui.keyboard import start_game
    from ui.views import play_view

    factory = play_view(game_id)
    assert factory is not None
    return start_game(qtbot, factory(None, game_id), game_id, options, seed, seats,
                      active=False)


def hidden_everywhere(view: Any, seat: int) -> bool:
    """No face of `seat`'s hand is drawn anywhere on the board."""
    screens = view.screens
    hand = view.controller.state.hands[seat]
    if screens.hand_box.isVisible() and screens.hand_row.cards == hand:
        return False
    return all(all(c is None for c in box.hand.cards) for box in screens.seat_boxes)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_hot_seat_hands_are_shown_only_to_their_owner(qtbot, person, quiet,
                                                      game_id: str) -> None:
    language().set("en")
    view = start(qtbot, game_id, [("Ann", None), ("Bob", None), ("Cy", None)])
    controller = view.controller
    for _ in range(6):
        seat = controller.to_move()
        assert view.is_covered()  # a new person to act: the board is covered
        assert not view.screens.hand_row.isVisible() and not view.move_buttons()
        name = ("Ann", "Bob", "Cy")[seat]
        assert view.handoff_label.text() == f"Pass the device to \u2068{name}\u2069."
        person.click(view.reveal_button)
        assert view.screens.hand_row.isVisible()
        assert view.screens.hand_row.cards == controller.state.hands[seat]
        assert all(hidden_everywhere(view, other) for other in range(3) if other != seat)
        while controller.to_move() == seat and not controller.finished:
            click_move(person, view, person_choice(game_id, view.legal_moves()))
        if controller.finished:
            break


def test_undo_is_off_once_a_card_was_drawn_and_on_when_nothing_was(qtbot, person, quiet) \
        -> None:
    language().set("en")
    # 終季: after a discard the next player draws: taking the discard back would show that card
    view = start(qtbot, "taxot", [("Ann", None), ("Bob", None)])
    person.click(view.reveal_button)
    click_move(person, view, person_choice("taxot", view.legal_moves()))
    while view.controller.state.phase == "claim":
        person.click(view.reveal_button) if view.is_covered() else None
        click_move(person, view, view.legal_moves()[-1])  # let it go
    assert view.controller.can_undo() and not view.undo_button.isEnabled()
    assert "a card was dealt, drawn or turned up" in view.undo_button.toolTip()
    entries = len(view.controller.game.record.entries)
    view.undo()  # Ctrl+Z does nothing either
    assert len(view.controller.game.record.entries) == entries
    # 開樽: bets follow one another with no card drawn between them: Undo takes one back
    view = start(qtbot, "nanto", [("Ann", None), ("Bob", None), ("Cy", None)])
    person.click(view.reveal_button)
    seat = view.controller.to_move()
    click_move(person, view, view.legal_moves()[-1])
    assert view.undo_button.isEnabled() and view.undo_button.toolTip() == ""
    person.click(view.undo_button)
    assert view.controller.to_move() == seat and view.controller.state.bets[seat] is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_saved_game_resumes_at_the_same_position_behind_the_hand_off(
        qtbot, person, quiet, game_id: str) -> None:
    """After a crash the autosaved play comes back at the same position, the same hands and
    move list, and — several people at one device — covered until the next person says so."""
    language().set("en")
    view = start(qtbot, game_id, [("Ann", None), ("Bob", None)], **GAMES[game_id][0])
    for _ in range(3):
        if view.is_covered():
            person.click(view.reveal_button)
        click_move(person, view, person_choice(game_id, view.legal_moves()))
    play = view.controller.play_record()
    other = start(qtbot, game_id, [("Ann", None), ("Bob", None)], **GAMES[game_id][0])
    other.resume(play)
    state, again = view.controller.state, other.controller.state
    assert again.describe() == state.describe() and again.hands == state.hands
    assert other.is_covered() and not other.screens.hand_row.isVisible()
    person.click(other.reveal_button)
    assert other.screens.hand_row.cards == again.hands[again.to_move()]
    if view.is_covered():
        person.click(view.reveal_button)
    assert [other.moves.item(i).text() for i in range(other.moves.count())] == \
        [view.moves.item(i).text() for i in range(view.moves.count())]


# --- the card pictures ----------------------------------------------------------------------
def test_every_card_picture_differs_and_the_missing_tally_glyphs_are_drawn(qtbot) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from companion.games.nincetkaik.deck import ALL_CARDS, parse_card
    from ui.fonts import ensure_cjk_font
    from ui.games.nincetkaik.cards import card_tooltip, corner_mark, paint_card

    ensure_cjk_font()

    def picture(card: int | None) -> QImage:
        image = QImage(70, 100, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        paint_card(painter, QRectF(0, 0, 70, 100), card)
        painter.end()
        return image

    images = [picture(c) for c in ALL_CARDS]
    assert len({bytes(image.constBits()) for image in images}) == len(ALL_CARDS)
    for text in ("r7", "b8"):  # 卄 and 卌: strokes in the centre, in the card's ink
        image = picture(parse_card(text))
        inked = sum(1 for x in range(21, 49) for y in range(38, 64)
                    if image.pixelColor(x, y).lightness() < 150)
        assert inked > 20, text
    assert [corner_mark(parse_card(t)) for t in ("rS", "b0", "r8", "bK", "rT")] == \
        ["✱", "0", "8", "★", "★"]
    language().set("ja")
    assert card_tooltip(parse_card("rT")) == "赤の皇 — 最強"
    language().set("en")
    assert card_tooltip(parse_card("bS")) == "black Vessel — wild card (船)"
    assert card_tooltip(parse_card("r5")) == "red Horse 5"


def test_two_quick_clicks_on_two_cards_pick_both_and_a_double_click_plays_one(qtbot) -> None:
    from companion.games.nincetkaik.deck import parse_card
    from ui.games.nincetkaik.cards import CardRow

    row = CardRow(parent=None, clickable=True)
    qtbot.addWidget(row)
    row.resize(600, 120)
    row.cards = [parse_card("r0"), parse_card("b0")]
    row.show()
    clicked: list[int] = []
    played: list[int] = []
    row.card_clicked.connect(clicked.append)
    row.card_activated.connect(played.append)
    qtbot.mouseClick(row, Qt.MouseButton.LeftButton, pos=row.card_rect(0).center())
    qtbot.mouseDClick(row, Qt.MouseButton.LeftButton, pos=row.card_rect(1).center())
    assert (clicked, played) == ([0, 1], [])  # another card: picked, not played
    qtbot.mouseDClick(row, Qt.MouseButton.LeftButton, pos=row.card_rect(1).center())
    assert played == [1]


def test_the_points_table_is_rewritten_only_when_a_round_ends(qtbot, quiet) -> None:
    view = start(qtbot, "mokaik", [("", "random"), ("", "random")])
    table = view.screens.points_table
    controller = view.controller
    seen: list[tuple[int, bool]] = []  # (rounds ended, the same header item as at the start)
    header = table.horizontalHeaderItem(0)
    controller.state_changed.connect(lambda: seen.append(
        (len(controller.game.state.round_points), table.horizontalHeaderItem(0) is header)))
    qtbot.waitUntil(lambda: len(controller.game.state.round_points) >= 1, timeout=30000)
    controller.pause()
    before_first_round = [same for rounds, same in seen if rounds == 0]
    assert len(before_first_round) > 3 and all(before_first_round)
    state = controller.game.state
    last = table.rowCount() - 1
    assert last == len(state.round_points)
    assert [table.item(last, c).text() for c in range(2)] == \
        [str(p) for p in state.round_points[-1]]
    # narrow columns elide a name in its middle ("Bot · …dy (2)"), the tooltip has it whole
    assert table.horizontalHeader().textElideMode() == Qt.TextElideMode.ElideMiddle
    assert [table.horizontalHeaderItem(c).toolTip() for c in range(2)] == \
        list(view.seat_names())


def test_the_table_keeps_its_rows_and_its_height_while_rounds_fill_it(qtbot, quiet) -> None:
    """行戦's table: the rows of played cards are made once and stay (blank when a round has
    fewer plays yet), so the board below does not move at every card played."""
    from ui.games.nincetkaik.mokaik import lay_groups

    view = start(qtbot, "mokaik", [("", "random"), ("", "random")])
    trick = view.screens.trick
    controller = view.controller
    made: set[int] = set()  # every row widget the table has held
    heights: list[tuple[int, int]] = []  # (rows in sight, the table's height)

    def look() -> None:
        made.update(id(row) for row in trick.rows)
        view.screens.board.fit_now()
        in_sight = [row for row in trick.rows if row.isVisibleTo(trick)]
        heights.append((len(in_sight), trick.height()))
        state, names = view._position.state, view._position.names
        expected = lay_groups(state.trick or state.last_trick, names)
        shown = [(row.label.text(), row.row.cards) for row in in_sight]
        assert in_sight == trick.rows[:len(in_sight)]  # the first rows, in order
        assert shown[:len(expected)] == expected
        assert all(cards == [] and text.strip() == "" for text, cards in shown[len(expected):])

    controller.state_changed.connect(look)
    qtbot.waitUntil(lambda: len(controller.game.state.round_points) >= 1, timeout=30000)
    controller.pause()
    assert max(held for held, _height in heights) == 2  # one row in sight per seat
    assert len(made) == len(trick.rows)  # made once (some ahead of need), never made again
    full = [height for held, height in heights if held == 2]
    assert len(full) > 3 and len(set(full)) == 1  # rounds came and went: the same height
    view.screens.game_started()  # another game (with fewer seats, say) keeps no blank room
    trick.set([("Ann: single, red", [])])
    assert [row.isVisibleTo(trick) for row in trick.rows] == \
        [True] + [False] * (len(trick.rows) - 1)


def test_rows_of_cards_are_made_ahead_of_need_while_the_window_is_idle(qtbot, quiet) -> None:
    """The rows a round's result, a seat's 役 or a trick will show are made (hidden) while the
    window is idle, so the move that first shows them makes no widget."""
    from ui.games.nincetkaik.play import ROWS_AHEAD, CardGroups

    view = start(qtbot, "mokaik", [("", "random"), ("", "random")])
    view.controller.pause()
    groups = view.screens.board.findChildren(CardGroups)
    assert view.screens.result_cards in groups and view.screens.trick in groups
    qtbot.waitUntil(lambda: view.screens.ahead.pending() == 0, timeout=10000)
    for each in groups:
        assert len(each.rows) >= ROWS_AHEAD
    result = view.screens.result_cards
    before = list(result.rows)
    hidden = [row for row in before if not row.isVisibleTo(result)]
    assert hidden
    result.set([("Ann", []), ("Bo", [])])
    assert result.rows == before  # shown, not made
    assert [row.label.text() for row in result.rows[:2]] == ["Ann", "Bo"]
    assert [row.isVisibleTo(result) for row in result.rows] == \
        [True, True] + [False] * (len(before) - 2)


def test_every_card_row_of_a_game_copies_cards_drawn_while_idle(
        qtbot, quiet, monkeypatch) -> None:
    """Once the idle work is done, no card picture is drawn while the game is shown: rows
    made mid-game (a seat's hand, played cards) have their size drawn ahead too."""
    from PySide6.QtGui import QPixmapCache

    from ui.games.nincetkaik import cards

    QPixmapCache.clear()
    view = start(qtbot, "nanto", [("", "random"), ("", "random")])
    view.controller.pause()
    qtbot.waitUntil(lambda: view.screens.ahead.pending() == 0, timeout=10000)
    drawn: list[object] = []
    original = cards.paint_card
    monkeypatch.setattr(cards, "paint_card", lambda painter, rect, c, **marks: (
        drawn.append(c), original(painter, rect, c, **marks)))
    view.controller.resume()
    qtbot.waitUntil(lambda: len(view.controller.game.record.entries) > 30
                    or view.controller.finished, timeout=20000)
    view.controller.pause()
    for row in view.screens.board.findChildren(cards.CardRow):
        row.grab()
    assert drawn == []


def test_the_board_is_laid_out_in_one_pass_when_it_grows_past_the_window(qtbot, quiet) -> None:
    """The board keeps its scroll bar's room: content that grows taller than the window is
    laid out once, for the same width (a scroll bar that came and went had the board laid
    out again at another width, up to three times a deal: 3-8 ms of the window's time)."""
    from PySide6.QtCore import QEvent, QObject

    view = start(qtbot, "mokaik", [("", "random"), ("", "random")])
    view.controller.pause()
    view.resize(1100, 1400)  # room for the whole board to start with
    board = view.screens.board
    trick = view.screens.trick
    trick.set([])
    board.fit_now()
    assert board.content.height() == board.viewport().height()  # nothing to scroll
    width = board.viewport().width()

    class Resizes(QObject):
        count = 0

        def eventFilter(self, obj: Any, event: Any) -> bool:
            if event.type() == QEvent.Type.Resize:
                Resizes.count += 1
            return False

    counter = Resizes()
    board.content.installEventFilter(counter)
    trick.set([(f"row {i}", [0, 1, 2]) for i in range(40)])  # far taller than the window
    board.fit_now()
    qtbot.wait(50)  # the scroll area's own updates (its scroll bar) come as posted events
    assert board.content.height() > board.viewport().height()  # it scrolls now
    assert board.viewport().width() == width == board.content.width()
    assert Resizes.count == 1
    trick.forget_space()
    trick.set([])
    Resizes.count = 0
    board.fit_now()
    qtbot.wait(50)
    assert Resizes.count == 1 and board.viewport().width() == width


def test_rows_queued_for_a_seat_box_deleted_meanwhile_are_skipped(qtbot) -> None:
    """A replay that changes who looks deletes seat boxes whose rows are still queued to be
    made while idle: the queued job skips them instead of failing."""
    from functools import partial

    from PySide6.QtWidgets import QWidget
    from shiboken6 import delete

    from ui.games.nincetkaik.play import ROWS_AHEAD, CardGroups, prepare_ahead
    from ui.play.widgets import IdleWork

    owner = QWidget()
    qtbot.addWidget(owner)
    kept, gone = CardGroups(owner), CardGroups(owner)
    work = IdleWork(owner)
    work.add([partial(prepare_ahead, kept), partial(prepare_ahead, gone)])
    delete(gone)
    qtbot.waitUntil(lambda: work.pending() == 0)
    assert len(kept.rows) == ROWS_AHEAD


def test_a_caption_rewritten_on_the_same_number_of_lines_lays_nothing_out(qtbot) -> None:
    """The board's captions change at most moves (whose turn, the hand's title, a result):
    a new text on as many lines asks its parent for no new layout."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from ui.games.nincetkaik.play import caption

    parent = QWidget()
    qtbot.addWidget(parent)
    label = caption(parent, bold=True)
    QVBoxLayout(parent).addWidget(label)
    parent.resize(300, 80)
    parent.show()
    label.setText("Ann's turn: draw a card")
    qtbot.wait(10)
    requests: list[int] = []

    class Count(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.LayoutRequest:
                requests.append(1)
            return False

    counter = Count(parent)
    parent.installEventFilter(counter)
    label.setText("Bo's turn: discard a card")
    qtbot.wait(10)
    assert requests == [] and label.text() == "Bo's turn: discard a card"
    label.setText("A much longer line that cannot fit on one line at this width at all, "
                  "so it wraps onto a second and a third line")
    qtbot.wait(10)
    assert requests  # more lines: the layout is asked again
