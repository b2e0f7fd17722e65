"""The game controller every play view uses: people and bots take turns, chance is drawn,
every move is autosaved, undo works, and the finished play goes into the history.

The controller owns a `companion.core.record.Game`. A person's move comes from the view
(`play(move)`); a bot's move is computed in a worker thread (QThreadPool + QRunnable) on a
copy of the bot's view of the position and comes back by signal, so the window stays
responsive even while a strong bot thinks. Every request carries a generation number: a result
that arrives after an undo, a restart or close belongs to an old generation and is dropped.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

from companion.core.api import CHANCE, Outcome
from companion.core.record import Game
from companion.history import PlayMode, PlayRecord, SeatResult
from ui.context import AppContext
from ui.i18n import tr

#: Bot display names by kind (the seat shows "Bot · <name>" when the setup gives no name).
BOT_NAMES = {
    "random": ("Random", "ランダム"),
    "greedy": ("Greedy", "貪欲"),
    "mcts": ("MCTS", "MCTS"),
    "mcts:weak": ("MCTS weak", "MCTS 弱"),
    "mcts:strong": ("MCTS strong", "MCTS 強"),
}


def bot_label(kind: str) -> str:
    en, ja = BOT_NAMES.get(kind, (kind, kind))
    return tr(en, ja)


def history_name(name: str, bot: str | None) -> str:
    """The name a seat is saved under: its own, or "Bot · <kind>" (one name in every
    language, so that a bot's statistics stay together)."""
    if name:
        return name
    if bot:
        return f"Bot · {BOT_NAMES.get(bot, (bot, bot))[0]}"
    return "?"


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a person (bot None) or a bot of a kind."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


def seat_from_history(result: SeatResult) -> Seat:
    """The seat of a saved play (a bot saved under its default name is named afresh)."""
    if not result.is_bot:
        return Seat(result.player)
    kind = result.bot_kind or "random"
    return Seat("" if result.player == history_name("", kind) else result.player, kind)


def seats_from(choices: Sequence[Any]) -> list[Seat]:
    """Seats from the new-game dialog's `SeatChoice(name, bot)` objects (or `Seat`s)."""
    return [Seat(str(c.name), getattr(c, "bot", None) or None) for c in choices]


def bot_rng(seed: int, step: int, seat: int) -> random.Random:
    """The bot's own random stream for one decision: reproducible, apart from chance's."""
    digest = hashlib.sha256(f"bot:{seed}:{step}:{seat}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class _BotSignals(QObject):
    done = Signal(int, object)  # generation, move (or an Exception)


class _BotTask(QRunnable):
    """One bot decision in a worker thread; the result comes back by `signals.done`."""

    def __init__(self, generation: int, kind: str, view: Any, seat: int,
                 rng: random.Random) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.signals = _BotSignals()
        self.generation, self.kind, self.view, self.seat, self.rng = (
            generation, kind, view, seat, rng)

    def run(self) -> None:
        try:
            from companion.bots import make_bot

            result: object = make_bot(self.kind).choose(self.view, self.seat, self.rng)
        except Exception as exc:  # reported to the person, never lost in the thread
            result = exc
        self.signals.done.emit(self.generation, result)


class GameController(QObject):
    """Runs one game for a play view. Views call `start`, `play`, `undo`, `close`."""

    state_changed = Signal()
    #: (seat, is thinking)
    thinking = Signal(int, bool)
    #: the chance outcomes just drawn (e.g. throws), for animations
    chance_drawn = Signal(list)
    game_over = Signal(object)  # Outcome
    #: a message a person understands (a failed save, a bot error)
    error = Signal(str)

    @classmethod
    def resumed(cls, ctx: AppContext | None, play: PlayRecord,
                parent: QObject | None = None) -> GameController:
        """The controller of an autosaved play, at exactly its saved position."""
        from companion.core.record import GameRecord

        if play.record is None:
            raise ValueError(f"play {play.id} has no game record to resume")
        game = Game.replay(GameRecord.from_dict(play.record))
        seats = [seat_from_history(s) for s in sorted(play.seats, key=lambda s: s.seat)]
        return cls(ctx, game, seats, play_id=play.id, started_at=play.started_at, parent=parent)

    def __init__(self, ctx: AppContext | None, game: Game, seats: Sequence[Seat], *,
                 play_id: int | None = None, started_at: datetime | None = None,
                 autosave: bool = True, parent: QObject | None = None) -> None:
        super().__init__(parent)
        if len(seats) != game.state.num_players:
            raise ValueError(f"{len(seats)} seats for a {game.state.num_players}-player game")
        self.ctx = ctx
        self.game = game
        self.seats = list(seats)
        self.play_id = play_id
        self.started_at = started_at or datetime.now().replace(microsecond=0)
        self.autosave_enabled = autosave and ctx is not None
        self.finished = False
        self.final_play: PlayRecord | None = None  # the saved finished play
        #: Pause before a bot's move so that people can follow (0 in tests).
        self.bot_delay_ms = 0
        self.paused = False
        self._closed = False
        self._generation = 0
        self._thinking_seat: int | None = None
        self._tasks: dict[int, _BotTask] = {}
        self.pool = QThreadPool.globalInstance()

    # --- who is who -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.game.state

    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    def is_hot_seat(self) -> bool:
        return all(not seat.is_bot for seat in self.seats)

    def to_move(self) -> int:
        return int(self.game.state.to_move())

    def is_human_turn(self) -> bool:
        seat = self.to_move()
        return 0 <= seat < len(self.seats) and not self.seats[seat].is_bot and not self.finished

    def thinking_seat(self) -> int | None:
        return self._thinking_seat

    def legal_moves(self) -> list[Any]:
        """The moves the view may offer now (none while a bot is to move)."""
        return list(self.game.state.legal_moves()) if self.is_human_turn() else []

    # --- running ----------------------------------------------------------------------------
    def start(self) -> None:
        """Draw any opening chance, save, and let a bot move if it is a bot's turn."""
        self._after_move(self._resolve())

    def play(self, move: Any) -> None:
        """A person's move. Raises `IllegalMoveError` (nothing changes) if it is not legal."""
        if self._closed or self.finished:
            return
        if not self.is_human_turn():
            raise RuntimeError("it is not a person's turn")
        self.game.play(move)
        self._after_move(self._resolve())

    def _resolve(self) -> list[Any]:
        return list(self.game.resolve_chance())

    def _after_move(self, drawn: list[Any]) -> None:
        if drawn:
            self.chance_drawn.emit(drawn)
        self.autosave()
        self.state_changed.emit()
        if self.game.state.is_over():
            self._finish()
        else:
            self._schedule_bot()

    def _schedule_bot(self) -> None:
        seat = self.to_move()
        if self._closed or self.paused or self.finished or seat < 0 or seat == CHANCE:
            return
        kind = self.seats[seat].bot
        if kind is None or self._thinking_seat is not None:
            return
        self._generation += 1
        view = self.game.state.view(seat).copy()
        rng = bot_rng(self.game.record.seed, len(self.game.record.entries), seat)
        task = _BotTask(self._generation, kind, view, seat, rng)
        task.signals.done.connect(self._bot_done)
        self._tasks[self._generation] = task
        self._thinking_seat = seat
        self.thinking.emit(seat, True)
        if self.bot_delay_ms > 0:
            generation = self._generation
            QTimer.singleShot(self.bot_delay_ms, self, lambda: self._launch(generation))
        else:
            self.pool.start(task)

    def _launch(self, generation: int) -> None:
        task = self._tasks.get(generation)
        if task is not None and generation == self._generation and not self._closed:
            self.pool.start(task)
        else:
            self._tasks.pop(generation, None)

    @Slot(int, object)
    def _bot_done(self, generation: int, result: object) -> None:
        self._tasks.pop(generation, None)
        if generation != self._generation or self._closed:
            return  # a stale answer: the game was undone, restarted or closed meanwhile
        seat = self._thinking_seat
        self._stop_thinking()
        if seat is None or self.finished or self.paused:
            return
        if isinstance(result, Exception):
            self.error.emit(tr(f"The bot could not move: {result}",
                               f"ボットが手を選べませんでした: {result}"))
            return
        try:
            self.game.play(result)
        except ValueError as exc:
            self.error.emit(tr(f"The bot chose an illegal move: {exc}",
                               f"ボットが不正な手を選びました: {exc}"))
            return
        self._after_move(self._resolve())

    def _stop_thinking(self) -> None:
        seat, self._thinking_seat = self._thinking_seat, None
        if seat is not None:
            self.thinking.emit(seat, False)

    def _invalidate(self) -> None:
        """Forget any bot still thinking: its answer will be ignored."""
        self._generation += 1
        self._stop_thinking()

    def pause(self) -> None:
        self.paused = True
        self._invalidate()

    def resume(self) -> None:
        self.paused = False
        self._schedule_bot()

    def close(self) -> None:
        """Stop: a bot still thinking is ignored; the autosave keeps the game for later."""
        self._closed = True
        self._invalidate()

    def wait_for_workers(self, msecs: int = 5000) -> bool:
        """Wait for running bot threads (tests and application exit)."""
        return bool(self.pool.waitForDone(msecs))

    # --- undo -------------------------------------------------------------------------------
    def undo_seats(self) -> list[int] | None:
        """In hot-seat any step goes back; against bots, back to a person's previous turn."""
        return None if self.is_hot_seat() else self.human_seats()

    def can_undo(self) -> bool:
        """Undo is offered while the game goes on (a finished play is in the history)."""
        if self._closed or self.finished or not self.human_seats():
            return False
        return self.game.last_decision_index(self.undo_seats()) is not None

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self._invalidate()
        if not self.game.undo(self.undo_seats()):
            return False
        self.finished = False
        self.autosave()
        self.state_changed.emit()
        self._schedule_bot()
        return True

    # --- the history ------------------------------------------------------------------------
    def play_record(self, outcome: Outcome | None = None) -> PlayRecord:
        """The play as history data; with an outcome, finished with scores, ranks, winners."""
        seats = [
            SeatResult(seat=i, player=history_name(seat.name, seat.bot),
                       is_bot=seat.is_bot, bot_kind=seat.bot or "", start_player=i == 0)
            for i, seat in enumerate(self.seats)
        ]
        finished_at = None
        if outcome is not None:
            finished_at = datetime.now().replace(microsecond=0)
            ranks = outcome.ranks()
            for i, seat in enumerate(seats):
                seat.score = float(outcome.scores[i]) if i < len(outcome.scores) else None
                seat.rank = ranks[i] if i < len(ranks) else None
                seat.winner = i in outcome.winners
                if i < len(outcome.breakdown):
                    seat.breakdown = {str(k): float(v) for k, v in outcome.breakdown[i].items()}
        return PlayRecord(
            game_id=self.game.record.game_id,
            mode=PlayMode.DIGITAL,
            started_at=self.started_at,
            finished_at=finished_at,
            seats=seats,
            options=dict(self.game.record.options),
            seed=self.game.record.seed,
            record=self.game.record.to_dict(),
            notes=outcome.detail if outcome is not None else "",
            id=self.play_id,
        )

    def autosave(self) -> None:
        """Save the unfinished game (one transaction; the play keeps its id)."""
        if not self.autosave_enabled or self.finished or self.game.state.is_over():
            return
        assert self.ctx is not None
        try:
            import db

            self.play_id = int(db.save_autosave(self.ctx.db, self.play_record()))
        except Exception as exc:  # the game goes on; the person is told
            self.error.emit(tr(f"Autosave failed: {exc}", f"自動保存に失敗しました: {exc}"))

    def _finish(self) -> None:
        outcome = self.game.state.outcome()
        self.finished = True
        self._stop_thinking()
        if outcome is not None:
            self.final_play = self.play_record(outcome)
            if self.ctx is not None:
                self._save_finished(self.final_play)
        self.game_over.emit(outcome)

    def _save_finished(self, play: PlayRecord) -> None:
        assert self.ctx is not None
        try:
            import db

            if self.play_id is not None:
                db.update_play(self.ctx.db, play)
            else:
                self.play_id = play.id = int(db.add_play(self.ctx.db, play))
        except Exception as exc:
            self.error.emit(tr(f"The finished play could not be saved: {exc}",
                               f"終了した対局を保存できませんでした: {exc}"))
            return
        from ui.events import events

        events().history_changed.emit()
