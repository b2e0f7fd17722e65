"""The colours of the seats' pieces on the race games' boards, the same on screen and on paper
(red, blue, yellow, green, violet, orange in the standard palette: told apart also by the seat
number on each piece); the palette in use (`companion.colours`) chooses them."""

from __future__ import annotations

from companion.colours import RGB, SEATS, is_light

__all__ = ["RGB", "is_light", "seat_rgb"]

#: Seats with a colour of their own (a seventh would share the first one's).
SEAT_COLOURS = 6


def seat_rgb(seat: int) -> RGB:
    """The colour of a seat's pieces in the palette in use."""
    return SEATS.rgb(str(seat % SEAT_COLOURS))
