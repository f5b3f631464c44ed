"""Why a Debertz action is not legal now: the sentences of ``why_illegal``, in the game's words.

Only the checked path (:meth:`kozyr.core.match.Match.check`) asks; the engine's legal list
(:meth:`kozyr.games.debertz.state.DebertzState.legal_actions`) decides, and these functions
say why an action is not in it.
"""

from __future__ import annotations

from typing import Any

from kozyr.cards import (
    KING,
    QUEEN,
    SEVEN,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
    Card,
    Hand,
    format_card,
    format_cards,
)
from kozyr.cards import card as card_of
from kozyr.games.debertz.actions import (
    ACCEPT,
    BELLA,
    BIDDING,
    DECLARE,
    N_ACTIONS,
    PASS,
    PLAY,
    SWAP7,
    TRUMP,
)
from kozyr.games.debertz.cardplay import may_bella
from kozyr.games.debertz.state import DebertzState


def why_illegal(m: DebertzState, action: int) -> str | None:
    """Return None if ``action`` is legal now, else a sentence saying why it is not."""
    if not 0 <= action < N_ACTIONS:
        return f"there is no Debertz action number {action}"
    phase = m._phase
    if phase is not BIDDING and phase is not PLAY:
        return "the match is over" if m._over else "the cards have not been dealt"
    if action in m.legal_actions():
        return None
    seat = m._to_act
    if phase is BIDDING:
        return _why_not_bid(m, action)
    if action in (ACCEPT, PASS) or TRUMP <= action < SWAP7:
        return "the bidding is over: play a card"
    hand = m._hands[seat]
    if action == SWAP7:
        return _why_not_swap(m, seat, hand)
    if action == DECLARE:
        if m._trick_no:
            return "melds are declared in the first trick only"
        if m._declared[seat]:
            return "you have already declared your melds"
        return "you hold no meld (three or more cards in sequence in one suit)"
    c = action & 31
    name = format_card(c)
    if not hand >> c & 1:
        return f"you do not hold {name}"
    if action >= BELLA:
        trump = m._trump
        if c >> 3 != trump or c & 7 not in (KING, QUEEN):
            return "bella is the king and queen of trump: announce it with one of them"
        other = card_of(trump, KING + QUEEN - (c & 7))
        if not hand >> other & 1:
            return (f"bella needs both: you no longer hold {format_card(other)}")
        if not may_bella(hand, trump, m.rules.bella_after_trick,
                         m._side_won[m._side[seat]] > 0):
            return "bella may be announced only after your side has won a trick"
    return _why_not_card(m, seat, hand, c)


def _why_not_bid(m: DebertzState, action: int) -> str:
    turned = SUIT_LETTERS[m._turned >> 3]
    if action < ACCEPT or action in (SWAP7, DECLARE):
        return "the bidding is under way: " + (
            "accept the turned suit or pass" if m._round == 1
            else "name a trump with 'trump S' or pass")
    if action == ACCEPT:
        return (f"round 2: the turned suit {turned} was refused; name another suit "
                "with 'trump S' or pass")
    if action == PASS:
        return "with obligation the dealer, last in round 2, must name a trump"
    if m._round == 1:
        return "round 1: accept the turned suit or pass; naming a suit comes in round 2"
    return f"{turned} was turned and refused in round 1: name another suit"


def _why_not_swap(m: DebertzState, seat: int, hand: Hand) -> str:
    if not m.rules.seven_swap or m._teams:
        return "the seven swap is not played at this table"
    if m._trump != m._turned >> 3:
        return "the seven swap is possible only when the turned suit is trump"
    if m._swapper >= 0:
        return "the turned card has already been swapped"
    if m._trick_no:
        return "the seven may be swapped only before your first card"
    if m._declared[seat]:
        return "the seven must be swapped before you declare"
    return f"you do not hold the seven of trump ({format_card(m._trump * 8 + SEVEN)})"


def _why_not_card(m: DebertzState, seat: int, hand: Hand, c: Card) -> str:
    trick = m._trick
    led = trick[0] >> 3
    trump = m._trump
    names = SUIT_NAMES
    legal = m._legal_cards(seat, hand)
    if hand & SUIT_MASK[led]:
        if c >> 3 != led:
            return f"you must follow suit ({names[led]})"
        return ("you must play a higher trump than the trick's best: "
                + format_cards(x for x in range(32) if legal >> x & 1))
    if c >> 3 != trump:
        return f"you have no {names[led]}, so you must trump ({names[trump]})"
    return ("you must overtrump the trick's best trump: "
            + format_cards(x for x in range(32) if legal >> x & 1))


def deal_summary(obs: dict[str, Any], rules: object) -> dict[str, Any]:
    """Return Debertz's keys of a finished deal's summary, read from the public observation.

    ``result``: the declarer (who chose the trump) ``made`` it unless the sheet marks him
    ``bait`` (``failed``) or ``hanging-bait`` (``hanging``: a tie, his points set aside);
    ``declared``: ``[seat, cards, kind, None]`` per meld shown, and
    ``[seat, "", "bella", None]`` per bella; ``pot``: what lies in the pot now.
    """
    row = obs["sheet"][-1]
    d = row["declarer"]
    result = None
    if d is not None:
        marks = row["marks"][d]
        result = "failed" if "bait" in marks else "hanging" if "hanging-bait" in marks \
            else "made"
    declared: list[list[Any]] = [[s, cards, kind, None] for s, kind, cards in obs["melds"]]
    declared += [[s, "", "bella", None] for s in obs["bella"]]
    return {"made": None if result is None else result == "made", "result": result,
            "declared": declared, "pot": obs.get("pot")}


def trick_points(m: DebertzState, seat: int) -> int | None:
    """Return the card points (the last trick's bonus included) of the tricks ``seat``'s side
    has taken in the open deal: public, every card played was seen."""
    return m._side_points[m._side[seat]]
