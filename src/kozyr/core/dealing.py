"""Dealing shared by every game: the first dealer's lot, seeded shuffles, a deal's piles.

Every game draws its first dealer by lot, shuffles its deck from the match seed (or from a
drawn rng at a live table), and reads a record's explicit cards; each is written here once.
The games differ only in what they pass, kept as they were so that the same seeds give the
same deals and lots:

======== ========================= ========================================================
game     first dealer (lot tag)    seeded deck of deal i
======== ========================= ========================================================
Thousand ``"lot"``                 :func:`hashed_shuffle` of ``"seed:i"`` (BLAKE2b bits)
Debertz  ``"first_dealer"``        :func:`seeded_shuffle` of ``"seed:i"`` (``random.Random``)
Tertz    ``"lot"``                 :func:`seeded_shuffle` of ``"seed:i"`` (``random.Random``)
======== ========================= ========================================================

Record cards (spec/records.md) are read by :func:`read_piles`; every problem it finds raises
one :class:`~kozyr.core.errors.RecordError` in one wording, ``"<Game> deal, <where>: <what is
wrong>"``, where ``<where>`` names the key and, for hands, the seat (``'hands' seat 1``,
``'stock'``, ``'talon' pile 0``).

>>> lot(7, 3, "lot"), lot(7, 3, "first_dealer")
(2, 0)
>>> deck = list(range(8))
>>> shuffle(deck, random.Random(5))
>>> other = list(range(8))
>>> random.Random(5).shuffle(other)
>>> deck == other
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from hashlib import blake2b
from typing import Any, NamedTuple

from kozyr.cards import FULL_DECK, Card, Hand, format_card, parse_cards
from kozyr.core.errors import RecordError

_Random = random.Random


def lot(seed: int, players: int, tag: str) -> int:
    """Return the first dealer drawn by lot: ``random.Random(f"{seed}:{tag}")``'s pick of a seat.

    ``tag`` is the game's own (Thousand and Tertz ``"lot"``, Debertz ``"first_dealer"``).
    """
    return random.Random(f"{seed}:{tag}").randrange(players)


def check_first_dealer(first_dealer: int, players: int) -> int:
    """Return ``first_dealer`` if it is a seat; raise RecordError saying which seats are."""
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not (
            0 <= first_dealer < players):
        raise RecordError(f"first_dealer must be a seat from 0 to {players - 1}, "
                          f"not {first_dealer!r}")
    return first_dealer


def first_dealer_of(seed: int, players: int, tag: str, first_dealer: int | None) -> int:
    """Return ``first_dealer`` checked, or the lot's seat (:func:`lot`) when it is None."""
    if first_dealer is None:
        return lot(seed, players, tag)
    return check_first_dealer(first_dealer, players)


def _unrolled_shuffle(n: int) -> Any:
    """Return ``shuffle`` for ``n`` cards written out step by step (no loop and no bit
    lengths: each step's ``getrandbits`` width and bound are constants)."""
    lines = ["def shuffle_n(cards, getrandbits):"]
    for i in range(n - 1, 0, -1):
        m = i + 1
        k = m.bit_length()
        lines.append(f"    j = getrandbits({k})")
        lines.append(f"    while j >= {m}:")
        lines.append(f"        j = getrandbits({k})")
        lines.append(f"    cards[{i}], cards[j] = cards[j], cards[{i}]")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines) + "\n", namespace)
    return namespace["shuffle_n"]


#: Unrolled shuffles by deck length, compiled when first used (for 16 to 52 cards).
_UNROLLED: dict[int, Any] = {}


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, faster.

    For a plain :class:`random.Random` the draws of ``Random.shuffle`` (Fisher-Yates, each
    index from ``getrandbits`` with rejection) are made inline, with the same results (for
    16 to 52 cards by steps written out, compiled once per length); any other rng (a live
    table's ``SystemRandom``) shuffles by its own method.
    """
    if type(rng) is not _Random:
        rng.shuffle(cards)
        return
    n = len(cards)
    if 16 <= n <= 52:
        unrolled = _UNROLLED.get(n)
        if unrolled is None:
            unrolled = _UNROLLED[n] = _unrolled_shuffle(n)
        unrolled(cards, rng.getrandbits)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def seeded_rng(seed: int, deal_index: int) -> random.Random:
    """Return the rng of deal ``deal_index`` of a match seeded ``seed``: ``Random("seed:i")``."""
    return random.Random(f"{seed}:{deal_index}")


def seeded_shuffle(cards: Sequence[int], seed: int, deal_index: int) -> list[int]:
    """Return ``cards`` shuffled by :func:`seeded_rng` (Debertz's and Tertz's seeded deck).

    The same order as ``seeded_rng(seed, deal_index).shuffle`` (:func:`shuffle`, faster).

    >>> deck = list(range(32))
    >>> seeded_rng(3, 0).shuffle(deck)
    >>> seeded_shuffle(range(32), 3, 0) == deck
    True
    """
    deck = list(cards)
    shuffle(deck, seeded_rng(seed, deal_index))
    return deck


def drawn_shuffle(cards: Sequence[int], rng: random.Random) -> list[int]:
    """Return ``cards`` shuffled by ``rng`` (a drawn deal: the seed is not used)."""
    deck = list(cards)
    shuffle(deck, rng)
    return deck


#: An empty BLAKE2b-128 hash: copying it is cheaper than making one with ``digest_size=16``.
BLAKE2B_16 = blake2b(digest_size=16)


def hashed_int(key: str) -> int:
    """Return 128 pseudo-random bits drawn from ``key`` (BLAKE2b): seeded, fast, portable.

    >>> hashed_int("7:0") == int.from_bytes(blake2b(b"7:0", digest_size=16).digest(), "little")
    True
    """
    h = BLAKE2B_16.copy()
    h.update(key.encode())
    return int.from_bytes(h.digest(), "little")


def hashed_shuffle(cards: Sequence[int], key: str) -> list[int]:
    """Return ``cards`` shuffled (Fisher-Yates) by the bits of :func:`hashed_int` ``(key)``.

    Thousand's seeded deck: 128 bits drive the swaps (24! needs 79.1 of them), so every order
    of 24 cards is as likely as any other to within 2**-48.

    >>> hashed_shuffle(range(5), "x") == hashed_shuffle(range(5), "x") != hashed_shuffle(
    ...     range(5), "y")
    True
    """
    x = hashed_int(key)
    deck = list(cards)
    for k in range(len(deck) - 1, 0, -1):
        j = x % (k + 1)
        x //= k + 1
        deck[k], deck[j] = deck[j], deck[k]
    return deck


# -- a record's cards ------------------------------------------------------------------------
class Pile(NamedTuple):
    """What one key of a record's deal holds: its size, or the sizes of a list of piles.

    ``size`` is a number of cards; ``piles`` (when not empty) says the key is a list of that
    many piles of those sizes instead (Thousand's two-player talon).
    """

    size: int = 0
    piles: tuple[int, ...] = ()


def record_error(game: str, where: str, what: str) -> RecordError:
    """Return the RecordError ``"<Game> deal, <where>: <what>"`` (the one wording of a bad deal)."""
    return RecordError(f"{game.capitalize()} deal, {where}: {what}")


def parse_pile(text: Any, game: str, where: str, size: int, *, deck: Hand = FULL_DECK,
               deck_words: str = "") -> tuple[Card, ...]:
    """Read one pile of a record (a string of cards, order kept); check its cards and size.

    ``deck`` is the game's deck as a mask; a card outside it is refused, ``deck_words`` saying
    which cards the game uses.

    >>> parse_pile("AS KS", "tertz", "'stock'", 2)
    (7, 5)
    >>> parse_pile("AS", "tertz", "'hands' seat 1", 2)
    Traceback (most recent call last):
    kozyr.core.errors.RecordError: Tertz deal, 'hands' seat 1: must hold 2 cards, not 1
    """
    if not isinstance(text, str):
        raise record_error(game, where, f"must be a string of cards like 'AS TS KS', "
                                        f"not {text!r}")
    try:
        cards = parse_cards(text)
    except ValueError as e:
        raise record_error(game, where, str(e)) from None
    for c in cards:
        if not deck >> c & 1:
            raise record_error(game, where, f"{format_card(c)} is not a {game.capitalize()} "
                                            f"card{f' ({deck_words})' if deck_words else ''}")
    if len(cards) != size:
        raise record_error(game, where, f"must hold {size} cards, not {len(cards)}")
    return tuple(cards)


def read_piles(cards: Any, game: str, hand_sizes: Sequence[int], piles: Mapping[str, Pile], *,
               deck: Hand = FULL_DECK, deck_words: str = "",
               seat_notes: Mapping[int, str] | None = None,
               ignore: Sequence[str] = ()) -> tuple[list[tuple[Card, ...]],
                                                     dict[str, list[tuple[Card, ...]]]]:
    """Read a record's explicit cards: ``hands`` (one pile per seat) and the game's ``piles``.

    Return the hands (each in the record's order) and, per pile key, its piles (one, or the
    list's).  Raise RecordError (one wording: :func:`record_error`) for a missing or unknown
    key, a hand list of the wrong length, a bad or foreign card, a pile of the wrong size, a
    card dealt twice.  ``seat_notes`` adds words after a seat (``(the dealer, who sits out)``);
    keys in ``ignore`` are allowed and not read (Debertz's ``actions``).

    >>> hands, rest = read_piles({"hands": ["AS", "KS"], "stock": "QS JS"}, "tertz", (1, 1),
    ...                          {"stock": Pile(2)})
    >>> hands, rest
    ([(7,), (5,)], {'stock': [(4, 3)]})
    >>> read_piles({"hands": ["AS", "KS"], "stock": "QS AS"}, "tertz", (1, 1),
    ...            {"stock": Pile(2)})
    Traceback (most recent call last):
    kozyr.core.errors.RecordError: Tertz deal, 'stock': AS is dealt twice (also in 'hands' seat 0)
    """
    keys = ("hands", *piles)
    words = ", ".join(f"'{k}'" for k in keys)
    if not isinstance(cards, Mapping):
        raise record_error(game, "its cards", f"must be an object with {words}, not {cards!r}")
    unknown = sorted(set(cards) - set(keys) - set(ignore))
    if unknown:
        raise record_error(game, "its keys", f"unknown key(s) {', '.join(unknown)} "
                                             f"(a {game.capitalize()} deal gives {words})")
    for k in keys:
        if k not in cards:
            raise record_error(game, f"'{k}'", f"is missing (a {game.capitalize()} deal "
                                               f"gives {words})")
    n = len(hand_sizes)
    raw = cards["hands"]
    if not isinstance(raw, list) or len(raw) != n:
        given = f"{len(raw)} of them" if isinstance(raw, list) else repr(raw)
        raise record_error(game, "'hands'", f"must be a list of {n} hands, one per seat, "
                                            f"not {given}")
    notes = seat_notes or {}
    placed: list[tuple[str, tuple[Card, ...]]] = []
    hands: list[tuple[Card, ...]] = []
    for seat, text in enumerate(raw):
        where = f"'hands' seat {seat}" + (f" {notes[seat]}" if seat in notes else "")
        hand = parse_pile(text, game, where, hand_sizes[seat], deck=deck, deck_words=deck_words)
        hands.append(hand)
        placed.append((where, hand))
    out: dict[str, list[tuple[Card, ...]]] = {}
    for k, spec in piles.items():
        value = cards[k]
        if spec.piles:
            if not isinstance(value, list) or len(value) != len(spec.piles):
                raise record_error(game, f"'{k}'", f"must be a list of {len(spec.piles)} piles, "
                                                   f"not {value!r}")
            got: list[tuple[Card, ...]] = []
            for i, (text, size) in enumerate(zip(value, spec.piles, strict=True)):
                pile = parse_pile(text, game, f"'{k}' pile {i}", size, deck=deck,
                                  deck_words=deck_words)
                got.append(pile)
                placed.append((f"'{k}' pile {i}", pile))
            out[k] = got
        else:
            pile = parse_pile(value, game, f"'{k}'", spec.size, deck=deck,
                              deck_words=deck_words)
            out[k] = [pile]
            placed.append((f"'{k}'", pile))
    first: dict[Card, str] = {}
    for place, cards_in in placed:
        for c in cards_in:
            if c in first:
                raise record_error(game, place, f"{format_card(c)} is dealt twice "
                                                f"(also in {first[c]})")
            first[c] = place
    return hands, out
