"""Rules: every game's rules in the product's own words, in the interface language, with one
search box over all games — the list keeps the games that mention the words (with a count),
and every match is highlighted in the text shown. Enter jumps to the next match."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from companion.games.registry import GameInfo
from ui.context import AppContext
from ui.i18n import language, tr
from ui.shell.common import heading
from ui.shell.library import rules_markdown

HIGHLIGHT = QColor("#ffe27a")
CURRENT = QColor("#ffb347")


def count_matches(text: str, query: str) -> int:
    """How often `query` occurs in `text`, ignoring case (0 for an empty query)."""
    query = query.strip().casefold()
    return text.casefold().count(query) if query else 0


class RulesPage(QWidget):
    """Game picker, search box and the rules text."""

    def __init__(self, ctx: AppContext, window: Any = None) -> None:
        super().__init__()
        self.ctx, self.window_ = ctx, window
        from companion.games import registry

        self.games: list[GameInfo] = [g for g in registry.all_games() if g.rules]
        self._plain: dict[tuple[str, str], str] = {}
        self._current_match = -1
        self.title = heading(self)
        self.search = QLineEdit(self)
        self.search.setObjectName("rules_search")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._search_changed)
        self.search.returnPressed.connect(self.next_match)
        self.game_list = QListWidget(self)
        self.game_list.setObjectName("rules_games")
        self.game_list.setMinimumWidth(210)
        self.game_list.setMaximumWidth(300)
        for info in self.games:
            item = QListWidgetItem(self.game_list)
            item.setData(Qt.ItemDataRole.UserRole, info.id)
        self.game_list.currentItemChanged.connect(lambda *_: self._show_text())
        self.text = QTextBrowser(self)
        self.text.setObjectName("rules_text")
        self.text.setOpenExternalLinks(True)
        self.matches_label = QLabel(self)
        self.matches_label.setObjectName("rules_matches")
        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.game_list, 1)
        left.addWidget(self.matches_label)
        body = QHBoxLayout()
        body.addLayout(left)
        body.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(body, 1)
        language().changed.connect(self.retranslate)
        last = ctx.settings.value("library/last_game")
        if not (last and self.select_game(str(last))) and self.games:
            self.game_list.setCurrentRow(0)
        self.retranslate()

    def retranslate(self, *_: object) -> None:
        self.title.setText(tr("Rules", "ルール"))
        self.search.setPlaceholderText(tr("Search all rules (Ctrl+F)", "全ルールを検索 (Ctrl+F)"))
        self._search_changed(self.search.text())

    # --- texts ------------------------------------------------------------------------------
    def _info(self, game_id: str) -> GameInfo | None:
        return next((g for g in self.games if g.id == game_id), None)

    def plain_text(self, game_id: str) -> str:
        """The rules as rendered (no Markdown marks), in the interface language."""
        key = (game_id, language().code)
        if key not in self._plain:
            info = self._info(game_id)
            document = QTextDocument()
            document.setMarkdown(rules_markdown(info, key[1]) if info else "")
            self._plain[key] = info.name(key[1]) + "\n" + document.toPlainText() if info else ""
        return self._plain[key]

    def current_game(self) -> str | None:
        item = self.game_list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def select_game(self, game_id: str) -> bool:
        for row in range(self.game_list.count()):
            item = self.game_list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == game_id:
                if item.isHidden():
                    self.search.clear()
                self.game_list.setCurrentItem(item)
                return True
        return False

    def _show_text(self) -> None:
        game_id = self.current_game()
        info = self._info(game_id) if game_id else None
        if info is None:
            self.text.clear()
            return
        markdown = rules_markdown(info, language().code)
        self.text.setMarkdown(markdown
                              or tr("No rules text yet.", "ルールの文章はまだありません。"))
        self._current_match = -1
        self._highlight()

    # --- searching --------------------------------------------------------------------------
    def _search_changed(self, text: str) -> None:
        query = text.strip()
        total = 0
        for row in range(self.game_list.count()):
            item = self.game_list.item(row)
            game_id = str(item.data(Qt.ItemDataRole.UserRole))
            info = self._info(game_id)
            name = info.name(language().code) if info else game_id
            count = count_matches(self.plain_text(game_id), query)
            total += count
            item.setText(f"{name}  ({count})" if query else name)
            item.setHidden(bool(query) and count == 0)
        current = self.game_list.currentItem()
        if current is None or current.isHidden():
            visible = [self.game_list.item(r) for r in range(self.game_list.count())
                       if not self.game_list.item(r).isHidden()]
            if visible:
                self.game_list.setCurrentItem(visible[0])
        if not query:
            self.matches_label.setText("")
        elif total:
            games = sum(1 for r in range(self.game_list.count())
                        if not self.game_list.item(r).isHidden())
            self.matches_label.setText(tr(f"{total} matches in {games} games",
                                          f"{games} ゲームで {total} 件"))
        else:
            self.matches_label.setText(tr(f"“{query}” is not in any rules.",
                                          f"「{query}」はどのルールにもありません。"))
        self._show_text()

    def _match_cursors(self) -> list[QTextCursor]:
        query = self.search.text().strip()
        if not query:
            return []
        found: list[QTextCursor] = []
        document = self.text.document()
        cursor = document.find(query, 0)
        while not cursor.isNull():
            found.append(cursor)
            cursor = document.find(query, cursor)
        return found

    def _highlight(self) -> None:
        selections = []
        cursors = self._match_cursors()
        for i, cursor in enumerate(cursors):
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setBackground(CURRENT if i == self._current_match else HIGHLIGHT)
            selection.format = fmt
            selection.cursor = cursor
            selections.append(selection)
        self.text.setExtraSelections(selections)
        if cursors:
            shown = cursors[max(self._current_match, 0)]
            visible = QTextCursor(shown)
            visible.clearSelection()
            self.text.setTextCursor(visible)
            self.text.ensureCursorVisible()

    def highlighted(self) -> list[str]:
        """The highlighted pieces of the text shown."""
        return [s.cursor.selectedText() for s in self.text.extraSelections()]

    def next_match(self) -> None:
        count = len(self._match_cursors())
        if count:
            self._current_match = (self._current_match + 1) % count
            self._highlight()

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def print_current(self) -> bool:
        return False
