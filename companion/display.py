"""How stored names and texts read to a person, in Japanese or English (no Qt, no database):
the interface and the PDFs both use these, so a name or a bot reads the same everywhere.

- `isolate(name)`: a name inside a sentence, wrapped in Unicode bidi isolation so that an
  Arabic or Hebrew name cannot reorder the sentence around it.
- `names_text(names, lang)`: several names as a list in a sentence.
- `player_name(stored, lang)`: a seat's stored name as shown; bots are stored under one
  language-neutral name ("Bot · Greedy") so their statistics stay together, and read in the
  interface language ("ボット · 貪欲"); `seat_name(seat, lang)` does so for a seat.
- `move_text`, `chance_text`, `end_reason`, `category_label`: a recorded move or chance
  outcome, a digital game's end reason and a score breakdown key in the language (through the
  game's registry hooks); `team_result`: a co-operative play's result ("won (12/12)").
- `displayed_play(play, lang)`: a copy of a play with all of the above, for printing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from companion.history import PlayMode, PlayRecord, SeatResult

#: FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (Unicode bidi algorithm, UAX #9).
FSI, PDI = "\u2068", "\u2069"

#: How a stored bot name starts ("Bot · " + the kind's English name).
BOT_PREFIX = "Bot · "
#: How a bot name starts in each language.
BOT_WORD = {"en": "Bot", "ja": "ボット"}
#: The bot kinds' names (English, as stored; Japanese).
BOT_KINDS = {
    "random": ("Random", "ランダム"),
    "greedy": ("Greedy", "貪欲"),
    "mcts": ("MCTS", "MCTS"),
    "mcts:weak": ("MCTS weak", "MCTS 弱"),
    "mcts:strong": ("MCTS strong", "MCTS 強"),
}
#: A bot that thinks for a time: "MCTS 2 s" as stored.
_TIMED_MCTS = re.compile(r"MCTS (\d+(?:\.\d+)?) s")


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


def bot_kind_name(kind: str, lang: str) -> str:
    """A bot kind ("greedy", "mcts:strong", "mcts:2s") as a person reads it in `lang`."""
    if kind in BOT_KINDS:
        en, ja = BOT_KINDS[kind]
        return ja if lang == "ja" else en
    from companion.bots import think_seconds

    name, _, strength = kind.partition(":")
    seconds = think_seconds(strength)
    if name == "mcts" and seconds is not None:
        return f"MCTS {seconds:g}秒" if lang == "ja" else f"MCTS {seconds:g} s"
    return kind


def bot_name(kind: str, lang: str) -> str:
    """A bot seat's default name in `lang`: "Bot · Greedy", "ボット · 貪欲"."""
    return f"{BOT_WORD.get(lang, BOT_WORD['en'])} · {bot_kind_name(kind, lang)}"


def _stored_kind_ja(kind: str) -> str | None:
    """The Japanese of a stored bot kind's English name ("MCTS 2 s" → "MCTS 2秒")."""
    for en, ja in BOT_KINDS.values():
        if en == kind:
            return ja
    timed = _TIMED_MCTS.fullmatch(kind)
    return f"MCTS {timed.group(1)}秒" if timed else None


def player_name(stored: str, lang: str) -> str:
    """A seat's stored name as a person reads it in `lang`: a bot's default name in the
    language, anything else (a person's name) exactly as it was typed."""
    if not stored.startswith(BOT_PREFIX) or lang != "ja":
        return stored
    kind_ja = _stored_kind_ja(stored[len(BOT_PREFIX):])
    return f"{BOT_WORD['ja']} · {kind_ja}" if kind_ja is not None else stored


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


def chance_text(game_id: str, notation: str, lang: str) -> str:
    """A recorded chance outcome (a throw, who starts) as a person reads it in `lang` (the
    game's `extras["chance_text"]`, else its `move_text`), else its notation."""
    hook = _hook(game_id, "chance_text")
    return hook(notation, lang) if hook is not None else move_text(game_id, notation, lang)


def end_reason(game_id: str, detail: str, lang: str) -> str:
    """Why a digital game ended (the engine's `Outcome.detail`, stored in English) in `lang`
    (the game's `extras["end_reason"]`), else as stored."""
    hook = _hook(game_id, "end_reason")
    return hook(detail, lang) if hook is not None and detail else detail


def team_result(play: PlayRecord, lang: str) -> str:
    """A co-operative play's result for the whole team: the game's `extras["team_result"]`
    ("won (12/12)", "敗北 (9/12)"), else "won" / "lost"."""
    try:
        from companion.games import registry

        hook = registry.get(play.game_id).extras.get("team_result")
    except Exception:  # an unknown game reads as won or lost
        hook = None
    if callable(hook):
        return str(hook(play, lang))
    won = any(s.winner for s in play.seats)
    return ("勝利" if won else "敗北") if lang == "ja" else ("won" if won else "lost")


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
