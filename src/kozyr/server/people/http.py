"""The HTTP side of people: ``GET /api/friends``, the ``friends`` message (docs/protocol.md
§4.8) of the logged-in user, without its ``type``.  Everything else goes by websocket."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kozyr.server.people.service import People
from kozyr.server.protocol import ProtocolError
from kozyr.server.storage import User


def routes(people: People, current_user: Callable[[Request], Awaitable[User | None]],
           api: Callable[[Any], Any]) -> list[BaseRoute]:
    """Return the routes (``api`` wraps an endpoint as the room's others are: errors as JSON)."""

    async def friends(request: Request) -> Response:
        user = await current_user(request)
        if user is None or user.guest:
            raise ProtocolError("auth_required", "log in (register) to have friends")
        body = await people.payload(user)
        body.pop("type")
        return JSONResponse(body)

    return [Route("/api/friends", api(friends))]
