"""The Equilibrium deck profile: the shipped defaults, one sentence for every problem of an edited
profile, files and the one-line form a record keeps."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.equilibrium.profile import (
    ProfileError,
    default_profile,
    load_profile,
    profile_from_data,
    profile_from_text,
    profile_problems,
)
from companion.games.equilibrium.rules import new_state


def _data() -> dict[str, Any]:
    return copy.deepcopy(default_profile().to_data())


def test_default_profile_has_the_decided_powers() -> None:
    profile = default_profile()
    assert profile.incubi == ((1, 1, 1, 2, 2, 2, 3, 3),) * 4  # −1 ×3, −2 ×3, −3 ×2
    assert profile.sognae == ((1, 1, 1, 2, 2, 2, 3, 4),) * 4  # +1 ×3, +2 ×3, +3, +4
    assert profile.chaos == (5,) * 8
    assert profile.higher == ((2, 2),) * 4
    assert profile.name


def _problems_of(change: Any) -> list[str]:
    data = _data()
    change(data)
    return profile_problems(data)


@pytest.mark.parametrize(("change", "sentence"), [
    (lambda d: d["incubi"]["fire"].pop(), "Incubi of fire: 7 cards given, 8 needed."),
    (lambda d: d["sognae"]["air"].append(2), "Sognae of air: 9 cards given, 8 needed."),
    (lambda d: d["chaos"].pop(), "Chaos: 7 cards given, 8 needed (one power per card)."),
    (lambda d: d["higher_beings"]["earth"].append(2),
     "Higher beings of earth: 3 cards given, 2 needed."),
    (lambda d: d["incubi"]["water"].__setitem__(0, 2),
     "Incubi of water: 2 is not allowed; the powers are −1 to −9."),
    (lambda d: d["sognae"]["earth"].__setitem__(0, 0),
     "Sognae of earth: 0 is not allowed; the powers are +1 to +9."),
    (lambda d: d["sognae"]["earth"].__setitem__(0, 10),
     "Sognae of earth: 10 is not allowed; the powers are +1 to +9."),
    (lambda d: d["chaos"].__setitem__(3, -5), "Chaos: -5 is not allowed; the powers are 1 to 9."),
    (lambda d: d["sognae"]["fire"].__setitem__(1, "two"),
     "Sognae of fire: 'two' is not a whole number."),
    (lambda d: d["sognae"]["fire"].__setitem__(1, 1.5),
     "Sognae of fire: 1.5 is not a whole number."),
    (lambda d: d.__setitem__("colour", "blue"),
     "Unknown key 'colour' in the deck profile; the keys are name, incubi, sognae, chaos, "
     "higher_beings."),
    (lambda d: d.pop("sognae"), "The deck profile has no 'sognae'."),
    (lambda d: d["incubi"].__setitem__("metal", [-1] * 8),
     "Incubi: unknown element 'metal'; the elements are earth, water, fire and air."),
    (lambda d: d["incubi"].pop("air"), "Incubi: the air cards are missing."),
    (lambda d: d.__setitem__("chaos", 5),
     "Chaos: expected a list of 8 powers, one per card."),
    (lambda d: d.__setitem__("higher_beings", [2] * 8),
     "Higher beings: expected the four elements earth, water, fire and air, each with a list "
     "of 2 powers."),
    (lambda d: d.__setitem__("name", 3), "The profile's name must be text."),
])
def test_every_problem_gets_a_sentence(change: Any, sentence: str) -> None:
    assert _problems_of(change) == [sentence]


def test_all_problems_are_listed_together_and_nothing_is_built() -> None:
    data = _data()
    data["incubi"]["earth"] = [-1, -1]
    data["chaos"] = [5] * 9
    with pytest.raises(ProfileError) as caught:
        profile_from_data(data)
    assert caught.value.problems == ["Incubi of earth: 2 cards given, 8 needed.",
                                     "Chaos: 9 cards given, 8 needed (one power per card)."]
    assert str(caught.value) == " ".join(caught.value.problems)


def test_comments_are_allowed_and_a_profile_that_is_not_an_object_is_refused() -> None:
    data = _data()
    data["_comment"] = "my copy"
    assert profile_from_data(data) == default_profile()
    assert profile_problems([1, 2]) == ["The deck profile is not a JSON object."]


def test_an_edited_profile_from_a_file_and_its_errors(tmp_path: Path) -> None:
    data = _data()
    data["chaos"] = [4, 4, 5, 5, 5, 5, 6, 6]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    profile = load_profile(path)
    assert profile.chaos == (4, 4, 5, 5, 5, 5, 6, 6)
    assert new_state(1, {}, profile=str(path)).deck["C6"] == 2
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ProfileError, match=r"is not JSON \(line 1"):
        load_profile(tmp_path / "bad.json")
    with pytest.raises(ProfileError, match="Cannot read the deck profile"):
        load_profile(tmp_path / "missing.json")


def test_profile_data_and_one_line_form_round_trip() -> None:
    data = _data()
    data["sognae"]["water"] = [1, 1, 2, 2, 2, 3, 3, 4]
    profile = profile_from_data(data)
    assert profile_from_data(profile.to_data()) == profile
    assert profile_from_text(profile.text()) == profile
    assert profile.text().split()[1] == "S:11122234/11222334/11122234/11122234"


@pytest.mark.parametrize("text", ["I:1 S:2", "I:1/1/1/1 S:x/1/1/1 C:5 H:2/2/2/2",
                                  "I:11122233/11122233/11122233 S:1/1/1/1 C:5 H:2/2/2/2"])
def test_a_one_line_profile_that_cannot_be_read_is_refused(text: str) -> None:
    with pytest.raises(ProfileError, match="Deck"):
        profile_from_text(text)
