"""How stored names and texts read to a person, in Japanese or English (no Qt, no database):
the interface and the PDFs both use these, so a name or a bot reads the same everywhere.

- `isolate(name)`: a name inside a sentence, wrapped in Unicode bidi isolation so that an
  Arabic or Hebrew name cannot reorder the sentence around it.
- `names_text(names, lang)`: several names as a list in a sentence.
- `player_name(stored, lang)`: a seat's stored name as shown; bots are stored under one
  language-neutral name ("Bot · Greedy") so their statistics stay together, and read in the
  interface language ("ボット · 貪欲"); `seat_name(seat, lang)` does so for a seat.
- `move_text`, `end_reason`, `category_label`: a recorded move, a digital game's end reason and
  a score breakdown key in the language (through the game's registry hooks).
- `displayed_play(play, lang)`: a copy of a play with all of the above, for printing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from companion.history import PlayMode, PlayRecord, SeatResult

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


def seat_name(seat: SeatResult, lang: str) -> str:
    """Who sat at a seat, as a person reads it: a bot's stored name in `lang`."""
    return player_name(seat.player, lang) if seat.is_bot else seat.player


def _hook(game_id: str, name: str) -> Callable[[str, str], str] | None:
    try:
        from companion.games import registry

        hook = registry.get(game_id).extras.get(name)
    except Exception:  # an unknown game (an imported history) reads as stored
        return None
    return hook if callable(hook) else None


def move_text(game_id: str, notation: str, lang: str) -> str:
    """A recorded move as a person reads it in `lang` (the game's `extras["move_text"]`),
    else its notation."""
    hook = _hook(game_id, "move_text")
    return hook(notation, lang) if hook is not None else notation


def end_reason(game_id: str, detail: str, lang: str) -> str:
    """Why a digital game ended (the engine's `Outcome.detail`, stored in English) in `lang`
    (the game's `extras["end_reason"]`), else as stored."""
    hook = _hook(game_id, "end_reason")
    return hook(detail, lang) if hook is not None and detail else detail


#: Breakdown keys every game may use without declaring them as score categories.
COMMON_CATEGORIES = {"score": ("得点", "Score"), "points": ("点数", "Points")}


def category_label(game_id: str, key: str, lang: str) -> str:
    """A score breakdown key ("points") as a row label: the game's score category, a common
    key, or the key itself (a category of an imported play that no game declares)."""
    try:
        from companion.games import registry

        categories = registry.get(game_id).score_categories
    except Exception:
        categories = ()
    for known, ja, en in categories:
        if known == key:
            return ja if lang == "ja" else en
    if key in COMMON_CATEGORIES:
        ja, en = COMMON_CATEGORIES[key]
        return ja if lang == "ja" else en
    return key


def displayed_play(play: PlayRecord, lang: str) -> PlayRecord:
    """A copy of `play` as a person reads it in `lang`: bots named in the language, and a
    digital play's end reason (its notes) translated. The stored play is unchanged."""
    seats = [replace(s, player=seat_name(s, lang)) for s in play.seats]
    notes = end_reason(play.game_id, play.notes, lang) if play.mode is PlayMode.DIGITAL \
        else play.notes
    return replace(play, seats=seats, notes=notes)
