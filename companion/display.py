"""How stored names and texts read to a person, in Japanese or English (no Qt, no database):
the interface and the PDFs both use these, so a name or a bot reads the same everywhere.

- `isolate(name)`: a name inside a sentence, wrapped in Unicode bidi isolation so that an
  Arabic or Hebrew name cannot reorder the sentence around it.
- `names_text(names, lang)`: several names as a list in a sentence.
- `player_name(stored, lang)`: a seat's stored name as shown; bots are stored under one
  language-neutral name ("Bot · Greedy") so their statistics stay together, and read in the
  interface language ("ボット · 貪欲").
"""

from __future__ import annotations

from collections.abc import Iterable

#: FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (Unicode bidi algorithm, UAX #9).
FSI, PDI = "\u2068", "\u2069"

#: How a stored bot name starts ("Bot · " + the kind's English name).
BOT_PREFIX = "Bot · "
#: The bot kinds' English names as stored, and how each reads in Japanese.
BOT_KINDS_JA = {
    "Random": "ランダム",
    "Greedy": "貪欲",
    "MCTS": "MCTS",
    "MCTS weak": "MCTS 弱",
    "MCTS strong": "MCTS 強",
}


def isolate(name: str) -> str:
    """`name` as a unit of its own inside a sentence (FSI name PDI); an empty name stays
    empty, and a name already isolated is not wrapped twice."""
    if not name or (name.startswith(FSI) and name.endswith(PDI)):
        return name
    return f"{FSI}{name}{PDI}"


def strip_isolates(text: str) -> str:
    """`text` without the isolation marks (for places that cannot show them)."""
    return text.replace(FSI, "").replace(PDI, "")


def names_text(names: Iterable[str], lang: str) -> str:
    """Names as a list inside a sentence: each isolated, "、" between them in Japanese."""
    return ("、" if lang == "ja" else ", ").join(isolate(n) for n in names)


def player_name(stored: str, lang: str) -> str:
    """A seat's stored name as a person reads it in `lang`: a bot's default name in the
    language, anything else (a person's name) exactly as it was typed."""
    if not stored.startswith(BOT_PREFIX):
        return stored
    kind = stored[len(BOT_PREFIX):]
    if kind not in BOT_KINDS_JA:
        return stored
    return f"ボット · {BOT_KINDS_JA[kind]}" if lang == "ja" else stored
