"""Debertz test fixtures: deals written as each seat's final hand, and small helpers."""

from __future__ import annotations

from typing import Any

import pytest

from kozyr.cards import format_card, parse_card, parse_hand
from kozyr.core.errors import IllegalActionError
from kozyr.games.debertz import DebertzMatch, DebertzRules


def make_deal(hands: list[str], turned: str, dealer: int, bottom: str | None = None
              ) -> dict[str, Any]:
    """Return record cards giving each seat ``hands[seat]``: its first 6, then its packet.

    The stock is the turned card, the packets clockwise from the dealer's left, then the
    cards left over (in card order, ``bottom`` moved to the bottom).  With 4 players the
    declarer's hand lists 7 cards: he takes the turned card as well.
    """
    n = len(hands)
    cards = [h.split() for h in hands]
    stock = [turned]
    for i in range(1, n + 1):
        stock += cards[(dealer + i) % n][6:]
    used = {parse_card(c) for c in stock} | {parse_card(c) for h in cards for c in h}
    assert len(used) == 1 + sum(len(h) for h in cards), "a card is used twice"
    rest = [format_card(c) for c in range(32) if c not in used]
    if bottom is not None:
        rest.remove(bottom)
        rest.append(bottom)
    return {"hands": [" ".join(h[:6]) for h in cards], "stock": " ".join(stock + rest)}


def new(preset: str = "debertz3", dealer: int = 0, **options: Any) -> DebertzMatch:
    return DebertzMatch(DebertzRules.from_preset(preset, **options), seed=0, first_dealer=dealer)


def act(m: DebertzMatch, *actions: str) -> None:
    for a in actions:
        m.apply(a)


def play(m: DebertzMatch, cards: str) -> None:
    """Play ``cards`` in order ("|" between tricks is only for the reader)."""
    for c in cards.replace("|", " ").split():
        m.apply("play " + c)


def hand(m: DebertzMatch, seat: int) -> str:
    text = m.observation(seat)["hand"]
    assert isinstance(text, str)
    return text


def plays(m: DebertzMatch) -> set[str]:
    """Return the legal card plays (no swap or declaration)."""
    return {t for t in m.legal_texts() if t.startswith("play")}


def snapshot(m: DebertzMatch) -> Any:
    seats: list[int | None] = [*range(m.players), None]
    return (m.record_deals(), [m.observation(s) for s in seats], m.legal_actions(),
            m.totals, [r.to_json() for r in m.sheet])


def refused(m: DebertzMatch, action: str, match: str) -> None:
    """Check that ``action`` raises IllegalActionError matching ``match`` and changes nothing."""
    before = snapshot(m)
    with pytest.raises(IllegalActionError, match=match):
        m.apply(action)
    assert snapshot(m) == before


def same(a: str, b: str) -> bool:
    return parse_hand(a) == parse_hand(b)


# Two players, dealer 0: seat 1 (strong) takes every trick.
STRONG, WEAK = "JH 9H AH TH KH AS TS AC TC", "KS QS 8S KC QC 8C KD QD 8D"
STRONG_PLAY = "JH 8S | 9H 8C | AH 8D | TH QD | KH KD | AS KS | TS QS | AC KC | TC QC"

# Two players, dealer 0: a tie, 55 each (a hanging bait).
TIE = ["AH TH AS KS AC TC QC KD JD", "JH 9H 7S 8S 9S 7C 8C 9C 7D"]
TIE_PLAY = "JH TH | 9H AH | 7S AS | KS 8S | AC 7C | TC 8C | QC 9C | KD 7D | JD 9S"

# Three players: seat 2 strong, seat 1 declares and takes one trick (13), seat 0 none.
D3 = ["JS 8S 7C JC 9C 8C JD 9D 8D", "AD TS KS QS TC KC QC TD KD",
      "JH 9H AH TH KH QH AS AC 7D"]
D3_PLAY = ("AD 7D JD | TS AS JS | AC JC QC | JH 8S KS | 9H 7C QS | AH 9C KC | TH 8C TC |"
           " KH 9D KD | QH 8D TD")


# Four players, dealer 0: seat 1 accepts and takes the turned 8H.
FOUR = ["JH AH TH KH QH 7H AC JD", "AS TS KS QS 7D 8D 9D", "9H 7C 8C 9C JC QC KC TC",
        "JS 9S 8S 7S QD KD TD AD"]


# -- dealing -----------------------------------------------------------------------------------
