"""Debertz card play (rules/debertz.md §5, §6): the legal card, the trick's winner, card points.

Each rule of the play is here once, as a function or a table that the engine, the observer's
samples, the solver, PIMC and the heuristic all read:

- :func:`legal_cards`: follow suit; in trumps overtrump the trick's best trump if you can
  (a partner's too); void, trump (overtrumping a trump already played, unless ``overtrump``
  is ``trump_lead``: then any trump); else any card.
- :func:`trick_winner` / :func:`beats`: the highest trump, else the highest card of the led
  suit; trumps rank J 9 A 10 K Q 8 7 (:data:`TRUMP_STRENGTH`), plain suits A 10 K Q J 9 8 7.
- :data:`CARD_POINTS` / :func:`card_points`: the points of each card under each trump;
  :data:`LAST_TRICK_BONUS` for the last trick, :data:`BELLA_POINTS` for bella.
- :func:`bella_cards`: the king and queen of trump.
- :func:`first_leader`: who leads a deal's first trick (``first_lead``).

>>> from kozyr.cards import parse_card as c, parse_hand, format_hand, HEARTS
>>> format_hand(legal_cards(parse_hand("AH 9H 7S"), HEARTS, HEARTS, c("TH")))
'AH 9H'
>>> format_hand(legal_cards(parse_hand("AS 7D"), HEARTS, HEARTS, c("TH")))
'AS 7D'
>>> format_hand(legal_cards(parse_hand("9H 7H 7D"), 0, HEARTS, c("AH")))
'9H'
>>> format_hand(legal_cards(parse_hand("9H 7H 7D"), 0, HEARTS, c("AH"), "trump_lead"))
'9H 7H'
>>> trick_winner([c("9H"), c("AH"), c("JH")], HEARTS), trick_points([c("9H"), c("JH")], HEARTS)
(2, 34)
"""

from __future__ import annotations

from collections.abc import Sequence

from kozyr.cards import FULL_DECK, KING, QUEEN, SUIT_MASK, Card, Hand
from kozyr.games.tricks import JACK_NINE_TRUMPS, stronger_in_suit
from kozyr.games.tricks import beats as _beats
from kozyr.games.tricks import trick_winner as _trick_winner

#: Trumps' strength by rank, J 9 A 10 K Q 8 7 (plain suits keep the rank order).
TRUMP_STRENGTH: tuple[int, ...] = JACK_NINE_TRUMPS

LAST_TRICK_BONUS = 10
BELLA_POINTS = 20
#: Card points by rank (7 8 9 J Q K 10 A): plain suits, then trumps.
PLAIN_POINTS = (0, 0, 0, 2, 3, 4, 10, 11)
TRUMP_POINTS = (0, 0, 14, 20, 3, 4, 10, 11)

#: Card points of every card for each trump suit: ``CARD_POINTS[trump][card]``.
CARD_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMP_POINTS[c & 7] if c >> 3 == t else PLAIN_POINTS[c & 7] for c in range(32))
    for t in range(4))

#: For each card taken as a trump: the stronger trumps of its suit (J 9 A 10 K Q 8 7).
ABOVE_TRUMP: tuple[Hand, ...] = tuple(
    stronger_in_suit(FULL_DECK, c, c >> 3, JACK_NINE_TRUMPS) for c in range(32))

#: ``BEATEN_BY[trump][card]``: the cards that beat ``card`` as a trick's best so far (a higher
#: card of its suit, any trump over a plain card): :func:`beats` as a table.
BEATEN_BY: tuple[tuple[Hand, ...], ...] = tuple(
    tuple(sum(1 << x for x in range(32) if _beats(x, c, c >> 3, t, JACK_NINE_TRUMPS))
          for c in range(32)) for t in range(4))

#: ``BELLA_CARDS[trump]``: the king and queen of trump, as a hand.
BELLA_CARDS: tuple[Hand, ...] = tuple((1 << (t * 8 + KING)) | (1 << (t * 8 + QUEEN))
                                      for t in range(4))


def card_points(c: Card, trump: int) -> int:
    """Return the points of card ``c`` when ``trump`` is trump.

    >>> from kozyr.cards import parse_card
    >>> card_points(parse_card("JH"), 3), card_points(parse_card("JS"), 3)
    (20, 2)
    """
    return CARD_POINTS[trump][c]


def trick_points(cards: Sequence[Card], trump: int) -> int:
    """Return the card points of a trick's ``cards`` (the last trick's 10 not included)."""
    pts = CARD_POINTS[trump]
    return sum(pts[c] for c in cards)


def bella_cards(trump: int) -> Hand:
    """Return the king and queen of ``trump`` as a hand (bella's two cards)."""
    return BELLA_CARDS[trump]


def may_bella(hand: Hand, trump: int, bella_after_trick: bool, side_has_won: bool) -> bool:
    """Return True if ``hand`` may announce bella with its trump king or queen now.

    It must hold both, and with ``bella_after_trick`` its side must have taken a trick
    (rules/debertz.md); the announcement goes with the first of the two played.

    >>> from kozyr.cards import parse_hand as h
    >>> may_bella(h("KH QH 7S"), 3, False, False), may_bella(h("KH QH"), 3, True, False)
    (True, False)
    """
    kq = BELLA_CARDS[trump]
    return hand & kq == kq and (not bella_after_trick or side_has_won)


#: The values of the ``overtrump`` option (rules/debertz.md §9.5).
OVERTRUMP_ALWAYS = "always"
OVERTRUMP_TRUMP_LEAD = "trump_lead"


def must_overtrump_ruff(overtrump: str) -> bool:
    """Return True if a void player trumping a plain lead must beat a trump already played.

    ``overtrump`` = ``always`` (§5: "or when trumping"); with ``trump_lead`` only a trump lead
    obliges a higher trump (§9.5), and any trump may ruff.
    """
    return overtrump != OVERTRUMP_TRUMP_LEAD


def legal_cards(hand: Hand, led: int, trump: int, best_trump: Card,
                overtrump: str = OVERTRUMP_ALWAYS) -> Hand:
    """Return the cards of ``hand`` that may be played to a trick led in suit ``led``.

    ``best_trump`` is the trick's strongest trump so far (-1 if none).  Follow suit (in trumps,
    above ``best_trump`` if you can); void, trump (above ``best_trump`` if you can, unless
    ``overtrump`` is ``trump_lead``); void of trumps too, any card.  Pass ``led = -1`` for a
    lead: the whole hand.
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[led]
    if follow:
        if led == trump:
            return (follow & ABOVE_TRUMP[best_trump]) or follow
        return follow
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand
    if best_trump < 0 or overtrump == OVERTRUMP_TRUMP_LEAD:
        return trumps
    return (trumps & ABOVE_TRUMP[best_trump]) or trumps


def first_leader(first_lead: str, declarer: int, dealer: int, sides: Sequence[int],
                 previous: Sequence[int] | None) -> int:
    """Return the seat that leads a deal's first trick under the ``first_lead`` option.

    ``declarer`` (§5); ``left_of_dealer``; ``previous_top`` (§9.5, §9.P.1): the side with
    the highest written score in the previous played deal (``previous``, per side; None: no
    such deal), with 4 players that team's partner first clockwise from this deal's dealer's
    left (``sides`` gives each seat's side); no previous deal, or a tie for the highest: the
    declarer.

    >>> first_leader("previous_top", 3, 0, (0, 1, 0, 1), [40, 120])
    1
    >>> first_leader("previous_top", 2, 0, (0, 1, 2), [60, 60, 0]), first_leader(
    ...     "left_of_dealer", 2, 0, (0, 1, 2), None)
    (2, 1)
    """
    n = len(sides)
    if first_lead == "left_of_dealer":
        return (dealer + 1) % n
    if first_lead == "previous_top" and previous:
        top = max(previous)
        tops = [side for side, w in enumerate(previous) if w == top]
        if len(tops) == 1:
            for i in range(1, n + 1):
                seat = (dealer + i) % n
                if sides[seat] == tops[0]:
                    return seat
    return declarer


def beats(c: Card, best: Card, trump: int) -> bool:
    """Return True if ``c`` beats ``best``, the trick's best card so far."""
    return _beats(c, best, best >> 3, trump, JACK_NINE_TRUMPS)


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """Return the index in ``cards`` (in play order) of the card that takes the trick."""
    return _trick_winner(cards, trump, JACK_NINE_TRUMPS)


def stronger_trump(c: Card, best: Card) -> bool:
    """Return True if trump ``c`` is stronger than trump ``best`` (-1: no trump yet)."""
    return best < 0 or bool(ABOVE_TRUMP[best] >> c & 1)
