"""People (issue 16): friends and their requests, invitations to a table, blocks, reports.

:mod:`.store` holds the queries, :mod:`.service` the rules and the pushes, :mod:`.messages`
the websocket handlers, :mod:`.http` ``GET /api/friends``, :mod:`.admin` ``kozyr admin``.
"""
