"""Debertz's action encoding and its record notation (spec/records.md), and the phases.

==========  ===========================
0..31       ``play CARD`` (the card)
32..63      ``play CARD bella`` (card + 32)
64          ``accept``
65          ``pass``
66..69      ``trump S`` (66 + suit, S C D H)
70          ``swap7``
71          ``declare``
==========  ===========================

>>> action_to_text(parse_action("play KH bella")), parse_action("trump D")
('play KH bella', 68)
"""

from __future__ import annotations

import functools

from kozyr.cards import SUIT_LETTERS, format_card, parse_card, parse_suit
from kozyr.core.errors import IllegalActionError

BELLA = 32
ACCEPT = 64
PASS = 65
TRUMP = 66
SWAP7 = 70
DECLARE = 71
N_ACTIONS = 72

#: The phases, compared by identity on the engine's hot path (the same string objects).
BIDDING, PLAY, DEAL, OVER = "bidding", "play", "deal", "over"
PHASES = {p: p for p in (BIDDING, PLAY, DEAL, OVER)}


@functools.lru_cache(maxsize=8192)  # a pure function of the int: every view asks it again
def action_to_text(action: int) -> str:
    """Return ``action`` in record notation, e.g. ``"play KH bella"``; ValueError if none."""
    if not 0 <= action < N_ACTIONS:
        raise ValueError(f"no Debertz action has number {action}")
    if action < BELLA:
        return "play " + format_card(action)
    if action < ACCEPT:
        return f"play {format_card(action - BELLA)} bella"
    if action == ACCEPT:
        return "accept"
    if action == PASS:
        return "pass"
    if action < SWAP7:
        return "trump " + SUIT_LETTERS[action - TRUMP]
    return "swap7" if action == SWAP7 else "declare"


def parse_action(text: str) -> int:
    """Parse record notation (``accept``, ``trump H``, ``play KH bella``...) into an action."""
    words = text.split()
    low = [w.lower() for w in words]
    try:
        if low == ["accept"]:
            return ACCEPT
        if low == ["pass"]:
            return PASS
        if low == ["swap7"]:
            return SWAP7
        if low == ["declare"]:
            return DECLARE
        if len(low) == 2 and low[0] == "trump":
            return TRUMP + parse_suit(words[1])
        if len(low) in (2, 3) and low[0] == "play":
            c = parse_card(words[1])
            if len(low) == 2:
                return c
            if low[2] == "bella":
                return c + BELLA
    except ValueError as e:
        raise IllegalActionError(f"{text!r}: {e}") from None
    raise IllegalActionError(
        f"{text!r} is not a Debertz action (expected accept, pass, trump S, swap7, declare, "
        "play CARD or play CARD bella)")
