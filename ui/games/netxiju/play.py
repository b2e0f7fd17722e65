"""六裁 digital play inside the shared `PlayFrame`.

The board is the zigzag track with every piece; below it the six sticks (or the die) of the
last throw, the Throw button (the only move there is) and what the throw did. The side panel is
the tally: square, cups or penalty points, times sent back, place, 牛行. The screens never decide
a rule: they draw the engine's state and offer its `legal_moves()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from companion.core.api import Outcome
from companion.core.record import RecordEntry
from companion.display import strip_isolates
from companion.games.netxiju.board import COLUMNS, GOAL, LINES, ROWS, START
from companion.games.netxiju.moves import STICKS
from companion.games.netxiju.rules import OFF
from companion.games.netxiju.texts import cups_word, move_text, turn_text
from ui.context import AppContext
from ui.games.netxiju.board_widget import NetxijuBoard
from ui.games.netxiju.tally import TallyTable
from ui.games.sticks.sticks_widget import animations_enabled
from ui.i18n import language, tr
from ui.play.frame import PlayFrame, Position
from ui.play.keys import Spot, SpotKeys, place_words
from ui.play.throw_panel import ThrowScreens
from ui.play.widgets import isolate


class NetxijuScreens(ThrowScreens):
    """The 六裁 track, the throw and the tally."""

    sticks = STICKS
    side_title = ("Tally", "集計")
    board: NetxijuBoard
    table: TallyTable

    def __init__(self) -> None:
        super().__init__(NetxijuBoard(), TallyTable())

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        built = super().build(frame)
        self.keys = SpotKeys(self.board, self.spots, lambda _square: None,
                             name=("六裁 track", "六裁の盤"))
        return built

    def spots(self) -> list[Spot]:
        """The track's squares, each with whose pieces stand there (none to choose: the
        throw is a button)."""
        position = self.position
        if position is None:
            return []
        state, names = position.state, position.names
        found = []
        for square in range(ROWS * COLUMNS):
            here = [isolate(names[seat]) for seat, at in enumerate(state.positions)
                    if at == square and seat < len(names)]
            if square == GOAL:
                here += [isolate(names[s]) for s in state.finish
                         if state.positions[s] == OFF and s < len(names)]
            place = tr("Start", "スタート") if square == START else \
                tr("Goal", "ゴール") if square == GOAL else \
                tr(f"Square {square}", f"マス {square}") + (
                    tr(f" ({LINES[square]} lines)", f"(線 {LINES[square]} 本)")
                    if LINES[square] else "")
            found.append(Spot(square, self.board.square_rect(square),
                              strip_isolates(place_words(place, here))))
        return found

    def last_turn_text(self, state: Any, names: Sequence[str]) -> str:
        last = state.last
        return "" if last is None else turn_text(last, names, state.options, language().code)

    def uses_die(self, state: Any) -> bool:
        return bool(state.uses_die)

    def on_chance(self, drawn: list[Any]) -> None:
        value = getattr(drawn[-1], "value", None) if drawn else None
        state = self.position.state if self.position is not None else None
        if value is not None and state is not None and not state.uses_die:
            self.throw.animate(int(value))

    # --- words -------------------------------------------------------------------------------
    def move_text(self, entry: RecordEntry, position: Position) -> str:
        return move_text(entry.move, language().code)

    def chance_text(self, entry: RecordEntry) -> str | None:
        if entry.move.startswith("="):
            return f" → {entry.move.lstrip('=')}"
        return None

    def prompt(self, position: Position) -> str:
        state = position.state
        return tr("Roll the die." if state.uses_die else "Throw the six sticks.",
                  "サイコロを振ってください。" if state.uses_die else "投げ棒6本を投げてください。")

    def score_line(self, state: Any, seat: int) -> str:
        cups = state.cups[seat]
        if state.options.get("tally") == "drinks":
            return tr(f"{cups} cups", f"{cups} 杯")
        return tr(f"{cups} penalty pts", f"罰点 {cups}")

    def seat_note(self, state: Any, seat: int) -> str:
        place = state.place(seat)
        if place is not None:
            return tr(f"place {place}", f"{place} 着")
        return tr(f"square {state.positions[seat]}", f"マス {state.positions[seat]}")

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        order = [isolate(names[s]) for s in state.finish]
        ox = [isolate(names[s]) for s in range(state.num_players) if state.ox[s]]
        lines = [tr("Finishing order: " + ", ".join(order), "ゴールの順: " + "、".join(order))]
        if ox:
            lines.append(tr("牛行 (ox walk): " + ", ".join(ox), "牛行: " + "、".join(ox)))
        lines.append(penalty_line(state, names))
        return "\n".join(lines)


def penalty_line(state: Any, names: Sequence[str]) -> str:
    """The cups or penalty points of each player, told apart from the score (the score counts
    finishing places; the first home wins whatever the penalties)."""
    code = language().code
    word = cups_word(state.options, code)
    each = [f"{isolate(names[s])} {state.cups[s]}" for s in range(state.num_players)]
    return tr(f"{word.capitalize()} (apart from the score, which counts places): "
              + ", ".join(each),
              f"{word}(得点とは別。得点は着順で決まる): " + "、".join(each))


def play_view(ctx: AppContext | None, game_id: str = "netxiju", *,
              animate: bool = True) -> PlayFrame:
    return PlayFrame(ctx, game_id, NetxijuScreens(), animate=animate and animations_enabled())
