"""終季 taxot: draw and discard to a six-card winning hand, over several seasons (`rules`,
`scoring`), the table companion (`table`). `INFO` is the registry entry.

Who is asked about a discard is the option ``claims``, never offered in a form: ``everyone``
(every other seat, each once: the way every game is played now) or ``able`` (only the seats
that could claim it: how games saved before issue 31 were played, and how their records
replay — `GameInfo.extras["record_defaults"]` gives a saved record without it ``able``)."""

from collections.abc import Mapping
from typing import Any

from companion.games.nincetkaik.info import card_game_info
from companion.games.registry import GameInfo, OptionError, OptionKind, OptionSpec

CLAIMS = "claims"
#: Every other seat is asked about each discard (nothing shows who could take it).
EVERYONE = "everyone"
#: Only the seats that could claim a discard are asked (games saved before that changed).
ABLE = "able"


class TaxotInfo(GameInfo):
    """The registry entry, which also takes the option ``claims`` no form offers."""

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        claims = options.get(CLAIMS, EVERYONE)
        if claims not in (EVERYONE, ABLE):
            raise OptionError(f"option 'claims': {claims!r} is not allowed (one of "
                              f"{EVERYONE}, {ABLE})",
                              f"設定「claims」に {claims!r} は使えません（{EVERYONE}、{ABLE}）")
        result = super().validate_options({k: v for k, v in options.items() if k != CLAIMS})
        result[CLAIMS] = claims
        return result


_BASE = card_game_info(
    "taxot", "終季（タショッ）", "Taxot (Season's End)", max_players=4, minutes=(30, 45),
    options=(
        OptionSpec("seasons", "季節の数", "Seasons", OptionKind.INT, 4, 1, 20),
        OptionSpec("light", "光(任意ルール)", "Light indicators (optional rule)",
                   OptionKind.BOOL, False),
    ),
    score_categories=(
        ("seasons", "終季の支払い", "Season payments"),
        ("calls", "開", "Calls (開)"),
        ("four_sets", "四友", "Four-sets (四友)"),
    ))
INFO = TaxotInfo(**{**_BASE.values(),
                    "extras": {**_BASE.extras, "record_defaults": {CLAIMS: ABLE}}})
