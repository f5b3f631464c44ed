"""Accounts and sessions: argon2 password hashes, session tokens, rate-limited log-in.

>>> check_name("ann_1") is None
True
>>> check_name("guest-1")
'names starting with guest- or bot: are reserved'
>>> limiter = RateLimiter(2, 60.0)
>>> [limiter.hit("x", now=0.0), limiter.hit("x", now=1.0), limiter.hit("x", now=2.0)]
[True, True, False]
"""

from __future__ import annotations

import re
import secrets
from collections import deque
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from kozyr.server.protocol import ProtocolError
from kozyr.server.storage import Storage, User

COOKIE = "kozyr_session"
_NAME = re.compile(r"^[A-Za-z0-9_.\-]{3,20}$")
# Cheap-but-real argon2id parameters: a log-in costs a few milliseconds, not a second.
_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


def check_name(name: str) -> str | None:
    """Return why ``name`` cannot be registered, or None if it can."""
    if not _NAME.match(name):
        return "a name is 3-20 letters, digits, _, - or ."
    if name.lower().startswith(("guest-", "bot:")):
        return "names starting with guest- or bot: are reserved"
    return None


class RateLimiter:
    """Allow at most ``limit`` events per ``window`` seconds for each key."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit, self.window = limit, window
        self._events: dict[str, deque[float]] = {}

    def hit(self, key: str, now: float) -> bool:
        """Count an event for ``key``; return False if it is over the limit."""
        q = self._events.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) >= self.limit:
            return False
        q.append(now)
        return True

    def blocked(self, key: str, now: float) -> bool:
        """Return True if ``key`` is at its limit (without counting an event)."""
        q = self._events.get(key)
        if not q:
            return False
        while q and q[0] <= now - self.window:
            q.popleft()
        return len(q) >= self.limit


class Auth:
    """Registration, log-in, guests and sessions over a :class:`Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.failures = RateLimiter(5, 60.0)

    async def register(self, name: Any, password: Any) -> tuple[User, str]:
        """Create an account and a session; return the user and the session token."""
        why = check_name(name) if isinstance(name, str) else "a name is needed"
        if why is not None:
            raise ProtocolError("bad_name", why)
        if not isinstance(password, str) or not 6 <= len(password) <= 200:
            raise ProtocolError("bad_password", "a password is 6-200 characters")
        user = await self.storage.create_user(name, _hasher.hash(password), guest=False)
        if user is None:
            raise ProtocolError("name_taken", "that name is taken")
        return user, await self.new_session(user)

    async def login(self, name: Any, password: Any, address: str, now: float
                    ) -> tuple[User, str]:
        """Check a name and password; return the user and a new session token."""
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 200:
            raise ProtocolError("auth_failed", "wrong name or password")
        keys = (f"name:{name.lower()}", f"addr:{address}")
        if any(self.failures.blocked(k, now) for k in keys):
            raise ProtocolError("rate_limited", "too many failed log-ins; wait a minute")
        found = await self.storage.user_by_name(name)
        ok = False
        if found is not None and found[1] is not None:
            try:
                ok = _hasher.verify(found[1], password)
            except (VerificationError, InvalidHashError):
                ok = False
        if not ok or found is None:
            for k in keys:
                self.failures.hit(k, now)
            raise ProtocolError("auth_failed", "wrong name or password")
        return found[0], await self.new_session(found[0])

    async def guest(self) -> tuple[User, str]:
        """Create a guest under a generated name; return it and a session token."""
        for _ in range(20):
            user = await self.storage.create_user(f"guest-{secrets.token_hex(3)}", None, True)
            if user is not None:
                return user, await self.new_session(user)
        raise ProtocolError("internal", "could not make a guest name")

    async def new_session(self, user: User) -> str:
        """Create and store a session token for ``user``."""
        token = secrets.token_urlsafe(24)
        await self.storage.create_session(token, user.id)
        return token

    async def user(self, token: str | None) -> User | None:
        """Return the user of a session token, or None."""
        if not token:
            return None
        return await self.storage.session_user(token)

    async def logout(self, token: str | None) -> None:
        """Delete a session."""
        if token:
            await self.storage.delete_session(token)
