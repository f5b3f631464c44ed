"""The HTTP side of tournaments: ``GET /api/tournaments`` and ``GET /api/tournaments/{id}``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from kozyr.server.storage import User
from kozyr.server.tournaments.director import Tournaments


def routes(tournaments: Tournaments,
           current_user: Callable[[Request], Awaitable[User | None]],
           api: Callable[[Any], Any]) -> list[BaseRoute]:
    """Return the routes (``api`` wraps an endpoint as the room's others are: errors as JSON)."""

    async def listing(request: Request) -> Response:
        return JSONResponse({"tournaments": await tournaments.listing()})

    async def one(request: Request) -> Response:
        user = await current_user(request)
        t = await tournaments.visible(request.path_params["tid"], user,
                                      request.query_params.get("invite"))
        return JSONResponse({"tournament": await tournaments.view_of(t, user)})

    return [Route("/api/tournaments", api(listing)),
            Route("/api/tournaments/{tid}", api(one))]
