"""PIMC under §11's options (rules/thousand.md §11): its samples respect every new rule, its
decisions around the auction and the talon are legal and sensible.

- a seat whose own hand is unseen (a standing blind, or the blind for any player before he
  looks) gets its own hand sampled, never shown to it;
- the cards a lead proves missing (``marriage_auto``: a plain K or Q shows its partner is
  not there; strict ace marriage: a non-ace lead shows no ace) are in no sample of that hand
  (Declarations.lead_inference, the engine's one rule);
- the hard bot chooses among the legal actions at every new decision (``look``/``blind``,
  ``buy``/``decline``, ``strikeout``, the declaring leads), and strikes out rather than write
  off when the strike-out costs nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.bots.pimc import PimcBot
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand.actions import parse_action
from kozyr.games.thousand.declarations import Declarations
from kozyr.games.thousand.position import ThousandPosition

D = {"hands": ["AS TS KS QS JS 9S AC", "AH TH KH QH JH 9H TC", "AD TD KD QD JD 9D KC"],
     "talon": "QC JC 9C"}


def _rules(bundle: str, **overrides: Any) -> ThousandRules:
    options = dict(ThousandRules.BUNDLES[bundle])
    return ThousandRules.from_preset(str(options.pop("preset")), **{**options, **overrides})


def test_a_blind_seats_own_hand_is_sampled() -> None:
    m = ThousandMatch(ThousandRules(blind_bid=True, blind_bidders="any"), seed=3,
                      first_dealer=0)
    m.deal(D)
    m.apply("blind")  # the forced bidder, seat 1, bids blind: his cards stay unseen
    assert m.observation(1)["hand"] is None
    rng = random.Random(1)
    seen = {ThousandPosition(m.view(1).sample(rng)).hand(1) for _ in range(12)}
    assert len(seen) > 1  # his own hand is dealt again in each sample
    for _ in range(12):
        p = ThousandPosition(m.view(1).sample(rng))
        assert sum(h.bit_count() for h in p.hands) + p.talon.bit_count() == 24
    # the bid at 120: seat 2 sees his hand at his first turn (no look), so it is never sampled
    assert m.observation(2)["hand"] is not None
    assert {ThousandPosition(m.view(2).sample(rng)).hand(2) for _ in range(6)} == {
        ThousandPosition(m).hand(2)}
    # the blind for any player: after a bid of 100 seat 2 has not looked; his own hand is
    # sampled until he says look
    m = ThousandMatch(ThousandRules(blind_bid=True, blind_bidders="any"), seed=3,
                      first_dealer=0)
    m.deal(D)
    m.apply("bid 100")
    assert m.legal_texts() == ["blind", "look"] and m.observation(2)["hand"] is None
    assert len({ThousandPosition(m.view(2).sample(rng)).hand(2) for _ in range(12)}) > 1
    m.apply("look")
    assert {ThousandPosition(m.view(2).sample(rng)).hand(2) for _ in range(6)} == {
        ThousandPosition(m).hand(2)}


def _plays(m: ThousandMatch) -> list[tuple[int, int]]:
    return [(int(s), parse_action(str(t))) for s, t in m.observation(None)["history"]
            if str(t).startswith("play")]


@pytest.mark.parametrize("bundle", ["tysiac_declarations", "four_players"])
def test_samples_respect_what_the_leads_prove(bundle: str) -> None:
    """Random deals: at every card, every seat's samples keep out of each hand the cards its
    leads prove missing; some lead of the run proves something."""
    rules = _rules(bundle)
    decl = Declarations.of(rules)
    rng = random.Random(bundle)
    proved = 0
    for seed in range(30):
        m = ThousandMatch(rules, seed=seed)
        m.deal()
        while not m.is_over and m.sheet == [] and not m.awaiting_deal:
            if m.phase == "play":
                n = m.players
                trick_size = n - (n == 4)
                p = ThousandPosition(m)
                first_trump = p.trump if rules.declarer_names_trump else -1
                missing = decl.lead_inference(_plays(m), n, trick_size,
                                              -1 if first_trump is None else first_trump)
                if any(missing):
                    proved += 1
                    for viewer in p.play_order:
                        for _ in range(3):
                            q = ThousandPosition(m.view(viewer).sample(rng))
                            for s in range(n):
                                assert not q.hand(s) & missing[s], (seed, viewer, s)
            legal = [a for a in m.legal_actions()
                     if m.action_to_text(a) not in ("writeoff", "strikeout", "redeal")]
            m.apply_action(rng.choice(legal or m.legal_actions()))
    assert proved > 0


def _hard() -> PimcBot:
    return PimcBot(5, time_limit=0.05, max_samples=6, min_samples=2)


def test_hard_looks_declines_and_declares_legally() -> None:
    rules = ThousandRules.from_preset("classic", blind_bid=True, blind_bidders="any",
                                      talon_buying=True, bed_marriage=True, four_nines=200,
                                      marriage_keep_trump=True)
    bot = _hard()
    words = set()
    for seed in range(6):
        m = ThousandMatch(rules, seed=seed)
        while len(m.sheet) < 2 and not m.is_over:
            if m.awaiting_deal:
                m.deal()
                continue
            seat = m.current_player()
            assert seat is not None
            a = bot.act(m.view(seat))
            assert a in m.legal_actions()
            words.add(m.action_to_text(a).split()[0])
            m.apply_action(a)
    assert {"look", "play", "bid"} <= words


def test_hard_strikes_out_a_hopeless_contract() -> None:
    """Seat 1 is left with the forced 100 on a hand that cannot make it: with the strike-out
    on he strikes out (it costs him nothing), the write-off and playing beside it."""
    hopeless = {"hands": ["AS TS KS QS AC TC KC", "9S JS 9C JC QC 9D JD",
                          "AD TD KD QD AH TH KH"], "talon": "9H JH QH"}
    m = ThousandMatch(ThousandRules(allow_strikeout=True, redeal=False), seed=3, first_dealer=0)
    m.deal(hopeless)
    while m.phase == "bidding":
        m.apply("pass")
    assert ThousandPosition(m).declarer == 1
    bot = _hard()
    while not any(t.startswith("contract") for t in m.legal_texts()):  # the two gives
        assert m.current_player() == 1
        m.apply_action(bot.act(m.view(1)))
    assert {"writeoff", "strikeout"} <= set(m.legal_texts())
    assert m.action_to_text(bot.act(m.view(1))) == "strikeout"
