"""declarations.py, the one place of §11's declaring leads: the cap, the leads against the engine's
old fast path, what leads show (the observer's samples), and random play with every option on.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.cards import HEARTS, SUIT_MASK, THOUSAND_DECK, parse_card, parse_hand
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import ACES_MASK
from kozyr.games.thousand.declarations import Declarations, hand_cap
from kozyr.games.thousand.observer import _forbidden
from kozyr.games.thousand.position import ThousandPosition
from kozyr.games.thousand.tables import hand_cap as tables_hand_cap
from kozyr.games.thousand.tables import lead_list
from tests.games.thousand.fixtures import dealt, play
from tests.games.thousand.test_declarations import (
    ACES_DEAL,
    BED_DEAL,
    BED_TALON,
    BED_TRICKS,
    STRICT,
    STRICT_TALON,
    STRICT_TRICKS,
    flat,
)


def rules(**overrides: Any) -> ThousandRules:
    return ThousandRules.from_preset("classic", **overrides)


# -- which tables take the new paths --------------------------------------------------------------
@pytest.mark.parametrize("preset", ["classic", "two_players", "four_players", "501", "online"])
def test_the_presets_of_old_keep_the_fast_paths(preset: str) -> None:
    d = Declarations.of(ThousandRules.from_preset(preset))
    assert d.plain and d.plain_cap


def test_tysiac_and_the_options_take_the_declarations_path() -> None:
    assert not Declarations.of(ThousandRules.from_preset("tysiac")).plain
    for opt in ({"bed_marriage": True}, {"four_nines": 200}, {"marriage_keep_trump": True},
                {"marriage_auto": True}, STRICT):
        assert not Declarations.of(rules(**opt)).plain, opt
    # strict needs the ace marriage (§11.P 1): without it, nothing changes
    assert Declarations.of(rules(ace_marriage_rule="strict")).plain
    assert not Declarations.of(rules(ace_marriage=True)).plain_cap


# -- the cap --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "opts", "cap"), [
    ("KH QH KS QS 9C", {}, 260),                                     # 120 + 100 + 40
    ("KH QH JH QS JS", {}, 220),                                     # no bed marriages
    ("KH QH JH QS JS", {"bed_marriage": True}, 240),                 # ♥ 100 (not also 50), ♠ 20
    ("QH JH QD JD QC JC", {"bed_marriage": True}, 240),              # 50 + 40 + 30
    ("9S 9C 9D 9H AS", {"four_nines": 200}, 300),                    # 320, at most 300
    ("9S 9C 9D 9H AS", {"four_nines": 200, "max_bid": 400}, 320),
    ("9S 9C 9D AS", {"four_nines": 360, "max_bid": 600}, 120),       # three nines: nothing
    ("AS AC AD AH QS JS", {"ace_marriage": True, "bed_marriage": True, "max_bid": 500}, 340),
])
def test_the_cap(hand: str, opts: dict[str, Any], cap: int) -> None:
    r = rules(**opts)
    h = parse_hand(hand)
    assert hand_cap(h, r) == tables_hand_cap(h, r) == cap
    m = ThousandMatch(r, seed=0, first_dealer=0)
    assert m.hand_cap(h) == cap  # the engine asks the same function


def test_bed_marriage_values_of_501_are_half_its_marriages() -> None:
    d = Declarations.of(ThousandRules.from_preset("501", bed_marriage=True))
    assert [d.value(A.BED + parse_card(c)) for c in ("QC", "JD", "QS", "JH")] == [10, 20, 30, 40]


# -- the leads ------------------------------------------------------------------------------------
def test_plain_rules_give_the_fast_paths_leads() -> None:
    rng = random.Random(7)
    deck = [c for c in range(32) if THOUSAND_DECK >> c & 1]
    for ace in (False, True):
        d = Declarations.of(rules(ace_marriage=ace))
        for _ in range(400):
            hand = sum(1 << c for c in rng.sample(deck, rng.randrange(1, 11)))
            assert sorted(d.leads(hand, 1, rng.randrange(-1, 4), 0, False, -1)) == sorted(
                lead_list(hand, ace))


def test_strict_holder_leads() -> None:
    d = Declarations.of(rules(**STRICT))
    hand = parse_hand("AS AC KH QH TH KD")
    assert d.allowed(hand, HEARTS, True, HEARTS) == parse_hand("AS AC")  # rule 2
    hand = parse_hand("KH QH TH KD")
    assert d.allowed(hand, HEARTS, True, HEARTS) == parse_hand("KD")  # rule 3
    assert d.allowed(hand, 0, True, HEARTS) == hand  # another trump now: free
    assert d.allowed(parse_hand("KH TH"), HEARTS, True, HEARTS) == parse_hand("KH TH")
    assert d.allowed(hand, HEARTS, False, -1) == hand  # the others lead freely


def test_position_gives_the_engines_leads() -> None:
    m = dealt(ACES_DEAL, **STRICT)
    play(m, *STRICT_TALON, *STRICT_TRICKS[0])
    p = ThousandPosition(m)
    assert p.ace_holder == 1 and p.ace_suit == HEARTS and p.declared_suits == 0
    assert p.leads(1) == m.legal_actions()
    assert m.legal_mask() == parse_hand("AS AC AD")


# -- what leads show ------------------------------------------------------------------------------
def test_lead_inference_strict() -> None:
    d = Declarations.of(rules(**STRICT))
    c = parse_card
    plays = [(1, A.MARRIAGE + c("AH")), (2, c("9H")), (0, c("JH")),
             (1, c("KD")), (2, c("TD")), (0, c("JS")),     # not an ace: he holds none
             (2, c("QC")), (0, c("QS")), (1, c("QH")),
             (1, c("TH"))]                                  # a trump lead: all he holds
    out = d.lead_inference(plays, 3, 3)
    assert out[1] == ACES_MASK | (THOUSAND_DECK & ~SUIT_MASK[HEARTS])
    assert out[0] == out[2] == 0


def test_lead_inference_auto() -> None:
    d = Declarations.of(rules(marriage_auto=True, bed_marriage=True))
    c = parse_card
    first = [(1, c("QH")), (2, c("9D")), (0, c("9S"))]  # the first trick shows nothing
    assert d.lead_inference(first, 3, 3) == [0, 0, 0]
    out = d.lead_inference([*first, (1, c("QS")), (2, c("JD")), (0, c("AS"))], 3, 3)
    assert out[1] == parse_hand("KS JS")  # a plain QS: neither KS nor JS in his hand
    plain = Declarations.of(rules(bed_marriage=True))
    assert plain.lead_inference([*first, (1, c("QS"))], 3, 3) == [0, 0, 0]


def test_the_observer_takes_the_strict_ace_inference() -> None:
    m = dealt(ACES_DEAL, **STRICT)
    play(m, *STRICT_TALON, *flat(STRICT_TRICKS[:6]), "play TH")
    # his trump lead under rule 3 shows every card he holds is a heart
    shown = ACES_MASK | (THOUSAND_DECK & ~SUIT_MASK[HEARTS])
    assert _forbidden(m)[1] & shown == shown
    for i in range(12):
        s = m.resample(0, random.Random(i))
        assert s._hands[1] == parse_hand("KH")
        assert s.observation(0) == m.observation(0)


def test_samples_keep_the_bed_partner() -> None:
    m = dealt(BED_DEAL, bed_marriage=True)
    play(m, *BED_TALON, "contract 120", *BED_TRICKS[0], "play QS bed")
    for i in range(20):  # JS, the bed partner, is known to be seat 1's
        s = m.resample(2, random.Random(i))
        assert s._hands[1] & parse_hand("JS")
        assert s.observation(2) == m.observation(2)


def test_samples_follow_the_auto_inference() -> None:
    m = dealt(BED_DEAL, marriage_auto=True)
    play(m, *BED_TALON, "contract 120", *BED_TRICKS[0], "play QS", "play JD", "play AS")
    assert _forbidden(m)[1] & parse_hand("KS")
    plain = dealt(BED_DEAL)
    play(plain, *BED_TALON, "contract 120", *BED_TRICKS[0], "play QS", "play JD", "play AS")
    assert not _forbidden(plain)[1] & parse_hand("KS")
    held = [m.resample(2, random.Random(i))._hands[1] for i in range(30)]
    assert not any(h & parse_hand("KS") for h in held)  # a plain QS: seat 1 holds no KS


# -- random play with every option on -------------------------------------------------------------
BUNDLES = [
    {"bed_marriage": True, "four_nines": 200, "marriage_keep_trump": True,
     "marriage_auto": True, "ace_marriage": True, "ace_marriage_rule": "strict"},
    {"bed_marriage": True, "four_nines": 360, "marriage_keep_trump": True,
     "marriage_on_first_trick": True, "ace_marriage": True},
    {"preset": "501", "bed_marriage": True, "marriage_keep_trump": True, "marriage_auto": True},
    {"preset": "two_players", "bed_marriage": True, "four_nines": 200, "marriage_auto": True},
    {"preset": "four_players", **STRICT, "marriage_keep_trump": True, "four_nines": 200},
]


@pytest.mark.parametrize("bundle", BUNDLES)
def test_random_play(bundle: dict[str, Any]) -> None:
    opts = dict(bundle)
    preset = opts.pop("preset", "classic")
    rng = random.Random(11)
    declared = 0
    for seed in range(6):
        m = ThousandMatch(ThousandRules.from_preset(preset, **opts), seed=seed, first_dealer=0)
        for _ in range(4):
            if m.is_over:
                break
            m.deal()
            while m.current_player() is not None:
                legal = m.legal_actions()
                assert legal and len(set(legal)) == len(legal)
                if m.phase == "play" and not m.observation(None)["trick"]:
                    cards = 0
                    for a in legal:
                        cards |= 1 << (a & 31)
                    assert cards == m.legal_mask()
                    for a in range(32):  # every other lead is refused with a sentence
                        for base in (0, A.MARRIAGE, A.MARRIAGE_KEEP, A.BED, A.BED_KEEP, A.NINES):
                            if base + a not in legal:
                                assert m.why_illegal(base + a)
                a = legal[int(rng.random() * len(legal))]
                declared += A.MARRIAGE <= a < 64 or A.MARRIAGE_KEEP <= a < A.BID
                c = m.clone()
                m.apply_action(a)
                c.apply(a)
                assert c.observation(None) == m.observation(None)
            points = m.sheet[-1].points
            assert len(points) == m.rules.players
    assert declared  # declarations were played
