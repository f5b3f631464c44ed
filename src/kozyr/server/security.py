"""What stands between the card room and other web pages: origins, client addresses, headers.

- :class:`Guard` answers, for an HTTP request or a websocket upgrade, who the client is (its
  address, believing ``X-Forwarded-For`` / ``X-Forwarded-Proto`` only from
  ``settings.trusted_proxies``), whether it came over https, and whether the page that sent
  it may (its ``Origin`` is the room's own or one of ``settings.origins``).
- :class:`SecurityHeaders` is a pure ASGI middleware adding the security headers
  (Content-Security-Policy, X-Frame-Options, ...) to every HTTP response; websocket and
  lifespan scopes pass through untouched.
- :class:`SocketCounter` counts open websockets per client address.

docs/security.md says what each defends against.

>>> normalize_origin("HTTP://Room.example:80")
'http://room.example'
>>> normalize_origin("https://room.example:8443/"), normalize_origin("null")
('https://room.example:8443', None)
>>> forwarded_client("10.0.0.9", "1.2.3.4, 10.0.0.5", lambda a: a.startswith("10."))
'1.2.3.4'
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kozyr.server.protocol import ProtocolError
from kozyr.server.settings import Settings

_DEFAULT_PORTS = {"http": 80, "https": 443}
_WS_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}
#: a Host header safe to repeat inside the CSP (a name or an address, an optional port)
_HOST = re.compile(r"^(?:[A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$")
#: Sec-Fetch-Site values that betray a request sent by another site's page
_FOREIGN_SITES = {"cross-site", "same-site"}


def normalize_origin(value: str) -> str | None:
    """Return ``scheme://host[:port]`` in lower case without a default port, or None."""
    value = value.strip()
    if not value or value == "null":
        return None
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if scheme not in _DEFAULT_PORTS or not host or parts.path not in ("", "/") \
            or parts.query or parts.fragment or parts.username or parts.password:
        return None
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    if port is None or port == _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def proxy_matcher(proxies: Iterable[str]) -> Callable[[str], bool]:
    """Return a test of "is this peer address one of ``proxies``" (addresses or CIDR nets).

    Raise ValueError for an entry that is neither.  An entry that is not an IP address is
    compared as a plain string (test clients call themselves ``testclient``).
    """
    exact: set[str] = set()
    nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for item in proxies:
        item = item.strip()
        if not item:
            continue
        if "/" in item:
            try:
                nets.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise ValueError(f"{item!r} is not an address or a network") from None
        else:
            exact.add(item)

    def trusted(peer: str) -> bool:
        if peer in exact:
            return True
        if not nets:
            return False
        try:
            addr = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(addr in net for net in nets)

    return trusted


def forwarded_client(peer: str, header: str | None, trusted: Callable[[str], bool]) -> str:
    """Return the client address behind trusted proxies.

    ``header`` is the X-Forwarded-For value the immediate ``peer`` sent; it counts only if
    ``peer`` is trusted.  Each proxy appends the address it saw, so the client is the
    rightmost address that is not a trusted proxy (the ones further left may be forged).
    """
    if not header or not trusted(peer):
        return peer
    hops = [h.strip() for h in header.split(",") if h.strip()]
    for hop in reversed(hops):
        if not trusted(hop):
            return hop
    return hops[0] if hops else peer


class Guard:
    """Client addresses, schemes and origin checks under one set of settings."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.trusted = proxy_matcher(settings.trusted_proxies)
        self.origins: set[str] = set()
        for o in settings.origins:
            n = normalize_origin(o)
            if n is None:
                raise ValueError(f"{o!r} is not an origin (scheme://host[:port])")
            self.origins.add(n)

    def peer(self, conn: HTTPConnection) -> str:
        """Return the address of the socket's other end."""
        return conn.client.host if conn.client else ""

    def client_address(self, conn: HTTPConnection) -> str:
        """Return the client's address (X-Forwarded-For only from a trusted proxy)."""
        return forwarded_client(self.peer(conn), conn.headers.get("x-forwarded-for"),
                                self.trusted)

    def scheme(self, conn: HTTPConnection) -> str:
        """Return ``http`` or ``https``: how the browser reached the room."""
        scheme = _WS_SCHEME.get(conn.url.scheme, "http")
        proto = conn.headers.get("x-forwarded-proto")
        if proto and self.trusted(self.peer(conn)):
            last = proto.split(",")[-1].strip().lower()
            scheme = _WS_SCHEME.get(last, scheme)
        return scheme

    def secure(self, conn: HTTPConnection) -> bool:
        """Return True if the session cookie must be ``Secure``."""
        if self.settings.secure_cookies is not None:
            return self.settings.secure_cookies
        return self.scheme(conn) == "https"

    def own_origin(self, conn: HTTPConnection) -> str | None:
        """Return the room's origin as this request names it (its Host header)."""
        host = conn.headers.get("host")
        if not host or not _HOST.match(host):
            return None
        return normalize_origin(f"{self.scheme(conn)}://{host}")

    def check_origin(self, conn: HTTPConnection) -> None:
        """Raise ``bad_origin`` unless the request may come from the page that sent it.

        A present Origin must be the room's own or listed in ``settings.origins``; no Origin
        is fine (non-browser clients), unless Sec-Fetch-Site says another site sent it.
        """
        origin = conn.headers.get("origin")
        if origin is None:
            if conn.headers.get("sec-fetch-site", "").lower() in _FOREIGN_SITES:
                raise ProtocolError("bad_origin", "requests from other sites are refused")
            return
        n = normalize_origin(origin)
        if n is None or (n != self.own_origin(conn) and n not in self.origins):
            raise ProtocolError("bad_origin", "requests from other origins are refused "
                                "(see KOZYR_ORIGINS)")


class SocketCounter:
    """Open websockets per client address, at most ``limit`` each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: Counter[str] = Counter()

    def acquire(self, address: str) -> bool:
        """Count a new socket of ``address``; False (nothing counted) if it has too many."""
        if self.open[address] >= self.limit:
            return False
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        """Forget a closed socket of ``address``."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def content_security_policy(host: str | None) -> str:
    """Return the Content-Security-Policy of the room (no inline script or style)."""
    connect = "'self'"
    if host and _HOST.match(host):
        connect += f" ws://{host} wss://{host}"
    return ("default-src 'self'; script-src 'self'; style-src 'self'; "
            "img-src 'self' data:; font-src 'self'; media-src 'self' data:; "
            f"connect-src {connect}; object-src 'none'; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'self'")


#: the headers every HTTP response gets (besides the CSP, which names the host)
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)


class SecurityHeaders:
    """Pure ASGI middleware: the security headers on every HTTP response.

    A header the application already set is left as it is. Websocket and lifespan scopes
    pass through untouched.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = None
        for k, v in scope.get("headers", ()):
            if k == b"host":
                host = v.decode("latin-1")
                break
        extra = [(b"content-security-policy", content_security_policy(host).encode()),
                 *HEADERS]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", ()))
                present = {bytes(k).lower() for k, _ in headers}
                headers.extend((k, v) for k, v in extra if k not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class SecureStarlette(Starlette):
    """Starlette whose outermost layer is :class:`SecurityHeaders`, so even the error
    middleware's 500 answers carry the headers."""

    def build_middleware_stack(self) -> ASGIApp:
        """Wrap the usual stack in :class:`SecurityHeaders`."""
        return SecurityHeaders(super().build_middleware_stack())


# --- account names -------------------------------------------------------------------------
#
# A name is 3-20 characters after NFKC normalisation: Unicode letters (with their combining
# marks) and digits of any script, and "_", "-", ".".  It is written in one script (the
# common characters -- digits 0-9 and the three marks -- go with any; Han goes with Hiragana
# and Katakana, and with Hangul, as Japanese and Korean write).  Refused: a name that mixes
# scripts ("Аnna" with a Cyrillic А; "Анна" is fine), and a name of another script whose
# every letter looks like an ASCII one (Unicode's confusables, through the
# confusable_homoglyphs package: a Cyrillic "раура" passing for "paypa").

_NAME_MARKS = frozenset("_-.")
_CJK_GROUPS = (frozenset({"HAN", "HIRAGANA", "KATAKANA"}), frozenset({"HAN", "HANGUL"}))


def normalize_name(name: str) -> str:
    """Return ``name`` NFKC-normalised (the form stored and compared).

    >>> normalize_name("ｋｏｚｙｒ")
    'kozyr'
    """
    return unicodedata.normalize("NFKC", name)


def _name_scripts(name: str) -> set[str]:
    from confusable_homoglyphs import categories

    scripts = set()
    for ch in name:
        alias = categories.aliases_categories(ch)[0]
        if alias not in ("COMMON", "INHERITED"):
            scripts.add(alias)
    return scripts


def check_name(name: str) -> str | None:
    """Return why ``name`` (already NFKC-normalised) cannot be registered, or None if it can.

    >>> [check_name(n) is None for n in ("ann_1", "Анна", "سارة", "李小龍", "Ab")]
    [True, True, True, True, False]
    >>> check_name("Аnna")
    'a name is written in one script'
    >>> check_name("раура")
    'a name cannot be made of letters that look like Latin ones'
    >>> check_name("guest-1")
    'names starting with guest- or bot: are reserved'
    """
    if not 3 <= len(name) <= 20 or not all(
            ch in _NAME_MARKS or unicodedata.category(ch)[0] in "LM"
            or unicodedata.category(ch) == "Nd" for ch in name) \
            or unicodedata.category(name[0])[0] == "M":
        return "a name is 3-20 letters, digits, _, - or ."
    if name.lower().startswith(("guest-", "bot:")):
        return "names starting with guest- or bot: are reserved"
    scripts = _name_scripts(name)
    if len(scripts) > 1 and not any(scripts <= g for g in _CJK_GROUPS):
        return "a name is written in one script"
    if scripts and "LATIN" not in scripts and all(
            _looks_latin(ch) for ch in name if unicodedata.category(ch)[0] == "L"):
        return "a name cannot be made of letters that look like Latin ones"
    return None


def _looks_latin(ch: str) -> bool:
    """Return True if the letter ``ch`` (of another script) looks like an ASCII letter."""
    from confusable_homoglyphs import confusables

    found = confusables.is_confusable(ch, greedy=True, preferred_aliases=[]) or []
    return any(len(h["c"]) == 1 and h["c"].isascii() and h["c"].isalpha()
               for f in found for h in f["homoglyphs"])
