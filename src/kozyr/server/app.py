"""The card room application: the HTTP API (:mod:`.http`), the websocket (:mod:`.ws`), the room.

:func:`create_app` builds the application; its lifespan opens the database (running the
Alembic migrations), restores unfinished tables, and on shut-down stops the tables, the bot
pool and the database cleanly.  docs/protocol.md documents every route and message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

from kozyr.server import ws
from kozyr.server.auth import Auth
from kozyr.server.http import Api
from kozyr.server.lobby import Lobby
from kozyr.server.people.http import routes as people_routes
from kozyr.server.people.service import People
from kozyr.server.security import Guard, SecureStarlette, SocketCounter
from kozyr.server.settings import Settings
from kozyr.server.storage import Storage
from kozyr.server.tournaments.director import Tournaments
from kozyr.server.tournaments.http import routes as tournament_routes

log = logging.getLogger("kozyr.server")
#: seconds between sweeps of expired sessions
_SWEEP_EVERY = 3600.0


def create_app(db: str | None = None, settings: Settings | None = None,
               redis: str | None = None) -> Starlette:
    """Return the card room application on database ``db`` (default SQLite under ./var/).

    With ``redis`` (a ``redis://`` URL), this process is one of several serving one room
    on the same database (:mod:`kozyr.server.cluster`, docs/deploy.md).
    """
    settings = settings or Settings()
    storage = Storage(db)
    lobby = Lobby(storage, settings)
    cluster = None
    if redis is not None:
        from kozyr.server.cluster import Cluster

        cluster = lobby.cluster = Cluster(lobby, redis, settings)
    auth = Auth(storage, settings)
    guard = Guard(settings)
    tournaments = Tournaments(lobby)
    people = People(lobby)
    room = ws.Room(lobby, auth, guard, SocketCounter(settings.max_conns_per_address), settings,
                   tournaments=tournaments, people=people)

    async def sweep_sessions() -> None:
        while True:
            try:
                gone = await auth.sweep()
                if gone:
                    log.info("deleted %d expired sessions", gone)
            except Exception as e:  # the next sweep tries again
                log.warning("could not delete expired sessions: %s", type(e).__name__)
            await asyncio.sleep(_SWEEP_EVERY)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await storage.open()
        if cluster is not None:
            await cluster.start()
        await lobby.restore()
        tournaments.start()  # after the restore: their round tables are back
        sweeper = asyncio.create_task(sweep_sessions())
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            await tournaments.close()
            await people.close()
            await lobby.close()
            if cluster is not None:
                await cluster.close()
            await storage.close()

    http_api = Api(lobby, storage, auth, guard, settings)
    routes = [*tournament_routes(tournaments, http_api.current_user, http_api.wrap),
              *people_routes(people, http_api.current_user, http_api.wrap),
              *http_api.routes(),
              WebSocketRoute("/ws", ws.endpoint(room))]
    app = SecureStarlette(routes=routes, lifespan=lifespan)
    app.state.lobby = lobby
    app.state.storage = storage
    app.state.auth = auth
    app.state.cluster = cluster
    app.state.tournaments = tournaments
    app.state.people = people
    return app
