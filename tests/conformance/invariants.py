"""What must hold of any match at any moment, whatever the game (OpenSpiel's random-sim checks).

:func:`check_state` asserts that the match's own answers agree with each other: who is to act,
the legal actions, whether a deal is awaited, whether the match is over, the winner, the sheet
and its totals, and every viewer's observation.
"""

from __future__ import annotations

import json

from kozyr.core.match import Match
from kozyr.core.observation import BaseObservation
from tests.conformance.cases import CARD, seats

#: The keys every game's observation holds (kozyr.core.observation).
SHARED_KEYS = frozenset(BaseObservation.__required_keys__)


def _seat_list(winner: int | list[int] | None) -> list[int]:
    if winner is None:
        return []
    return list(winner) if isinstance(winner, list) else [winner]


def check_lifecycle(m: Match) -> None:
    """Assert that to-act, legal actions, awaiting a deal, over and winner agree."""
    n = m.players
    assert n >= 2
    assert 0 <= m.dealer < n
    assert m.deal_index >= 0
    to_act = m.current_player()
    legal = m.legal_actions()
    if m.is_over:
        assert not m.awaiting_deal
        assert to_act is None and legal == [] and m.phase == "over"
        winners = _seat_list(m.winner)
        assert winners, "a match that is over has a winner"
        assert all(isinstance(w, int) and 0 <= w < n for w in winners)
        assert len(set(winners)) == len(winners)
        assert m.open_deal() is None
    elif m.awaiting_deal:
        assert to_act is None and legal == [] and m.phase == "deal"
        assert m.winner is None, "a winner only when the match is over"
        assert m.open_deal() is None
    else:
        assert to_act is not None and 0 <= to_act < n
        assert legal, "the seat to act always has a legal action"
        assert all(type(a) is int for a in legal)
        assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
        assert m.phase not in ("deal", "over")
        assert m.winner is None, "a winner only when the match is over"
        assert m.open_deal() == {"dealer": m.dealer, "phase": m.phase, "to_act": to_act}
        texts = m.legal_texts()
        assert len(set(texts)) == len(texts), f"two legal actions read alike: {texts}"
        assert [m.parse_action(t) for t in texts] == legal, "legal texts parse back"


def check_sheet(m: Match) -> None:
    """Assert that the sheet's rows add up, that ``totals`` is its last line, one row a deal."""
    n = m.players
    running = [0] * n
    for row in m.sheet:
        assert 0 <= row.dealer < n
        assert row.declarer is None or 0 <= row.declarer < n
        assert len(row.points) == len(row.scores) == len(row.totals) == len(row.marks) == n
        running = [t + s for t, s in zip(running, row.scores, strict=True)]
        assert list(row.totals) == running, "each row's totals are the running sums of scores"
    assert list(m.totals) == running, "totals are the sheet's last line"
    assert len(m.sheet) == m.deal_index, "one sheet row per finished deal"
    open_deal = 0 if m.is_over or m.awaiting_deal else 1
    assert len(m.record_deals()) == m.deal_index + open_deal, "one record deal per deal"


def check_observations(m: Match) -> None:
    """Assert that every viewer's observation is JSON data and agrees with the match."""
    to_act = m.current_player()
    legal_texts = m.legal_texts()
    sheet = [row.to_json() for row in m.sheet]
    for s in seats(m):
        obs = m.observation(s)
        assert json.loads(json.dumps(obs)) == obs, "an observation is JSON data"
        missing = SHARED_KEYS - set(obs)
        assert not missing, f"observation for {s} lacks the shared keys {sorted(missing)}"
        assert obs["game"] == m.GAME and obs["players"] == m.players and obs["seat"] == s
        assert obs["deal_index"] == m.deal_index and obs["dealer"] == m.dealer
        assert obs["phase"] == m.phase and obs["to_act"] == to_act
        assert obs["is_over"] == m.is_over
        assert obs["totals"] == list(m.totals) and obs["sheet"] == sheet
        assert obs["legal"] == (legal_texts if s is not None and s == to_act else [])
        assert len(obs["hand_sizes"]) == m.players
        assert all(isinstance(k, int) and k >= 0 for k in obs["hand_sizes"])
        if s is None:
            assert obs["hand"] is None, "a spectator holds no hand"
        elif obs["hand"] is not None:
            hand = CARD.findall(obs["hand"])
            assert len(hand) == obs["hand_sizes"][s], "a seat's hand has its hand size"
            assert " ".join(hand) == obs["hand"].strip(), "a hand is cards in record notation"
        for entry in obs["history"]:
            assert len(entry) == 2 and 0 <= entry[0] < m.players and isinstance(entry[1], str)
        _check_trick(obs["trick"], m.players, obs["leader"])
        last = obs["last_trick"]
        if last is not None:
            assert set(last) == {"cards", "winner"}, "last_trick is {cards, winner}"
            _check_trick(last["cards"], m.players, last["cards"][0][0] if last["cards"] else None)
            assert last["winner"] in [seat for seat, _ in last["cards"]]


def _check_trick(trick: list[list[object]], players: int, leader: object) -> None:
    """Assert a trick is ``[seat, card]`` pairs in play order from its leader (every game)."""
    seats_ = [entry[0] for entry in trick]
    assert all(len(entry) == 2 and isinstance(entry[1], str) and CARD.fullmatch(entry[1])
               for entry in trick), f"a trick is [seat, card] pairs: {trick}"
    assert len(set(seats_)) == len(seats_) and all(
        isinstance(x, int) and 0 <= x < players for x in seats_), f"trick seats: {trick}"
    if trick:
        assert seats_[0] == leader, f"a trick starts with its leader's card: {trick}"


def check_state(m: Match) -> None:
    """Assert every invariant above."""
    check_lifecycle(m)
    check_sheet(m)
    check_observations(m)
