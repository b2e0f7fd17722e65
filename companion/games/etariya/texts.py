"""Etariya's recorded moves and end reasons as a person reads them (registry hooks
`move_text` and `end_reason`): "R d4" is 赤 d4 in Japanese, the notation's words become words.
Also the words the screens and the sheets share (slot labels, setup steps, why a game ended),
kept apart from the PDF code so that showing them never loads it."""

from __future__ import annotations

from typing import Any

#: A seat move's first word in Japanese; the rest of the move (a cell, a number) follows.
WORDS = {"power": "勢力チップ", "set": "組", "accel": "加速"}
ENDS = {"left": "列の左端", "right": "列の右端"}
REASONS = {"the stones ran out": "神石が尽きた", "a draw": "引き分け"}
#: "4 dominance chips", "7 points of score chips": the number, then how it reads in Japanese.
COUNTED = {"dominance chips": "支配チップ {n} 枚", "points of score chips": "得点チップ {n} 点"}


def move_text(notation: str, lang: str) -> str:
    """"R d4" -> "赤 d4", "end left" -> "列の左端"; English keeps the notation."""
    if lang != "ja":
        return notation
    words = notation.split()
    if not words:
        return notation
    from companion.games.etariya.board import CODES, colour_name

    head, rest = words[0], words[1:]
    if head.upper() in CODES and len(words) == 2:
        return f"{colour_name(head.upper(), 'ja')} {rest[0]}"
    if head == "end" and rest and rest[0] in ENDS:
        return ENDS[rest[0]]
    if head in WORDS:
        return " ".join([WORDS[head], *rest])
    return notation


def end_reason(detail: str, lang: str) -> str:
    """The engine's reason ("the stones ran out: a draw") in `lang`."""
    if lang != "ja":
        return detail
    return ": ".join(_reason_ja(part) for part in detail.split(": "))


def _reason_ja(part: str) -> str:
    number, _, what = part.partition(" ")
    if number.isdigit() and what in COUNTED:
        return COUNTED[what].format(n=number)
    return REASONS.get(part, part)


def slot_label(placement: Any, lang: str) -> str:
    """"Sheet 3B" (+ "180°" on a second line when turned) — the label inside a slot."""
    face = placement.face
    head = f"シート {face.sheet}{face.side}" if lang == "ja" else f"Sheet {face.sheet}{face.side}"
    return head + ("\n180°" if placement.turned else "")


def setup_lines(setup: Any, lang: str) -> list[str]:
    """The setup as steps a person follows at the table (the engine's own description, and
    the corners reminder the board picture marks with ×)."""
    lines = list(setup.describe(lang))
    lines.append("× の4隅には、各色の最初の神石を置けません。" if lang == "ja"
                 else "The four corners (×) never take the first stone of a colour.")
    return lines


def outcome_text(state: Any, outcome: Any, lang: str) -> str:
    """Why the game ended, in `lang` (the engine's detail says it in English)."""
    ja = lang == "ja"
    winners = sorted(outcome.winners)
    ran_out = "ran out" in str(getattr(outcome, "detail", "") or "")
    if not winners:
        return "神石が尽き、支配チップは同数でした(引き分け)。" if ja else \
            "The stones ran out with the chips level: a draw."
    if ran_out:
        return "神石が尽きたため、チップの多い陣営の勝ちです。" if ja else \
            "The stones ran out; the side with more chips wins."
    seat = winners[0]
    if "E" in set(state.options.get("expansions", ()) or ()):
        points = state.points(seat)
        return f"得点チップ {points} 点で勝利。" if ja else \
            f"Won with {points} points of score chips."
    chips = state.chips(seat)
    return f"支配チップ {chips} 枚で勝利。" if ja else f"Won with {chips} dominance chips."
