"""Thousand's engine tables: phases, precomputed card lists, cached action lists, seat tables.

Built at import (or cached as they come) for the engine's fast path
(:mod:`kozyr.games.thousand.state`); the rules' own tables (card points, marriages, the masks
of following) are in :mod:`kozyr.games.thousand.cardplay` and only used here.  Lists handed
out by ``legal_actions`` are shared: a caller must not change them.

An action log entry is an int: ``action << 3 | seat << 1 | automatic`` (:func:`entry`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kozyr.cards import ACE, KING, NINE
from kozyr.games.thousand import actions as A
from kozyr.games.thousand import declarations
from kozyr.games.thousand.cardplay import ACES_MASK, KINGS_MASK, card_points, marriages_value
from kozyr.games.thousand.deal import POOR_TALON as _POOR_TALON
from kozyr.games.thousand.deal import active_seats
from kozyr.games.thousand.rules import ThousandRules

# -- phases ----------------------------------------------------------------------------------
#: The phases of a match (``ThousandMatch.phase`` names them): between deals, the redeal round,
#: the bidding, the talon, the contract, the play, the match over.
P_DEAL, P_REDEAL, P_BIDDING, P_TALON, P_CONTRACT, P_PLAY, P_OVER = range(7)
PHASE_NAMES = ("deal", "redeal", "bidding", "talon", "contract", "play", "over")

# -- cards -----------------------------------------------------------------------------------
#: The suit (0..3) of each card, its bit, and every other bit.
SUIT_OF: tuple[int, ...] = tuple(c >> 3 for c in range(32))
BIT: tuple[int, ...] = tuple(1 << c for c in range(32))
NOT_BIT: tuple[int, ...] = tuple(~(1 << c) for c in range(32))

#: A talon worth fewer card points than this is poor (deal.py: ``redeal_poor_talon``).
POOR_TALON = _POOR_TALON


def _half_lists(offset: int) -> dict[int, tuple[int, ...]]:
    """Return the cards (low first) of each 16-bit half of a hand, keyed by the half's bits.

    Only the Thousand cards (9 to A) of the two suits of the half can be set: 4096 entries.
    """
    places = [s * 8 + r for s in (0, 1) for r in range(NINE, ACE + 1)]
    out = {}
    for bits in range(1 << len(places)):
        chosen = [p for i, p in enumerate(places) if bits >> i & 1]
        out[sum(1 << p for p in chosen)] = tuple(p + offset for p in chosen)
    return out


#: ``[*HALF_LO[m & 0xFFFF], *HALF_HI[m >> 16]]``: the cards of ``m``, low first, as a new
#: list.  (Tuples: compact, and the garbage collector stops tracking them.)
HALF_LO: dict[int, tuple[int, ...]] = _half_lists(0)
HALF_HI: dict[int, tuple[int, ...]] = _half_lists(16)


def _suit_lists() -> dict[int, list[int]]:
    """Return the cards (low first) of every non-empty set of Thousand cards of one suit, keyed
    by its mask: 4 x 63 lists."""
    out = {}
    for s in range(4):
        for bits in range(1, 64):
            cards = [s * 8 + NINE + r for r in range(6) if bits >> r & 1]
            out[sum(1 << c for c in cards)] = cards
    return out


#: The legal cards of a player following (or trumping): a set of cards of one suit, whose list
#: ``legal_actions`` hands out shared: never to be mutated.  The legal cards of a player who can
#: neither follow nor trump are his whole hand, built fresh (those rarely come back).
SUIT_LISTS: dict[int, list[int]] = _suit_lists()

#: Cached bidding and contract lists (never to be mutated): see ``bid_list``.
AMOUNT_LISTS: dict[int, list[int]] = {}
#: ``GIVES[2 * seat + half][bits]``: the actions ``give seat c`` for the cards ``c`` of one
#: 16-bit half of a hand (0: low, 1: high), cached as they come (at most 8 x 4096 tuples,
#: which the garbage collector stops tracking).
GIVES: tuple[dict[int, tuple[int, ...]], ...] = tuple({} for _ in range(8))


def give_list(seat: int, hand: int) -> list[int]:
    """Return the actions ``give seat c`` for every card ``c`` of ``hand``, low first (a new
    list)."""
    table = GIVES[2 * seat]
    lo = table.get(hand & 0xFFFF)
    if lo is None:
        base = A.GIVE + 32 * seat
        lo = table[hand & 0xFFFF] = tuple([base + c for c in HALF_LO[hand & 0xFFFF]])
    table = GIVES[2 * seat + 1]
    hi = table.get(hand >> 16)
    if hi is None:
        base = A.GIVE + 32 * seat
        hi = table[hand >> 16] = tuple([base + c for c in HALF_HI[hand >> 16]])
    return [*lo, *hi]


def lead_list(hand: int, ace_marriage: bool) -> list[int]:
    """Return the leads from ``hand`` when marriages may be declared (a new list): every card,
    then ``play Q marriage`` and ``play K marriage`` of each marriage held (low suit first),
    then the four aces' declarations if ``ace_marriage`` and all four are held.
    """
    lst = [*HALF_LO[hand & 0xFFFF], *HALF_HI[hand >> 16]]
    kings = hand & (hand << 1) & KINGS_MASK
    while kings:
        k = (kings & -kings).bit_length() - 1
        lst.append(A.MARRIAGE + k - 1)  # the queen
        lst.append(A.MARRIAGE + k)
        kings &= kings - 1
    if ace_marriage and hand & ACES_MASK == ACES_MASK:
        lst.extend(A.MARRIAGE + s * 8 + ACE for s in range(4))
    return lst


def bid_list(bid: int, cap: int, step: int) -> list[int]:
    """Return the (cached, never to be mutated) bidding choices over ``bid`` up to ``cap``:
    ``pass``, then each bid a multiple of ``step`` above ``bid``."""
    key = bid * 0x1000000 + cap * 0x1000 + step  # amounts are below 4096 (max_bid <= 1000)
    lst = AMOUNT_LISTS.get(key)
    if lst is None:
        lst = [A.PASS, *range(A.BID + (bid // step + 1) * step, A.BID + cap + 1, step)]
        AMOUNT_LISTS[key] = lst  # bounded: a few thousand keys at most
    return lst


def contract_list(bid: int, cap: int, step: int, writeoff: bool) -> list[int]:
    """Return the (cached, never to be mutated) contract choices after a bid of ``bid`` up to
    ``cap``: the bid itself, each multiple of ``step`` above it, then ``writeoff`` if allowed."""
    key = (2 << 40 if writeoff else 1 << 40) + bid * 0x1000000 + cap * 0x1000 + step
    lst = AMOUNT_LISTS.get(key)
    if lst is None:
        lst = [A.CONTRACT + bid,
               *range(A.CONTRACT + (bid // step + 1) * step, A.CONTRACT + cap + 1, step)]
        if writeoff:
            lst.append(A.WRITEOFF)
        AMOUNT_LISTS[key] = lst
    return lst


#: The card points of a hand (:func:`kozyr.games.thousand.cardplay.card_points`).
hand_points = card_points


def hand_cap(hand: int, rules: ThousandRules) -> int:
    """Return the highest bid or contract ``hand`` allows: 120 + its declarations (marriages;
    with the options, four aces, bed marriages, four nines), <= max_bid
    (:func:`kozyr.games.thousand.declarations.hand_cap`)."""
    return declarations.hand_cap(hand, rules)


def marriage_cap(hand: int, values: tuple[int, int, int, int], ace: bool, max_bid: int) -> int:
    """Return 120 + the marriages ``hand`` holds, at most ``max_bid``."""
    c = 120 + marriages_value(hand, values, ace)
    return c if c < max_bid else max_bid


_CAP_TABLES: dict[tuple[tuple[int, int, int, int], int], dict[int, int]] = {}


def cap_table(values: tuple[int, int, int, int], max_bid: int) -> dict[int, int]:
    """Return the cap of a hand by its marriage kings (:func:`marriage_kings`), no ace marriage."""
    key = (values, max_bid)
    table = _CAP_TABLES.get(key)
    if table is None:
        table = {}
        for bits in range(16):
            kings = sum(1 << (s * 8 + KING) for s in range(4) if bits >> s & 1)
            table[kings] = marriage_cap(kings | kings >> 1, values, False, max_bid)
        _CAP_TABLES[key] = table
    return table


_SEAT_TABLES: dict[tuple[int, bool], list[tuple[list[int], list[int], int]]] = {}


def seat_tables(players: int, dealer_forced: bool) -> list[tuple[list[int], list[int], int]]:
    """Return, per dealer, the active seats, each seat's next active seat and the forced
    bidder (never to be mutated: copy them)."""
    key = (players, dealer_forced)
    tables = _SEAT_TABLES.get(key)
    if tables is None:
        tables = []
        for dealer in range(players):
            act = active_seats(players, dealer)
            nxt = [0] * players
            for i, s in enumerate(act):
                nxt[s] = act[(i + 1) % len(act)]
            forced = dealer if dealer_forced and players != 4 else act[0]
            tables.append((act, nxt, forced))
        _SEAT_TABLES[key] = tables
    return tables


def entry(seat: int, action: int, auto: bool) -> int:
    """Return the action log's entry for ``action`` of ``seat``: ``action << 3 | seat << 1``,
    and bit 0 set if the engine applied it (an automatic action, never in the record)."""
    return (action << 3) | (seat << 1) | int(auto)


FORCED_100 = entry(0, A.BID + 100, True)  # | seat << 1: the automatic forced 100


def slot_copier(names: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """Return a function that copies the attributes ``names`` of one match to another (clone).

    The function is compiled with one plain assignment per attribute (as ``dataclasses``
    builds its methods): several times faster than a loop of ``setattr``.
    """
    assert all(name.isidentifier() for name in names)
    src = "def copy(a, b):\n" + "".join(f"    b.{name} = a.{name}\n" for name in names)
    namespace: dict[str, Any] = {}
    exec(src, namespace)
    copy: Callable[[Any, Any], None] = namespace["copy"]
    return copy
