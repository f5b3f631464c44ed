"""The hidden-information audit: which cards a seat may have seen after each step of a match.

Built from the finished match's record and an independent replay through the engine (its
phase only, never its observation): a seat may see its own dealt hand, the talon once the
auction is over, cards passed to it, and every card played (this deal and the previous one).
"""

from __future__ import annotations

from typing import Any

from kozyr.games import new_match
from kozyr.games.registry import spec

from .helpers import cards_in


def _split(text: str) -> set[str]:
    return set(text.split()) if text else set()


def allowed_by_step(record: dict[str, Any]) -> list[dict[int | None, set[str]]]:
    """Return, for each number of steps applied (deals included), the cards each seat
    (None: a spectator) may have seen by then."""
    m = new_match(record["game"], record["rules"], seed=record.get("seed", 0),
                  first_dealer=record["first_dealer"])
    n = m.players
    card_keys = spec(record["game"]).card_keys
    out: list[dict[int | None, set[str]]] = []
    before: dict[int | None, set[str]] = {s: set() for s in [*range(n), None]}
    out.append({k: set(v) for k, v in before.items()})
    for deal in record["deals"]:
        previous = {k: set(v) for k, v in before.items()}
        m.deal({k: deal[k] for k in card_keys if k in deal})
        hands = [_split(h) for h in deal.get("hands", [])]
        talon_field = deal.get("talon", "")
        talon = set().union(*map(_split, talon_field)) if isinstance(talon_field, list) \
            else _split(talon_field)
        played: set[str] = set()
        received: dict[int, set[str]] = {s: set() for s in range(n)}

        out.append(_view(m.phase, n, previous, hands, received, played, talon))
        for text in deal["actions"]:
            words = text.split()
            if words[0] == "play":
                played.add(words[1])
            elif words[0] == "give":
                received[int(words[1])].add(words[2])
            m.apply(text)
            out.append(_view(m.phase, n, previous, hands, received, played, talon))
        before = _view(m.phase, n, previous, hands, received, played, talon)
    return out


def _view(phase: str, n: int, previous: dict[int | None, set[str]], hands: list[set[str]],
          received: dict[int, set[str]], played: set[str], talon: set[str]
          ) -> dict[int | None, set[str]]:
    open_talon = talon if phase not in ("bidding", "redeal") else set()
    view: dict[int | None, set[str]] = {
        s: previous[s] | hands[s] | received[s] | played | open_talon for s in range(n)}
    view[None] = previous[None] | played | open_talon
    return view


def audit(messages: list[dict[str, Any]], seat: int | None,
          allowed: list[dict[int | None, set[str]]]) -> int:
    """Assert no message holds a card ``seat`` may not see at its state; return cards checked."""
    checked = 0
    last_state = 0
    for msg in messages:
        state = msg.get("state", last_state)
        last_state = state
        seen = cards_in(msg)
        checked += len(seen)
        bad = seen - allowed[state][seat]
        assert not bad, f"seat {seat} saw {sorted(bad)} at state {state} in a {msg['type']}"
    return checked
