"""Pieces the games' position estimates share (how a search judges a position where its
playout stopped)."""

from __future__ import annotations

import math

#: Past this margin the curve is 0 or 1 to within 1e-13; clamping keeps `exp` finite.
LOGISTIC_LIMIT = 30.0


def logistic(margin: float, limit: float = LOGISTIC_LIMIT) -> float:
    """1 / (1 + e^−margin): a margin in the estimate's own units read as a share of victory
    (0.5 at an even position). The margin is clamped to ±`limit` first."""
    return 1.0 / (1.0 + math.exp(-max(-limit, min(limit, margin))))
