"""What the replay viewer shows at each step of a game record (docs/protocol.md, ReplaySteps),
computed by the engine: ``GET /api/games/{id}/steps`` and ``POST /api/replay``.

The web client copies none of a game's rules: each step's hands, trick, trump, declarer,
melds and points come from the match the record replays into (its observations, and each
game's read-only position view for the points its engine counts).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.records import ReplayError, deal_cards, new_match_for


def _points(match: Any) -> list[int] | None:
    """Return each seat's points taken so far in the deal, as the engine counts them, or None
    for a game that has no such count: Thousand's card points of the tricks taken and the
    marriages declared; Tertz's card points (the last trick's 10 too); Debertz's side points
    (each seat shows its side's)."""
    game = match.GAME
    if game == "thousand":
        from kozyr.games.thousand.position import ThousandPosition

        tp = ThousandPosition(match)
        return [a + b for a, b in zip(tp.taken, tp.marriage_points, strict=True)]
    if game == "tertz":
        from kozyr.games.tertz.position import DealView as TertzView

        return list(TertzView(match).points)
    if game == "debertz":
        from kozyr.games.debertz.position import DealView as DebertzView

        dv = DebertzView(match)
        side = dv.side_points
        return [side[s] for s in dv.sides]
    return None


def _melds(obs: dict[str, Any]) -> list[list[Any]]:
    """Return the declared melds and combinations of an observation: ``[[seat, kind, cards]]``
    (Debertz's ``melds``; Tertz's ``combinations``), and Thousand's declarations as
    ``[seat, words, "", suit]`` (``marriage``, ``bed``, ``nines``...)."""
    out: list[list[Any]] = []
    for m in obs.get("melds") or []:
        out.append([m[0], m[1], m[2]])
    for seat, combos in enumerate(obs.get("combinations") or []):
        for c in combos or []:
            out.append([seat, c.get("kind"), c.get("cards")])
    for m in obs.get("marriages") or []:
        if isinstance(m, list | tuple) and len(m) >= 2:
            out.append([m[0], str(m[2]) if len(m) > 2 else "marriage", "", str(m[1])])
    return out


def _step(match: Any, action: str | None, seat: int | None, before: list[str] | None,
          row: dict[str, Any] | None) -> dict[str, Any]:
    n = len(match.totals)
    pub = match.observation(None)
    hands = [str(match.observation(s).get("hand") or "") for s in range(n)]
    new: list[list[Any]] = []
    if before is not None:
        for s in range(n):
            had = Counter(before[s].split())
            for c in hands[s].split():
                if had[c] > 0:
                    had[c] -= 1
                else:
                    new.append([s, c])
    points = _points(match)
    return {
        "action": action, "seat": seat, "hands": hands, "new": new,
        "trick": pub.get("trick") or [], "last_trick": pub.get("last_trick"),
        "trump": pub.get("trump"), "dealer": pub.get("dealer"),
        "declarer": pub.get("declarer"), "bid": pub.get("bid"),
        "contract": pub.get("contract"), "phase": pub.get("phase"),
        "tricks_won": pub.get("tricks_won"), "points": points,
        "talon": pub.get("talon"), "turned": pub.get("turned"),
        "stock_size": pub.get("stock_size"), "melds": _melds(pub),
        "row": row,
    }


def replay_steps(obj: dict[str, Any]) -> dict[str, Any]:
    """Replay a record through the engine and return what the replay viewer shows at each
    step: ``{"players", "game", "deals": [[Step, ...], ...]}``, a deal's first step before its
    first action, then one after each action (docs/protocol.md, "ReplaySteps").

    Every hand is shown (records of finished games are public): each seat's hand as the
    engine holds it (so the cards drawn from the stock, taken from the talon or given appear
    in ``new`` at the step they arrive), the trick, the last trick and its winner, the trump,
    the declarer, the melds and combinations declared, and each seat's ``points`` so far as
    the engine counts them (:func:`_points`); the last step of a deal carries its sheet
    ``row`` (the deal's scores). Raise RecordError / ReplayError as replay_record does.
    """
    match, players = new_match_for(obj)
    deals_in = obj.get("deals", [])
    if not isinstance(deals_in, list):
        raise RecordError("record 'deals' must be a list")
    out: list[list[dict[str, Any]]] = []
    for d, deal in enumerate(deals_in, start=1):
        if not isinstance(deal, dict) or match.is_over or not match.awaiting_deal:
            raise RecordError(f"deal {d}: not a deal that can follow")
        actions = deal.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError(f"deal {d}: 'actions' must be a list of strings")
        cards = deal_cards(match.GAME, deal)
        try:
            match.deal(cards or None)
        except RecordError as e:
            raise RecordError(f"deal {d}: {e}") from None
        rows = len(match.sheet)
        steps = [_step(match, None, None, None, None)]
        for i, text in enumerate(actions, start=1):
            if match.awaiting_deal or match.is_over:
                raise ReplayError(d, i, text, "the deal is already over")
            seat = match.current_player()
            try:
                match.apply_recorded(text)
            except IllegalActionError as e:
                raise ReplayError(d, i, text, str(e)) from None
            row = match.sheet[-1].to_json() if len(match.sheet) > rows else None
            steps.append(_step(match, text, seat, steps[-1]["hands"], row))
        out.append(steps)
    return {"game": match.GAME, "players": players, "deals": out}
