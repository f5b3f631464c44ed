"""Dealing Thousand: from a deck order (seeded shuffles, ``no_shuffle`` cuts) or a record's cards.

A deck is a list of the 24 cards, top first.  Dealing gives one card at a time to each seat
that plays the deal, clockwise from the dealer's left, until every hand is full (7 cards, or 10
with two players); the last cards of the deck are the talon (3 cards) or, with two players, the
two piles (2 cards each, the first pile first).

The deal's conventions (rules/thousand.md §3, §11.3, §11.5) are here too, as pure functions
the engine and the observer share: who may ask for a redeal (:func:`redeal_eligible`), which
talon gives the declarer a redeal (:func:`bad_talon`), who cuts and what the cut ritual charges
(:func:`cutter`, :func:`cut_ritual`, :func:`record_cut_penalty`).  Readings: the cut ritual's
cutter is charged when his third cut in a row shows a nine; the dealer then deals the deck as it
lies.  A record's ``cut_penalty_seat`` with explicit cards says who was charged (the record
decides); with seeded cards the ritual decides and the key, if given, must agree.

>>> from kozyr.cards import format_hand
>>> d = deal_deck(list(range(2, 8)) + list(range(10, 16)) + list(range(18, 24))
...               + list(range(26, 32)), players=3, dealer=0)
>>> format_hand(d.talon)
'AH TH KH'
>>> [format_hand(h) for h in d.hands][1]
'KS 9S KC 9C KD 9D 9H'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from kozyr.cards import JACK, NINE, THOUSAND_DECK, deck_cards, format_hand
from kozyr.core.dealing import (
    BLAKE2B_16,
    Pile,
    drawn_shuffle,
    hashed_shuffle,
    read_piles,
    record_error,
)
from kozyr.core.dealing import hashed_int as hashed_int
from kozyr.games.thousand.cardplay import NINES_MASK, card_points
from kozyr.games.thousand.rules import ThousandRules

DECK_CARDS: tuple[int, ...] = tuple(deck_cards(THOUSAND_DECK))
_BITS: tuple[int, ...] = tuple(1 << c for c in range(32))
_DECK_BITS: tuple[int, ...] = tuple(1 << c for c in DECK_CARDS)  # the deck, as card bits


class DealtCards(NamedTuple):
    """The cards of one deal: a hand per seat (0 for a four-player dealer), talon or piles,
    and the cutter ``cut_ritual`` charged for it (None: nobody)."""

    hands: tuple[int, ...]
    talon: int = 0
    piles: tuple[int, int] = (0, 0)
    cut_penalty_seat: int | None = None

    def to_record(self, players: int) -> dict[str, Any]:
        """Return the record keys of the deal: ``hands`` and ``talon`` (a list of piles for 2),
        and ``cut_penalty_seat`` when the cut ritual charged someone."""
        hands = [format_hand(h) for h in self.hands]
        out: dict[str, Any]
        if players == 2:
            out = {"hands": hands, "talon": [format_hand(p) for p in self.piles]}
        else:
            out = {"hands": hands, "talon": format_hand(self.talon)}
        if self.cut_penalty_seat is not None:
            out["cut_penalty_seat"] = self.cut_penalty_seat
        return out


def active_seats(players: int, dealer: int) -> list[int]:
    """Return the seats that play a deal, clockwise from the dealer's left (4: not the dealer)."""
    seats = [(dealer + 1 + i) % players for i in range(players)]
    return seats[:-1] if players == 4 else seats


_ACTIVE = {n: [active_seats(n, d) for d in range(n)] for n in (2, 3, 4)}
#: ``_SEAT_PICKS[players][dealer]((a, b, c, 0))``: the hands by seat of three hands dealt in
#: the order of ``active_seats`` (0 for a four-player dealer).
_SEAT_PICKS = {n: [itemgetter(*[_ACTIVE[n][d].index(s) if s in _ACTIVE[n][d] else 3
                               for s in range(n)]) for d in range(n)] for n in (3, 4)}
_new_tuple = tuple.__new__


def deal_deck(deck: Sequence[int], players: int, dealer: int) -> DealtCards:
    """Deal ``deck`` (top first) to the seats playing the deal, then the talon or the piles."""
    seats = active_seats(players, dealer)
    k = len(seats)
    n = (10 if players == 2 else 7) * k
    hands = [0] * players
    bits = _BITS
    for i, s in enumerate(seats):
        hands[s] = sum([bits[c] for c in deck[i:n:k]])
    r = deck[n:]
    if players == 2:
        return DealtCards(tuple(hands), 0, (bits[r[0]] | bits[r[1]], bits[r[2]] | bits[r[3]]))
    return DealtCards(tuple(hands), bits[r[0]] | bits[r[1]] | bits[r[2]])


def shuffled_deck(rng: random.Random) -> list[int]:
    """Return the 24 cards shuffled by ``rng`` from their canonical order (a drawn deal)."""
    return drawn_shuffle(DECK_CARDS, rng)


def hashed_deck(key: str) -> list[int]:
    """Return the 24 cards shuffled (Fisher-Yates) by the bits of :func:`hashed_int` ``(key)``.

    :func:`kozyr.core.dealing.hashed_shuffle` of the canonical deck: 128 bits drive the 23
    swaps (24! needs 79.1), so every order is as likely as any other to within 2**-48; three
    times faster than seeding a ``random.Random`` and shuffling.

    >>> hashed_deck("7:0") == hashed_deck("7:0") != hashed_deck("7:1")
    True
    >>> sorted(hashed_deck("x")) == list(DECK_CARDS)
    True
    """
    return hashed_shuffle(DECK_CARDS, key)


def hashed_deal(key: str, players: int, dealer: int) -> DealtCards:
    """Return ``deal_deck(hashed_deck(key), players, dealer)``, faster.

    With three or four players (three hands of 7 and a talon of 3) the shuffle is unrolled and
    each card is dealt as its place in the deck is fixed; two players take the plain path.

    >>> all(hashed_deal(f"7:{i}", p, i % p) == deal_deck(hashed_deck(f"7:{i}"), p, i % p)
    ...     for i in range(50) for p in (2, 3, 4))
    True
    """
    if players == 2:
        return deal_deck(hashed_deck(key), players, dealer)
    a, b, c, talon = _hashed_hands3(key)
    hands = _SEAT_PICKS[players][dealer]((a, b, c, 0))  # each seat's hand, in seat order
    return _new_tuple(DealtCards, (hands, talon, (0, 0), None))  # DealtCards(hands, talon)


def _hashed_hands3(key: str) -> tuple[int, int, int, int]:
    """Return the three hands (in dealing order) and the talon of :func:`hashed_deck` ``(key)``.

    The Fisher-Yates swaps of :func:`hashed_deck`, unrolled: the swap of step ``k`` fixes the
    card at place ``k`` of the deck, which goes to the talon (places 21-23) or to hand
    ``k % 3`` (``a``, ``b``, ``c``); the deck is kept as card bits, added up (each card once,
    so ``+`` is ``|``, and faster).  The digits ``x % (k + 1)`` come from three remainders of
    ``x`` below 2**30 (one-digit ints: fast) instead of the 128-bit number itself.
    """
    h = BLAKE2B_16.copy()  # x = hashed_int(key), inlined
    h.update(key.encode())
    x = int.from_bytes(h.digest(), "little")
    d = list(_DECK_BITS)
    x, r = divmod(x, 96909120)  # 24 * 23 * ... * 19
    j, r = r % 24, r // 24
    t = d[j]
    d[j] = d[23]
    j, r = r % 23, r // 23
    t += d[j]
    d[j] = d[22]
    j, r = r % 22, r // 22
    t += d[j]
    d[j] = d[21]
    j, r = r % 21, r // 21
    c = d[j]
    d[j] = d[20]
    j, r = r % 20, r // 20
    b = d[j]
    d[j] = d[19]
    j, r = r % 19, r // 19
    a = d[j]
    d[j] = d[18]
    x, r = divmod(x, 13366080)  # 18 * 17 * ... * 13
    j, r = r % 18, r // 18
    c += d[j]
    d[j] = d[17]
    j, r = r % 17, r // 17
    b += d[j]
    d[j] = d[16]
    j, r = r % 16, r // 16
    a += d[j]
    d[j] = d[15]
    j, r = r % 15, r // 15
    c += d[j]
    d[j] = d[14]
    j, r = r % 14, r // 14
    b += d[j]
    d[j] = d[13]
    j, r = r % 13, r // 13
    a += d[j]
    d[j] = d[12]
    r = x % 479001600  # 12 * 11 * ... * 2
    j, r = r % 12, r // 12
    c += d[j]
    d[j] = d[11]
    j, r = r % 11, r // 11
    b += d[j]
    d[j] = d[10]
    j, r = r % 10, r // 10
    a += d[j]
    d[j] = d[9]
    j, r = r % 9, r // 9
    c += d[j]
    d[j] = d[8]
    j, r = r % 8, r // 8
    b += d[j]
    d[j] = d[7]
    j, r = r % 7, r // 7
    a += d[j]
    d[j] = d[6]
    j, r = r % 6, r // 6
    c += d[j]
    d[j] = d[5]
    j, r = r % 5, r // 5
    b += d[j]
    d[j] = d[4]
    j, r = r % 4, r // 4
    a += d[j]
    d[j] = d[3]
    j, r = r % 3, r // 3
    c += d[j]
    d[j] = d[2]
    b += d[r]  # place 1 (the last swap, r % 2 == r); place 0 is the other card
    a += d[1 - r]
    return a, b, c, t


def cut(deck: Sequence[int], point: int) -> list[int]:
    """Return ``deck`` cut at ``point``: its top ``point`` cards go to the bottom."""
    return list(deck[point:]) + list(deck[:point])


def _mask(cards: Sequence[int]) -> int:
    h = 0
    for c in cards:
        h |= 1 << c
    return h


def parse_dealt(cards: Any, players: int, dealer: int) -> DealtCards:
    """Read a record's explicit cards; raise RecordError saying what is wrong.

    :func:`kozyr.core.dealing.read_piles` with Thousand's sizes: 7 cards a hand (10 with two
    players, none for a four-player dealer), the talon of 3 or, with two players, a list of
    two piles of 2; only the 24 cards 9 J Q K T A.

    >>> parse_dealt({"hands": ["AS", "", ""], "talon": ""}, 3, 0)
    Traceback (most recent call last):
    kozyr.core.errors.RecordError: Thousand deal, 'hands' seat 0: must hold 7 cards, not 1
    """
    size = 10 if players == 2 else 7
    sizes = [0 if players == 4 and seat == dealer else size for seat in range(players)]
    notes = {dealer: "(the dealer, who sits out)"} if players == 4 else {}
    talon = Pile(piles=(2, 2)) if players == 2 else Pile(3)
    hands, rest = read_piles(cards, "thousand", sizes, {"talon": talon}, deck=THOUSAND_DECK,
                             deck_words="9 J Q K T A", seat_notes=notes,
                             ignore=("cut_penalty_seat",))
    masks = tuple(_mask(h) for h in hands)
    if players == 2:
        a, b = rest["talon"]
        return DealtCards(masks, 0, (_mask(a), _mask(b)))
    return DealtCards(masks, _mask(rest["talon"][0]))


# -- the deal's conventions ----------------------------------------------------------------------
JACKS_MASK = sum(1 << (s * 8 + JACK) for s in range(4))
#: A talon worth fewer card points than this is poor (``redeal_poor_talon``, ``redeal_bad_talon``).
POOR_TALON = 5


def redeal_eligible(hand: int, rules: ThousandRules) -> bool:
    """Return True if ``hand`` may ask for a redeal (§3, §11.3): four nines, fewer card points
    than ``redeal_below``, or with ``redeal_nines_jacks`` three nines or four jacks.

    >>> from kozyr.cards import parse_hand
    >>> r = ThousandRules.from_preset("classic", redeal_nines_jacks=True)
    >>> h = parse_hand("9S 9C 9D AH TH KH QH")
    >>> redeal_eligible(h, r), redeal_eligible(h, ThousandRules.from_preset("classic"))
    (True, False)
    """
    return redeal_reason(hand, rules) is not None


def redeal_reason(hand: int, rules: ThousandRules) -> str | None:
    """Return why ``hand`` may ask for a redeal (the first that holds of ``four_nines``,
    ``few_points``, ``three_nines``, ``four_jacks``: :func:`redeal_eligible`), or None.

    >>> from kozyr.cards import parse_hand
    >>> r = ThousandRules.from_preset("classic", redeal_nines_jacks=True)
    >>> [redeal_reason(parse_hand(h), r) for h in (
    ...     "9S 9C 9D 9H AH TH KH", "9S 9C JS JC QS KS JD", "9S 9C 9D AH TH KH QH",
    ...     "JS JC JD JH 9S QS KD", "AS TS AH TH AD KD QD")]
    ['four_nines', 'few_points', 'three_nines', 'four_jacks', None]
    """
    nines = hand & NINES_MASK
    if nines == NINES_MASK:
        return "four_nines"
    if card_points(hand) < rules.redeal_below:
        return "few_points"
    if rules.redeal_nines_jacks:
        if nines.bit_count() >= 3:
            return "three_nines"
        if hand & JACKS_MASK == JACKS_MASK:
            return "four_jacks"
    return None


def bad_talon(pile: int) -> bool:
    """Return True if ``pile`` (the talon, or the pile two players took) gives the declarer a
    redeal under ``redeal_bad_talon``: fewer than 5 card points, two nines or three jacks.

    >>> from kozyr.cards import parse_hand
    >>> [bad_talon(parse_hand(t)) for t in ("AS 9C 9D", "AS TS 9D", "JS JC JD", "KS QS 9D")]
    [True, False, True, False]
    """
    return (card_points(pile) < POOR_TALON or (pile & NINES_MASK).bit_count() >= 2
            or (pile & JACKS_MASK).bit_count() >= 3)


def cutter(players: int, dealer: int, cut_by: str) -> int:
    """Return who cuts in the cut ritual: the dealer's left (``cut_by`` = ``left``, the first
    seat clockwise) or right (seat dealer - 1); two players: the other player either way.

    >>> cutter(3, 0, "left"), cutter(3, 0, "right"), cutter(4, 0, "right"), cutter(2, 1, "right")
    (1, 2, 3, 0)
    """
    return (dealer + (1 if cut_by == "left" else -1)) % players


def cut_ritual(deck: Sequence[int], rng: random.Random) -> tuple[list[int], bool]:
    """Return the deck after the cut ritual and whether the cutter is charged (§3, §11.3).

    The cutter cuts; a nine at the bottom is shown and he cuts again; at the third nine in a
    row he is charged and the deck is dealt as it lies; a jack at the bottom makes the dealer
    cut once himself.
    """
    nines = 0
    out = list(deck)
    while True:
        out = cut(out, rng.randrange(1, len(out)))
        bottom = out[-1] & 7
        if bottom == NINE:
            nines += 1
            if nines == 3:
                return out, True
            continue
        if bottom == JACK:  # a jack: the dealer cuts once himself
            out = cut(out, rng.randrange(1, len(out)))
        return out, False


def record_cut_penalty(cards: dict[str, Any], rules: ThousandRules, dealer: int) -> int | None:
    """Return a record deal's ``cut_penalty_seat`` (None if absent), checked: legal only with
    ``cut_ritual``, and the seat must be that deal's cutter; else raise RecordError.

    >>> r = ThousandRules.from_preset("classic", cut_ritual=True)
    >>> record_cut_penalty({"cut_penalty_seat": 1}, r, 0)
    1
    >>> record_cut_penalty({"cut_penalty_seat": 2}, r, 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    kozyr.core.errors.RecordError: Thousand deal, 'cut_penalty_seat': seat 2 did not cut ...
    """
    if not isinstance(cards, dict) or "cut_penalty_seat" not in cards:
        return None
    seat = cards["cut_penalty_seat"]
    where = "'cut_penalty_seat'"
    if not rules.cut_ritual:
        raise record_error("thousand", where, "the table has no cut ritual (cut_ritual is off)")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise record_error("thousand", where, f"must be a seat number, not {seat!r}")
    who = cutter(rules.players, dealer, rules.cut_by)
    if seat != who:
        raise record_error("thousand", where, f"seat {seat} did not cut this deal "
                                              f"(seat {who} did)")
    return seat
