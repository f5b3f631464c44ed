"""Core dealing: the lot, the seeded and drawn shuffles, and reading a deal's piles."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.cards import THOUSAND_DECK, parse_cards
from kozyr.core.dealing import (
    Pile,
    check_first_dealer,
    drawn_shuffle,
    first_dealer_of,
    hashed_int,
    hashed_shuffle,
    lot,
    read_piles,
    seeded_rng,
    seeded_shuffle,
    shuffle,
)
from kozyr.core.errors import RecordError


def test_the_lot_is_random_Random_of_seed_and_tag() -> None:
    for seed in range(50):
        for n in (2, 3, 4):
            assert lot(seed, n, "lot") == random.Random(f"{seed}:lot").randrange(n)
            assert lot(seed, n, "first_dealer") == random.Random(
                f"{seed}:first_dealer").randrange(n)
    assert {lot(s, 3, "lot") for s in range(40)} == {0, 1, 2}


def test_first_dealer_given_is_checked() -> None:
    assert first_dealer_of(5, 3, "lot", 2) == 2
    assert first_dealer_of(5, 3, "lot", None) == lot(5, 3, "lot")
    for bad in (3, -1, True, "1"):
        with pytest.raises(RecordError, match="first_dealer must be a seat from 0 to 2"):
            check_first_dealer(bad, 3)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 40))
def test_shuffle_is_random_shuffle(seed: int, n: int) -> None:
    a, b = list(range(n)), list(range(n))
    shuffle(a, random.Random(seed))
    random.Random(seed).shuffle(b)
    assert a == b
    rng1, rng2 = random.Random(seed), random.Random(seed)
    shuffle([0] * n, rng1)
    rng2.shuffle([0] * n)
    assert rng1.random() == rng2.random()  # the rng is left where Random.shuffle leaves it


def test_seeded_shuffle_is_the_seeded_rng_shuffling() -> None:
    for seed in (0, 7, 2**40):
        for i in range(4):
            deck = list(range(32))
            seeded_rng(seed, i).shuffle(deck)
            assert seeded_shuffle(range(32), seed, i) == deck
    assert seeded_shuffle(range(32), 1, 0) != seeded_shuffle(range(32), 1, 1)


def test_drawn_shuffle_uses_any_rng() -> None:
    rng = random.SystemRandom()
    assert sorted(drawn_shuffle(range(32), rng)) == list(range(32))
    assert drawn_shuffle(range(10), random.Random(3)) == drawn_shuffle(range(10), random.Random(3))


def test_hashed_shuffle_is_fisher_yates_on_blake2b_bits() -> None:
    x = hashed_int("7:0")
    deck = list(range(24))
    for k in range(23, 0, -1):
        j = x % (k + 1)
        x //= k + 1
        deck[k], deck[j] = deck[j], deck[k]
    assert hashed_shuffle(range(24), "7:0") == deck


SPEC = {"stock": Pile(2)}


def _read(cards: object, sizes: tuple[int, ...] = (2, 2), **kw: object) -> object:
    return read_piles(cards, "tertz", sizes, SPEC, **kw)  # type: ignore[arg-type]


def test_piles_keep_the_record_order() -> None:
    hands, rest = _read({"hands": ["KS AS", "QS JS"], "stock": "TS 9S"})
    assert hands == [tuple(parse_cards("KS AS")), tuple(parse_cards("QS JS"))]
    assert rest == {"stock": [tuple(parse_cards("TS 9S"))]}


@pytest.mark.parametrize(("cards", "message"), [
    ("x", "Tertz deal, its cards: must be an object with 'hands', 'stock'"),
    ({"hands": ["AS KS", "QS JS"]}, "Tertz deal, 'stock': is missing"),
    ({"hands": ["AS KS", "QS JS"], "stock": "TS 9S", "talon": ""},
     r"Tertz deal, its keys: unknown key\(s\) talon"),
    ({"hands": ["AS KS"], "stock": "TS 9S"},
     "Tertz deal, 'hands': must be a list of 2 hands, one per seat, not 1 of them"),
    ({"hands": "AS KS", "stock": "TS 9S"}, "Tertz deal, 'hands': must be a list of 2 hands"),
    ({"hands": ["AS KS", ["QS", "JS"]], "stock": "TS 9S"},
     "Tertz deal, 'hands' seat 1: must be a string of cards"),
    ({"hands": ["AS KS", "QS"], "stock": "TS 9S"},
     "Tertz deal, 'hands' seat 1: must hold 2 cards, not 1"),
    ({"hands": ["AS KS", "QS XX"], "stock": "TS 9S"},
     "Tertz deal, 'hands' seat 1: not a card: 'XX'"),
    ({"hands": ["AS AS", "QS JS"], "stock": "TS 9S"},
     "Tertz deal, 'hands' seat 0: card AS is listed twice"),
    ({"hands": ["AS KS", "QS JS"], "stock": "TS KS"},
     r"Tertz deal, 'stock': KS is dealt twice \(also in 'hands' seat 0\)"),
])
def test_bad_piles_say_which_key_seat_or_card(cards: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        _read(cards)


def test_pile_lists_deck_and_seat_notes() -> None:
    spec = {"talon": Pile(piles=(1, 1))}
    _, rest = read_piles({"hands": ["AS", ""], "talon": ["KS", "QS"]}, "thousand", (1, 0),
                         spec, seat_notes={1: "(the dealer, who sits out)"})
    assert rest["talon"] == [tuple(parse_cards("KS")), tuple(parse_cards("QS"))]
    with pytest.raises(RecordError, match=r"'hands' seat 1 \(the dealer, who sits out\): "
                                          "must hold 0 cards, not 1"):
        read_piles({"hands": ["AS", "TS"], "talon": ["KS", "QS"]}, "thousand", (1, 0), spec,
                   seat_notes={1: "(the dealer, who sits out)"})
    with pytest.raises(RecordError, match="'talon': must be a list of 2 piles"):
        read_piles({"hands": ["AS", ""], "talon": "KS QS"}, "thousand", (1, 0), spec)
    with pytest.raises(RecordError, match=r"'talon' pile 1: 8S is not a Thousand card "
                                          r"\(9 J Q K T A\)"):
        read_piles({"hands": ["AS", ""], "talon": ["KS", "8S"]}, "thousand", (1, 0), spec,
                   deck=THOUSAND_DECK, deck_words="9 J Q K T A")


def test_ignored_keys_are_allowed() -> None:
    hands, _ = _read({"hands": ["AS KS", "QS JS"], "stock": "TS 9S", "actions": []},
                     ignore=("actions",))
    assert len(hands) == 2
