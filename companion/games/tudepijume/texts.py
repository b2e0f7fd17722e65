"""連船之遊's recorded moves and end reasons as a person reads them (registry hooks `move_text`
and `end_reason`): ``supply 1`` is 船1に補給 in Japanese; a throw (``=3``) stays as it is. And
what the last turn did, in a sentence for the screens (`turn_text`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.core.errors import MoveParseError
from companion.games.first_player import FirstPlayer, first_player_text, seat_text
from companion.games.tudepijume.moves import (
    Build,
    Plunder,
    Recall,
    Sail,
    ShipAction,
    Supply,
    parse_move,
)

#: A ship action in Japanese, by move class: the ship's number goes into {ship}.
ACTIONS_JA: dict[type[ShipAction], str] = {
    Sail: "船{ship}を移動", Build: "船{ship}を造船", Supply: "船{ship}に補給",
    Recall: "船{ship}を召集"}
ACTIONS_EN: dict[type[ShipAction], str] = {
    Sail: "sail ship {ship}", Build: "build ship {ship}", Supply: "supply ship {ship}",
    Recall: "recall ship {ship}"}
if TYPE_CHECKING:
    from companion.games.tudepijume.rules import TudeState, TurnReport

REASONS_JA = {"20 resources reached the goal": "ゴールに資源が20届いた",
              "nobody could act any more": "誰も行動できなくなった"}


def move_text(notation: str, lang: str) -> str:
    """"supply 1" -> "船1に補給", "plunder 1 2.3" -> "船1で2番席の船3から略奪"."""
    try:
        move = parse_move(notation)
    except MoveParseError:
        return notation
    if isinstance(move, FirstPlayer):
        return first_player_text(move.seat, lang)
    if isinstance(move, Plunder):
        victim = seat_text(move.victim)
        if lang == "ja":
            return f"船{move.ship}で{victim}番席の船{move.target}から略奪"
        return f"ship {move.ship} plunders seat {victim}'s ship {move.target}"
    if not isinstance(move, ShipAction):
        return notation  # a throw: "=3"
    texts = ACTIONS_JA if lang == "ja" else ACTIONS_EN
    return texts[type(move)].format(ship=move.ship)


def end_reason(detail: str, lang: str) -> str:
    """"150 rounds played" -> "150ラウンド終了", and the other endings."""
    if lang != "ja":
        return detail
    rounds = re.fullmatch(r"(\d+) rounds played", detail)
    if rounds:
        return f"{rounds.group(1)}ラウンド終了"
    return REASONS_JA.get(detail, detail)


#: Why a turn passed (`TurnReport.reason`), in Japanese.
PASSES_JA = {"threw 0": "0 が出た", "no action possible": "できる行動がない",
             "start stock is empty": "スタートの資源が 0",
             "only unbuilt ships and too little stock to build":
                 "造船前の船しかなく、造船する資源も足りない",
             "nobody can act any more": "誰も行動できない"}


def turn_text(report: TurnReport, names: Sequence[str], lang: str) -> str:
    """The last turn in a sentence: "Ann threw 3: supply ship 1." / "Bo passes (threw 0)."
    (names isolated for bidi)."""
    from companion.display import isolate

    who = isolate(names[report.seat])
    if not report.action:
        reason = PASSES_JA.get(report.reason, report.reason) if lang == "ja" else report.reason
        cast = "" if report.cast is None else (f" {report.cast}:" if lang == "ja" else
                                               f" threw {report.cast}:")
        return f"{who}{cast} パス({reason})。" if lang == "ja" else \
            f"{who}{cast} passes ({reason})."
    action = move_text(report.action, lang)
    extra = ""
    if report.delivered:
        extra = (f"、ゴールへ {report.delivered} を運んだ" if lang == "ja" else
                 f", {report.delivered} delivered to the goal")
    elif report.plundered:
        extra = (f"、{report.plundered} を奪った" if lang == "ja" else
                 f", {report.plundered} taken")
    if lang == "ja":
        return f"{who} は {report.cast}: {action}{extra}。"
    return f"{who} threw {report.cast}: {action}{extra}."


def tie_break_text(state: TudeState, names: Sequence[str], lang: str) -> str:
    """Why the winner won when the goal stocks were level ("" when the goal decided): the
    start stock plus the cargo on the ships decides, with each tied player's figure."""
    from companion.display import isolate

    seats = range(state.num_players)
    top = max(state.goal[s] for s in seats)
    level = [s for s in seats if state.goal[s] == top]
    if len(level) < 2:
        return ""
    figures_ja = "、".join(f"{isolate(names[s])} {state.tie_break(s)}" for s in level)
    figures_en = ", ".join(f"{isolate(names[s])} {state.tie_break(s)}" for s in level)
    if lang == "ja":
        return (f"ゴールの資源が同じ({top})なので、スタートの資源と積み荷の合計で決まった:"
                f" {figures_ja}")
    return (f"Level at the goal ({top} each): start stock plus cargo decided it: "
            f"{figures_en}")
