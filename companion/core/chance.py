"""Seeded randomness as data: the five throwing sticks, bags and shuffles as chance outcomes."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb
from typing import TypeVar

T = TypeVar("T")

#: The Lanerme throwing sticks: five fair two-faced sticks; a throw is how many land face up.
STICKS = 5


def stick_probability(face_up: int, sticks: int = STICKS) -> Fraction:
    """Exact probability that `face_up` of `sticks` fair sticks land face up."""
    if not 0 <= face_up <= sticks:
        return Fraction(0)
    return Fraction(comb(sticks, face_up), 2**sticks)


def stick_distribution(sticks: int = STICKS) -> list[tuple[int, float]]:
    """(result, probability) for every possible throw, 0..sticks."""
    return [(k, float(stick_probability(k, sticks))) for k in range(sticks + 1)]


def throw_sticks(rng: random.Random, sticks: int = STICKS) -> tuple[bool, ...]:
    """One physical throw: each stick face up (True) or down, for the animated thrower."""
    return tuple(rng.random() < 0.5 for _ in range(sticks))


def bag_outcomes(counts: Mapping[T, int]) -> list[tuple[T, float]]:
    """Chance outcomes of drawing one item from a bag holding `counts` of each kind."""
    total = sum(counts.values())
    if total <= 0:
        return []
    return [(item, n / total) for item, n in counts.items() if n > 0]


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """A shuffled copy (Fisher–Yates through `random.Random.shuffle`)."""
    result = list(items)
    rng.shuffle(result)
    return result
