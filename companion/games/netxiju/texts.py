"""六裁's recorded moves and end reasons as a person reads them (registry hooks `move_text` and
`end_reason`): ``throw`` is 投げる in Japanese; a throw's outcome (``=4``) stays as it is. And
the sentences the screens show: what a line costs (`cups_word`), what the last throw did
(`turn_text`)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.errors import MoveParseError
from companion.games.first_player import FirstPlayer, first_player_text

if TYPE_CHECKING:
    from companion.games.netxiju.rules import TurnReport


def move_text(notation: str, lang: str) -> str:
    """"throw" -> "投げる", "first 2" -> "2番席が先手"; anything else as written."""
    if notation.strip() == "throw":
        return "投げる" if lang == "ja" else "throw"
    if notation.startswith("first"):
        try:
            return first_player_text(FirstPlayer.parse(notation).seat, lang)
        except MoveParseError:
            return notation
    return notation


def end_reason(detail: str, lang: str) -> str:
    """"seat 2 reached the goal first" -> "2番席が最初にゴール"."""
    first = re.fullmatch(r"seat (\d) reached the goal first", detail)
    if lang == "ja" and first:
        return f"{first.group(1)}番席が最初にゴール"
    return detail


def cups_word(options: Mapping[str, Any], lang: str) -> str:
    """What a line costs at this table: cups (drinks) or penalty points."""
    drinks = options.get("tally") == "drinks"
    if lang == "ja":
        return "杯" if drinks else "罰点"
    return "cups" if drinks else "penalty points"


def turn_text(report: TurnReport, names: Sequence[str], options: Mapping[str, Any],
              lang: str) -> str:
    """The last throw in a sentence: "Ann threw 4: 12 → 16, Bo goes back to the start, 2
    penalty points." (names are isolated for bidi)."""
    from companion.display import isolate

    who = isolate(names[report.seat])
    drinks = options.get("tally") == "drinks"
    if lang == "en":
        cups = f"{report.cups} {cups_word(options, lang)}"
    else:
        cups = f"{report.cups}杯" if drinks else f"罰点 {report.cups}"
    if report.overshoot:
        return (f"{who} は {report.cast}: ゴールを越えるので動けない。" if lang == "ja" else
                f"{who} threw {report.cast}: that passes the goal, no move.")
    where = "ゴール" if lang == "ja" and report.finished else \
        "the goal" if report.finished else str(report.end)
    parts = [f"{who} は {report.cast}: {report.start} → {where}" if lang == "ja" else
             f"{who} threw {report.cast}: {report.start} → {where}"]
    if report.sent_back is not None:
        victim = isolate(names[report.sent_back])
        parts.append(f"{victim} はスタートへ戻る" if lang == "ja" else
                     f"{victim} goes back to the start")
    if report.cups:
        parts.append(cups)
    if report.ox:
        parts.append("牛行!")
    return ("、".join(parts) + "。") if lang == "ja" else (", ".join(parts) + ".")
