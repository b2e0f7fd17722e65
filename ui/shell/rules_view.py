"""A game's rules tab: its own module, so that the window's start does not make PySide6 set
up QTextBrowser (issue 35); imported when a game's Rules tab is first shown."""

from __future__ import annotations

from PySide6.QtWidgets import QTextBrowser, QWidget

from companion.games.registry import GameInfo
from ui.i18n import language, tr
from ui.shell.library import rules_markdown


class RulesView(QTextBrowser):
    """A game's rules in the current language."""

    def __init__(self, info: GameInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self.setOpenExternalLinks(True)
        language().changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self, *_: object) -> None:
        text = rules_markdown(self.info, language().code)
        self.setMarkdown(text or tr("No rules text yet.", "ルールの文章はまだありません。"))
