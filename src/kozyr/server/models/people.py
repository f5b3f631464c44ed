"""People (issue 16): friendships and their requests, blocks, and reports of abuse."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kozyr.server.models.base import Base


class FriendRow(Base):
    """A friend request from ``requester_id`` to ``addressee_id``: pending, then accepted.

    One row per pair of users, whoever asked: its key is the pair's lower and higher user id,
    so two requests made at once (each to the other) cannot both be stored.  Declined or
    removed, the row is deleted.
    """

    __tablename__ = "friends"
    low_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    high_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    requester_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    addressee_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    #: "pending" or "accepted"
    status: Mapped[str] = mapped_column(String(10))
    #: when it was asked (epoch seconds), and when accepted (None while pending)
    created: Mapped[float] = mapped_column(Float)
    accepted: Mapped[float | None] = mapped_column(Float, nullable=True)


class BlockRow(Base):
    """``blocker_id`` blocks (ignores) ``blocked_id``."""

    __tablename__ = "blocks"
    blocker_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True,
                                            index=True)
    created: Mapped[float] = mapped_column(Float)


class ReportRow(Base):
    """A report of abuse, kept for an admin (``kozyr admin reports``)."""

    __tablename__ = "reports"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    reported_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    #: the table and the match it happened at, if given
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    game_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    reason: Mapped[str] = mapped_column(String(500))
    created: Mapped[float] = mapped_column(Float)
    #: "open" until an admin deals with it
    status: Mapped[str] = mapped_column(String(10), index=True)
