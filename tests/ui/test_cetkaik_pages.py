"""The 机戦 pages in the states people meet — a piece chosen, the sticks thrown, 再行/終季 due,
captured pieces in hand, the table tools filled in — in English and Japanese, at the smallest
window and at the default size: nothing drawn over anything else, nothing cut off, and no
English on a Japanese page (issue 8's checks, for these pages)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from companion.games.cetkaik.moves import PieceMove
from tests.ui.layout_checks import layout_problems, untranslated
from tests.ui.test_cetkaik_play import before_a_new_hand, button, click_move, resumed
from ui.i18n import language

#: The players' names, keys and formats may be Latin in a Japanese page.
ALLOWED = ("Ann", "Bo", "Ctrl", "Esc", "MCTS", "PDF")
SIZES = ((760, 520), (1100, 720))


@pytest.fixture
def quiet(window, quiet_games):
    yield window
    language().set("en")


def play_states(qtbot, window) -> Iterator[str]:
    """The play page: a hand about to be made, then 再行/終季 due, then a piece chosen."""
    game, capture = before_a_new_hand(seed=11)
    area = window.open_game("cetkaik", "play").widget("play")
    view = resumed(qtbot, game)
    view.ctx = window.ctx
    area.set_view(view)
    qtbot.wait(20)
    yield "play, before the capture"
    click_move(qtbot, view, capture)
    qtbot.wait(20)
    yield "play, 再行 or 終季 due"
    qtbot.mouseClick(button(view, "再行"), Qt.MouseButton.LeftButton)
    state: Any = view.controller.state if view.controller else None
    src = next(m.src for m in state.legal_moves() if isinstance(m, PieceMove) and m.via)
    view.screens.square_clicked(state.tables.index[src])
    qtbot.wait(20)
    yield "play, a piece chosen"


def table_states(qtbot, window) -> Iterator[str]:
    page = window.open_game("cetkaik", "table").widget("table")
    hands, ledger, cast = page.tab(0), page.tab(1), page.tab(2)
    hands.players.edits[0].setText("Ann")
    for piece in ((0, 5), (0, 4), (1, 9), (1, 1)):
        hands.add(*_piece(*piece))
    ledger.again(0)
    ledger.points[1].setValue(7)
    ledger.end(1)
    cast.enter(2)
    for index in range(page.tabs.count()):
        page.tabs.setCurrentIndex(index)
        qtbot.wait(20)
        yield f"table tab {index}"


def _piece(colour: int, profession: int) -> tuple[Any, Any]:
    from companion.games.cetkaik.pieces import Colour, Profession

    return Colour(colour), Profession(profession)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_cetkaik_page_state_fits_and_speaks_the_language(qtbot, quiet, lang: str,
                                                               size: tuple[int, int]) -> None:
    problems = page_problems(quiet, lang, size, table_states(qtbot, quiet),
                             play_states(qtbot, quiet))
    assert not problems, "\n".join(problems)


def page_problems(window: Any, lang: str, size: tuple[int, int],
                  *states: Iterator[str]) -> list[str]:
    """What the layout and language checks find in each state the iterators step through, the
    window at `size` (or its minimum) in `lang`."""
    language().set(lang)
    window.resize(*(max(a, b) for a, b in zip(size, (window.minimumWidth(),
                                                     window.minimumHeight()), strict=True)))
    problems = []
    for steps in states:
        for where in steps:
            problems += [f"{where}: {line}" for line in layout_problems(window)]
            if lang == "ja":
                problems += [f"{where}: {text}" for text in untranslated(window, ALLOWED)]
    return problems


def variant_states(qtbot, window) -> Iterator[str]:
    """教育机戦 and 古机戦: every table tab, and the play page a few moves in."""
    import random

    from ui.new_game_dialog import GameSetup, SeatChoice

    for game_id in ("cetkaik_education", "cetkaik_old"):
        page = window.open_game(game_id, "table").widget("table")
        page.tab(0).players.edits[0].setText("Ann")
        for index in range(page.tabs.count()):
            page.tabs.setCurrentIndex(index)
            qtbot.wait(20)
            yield f"{game_id} table tab {index}"
        area = window.open_game(game_id, "play").widget("play")
        area.show_form()
        area.form.rows[0].name.setText("Ann")
        area.form.rows[1].name.setText("Bo")
        area.form.start()
        view = area.view
        view.start(GameSetup(game_id, {}, [SeatChoice("Ann", None), SeatChoice("Bo", None)],
                             5, ""))
        rng = random.Random(5)
        for _ in range(6):
            state: Any = view.controller.state
            if not state.is_over():
                view.play(rng.choice(state.legal_moves()))
        qtbot.wait(20)
        yield f"{game_id} play"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_variant_page_fits_and_speaks_the_language(qtbot, quiet, lang: str,
                                                         size: tuple[int, int]) -> None:
    problems = page_problems(quiet, lang, size, variant_states(qtbot, quiet))
    assert not problems, "\n".join(problems)
