"""連船之遊 digital play inside the shared `PlayFrame`.

The board is the start, the 19 squares and the goal with every ship, and the resource tracks with
every player's markers. Below it: the sticks of this turn's throw, a button per action the engine
offers with it (the ships that can act wear a ring on the board) and what the last turn did. The
side panel is each ship's square and cargo (the seat cards give the two stocks). The screens
never decide a rule: they draw the engine's state and offer its `legal_moves()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from companion.core.api import Outcome
from companion.core.record import RecordEntry
from companion.display import isolate, strip_isolates
from companion.games.tudepijume.board import (
    GOAL,
    START,
    WIN_GOAL,
    place_rect,
    place_word,
    ship_mark,
)
from companion.games.tudepijume.texts import move_text, turn_text
from ui.context import AppContext
from ui.games.sticks.sticks_widget import animations_enabled
from ui.games.tudepijume.board_widget import TudeBoard
from ui.games.tudepijume.fleets import FleetTable
from ui.i18n import language, tr
from ui.play.frame import PlayFrame, Position
from ui.play.keys import Spot, SpotKeys, place_words
from ui.play.throw_panel import ThrowScreens


def acting_ships(state: Any, legal: Sequence[Any]) -> set[tuple[int, int]]:
    """(seat, ship) of the mover's ships that some offered move uses."""
    return {(state.mover, move.ship) for move in legal if hasattr(move, "ship")}


class TudeScreens(ThrowScreens):
    """The 連船之遊 board, the throw and actions, and the tracker."""

    side_title = ("Ships: square · cargo", "船: マス · 積み荷")
    board: TudeBoard
    table: FleetTable

    def __init__(self) -> None:
        super().__init__(TudeBoard(), FleetTable(stocks=False))  # stocks: the seat cards

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        built = super().build(frame)
        self.keys = SpotKeys(self.board, self.spots, lambda _place: None,
                             name=("連船之遊 board", "連船之遊の盤"))
        return built

    def spots(self) -> list[Spot]:
        """The start, the 19 squares and the goal, each with the ships there (those with an
        action this turn said so; the actions themselves are the buttons below)."""
        position = self.position
        if position is None:
            return []
        state, names, lang = position.state, position.names, language().code
        acting = acting_ships(state, position.legal)
        found = []
        for place in range(START, GOAL + 1):
            here = []
            for seat in range(state.num_players):
                for ship in (1, 2, 3):
                    if state.place(seat, ship) == place and seat < len(names):
                        word = tr(f"{isolate(names[seat])}'s ship {ship_mark(ship, 'en')}",
                                  f"{isolate(names[seat])} の船{ship_mark(ship, 'ja')}")
                        if (seat, ship) in acting:
                            word += tr(" (can act)", "(行動できる)")
                        here.append(word)
            name = place_word(place, lang) if place in (START, GOAL) else \
                tr(f"Square {place}", f"マス {place}")
            found.append(Spot(place, self.board.rect_of(place_rect(place)),
                              strip_isolates(place_words(name, here))))
        return found

    def show_board(self, position: Position) -> None:
        self.board.show_state(position.state, acting_ships(position.state, position.legal))

    def shown_throw(self, state: Any) -> int | None:
        """This turn's throw once made, else the last turn's."""
        return state.cast if state.cast is not None else super().shown_throw(state)

    def last_turn_text(self, state: Any, names: Sequence[str]) -> str:
        last = state.last
        return "" if last is None else turn_text(last, names, language().code)

    def on_chance(self, drawn: list[Any]) -> None:
        value = getattr(drawn[-1], "face_up", None) if drawn else None
        if value is not None:
            self.throw.animate(int(value))

    # --- words -------------------------------------------------------------------------------
    def move_text(self, entry: RecordEntry, position: Position) -> str:
        return move_text(entry.move, language().code)

    def prompt(self, position: Position) -> str:
        cast = position.state.cast
        return tr(f"You threw {cast}: choose an action.", f"出目は {cast}。行動を選んでください。")

    def score_line(self, state: Any, seat: int) -> str:
        return tr(f"goal {state.goal[seat]}/{WIN_GOAL}", f"終 {state.goal[seat]}/{WIN_GOAL}")

    def seat_note(self, state: Any, seat: int) -> str:
        return tr(f"start stock {state.stock[seat]}", f"始 {state.stock[seat]}")

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        from companion.games.tudepijume.texts import end_reason, tie_break_text

        lines = [end_reason(outcome.detail, language().code),
                 tie_break_text(state, names, language().code)]
        return "\n".join(line for line in lines if line)


def play_view(ctx: AppContext | None, game_id: str = "tudepijume", *,
              animate: bool = True) -> PlayFrame:
    return PlayFrame(ctx, game_id, TudeScreens(), animate=animate and animations_enabled())
