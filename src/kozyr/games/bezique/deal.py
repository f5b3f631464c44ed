"""A Bezique deal's cards: dealt from the seed or an rng, or read from a record (§10).

A record deal gives ``hands`` (8 cards a seat) and ``stock`` (the other 48 in deck order, top
first: ``stock[0]`` is the turned card).  Its tokens carry their copy digit (``AS1``), or all
lack it: then the copies are numbered by first appearance, seat 0's hand, seat 1's hand, then
the stock from the top; the two may not be mixed in one deal (§10.P.6).

>>> hands, stock = read_deal({"hands": ["AS " * 4 + "KS " * 4, "QS " * 4 + "JS " * 4],
...                           "stock": " ".join(["AS KS QS JS"] * 0 + ["x"] * 0)})
Traceback (most recent call last):
...
kozyr.core.errors.RecordError: Bezique deal, 'hands' seat 0: AS appears more than twice
"""

from __future__ import annotations

import random
from typing import Any

from kozyr.cards import copy_card, format_card, parse_copy_card
from kozyr.core.dealing import record_error, seeded_rng, shuffle
from kozyr.core.errors import RecordError
from kozyr.games.bezique.cardplay import COPIES, DECK_SIZE, display_order

HAND_SIZE = 8
STOCK_SIZE = DECK_SIZE - 2 * HAND_SIZE

#: The cards as dealt: the two hands (in the record's order) and the stock, top first.
Dealt = tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]]


def shuffled_deal(seed: int, deal_index: int, dealer: int,
                  rng: random.Random | None = None) -> Dealt:
    """Return a deal of the 64 cards shuffled by ``rng``, or by the seed and the deal index:
    the non-dealer takes the first 8, the dealer the next 8, the rest is the stock."""
    deck = list(range(DECK_SIZE))
    shuffle(deck, rng or seeded_rng(seed, deal_index))
    first, second = (tuple(sorted(deck[i:i + HAND_SIZE], key=display_order))
                     for i in (0, HAND_SIZE))
    hands = (second, first) if dealer == 0 else (first, second)
    return hands, tuple(deck[2 * HAND_SIZE:])


def read_deal(cards: Any) -> Dealt:
    """Read a record deal's ``hands`` and ``stock`` (orders kept); raise RecordError if they
    are no deal."""
    if not isinstance(cards, dict):
        raise record_error("bezique", "its cards", f"must be an object with 'hands', 'stock', "
                                                   f"not {cards!r}")
    unknown = sorted(set(cards) - {"hands", "stock"})
    if unknown:
        raise record_error("bezique", "its keys", f"unknown key(s) {', '.join(unknown)} (a "
                                                  f"Bezique deal gives 'hands', 'stock')")
    for key in ("hands", "stock"):
        if key not in cards:
            raise record_error("bezique", f"'{key}'", "is missing (a Bezique deal gives "
                                                    "'hands', 'stock')")
    raw = cards["hands"]
    if not isinstance(raw, list) or len(raw) != 2:
        raise record_error("bezique", "'hands'", f"must be a list of 2 hands, not {raw!r}")
    piles: list[tuple[str, Any, int]] = [(f"'hands' seat {i}", raw[i], HAND_SIZE)
                                         for i in (0, 1)]
    piles.append(("'stock'", cards["stock"], STOCK_SIZE))
    digited: bool | None = None
    seen: dict[int, int] = {}
    out: list[tuple[int, ...]] = []
    for where, text, size in piles:
        if not isinstance(text, str):
            raise record_error("bezique", where, f"must be a string of cards like 'AS1 TS2', "
                                                 f"not {text!r}")
        pile: list[int] = []
        for tok in text.split():
            try:
                base, k = parse_copy_card(tok, COPIES)
            except ValueError as e:
                raise record_error("bezique", where, str(e)) from None
            if digited is None:
                digited = k is not None
            elif digited != (k is not None):
                raise record_error("bezique", where, f"{tok}: cards with and without their "
                                                     f"copy digit may not be mixed in a deal")
            if k is None:
                k = seen.get(base, 0)
                if k >= COPIES:
                    raise record_error("bezique", where,
                                       f"{format_card(base)} appears more than twice")
                seen[base] = k + 1
            c = copy_card(base, k)
            if c in pile or any(c in p for p in out):
                raise record_error("bezique", where, f"{tok} is dealt twice")
            pile.append(c)
        if len(pile) != size:
            raise record_error("bezique", where, f"must hold {size} cards, not {len(pile)}")
        out.append(tuple(pile))
    if len({c for p in out for c in p}) != DECK_SIZE:  # pragma: no cover - sizes make it so
        raise RecordError("Bezique deal: the cards are not the two packs")
    return (out[0], out[1]), out[2]
