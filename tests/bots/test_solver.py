"""The double-dummy solver against a brute-force minimax written apart from it."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.bots.solver import (
    DECLARE,
    Position,
    SearchTimeout,
    Solver,
    best_moves,
    can_make,
    defender_values,
    move_text,
    move_values,
    solve_exact,
)
from kozyr.cards import ACE, KING, QUEEN, THOUSAND_DECK, cards_of, parse_hand
from kozyr.games.tricks import trick_winner

CARD_POINTS = {2: 0, 3: 2, 4: 3, 5: 4, 6: 10, 7: 11}  # rank -> points (9 J Q K T A)


# -- an independent reference: plain minimax, no pruning, no table -------------------------------
def _legal(pos: dict, seat: int) -> list[tuple[int, bool]]:
    hand = [c for c in pos["hands"][seat]]
    trick = pos["trick"]
    if not trick:
        out = [(c, False) for c in hand]
        if pos["can_declare"]:
            for c in hand:
                s, r = divmod(c, 8)
                if r in (KING, QUEEN) and {s * 8 + KING, s * 8 + QUEEN} <= set(hand) \
                        and pos["mv"][s]:
                    out.append((c, True))
                if r == ACE and pos["ace"] and all(x * 8 + ACE in hand for x in range(4)):
                    out.append((c, True))
        return out
    led = trick[0] // 8
    same = [c for c in hand if c // 8 == led]
    if same:
        if pos["must_beat"]:
            top = max(c for c in trick if c // 8 == led)
            higher = [c for c in same if c > top]
            if higher:
                same = higher
        return [(c, False) for c in same]
    trumps = [c for c in hand if pos["trump"] is not None and c // 8 == pos["trump"]]
    return [(c, False) for c in (trumps or hand)]


def brute(pos: dict) -> int:
    """Return the declarer's final points by exhaustive minimax."""
    n = len(pos["hands"])
    seat = (pos["leader"] + len(pos["trick"])) % n
    if not pos["trick"] and not pos["hands"][pos["leader"]]:
        w = pos["weights"]
        if w is None:
            return pos["points"][pos["declarer"]]
        return sum(a * b for a, b in zip(w, pos["points"], strict=True))
    values = []
    for c, declare in _legal(pos, seat):
        q = {**pos, "hands": [list(h) for h in pos["hands"]], "trick": [*pos["trick"], c],
             "points": list(pos["points"])}
        q["hands"][seat].remove(c)
        if declare:
            q["points"][seat] += pos["ace"] if c % 8 == ACE else pos["mv"][c // 8]
            if not pos["fixed"]:
                q["trump"] = c // 8
        if len(q["trick"]) == n:
            w = (pos["leader"] + trick_winner(q["trick"], q["trump"])) % n
            q["points"][w] += sum(CARD_POINTS[x % 8] for x in q["trick"])
            q["trick"], q["leader"], q["can_declare"] = [], w, True
        values.append(brute(q))
    return max(values) if seat == pos["declarer"] else min(values)


def as_dict(p: Position) -> dict:
    return {"hands": [list(cards_of(h)) for h in p.hands], "trick": list(p.trick),
            "leader": p.leader, "declarer": p.declarer, "trump": p.trump,
            "can_declare": p.can_declare, "mv": p.marriage_values, "ace": p.ace_marriage,
            "must_beat": p.must_beat, "fixed": p.fixed_trump,
            "points": list(p.points or (0,) * len(p.hands)), "weights": p.weights}


@st.composite
def positions(draw: st.DrawFn, max_cards: int = 4) -> Position:
    n = draw(st.sampled_from([3, 3, 2]))
    k = draw(st.integers(1, max_cards))
    rng = random.Random(draw(st.integers(0, 2**32)))
    deck = list(cards_of(THOUSAND_DECK))
    # bias towards marriages and aces: a narrow deck half the time
    if draw(st.booleans()):
        deck = [c for c in deck if c % 8 >= QUEEN or rng.random() < 0.3]
    rng.shuffle(deck)
    played = draw(st.integers(0, n - 1))  # cards already in the current trick
    need = n * k - played
    if len(deck) < need:
        k = 1
        played = 0
        need = n
    cards = deck[:need]
    leader = draw(st.integers(0, n - 1))
    hands = [0] * n
    trick = []
    pos_cards = iter(cards)
    for i in range(n):
        seat = (leader + i) % n
        count = k - 1 if i < played else k
        for _ in range(count):
            hands[seat] |= 1 << next(pos_cards)
    trick_rng_deck = [c for c in cards_of(THOUSAND_DECK) if c not in cards]
    rng.shuffle(trick_rng_deck)
    trump = draw(st.sampled_from([None, 0, 1, 2, 3]))
    trick = trick_rng_deck[:played]
    declarer = draw(st.integers(0, n - 1))
    weights = None
    if draw(st.booleans()):
        w = [0] * n
        w[declarer] = draw(st.integers(1, 4))
        w[(declarer + draw(st.integers(1, n - 1))) % n] = draw(st.integers(0, 1))
        weights = tuple(w)
    return Position(
        hands=tuple(hands), leader=leader, declarer=declarer, weights=weights,
        trick=tuple(trick), trump=trump, can_declare=draw(st.booleans()),
        marriage_values=draw(st.sampled_from([(40, 60, 80, 100), (100, 60, 80, 40)])),
        ace_marriage=draw(st.sampled_from([0, 0, 200])), must_beat=draw(st.booleans()),
        fixed_trump=draw(st.booleans()),
        points=tuple(draw(st.integers(0, 60)) for _ in range(n)))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_exact_matches_brute_force(pos: Position) -> None:
    assert solve_exact(pos) == brute(as_dict(pos))


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 400))
def test_threshold_agrees_with_exact(pos: Position, n: int) -> None:
    assert can_make(pos, n) == (brute(as_dict(pos)) >= n)


@settings(max_examples=100, deadline=None)
@given(positions(max_cards=3))
def test_move_values_are_values_after_the_move(pos: Position) -> None:
    vals = move_values(pos)
    assert vals
    for m, v in vals.items():
        assert v == brute(as_dict(pos.play(m)))
    best = best_moves(pos)
    pick = max if pos.seat_to_move() == pos.declarer else min
    assert {vals[m] for m in best} == {pick(vals.values())}
    assert solve_exact(pos) == pick(vals.values())


@settings(max_examples=60, deadline=None)
@given(positions(max_cards=3), st.integers(0, 150))
def test_threshold_move_values(pos: Position, n: int) -> None:
    exact = move_values(pos)
    assert move_values(pos, threshold=n) == {m: int(v >= n) for m, v in exact.items()}


def test_marriage_declared_by_leader_after_first_trick() -> None:
    # declarer holds KH QH and leads after winning: declaring 100 is worth it
    pos = Position.from_text(["AS KH QH", "9S 9C 9D", "JS JC JD"], leader=0, declarer=0,
                             can_declare=False)
    assert solve_exact(pos) == (11 + 0 + 2) + 100 + (4 + 0 + 2) + (3 + 0 + 2)
    assert DECLARE + parse_hand("KH").bit_length() - 1 not in pos.legal_moves()


def test_marriage_switches_trump_for_its_own_trick() -> None:
    # spades are trump; declaring KH makes hearts trump for this trick, so the defenders'
    # spades no longer ruff it and both hearts take their tricks
    pos = Position.from_text(["KH QH", "AS TS", "AC TC"], leader=0, declarer=0, trump="S")
    vals = move_values(pos)
    kh = next(iter(cards_of(parse_hand("KH"))))
    assert vals[kh + DECLARE] == 100 + (4 + 10 + 10) + (3 + 11 + 11)
    assert vals[kh] < vals[kh + DECLARE]


def test_two_seat_position() -> None:
    pos = Position.from_text(["AS 9S", "TS JS"], leader=1, declarer=0)
    # ducking the JS lead with 9S lets AS take TS: 11 + 10
    assert solve_exact(pos) == brute(as_dict(pos)) == 11 + 10


def test_defender_values_stop_the_contract_first() -> None:
    pos = Position.from_text(["AS TS KS", "QS 9H AH", "JS 9C AC"], leader=1, declarer=0,
                             trump="S")
    vals = defender_values(pos, contract=30)
    exact = move_values(pos)
    assert {m: v[1] for m, v in vals.items()} == exact
    assert all(v[0] == int(exact[m] >= 30) for m, v in vals.items())


def test_solver_reuses_its_table() -> None:
    rng = random.Random(5)
    deck = list(cards_of(THOUSAND_DECK))
    rng.shuffle(deck)
    hands = tuple(sum(1 << c for c in deck[i * 6:(i + 1) * 6]) for i in range(3))
    s = Solver(Position(hands=hands, leader=0, declarer=0, can_declare=False))
    exact = s.exact()
    nodes = s.nodes
    assert s.can_make(exact) and not s.can_make(exact + 1)
    assert s.nodes - nodes < nodes  # answered mostly from the table
    assert move_text(kh_decl()) == "play KH marriage"


def kh_decl() -> int:
    return DECLARE + next(iter(cards_of(parse_hand("KH"))))


# -- merging of sequence cards ---------------------------------------------------------------------
def _values(pos: Position, merge: bool) -> tuple[int, list[bool]]:
    """Return the exact value and the threshold answers around it, merging on or off."""
    s = Solver(pos)
    s.s.merge = merge
    exact = s.exact()
    return exact, [Solver(pos).can_make(exact + d) if merge else _plain(pos, exact + d)
                   for d in (-7, -2, -1, 0, 1, 2, 7)]


def _plain(pos: Position, n: int) -> bool:
    s = Solver(pos)
    s.s.merge = False
    return s.can_make(n)


@settings(max_examples=150, deadline=None)
@given(positions(max_cards=6))
def test_merging_changes_no_value(pos: Position) -> None:
    assert _values(pos, merge=True) == _values(pos, merge=False)


def test_merging_saves_nodes() -> None:
    rng = random.Random(11)
    on = off = 0
    for _ in range(12):
        deck = list(cards_of(THOUSAND_DECK))
        rng.shuffle(deck)
        hands = tuple(sum(1 << c for c in deck[i * 6:(i + 1) * 6]) for i in range(3))
        pos = Position(hands=hands, leader=0, declarer=0, can_declare=False)
        merged, plain = Solver(pos), Solver(pos)
        plain.s.merge = False
        assert merged.exact() == plain.exact()
        on += merged.nodes
        off += plain.nodes
    assert on < off


def test_a_card_that_keeps_a_marriage_is_not_merged() -> None:
    # the declarer may not declare on the first trick: leading the JH keeps KH QH for 100 next
    # trick, leading the QH beside it (1 point apart) does not — they must not be merged
    pos = Position.from_text(["JH QH KH", "9H 9S 9C", "9D JS JC"], leader=0, declarer=0,
                             can_declare=False)
    assert solve_exact(pos) == brute(as_dict(pos)) == 2 + 100 + (4 + 2) + (3 + 2)
    jh, qh = (next(iter(cards_of(parse_hand(c)))) for c in ("JH", "QH"))
    vals = move_values(pos)
    assert vals[jh] - vals[qh] == 100
    assert can_make(pos, 113) and not can_make(pos, 114)


def test_sequence_across_played_cards_and_a_trump_change() -> None:
    # seat 2 holds 9D and QD with the JD gone: a sequence (3 points apart); seat 0 can declare
    # diamonds, which turns the sequence into trumps — values still match the brute force
    pos = Position.from_text(["KD QC AC", "AD TD 9C", "9D QD JC"], leader=1, declarer=0,
                             trump="C")
    assert solve_exact(pos) == brute(as_dict(pos))
    for n in range(0, 140, 7):
        assert can_make(pos, n) == (brute(as_dict(pos)) >= n)


def test_a_passed_deadline_stops_the_search() -> None:
    rng = random.Random(3)
    deck = list(cards_of(THOUSAND_DECK))
    rng.shuffle(deck)
    hands = tuple(sum(1 << c for c in deck[i * 8:(i + 1) * 8]) for i in range(3))
    pos = Position(hands=hands, leader=0, declarer=0, can_declare=False)
    with pytest.raises(SearchTimeout):
        Solver(pos, deadline=time.perf_counter() - 1.0).can_make(100)
    assert Solver(pos).can_make(0)
