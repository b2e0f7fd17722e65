"""The stick thrower at the table: five sticks thrown (or typed in), kept as a log.

`ThrowLog` keeps every throw in order (each stick face up or down), can undo the last one,
and compares how often each result 0..5 came up with the exact odds of five fair sticks
(`companion.core.chance`). A seeded `random.Random` makes a session reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.core.chance import STICKS, stick_distribution, throw_sticks

#: One throw: for each stick, True when it landed face up.
Faces = tuple[bool, ...]


def faces_for(result: int, sticks: int = STICKS, rng: random.Random | None = None) -> Faces:
    """A plausible picture of a throw with `result` sticks face up (which ones is random
    when `rng` is given, else the first ones)."""
    if not 0 <= result <= sticks:
        raise ValueError(f"a throw of {sticks} sticks shows 0 to {sticks} face up, not {result}")
    faces = [i < result for i in range(sticks)]
    if rng is not None:
        rng.shuffle(faces)
    return tuple(faces)


@dataclass
class ThrowLog:
    """Every throw of a table session, in order."""

    sticks: int = STICKS
    throws: list[Faces] = field(default_factory=list)
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False, compare=False)

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def add(self, throw: Faces | int) -> int:
        """Record a throw (the faces, or just the number face up); returns its result."""
        faces = faces_for(throw, self.sticks) if isinstance(throw, int) else tuple(throw)
        if len(faces) != self.sticks:
            raise ValueError(f"a throw has {self.sticks} sticks, not {len(faces)}")
        self.throws.append(faces)
        self._changed()
        return sum(faces)

    def throw(self, rng: random.Random) -> Faces:
        """Throw the sticks with `rng` and record the throw."""
        faces = throw_sticks(rng, self.sticks)
        self.add(faces)
        return faces

    def undo(self) -> Faces | None:
        """Take back the last throw (None when there is none)."""
        if not self.throws:
            return None
        faces = self.throws.pop()
        self._changed()
        return faces

    def clear(self) -> None:
        self.throws.clear()
        self._changed()

    # --- figures ----------------------------------------------------------------------------
    def results(self) -> list[int]:
        """The number face up of every throw, in order."""
        return [sum(faces) for faces in self.throws]

    def last(self) -> int | None:
        return sum(self.throws[-1]) if self.throws else None

    def __len__(self) -> int:
        return len(self.throws)

    @property
    def total(self) -> int:
        """How many throws were made."""
        return len(self.throws)

    @property
    def points(self) -> int:
        """The sum of every throw's result (a running total)."""
        return sum(self.results())

    def counts(self) -> list[int]:
        """How often each result 0..sticks came up."""
        found = [0] * (self.sticks + 1)
        for result in self.results():
            found[result] += 1
        return found

    def observed(self) -> list[float]:
        """Observed frequency of each result (all zero before the first throw)."""
        n = len(self.throws)
        return [count / n if n else 0.0 for count in self.counts()]

    def expected(self) -> list[float]:
        """Probability of each result with fair sticks: 1/32, 5/32, 10/32, 10/32, 5/32, 1/32."""
        return [p for _, p in stick_distribution(self.sticks)]

    def expected_counts(self) -> list[float]:
        return [p * len(self.throws) for p in self.expected()]

    def chi_square(self) -> float:
        """Pearson's statistic of observed vs expected counts (0 before the first throw)."""
        return sum((o - e) ** 2 / e for o, e in zip(self.counts(), self.expected_counts(),
                                                     strict=True) if e > 0)


def distribution_rows(log: ThrowLog) -> Sequence[tuple[int, int, float, float]]:
    """(result, count, observed, expected) per result, for tables and charts."""
    return list(zip(range(log.sticks + 1), log.counts(), log.observed(), log.expected(),
                    strict=True))
