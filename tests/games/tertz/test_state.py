"""Tertz scenarios with explicit cards: drawing, the swap, both play regimes, combinations,
scoring, the end of the match, dealer rotation, illegal actions and dealing from a record."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from kozyr.cards import HEARTS, hand_of, parse_card, parse_hand
from kozyr.core.errors import IllegalActionError, RecordError
from kozyr.core.match import Match
from kozyr.core.sampling import deal_unseen
from kozyr.games.tertz import TertzMatch, TertzRules
from kozyr.games.tertz.combinations import best_key, find_combinations
from kozyr.games.tertz.state import DECLARE, SWAP7, follow_mask
from kozyr.records import replay_record, write_record

PLAIN = {"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1}
TRUMP = {"J": 20, "9": 13, "A": 11, "T": 10, "K": 3, "Q": 2}

# S7: trump hearts; seat 0 holds no combination and not the seven of trump
S7 = ("AS 9S 7S 7C 9C JD KD TH 8H", "KS QS JS TS 8S 8C TC JC QC",
      "AH AC KC 7D 8D 9D QD TD AD 7H 9H JH QH KH")
# S1: trump hearts (9H turned); seat 0 leads (seat 1 deals)
S1 = ("AS TS KS QS JS AC TC KC QC", "9S 8S 7S JC 9C 8C 7C AD TD",
      "9H 7D 8D 9D JD QD KD 7H 8H JH QH KH TH AH")
# S2: trump hearts (AH turned); seat 0 holds the seven of trump and wins tricks 1-7
S2 = ("7H AS TS KS QS AC TC KC QC", "7S 8S 9S JS 7C 8C 9C JC 7D",
      "AH 8D 9D JD QD KD TD AD 8H 9H JH QH KH TH")
S2_TRICKS = ["AS", "7S", "TS", "8S", "KS", "9S", "QS", "JS", "AC", "7C", "TC", "8C", "KC", "9C"]
# S3: trump diamonds; seat 0 has 9S TS JS, seat 1 four kings
S3 = ("9S TS JS AC TC AH TH 7C 8C", "KS KC KD KH QS QC 7S 8S 9C",
      "7D AS JC 8D 9D JD QD TD AD 7H 8H 9H JH QH")
# S4: trump diamonds; seat 0 has 9S TS JS, seat 1 9C TC JC: equal combinations
S4 = ("AS 9S TS JS 7H KC 7C 8C QH", "AH 8H 9C TC JC 7S 8S AD KH",
      "7D 8D TD QD KD 9D JD KS QS AC QC 9H TH JH")
# S5: trump diamonds; seat 0 holds the trump marriage and no combination, seat 1 JS QS KS
S5 = ("KD QD AS 9S 7C 9H JC 8H TS", "JS QS KS 7D 8D 7H AC KC TH",
      "9D 7S 8S 8C 9C TC QC TD JD AD JH QH KH AH")
# S6: trump diamonds; seat 0 holds QD KD AD: a sequence holding the marriage
S6 = ("QD KD AD 9S 7C JC 8H 9H TS", "JS QS KS 7D 8D 7H AC KC TH",
      "9D 7S 8S AS 8C 9C TC QC TD JD JH QH KH AH")


def new(deal: tuple[str, str, str], *, dealer: int = 1, **options: Any) -> TertzMatch:
    m = TertzMatch(TertzRules.from_preset(**options), first_dealer=dealer)
    m.deal({"hands": [deal[0], deal[1]], "stock": deal[2]})
    return m


def act(m: TertzMatch, *texts: str) -> None:
    for t in texts:
        m.apply(t if t in ("swap7", "declare") else "play " + t)


def hand(m: TertzMatch, seat: int) -> set[str]:
    return set(m.observation(seat)["hand"].split())


def legal_cards(m: TertzMatch) -> set[str]:
    return {t.split()[1] for t in m.legal_texts() if t.startswith("play")}


def card_points(cards: list[str], trump: str) -> int:
    return sum((TRUMP if c[1] == trump else PLAIN).get(c[0], 0) for c in cards)


def trick_winner(lead: str, second: str, trump: str) -> int:
    """Return 0 if the lead takes the trick, 1 if the second card does (§6, independently)."""
    order = "78QKTA9J" if lead[1] == trump else "789JQKTA"
    if second[1] == lead[1]:
        return int(order.index(second[0]) > order.index(lead[0]))
    return int(second[1] == trump)


def finish_deal(m: TertzMatch, avoid: frozenset[str] = frozenset()) -> dict[str, Any]:
    """Play the first legal card (not in ``avoid`` if possible) to the end of the deal.

    Return what the test itself counts from the history: card points with the last trick,
    tricks, the last trick's winner.
    """
    trump = m.observation(None)["trump"]
    index = m.deal_index
    while m.deal_index == index and not m.is_over:
        texts = [t for t in m.legal_texts() if t.startswith("play")]
        m.apply(next((t for t in texts if t.split()[1] not in avoid), texts[0]))
    plays = [(s, t.split()[1]) for s, t in m.observation(None)["history"]
             if t.startswith("play")]
    assert len(plays) == 32
    points, tricks, last = [0, 0], [0, 0], -1
    for i in range(0, 32, 2):
        (leader, lead), (_, second) = plays[i], plays[i + 1]
        last = leader if trick_winner(lead, second, trump) == 0 else 1 - leader
        points[last] += card_points([lead, second], trump)
        tricks[last] += 1
    points[last] += 10
    return {"points": points, "tricks": tricks, "last": last}


def expected_split(points: list[int], tricks: list[int], last: int) -> list[int]:
    """Compute §6's split independently of the engine."""
    counter = (0 if tricks[0] < tricks[1] else 1) if tricks[0] != tricks[1] else 1 - last
    mine = points[counter] // 10 * 10 + (10 if points[counter] % 10 > 5 else 0)
    out = [150 - mine, 150 - mine]
    out[counter] = mine
    return out


def check_row(m: TertzMatch, played: dict[str, Any], combos: list[int]) -> None:
    row = m.sheet[-1]
    split = expected_split(played["points"], played["tricks"], played["last"])
    assert sum(played["points"]) == 150
    assert list(row.points) == [played["points"][i] + combos[i] for i in (0, 1)]
    assert list(row.scores) == [split[i] + combos[i] for i in (0, 1)]
    assert (row.declarer, row.bid, row.contract, row.marks) == (None, None, None, ((), ()))


# -- dealing and drawing -------------------------------------------------------------------
def test_non_dealer_leads_and_the_turned_card_is_trump() -> None:
    m = new(S1, dealer=1)
    obs = m.observation(0)
    assert (obs["to_act"], obs["trump"], obs["turned"], obs["stock_size"]) == (0, "H", "9H", 14)
    assert new(S1, dealer=0).current_player() == 1


def test_drawing_winner_first_in_stock_order() -> None:
    m = new(S1)
    act(m, "AS", "7S")                       # seat 0 wins: he draws 7D, seat 1 8D
    assert "7D" in hand(m, 0) and "8D" in hand(m, 1) and "7D" not in hand(m, 1)
    act(m, "AC", "7C")                       # seat 0 wins: 9D to him, JD to seat 1
    assert "9D" in hand(m, 0) and "JD" in hand(m, 1)
    act(m, "7D", "AD")                       # seat 1 wins: he draws QD first, seat 0 KD
    assert "QD" in hand(m, 1) and "KD" in hand(m, 0)
    assert m.observation(0)["stock_size"] == 8 and m.current_player() == 1


def test_last_card_drawn_is_the_turned_card_by_the_loser_of_trick_7() -> None:
    m = new(S1)
    while sum(m.observation(None)["tricks_won"]) < 7:
        m.apply(m.legal_texts()[0])
    obs = m.observation(None)
    loser = 1 - obs["last_trick"]["winner"]
    assert "9H" in hand(m, loser) and "AH" in hand(m, 1 - loser)
    assert (obs["turned"], obs["stock_size"], obs["hand_sizes"]) == (None, 0, [9, 9])
    assert "9H" in obs["known"][loser].split()


# -- the seven swap -------------------------------------------------------------------------
def test_swap7_takes_the_turned_card_and_the_seven_is_drawn_last() -> None:
    m = new(S2)
    act(m, "swap7")
    obs = m.observation(1)
    assert obs["turned"] == "7H" and obs["known"][0] == "AH"
    assert "AH" in hand(m, 0) and "7H" not in hand(m, 0)
    assert obs["history"] == [[0, "swap7"]]
    act(m, *S2_TRICKS)                       # seat 0 wins tricks 1-7
    assert "7H" in hand(m, 1) and "TH" in hand(m, 0)
    assert m.observation(0)["turned"] is None


def test_swap7_timing() -> None:
    m = new(S2)
    for i in range(0, 12, 2):                # before tricks 1-6: 13 down to 3 beside the turn
        assert "swap7" in m.legal_texts()
        act(m, S2_TRICKS[i], S2_TRICKS[i + 1])
    assert m.current_player() == 0 and "7H" in hand(m, 0)
    assert "swap7" not in m.legal_texts()    # before trick 7: one card beside the turned one
    with pytest.raises(IllegalActionError, match="at least 2 cards remain"):
        m.apply("swap7")


def test_swap7_only_when_leading_and_holding_the_seven() -> None:
    m = new(S2, dealer=0)                    # seat 1 leads, seat 0 holds 7H
    assert "swap7" not in m.legal_texts()
    with pytest.raises(IllegalActionError, match="do not hold the seven of trump"):
        m.apply("swap7")
    act(m, "7S")
    assert "swap7" not in m.legal_texts()
    with pytest.raises(IllegalActionError, match="only when you lead"):
        m.apply("swap7")


# -- obligations ----------------------------------------------------------------------------
@pytest.mark.parametrize(("hand_", "led", "must_beat", "free", "expected"), [
    # while the stock lasts: follow suit, else trump, else any card
    ("KS 7S 9H AD", "QS", False, True, "KS 7S"),
    ("9H 7H AD", "QS", False, True, "9H 7H"),
    ("AD KC", "QS", False, True, "AD KC"),
    ("KS JH AD", "QS", False, True, "KS JH"),          # the trump jack is free...
    ("KS JH AD", "QS", False, False, "KS"),
    ("JH AD KC", "QS", False, True, "JH AD KC"),       # ...and never forced out
    ("JH AD KC", "QS", False, False, "JH"),
    ("JH 8S", "9H", False, True, "JH 8S"),
    ("JH 8S", "9H", False, False, "JH"),
    # from trick 8: beat in the led suit; cannot beat: any of it; void: a trump; else any
    ("KS 8S AD 9H", "QS", True, True, "KS"),
    ("TS 9S", "QS", True, True, "TS"),                 # the ten ranks above the king
    ("8S 7S AD 9H", "QS", True, True, "8S 7S"),
    ("AD 9H 7H", "QS", True, True, "9H 7H"),
    ("AD KC", "QS", True, True, "AD KC"),
    ("9H 7H AS", "AH", True, True, "9H"),              # trumps: J 9 A 10 K Q 8 7
    ("KH 7H AS", "AH", True, True, "KH 7H"),           # no higher trump: any trump
    ("AS KC", "AH", True, True, "AS KC"),
    ("JH KH 7H", "AH", True, True, "JH KH 7H"),
    ("JH KH 7H", "AH", True, False, "JH"),
    ("JH AD", "QS", True, True, "JH AD"),
    ("JH AD", "QS", True, False, "JH"),
])
def test_follow_mask(hand_: str, led: str, must_beat: bool, free: bool, expected: str) -> None:
    got = follow_mask(parse_hand(hand_), parse_card(led), HEARTS, must_beat, free)
    assert got == parse_hand(expected)


def test_follow_suit_while_the_stock_lasts() -> None:
    m = new(S1)
    act(m, "AS")
    assert legal_cards(m) == {"9S", "8S", "7S"}
    with pytest.raises(IllegalActionError, match="must follow suit"):
        m.apply("play AD")


def _s2_after_seven_tricks(**options: Any) -> TertzMatch:
    m = new(S2, **options)
    act(m, *S2_TRICKS)
    assert m.observation(0)["stock_size"] == 0
    # seat 0: 7H QC 8D JD KD AD 9H QH TH; seat 1: JC 7D 9D QD TD 8H JH KH AH
    return m


def test_must_beat_once_the_stock_is_empty() -> None:
    m = _s2_after_seven_tricks()
    probe = m.clone()
    act(probe, "8D")
    assert legal_cards(probe) == {"9D", "QD", "TD", "JH"}   # not the 7D; the jack is free
    with pytest.raises(IllegalActionError, match="must beat the 8D"):
        probe.apply("play 7D")
    probe = m.clone()
    act(probe, "KD")
    assert legal_cards(probe) == {"TD", "JH"}
    strict = _s2_after_seven_tricks(free_trump_jack=False)
    act(strict, "KD")
    assert legal_cards(strict) == {"TD"}


@pytest.mark.parametrize(("free", "expected"), [(True, {"8H", "JH", "KH", "AH"}),
                                                (False, {"JH"})])
def test_trump_led_and_the_free_jack(free: bool, expected: set[str]) -> None:
    m = _s2_after_seven_tricks(free_trump_jack=free)
    act(m, "9H")
    assert legal_cards(m) == expected


# -- combinations ---------------------------------------------------------------------------
def test_declare_and_the_better_answer_is_shown() -> None:
    m = new(S3)
    act(m, "declare")
    obs = m.observation(None)
    assert obs["history"] == [[0, "declare"], [1, "shows KS KC KD KH (100)"]]
    assert obs["combinations"] == [
        [{"kind": "sequence", "cards": "9S TS JS", "value": 20}],
        [{"kind": "four", "cards": "KS KC KD KH", "value": 100}]]
    assert set(obs["known"][1].split()) == {"KS", "KC", "KD", "KH"}
    with pytest.raises(IllegalActionError, match="already shown"):
        m.apply("declare")
    assert m.record_deals()[0]["actions"] == ["declare"]   # the answer is never written
    played = finish_deal(m)
    check_row(m, played, [0, 100])
    assert all("shows" not in a for a in m.record_deals()[0]["actions"])


def test_equal_combinations_go_to_the_earlier_declaration() -> None:
    m = new(S4)
    act(m, "7H")
    assert legal_cards(m) == {"AH", "8H", "KH"}
    assert "declare" not in m.legal_texts()            # not while following
    with pytest.raises(IllegalActionError, match="only when you lead"):
        m.apply("declare")
    act(m, "AH", "declare")                            # seat 1 declares 9C TC JC
    assert m.observation(0)["history"][-1] == [1, "declare"]   # equal: no answer
    act(m, "7S", "AS")
    assert m.current_player() == 0 and "declare" in m.legal_texts()   # seat 0 may still
    act(m, "declare")
    assert m.observation(0)["history"][-1] == [0, "declare"]
    assert [c["cards"] for c in m.observation(1)["combinations"][0]] == ["9S TS JS"]
    check_row(m, finish_deal(m), [0, 20])


def test_marriage_alone_draws_no_answer() -> None:
    m = new(S5)
    act(m, "declare")
    obs = m.observation(1)
    assert obs["history"] == [[0, "declare"]]
    assert obs["combinations"] == [[{"kind": "marriage", "cards": "KD QD", "value": 20}], []]
    with pytest.raises(IllegalActionError, match="nothing to declare"):
        m.apply("declare")
    check_row(m, finish_deal(m), [20, 0])


def test_marriage_inside_a_sequence_scores_both() -> None:
    m = new(S6)
    act(m, "declare")
    obs = m.observation(1)
    assert obs["history"] == [[0, "declare"]]          # JS QS KS is not better than QD KD AD
    assert obs["combinations"][0] == [
        {"kind": "sequence", "cards": "QD KD AD", "value": 20},
        {"kind": "marriage", "cards": "KD QD", "value": 20}]
    check_row(m, finish_deal(m), [40, 0])


def test_marriage_with_fewer_than_nine_cards() -> None:
    m = new(S5)
    while not (m.current_player() == 0 and m.observation(0)["hand_sizes"][0] < 9
               and m.observation(0)["trick"] == []):
        texts = [t for t in m.legal_texts() if t.startswith("play")]
        m.apply(next((t for t in texts if t[5:] not in ("KD", "QD")), texts[0]))
    assert {"KD", "QD"} <= hand(m, 0)
    assert m.why_illegal(DECLARE) is None
    act(m, "declare")
    assert m.observation(0)["combinations"][0][-1]["kind"] == "marriage"


def test_no_combinations_declared_with_eight_cards() -> None:
    m = new(S3)
    while m.observation(0)["hand_sizes"] != [8, 8]:
        texts = [t for t in m.legal_texts() if t.startswith("play")]
        m.apply(texts[0])
    seat = m.current_player()
    assert seat is not None and m.observation(0)["trick"] == []
    why = m.why_illegal(DECLARE)
    assert why is not None and ("9 cards" in why or "already shown" in why)


# -- match end and dealer rotation ----------------------------------------------------------
def _deal_to_last_action() -> tuple[TertzMatch, tuple[int, ...]]:
    """Return S1 one card before its end, and the scores that card gives."""
    m = new(S1)
    while sum(m.observation(None)["tricks_won"]) < 15 or m.observation(None)["trick"] == []:
        m.apply(m.legal_texts()[0])
    probe = m.clone()
    probe.apply(probe.legal_texts()[0])
    return m, probe.sheet[-1].scores


@pytest.mark.parametrize(("before", "winner"), [
    ((400, 400), None),          # nobody reaches 501
    ((510, 300), 0),             # one past
    ((300, 510), 1),
    ((520, 510), 0),             # both past: the higher total
    ((510, 530), 1),
    ((510, 510), None),          # both past and equal: play on
])
def test_match_end(before: tuple[int, int], winner: int | None) -> None:
    m, scores = _deal_to_last_action()
    m._totals = [before[0] - scores[0], before[1] - scores[1]]
    m.apply(m.legal_texts()[0])
    assert m.totals == list(before)
    assert m.winner == winner and m.is_over == (winner is not None)
    assert m.awaiting_deal == (winner is None)
    assert m.phase == ("deal" if winner is None else "over")
    if winner is not None:
        assert m.current_player() is None and m.legal_actions() == []


def test_winner_of_the_last_trick_deals_next() -> None:
    m = new(S1)
    played = finish_deal(m)
    assert m.dealer == played["last"] and m.awaiting_deal and m.deal_index == 1
    m.deal()
    assert m.current_player() == 1 - played["last"]


def test_first_dealer_by_lot_is_deterministic() -> None:
    dealers = {TertzMatch(TertzRules.from_preset(), seed=s).first_dealer for s in range(20)}
    assert dealers == {0, 1}
    assert all(TertzMatch(TertzRules.from_preset(), seed=s).first_dealer ==
               TertzMatch(TertzRules.from_preset(), seed=s).first_dealer for s in range(20))


# -- illegal actions change nothing ---------------------------------------------------------
def _snapshot(m: Match) -> str:
    return json.dumps([m.observation(s) for s in (None, 0, 1)] + [m.record_deals()])


@pytest.mark.parametrize(("text", "message"), [
    ("play AD", "must follow suit"),
    ("play 7H", "do not hold the 7H"),
    ("declare", "only when you lead"),
    ("swap7", "only when you lead"),
    ("play XX", "not a card"),
    ("bid 100", "not a Tertz action"),
    ("", "not a Tertz action"),
])
def test_illegal_actions_raise_and_change_nothing(text: str, message: str) -> None:
    m = new(S1)
    act(m, "AS")
    before = _snapshot(m)
    with pytest.raises(IllegalActionError, match=message):
        m.apply(text)
    assert _snapshot(m) == before


def test_illegal_int_actions() -> None:
    m = new(S7)
    before = _snapshot(m)
    for a in (-1, 34, 99):
        with pytest.raises(IllegalActionError, match="not a Tertz action"):
            m.apply(a)
    with pytest.raises(IllegalActionError, match="nothing to declare"):
        m.apply(DECLARE)
    with pytest.raises(IllegalActionError, match="seven of trump"):
        m.apply(SWAP7)
    assert _snapshot(m) == before


def test_no_action_before_the_deal() -> None:
    m = TertzMatch(TertzRules.from_preset(), seed=1)
    with pytest.raises(IllegalActionError, match="not been dealt"):
        m.apply("play AS")
    assert m.legal_actions() == [] and m.phase == "deal" and m.open_deal() is None


# -- dealing from a record ------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "message"), [
    ({"hands": [S1[0], S1[1]]}, "Tertz deal, 'stock': is missing"),
    ({"hands": S1[0], "stock": S1[2]}, "Tertz deal, 'hands': must be a list of 2"),
    ({"hands": [S1[0], S1[1]], "talon": S1[2]}, "unknown key\\(s\\) talon"),
    ({"hands": [S1[0] + " 9H", S1[1]], "stock": S1[2]},
     "'hands' seat 0: must hold 9 cards, not 10"),
    ({"hands": [S1[0], S1[1]], "stock": S1[2][3:]}, "'stock': must hold 14 cards, not 13"),
    ({"hands": [S1[0], S1[1].replace("9S", "AS")], "stock": S1[2]},
     "'hands' seat 1: AS is dealt twice \\(also in 'hands' seat 0\\)"),
    ({"hands": [S1[0], S1[1]], "stock": S1[2].replace("AH", "ZZ")}, "not a card"),
])
def test_bad_cards_raise_record_error(cards: dict[str, Any], message: str) -> None:
    m = TertzMatch(TertzRules.from_preset(), first_dealer=0)
    with pytest.raises(RecordError, match=message):
        m.deal(cards)
    assert m.awaiting_deal
    m.deal({"hands": [S1[0], S1[1]], "stock": S1[2]})
    with pytest.raises(IllegalActionError, match="no deal is due"):
        m.deal()


def test_record_keeps_the_dealt_cards_and_replays() -> None:
    m = new(S2)
    act(m, "swap7", *S2_TRICKS[:5])
    deal = m.record_deals()[0]
    assert deal["stock"] == S2[2] and deal["hands"] == [
        "AS TS KS QS AC TC KC QC 7H", "JS 9S 8S 7S JC 9C 8C 7C 7D"]
    assert deal["actions"] == ["swap7", *(f"play {c}" for c in S2_TRICKS[:5])]
    again = replay_record(json.loads(json.dumps(write_record(m)))).match
    assert _snapshot(again) == _snapshot(m)
    assert m.open_deal() == {"dealer": 1, "phase": "play", "to_act": 1}


def test_seeded_deals_are_deterministic_and_complete() -> None:
    a, b = (TertzMatch(TertzRules.from_preset(), seed=5) for _ in range(2))
    a.deal()
    b.deal()
    assert a.record_deals() == b.record_deals()
    d = a.record_deals()[0]
    cards = " ".join([*d["hands"], d["stock"]]).split()
    assert len(cards) == 32 and len(set(cards)) == 32


# -- what a seat sees -----------------------------------------------------------------------
def test_observation_per_seat() -> None:
    m = new(S1)
    act(m, "AS")
    spectator, mine, theirs = (m.observation(s) for s in (None, 1, 0))
    assert spectator["hand"] is None and spectator["legal"] == []
    assert mine["legal"] == ["play 7S", "play 8S", "play 9S"] and theirs["legal"] == []
    assert mine["trick"] == [[0, "AS"]] and mine["leader"] == 0
    assert set(mine["hand"].split()) == set(S1[1].split())
    text = json.dumps(theirs)
    assert not any(c in text for c in S1[1].split() + S1[2].split()[1:])


def test_taken_tricks_visible_while_four_cards_remain() -> None:
    m = new(S2)
    for i in range(0, 12, 2):
        act(m, S2_TRICKS[i], S2_TRICKS[i + 1])
        stock = m.observation(1)["stock_size"]
        taken = m.observation(1)["taken"]
        if stock >= 4:
            assert set(taken[0].split()) == set(S2_TRICKS[: i + 2]) and taken[1] == ""
        else:
            assert taken is None
    assert m.observation(0)["stock_size"] == 2 and m.observation(0)["taken"] is None


def test_combinations_count_without_a_trick() -> None:
    # trump hearts (7H turned); seat 1 leads, shows 7 8 9 in three suits and takes no trick
    m = new(("AS TS KS AC TC KC AD TD KD", "7S 8S 9S 7C 8C 9C 7D 8D 9D",
             "7H JH JS 9H QS AH JC TH QC KH JD QH QD 8H"), dealer=0)
    act(m, "declare", "7S", "AS")
    assert m.observation(0)["history"] == [[1, "declare"], [1, "play 7S"], [0, "play AS"]]
    assert len(m.observation(0)["combinations"][1]) == 3
    act(m, "TS", "8S", "KS", "9S", "AC", "7C", "TC", "8C", "KC", "9C", "AD", "7D")
    assert m.observation(1)["hand"] == "QS JS QC JC QD JD 9D 8D 7H"
    act(m, "JH")
    assert legal_cards(m) == {"7H"}
    act(m, "7H", "9H", "JS", "AH", "QS", "TH", "JC", "KH", "QC", "QH", "8D", "8H", "9D",
        "KD", "JD", "TD", "QD")
    assert m.observation(0)["tricks_won"] == [16, 0]
    row = m.sheet[-1]
    assert (row.points, row.scores) == ((150, 60), (150, 60))


def test_resample_forgets_what_the_seat_has_not_seen() -> None:
    m = new(S1)
    act(m, "AS", "7S")
    samples = [m.resample(0, random.Random(r)) for r in range(20)]
    with pytest.raises(RecordError, match="resampled"):
        samples[0].record_deals()
    assert all(s.seed != m.seed for s in samples)        # later deals are not the real ones
    assert all(s._stock[:2] == [-1, -1] for s in samples)  # nor is the opponent's draw
    stocks = [s._stock[2:] for s in samples]
    assert any(st != sorted(st) for st in stocks)          # the stock is shuffled, not sorted
    assert len({tuple(st) for st in stocks}) > 1


def test_resample_respects_what_declaring_told() -> None:
    m = new(S4)
    act(m, "7H", "AH", "declare")           # seat 1 shows 9C TC JC; seat 0 has nothing better
    qc = parse_card("QC")
    trump = parse_card("7D") >> 3

    def best(h: int) -> tuple[int, int, int]:
        return best_key(find_combinations(h, trump))

    for r in range(40):
        mine = m.resample(0, random.Random(r))   # seat 1 holds exactly the 9C TC JC shown
        assert [str(c) for c in find_combinations(mine._hands[1], trump)] == ["9C TC JC (20)"]
        theirs = m.resample(1, random.Random(r))  # seat 0 holds nothing better than it
        assert best(theirs._hands[0]) <= (3, 4, 0)
    # without what the declaration told, the same pools give other hands
    pool = [c for c in range(32) if not (m._hands[0] | m._gone | 1 << m._turned) >> c & 1]
    free = [hand_of(deal_unseen(pool, [9, len(pool) - 9], random.Random(r), limits=[[], []])[0])
            for r in range(40)]
    assert any(h >> qc & 1 for h in free)
    act(m, "7S")
    assert all(not m.resample(0, random.Random(r))._hands[1] >> qc & 1 for r in range(40))
    act(m, "AS")                            # seat 1 draws: what he showed no longer binds
    assert any(m.resample(0, random.Random(r))._hands[1] >> qc & 1 for r in range(40))
