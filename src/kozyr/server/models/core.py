"""The room's core tables: users, sessions, tables, matches, their steps, chat, ratings."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from kozyr.server.models.base import Base


class UserRow(Base):
    """A registered user or a guest; ``finished``/``abandoned`` make the reputation."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40), unique=True, index=True)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[float] = mapped_column(Float)
    finished: Mapped[int] = mapped_column(Integer, default=0)
    abandoned: Mapped[int] = mapped_column(Integer, default=0)


class SessionRow(Base):
    """A log-in session: a random token held in a cookie (or sent in ``hello``)."""

    __tablename__ = "sessions"
    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created: Mapped[float] = mapped_column(Float)
    #: when the session was last used; unused for ``settings.session_ttl`` seconds, it expires
    last_used: Mapped[float] = mapped_column(Float, index=True)


class TableRow(Base):
    """A table: its options and seats (the seats are JSON: kind, name, user id, level)."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(20))
    preset: Mapped[str] = mapped_column(String(40))
    rules: Mapped[Any] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    bot_delay: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: a practice table with hints (never rated): TableSpec ``hints``
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: a quick-play table (Play now): bots fill its empty seats after a wait
    quick: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    owner: Mapped[str] = mapped_column(String(40))
    created: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(12), index=True)
    seats: Mapped[Any] = mapped_column(JSON)
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: a match of this many deals (a tournament's), or None: to the game's end
    deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: the tournament whose round this table plays, or None
    tournament: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    #: time controls (migration 0009): each player's bank for the match (seconds, None: no
    #: bank), the seconds added after each move, and the banks as of the last save
    bank: Mapped[float | None] = mapped_column(Float, nullable=True)
    increment: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    banks: Mapped[Any] = mapped_column(JSON, nullable=True)


class GameRow(Base):
    """One match played at a table; ``record``/``sheet`` are filled in when it ends."""

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: the random id of every URL and message (the integer ``id`` stays internal)
    public_id: Mapped[str] = mapped_column(String(24), unique=True, index=True)
    #: played at a private table: only its players see it in profile histories
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    table_id: Mapped[str] = mapped_column(String(16), index=True)
    game: Mapped[str] = mapped_column(String(20))
    preset: Mapped[str] = mapped_column(String(40))
    rules: Mapped[Any] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    first_dealer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    players: Mapped[Any] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12), index=True)
    started: Mapped[float] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float, nullable=True)
    totals: Mapped[Any] = mapped_column(JSON, nullable=True)
    winner: Mapped[Any] = mapped_column(JSON, nullable=True)
    sheet: Mapped[Any] = mapped_column(JSON, nullable=True)
    settlement: Mapped[Any] = mapped_column(JSON, nullable=True)
    record: Mapped[Any] = mapped_column(JSON, nullable=True)
    #: the seats whose player scores nothing for it: left and not back, ran out of time, or
    #: (at a tournament's table) never played a card himself; None before it ends
    forfeits: Mapped[Any] = mapped_column(JSON, nullable=True)


class GamePlayerRow(Base):
    """Who sat where in a match (user id None for bots) and whether they abandoned it."""

    __tablename__ = "game_players"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(40))
    abandoned: Mapped[bool] = mapped_column(Boolean, default=False)


class ActionRow(Base):
    """One step of a match: a deal (``kind`` "deal", ``data`` its cards as JSON text) or an
    action (``kind`` "act", ``data`` in record notation)."""

    __tablename__ = "actions"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    data: Mapped[str] = mapped_column(Text)


class ChatRow(Base):
    """A chat line of a table, kept so the table's history survives a restart."""

    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(16), index=True)
    sender: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A user's openskill rating for one game and preset."""

    __tablename__ = "ratings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(20), primary_key=True)
    preset: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    played: Mapped[int] = mapped_column(Integer, default=0)


class RatingHistoryRow(Base):
    """A user's rating after one rated match (the profile's chart)."""

    __tablename__ = "rating_history"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(20))
    preset: Mapped[str] = mapped_column(String(40))
    at: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
