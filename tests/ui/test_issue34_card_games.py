"""Issue 34 for the 紙机戦 card games, Alluvium, Sorani and Etariya: one language (cards named
as their faces show them, PDF rows, plurals, the 開 refusal, no 加点 where the game has none,
no stale line after the game, Japanese rules without wrap spaces) and what must be decided on
in sight at the smallest size (move buttons side by side only as far as the board holds them,
the drawn cards, the roads, the 役 to beat; Sorani's trades with their prompt)."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect

from tests.ui.test_nincetkaik_play import start
from ui.i18n import language
from ui.play import frame as frame_module

NOTATION = re.compile(r"\b[rb][0-8SKT]\b")
MY_GAMES = ("taxot", "makaik", "nanto", "makup", "mokaik", "neki", "nine", "alluvium",
            "sorani", "etariya")


@pytest.fixture
def quiet(monkeypatch):
    monkeypatch.setattr(frame_module, "BOT_PAUSE_MS", 0)
    yield
    language().set("en")


def small(view: Any, qtbot: Any) -> None:
    """The board as large as the smallest window leaves it (the play page's share)."""
    view.resize(580, 440)
    qtbot.wait(20)


def in_sight(widget: Any, area: Any) -> bool:
    """Whether all of `widget` shows in scroll area `area`'s viewport."""
    corner = widget.mapTo(area.viewport(), widget.rect().topLeft())
    return area.viewport().rect().contains(QRect(corner, widget.size()).adjusted(1, 1, -1, -1))


# --- one language ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["taxot", "makup", "neki", "mokaik"])
def test_the_english_move_list_and_buttons_name_no_card_in_notation(qtbot, quiet,
                                                                   game_id: str) -> None:
    language().set("en")
    view = start(qtbot, game_id, [("Ann", None), ("Bob", None)])
    rng = random.Random(3)
    for _ in range(14):
        if view.controller.finished:
            break
        if view.is_covered():
            view.reveal()
        buttons = [b.text() for b in view.move_buttons()]
        assert not [t for t in buttons if NOTATION.search(t)], buttons
        view.play(rng.choice(view.legal_moves()))
    lines = [view.moves.item(i).text() for i in range(view.moves.count())]
    assert lines and not [t for t in lines if NOTATION.search(t)], lines


def test_the_makup_and_neki_checkers_name_cards_as_they_look(window, person) -> None:
    from companion.games.nincetkaik.makup.table import plays
    from companion.games.nincetkaik.texts import move_text

    texts = [move_text("makup", p, "en") for p in plays("r1r2", ["b3"]) if p != "pass"]
    assert texts and not [t for t in texts if NOTATION.search(t)]
    assert "lays red 兵 1, red 弓 2 on road 1" in texts


def test_pdf_rows_of_a_table_ledger_are_words_in_both_languages() -> None:
    from companion.games.nincetkaik.neki.table import game_step
    from companion.games.nincetkaik.neki.table import new_session as neki_session
    from companion.games.nincetkaik.nine.table import empty_step
    from companion.games.nincetkaik.nine.table import new_session as nine_session
    from companion.games.nincetkaik.printing import session_sheets

    nine = nine_session(["Ann", "Ben"])
    nine = nine.add(empty_step(nine, 0, 5))
    neki = neki_session(["Ann", "Ben"])
    neki = neki.add(game_step(neki, 1))
    for lang in ("en", "ja"):
        rows = [*session_sheets(nine, lang)[0].rows, *session_sheets(neki, lang)[0].rows]
        assert "empty" not in rows and "wins" not in rows, rows
    assert "Hand emptied" in session_sheets(nine, "en")[0].rows
    assert "勝ち数" in session_sheets(neki, "ja")[0].rows


def test_a_pot_taken_by_one_reads_takes_and_by_two_share() -> None:
    from companion.games.nincetkaik.nanto.table import deal_step, new_session

    session = new_session(["Ann", "Ben", "Cy"])
    one = deal_step(session, [2, 2, 0], winners=[0])
    two = deal_step(session, [2, 2, 0], winners=[0, 1])
    plain = {step: step.text("en").replace("\u2068", "").replace("\u2069", "")
             for step in (one, two)}
    assert "Ann takes the pot" in plain[one] and "(s)" not in plain[one]
    assert "Ann, Ben share the pot" in plain[two]


def test_the_call_refusal_reads_in_japanese(window, person) -> None:
    from ui.games.nincetkaik.table import refusal

    language().set("ja")
    try:
        assert refusal("a call takes another player's discard") == \
            "開で取れるのは他の人の捨て札です。"
    finally:
        language().set("en")


def test_the_stake_games_ledger_shows_no_katen() -> None:
    from companion.games.nincetkaik.makaik.table import hand_step
    from companion.games.nincetkaik.makaik.table import new_session as makaik_session
    from companion.games.nincetkaik.taxot.table import drawn_step
    from companion.games.nincetkaik.taxot.table import new_session as taxot_session
    from ui.games.nincetkaik.table import parent_history

    makaik = makaik_session(["Ann", "Ben"])
    makaik = makaik.add(hand_step(makaik, [1, 1], winner=0))
    taxot = taxot_session(["Ann", "Ben"])
    taxot = taxot.add(drawn_step(taxot))
    for lang in ("en", "ja"):
        assert parent_history(makaik, lang) and "加点" not in "".join(
            parent_history(makaik, lang))
        assert "加点" in "".join(parent_history(taxot, lang))


def test_nine_says_no_stale_table_is_clear_once_the_game_is_over(qtbot, quiet) -> None:
    language().set("en")
    view = start(qtbot, "nine", [("Ann", None), ("Bob", None)])
    rng = random.Random(5)
    while not view.controller.finished:
        if view.is_covered():
            view.reveal()
        view.play(rng.choice(view.legal_moves()))
    qtbot.waitUntil(lambda: view.result_panel.isVisible(), timeout=5000)
    text = view.screens.top_row.label.text()
    assert "leads" not in text and "over" in text


RULES = Path(__file__).resolve().parents[2] / "resources" / "rules"
BLOCK = re.compile(r"^\s*([-*+]\s|#|\||\d+[.)]\s|>|```)")


def _wide(ch: str) -> bool:
    return ord(ch) > 0x2E7F


@pytest.mark.parametrize("game_id", MY_GAMES)
def test_japanese_rules_have_no_space_where_a_source_line_wrapped(game_id: str) -> None:
    """A line break inside a paragraph reads as a space: none next to Japanese text."""
    lines = (RULES / f"{game_id}.ja.md").read_text(encoding="utf-8").split("\n")
    wraps = [(a, b) for a, b in pairwise(lines)
             if a.strip() and b.strip() and not BLOCK.match(b)
             and not a.lstrip().startswith(("#", "|", "```"))
             and (_wide(a.rstrip()[-1]) or _wide(b.lstrip()[0]))
             and "`" not in (a.rstrip()[-1], b.lstrip()[0])]
    assert not wraps, wraps[:3]


# --- in sight --------------------------------------------------------------------------------
def test_neki_japanese_effect_buttons_stand_only_as_wide_as_the_board(qtbot, quiet) -> None:
    """連友 (ja): three 将-effect buttons in three columns were wider than the board."""
    language().set("ja")
    view = start(qtbot, "neki", [("Ann", None), ("Bob", None)])
    small(view, qtbot)
    screens = view.screens
    labels = ["将: 兵(1) をすべて除く", "将: 虎(4) をすべて除く", "将: 巫(7) をすべて除く"]
    columns = screens.button_columns(labels)
    width = screens.board.fontMetrics().horizontalAdvance(labels[0]) + 20
    assert columns * width <= screens.board.viewport().width()


def _lays_a_general(view: Any) -> Any:
    """A legal move after which the mover chooses a 将's effect, or None."""
    state = view.controller.state
    for move in view.legal_moves():
        after = state.copy()
        after.play(move)
        if after.effects:
            return move
    return None


@pytest.mark.parametrize("active", [False, True])
def test_neki_effect_buttons_are_scrolled_into_sight(qtbot, quiet, active: bool) -> None:
    """連友 (ja): after a 将 the person chooses its effect from buttons under the hand; the
    page scrolled to the 役 on the table instead and left every effect out of sight. In an
    active window (its font a little wider) eleven effects stood one a row, taller than the
    board: their labels are short enough for two columns."""
    from tests.ui.keyboard import start_game
    from ui.views import play_view

    language().set("ja")
    factory = play_view("neki")
    assert factory is not None
    view = start_game(qtbot, factory(None, "neki"), "neki", {}, 4, [("Ann", None), ("Bob", None)],
                      active=active)
    small(view, qtbot)
    rng = random.Random(6)
    for _ in range(60):
        if view.is_covered():
            view.reveal()
        if view.controller.state.effects:
            break
        general = _lays_a_general(view)
        view.play(general if general is not None else rng.choice(view.legal_moves()))
    screens = view.screens
    assert view.controller.state.effects and not view.is_covered()
    qtbot.wait(20)
    screens.board.verticalScrollBar().setValue(0)
    screens._scroll_to_moves()
    effects = [b for b in view.move_buttons() if b.isVisible()]
    assert effects and all("将" in b.text() or "パス" in b.text() for b in effects)
    # Once the page has settled (a slow machine lays it out in more than one pass).
    qtbot.waitUntil(lambda: all(in_sight(b, screens.board) for b in effects), timeout=3000)


def test_makaik_drawn_cards_are_scrolled_into_sight(qtbot, quiet) -> None:
    """After 値戦's "Draw two" the two drawn cards are what the person decides on."""
    from companion.games.nincetkaik.makaik.rules import Exchange

    language().set("en")
    view = start(qtbot, "makaik", [("Ann", None), ("Bob", None), ("Cy", None),
                                   ("Dan", None)])
    small(view, qtbot)
    for _ in range(20):
        if view.is_covered():
            view.reveal()
        draws = [m for m in view.legal_moves() if str(m) == "draw2"]
        if draws:
            view.play(draws[0])
            break
        view.play(view.legal_moves()[0])
    if view.is_covered():
        view.reveal()
    screens = view.screens
    assert any(isinstance(m, Exchange) and m.verb == "keep" for m in view.legal_moves())
    screens.board.verticalScrollBar().setValue(0)
    screens._scroll_to_moves()
    assert in_sight(screens.extra_private, screens.board)


def test_sorani_trade_buttons_sit_with_the_trade_prompt(qtbot, quiet) -> None:
    from tests.ui.test_sorani_play import screens_of

    language().set("ja")
    view = start(qtbot, "sorani", [("Ann", None), ("Bob", None)])
    rng = random.Random(2)
    screens = screens_of(view)
    for _ in range(200):
        if view.controller.finished:
            break
        trades = [b for b in screens.trade_buttons.buttons if b.isVisibleTo(view)]
        if trades:
            break
        view.play(rng.choice(view.legal_moves()))
    assert trades
    layout = screens.display_box.layout()
    order = [layout.indexOf(screens.trade_label), layout.indexOf(screens.trade_grid),
             layout.indexOf(screens.reserve_label)]
    assert order == sorted(order) and order[1] == order[0] + 1
    assert screens.trade_label.isVisibleTo(view) and "交換" in screens.trade_label.text()


@pytest.mark.parametrize("game_id", ["makup", "mokaik", "nine", "neki"])
def test_the_roads_and_the_yaku_to_beat_are_scrolled_into_sight(qtbot, quiet,
                                                                game_id: str) -> None:
    """値木's roads and the 役 to beat (行戦, 小猫, 連友) sit above the hand: in sight when a
    turn starts."""
    language().set("en")
    view = start(qtbot, game_id, [("Ann", None), ("Bob", None), ("Cy", None), ("Dan", None)])
    small(view, qtbot)
    screens = view.screens
    for _ in range(30):
        if view.is_covered():
            view.reveal()
        focus = screens.decision_focus(screens.position)
        if focus is not None:
            break
        view.play(view.legal_moves()[0])
    assert focus is not None
    qtbot.wait(20)
    screens.board.verticalScrollBar().setValue(screens.board.verticalScrollBar().maximum())
    screens._scroll_to_moves()
    top = focus.mapTo(screens.board.viewport(), focus.rect().topLeft()).y()
    assert 0 <= top < screens.board.viewport().height() // 2


def test_alluvium_sheets_table_keeps_to_the_side_column_at_the_end(qtbot, quiet) -> None:
    """Alluvium (ja): by the last round the areas column ("6 + 9 + 9 + 24") made the sheets
    table scroll sideways; it shows each total, the rounds' areas in its tooltip."""
    language().set("ja")
    view = start(qtbot, "alluvium", [("Ann", None), ("Bob", None), ("Cy", None)])
    small(view, qtbot)
    rng = random.Random(4)
    while not view.controller.finished:
        if view.is_covered():
            view.reveal()
        view.play(rng.choice(view.legal_moves()))
    qtbot.wait(20)
    table = view.screens.sheets
    state = view.controller.state
    assert table.item(0, 1).text() == str(sum(state.areas[0]))
    assert table.item(0, 1).toolTip() == " + ".join(str(a) for a in state.areas[0])
    assert not table.horizontalScrollBar().isVisible()


def test_alluvium_turn_line_keeps_its_lines_on_another_players_map(qtbot, quiet) -> None:
    """Alluvium (ja): on another player's map the turn line named that player and grew a
    line, pushing the board down mid-game; the side panel names the map's owner."""
    language().set("ja")
    view = start(qtbot, "alluvium", [("Ann", None), ("Bob", None),
                                     ("Konstantinopoulou", None)])
    rng = random.Random(4)
    seen = False
    while not view.controller.finished and not seen:
        if view.is_covered():
            view.reveal()
        state = view.controller.state
        seat = view.controller.to_move()
        if state.held_sheet(seat) != seat:
            seen = True
            owner = view.seat_name(state.held_sheet(seat))
            prompt = view.turn_label.text().split("。", 1)[1]
            assert "他の人のマップ" in prompt and owner not in prompt
            assert owner in view.screens.sheet_label.text()
            break
        view.play(rng.choice(view.legal_moves()))
    assert seen


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_alluvium_fits_the_smallest_window_beside_its_side_column(window, qtbot, quiet,
                                                                 lang: str) -> None:
    """Alluvium needed about 792 px of width: the sheets box's long title ("Sheets (as far as
    you have seen them)") never wraps, so the side column and the board overflowed."""
    from tests.ui.layout_checks import clipped

    language().set(lang)
    window.resize(window.minimumSize())
    area = window.open_game("alluvium", "play").widget("play")
    area.show_form()
    form = area.form
    form.set_players(3)
    for row in form.rows:
        row.set_bot(None if row.index == 0 else "random")
    form.start()
    view = area.view
    qtbot.waitUntil(lambda: view.controller is not None and view.controller.is_human_turn(),
                    timeout=10000)
    qtbot.wait(30)
    assert view.splitter.minimumSizeHint().width() <= view.splitter.width()
    assert not [why for w, why in clipped(view) if w is view.splitter]
    assert view.screens.sheets_box.title() in ("Sheets", "各シート")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_sorani_three_seats_keep_the_board_the_larger_column(window, qtbot, quiet,
                                                            lang: str) -> None:
    """Sorani with 3 seats at the smallest window: the display's three columns of buttons
    made the side column 336 px and left the board (and its seat tabs) 224 px."""
    language().set(lang)
    window.resize(window.minimumSize())
    area = window.open_game("sorani", "play").widget("play")
    area.show_form()
    form = area.form
    form.set_players(3)
    for row in form.rows:
        row.set_bot(None if row.index == 0 else "random")
    form.start()
    view = area.view
    qtbot.waitUntil(lambda: view.controller is not None and view.controller.is_human_turn(),
                    timeout=10000)
    qtbot.wait(30)
    assert view.board.width() > view.side_scroll.width()
    assert view.screens.seat_tabs.width() >= 300
    # to the end: the tiles in hand (a row of them widened the side column) keep the board
    widest = view.board.width()
    rng = random.Random(7)
    while not view.controller.finished:
        qtbot.waitUntil(lambda: view.controller.finished or view.controller.is_human_turn(),
                        timeout=20000)
        if view.controller.finished:
            break
        qtbot.wait(5)
        assert view.board.width() >= widest - 2, "the board narrowed mid-game"
        view.play(rng.choice(view.legal_moves()))


def test_etariya_lone_stones_show_their_colour_in_the_interface_language(qtbot) -> None:
    """The Japanese board drew "B", "R", "V" on the stones while hands and the move list say
    青, 赤, 紫."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from ui.games.etariya.board_widget import BoardWidget

    drawn: list[str] = []
    board = BoardWidget()
    qtbot.addWidget(board)
    board._draw_stack = lambda painter, rect, colour, depth, text, size: drawn.append(text)
    image = QImage(80, 80, QImage.Format.Format_ARGB32)
    for lang, expected in (("ja", ["青", "紫"]), ("en", ["B", "V"])):
        language().set(lang)
        drawn.clear()
        painter = QPainter(image)
        for stack in (("B",), ("V",)):
            board._paint_stack(painter, QRectF(0, 0, 40, 40), stack, 40)
        painter.end()
        assert drawn == expected
    language().set("en")


@pytest.mark.parametrize("game_id", ["mokaik", "nine"])
def test_english_counts_are_singular_or_plural_never_s_in_brackets(qtbot, quiet,
                                                                   game_id: str) -> None:
    """"Select 1 card(s)", "Ann's 1 card(s)": a count reads "1 card" or "3 cards"."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    language().set("en")
    view = start(qtbot, game_id, [("Ann", None), ("Bob", None)])
    rng = random.Random(1)
    texts: list[str] = []
    for _ in range(40):
        if view.controller.finished:
            break
        if view.is_covered():
            view.reveal()
        texts += [w.text() for kind in (QLabel, QAbstractButton)
                  for w in view.findChildren(kind) if w.isVisibleTo(view)]
        view.play(rng.choice(view.legal_moves()))
    assert texts and not [t for t in texts if "(s)" in t]


def test_sorani_space_tooltips_count_lines_in_words(qtbot, quiet) -> None:
    """"2 branch line(s) touch it" read "1 branch line touches it" / "2 branch lines"."""
    from companion.games.sorani import board as bd
    from ui.games.sorani.labels import space_tooltip

    language().set("en")
    view = start(qtbot, "sorani", [("Ann", None), ("Bob", None)])
    rng = random.Random(2)
    for _ in range(60):
        if view.controller.finished:
            break
        view.play(rng.choice(view.legal_moves()))
    board = view.controller.state.boards[0]
    tips = [space_tooltip(board, space) for space in bd.round_spots(board)]
    tips += [space_tooltip(board, space) for space in range(len(board.cells))
             if board.cells[space]]
    assert tips and not [t for t in tips if "(s)" in t]
    assert any("branch line" in t for t in tips)


def _refusal(build: Any) -> str:
    with pytest.raises(ValueError) as caught:
        build()
    return str(caught.value)


def test_the_ledgers_refusals_read_in_japanese_and_name_cards_in_words(window) -> None:
    """Every table ledger's refusal (終季's 開 line among them) is one Japanese sentence in the
    Japanese interface, and in English names no card in notation."""
    from companion.games.nincetkaik.makaik.table import hand_step
    from companion.games.nincetkaik.makaik.table import new_session as makaik_session
    from companion.games.nincetkaik.neki.table import answers
    from companion.games.nincetkaik.nine.table import empty_step
    from companion.games.nincetkaik.nine.table import new_session as nine_session
    from companion.games.nincetkaik.taxot.table import call_step, split_melds
    from companion.games.nincetkaik.taxot.table import new_session as taxot_session
    from ui.games.nincetkaik.table import refusal

    taxot = taxot_session(["Ann", "Ben"])
    makaik = makaik_session(["Ann", "Ben"])
    nine = nine_session(["Ann", "Ben"])
    texts = [_refusal(lambda: call_step(taxot, 0, 0)),
             _refusal(lambda: split_melds("r1r5")),
             _refusal(lambda: answers("r1r2", "r1r5")),
             _refusal(lambda: hand_step(makaik, [0, 1], winner=0)),
             _refusal(lambda: empty_step(nine, 0, 99))]
    english = re.compile(r"[A-Za-z]{3,}")
    language().set("ja")
    try:
        japanese = [refusal(t) for t in texts]
    finally:
        language().set("en")
    assert japanese[0] == "開で取れるのは他の人の捨て札です。"
    assert not [t for t in japanese if english.search(t)], japanese
    assert "赤兵・赤馬" in japanese[1]
    shown = [refusal(t) for t in texts]
    assert not [t for t in shown if NOTATION.search(t)], shown


@pytest.mark.parametrize(("notation", "en", "ja"), [
    ("I3 a1 b1 c1", "draws I3 on a1, b1, c1", "I3 を a1・b1・c1 に描く"),
    ("fill c4", "fills c4", "c4 を塗る"),
    ("pass", "passes", "パス"),
    ("draw R I3", "draws I3 from the red deck", "赤の山札から I3"),
])
def test_alluvium_moves_read_as_sentences_in_both_languages(notation: str, en: str,
                                                            ja: str) -> None:
    """Alluvium's move list showed a piece as bare notation ("T4 c1 d1 e1 d2") in both
    languages, and every move bare in English."""
    from companion.display import move_text

    assert move_text("alluvium", notation, "en") == en
    assert move_text("alluvium", notation, "ja") == ja


def test_sorani_result_lists_only_the_categories_that_scored(qtbot, quiet) -> None:
    """Sorani's banner listed every category of every seat, zeros too ("Guiding stars 0,
    Special features 0 …"), and took the side column's height at the smallest window."""
    language().set("en")
    view = start(qtbot, "sorani", [("Ann", None), ("Bob", None)])
    rng = random.Random(3)
    while not view.controller.finished:
        view.play(rng.choice(view.legal_moves()))
    qtbot.waitUntil(lambda: view.result_panel.isVisible(), timeout=5000)
    detail = view.result_panel.detail.text()
    assert not re.search(r"[A-Za-z] 0\b", detail), detail
    outcome = view.controller.state.outcome()
    for name, score in zip(("Ann", "Bob"), outcome.scores, strict=True):
        assert f"{name}\u2069: {score:g}" in detail


def test_nine_result_says_the_fewest_cards_decided_equal_points(quiet) -> None:
    """小猫 ended 0 : 0 and named a winner without saying why: the fewer cards in hand."""
    from companion.games import registry
    from companion.games.nincetkaik.deck import ALL_CARDS
    from ui.games.nincetkaik.nine import NineScreens

    state: Any = registry.get("nine").create(2, {})
    state.points = [0, 0]
    state.hands = [list(ALL_CARDS[:3]), list(ALL_CARDS[3:8])]
    state.over = True
    outcome = state.outcome()
    assert outcome.winners == {0}
    screens = NineScreens("nine")
    language().set("en")
    assert "Equal points: the fewest cards in hand won (\u2068Ann\u2069 3, \u2068Bob\u2069 " \
        in screens.outcome_detail(state, outcome, ["Ann", "Bob"])
    language().set("ja")
    assert "同点のため、手札の少ない人の勝ち(\u2068Ann\u2069 3枚、" \
        in screens.outcome_detail(state, outcome, ["Ann", "Bob"])
    state.points = [2, 0]  # the points alone decided: no such line
    assert "同点" not in screens.outcome_detail(state, state.outcome(), ["Ann", "Bob"])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_nine_shows_the_yaku_to_beat_the_hand_and_stay_out_at_once(qtbot, quiet, lang: str) -> None:
    """小猫 at the smallest window: when a 役 lies on the table, the cards to beat, the hand and
    every move button ("stay out" last) are in sight together — the pile under the 役 stands
    beside it, and the scroll is measured in the board's own coordinates, again once the page
    has settled (the stay-out button was below the board's bottom edge)."""
    language().set(lang)
    view = start(qtbot, "nine", [("Ann", None), ("Bob", None), ("Cy", None), ("Dan", None)])
    small(view, qtbot)
    screens = view.screens
    checked = 0
    for _ in range(60):
        if view.controller.finished or checked == 3:
            break
        if view.is_covered():
            view.reveal()
        if screens.position.state.top is not None:
            qtbot.wait(30)
            viewport = screens.board.viewport()
            buttons = [screens.buttons.itemAt(i).widget() for i in range(screens.buttons.count())]
            shown = [screens.top_row, screens.hand_box,
                     *(b for b in buttons if b is not None and b.isVisible())]
            for widget in shown:
                top = widget.mapTo(viewport, widget.rect().topLeft()).y()
                bottom = widget.mapTo(viewport, widget.rect().bottomLeft()).y()
                assert top >= 0 and bottom < viewport.height(), (widget, top, bottom)
            checked += 1
        view.play(view.legal_moves()[0])
    assert checked == 3
