"""Deals for Bezique's scenario tests: hands, the turned card and the first draws by hand."""

from __future__ import annotations

from typing import Any

from kozyr.cards import format_copy_card
from kozyr.core.match import Match
from kozyr.games.bezique import BeziqueMatch, BeziqueRules
from kozyr.games.bezique.actions import DRAW
from kozyr.games.bezique.cardplay import card_of, suit


def see(m: Match, seat: int | None) -> dict[str, Any]:
    """Return ``seat``'s observation as a plain dict."""
    return dict(m.observation(seat))


def stock(h0: str, h1: str, turned: str, winner_draws: list[str],
          loser_draws: list[str]) -> str:
    """Return a stock: the turned card, then the winner's and the loser's draws of each trick
    in turn (winner first), then every other card by id."""
    top = [turned]
    for w, lo in zip(winner_draws, loser_draws, strict=True):
        top += [w, lo]
    used = {card_of(t) for t in (h0 + " " + h1).split() + top}
    rest = [format_copy_card(c) for c in range(64) if c not in used]
    return " ".join(top + rest)


def match(h0: str, h1: str, turned: str, winner_draws: list[str] | None = None,
          loser_draws: list[str] | None = None, *, dealer: int = 0,
          **rules: Any) -> BeziqueMatch:
    """Return a match dealt these cards (``dealer`` deals; the other seat leads)."""
    m = BeziqueMatch(BeziqueRules.from_preset("classic", **rules), first_dealer=dealer)
    m.deal({"hands": [h0, h1],
            "stock": stock(h0, h1, turned, winner_draws or [], loser_draws or [])})
    return m


def lose(m: BeziqueMatch) -> str:
    """Play, for the seat to act, a card that loses the trick: another plain suit if it can."""
    lead = card_of(see(m, None)["trick"][0][1])
    trump = "SCDH".index(see(m, None)["trump"])
    texts = m.legal_texts()
    other = [t for t in texts if suit(card_of(t.split()[1])) not in (suit(lead), trump)]
    text = (other or texts)[0]
    m.apply(text)
    return text


def trick(m: BeziqueMatch, lead: str, answer: str | None = None) -> None:
    """Lead ``lead`` and answer it with ``answer`` (or a losing card, :func:`lose`).

    The lead is read as a record writes it: in the winner's window it is "draw, then lead".
    """
    m.apply_recorded("play " + lead)
    if answer is None:
        lose(m)
    else:
        m.apply_recorded("play " + answer)


def plays(m: BeziqueMatch) -> list[int]:
    """Return the seat to act's legal plays, or ``[DRAW]`` in a window (no declaration)."""
    return [a for a in m.legal_actions() if a < 64] or [DRAW]
