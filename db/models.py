"""The tables: players, plays, their seats, and settings (SQLAlchemy 2 typed models)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ColumnElement,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    or_,
    select,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from companion.playdata import GAME_ID_LENGTH, LOCATION_LENGTH, NAME_LENGTH, SHORT_TEXT_LENGTH

#: Constraint names are fixed so that migrations (and SQLite batch mode) can refer to them.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class PlayerRow(Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    #: The import that created the player (removed again if that import is abandoned).
    import_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


class PlayRow(Base):
    __tablename__ = "plays"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH))
    mode: Mapped[str] = mapped_column(String(16))  # companion.history.PlayMode value
    started_at: Mapped[datetime] = mapped_column(DateTime)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    location: Mapped[str] = mapped_column(String(LOCATION_LENGTH), default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    updated_at: Mapped[datetime] = mapped_column(DateTime)
    #: The import that added the play; while that import is pending the play is not shown.
    import_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: Seconds of play (the play timer or a typed duration); NULL when nobody timed it.
    duration_s: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The login that created it (PostgreSQL fills it in: migration 0006); never set by the app.
    created_by: Mapped[str | None] = mapped_column(String(63), nullable=True)
    #: The play's identity: a UUID made when it is created, kept through export and import
    #: (unique: migration 0007).
    uid: Mapped[str] = mapped_column(String(36))
    #: How the play was won (companion.history.WinMode value; migration 0008).
    win_mode: Mapped[str] = mapped_column(String(16), default="highest",
                                          server_default="highest")

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="play", cascade="all, delete-orphan", order_by="SeatRow.seat",
        lazy="raise")  # queries say what they load (db.repository.WITH_SEATS)

    __table_args__ = (
        Index("ix_plays_game_finished", "game_id", "finished_at"),
        Index("ix_plays_started_at", "started_at"),
        Index("ix_plays_import_id", "import_id"),
        Index("uq_plays_uid", "uid", unique=True),
        # the History page counts unfinished plays apart (finished ones: PlayCellRow)
        Index("ix_plays_unfinished", "started_at", sqlite_where=text("finished_at IS NULL"),
              postgresql_where=text("finished_at IS NULL")),
    )


class SeatRow(Base):
    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    play_id: Mapped[int] = mapped_column(ForeignKey("plays.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    #: A person's seat points at the player; a bot's seat has no player, only its name.
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="RESTRICT"), nullable=True)
    bot_name: Mapped[str] = mapped_column(String(NAME_LENGTH), default="")
    bot_kind: Mapped[str] = mapped_column(String(SHORT_TEXT_LENGTH), default="")
    faction: Mapped[str] = mapped_column(String(SHORT_TEXT_LENGTH), default="")
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    breakdown: Mapped[dict[str, float]] = mapped_column(JSON, default=dict)
    rank: Mapped[int | None] = mapped_column(Integer, nullable=True)
    winner: Mapped[bool] = mapped_column(Boolean, default=False)
    start_player: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The seat's team in a game played in teams ("": none; migration 0008).
    team: Mapped[str] = mapped_column(String(SHORT_TEXT_LENGTH), default="", server_default="")

    play: Mapped[PlayRow] = relationship(back_populates="seats", lazy="raise")
    player: Mapped[PlayerRow | None] = relationship(lazy="raise")

    __table_args__ = (
        Index("ix_seats_play", "play_id"),
        Index("ix_seats_player_stats", "player_id", "play_id", "winner", "score"),
    )


class SettingRow(Base):
    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    value: Mapped[str] = mapped_column(Text, default="")


class StatCellRow(Base):
    """Finished plays of one player in one game and month, kept in step with the seats.

    The statistics page sums these few thousand rows instead of scanning every seat; each
    write of a finished play locks the cells it touches and recomputes them (db/stats.py).
    """

    __tablename__ = "stat_cells"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           primary_key=True)
    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), primary_key=True)
    period: Mapped[str] = mapped_column(String(7), primary_key=True)  # "YYYY-MM"
    plays: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    score_sum: Mapped[float] = mapped_column(Float)
    scored: Mapped[int] = mapped_column(Integer)  # plays with a score
    best: Mapped[float | None] = mapped_column(Float, nullable=True)  # highest-wins plays
    #: The best (lowest) score of the plays the lowest total won (migration 0008).
    low_best: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: When the latest of these plays ended (the player page's "last played"; migration 0010).
    last_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    #: How many of these plays were co-operative (won or lost together; migration 0010).
    shared: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class PlayCellRow(Base):
    """Finished plays of one game in one month, and those at which a person sat (the History
    and Statistics pages' counts; kept in step like `StatCellRow`, migration 0010)."""

    __tablename__ = "play_cells"

    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), primary_key=True)
    period: Mapped[str] = mapped_column(String(7), primary_key=True)  # "YYYY-MM"
    plays: Mapped[int] = mapped_column(Integer)
    people: Mapped[int] = mapped_column(Integer)  # plays with a person (a table play: all)


class RivalCellRow(Base):
    """Head to head of one player against another person in one game and month: plays both
    sat in, and the seat pairs in which the player finished ahead or behind (a play's own
    co-operative way of winning counts as neither; migration 0010)."""

    __tablename__ = "rival_cells"
    #: SQLite keeps the rows in key order: a player's cells are read in one run
    __table_args__ = ({"sqlite_with_rowid": False},)

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           primary_key=True)
    game_id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), primary_key=True)
    period: Mapped[str] = mapped_column(String(7), primary_key=True)  # "YYYY-MM"
    rival_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                          primary_key=True)
    plays: Mapped[int] = mapped_column(Integer)
    ahead: Mapped[int] = mapped_column(Integer)
    behind: Mapped[int] = mapped_column(Integer)


class PendingImportRow(Base):
    """An import being written in steps: its plays stay hidden until it is published (the row
    deleted) in one short transaction, so a big import is all-or-nothing without holding the
    write lock for its whole length (db/imports.py)."""

    __tablename__ = "pending_imports"
    #: never reuse a number: plays keep the number of the import that added them
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    started_at: Mapped[datetime] = mapped_column(DateTime)
    touched_at: Mapped[datetime] = mapped_column(DateTime)  # UTC, at each step
    #: The process writing it ("host|pid|start"), to tell one that died (migration 0007).
    owner: Mapped[str | None] = mapped_column(String(200), nullable=True)


def visible_plays() -> ColumnElement[bool]:
    """Plays that are shown (every play but those of an import still being written)."""
    return or_(PlayRow.import_id.is_(None),
               PlayRow.import_id.not_in(select(PendingImportRow.id)))
