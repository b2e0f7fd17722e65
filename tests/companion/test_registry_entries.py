"""The registry's entries are read-only values (issue 35 made them plain slotted classes
instead of frozen dataclasses: the same behaviour, without the generated code)."""

from __future__ import annotations

import pytest

from companion.games import registry
from companion.games.registry import GameInfo, Mode, OptionKind, OptionSpec


def test_an_entry_cannot_be_changed() -> None:
    info = registry.get("cetkaik")
    with pytest.raises(AttributeError):
        info.name_en = "Other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        info.options[0].default = 9  # type: ignore[misc]
    assert info.name_en == "Cetkaik"


def test_entries_are_equal_and_hashed_by_their_fields() -> None:
    first = OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 4, 1, 20)
    same = OptionSpec(key="seasons", label_ja="季節の数", label_en="Seasons",
                      kind=OptionKind.INT, default=4, minimum=1, maximum=20)
    assert first == same and hash(first) == hash(same) and len({first, same}) == 1
    assert first != OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 5, 1, 20)
    assert "default=4" in repr(first)


def test_values_copy_an_entry() -> None:
    toy = GameInfo("toy", "玩具", "Toy", 1, 4, frozenset({Mode.PLAY}), minutes=(5, 10))
    assert toy.extras == {} and toy.options == ()
    assert GameInfo(**toy.values()) == toy


def test_taxot_keeps_its_own_class_and_the_old_records_default() -> None:
    info = registry.get("taxot")
    assert type(info).__name__ == "TaxotInfo"
    assert info.extras["record_defaults"] == {"claims": "able"}
    assert info.validate_options({})["claims"] == "everyone"
    assert info.name_en == "Taxot (Season's End)" and len(info.options) == 2
