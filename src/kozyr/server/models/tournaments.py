"""Tournaments: one row each, their players, and the tables of their rounds."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kozyr.server.models.base import Base


class TournamentRow(Base):
    """A tournament: its spec, its life (registering, running, finished, cancelled)."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    owner: Mapped[str] = mapped_column(String(40))
    game: Mapped[str] = mapped_column(String(20))
    preset: Mapped[str] = mapped_column(String(40))
    rules: Mapped[Any] = mapped_column(JSON)
    #: "knockout" or "swiss"
    kind: Mapped[str] = mapped_column(String(10))
    #: a Swiss tournament's rounds; a knockout's once drawn (None before it starts)
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: deals per match, or None: whole matches
    deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: each player's time bank per match and the increment per move (table.timebank)
    bank: Mapped[float | None] = mapped_column(Float, nullable=True)
    increment: Mapped[float] = mapped_column(Float, default=0.0)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    capacity: Mapped[int] = mapped_column(Integer)
    #: when it starts (epoch seconds), or None: when it is full
    start_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String(12), index=True)
    #: the round under way (0 before the first)
    round: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[float] = mapped_column(Float)
    started: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished: Mapped[float | None] = mapped_column(Float, nullable=True)
    winner_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    winner: Mapped[str | None] = mapped_column(String(40), nullable=True)


class TournamentPlayerRow(Base):
    """A registered player: his rating at the start, his score, in or out."""

    __tablename__ = "tournament_players"
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"),
                                               primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    registered: Mapped[float] = mapped_column(Float)
    #: the displayed rating of the game and preset when the tournament started
    rating: Mapped[int] = mapped_column(Integer, default=0)
    points: Mapped[float] = mapped_column(Float, default=0.0)
    game_points: Mapped[int] = mapped_column(Integer, default=0)
    #: "in" or "out" (a knockout's losers)
    status: Mapped[str] = mapped_column(String(8), default="in")
    #: the final place, once the tournament is over
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)


class TournamentTableRow(Base):
    """A table of a round: who sits where, and its result once scored."""

    __tablename__ = "tournament_tables"
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"),
                                               primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(String(16), index=True)
    #: [{"user_id": int | None, "name": str}] per seat (user_id None: a bot)
    seats: Mapped[Any] = mapped_column(JSON)
    #: the table is open at the room (its players may be sent to it)
    opened: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the scored result ({"totals", "points", "advance", "forfeits", "game_id"}) or None
    result: Mapped[Any] = mapped_column(JSON, nullable=True)
