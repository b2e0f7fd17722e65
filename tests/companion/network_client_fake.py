"""`db.network.TableClient`'s calls over the in-memory `FakeServer`, raising `db.errors` as the
real client does (a row number taken: `Conflict`; a paused table: `MoveRefused` CT003), and
losing the server for a while on request (`outage`): for tests of `companion table`'s side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.network.link import NotPlaying, RowTaken
from db.errors import Conflict, DatabaseError, MoveRefused
from tests.companion.network_fake import FakeLink


class FakeClient:
    """One laptop's `TableClient` (its login's `FakeLink`)."""

    def __init__(self, link: FakeLink, outage_after: int = -1, outage_calls: int = 0) -> None:
        self.link = link
        self.calls = 0
        self.outage_after = outage_after  # calls before the server is lost (-1: never)
        self.outage_calls = outage_calls  # calls that fail meanwhile
        self.failed = 0

    def _reach(self) -> None:
        self.calls += 1
        if 0 <= self.outage_after < self.calls and self.failed < self.outage_calls:
            self.failed += 1
            raise DatabaseError("The club's history server cannot be reached.",
                                ja="クラブの履歴サーバーに接続できません。")

    def _write(self, call: Any, *params: Any) -> Any:
        self._reach()
        try:
            return call(*params)
        except RowTaken as exc:
            raise Conflict(str(exc), ja=str(exc), sqlstate="CT005") from exc
        except NotPlaying as exc:
            raise MoveRefused(str(exc), ja=str(exc), sqlstate="CT003") from exc

    def rows(self, after: int = -1) -> list[Any]:
        self._reach()
        return self.link.rows(max(after, 0))

    def my_hidden(self) -> list[Any]:
        self._reach()
        return self.link.hidden()

    def play(self, n: int, seat: int, payload: Any, next_seats: Sequence[int],
             kind: str = "move") -> None:
        if kind == "end":
            self._write(self.link.end, n, seat, payload)
        else:
            self._write(self.link.play, n, seat, payload, next_seats)

    def draw(self, n: int, seat: int | None, weights: Sequence[float],
             next_seats: Sequence[int],
             next_by_outcome: Sequence[Sequence[int]] | None = None) -> int:
        per_outcome = [s[0] if s else -2 for s in next_by_outcome or []]
        return int(self._write(self.link.draw, n, seat, weights, per_outcome))

    def deal(self, n: int, items: Sequence[Any], zones: Sequence[Any],
             next_seats: Sequence[int]) -> None:
        self._write(self.link.deal, n, items, zones, next_seats)

    def reveal(self, n: int, from_zone: str, count: int, to_seat: int | None,
               next_seats: Sequence[int]) -> Any:
        return self._write(self.link.reveal, n, from_zone, count, to_seat, next_seats)

    def finish(self) -> None:
        self._write(self.link.finish)

    def wait(self, timeout_s: float) -> bool:
        return self.link.wait(timeout_s)

    def seen(self) -> None:
        self._reach()
