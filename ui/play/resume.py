"""Resume an autosaved digital play at exactly the position it was saved in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.history import PlayRecord

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.context import AppContext


class ResumeError(ValueError):
    """An autosaved play that cannot be continued; the message says why."""


def resume_play(ctx: AppContext, play: PlayRecord) -> QWidget:
    """The game's play view, rebuilt by replaying the saved record (raises `ResumeError` with
    a sentence in the interface language)."""
    from companion.core.errors import CompanionError
    from ui.i18n import tr
    from ui.views import play_view

    if play.record is None:
        raise ResumeError(tr(f"Play #{play.id} has no saved moves to continue from.",
                             f"対局 #{play.id} には続きから遊ぶための手が保存されていません。"))
    factory = play_view(play.game_id)
    if factory is None:
        raise ResumeError(tr(f"“{play.game_id}” cannot be played in the app.",
                             f"「{play.game_id}」はこのアプリでは遊べません。"))
    widget: Any = factory(ctx, play.game_id)
    try:
        widget.resume(play)
    except (CompanionError, ValueError, KeyError) as exc:
        widget.deleteLater()
        raise ResumeError(tr(f"Play #{play.id} cannot be continued: ",
                             f"対局 #{play.id} は続けられません: ") + _why(play, exc)) from exc
    result: QWidget = widget
    return result


def _why(play: PlayRecord, error: Exception) -> str:
    """Why the saved record does not replay, as the replay says it (else the error's words)."""
    from companion.core.replay import Replay, ReplayError
    from ui.i18n import reason
    from ui.play.replay import stop_text

    try:
        stop = Replay.of_dict(play.record).stop
    except ReplayError as exc:
        stop = exc.stop
    return stop_text(stop) if stop is not None else reason(error)
