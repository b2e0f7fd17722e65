"""The Equilibrium deck profile: the powers printed on the dream cards, as editable data.

The rulebook gives the card counts (8 Incubi and 8 Sognae of each element, 8 chaos cards,
2 higher beings of each element) but not every card's power, so the powers live in
`resources/profiles/equilibrium.json` and a player may edit a copy to match their own deck.
Everything reads a profile through `load_profile` (a path, JSON data, a `DeckProfile`, or None
for the product's default); a profile that cannot be used raises `ProfileError`, whose
`problems` hold one sentence per problem. The engine never assumes the default powers.

JSON layout (Incubi negative as printed; chaos and higher beings as printed without a sign):

    {"name": "...",
     "incubi": {"earth": [-1, -1, -1, -2, -2, -2, -3, -3], "water": [...], ...},
     "sognae": {"earth": [1, 1, 1, 2, 2, 2, 3, 4], ...},
     "chaos": [5, 5, 5, 5, 5, 5, 5, 5],
     "higher_beings": {"earth": [2, 2], ...}}

`DeckProfile.text()` is the same profile on one line (``I:11122233/… S:… C:55555555 H:22/…``,
powers as digits, elements in the order earth, water, fire, air); a game record starts with it,
so a game replays with the deck it was played with.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.games.equilibrium.cards import (
    CHAOS,
    ELEMENT_KEYS,
    ELEMENT_LETTERS,
    HIGHER,
    INCUBI,
    MAX_POWER,
    SOGNAE,
)

PROFILE_FILE = "equilibrium.json"
#: Card counts from the rulebook: per element for Incubi, Sognae and higher beings.
INCUBI_PER_ELEMENT = 8
SOGNAE_PER_ELEMENT = 8
CHAOS_CARDS = 8
HIGHER_PER_ELEMENT = 2
KEYS = ("name", "incubi", "sognae", "chaos", "higher_beings")

PerElement = tuple[tuple[int, ...], ...]


class ProfileError(CompanionError, ValueError):
    """A deck profile that cannot be used; `problems` has one sentence per problem."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__(" ".join(self.problems))


@dataclass(frozen=True)
class DeckProfile:
    """Card powers (magnitudes 1–9) per element in the order earth, water, fire, air."""

    incubi: PerElement
    sognae: PerElement
    chaos: tuple[int, ...]
    higher: PerElement
    name: str = field(default="", compare=False)

    def dream_cards(self, higher_beings: bool = False) -> dict[str, int]:
        """The dream deck as code → count (higher beings only with Squares & Higher Beings)."""
        counts: dict[str, int] = {}
        kinds = [(INCUBI, self.incubi), (SOGNAE, self.sognae)]
        if higher_beings:
            kinds.append((HIGHER, self.higher))
        for kind, per_element in kinds:
            for letter, powers in zip(ELEMENT_LETTERS, per_element, strict=True):
                for power in powers:
                    code = f"{kind}{letter}{power}"
                    counts[code] = counts.get(code, 0) + 1
        for power in self.chaos:
            code = f"{CHAOS}{power}"
            counts[code] = counts.get(code, 0) + 1
        return counts

    def text(self) -> str:
        """The profile on one line (what a game record stores)."""
        def group(per_element: PerElement) -> str:
            return "/".join("".join(map(str, powers)) for powers in per_element)

        return (f"I:{group(self.incubi)} S:{group(self.sognae)} "
                f"C:{''.join(map(str, self.chaos))} H:{group(self.higher)}")

    def to_data(self) -> dict[str, Any]:
        """The JSON structure `load_profile` reads (what a profile editor saves)."""
        def by_element(per_element: PerElement, sign: int) -> dict[str, list[int]]:
            return {key: [sign * p for p in powers]
                    for key, powers in zip(ELEMENT_KEYS, per_element, strict=True)}

        return {"name": self.name, "incubi": by_element(self.incubi, -1),
                "sognae": by_element(self.sognae, 1), "chaos": list(self.chaos),
                "higher_beings": by_element(self.higher, 1)}


# --- reading and checking -------------------------------------------------------------------
_WHAT = {"incubi": "Incubi", "sognae": "Sognae", "higher_beings": "Higher beings"}
_RANGE = {"incubi": "−1 to −9", "sognae": "+1 to +9", "higher_beings": "1 to 9"}


def _power(value: Any, key: str, where: str, problems: list[str]) -> int | None:
    """A printed value as a magnitude, or None with a sentence added to `problems`."""
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(f"{where}: {value!r} is not a whole number.")
        return None
    magnitude = -value if key == "incubi" else value
    if not 1 <= magnitude <= MAX_POWER:
        allowed = _RANGE.get(key, "1 to 9")
        problems.append(f"{where}: {value} is not allowed; the powers are {allowed}.")
        return None
    return magnitude


def _per_element(data: Any, key: str, count: int, problems: list[str]) -> PerElement:
    what = _WHAT[key]
    if not isinstance(data, Mapping):
        problems.append(f"{what}: expected the four elements earth, water, fire and air, each "
                        f"with a list of {count} powers.")
        return ()
    for unknown in sorted(set(map(str, data)) - set(ELEMENT_KEYS)):
        problems.append(f"{what}: unknown element {unknown!r}; the elements are earth, water, "
                        "fire and air.")
    result = []
    for element in ELEMENT_KEYS:
        if element not in data:
            problems.append(f"{what}: the {element} cards are missing.")
            continue
        values = data[element]
        where = f"{what} of {element}"
        if not isinstance(values, list):
            problems.append(f"{where}: expected a list of {count} powers.")
            continue
        if len(values) != count:
            problems.append(f"{where}: {len(values)} cards given, {count} needed.")
        powers = [_power(v, key, where, problems) for v in values]
        result.append(tuple(sorted(p for p in powers if p is not None)))
    return tuple(result)


def profile_problems(data: Any) -> list[str]:
    """Every problem of a profile's JSON data, one sentence each (empty when usable)."""
    problems: list[str] = []
    _parse(data, problems)
    return problems


def _parse(data: Any, problems: list[str]) -> DeckProfile | None:
    if not isinstance(data, Mapping):
        problems.append("The deck profile is not a JSON object.")
        return None
    for key in sorted(set(map(str, data)) - set(KEYS)):
        if not key.startswith("_"):  # "_comment" and the like are allowed
            problems.append(f"Unknown key {key!r} in the deck profile; the keys are "
                            f"{', '.join(KEYS)}.")
    for key in KEYS[1:]:
        if key not in data:
            problems.append(f"The deck profile has no {key!r}.")
    name = data.get("name", "")
    if not isinstance(name, str):
        problems.append("The profile's name must be text.")
    incubi = _per_element(data.get("incubi", {}), "incubi", INCUBI_PER_ELEMENT, problems) \
        if "incubi" in data else ()
    sognae = _per_element(data.get("sognae", {}), "sognae", SOGNAE_PER_ELEMENT, problems) \
        if "sognae" in data else ()
    higher = _per_element(data.get("higher_beings", {}), "higher_beings", HIGHER_PER_ELEMENT,
                          problems) if "higher_beings" in data else ()
    chaos: list[int] = []
    raw_chaos = data.get("chaos")
    if "chaos" in data:
        if not isinstance(raw_chaos, list):
            problems.append(f"Chaos: expected a list of {CHAOS_CARDS} powers, one per card.")
        else:
            if len(raw_chaos) != CHAOS_CARDS:
                problems.append(f"Chaos: {len(raw_chaos)} cards given, {CHAOS_CARDS} needed "
                                "(one power per card).")
            for value in raw_chaos:
                power = _power(value, "chaos", "Chaos", problems)
                if power is not None:
                    chaos.append(power)
    if problems:
        return None
    return DeckProfile(incubi, sognae, tuple(sorted(chaos)), higher, str(name))


def profile_from_data(data: Any) -> DeckProfile:
    """A profile from JSON data; `ProfileError` with every problem otherwise."""
    problems: list[str] = []
    profile = _parse(data, problems)
    if profile is None:
        raise ProfileError(problems)
    return profile


def load_profile(source: DeckProfile | str | Path | Mapping[str, Any] | None = None,
                 ) -> DeckProfile:
    """A profile from a `DeckProfile`, a JSON file path, JSON data, or the default (None)."""
    if source is None:
        return default_profile()
    if isinstance(source, DeckProfile):
        return source
    if isinstance(source, (str, Path)):
        path = Path(source)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ProfileError([f"Cannot read the deck profile {path}: "
                                f"{exc.strerror or exc}."]) from None
        except json.JSONDecodeError as exc:
            raise ProfileError([f"The deck profile {path} is not JSON (line {exc.lineno}: "
                                f"{exc.msg})."]) from None
        return profile_from_data(data)
    return profile_from_data(source)


@cache
def default_profile() -> DeckProfile:
    """The product's profile in resources/profiles/equilibrium.json."""
    from companion.resources import load_json

    return profile_from_data(load_json("profiles", PROFILE_FILE))


def profile_from_text(text: str) -> DeckProfile:
    """A profile from its one-line form (`DeckProfile.text()`); `ProfileError` otherwise."""
    parts = dict(part.split(":", 1) for part in text.split() if ":" in part)
    expected = "the form I:…/…/…/… S:…/…/…/… C:… H:…/…/…/… (powers as digits)"
    if sorted(parts) != sorted("ISCH") or len(text.split()) != 4:
        raise ProfileError([f"Deck {text!r} is not in {expected}."])

    def digits(group: str) -> list[int]:
        if not group.isdigit():
            raise ProfileError([f"Deck {text!r}: {group!r} is not a row of digits."])
        return [int(d) for d in group]

    def by_element(group: str, sign: int) -> dict[str, list[int]]:
        rows = group.split("/")
        if len(rows) != len(ELEMENT_KEYS):
            raise ProfileError([f"Deck {text!r}: {group!r} needs four groups, one per "
                                "element."])
        return {key: [sign * d for d in digits(row)]
                for key, row in zip(ELEMENT_KEYS, rows, strict=True)}

    return profile_from_data({
        "incubi": by_element(parts["I"], -1), "sognae": by_element(parts["S"], 1),
        "chaos": digits(parts["C"]), "higher_beings": by_element(parts["H"], 1)})
