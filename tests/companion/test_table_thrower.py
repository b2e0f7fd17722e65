"""The table stick thrower's log: counts, undo, observed vs expected frequencies."""

from __future__ import annotations

import random

import pytest

from companion.table.thrower import ThrowLog, distribution_rows, faces_for


def test_counts_and_total_follow_the_throws() -> None:
    log = ThrowLog()
    for result in (3, 3, 0, 5, 2):
        log.add(result)
    assert log.counts() == [1, 0, 1, 2, 0, 1]
    assert log.total == 5 and log.points == 13 and log.last() == 2


def test_undo_takes_back_the_last_throw_only() -> None:
    log = ThrowLog()
    log.add((True, False, True, False, False))
    log.add(4)
    assert log.undo() == (True, True, True, True, False)
    assert log.results() == [2]
    assert log.undo() is not None and log.undo() is None


def test_expected_is_the_fair_stick_distribution() -> None:
    assert ThrowLog().expected() == pytest.approx([1 / 32, 5 / 32, 10 / 32, 10 / 32, 5 / 32,
                                                   1 / 32])


def test_observed_frequencies_sum_to_one_and_match_counts() -> None:
    log = ThrowLog()
    for result in (1, 1, 2, 3):
        log.add(result)
    assert log.observed() == [0, 0.5, 0.25, 0.25, 0, 0]
    assert distribution_rows(log)[1] == (1, 2, 0.5, 5 / 32)
    assert ThrowLog().observed() == [0.0] * 6


def test_seeded_throws_are_reproducible_and_fair_in_the_long_run() -> None:
    a, b = ThrowLog(), ThrowLog()
    rng_a, rng_b = random.Random(7), random.Random(7)
    for _ in range(3000):
        a.throw(rng_a)
        b.throw(rng_b)
    assert a.throws == b.throws
    assert a.chi_square() < 20.5  # 5 degrees of freedom, p ≈ 0.001


def test_bad_throws_are_refused() -> None:
    log = ThrowLog()
    with pytest.raises(ValueError, match="not 6"):
        log.add(6)
    with pytest.raises(ValueError, match="not 3"):
        log.add((True, True, True))
    assert faces_for(2, rng=random.Random(1)).count(True) == 2


def test_listeners_hear_add_and_undo() -> None:
    log = ThrowLog()
    heard: list[int] = []
    log.listeners.append(lambda: heard.append(log.total))
    log.add(1)
    log.undo()
    assert heard == [1, 0]
