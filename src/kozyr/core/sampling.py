"""Dealing the cards a seat cannot see, consistently with what it knows (every game's samples).

A sample (:meth:`kozyr.core.match.Match.resample`) deals again every card hidden from one
seat.  What the seat knows is always of the same kinds: cards it knows to be in some place
(they stay put), cards a place cannot hold (a void shown by not following, a trump not held),
how many cards each place holds, and, for some games, facts to check on a whole deal
(a declarer held exactly the melds he announced).  :func:`deal_unseen` is the sampler: the
unseen ``pool`` into places of given ``sizes``, each card only where it may go, every deal
that fits being possible.

It has two strategies, because each game's samples must stay what they were (the same seeds
give the same samples):

- **forbidden masks** (``forbidden``; Debertz): the cards, shuffled, are dealt one by one to a
  place drawn in proportion to its free room among those allowed, refusing a place when the
  rest could no longer be dealt (Hall's condition on every set of places), then ``accept``
  checks the whole deal; up to ``tries`` deals.
- **count limits** (``limits``; Tertz): the pool is shuffled and cut into the places in order
  until the first place meets its limits ("at most k cards of these") and ``accept``; after
  ``tries`` shuffles the limits are met greedily and ``accept`` is given up.

Thousand's slots (one mask per hidden card's place) use :func:`match_slots`.

>>> rng = random.Random(1)
>>> hand, stock = deal_unseen(list(range(8)), [3, 5], rng, forbidden=[0b1111, 0])
>>> sorted(hand), len(stock), all(c >= 4 for c in hand)
([4, 5, 7], 5, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from kozyr.cards import FULL_DECK, Card, Hand
from kozyr.core.dealing import shuffle

#: ``accept(groups)``: True if a whole deal (the cards of each place) fits what is known.
Accept = Callable[[list[list[Card]]], bool]


class NoDealFits(AssertionError):
    """No deal of the unseen cards fits what the seat knows (a position that cannot happen)."""


def deal_unseen(pool: Sequence[Card], sizes: Sequence[int], rng: random.Random, *,
                forbidden: Sequence[Hand] | None = None,
                limits: Sequence[Sequence[tuple[Hand, int]]] | None = None,
                accept: Accept | None = None, tries: int = 1) -> list[list[Card]]:
    """Deal the unseen ``pool`` into places of ``sizes``; return each place's cards.

    ``forbidden[g]``: the cards place ``g`` cannot hold (the Hall strategy).  ``limits[g]``:
    ``(mask, at most)`` pairs place ``g`` must meet (the count strategy; only the first place
    may have limits).  ``accept`` checks a whole deal; ``tries`` deals are tried.  Raise
    :class:`NoDealFits` when the sizes do not add up, or (Hall strategy) no try is accepted.
    """
    if sum(sizes) != len(pool) or (sizes and min(sizes) < 0):
        raise NoDealFits("resample: hidden places and unseen cards do not match")
    if limits is not None:
        return _deal_limited(pool, sizes, limits, rng, accept, tries)
    allowed = [FULL_DECK & ~f for f in forbidden] if forbidden is not None else (
        [FULL_DECK] * len(sizes))
    for _ in range(tries):
        groups = _deal_hall(pool, sizes, allowed, rng)
        if accept is None or accept(groups):
            return groups
    raise NoDealFits("resample: no deal fits what is known")  # pragma: no cover


def _deal_hall(pool: Sequence[Card], caps: Sequence[int], allowed: Sequence[Hand],
               rng: random.Random) -> list[list[Card]]:
    """Deal ``pool`` (shuffled by ``rng``) into groups of sizes ``caps``, each card only into a
    group that allows it, keeping the rest dealable (Hall's condition on every set of groups)."""
    cards = list(pool)
    rng.shuffle(cards)
    k = len(caps)
    full = (1 << k) - 1
    # a card's type: the set of groups that may take it
    types = [sum(1 << g for g in range(k) if allowed[g] >> c & 1) for c in cards]
    constrained = any(t != full for t in types)
    # for every set of groups: cards that must go into it (need) and places it has (room)
    above = [[sub for sub in range(1, full) if t & ~sub == 0] for t in range(full + 1)]
    holding = [[sub for sub in range(1, full) if sub >> g & 1] for g in range(k)]
    need = [0] * (full + 1)
    room = [0] * (full + 1)
    if constrained:
        for t in types:
            for sub in above[t]:
                need[sub] += 1
        for g in range(k):
            for sub in holding[g]:
                room[sub] += caps[g]
    subs = range(1, full)
    cap = list(caps)
    out: list[list[Card]] = [[] for _ in range(k)]
    for c, t in zip(cards, types, strict=True):
        if constrained:
            for sub in above[t]:
                need[sub] -= 1
        choices = [g for g in range(k) if t >> g & 1 and cap[g] > 0]
        while True:
            r = rng.randrange(sum(cap[g] for g in choices))
            for g in choices:
                r -= cap[g]
                if r < 0:
                    break
            if constrained:
                for sub in holding[g]:
                    room[sub] -= 1
                if any(need[sub] > room[sub] for sub in subs):
                    for sub in holding[g]:
                        room[sub] += 1
                    choices.remove(g)
                    continue
            cap[g] -= 1
            out[g].append(c)
            break
    return out


def _deal_limited(pool: Sequence[Card], sizes: Sequence[int],
                  limits: Sequence[Sequence[tuple[Hand, int]]], rng: random.Random,
                  accept: Accept | None, tries: int) -> list[list[Card]]:
    """The count strategy: shuffle, cut, check the first place's limits and ``accept``."""
    if any(limits[1:]):
        raise ValueError("deal_unseen: only the first place may have count limits")
    first = list(limits[0]) if limits else []
    need = sizes[0] if sizes else 0
    deck = list(pool)
    for _ in range(tries):
        rng.shuffle(deck)
        hand = 0
        for c in deck[:need]:
            hand |= 1 << c
        if all((hand & mask).bit_count() <= most for mask, most in first) and (
                accept is None or accept(_cut(deck, sizes))):
            return _cut(deck, sizes)
    hand = 0
    left = need
    for c in deck:
        if left and all(not mask >> c & 1 or (hand & mask).bit_count() < most
                        for mask, most in first):
            hand |= 1 << c
            left -= 1
    for c in deck:
        if left and not hand >> c & 1:
            hand |= 1 << c
            left -= 1
    chosen = [c for c in deck if hand >> c & 1]
    return _cut([*chosen, *(c for c in deck if not hand >> c & 1)], sizes)


def _cut(deck: Sequence[Card], sizes: Sequence[int]) -> list[list[Card]]:
    out = []
    pos = 0
    for size in sizes:
        out.append(list(deck[pos:pos + size]))
        pos += size
    return out


def match_slots(cards: Sequence[Card], slots: Sequence[Hand]) -> list[Card]:
    """Deal ``cards`` (already shuffled) to ``slots`` in order, each to the first free slot whose
    mask accepts it, moving earlier cards along when one fits nowhere (augmenting paths);
    return the card of each slot.  Raise :class:`NoDealFits` if no assignment exists.

    Without constraints this is dealing a shuffled pack; with them it stays close to uniform
    (Thousand's samples).

    >>> match_slots([5, 1, 2], [0b110, 0b100000, 0b111])
    [1, 5, 2]
    """
    owner = [-1] * len(slots)
    order = range(len(slots))

    def augment(c: int, seen: set[int]) -> bool:
        for i in order:
            if i in seen or not slots[i] >> c & 1:
                continue
            seen.add(i)
            if owner[i] < 0 or augment(owner[i], seen):
                owner[i] = c
                return True
        return False

    for c in cards:
        for i in order:
            if owner[i] < 0 and slots[i] >> c & 1:
                owner[i] = c
                break
        else:
            if not augment(c, set()):
                raise NoDealFits("resample: no deal fits the observation")  # pragma: no cover
    return owner


def shuffled(pool: Sequence[Card], rng: random.Random) -> list[Card]:
    """Return ``pool`` shuffled by ``rng`` (as ``rng.shuffle`` would)."""
    out = list(pool)
    shuffle(out, rng)
    return out
