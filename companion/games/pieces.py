"""The colours of the seats' pieces on the race games' boards, the same on screen and on paper
(red, blue, yellow, green, violet, orange: told apart also by the seat number on each piece)."""

from __future__ import annotations

RGB = tuple[float, float, float]

SEAT_RGB: tuple[RGB, ...] = (
    (0.84, 0.15, 0.24), (0.12, 0.47, 0.82), (0.95, 0.78, 0.06), (0.18, 0.62, 0.27),
    (0.61, 0.30, 0.79), (0.96, 0.44, 0.11))


def seat_rgb(seat: int) -> RGB:
    return SEAT_RGB[seat % len(SEAT_RGB)]


def is_light(rgb: RGB) -> bool:
    """True when dark text reads better on `rgb` than white."""
    return 0.3 * rgb[0] + 0.55 * rgb[1] + 0.15 * rgb[2] > 0.55
