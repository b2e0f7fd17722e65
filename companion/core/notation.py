"""Reading moves written in a game's text notation: the checks every game's parsers share."""

from __future__ import annotations

from companion.core.errors import MoveParseError


def move_words(text: str, head: str, count: int, expected: str) -> list[str]:
    """The words of `text`, which must be `count` words starting with `head` (any case);
    otherwise MoveParseError naming what was `expected`."""
    words = text.split()
    if len(words) != count or words[0].lower() != head:
        raise MoveParseError(text, expected)
    return words


def expect_keyword(text: str, keyword: str) -> None:
    """Check that `text` is the one-word move `keyword` (any case, spaces around allowed);
    otherwise MoveParseError."""
    if text.strip().lower() != keyword:
        raise MoveParseError(text, f"'{keyword}'")
