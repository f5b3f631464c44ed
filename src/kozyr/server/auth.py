"""Accounts and sessions: argon2 password hashes, expiring session tokens, rate limits.

Hashing and verifying a password take milliseconds of CPU; they run in a worker thread
(:func:`asyncio.to_thread`), so a burst of log-ins never stalls the tables' event loop.

>>> check_name("ann_1") is None
True
>>> check_name("guest-1")
'names starting with guest- or bot: are reserved'
>>> limiter = RateLimiter(2, 60.0)
>>> [limiter.hit("x", now=0.0), limiter.hit("x", now=1.0), limiter.hit("x", now=2.0)]
[True, True, False]
>>> small = RateLimiter(1, 60.0, max_keys=2)
>>> [small.hit(k, now=0.0) for k in "abc"], len(small), small.count("a", now=0.0)
([True, True, True], 2, 0)
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from kozyr.server.protocol import ProtocolError
from kozyr.server.security import check_name, normalize_name
from kozyr.server.settings import Settings
from kozyr.server.storage import Storage, User

COOKIE = "kozyr_session"
# Cheap-but-real argon2id parameters: a log-in costs a few milliseconds, not a second.
_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


class RateLimiter:
    """Allow at most ``limit`` events per ``window`` seconds for each key.

    At most ``max_keys`` keys are remembered: a new key past that forgets the key that was
    used least recently, so a flood of distinct keys cannot grow the server's memory.
    """

    def __init__(self, limit: int, window: float, max_keys: int = 100_000) -> None:
        self.limit, self.window, self.max_keys = limit, window, max(1, max_keys)
        self._events: OrderedDict[str, deque[float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._events)

    def _recent(self, key: str, now: float) -> deque[float] | None:
        q = self._events.get(key)
        if q is None:
            return None
        while q and q[0] <= now - self.window:
            q.popleft()
        if not q:
            del self._events[key]
            return None
        return q

    def hit(self, key: str, now: float) -> bool:
        """Count an event for ``key``; return False (counting nothing) if over the limit."""
        q = self._recent(key, now)
        if q is None:
            while len(self._events) >= self.max_keys:
                self._events.popitem(last=False)
            q = self._events[key] = deque()
        self._events.move_to_end(key)
        if len(q) >= self.limit:
            return False
        q.append(now)
        return True

    def count(self, key: str, now: float) -> int:
        """Return the events of ``key`` within the window."""
        q = self._recent(key, now)
        return 0 if q is None else len(q)

    def blocked(self, key: str, now: float) -> bool:
        """Return True if ``key`` is at its limit (without counting an event)."""
        return self.count(key, now) >= self.limit


class Auth:
    """Registration, log-in, guests and sessions over a :class:`Storage`.

    Limits (``settings``): failed log-ins per (name, address), per address and per name
    (``login_failures`` a minute: a name failing from many addresses makes the addresses
    that failed wait, while an address with no failures still gets in with the right
    password); guests per address a minute; registrations per address an hour.  ``clock``
    gives the time (tests move it).
    """

    def __init__(self, storage: Storage, settings: Settings | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.settings = s = settings or Settings()
        self.clock = clock
        self.failures = RateLimiter(s.login_failures, 60.0, s.limiter_keys)
        self.guests = RateLimiter(s.guests_per_minute, 60.0, s.limiter_keys)
        self.registrations = RateLimiter(s.registrations_per_hour, 3600.0, s.limiter_keys)
        self._dummy: str | None = None

    async def register(self, name: Any, password: Any, address: str = "") -> tuple[User, str]:
        """Create an account and a session; return the user and the session token."""
        if isinstance(name, str):
            name = normalize_name(name[:100])
        why = check_name(name) if isinstance(name, str) else "a name is needed"
        if why is not None:
            raise ProtocolError("bad_name", why)
        if not isinstance(password, str) or not 6 <= len(password) <= 200:
            raise ProtocolError("bad_password", "a password is 6-200 characters")
        if await self.storage.user_by_name(name) is not None:
            raise ProtocolError("name_taken", "that name is taken")
        if not self.registrations.hit(f"reg:{address}", self.clock()):
            raise ProtocolError("rate_limited", "too many new accounts from your address; "
                                "wait an hour")
        digest = await asyncio.to_thread(_hasher.hash, password)
        user = await self.storage.create_user(name, digest, guest=False)
        if user is None:
            raise ProtocolError("name_taken", "that name is taken")
        return user, await self.new_session(user)

    async def login(self, name: Any, password: Any, address: str, now: float | None = None
                    ) -> tuple[User, str]:
        """Check a name and password; return the user and a new session token."""
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 200 \
                or len(name) > 40:
            raise ProtocolError("auth_failed", "wrong name or password")
        name = normalize_name(name)
        now = self.clock() if now is None else now
        lname = name.lower()
        pair, addr, per_name = f"pair:{lname}|{address}", f"addr:{address}", f"name:{lname}"
        f = self.failures
        if f.blocked(pair, now) or f.blocked(addr, now) or (
                f.blocked(per_name, now) and f.count(addr, now) > 0):
            raise ProtocolError("rate_limited", "too many failed log-ins; wait a minute")
        found = await self.storage.user_by_name(name)
        stored = found[1] if found is not None else None
        ok = await asyncio.to_thread(_verify, stored or await self._dummy_hash(), password)
        if not ok or found is None or stored is None:
            for k in (pair, addr, per_name):
                f.hit(k, now)
            raise ProtocolError("auth_failed", "wrong name or password")
        return found[0], await self.new_session(found[0])

    async def _dummy_hash(self) -> str:
        """Return a hash to verify against for unknown names (the same time as a real one)."""
        if self._dummy is None:
            self._dummy = await asyncio.to_thread(_hasher.hash, secrets.token_hex(8))
        return self._dummy

    async def guest(self, address: str = "", now: float | None = None) -> tuple[User, str]:
        """Create a guest under a generated name; return it and a session token."""
        if not self.guests.hit(f"guest:{address}", self.clock() if now is None else now):
            raise ProtocolError("rate_limited", "too many guests from your address; "
                                "wait a minute")
        for _ in range(20):
            user = await self.storage.create_user(f"guest-{secrets.token_hex(3)}", None, True)
            if user is not None:
                return user, await self.new_session(user)
        raise ProtocolError("internal", "could not make a guest name")

    async def new_session(self, user: User) -> str:
        """Create and store a session token for ``user``."""
        token = secrets.token_urlsafe(24)
        await self.storage.create_session(token, user.id, self.clock())
        return token

    async def user(self, token: str | None) -> User | None:
        """Return the user of a live session token, or None (an expired one is deleted)."""
        if not token or len(token) > 64:
            return None
        ttl = self.settings.session_ttl
        return await self.storage.session_user(token, self.clock(), ttl,
                                               touch=min(60.0, ttl / 10))

    async def logout(self, token: str | None) -> None:
        """Delete a session."""
        if token:
            await self.storage.delete_session(token)

    async def logout_all(self, user: User) -> list[str]:
        """Delete every session of ``user``; return their tokens."""
        return await self.storage.delete_user_sessions(user.id)

    async def sweep(self) -> int:
        """Delete the sessions that expired; return how many."""
        return await self.storage.delete_expired_sessions(
            self.clock() - self.settings.session_ttl)


def _verify(digest: str, password: str) -> bool:
    try:
        return bool(_hasher.verify(digest, password))
    except (VerificationError, InvalidHashError):
        return False
