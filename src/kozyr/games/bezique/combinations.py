"""Bezique's combinations (rules/bezique.md §4, §10 "A declare is legal"): kinds, values, rules.

Every set of cards a ``declare`` may name is one entry of :data:`COMBOS` (its action is
``DECLARE + index``): each marriage and sequence of each suit, the beziques of both pairs and
every four of a kind of A K Q J, copies told apart.  :func:`declarable` is the one test of
§10's five conditions, given what the deal has used: ``used[kind]``, the cards that served in
earlier combinations of that kind.

Kinds (each its own "kind" of §10) and their classes:

==========  ========================  ===================
kind        cards                     class
==========  ========================  ===================
marriage    K Q of a suit (20, 40)    marriage/sequence
sequence    A 10 K Q J of trumps      marriage/sequence
bezique     Q♠ J♦ (40)                bezique
double      both Q♠, both J♦ (500)    bezique
four_A/K/Q/J any four of a rank        (each its own)
==========  ========================  ===================

>>> from kozyr.cards import HEARTS
>>> from kozyr.games.bezique.cardplay import card_of
>>> m = mask_of("KH1 QH1")
>>> c = COMBOS[INDEX[m]]
>>> c.kind, value(c, HEARTS), value(c, 0)
(0, 40, 20)
"""

from __future__ import annotations

from itertools import combinations, product
from typing import NamedTuple

from kozyr.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    PACK,
    QUEEN,
    SPADES,
    TEN,
    Hand,
    card,
    copy_card,
)
from kozyr.games.bezique.cardplay import COPIES, card_of

MARRIAGE, SEQUENCE, BEZIQUE, DOUBLE, FOUR_A, FOUR_K, FOUR_Q, FOUR_J = range(8)
KINDS = 8
KIND_NAMES = ("marriage", "sequence", "bezique", "double bezique", "four aces", "four kings",
              "four queens", "four jacks")
#: The kinds of each kind's class (§4's three classes; the fours of each rank apart).
CLASS_OF: tuple[tuple[int, ...], ...] = (
    (MARRIAGE, SEQUENCE), (MARRIAGE, SEQUENCE), (BEZIQUE, DOUBLE), (BEZIQUE, DOUBLE),
    (FOUR_A,), (FOUR_K,), (FOUR_Q,), (FOUR_J,))
#: The higher kinds of each kind's class (no lower combination after a higher one).
HIGHER_KINDS: tuple[tuple[int, ...], ...] = ((SEQUENCE,), (), (DOUBLE,), (), (), (), (), ())
FOUR_VALUE = {FOUR_A: 100, FOUR_K: 80, FOUR_Q: 60, FOUR_J: 40}
_FOUR_RANK = {FOUR_A: ACE, FOUR_K: KING, FOUR_Q: QUEEN, FOUR_J: JACK}


class Combo(NamedTuple):
    """One set of cards a ``declare`` may name."""

    kind: int
    mask: Hand
    #: The suit of a marriage or sequence; the bezique pair's queen suit (SPADES or CLUBS).
    suit: int


def _bits(*cards: int) -> Hand:
    return sum(1 << c for c in cards)


def _copies(base: int) -> list[int]:
    return [copy_card(base, k) for k in range(COPIES)]


def _build() -> list[Combo]:
    out: list[Combo] = []
    for s in range(4):
        for k, q in product(_copies(card(s, KING)), _copies(card(s, QUEEN))):
            out.append(Combo(MARRIAGE, _bits(k, q), s))
    for s in range(4):
        ranks = (ACE, TEN, KING, QUEEN, JACK)
        for picks in product(*(_copies(card(s, r)) for r in ranks)):
            out.append(Combo(SEQUENCE, _bits(*picks), s))
    for qs, jd in ((SPADES, DIAMONDS), (CLUBS, HEARTS)):
        q, j = card(qs, QUEEN), card(jd, JACK)
        for a, b in product(_copies(q), _copies(j)):
            out.append(Combo(BEZIQUE, _bits(a, b), qs))
        out.append(Combo(DOUBLE, _bits(*_copies(q), *_copies(j)), qs))
    for kind, rank in _FOUR_RANK.items():
        every = [copy_card(card(s, rank), k) for k in range(COPIES) for s in range(4)]
        for four in combinations(every, 4):
            out.append(Combo(kind, _bits(*four), -1))
    return out


#: Every declarable set of cards, in action order.
COMBOS: tuple[Combo, ...] = tuple(_build())
#: The index of each set in :data:`COMBOS`, by its mask.
INDEX: dict[Hand, int] = {c.mask: i for i, c in enumerate(COMBOS)}
#: The indices of the combos of each kind.
BY_KIND: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, c in enumerate(COMBOS) if c.kind == k) for k in range(KINDS))


def mask_of(text: str) -> Hand:
    """Return the mask of digited cards ``"KH1 QH1"``."""
    return sum(1 << card_of(t) for t in text.split())


def pair_suit(trump: int, by_trump: bool) -> int:
    """Return the bezique queen's suit: spades, or clubs with ``by_trump`` and trumps ♠ or ♦."""
    return CLUBS if by_trump and trump in (SPADES, DIAMONDS) else SPADES


def value(c: Combo, trump: int) -> int:
    """Return what combination ``c`` scores under ``trump``."""
    if c.kind == MARRIAGE:
        return 40 if c.suit == trump else 20
    if c.kind == SEQUENCE:
        return 250
    if c.kind == BEZIQUE:
        return 40
    if c.kind == DOUBLE:
        return 500
    return FOUR_VALUE[c.kind]


def why_not(c: Combo, usable: Hand, trump: int, by_trump: bool,
            used: list[Hand] | tuple[Hand, ...]) -> str | None:
    """Return None if ``c`` may be declared (§10 conditions 2-5), else why not.

    ``usable`` holds the declarer's cards that may serve (held, unplayed, not taken in this
    window); ``used[kind]`` the cards used in earlier combinations of each kind.
    """
    m = c.mask
    if m & ~usable:
        return "you do not hold all its cards (or one was taken in during this window)"
    if c.kind == SEQUENCE and c.suit != trump:
        return "a sequence counts only in trumps"
    if c.kind in (BEZIQUE, DOUBLE) and c.suit != pair_suit(trump, by_trump):
        return "these cards are not the bezique under these rules"
    if m & used[c.kind]:
        return f"a card of it was already used in a {KIND_NAMES[c.kind]}"
    for h in HIGHER_KINDS[c.kind]:
        if m & used[h]:
            return (f"a card of it was already used in a {KIND_NAMES[h]}, a higher "
                    f"combination of its class")
    cls = 0
    for k in CLASS_OF[c.kind]:
        cls |= used[k]
    if not m & ~cls:
        return "every card of it was already used in its class: a new one needs a fresh card"
    return None


def _group(pred: object) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(COMBOS) if pred(c))  # type: ignore[operator]


#: The combos of each suit's marriages and sequences, of each pair's beziques (by queen suit),
#: of each rank's fours, with the one-pack cards each group needs at least.
_GROUPS: tuple[tuple[Hand, tuple[int, ...]], ...] = tuple(
    [(1 << card(s, KING) | 1 << card(s, QUEEN),
      _group(lambda c, s=s: c.kind == MARRIAGE and c.suit == s)) for s in range(4)]
    + [(1 << card(qs, QUEEN) | 1 << card(jd, JACK),
        _group(lambda c, qs=qs: c.kind in (BEZIQUE, DOUBLE) and c.suit == qs))
       for qs, jd in ((SPADES, DIAMONDS), (CLUBS, HEARTS))])
_SEQUENCES: tuple[tuple[Hand, tuple[int, ...]], ...] = tuple(
    (sum(1 << card(s, r) for r in (ACE, TEN, KING, QUEEN, JACK)),
     _group(lambda c, s=s: c.kind == SEQUENCE and c.suit == s)) for s in range(4))
_FOURS: tuple[tuple[Hand, tuple[int, ...]], ...] = tuple(
    (sum(1 << copy_card(card(s, rank), k) for s in range(4) for k in range(COPIES)),
     BY_KIND[kind]) for kind, rank in _FOUR_RANK.items())
_ONE_PACK = (1 << PACK) - 1


def declarable(usable: Hand, trump: int, by_trump: bool,
               used: list[Hand] | tuple[Hand, ...]) -> list[int]:
    """Return the indices in :data:`COMBOS` of every combination that may be declared."""
    base = (usable | usable >> PACK) & _ONE_PACK
    out: list[int] = []
    groups = [g for g in _GROUPS if base & g[0] == g[0]]
    seq = _SEQUENCES[trump]
    if base & seq[0] == seq[0]:
        groups.append(seq)
    for _need, indices in groups:
        for i in indices:
            c = COMBOS[i]
            if not c.mask & ~usable and why_not(c, usable, trump, by_trump, used) is None:
                out.append(i)
    for every, indices in _FOURS:
        if (usable & every).bit_count() >= 4:
            for i in indices:
                c = COMBOS[i]
                if not c.mask & ~usable and not c.mask & used[c.kind]:
                    out.append(i)
    out.sort()
    return out


__all__ = ["BEZIQUE", "BY_KIND", "COMBOS", "DOUBLE", "FOUR_A", "FOUR_J", "FOUR_K", "FOUR_Q",
           "INDEX", "KINDS", "KIND_NAMES", "MARRIAGE", "PACK", "SEQUENCE", "Combo",
           "declarable", "mask_of", "pair_suit", "value", "why_not"]
