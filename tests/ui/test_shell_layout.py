"""Every shell page holds together at the window's minimum size and at the default size, in
both languages: nothing drawn over something else, no text cut off (tests/ui/layout_checks)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui.layout_checks import layout_problems
from tests.ui.shots import save_shot
from ui.i18n import language
from ui.main_window import PAGE_KEYS


def sizes(window) -> list[tuple[int, int]]:
    minimum = window.minimumSize()
    return [(minimum.width(), minimum.height()), (1100, 720)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_shell_pages_hold_at_minimum_and_default_size(window, qtbot, lang) -> None:
    language().set(lang)
    problems = []
    for width, height in sizes(window):
        window.resize(width, height)
        QApplication.processEvents()
        assert (window.width(), window.height()) == (width, height)
        for key in PAGE_KEYS:
            page = window.show_page(key)
            QApplication.processEvents()
            save_shot(window, f"shell_layout_{lang}_{width}_{key}.png")
            problems += [f"{lang} {width}×{height} {key}: {p}" for p in layout_problems(page)]
        library = window.show_page("library")
        for game_id in library.cards:
            page = library.open_game(game_id, "rules")
            QApplication.processEvents()
            for part in (page.back_button, page.title):
                problems += [f"{lang} {width} {game_id}: {p}" for p in layout_problems(part)]
        library.show_list()
        history = window.show_page("history")
        dialog = history.open_play(history.model.plays[0].id)
        dialog.resize(dialog.minimumSizeHint())
        QApplication.processEvents()
        problems += [f"{lang} play dialog: {p}" for p in layout_problems(dialog)]
        dialog.close()
    assert problems == [], "\n".join(problems)


def test_the_checker_sees_cut_texts_and_overlaps(qtbot) -> None:
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

    top = QWidget()
    qtbot.addWidget(top)
    top.setMinimumSize(50, 20)
    row = QWidget(top)
    QHBoxLayout(row).addWidget(QLabel("a label far too long to fit in the room"))
    row.layout().addWidget(QPushButton("a button far too long"))
    row.setGeometry(0, 0, 150, 40)
    top.resize(150, 40)
    top.show()
    problems = layout_problems(top)
    assert len(problems) == 2 and all("needs" in p for p in problems)
    row.layout().itemAt(1).widget().setGeometry(row.layout().itemAt(0).widget().geometry())
    assert any(p.startswith("overlap") for p in layout_problems(top))
