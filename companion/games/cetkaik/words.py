"""机戦 as a person reads it, in Japanese or English (registry hooks `move_text`,
`chance_text`, `end_reason`; the screens and the PDFs use the same words).

The notation names squares by their public names (``ZAI``); the Japanese texts use the plain
names of the rules notes (``e3``: files a… from the left, ranks 1… from the bottom side), and
call the sides by their kings: 黒王側 (the IA side, at the bottom) and 赤王側 (the A side).

- ``LAU-LY`` → ``b2→b4``; ``ZAI-[ZO]-ZU`` → ``e3→[e5]→e6`` (the stepped-on square in
  brackets); ``皇ZO-TY-TAU`` → ``皇 e5→d4→d2``; ``赤兵*ZY`` → ``赤兵 打 e4``;
- ``go LO`` → ``進む b5``, ``stay`` → ``留まる``; ``=3`` → ``投げ棒 3``;
  ``first IA`` → ``黒王側が先手``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from companion.core.errors import MoveParseError
from companion.games.cetkaik.board import STANDARD_BOARD, Board
from companion.games.cetkaik.moves import (
    AfterCast,
    ChainCast,
    Declare,
    Drop,
    FirstMover,
    PieceMove,
    TamMove,
    parse_move,
)
from companion.games.cetkaik.pieces import TAM_KANJI
from companion.games.cetkaik.variants import SIDE_NAMES
from companion.games.sticks.moves import Sticks

#: The sides by the colour of their king, as the Japanese texts call them.
SIDE_NAMES_JA = ("黒王側", "赤王側")


def side_name(side: int, lang: str) -> str:
    """``黒王側`` / ``IA side``."""
    return SIDE_NAMES_JA[side] if lang == "ja" else f"{SIDE_NAMES[side]} side"


def side_long_name(side: int, lang: str) -> str:
    """``黒王側(下)`` / ``IA side (black king)``: the side and where it sits."""
    if lang == "ja":
        return f"{SIDE_NAMES_JA[side]}({'下' if side == 0 else '上'})"
    return f"{SIDE_NAMES[side]} side ({'black' if side == 0 else 'red'} king)"


def square_text(name: str, lang: str, board: Board = STANDARD_BOARD) -> str:
    """A square named in the notation, as the language shows it (plain name in Japanese)."""
    if lang != "ja" or not name:
        return name
    return board.plain_name(board.parse_square(name))


def move_text(notation: str, lang: str, board: Board = STANDARD_BOARD) -> str:
    """A recorded move as a person reads it: English keeps the notation; Japanese uses plain
    square names and words (see the module doc). Unreadable text is returned as it is."""
    if lang != "ja":
        return notation
    try:
        move = parse_move(notation, board)
    except MoveParseError:
        return notation

    def sq(name: str) -> str:
        return square_text(name, lang, board)

    if isinstance(move, PieceMove):
        if not move.via:
            return f"{sq(move.src)}→{sq(move.dest)}"
        if not move.dest:
            return f"{sq(move.src)}→[{sq(move.via)}]→?"
        tail = f"{sq(move.dest)}方向" if move.towards else sq(move.dest)
        second = f"[{sq(move.via2)}]→" if move.via2 else ""
        return f"{sq(move.src)}→[{sq(move.via)}]→{second}{tail}"
    if isinstance(move, TamMove):
        parts = [f"[{sq(name)}]" if i == move.via and i else sq(name)
                 for i, name in enumerate(move.path)]
        return f"{TAM_KANJI} " + "→".join(parts)
    if isinstance(move, Drop):
        return f"{move.colour.kanji}{move.profession.kanji} 打 {sq(move.dest)}"
    if isinstance(move, AfterCast):
        return f"進む {sq(move.dest)}" if move.dest else "留まる"
    if isinstance(move, ChainCast):
        return "もう一度投げる" if move.again else "合計で決める"
    if isinstance(move, Declare):
        return str(move)
    return chance_text(notation, lang)


def chance_text(notation: str, lang: str) -> str:
    """A chance outcome: ``=3`` → ``投げ棒 3`` / ``sticks 3``; ``first IA`` → ``黒王側が先手``
    / ``IA side starts``."""
    try:
        if notation.strip().startswith("="):
            count = Sticks.parse(notation).face_up
            return f"投げ棒 {count}" if lang == "ja" else f"sticks {count}"
        side = FirstMover.parse(notation).side
    except MoveParseError:
        return notation
    return f"{SIDE_NAMES_JA[side]}が先手" if lang == "ja" else f"{SIDE_NAMES[side]} side starts"


_HOLDS_ALL = re.compile(r"(IA|A) side holds all ([\d.]+) points")
_TOOK_KING = re.compile(r"(IA|A) side took the king")
_TURNS = re.compile(r"(\d+) turns played")
_NO_MOVE = re.compile(r"(IA|A) side has no legal move")
_SEASONS = re.compile(r"(\d+) seasons? played")


def end_reason(detail: str, lang: str) -> str:
    """Why a game ended (the engine's `Outcome.detail`, English) in `lang`."""
    if lang != "ja":
        return detail
    draw = detail.endswith(": a draw")
    core = detail.removesuffix(": a draw")
    if found := _HOLDS_ALL.fullmatch(core):
        text = f"{SIDE_NAMES_JA[SIDE_NAMES.index(found[1])]}が {found[2]} 点すべてを得た"
    elif found := _NO_MOVE.fullmatch(core):
        text = f"{SIDE_NAMES_JA[SIDE_NAMES.index(found[1])]}に動かせる手がない"
    elif found := _SEASONS.fullmatch(core):
        text = f"{found[1]} 季節が終わった"
    elif found := _TOOK_KING.fullmatch(core):
        text = f"{SIDE_NAMES_JA[SIDE_NAMES.index(found[1])]}が王を取った"
    elif found := _TURNS.fullmatch(core):
        text = f"{found[1]} 手が終わった"
    else:
        text = core
    return f"{text}(引き分け)" if draw else text


#: The registry hooks (of 標準机戦).
TEXTS = {"move_text": move_text, "chance_text": chance_text, "end_reason": end_reason}


def season_lines(results: Sequence[Any], names: Sequence[str], lang: str,
                 scale: int = 1) -> list[str]:
    """One sentence per season that ended with 終季 (points in `scale` units)."""
    from companion.games.cetkaik.hands import points_text
    from companion.games.cetkaik.rules import SEASON_NAMES

    lines = []
    for r in results:
        season = SEASON_NAMES[r.season][0 if lang == "ja" else 1]
        hands = "・".join([h.name(lang) for h in r.hands] + [p.name(lang) for p in r.penalties])
        total = points_text(sum(h.value for h in r.hands)
                            + sum(p.points for p in r.penalties) * scale, scale)
        paid = points_text(r.points, scale)
        paid = paid if paid.startswith("-") else f"+{paid}"
        who = names[r.declarer]
        if lang == "ja":
            lines.append(f"{season}: {who} が終季({hands or '役なし'}) {total} × {r.rate} = "
                         f"{paid}")
        else:
            lines.append(f"{season.capitalize()}: {who} ended the season ({hands or 'no hand'})"
                         f" {total} × {r.rate} = {paid}")
    return lines
