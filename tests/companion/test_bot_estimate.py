"""The logistic that the games' estimates share."""

from __future__ import annotations

import math

import pytest

from companion.bots.estimate import LOGISTIC_LIMIT, logistic


def test_an_even_margin_is_half_and_the_curve_is_symmetric() -> None:
    assert logistic(0.0) == 0.5
    for margin in (0.3, 1.0, 4.0):
        assert logistic(margin) + logistic(-margin) == pytest.approx(1.0)
        assert logistic(margin) > 0.5 > logistic(-margin)
    assert logistic(1.0) == pytest.approx(1 / (1 + math.exp(-1)))


def test_a_huge_margin_is_clamped_instead_of_overflowing() -> None:
    assert logistic(1e6) == logistic(LOGISTIC_LIMIT) < 1.0
    assert logistic(-1e6) == logistic(-LOGISTIC_LIMIT) > 0.0
    assert logistic(-1e6, limit=50.0) == logistic(-50.0, limit=50.0) < logistic(-LOGISTIC_LIMIT)
