"""Piquet's action encoding and its record notation (rules/piquet.md §9).

=================  ==============================  ===========================================
int                text                            meaning
=================  ==============================  ===========================================
0..31              ``play CARD``                   play the card (kozyr.cards numbering)
32                 ``pass``                        take no card (where the options allow it)
40                 ``sink``                        with ``sinking``: declare nothing
41..46             ``declare point sets`` ...      declare those categories, sink the others
47                 ``declare``                     declare all three categories
EXCHANGE | mask    ``exchange C1 … Ck``            discard the cards of ``mask``, take as many
=================  ==============================  ===========================================

``EXCHANGE`` is ``1 << 32``; an exchange's cards are written in hand order.

>>> action_to_text(parse_action("exchange 9H 8H 7D")), parse_action("declare point sets")
('exchange 7D 9H 8H', 45)
>>> action_to_text(47), action_to_text(40), parse_action("pass")
('declare', 'sink', 32)
"""

from __future__ import annotations

import functools

from kozyr.cards import format_card, format_hand, parse_cards
from kozyr.core.errors import IllegalActionError
from kozyr.games.piquet.combinations import ALL, CATEGORIES

PASS = 32
SINK = 40
DECLARE = SINK + ALL
EXCHANGE = 1 << 32


def is_exchange(action: int) -> bool:
    """Return True if ``action`` encodes an exchange (of at least one card)."""
    return EXCHANGE < action < 2 * EXCHANGE


@functools.lru_cache(maxsize=8192)  # a pure function of the int: every view asks it again
def action_to_text(action: int) -> str:
    """Return ``action`` in record notation."""
    if 0 <= action < 32:
        return "play " + format_card(action)
    if action == PASS:
        return "pass"
    if action == SINK:
        return "sink"
    if action == DECLARE:
        return "declare"
    if SINK < action < DECLARE:
        bits = action - SINK
        return "declare " + " ".join(n for i, n in enumerate(CATEGORIES) if bits >> i & 1)
    if is_exchange(action):
        return "exchange " + format_hand(action - EXCHANGE)
    raise ValueError(f"not a Piquet action: {action!r}")


def parse_action(text: str) -> int:
    """Parse record notation; raise IllegalActionError if it is malformed."""
    words = text.split()
    head = words[0].lower() if words else ""
    if head == "play" and len(words) == 2:
        try:
            cards = parse_cards(words[1])
        except ValueError as e:
            raise IllegalActionError(str(e)) from None
        if len(cards) == 1:
            return cards[0]
    elif head in ("pass", "sink") and len(words) == 1:
        return PASS if head == "pass" else SINK
    elif head == "declare":
        names = [w.lower() for w in words[1:]]
        if not names:
            return DECLARE
        if all(n in CATEGORIES for n in names) and names == sorted(
                set(names), key=CATEGORIES.index):
            return SINK + sum(1 << CATEGORIES.index(n) for n in names)
        raise IllegalActionError(
            f"not a Piquet declaration: {text!r} (name point, sequence, sets in that order, "
            "each at most once)")
    elif head == "exchange" and len(words) >= 2:
        try:
            cards = parse_cards(" ".join(words[1:]))
        except ValueError as e:
            raise IllegalActionError(str(e)) from None
        mask = 0
        for c in cards:
            if mask >> c & 1:
                raise IllegalActionError(f"{format_card(c)} is named twice in {text!r}")
            mask |= 1 << c
        return EXCHANGE | mask
    raise IllegalActionError(
        f"not a Piquet action: {text!r} (expected 'exchange C1 … Ck', 'pass', 'declare', "
        "'declare point sequence sets', 'sink' or 'play CARD')")
