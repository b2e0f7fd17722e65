"""The shared play frame as people meet it in every game: one redraw per move (the record is
never replayed to show a move), New game asks while a game is going on, the hand-off screen
of hidden-information games, long and right-to-left names."""

from __future__ import annotations

import types
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject

from tests.ui.conftest import wait_until_saved
from ui.games.sticks import play as sticks_play
from ui.games.sticks import sticks_widget
from ui.i18n import language
from ui.new_game_dialog import GameSetup, SeatChoice
from ui.play import frame
from ui.play.pyside_guard import protect_singletons
from ui.play.widgets import FSI, PDI, isolate

protect_singletons()


@pytest.fixture(autouse=True)
def quiet(monkeypatch):
    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    sticks_widget.set_animations_enabled(False)
    language().set("en")
    yield
    sticks_widget.set_animations_enabled(True)
    language().set("en")


def sticks(qtbot, seats: list[SeatChoice], game_id: str = "juusai", **options: Any) -> Any:
    view = sticks_play.sticks_play_view(None, game_id)
    qtbot.addWidget(view)
    view.resize(1000, 640)
    view.show()
    qtbot.waitExposed(view)
    view.start(GameSetup(game_id, options, seats, 3))
    return view


def test_a_move_redraws_once_and_adds_one_line(qtbot, monkeypatch) -> None:
    """Per move the interface does one refresh; the move list formats only the new line and
    the ledger is kept row by row, never by replaying the record."""
    shows: list[int] = []
    formatted: list[str] = []
    replays: list[int] = []
    original_show = sticks_play.SticksScreens.show
    original_text = sticks_play.SticksScreens.move_text
    monkeypatch.setattr(sticks_play.SticksScreens, "show",
                        lambda self, p: (shows.append(1), original_show(self, p)))
    monkeypatch.setattr(sticks_play.SticksScreens, "move_text",
                        lambda self, e, p: (formatted.append(e.move), original_text(self, e, p))[1])
    monkeypatch.setattr(sticks_play, "round_rows", lambda record: replays.append(1) or [])
    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("Ben")], rounds=6)
    controller = view.controller
    shows.clear()
    for turn in range(12):
        before = len(shows)
        view.play(controller.legal_moves()[0])
        assert len(shows) == before + 1, f"move {turn} redrew {len(shows) - before} times"
    assert len(formatted) == 12  # each move's line was written once
    assert replays == []
    decided = [r for r in view.screens.rows.rows]
    assert decided and view.screens.ledger.rowCount() == 1 + len(decided)
    shows.clear()
    view.undo()
    assert len(shows) == 1 and view.moves.count() == 11 and len(formatted) == 12


def test_a_computers_move_redraws_once(qtbot, monkeypatch) -> None:
    shows: list[int] = []
    original_show = sticks_play.SticksScreens.show
    monkeypatch.setattr(sticks_play.SticksScreens, "show",
                        lambda self, p: (shows.append(1), original_show(self, p)))
    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("", "random")])
    controller = view.controller
    view.play(controller.legal_moves()[0])
    qtbot.waitUntil(controller.is_human_turn, timeout=10000)
    entries = [e for e in controller.game.record.entries if not e.is_chance]
    assert len(shows) == 1 + len(entries)  # the start, then one per move (Ann's, the bot's)


class LayoutCount(QObject):
    """Counts the requests to lay a widget out again."""

    def __init__(self, widget: Any) -> None:
        super().__init__()
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, obj: Any, event: Any) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def settled(qtbot: Any, view: Any) -> None:
    """Wait until the page has been laid out after its start: no request to lay it out
    again for 100 ms (a fixed wait was too short on a busy machine)."""
    counter = LayoutCount(view)
    for _ in range(100):
        before = counter.count
        qtbot.wait(100)
        if counter.count == before:
            break
    view.removeEventFilter(counter)


def test_a_computer_thinking_moves_the_strip_without_laying_the_page_out_again(qtbot) -> None:
    """The busy strip keeps its place: showing or hiding a widget would lay out the whole
    page twice per computer move (and make its content jump)."""
    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("Ben")])
    strip = view.busy
    settled(qtbot, view)
    counter = LayoutCount(view)
    place = strip.geometry()
    image_idle = strip.grab().toImage()
    strip.set_busy(True)
    qtbot.wait(20)
    assert strip.is_busy() and strip.isVisible() and strip.geometry() == place
    assert strip.grab().toImage() != image_idle  # it shows that somebody thinks
    strip.set_busy(False)
    qtbot.wait(20)
    assert not strip.is_busy() and strip.geometry() == place
    assert counter.count == 0


def test_new_texts_on_the_seat_cards_and_the_turn_line_repaint_them_alone(qtbot) -> None:
    """A move changes scores, notes and the turn line: they are drawn anew, and the page is
    laid out again only when the turn line needs another number of lines."""
    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("Ben")])
    settled(qtbot, view)
    counter = LayoutCount(view)
    card = view.seat_panel.cards[0]
    before = card.grab().toImage()
    card.score.setText("123 pts")
    card.note.setText("thinking…")
    view.turn_label.setText("Ben is thinking…")
    qtbot.wait(20)
    assert counter.count == 0
    assert card.score.text() == "123 pts" and card.grab().toImage() != before
    label = view.turn_label
    one_line = label.height()
    label.setText(" ".join(["Ann, your turn: choose a stick to throw."] * 12))
    qtbot.waitUntil(lambda: label.height() > one_line, timeout=2000)
    assert counter.count > 0
    assert label.height() >= label.heightForWidth(label.width())  # every line is shown


class PaintOrder(QObject):
    """Names the watched widgets in the order they are painted, each with whether the seat
    panel `held` its own paint at that moment."""

    def __init__(self, held: Any, **widgets: Any) -> None:
        super().__init__()
        self.held = held
        self.names = {id(w): name for name, w in widgets.items()}
        self.painted: list[tuple[str, bool]] = []
        for widget in widgets.values():
            widget.installEventFilter(self)

    def eventFilter(self, obj: Any, event: Any) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.painted.append((self.names[id(obj)], self.held()))
        return False

    def first(self, name: str) -> int | None:
        return next((i for i, (n, _) in enumerate(self.painted) if n == name), None)


def test_a_move_shows_at_once_and_the_seats_paint_a_turn_after_the_board(qtbot) -> None:
    """A move changes every text at once (what the page says is never behind the game), but
    the seat cards and the turn line are painted in a later turn of the event loop than the
    board: the two paints are not one long stretch of the window's time."""
    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("Ben")])
    settled(qtbot, view)
    card = view.seat_panel.cards[1]
    order = PaintOrder(lambda: not view.seat_panel.updatesEnabled(), board=view.board,
                       card=card)
    view.play(view.controller.legal_moves()[0])
    assert card.note.text() == "" and view.turn_label.text().startswith(isolate("Ben"))
    assert not view.seat_panel.updatesEnabled()  # held: the board paints first
    qtbot.waitUntil(lambda: order.first("card") is not None, timeout=2000)
    board, seats = order.first("board"), order.first("card")
    assert board is not None and seats is not None and board < seats
    assert order.painted[board] == ("board", True)  # the seats waited meanwhile
    assert view.seat_panel.updatesEnabled() and view.turn_label.updatesEnabled()


def test_new_game_asks_while_a_game_is_going_on(qtbot, person) -> None:
    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("Ben")])
    requested: list[int] = []
    view.new_game_requested.connect(lambda: requested.append(1))
    assert view.request_new_game()  # nobody has moved: no question
    assert requested == [1]
    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("Ben")])
    view.new_game_requested.connect(lambda: requested.append(2))
    view.play(view.controller.legal_moves()[0])
    seen: list[str] = []
    person.answer_dialogs("Keep playing", seen=seen)
    person.click(view.new_button)
    assert "stays in the History as unfinished" in seen[0]
    assert requested == [1] and not view.controller._closed
    person.answer_dialogs("New game")
    person.click(view.new_button)
    assert requested == [1, 2]


def test_hidden_information_is_covered_until_the_next_person_says_who_they_are(qtbot) -> None:
    from ui.games.alluvium.play import play_view

    view = play_view(None)
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    seats = [types.SimpleNamespace(name=n, bot=None) for n in ("Ann", "Ben", "Cy")]
    view.start(types.SimpleNamespace(seats=seats, options={}, seed=11))
    assert view.is_covered() and view.legal_moves() == []
    view.play(view.controller.state.legal_moves()[0])  # nothing is played while covered
    assert not view.controller.game.record.entries[-1:] or \
        all(e.is_chance for e in view.controller.game.record.entries)
    view.reveal()
    assert not view.is_covered() and view.legal_moves()
    view.play(view.legal_moves()[0])
    assert not view.is_covered()  # the same person goes on (the hand card)
    view.play(view.legal_moves()[0])
    assert view.is_covered() and "Ben" in view.handoff_label.text()


def test_one_person_against_computers_is_never_covered(qtbot) -> None:
    from ui.games.alluvium.play import play_view

    view = play_view(None)
    qtbot.addWidget(view)
    seats = [types.SimpleNamespace(name="Ann", bot=None),
             types.SimpleNamespace(name="", bot="random"),
             types.SimpleNamespace(name="", bot="random")]
    view.start(types.SimpleNamespace(seats=seats, options={}, seed=2))
    assert not view.is_covered() and view.legal_moves()
    view.shutdown()
    view.controller.wait_for_workers()


def test_long_emoji_and_right_to_left_names(qtbot) -> None:
    long_name = "Alexandra Konstantinopoulou-Wolfeschlegelsteinhausen"
    view = sticks(qtbot, [SeatChoice(long_name), SeatChoice("محمد 🎲"), SeatChoice("花子")])
    view.resize(700, 500)
    qtbot.wait(10)
    card = view.seat_panel.cards[0]
    assert card.name.text() == long_name and card.name.is_elided()
    assert card.name.toolTip() == long_name
    assert view.turn_label.text() == f"{FSI}{long_name}{PDI}, your turn."
    view.play(view.controller.legal_moves()[0])
    assert view.turn_label.text() == f"{isolate('محمد 🎲')}, your turn."
    language().set("ja")  # the Arabic name does not reorder the Japanese sentence
    assert view.turn_label.text() == f"{isolate('محمد 🎲')} さんの番です。"


def test_another_game_in_the_same_frame_starts_afresh(qtbot) -> None:
    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("Ben")], rounds=6)
    for _ in range(10):
        view.play(view.controller.legal_moves()[0])
    assert view.screens.rows.rows and view.moves.count() == 10
    view.start(GameSetup("juusai", {}, [SeatChoice("Cy"), SeatChoice("Di")], 4))
    assert view.screens.rows.rows == [] and view.screens.ledger.rowCount() == 1
    assert view.moves.count() == 0
    assert [c.name.text() for c in view.seat_panel.cards] == ["Cy", "Di"]


def test_two_computers_of_one_kind_are_told_apart(qtbot) -> None:
    from ui.games.etariya.play import play_view

    view = sticks(qtbot, [SeatChoice("Ann"), SeatChoice("", "random"), SeatChoice("", "random")])
    assert [c.name.text() for c in view.seat_panel.cards] == [
        "Ann", "Bot · Random (2)", "Bot · Random (3)"]
    view.shutdown()
    etariya = play_view(None, animate=False)
    qtbot.addWidget(etariya)
    etariya.start(GameSetup("etariya", {"expansions": []},
                            [SeatChoice("", "random"), SeatChoice("", "random")], 5))
    names = etariya.seat_names()
    assert sorted(names) == ["Bot · Random (Dark)", "Bot · Random (Light)"]  # their sides
    etariya.shutdown()
    view.controller.wait_for_workers()


def test_the_banner_follows_the_save_and_offers_retry(qtbot, person, ctx, monkeypatch) -> None:
    """A finished play whose save fails: the banner says so in a sentence (in Japanese too,
    the history's own Japanese sentence) with a Retry button; Retry saves it and the banner
    then names the play's number in the History."""
    import db

    language().set("ja")
    real_update = db.update_play
    monkeypatch.setattr(db, "update_play", lambda database, play: (_ for _ in ()).throw(
        db.HistoryBusyError("The history is busy.", ja="履歴は使用中です。")))
    view = sticks_play.sticks_play_view(ctx, "juusai")
    qtbot.addWidget(view)
    view.resize(1000, 640)
    view.show()
    view.start(GameSetup("juusai", {"rounds": 1}, [SeatChoice("Ann"), SeatChoice("Ben")], 3))
    while not view.controller.finished:
        view.play(view.controller.legal_moves()[0])
    banner = view.result_panel
    assert banner.isVisible() and not banner.retry_button.isVisible()
    assert banner.history_note.text() == "履歴に保存しています…"  # the save is on its way
    qtbot.waitUntil(banner.retry_button.isVisible, timeout=10000)
    assert "履歴は使用中です" in banner.history_note.text()
    assert "busy" not in banner.history_note.text()
    assert not view.status.isVisible()  # said once, in the banner
    language().set("en")  # the sentence follows the language
    assert banner.history_note.text().startswith("The finished play could not be saved: "
                                                 "The history is busy")
    language().set("ja")
    monkeypatch.setattr(db, "update_play", real_update)
    person.click(banner.retry_button)
    assert not banner.retry_button.isVisible()
    assert banner.history_note.text() == "履歴に保存しています…"
    qtbot.waitUntil(lambda: not view.controller.saving, timeout=10000)
    play_id = view.controller.play_id
    assert not banner.retry_button.isVisible()
    assert banner.history_note.text() == f"履歴に対局 #{play_id} として保存しました。"
    assert db.get_play(ctx.db, play_id).finished_at is not None
    view.shutdown()


def test_the_play_timer_runs_through_the_game_and_is_kept_on_resume(qtbot, ctx) -> None:
    """Digital play counts its time from the start (Ctrl+T pauses it); every autosave keeps
    it, a resumed game goes on from it, and the finished play stores it."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    import db

    view = sticks_play.sticks_play_view(ctx, "juusai")
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    view.start(GameSetup("juusai", {"rounds": 2}, [SeatChoice("Ann"), SeatChoice("Ben")], 3))
    timer = view.timer_widget.timer
    assert view.timer_widget.isVisible() and timer is view.controller.timer
    assert timer.is_running()
    view.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is view, timeout=2000)
    view.moves.setFocus()
    qtbot.keyClick(view.moves, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert not timer.is_running() and view.timer_widget.toggle_button.text() == "Resume"
    timer.set_elapsed(600)
    qtbot.keyClick(view.moves, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)  # on again
    view.play(view.controller.legal_moves()[0])  # (a paused game takes no move)
    view.shutdown()  # the window closes: the autosave keeps the time
    play_id = view.controller.play_id
    saved = db.get_play(ctx.db, play_id)
    assert saved.finished_at is None and saved.duration_s == 600
    again = sticks_play.sticks_play_view(ctx, "juusai")
    qtbot.addWidget(again)
    again.resume(saved)
    assert again.timer_widget.timer.is_running()
    assert again.timer_widget.timer.seconds() >= 600
    assert again.timer_widget.shown_time().startswith("10:")
    while not again.controller.finished:
        again.play(again.controller.legal_moves()[0])
    wait_until_saved(qtbot, again)
    final = db.get_play(ctx.db, play_id)
    assert final.finished_at is not None and final.duration_s >= 600
    assert not again.timer_widget.timer.is_running()  # stopped at the end, and stays so
    assert not again.timer_widget.toggle_button.isEnabled()
    again.shutdown()


def test_the_end_of_a_game_is_told_without_loading_the_pdf_code() -> None:
    """The result banner's words come from the games' text modules: loading reportlab at
    the last move held the window for 60-90 ms."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import random, sys
        from companion.bots.playout import playout
        from companion.games import registry
        from companion.games.cetkaik import words
        from ui.games.etariya import pictures
        for game_id in ("etariya", "cetkaik"):
            state = registry.get(game_id).create(2)
            playout(state, random.Random(3))
            outcome = state.outcome()
            assert outcome is not None
            if game_id == "etariya":
                assert pictures.outcome_text(state, outcome)
            else:
                assert len(words.season_lines(state.results, ["A", "B"], "ja")) == \\
                    len(state.results)
        print("reportlab" in sys.modules)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "False"


def test_a_long_move_list_measures_and_draws_each_line_once(qtbot) -> None:
    """A list view lays out every line again when one is added: each line's height is worked
    out once per width and kept with the line (Qt reads it without asking Python), and its
    picture kept, so a move costs the same at line 300 as at line 3; what is shown is what
    the list's own drawing shows."""
    from PySide6.QtWidgets import QListWidgetItem, QStyledItemDelegate

    from ui.play.widgets import KeptLines

    measured: list[str] = []

    class Counting(QStyledItemDelegate):
        def sizeHint(self, option: Any, index: Any) -> Any:
            measured.append(index.data())
            return super().sizeHint(option, index)

    assert "sizeHint" not in vars(KeptLines)  # a layout never calls into Python per line
    moves = frame.MoveList()
    moves._measure = Counting(moves)
    qtbot.addWidget(moves)
    moves.resize(220, 200)
    moves.show()
    lines = [f"{i}. Ann: a move long enough to wrap onto a second line" for i in range(60)]
    for line in lines:
        moves.add_line(line)
        moves.scrollToBottom()
        qtbot.wait(1)
    # once per line: the scroll bar keeps its room, so the list never narrows as it fills
    assert sorted(measured) == sorted(lines)
    assert all(moves.item(i).sizeHint().height() > 20 for i in range(len(lines)))  # wrapped
    measured.clear()
    moves.resize(260, 200)  # another width: every line once more
    qtbot.wait(10)
    assert sorted(measured) == sorted(lines)
    moves.resize(220, 200)
    moves.scrollToBottom()
    qtbot.wait(10)
    kept = moves.viewport().grab().toImage()
    plain = frame.MoveList()
    qtbot.addWidget(plain)
    plain.setItemDelegate(QStyledItemDelegate(plain))
    plain.resize(220, 200)
    plain.show()
    for line in lines:
        plain.addItem(QListWidgetItem(line))
    plain.scrollToBottom()
    qtbot.wait(10)
    assert plain.viewport().grab().toImage() == kept


def test_a_rich_summary_is_redrawn_alone_until_it_needs_more_lines(qtbot) -> None:
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from ui.play.widgets import RichLabel

    page = QWidget()
    label = RichLabel("<b>Bag</b>: 12 stones", page)
    layout = QVBoxLayout(page)
    layout.addWidget(label)
    layout.addStretch(1)
    qtbot.addWidget(page)
    page.resize(240, 200)
    page.show()
    qtbot.wait(20)
    counter = LayoutCount(page)
    first = label.grab().toImage()
    one_line = label.height()
    label.setText("<b>Bag</b>: 11 stones")
    qtbot.wait(20)
    assert counter.count == 0 and label.grab().toImage() != first
    assert label.text() == "<b>Bag</b>: 11 stones"
    label.setText("<b>Bag</b>: " + "a long line of stones and chips " * 8)
    qtbot.waitUntil(lambda: label.height() > one_line, timeout=2000)
    assert label.height() >= label.heightForWidth(label.width()) > 2 * one_line


def test_a_rich_label_owns_its_document(qtbot) -> None:
    """The document goes with the label, never later with Python's cycle collector (which
    could free it at any moment, in the middle of a paint)."""
    from PySide6.QtWidgets import QWidget
    from shiboken6 import delete, isValid, ownedByPython

    from ui.play.widgets import RichLabel

    page = QWidget()
    label = RichLabel("<b>Bag</b>: 12 stones", page)
    document = label._document
    assert document.parent() is label and not ownedByPython(document)
    delete(page)
    assert not isValid(document)


def test_the_side_column_widens_when_its_content_needs_more_room(qtbot) -> None:
    """A side panel whose table fills in after the page is laid out (連船之遊's fleet table)
    gets the width it needs from the board beside it instead of being cut off."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

    splitter = QSplitter(Qt.Orientation.Horizontal)
    qtbot.addWidget(splitter)
    board = QWidget()
    board.setMinimumWidth(100)
    content = QWidget()
    inner = QWidget(content)
    QVBoxLayout(content).addWidget(inner)
    side = frame.SideScroll()
    side.setWidget(content)
    splitter.addWidget(board)
    splitter.addWidget(side)
    splitter.setStretchFactor(0, 3)
    splitter.resize(800, 300)
    splitter.show()
    qtbot.waitExposed(splitter)
    before = side.width()
    inner.setMinimumWidth(before + 150)  # a table filled in, wider than the column
    qtbot.waitUntil(lambda: side.width() >= side.minimumSizeHint().width() > before + 150)
    assert board.width() >= 100 and board.width() + side.width() <= 800
    widened = side.width()
    assert widened % frame.SideScroll.WIDEN_STEP == 0  # widened by a step, with room to spare
    inner.setMinimumWidth(inner.minimumWidth() + 3)  # a figure a digit longer: within the step
    qtbot.wait(20)
    assert side.width() == widened
    inner.setMinimumWidth(10)  # needing less moves nothing: no new layout at every move
    qtbot.wait(20)
    assert side.width() == widened


def test_a_seat_card_with_nothing_on_its_right_gives_the_role_the_whole_width(qtbot) -> None:
    """Three people's Alluvium cards at the smallest window (184px each): an empty score and
    note column took 2/5 of the card, the role "Person · ○ Yellow" took a second line and
    the cards' extra height pushed the board out of the page."""
    card = frame.SeatCard()
    qtbot.addWidget(card)
    card.resize(184, 60)
    card.show()
    qtbot.waitExposed(card)
    card.name.set_line("花子", whole=False)
    card.kind.set_line("Person · ○ Yellow")
    card.fit_columns(thinks=False)
    qtbot.waitUntil(lambda: card.kind.width() > 150)
    assert card.kind.heightForWidth(card.kind.width()) == card.kind.heightForWidth(1000)  # one line
    card.score.setText("12 pts")  # a score (or a computer that may think) keeps its column
    card.fit_columns(thinks=False)
    qtbot.waitUntil(lambda: card.score.width() > 40)
    card.score.setText("")
    card.fit_columns(thinks=True)
    qtbot.wait(20)
    assert card.score.width() > 40
