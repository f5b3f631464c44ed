"""The Thousand solver plays by the engine's rules, for every option bundle that changes card play.

Two checks per bundle (every preset, and must_beat / ace_marriage / marriage_on_first_trick
turned on and off; and every option bundle of ``ThousandRules.BUNDLES``: bed marriages, four
nines, ``keep``, ``marriage_auto``, the strict ace marriage, ...), on seeded random positions:

- the solver's legal moves (:meth:`Position.legal_moves`) are the engine's ``legal_actions`` at
  every card of random deals, and the solver's own successor (:meth:`Position.play`: hands,
  trick, leader, trump, declaration right, points) is the engine's position after the card;
- the search's inlined move generation (the hot loop of :mod:`kozyr.bots.solver.search`)
  agrees too: on endgames of a few cards :func:`solve_exact` equals a plain minimax over the
  engine itself (its legal actions, its clones, the points on its score sheet).
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from kozyr.bots.solver import solve_exact
from kozyr.bots.solver.adapter import position_from_match
from kozyr.cards import parse_hand
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand.position import ThousandPosition

#: The options that change how cards are played (besides the player count and 501's trump).
FLAGS = ("must_beat", "ace_marriage", "marriage_on_first_trick")


def _bundles() -> list[tuple[str, dict[str, bool]]]:
    """Return every preset as it is, classic with each combination of the card-play flags, and
    every other preset with each flag flipped."""
    out: list[tuple[str, dict[str, bool]]] = [(p, {}) for p in ThousandRules.PRESETS]
    out += [("classic", dict(zip(FLAGS, bits, strict=True)))
            for bits in product((False, True), repeat=len(FLAGS)) if any(bits)]
    for preset in ThousandRules.PRESETS:
        if preset == "classic":
            continue
        rules = ThousandRules.from_preset(preset)
        out += [(preset, {flag: not getattr(rules, flag)}) for flag in FLAGS]
    return out


def _option_bundles() -> list[tuple[str, dict[str, Any]]]:
    """Return ThousandRules.BUNDLES (§11's options on) as (preset, options)."""
    out = []
    for bundle in ThousandRules.BUNDLES.values():
        options = dict(bundle)
        out.append((str(options.pop("preset")), options))
    return out


BUNDLES: list[tuple[str, dict[str, Any]]] = [*_bundles(), *_option_bundles()]
IDS = [p + "".join(f"-{k}={int(v)}" for k, v in o.items()) for p, o in _bundles()]
IDS += [f"bundle-{name}" for name in ThousandRules.BUNDLES]
#: Concessions and redeals: a random deal must come to its cards.
NOT_PLAYED = ("writeoff", "redeal", "strikeout")


def _seeded(preset: str, options: dict[str, Any]) -> random.Random:
    return random.Random(f"{preset} {sorted(options.items())}")


def _play_phase(rules: ThousandRules, seed: int, rng: random.Random) -> ThousandMatch:
    """Return a match at the first card of a deal, its bidding and talon played at random
    (never a write-off or a redeal: the deal must come to its cards)."""
    m = ThousandMatch(rules, seed=seed)
    while True:
        if m.awaiting_deal:
            m.deal()
            continue
        if m.phase == "play":
            return m
        legal = [a for a in m.legal_actions() if m.action_to_text(a) not in NOT_PLAYED]
        m.apply_action(rng.choice(legal))


@pytest.mark.parametrize(("preset", "options"), BUNDLES, ids=IDS)
def test_legal_moves_and_successors_are_the_engines(preset: str, options: dict[str, Any]) -> None:
    rules = ThousandRules.from_preset(preset, **options)
    rng = _seeded(preset, options)
    positions = 0
    for seed in range(6):
        m = _play_phase(rules, seed, rng)
        deal = m.deal_index
        pos, seats = position_from_match(m)
        while m.deal_index == deal and m.phase == "play":
            assert pos == position_from_match(m)[0]
            assert sorted(pos.legal_moves()) == sorted(m.legal_actions())
            positions += 1
            a = rng.choice(m.legal_actions())
            pos = pos.play(a)
            m.apply_action(a)
        # the last card: the solver's points are the sheet's (cards and the declarations
        # that count; a barrel seat's under barrel_no_marriages are not the solver's to know)
        row = m.sheet[-1]
        if not rules.barrel_no_marriages:
            assert [row.points[s] for s in seats] == list(pos.points)
    assert positions >= 6 * 8


def _engine_value(m: ThousandMatch, declarer: int, deal: int) -> int:
    """Return the declarer's points at the end of ``m``'s deal with best play by both sides,
    by minimax over the engine (no pruning, a clone per move)."""
    if m.deal_index != deal or m.phase != "play":
        return m.sheet[-1].points[declarer]
    values = []
    for a in m.legal_actions():
        c = m.clone()
        c.apply_action(a)
        values.append(_engine_value(c, declarer, deal))
    return max(values) if m.current_player() == declarer else min(values)


def _endgame(rules: ThousandRules, seed: int, rng: random.Random, cards: int) -> ThousandMatch:
    """Return a match in its play phase with at most ``cards`` cards in the hand to play
    (random play before; often in the middle of a trick)."""
    while True:
        m = _play_phase(rules, seed, rng)
        deal = m.deal_index
        while m.deal_index == deal and m.phase == "play":
            p = ThousandPosition(m)
            seat = m.current_player()
            assert seat is not None
            if p.hand(seat).bit_count() <= cards and rng.random() < 0.5:
                return m
            m.apply_action(rng.choice(m.legal_actions()))
        seed += 1000


@pytest.mark.parametrize(("preset", "options"), BUNDLES, ids=IDS)
def test_the_search_plays_by_the_engines_rules(preset: str, options: dict[str, Any]) -> None:
    rules = ThousandRules.from_preset(preset, **options)
    rng = _seeded(preset, options)
    cards = 4 if rules.players == 2 else 3
    for seed in range(8):
        m = _endgame(rules, seed, rng, cards)
        declarer = ThousandPosition(m).declarer
        assert declarer is not None
        pos, _ = position_from_match(m)
        assert solve_exact(pos) == _engine_value(m, declarer, m.deal_index), (
            f"seed {seed}: {_describe(m)}")


def _describe(m: ThousandMatch) -> dict[str, Any]:
    p = ThousandPosition(m)
    from kozyr.cards import format_card, format_hand

    return {"hands": [format_hand(h) for h in p.hands], "trick": [format_card(c) for c in p.trick],
            "trump": p.trump, "leader": p.leader, "declarer": p.declarer}


# -- §11's declarations, on deals made to hold them -----------------------------------------
def _declaring_deal(rng: random.Random, nines: bool) -> dict[str, Any]:
    """Return a three-player deal in which one seat holds the four nines and three aces
    (``nines``), or the four aces; the other cards at random."""
    from kozyr.cards import THOUSAND_DECK, format_hand

    special = parse_hand("9S 9C 9D 9H AS AC AD" if nines else "AS AC AD AH")
    rest = [c for c in range(32) if (THOUSAND_DECK & ~special) >> c & 1]
    rng.shuffle(rest)
    k = 7 - special.bit_count()
    hands = [special | sum(1 << c for c in rest[:k])]
    hands += [sum(1 << c for c in rest[k + 7 * i:k + 7 * i + 7]) for i in range(2)]
    rng.shuffle(hands)
    talon = sum(1 << c for c in rest[k + 14:])
    return {"hands": [format_hand(h) for h in hands], "talon": format_hand(talon)}


DECLARING_BUNDLES = ("declarations", "tysiac_declarations")


@pytest.mark.parametrize("bundle", DECLARING_BUNDLES)
def test_declaring_leads_and_values_are_the_engines(bundle: str) -> None:
    """Bed marriages, four nines, ``keep``, ``marriage_auto`` and the strict ace marriage:
    at every card the solver's moves and successor are the engine's, and on endgames its
    value is the engine's minimax, on deals dealt to hold them (declaring leads preferred)."""
    options = dict(ThousandRules.BUNDLES[bundle])
    rules = ThousandRules.from_preset(str(options.pop("preset")), **options)
    rng = random.Random(bundle)
    seen: set[str] = set()
    endgames = 0
    for seed in range(40):
        m = ThousandMatch(rules, seed=seed, first_dealer=0)
        m.deal(_declaring_deal(rng, seed % 2 == 0))
        while m.phase != "play":
            legal = [a for a in m.legal_actions() if m.action_to_text(a) not in NOT_PLAYED]
            assert m.phase != "over" and legal
            m.apply_action(rng.choice(legal))
        deal = m.deal_index
        pos, seats = position_from_match(m)
        while m.deal_index == deal and m.phase == "play":
            assert pos == position_from_match(m)[0]
            legal = m.legal_actions()
            assert sorted(pos.legal_moves()) == sorted(legal)
            p = ThousandPosition(m)
            if p.ace_holder is not None:
                seen.add("strict holder")
            seat = m.current_player()
            assert seat is not None
            if p.hand(seat).bit_count() <= 3 and not p.trick and endgames < 12:
                endgames += 1
                assert p.declarer is not None
                assert solve_exact(pos) == _engine_value(m, p.declarer, deal), _describe(m)
            declaring = [a for a in legal if a >= 32]
            a = rng.choice(declaring if declaring and rng.random() < 0.8 else legal)
            seen.add(m.action_to_text(a).split(" ", 2)[-1] if a >= 32 else "plain")
            pos = pos.play(a)
            m.apply_action(a)
        row = m.sheet[-1]
        assert [row.points[s] for s in seats] == list(pos.points)
    wanted = {"bed", "nines", "marriage"} | (
        {"bed keep", "marriage keep", "strict holder"} if bundle == "declarations" else set())
    assert wanted <= seen, seen


def _decl_position(hands: list[str], trump: str | None = None, **options: Any) -> Any:
    from kozyr.bots.solver import Position
    from kozyr.games.thousand.declarations import Declarations

    rules = ThousandRules(**options)
    return Position.from_text(hands, leader=0, declarer=0, trump=trump,
                              declarations=Declarations.of(rules),
                              ace_marriage=200 if rules.ace_marriage else 0)


def test_the_solver_values_four_nines_bed_marriages_and_keep() -> None:
    from kozyr.bots.solver import move_text, move_values

    # four nines (200) and nothing else to take: the declaration is all he scores
    pos = _decl_position(["9S 9C 9D 9H", "AS AC AD AH", "TS TC TD TH"], four_nines=200)
    assert solve_exact(pos) == 200
    values = {move_text(m): v for m, v in move_values(pos).items()}
    assert values["play 9S nines"] == 200 and values["play 9S"] == 0
    # a bed marriage names the trump: JH bed (50) makes hearts trump and wins every trick
    pos = _decl_position(["QH JH", "AS TS", "KS 9S"], bed_marriage=True)
    assert solve_exact(pos) == 50 + 2 + 3 + 11 + 10 + 4
    # in suit (keep) the spades stay trump: a heart lead is then taken by the spade ruff
    pos = _decl_position(["KH QH AS", "9S TD AD", "JS KD QD"], trump="S",
                         marriage_keep_trump=True)
    values = {move_text(m): v for m, v in move_values(pos).items()}
    assert values["play QH marriage"] > values["play QH marriage keep"]
    assert solve_exact(pos) == values["play QH marriage"]


def test_the_solver_follows_marriage_auto_and_the_strict_ace_marriage() -> None:
    from kozyr.bots.solver import move_text

    pos = _decl_position(["KH QH 9S", "AS TS KS", "JS QS JC"], marriage_auto=True)
    assert sorted(move_text(m) for m in pos.legal_moves()) == [
        "play 9S", "play KH marriage", "play QH marriage"]
    # strict: the ace marriage at the first lead too; then aces in a row while he holds one
    from dataclasses import replace

    pos = replace(_decl_position(["AS AC AD AH 9S", "KS QS JS TS 9C", "KC QC JC TC 9D"],
                                 ace_marriage=True, ace_marriage_rule="strict"),
                  can_declare=False)
    assert "play AS marriage" in [move_text(m) for m in pos.legal_moves()]
    after = pos.play(next(m for m in pos.legal_moves() if move_text(m) == "play AS marriage"))
    while after.trick:
        after = after.play(after.legal_moves()[0])
    assert after.leader == 0 and after.trump == 0  # AS took the trick; spades are trump
    assert {move_text(m) for m in after.legal_moves()} == {"play AC", "play AD", "play AH"}


@pytest.mark.parametrize("bundle", DECLARING_BUNDLES)
def test_merging_equivalent_cards_changes_no_value(bundle: str) -> None:
    """DeclaringSearch skips equivalent cards (as the fast search does): on positions of
    five cards a hand its values are those of the search without the merging."""
    from kozyr.bots.solver import Solver
    from kozyr.bots.solver.declaring import DeclaringSearch

    options = dict(ThousandRules.BUNDLES[bundle])
    rules = ThousandRules.from_preset(str(options.pop("preset")), **options)
    rng = random.Random(bundle + " merge")
    checked = 0
    for seed in range(12):
        m = _endgame(rules, seed, rng, 5)
        pos, _ = position_from_match(m)
        merged, plain = Solver(pos), Solver(pos)
        if not isinstance(plain.s, DeclaringSearch):
            continue
        plain.s.merge = False
        assert merged.move_values() == plain.move_values(), _describe(m)
        checked += 1
    assert checked >= 3
