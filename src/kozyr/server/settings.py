"""The card room's settings: pacing, grace, workers, and every limit an attacker meets.

Defaults suit ``make run`` on one machine; ``kozyr serve`` reads overrides from the
environment (``KOZYR_*``, see :mod:`kozyr.server.main`), tests pass them directly.
docs/security.md says what each limit defends against.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kozyr.server.protocol import LEVELS


@dataclass
class Settings:
    """Server settings: bot pacing, grace period, worker processes, limits."""

    bot_delay: float = 0.6
    grace: float = 30.0
    bot_workers: int = 2
    lobby_interval: float = 1.0
    #: messages per second per socket (a token bucket of twice this size)
    rate: float = 40.0
    levels: tuple[str, ...] = LEVELS
    #: Play now: seconds a quick-play table waits for people before bots fill its seats,
    #: and the bots' level
    quick_fill: float = 20.0
    quick_level: str = "normal"
    #: tournaments: seconds between two looks at their tables (results, start times), the
    #: bots' level that fills a round's empty seats, tournaments a user may run at once
    tournament_poll: float = 1.0
    tournament_level: str = "normal"
    max_tournaments_per_user: int = 3
    extra_levels: tuple[str, ...] = field(default=())

    # -- origins, proxies, cookies, sessions ---------------------------------------------
    #: origins allowed besides the room's own (``scheme://host[:port]``, as browsers send them)
    origins: tuple[str, ...] = ()
    #: addresses of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed
    trusted_proxies: tuple[str, ...] = ()
    #: Secure cookies: True, False, or None for "when the request came over https"
    secure_cookies: bool | None = None
    #: seconds a session lives after its last use
    session_ttl: float = 30 * 86400.0

    # -- floods ----------------------------------------------------------------------------
    #: open websockets per client address
    max_conns_per_address: int = 20
    #: guest accounts per client address per minute
    guests_per_minute: int = 10
    #: registrations per client address per hour
    registrations_per_hour: int = 20
    #: failed log-ins per name (and per address) per minute before that key must wait
    login_failures: int = 5
    #: keys the log-in limiter remembers at most (oldest forgotten first)
    limiter_keys: int = 100_000
    #: open (not closed) tables a user may own, private ones and ones being created included
    max_tables_per_user: int = 5
    #: seconds a table that is waiting or over, with no seated player connected (private
    #: ones too), stays open before it is closed; 0 or less turns expiry off
    empty_table_ttl: float = 600.0
    #: largest HTTP request body, in bytes
    max_body: int = 16384
    #: bytes a socket may have queued for sending before it is dropped
    max_queue_bytes: int = 4 * 1024 * 1024

    # -- several processes (kozyr.server.cluster, docs/deploy.md) ----------------------------
    #: seconds a table's lease (and a process's heartbeat) lasts unrenewed: how long a dead
    #: process's tables wait before another process takes them over
    lease_ttl: float = 3.0
    #: the prefix of every Redis key and channel of the room (rooms may share a Redis)
    redis_prefix: str = "kozyr:"

    def __post_init__(self) -> None:
        self.levels = tuple(self.levels) + tuple(self.extra_levels)
