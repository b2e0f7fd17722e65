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
    """The game's play view, rebuilt by replaying the saved record (raises `ResumeError`)."""
    from companion.core.errors import CompanionError
    from ui.views import play_view

    if play.record is None:
        raise ResumeError(f"play #{play.id} has no saved moves to continue from")
    factory = play_view(play.game_id)
    if factory is None:
        raise ResumeError(f"{play.game_id!r} cannot be played in the app")
    widget: Any = factory(ctx, play.game_id)
    try:
        widget.resume(play)
    except (CompanionError, ValueError, KeyError) as exc:
        widget.deleteLater()
        raise ResumeError(f"play #{play.id} ({play.game_id}) cannot be resumed: {exc}") from exc
    result: QWidget = widget
    return result
