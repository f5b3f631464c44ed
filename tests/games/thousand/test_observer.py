"""Thousand observations (what each seat may see) and resample (deals consistent with them)."""

from __future__ import annotations

import json
import random
import types
import typing
from typing import Any

from kozyr.cards import SUIT_MASK, THOUSAND_DECK, cards_of, format_card, parse_hand
from kozyr.games.thousand import ThousandMatch, ThousandRules
from kozyr.games.thousand.observer import ThousandObservation
from tests.games.thousand.fixtures import dealt, play

DEAL_T = {"hands": ["KS QS AS 9H JC 9S TD", "KH QH AH TH 9D JS 9C", "KD QD AD JD KC QC AC"],
          "talon": "TS TC JH"}
TO_PLAY = ["bid 120", "pass", "pass", "give 0 JH", "give 1 TC", "contract 120"]

KEYS = {"game", "rules", "players", "seat", "deal_index", "dealer", "phase", "to_act", "legal",
        "hand", "hand_sizes", "history", "bid", "high_bidder", "passed", "declarer",
        "contract", "talon", "talon_piles", "received", "given", "discards", "trump",
        "marriages", "trick", "leader", "last_trick", "tricks_won", "taken_points", "totals",
        "sheet", "barrel", "bolts", "writeoffs", "winner", "is_over"}


def new(deal: dict[str, Any] | None = DEAL_T, preset: str = "classic",
        **overrides: Any) -> ThousandMatch:
    """Return a match dealt ``deal`` by seat 0."""
    return dealt(deal, preset, 0, **overrides)


def dump(obj: Any) -> str:
    """Return ``obj`` as canonical JSON."""
    return json.dumps(obj, sort_keys=True)


def test_observation_has_every_promised_key_and_is_json() -> None:
    m = new()
    for seat in (None, 0, 1, 2):
        obs = m.observation(seat)
        assert set(obs) >= KEYS
        assert json.loads(json.dumps(obs)) == obs
    obs = m.observation(2)
    assert (obs["game"], obs["seat"], obs["phase"], obs["to_act"]) == ("thousand", 2,
                                                                       "bidding", 2)
    assert obs["hand"] == "AC KC QC AD KD QD JD" and obs["legal"][:2] == ["pass", "bid 105"]
    assert m.observation(0)["legal"] == [] and m.observation(None)["legal"] == []
    assert m.observation(None)["hand"] is None


def test_hidden_cards_never_show() -> None:
    m = new()
    play(m, *TO_PLAY[:4])
    spectator = dump(m.observation(None))
    seat1 = dump(m.observation(1))
    # seat 0's hand and the card given to him are hidden from the others
    for card in ("KS", "QS", "9H", "JH"):
        assert card not in dump(m.observation(None)["history"])
    assert m.observation(None)["history"][-1] == [2, "give 0 ??"]
    assert m.observation(1)["history"][-1] == [2, "give 0 ??"]
    assert m.observation(0)["history"][-1] == [2, "give 0 JH"]
    assert m.observation(0)["received"] == ["JH"] and m.observation(2)["given"] == [[0, "JH"]]
    assert m.observation(1)["given"] == [] and m.observation(1)["received"] == []
    talon = parse_hand("TS TC JH")
    for c in cards_of(THOUSAND_DECK & ~talon):
        assert format_card(c) not in spectator
        if not m._hands[1] >> c & 1:
            assert format_card(c) not in seat1


def test_the_talon_shows_only_once_taken() -> None:
    m = new()
    assert all(m.observation(s)["talon"] is None for s in (None, 0, 1, 2))
    play(m, *TO_PLAY[:3])
    assert all(m.observation(s)["talon"] == "TS TC JH" for s in (None, 0, 1, 2))


def _swap_hidden(deal: dict[str, Any], a: int, b: int) -> dict[str, Any]:
    hands = list(deal["hands"])
    hands[a], hands[b] = hands[b], hands[a]
    return {"hands": hands, "talon": deal["talon"]}


def test_observation_does_not_change_when_others_cards_are_swapped() -> None:
    # seat 0 sees the same whether seats 1 and 2 hold each other's cards, or the talon differs
    swapped = _swap_hidden(DEAL_T, 1, 2)
    a, b = new(), new(swapped)
    assert dump(a.observation(0)) == dump(b.observation(0))
    assert dump(a.observation(None)) == dump(b.observation(None))
    play(a, "pass")
    play(b, "pass")
    assert dump(a.observation(0)) == dump(b.observation(0))
    assert dump(a.observation(1)) != dump(b.observation(1))


def test_resample_keeps_hand_sizes_voids_and_known_cards() -> None:
    m = new()
    play(m, *TO_PLAY, "play AC", "play JC", "play 9C", "play KD marriage", "play TD", "play 9D",
         "play QS marriage", "play JS", "play TS", "play KC", "play 9S")
    # seat 1 to play; seen by seat 1: seat 2 showed no ♠ at trick 3 (he followed with TS: no),
    # seat 0 trumped clubs: he has no ♣; seat 2 holds QC? unknown; seat 0 holds KS (marriage ♠)
    obs = dump(m.observation(1))
    hand1 = m._hands[1]
    for k in range(30):
        r = m.resample(1, random.Random(k))
        assert dump(r.observation(1)) == obs
        assert r._hands[1] == hand1
        assert [h.bit_count() for h in r._hands] == [h.bit_count() for h in m._hands]
        assert not r._hands[0] & SUIT_MASK[1]  # seat 0 showed a ♣ void
        assert r._hands[0] & parse_hand("KS")  # partner of his declared QS marriage
        everything = 0
        for h in r._hands:
            assert not everything & h
            everything |= h
        assert everything == m._hands[0] | m._hands[1] | m._hands[2]


def test_resample_places_a_shown_talon_card_with_declarer_or_as_a_gift() -> None:
    m = new()
    play(m, *TO_PLAY)
    talon = parse_hand("TS TC JH")
    placements = set()
    for k in range(40):
        r = m.resample(1, random.Random(k))
        # TC was given to seat 1 (he sees it); TS and JH are with seat 2 or one went to seat 0
        assert r._hands[1] & parse_hand("TC")
        in_0 = r._hands[0] & talon
        assert in_0.bit_count() <= 1
        gift0 = [c for to, c in r._given if to == 0]
        if in_0:
            assert gift0 == [in_0.bit_length() - 1]
        placements.add(in_0)
        assert r.record_deals()[0]["talon"] == "TS TC JH"
        r.record_deals()  # the rewritten past is a valid record
    assert len(placements) > 1  # both readings occur


def test_resample_is_a_playable_consistent_match() -> None:
    m = new()
    play(m, *TO_PLAY, "play AC")
    for k in range(10):
        r = m.resample(0, random.Random(k))
        rec = r.record_deals()
        replay = ThousandMatch(ThousandRules.from_preset("classic"), seed=3, first_dealer=0)
        replay.deal({"hands": rec[0]["hands"], "talon": rec[0]["talon"]})
        for text in rec[0]["actions"]:
            replay.apply(text)
        for s in (0, 1, 2):
            assert replay._hands[s] == r._hands[s]
        rng = random.Random(k)
        while not r.awaiting_deal:
            r.apply(rng.choice(r.legal_actions()))
        assert len(r.sheet) == 1


def test_resample_depends_only_on_the_observation() -> None:
    m = new()
    play(m, *TO_PLAY, "play AC", "play JC")
    for seat in (0, 1, 2):
        twin = m.resample(seat, random.Random(99))  # the hidden cards redistributed
        assert dump(twin.observation(seat)) == dump(m.observation(seat))
        a = m.resample(seat, random.Random(5))
        b = twin.resample(seat, random.Random(5))
        assert a._hands == b._hands and a.record_deals() == b.record_deals()


def test_two_player_resample_keeps_the_shown_pile_with_declarer_or_discards() -> None:
    two = {"hands": ["AS TS KS QS JS 9S AC TC KC QC", "AH TH KH QH JH 9H AD TD KD QD"],
           "talon": ["JC 9C", "JD 9D"]}
    m = new(two, "two_players")
    play(m, "pass", "take 1", "discard 9D", "discard TH")
    pile = parse_hand("JD 9D")
    for k in range(20):
        r = m.resample(0, random.Random(k))
        assert (r._hands[1] | r._discards) & pile == pile
        assert r._hands[0] == m._hands[0]
        assert not r._piles[0] & pile
        assert r.observation(0) == m.observation(0)
    own = m.resample(1, random.Random(1))
    assert own._discards == m._discards and own._hands[1] == m._hands[1]


def test_blind_forced_bidder_cannot_see_his_cards_and_resample_redeals_them() -> None:
    m = new(blind_bid=True)
    assert m.observation(1)["hand"] is None
    hands = {m.resample(1, random.Random(k))._hands[1] for k in range(10)}
    assert len(hands) > 1


def test_resample_spreads_unseen_cards_in_proportion_to_the_places() -> None:
    m = new()  # bidding: seat 0 has seen only his hand; 7 + 7 + 3 unseen places
    counts = [0, 0, 0]
    ace = parse_hand("AH")
    for k in range(300):
        r = m.resample(0, random.Random(k))
        counts[0 if r._hands[1] & ace else 1 if r._hands[2] & ace else 2] += 1
    assert 70 < counts[0] < 175 and 70 < counts[1] < 175 and 20 < counts[2] < 100


def _json_type_ok(value: Any, hint: Any) -> bool:
    """Return True if ``value`` fits the annotation ``hint`` (the JSON shapes used here)."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return True
    if origin in (types.UnionType, typing.Union):
        return any(_json_type_ok(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(_json_type_ok(v, item) for v in value)
    if origin is dict:
        return isinstance(value, dict)
    if typing.is_typeddict(hint):
        hints = typing.get_type_hints(hint)
        return (isinstance(value, dict) and set(value) == set(hints)
                and all(_json_type_ok(value[k], h) for k, h in hints.items()))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def test_observation_has_exactly_the_typed_keys_with_their_types() -> None:
    hints = typing.get_type_hints(ThousandObservation)
    assert set(hints) == ThousandObservation.__required_keys__
    assert set(hints) >= KEYS
    rng = random.Random(7)
    for preset in ThousandRules.PRESETS:
        m = ThousandMatch(ThousandRules.from_preset(preset, blind_bid=True), seed=11)
        for _ in range(400):
            if m.is_over:
                break
            if m.awaiting_deal:
                m.deal()
            for seat in [None, *range(m.players)]:
                obs = dict(m.observation(seat))
                assert set(obs) == set(hints), preset
                bad = [k for k, h in hints.items() if not _json_type_ok(obs[k], h)]
                assert not bad, (preset, m.phase, bad)
            legal = m.legal_actions()
            if legal:
                m.apply_action(legal[int(rng.random() * len(legal))])
