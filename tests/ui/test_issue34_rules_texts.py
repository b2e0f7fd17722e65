"""Issue 34: the Japanese rules of 机戦 (three rule sets), the stick and race games and
Equilibrium, as the Rules page shows them, have no space where a source line wrapped between
two Japanese characters (Markdown turns such a line break into a space)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from PySide6.QtGui import QTextCursor, QTextDocument

from companion.games import registry
from ui.shell.library import rules_markdown

GAMES = ("cetkaik", "cetkaik_education", "cetkaik_old", "juusai", "rengeki", "shinyu",
         "netxiju", "tudepijume", "mokzo", "equilibrium")
JAPANESE = "[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]"
#: A line that starts a block of its own (list item, heading, table row, quote, fence).
BLOCK_START = re.compile(r"\s*([-*+]\s|\d+\.\s|#|\||>|```)")


def wrapped_lines(markdown: str) -> list[str]:
    """Where a paragraph's line ends in Japanese and goes on on the next line in Japanese,
    or after a Japanese full stop or comma."""
    lines = markdown.split("\n")
    found = []
    for before, after in pairwise(lines):
        if (before.strip() and after.strip()
                and not before.lstrip().startswith(("#", "|", "```"))
                and not BLOCK_START.match(after)
                and re.search(JAPANESE + r"(\*\*)?$", before.rstrip())
                and (re.match(r"\s*(\*\*)?" + JAPANESE, after)
                     or re.search(r"[。、]$", before.rstrip()))):
            found.append(f"{before[-6:]}⏎{after.strip()[:6]}")
    return found


def paragraphs(markdown: str) -> list[str]:
    """The texts of the rendered document's blocks outside tables."""
    document = QTextDocument()
    document.setMarkdown(markdown)
    found = []
    block = document.begin()
    while block.isValid():
        if QTextCursor(block).currentTable() is None:
            found.append(block.text())
        block = block.next()
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_japanese_rules_keep_no_space_where_a_line_wrapped(qtbot, game_id: str) -> None:
    markdown = rules_markdown(registry.get(game_id), "ja")
    assert not wrapped_lines(markdown), wrapped_lines(markdown)
    shown = "\n".join(paragraphs(markdown))
    assert not re.search(r"[。、] \S", shown), re.findall(r".{8}[。、] \S.{8}", shown)
