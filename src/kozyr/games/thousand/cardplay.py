"""Thousand's card-play rules, each written once, on card masks (rules/thousand.md §1 and §6).

Every part of kozyr that plays or reasons about Thousand's tricks takes its rule from here: the
engine (:mod:`kozyr.games.thousand.state`, whose hot paths inline these rules but take their
tables from this module), the observer (the cards a seat's play proves it lacks), the opponent
model, the double-dummy solver and the heuristics.  A convention that changes how cards are
played changes this module and nothing else.

Cards are :mod:`kozyr.cards` numbers (``suit * 8 + rank``, ranks 7 8 9 J Q K 10 A = 0..7, so a
higher number in a suit is a stronger card); a set of cards is an int mask (bit ``c``).  A
trump of ``-1`` means no trump.  Nothing here knows about seats' turns or the action encoding:
plays are given as cards, a declared marriage as a flag.

>>> from kozyr.cards import parse_card as c, parse_hand as h, format_hand, SPADES, HEARTS
>>> card_points(h("AS TS KS"))
25
>>> format_hand(legal_follow(h("AS 9S KH"), SPADES, c("KS"), HEARTS, must_beat=True))
'AS'
>>> trick_winner([c("9H"), c("AH"), c("9S")], trump=SPADES)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kozyr.cards import ACE, KING, NINE, QUEEN, SUIT_MASK

# -- card points ------------------------------------------------------------------------------
#: Card points by rank (7 8 9 J Q K 10 A): 9 0, J 2, Q 3, K 4, 10 10, A 11 (7 and 8 are not
#: in the Thousand deck).
RANK_POINTS: tuple[int, ...] = (0, 0, 0, 2, 3, 4, 10, 11)
#: Card points of each card number.
POINTS: tuple[int, ...] = tuple(RANK_POINTS[c & 7] for c in range(32))
#: Card points of each byte of a mask (one suit's ranks; the same for every suit).
BYTE_POINTS: tuple[int, ...] = tuple(sum(RANK_POINTS[r] for r in range(8) if b >> r & 1)
                                     for b in range(256))
#: The points of the whole deck.
DECK_POINTS = 120


def card_points(cards: int) -> int:
    """Return the card points of the mask ``cards`` (a hand, a trick, a pile, the talon).

    >>> from kozyr.cards import parse_hand
    >>> card_points(parse_hand("AS TS KS QS JS 9S AC"))
    41
    """
    bp = BYTE_POINTS
    return bp[cards & 255] + bp[cards >> 8 & 255] + bp[cards >> 16 & 255] + bp[cards >> 24 & 255]


def pile_points(cards: Iterable[int]) -> int:
    """Return the card points of the cards ``cards`` (card numbers, e.g. a trick in play order).

    >>> from kozyr.cards import parse_cards
    >>> pile_points(parse_cards("AH 9H TS"))
    21
    """
    p = POINTS
    return sum(p[c] for c in cards)


# -- masks ------------------------------------------------------------------------------------
#: Cards of the same suit strictly above each card (the cards that beat it in its suit).
ABOVE: tuple[int, ...] = tuple(SUIT_MASK[c >> 3] & ~((2 << c) - 1) for c in range(32))
#: The K+Q of each suit, as a mask.
KQ_MASK: tuple[int, ...] = tuple((1 << (s * 8 + KING)) | (1 << (s * 8 + QUEEN)) for s in range(4))
#: The four aces, the four kings, the four nines.
ACES_MASK = sum(1 << (s * 8 + ACE) for s in range(4))
KINGS_MASK = sum(1 << (s * 8 + KING) for s in range(4))
NINES_MASK = sum(1 << (s * 8 + NINE) for s in range(4))

# -- marriages --------------------------------------------------------------------------------
#: The value of the ace marriage (four aces, ``ace_marriage``).
ACE_MARRIAGE_VALUE = 200


def marriage_kings(hand: int) -> int:
    """Return the kings of ``hand`` whose queen it also holds (one bit per marriage).

    (A queen is the card just below its king: ``hand & hand << 1`` pairs them.)

    >>> from kozyr.cards import parse_hand, format_hand
    >>> format_hand(marriage_kings(parse_hand("KS QS KH JH QD")))
    'KS'
    """
    return hand & (hand << 1) & KINGS_MASK


def marriage_value(c: int, values: Sequence[int]) -> int:
    """Return what declaring the marriage of ``c`` (a king or queen; an ace: the ace
    marriage) scores, ``values`` being the marriage values by suit (S, C, D, H).

    >>> from kozyr.cards import parse_card
    >>> marriage_value(parse_card("QH"), (40, 60, 80, 100)), marriage_value(parse_card("AS"), ())
    (100, 200)
    """
    return ACE_MARRIAGE_VALUE if c & 7 == ACE else values[c >> 3]


def marriages_value(hand: int, values: Sequence[int], ace_marriage: bool) -> int:
    """Return the sum of the marriages ``hand`` holds: each K+Q's value by suit (S, C, D, H),
    plus :data:`ACE_MARRIAGE_VALUE` for four aces if ``ace_marriage``.

    >>> from kozyr.cards import parse_hand
    >>> marriages_value(parse_hand("KS QS KH QH AD"), (40, 60, 80, 100), False)
    140
    """
    total = 0
    kings = hand & (hand << 1) & KINGS_MASK
    while kings:
        k = kings & -kings
        total += values[k.bit_length() >> 3]
        kings ^= k
    if ace_marriage and hand & ACES_MASK == ACES_MASK:
        total += ACE_MARRIAGE_VALUE
    return total


def declarable(hand: int, ace_marriage: bool) -> int:
    """Return the cards of ``hand`` that a leader may lead declaring a marriage (when a
    declaration is allowed at all: a lead, and not the first trick unless
    ``marriage_on_first_trick``): the K and Q of each marriage held, and the four aces if
    ``ace_marriage`` and all four are held.

    >>> from kozyr.cards import parse_hand, format_hand
    >>> format_hand(declarable(parse_hand("KS QS KH AD"), False))
    'KS QS'
    """
    kings = hand & (hand << 1) & KINGS_MASK
    out = kings | kings >> 1
    if ace_marriage and hand & ACES_MASK == ACES_MASK:
        out |= ACES_MASK
    return out


def marriage_partners(c: int) -> int:
    """Return the other cards of the marriage declared by leading ``c`` (the declarer held
    them when he declared): the K or Q of its suit, or the three other aces.

    >>> from kozyr.cards import parse_card, format_hand
    >>> format_hand(marriage_partners(parse_card("KH"))), format_hand(marriage_partners(0o7))
    ('QH', 'AC AD AH')
    """
    if c & 7 == ACE:
        return ACES_MASK & ~(1 << c)
    return KQ_MASK[c >> 3] & ~(1 << c)


# -- following and winning ----------------------------------------------------------------------
def legal_follow(hand: int, led_suit: int, best_led_card: int, trump: int,
                 must_beat: bool) -> int:
    """Return the cards of ``hand`` that may be played to a trick under way (rules §6).

    Follow the led suit; with ``must_beat``, with a card of it above ``best_led_card`` (the
    trick's highest card of the led suit) if the hand holds one.  Without the led suit, play a
    trump (``trump`` >= 0) if held; else any card.  (A lead is free: the whole hand.)

    >>> from kozyr.cards import parse_card as c, parse_hand as h, format_hand as f
    >>> f(legal_follow(h("AS 9S KH"), 0, c("KS"), -1, False))
    'AS 9S'
    >>> f(legal_follow(h("QS 9S KH"), 0, c("KS"), -1, True))  # cannot beat: any spade
    'QS 9S'
    >>> f(legal_follow(h("KH 9H AC"), 0, c("KS"), 3, False))  # no spade: a heart (trump)
    'KH 9H'
    """
    f = hand & SUIT_MASK[led_suit]
    if f:
        if must_beat:
            higher = f & ABOVE[best_led_card]
            if higher:
                return higher
        return f
    if trump >= 0:
        f = hand & SUIT_MASK[trump]
        if f:
            return f
    return hand


def legal_to_trick(hand: int, trick: Sequence[int], trump: int, must_beat: bool) -> int:
    """Return the cards of ``hand`` that may be played to ``trick`` (its cards in play order;
    empty: a lead, the whole hand): :func:`legal_follow` with the led suit and the best card
    of it read off the trick.

    >>> from kozyr.cards import parse_cards, parse_hand, format_hand
    >>> format_hand(legal_to_trick(parse_hand("9S QS AS"), parse_cards("TS KS"), -1, True))
    'AS'
    """
    if not trick:
        return hand
    led = trick[0] >> 3
    best = max(c for c in trick if c >> 3 == led)
    return legal_follow(hand, led, best, trump, must_beat)


def beats(c: int, best: int, trump: int) -> bool:
    """Return True if ``c`` takes the trick from ``best``, the trick's winning card so far:
    a higher card of ``best``'s suit, or a trump over a card that is not one.

    >>> from kozyr.cards import parse_card as c
    >>> beats(c("AH"), c("TH"), -1), beats(c("9S"), c("AH"), 0), beats(c("AC"), c("9H"), 0)
    (True, True, False)
    """
    if c >> 3 == best >> 3:
        return c > best
    return c >> 3 == trump


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Return the index in ``cards`` (a trick in play order) of the card that takes it: the
    highest trump, else the highest card of the led suit.

    >>> from kozyr.cards import parse_cards
    >>> trick_winner(parse_cards("9H AH JH"), -1), trick_winner(parse_cards("9H AH 9D"), 2)
    (1, 2)
    """
    w = 0
    best = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c >> 3 == best >> 3:
            if c > best:
                w, best = i, c
        elif c >> 3 == trump:
            w, best = i, c
    return w


# -- what a play shows ----------------------------------------------------------------------------
def shown_missing(c: int, led_suit: int, best_led_card: int, trump: int, must_beat: bool) -> int:
    """Return the cards a follower proves he does not hold by playing ``c`` to a trick led in
    ``led_suit`` whose highest card of that suit is ``best_led_card`` (the inverse of
    :func:`legal_follow`): off suit, no card of the led suit, and no trump either unless ``c``
    is one; with ``must_beat``, a card of the led suit under ``best_led_card``: none above it.

    >>> from kozyr.cards import parse_card as c, format_hand as f
    >>> shown_missing(c("9H"), 0, c("KS"), 1, False) == SUIT_MASK[0] | SUIT_MASK[1]
    True
    >>> f(shown_missing(c("9S"), 0, c("KS"), 1, True))
    'AS TS'
    """
    s = c >> 3
    if s != led_suit:
        out = SUIT_MASK[led_suit]
        if trump >= 0 and s != trump:
            out |= SUIT_MASK[trump]
        return out
    if must_beat and c < best_led_card:
        return ABOVE[best_led_card]
    return 0


def forbidden_cards(plays: Iterable[tuple[int, int, bool]], seats: int, trick_size: int,
                    must_beat: bool, trump: int = -1, fixed_trump: bool = False) -> list[int]:
    """Return, per seat (``seats`` of them), the cards the deal's plays prove it cannot hold.

    ``plays`` are the deal's cards played so far, in order, as ``(seat, card, declared)``
    (``declared``: led declaring its marriage); tricks hold ``trick_size`` cards (the active
    seats).  ``trump`` is the trump when the first card is led (-1: none yet); unless
    ``fixed_trump`` (501: the declarer named it), a declared marriage makes its suit trump from
    that very trick on.  Each follower's card adds :func:`shown_missing` (the cards are those
    the rule would have forced him to play).

    >>> from kozyr.cards import parse_card as c, HEARTS
    >>> plays = [(0, c("KH"), True), (1, c("9S"), False), (2, c("AH"), False)]
    >>> [m == SUIT_MASK[HEARTS] for m in forbidden_cards(plays, 3, 3, False)]  # hearts: trump
    [False, True, False]
    """
    out = [0] * seats
    n = 0
    led = best_led = -1
    for seat, c, declared in plays:
        if not n:
            if declared and not fixed_trump:
                trump = c >> 3
            led, best_led = c >> 3, c
        else:
            out[seat] |= shown_missing(c, led, best_led, trump, must_beat)
            if c >> 3 == led and c > best_led:
                best_led = c
        n += 1
        if n == trick_size:
            n = 0
    return out


__all__ = [
    "ABOVE", "ACES_MASK", "ACE_MARRIAGE_VALUE", "BYTE_POINTS", "DECK_POINTS", "KINGS_MASK",
    "KQ_MASK", "NINES_MASK", "POINTS", "RANK_POINTS", "beats", "card_points", "declarable",
    "forbidden_cards", "legal_follow", "legal_to_trick", "marriage_kings", "marriage_partners",
    "marriage_value", "marriages_value", "pile_points", "shown_missing", "trick_winner",
]
