"""The Sorani component profile (`resources/profiles/sorani.json`): the rulebook's numbers."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.resources import load_json

PROFILE = "sorani.json"


class ProfileError(ValueError):
    """A profile file that lacks a number or has a wrong one; the message says which."""


@dataclass(frozen=True)
class Profile:
    rounds: int
    tiles_per_round: dict[int, int]
    track_planets: dict[int, int]
    reserve_planets: int
    round12_branches: tuple[tuple[str, int], ...]
    planet_colours: int
    max_planets: int
    planets_per_colour: int
    set_points: dict[int, int]
    group_points: dict[int, int]
    max_feature_cards: int
    feature_star_values: tuple[int, ...]
    feature_cards_per_value: int
    dark_sky_orientations: tuple[int, ...]


def _by_int(data: Any, key: str) -> dict[int, int]:
    try:
        return {int(k): int(v) for k, v in data.items()}
    except (TypeError, ValueError, AttributeError):
        raise ProfileError(f"{PROFILE}: {key} must map whole numbers to whole numbers") from None


def parse_profile(data: Any) -> Profile:
    try:
        keys = ("tiles_per_round", "track_planets", "set_points", "group_points")
        charts = {key: _by_int(data[key], key) for key in keys}
        charts["set_points"].setdefault(0, 0)
        charts["group_points"].setdefault(0, 0)
        return Profile(
            rounds=int(data["rounds"]),
            tiles_per_round=charts["tiles_per_round"],
            track_planets=charts["track_planets"],
            reserve_planets=int(data["reserve_planets"]),
            round12_branches=tuple((str(name), int(n)) for name, n in data["round12_branches"]),
            planet_colours=int(data["planet_colours"]),
            max_planets=int(data["max_planets"]),
            planets_per_colour=int(data["planets_per_colour"]),
            set_points=charts["set_points"],
            group_points=charts["group_points"],
            max_feature_cards=int(data["max_feature_cards"]),
            feature_star_values=tuple(int(v) for v in data["feature_star_values"]),
            feature_cards_per_value=int(data["feature_cards_per_value"]),
            dark_sky_orientations=tuple(int(d) for d in data["dark_sky_orientations"]),
        )
    except ProfileError:
        raise
    except KeyError as exc:
        raise ProfileError(f"{PROFILE}: missing {exc.args[0]!r}") from None
    except (TypeError, ValueError):
        raise ProfileError(f"{PROFILE}: a number is not a whole number") from None


@cache
def profile() -> Profile:
    """The profile, read once."""
    return parse_profile(load_json("profiles", PROFILE))
