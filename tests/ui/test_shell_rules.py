"""Rules: every game's text; one search over all games, in English and in Japanese."""

from __future__ import annotations

from PySide6.QtCore import Qt

from companion.games import registry
from tests.ui.shots import save_shot
from ui.i18n import language

ALL = [g.id for g in registry.all_games() if g.rules]


def open_rules(window, person):
    person.click_sidebar(window, "Rules")
    return window.current_page()


def listed(page) -> list[str]:
    return [page.game_list.item(r).data(Qt.ItemDataRole.UserRole)
            for r in range(page.game_list.count()) if not page.game_list.item(r).isHidden()]


def test_picking_a_game_shows_its_rules(window, person) -> None:
    page = open_rules(window, person)
    assert listed(page) == ALL
    item = page.game_list.item(ALL.index("shinyu"))
    person.qtbot.mouseClick(page.game_list.viewport(), Qt.MouseButton.LeftButton,
                            pos=page.game_list.visualItemRect(item).center())
    assert page.current_game() == "shinyu"
    assert page.text.toPlainText().startswith("Shinyu")


def test_search_in_english_filters_games_and_highlights(window, person) -> None:
    page = open_rules(window, person)
    person.type(page.search, "banker")
    assert "shinyu" in listed(page) and "juusai" not in listed(page)
    assert all("banker" in page.plain_text(game).casefold() for game in listed(page))
    page.select_game("shinyu")
    marks = page.highlighted()
    assert marks and all(m.casefold() == "banker" for m in marks)
    total = sum(page.plain_text(g).casefold().count("banker") for g in listed(page))
    assert page.matches_label.text() == f"{total} matches in {len(listed(page))} games"
    save_shot(window, "shell_rules_search.png")
    person.key(page.search, Qt.Key.Key_Return)  # next match
    assert page.text.textCursor().position() > 0
    person.type(page.search, "xyzzy")
    assert listed(page) == []
    assert page.matches_label.text() == "“xyzzy” is not in any rules."
    page.search.clear()
    assert listed(page) == ALL


def test_search_in_japanese(window, person) -> None:
    page = open_rules(window, person)
    language().set("ja")
    assert page.title.text() == "ルール"
    assert page.text.toPlainText().startswith("獣裁")
    person.type(page.search, "親")
    assert "shinyu" in listed(page)
    assert page.highlighted() and set(page.highlighted()) == {"親"}
    person.type(page.search, "点棒")
    assert "juusai" in listed(page)
    save_shot(window, "shell_rules_ja_search.png")
