"""The declarative base every table of the card room hangs on."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base of the card room's tables."""
