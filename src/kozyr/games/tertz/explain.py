"""Why a Tertz action is not legal now: the sentences of ``why_illegal``, in the game's words.

Only the checked path (:meth:`kozyr.core.match.Match.check`) asks; the engine's rules
(:func:`kozyr.games.tertz.cardplay.follow_mask`, the swap and declaration tests of
:class:`kozyr.games.tertz.state.TertzState`) decide, and these functions say why not.
"""

from __future__ import annotations

from typing import Any

from kozyr.cards import JACK, SEVEN, SUIT_MASK, SUIT_NAMES, Card, Hand, card, format_card
from kozyr.games.tertz.actions import DECLARE, SWAP7
from kozyr.games.tertz.cardplay import HIGHER
from kozyr.games.tertz.state import HAND_SIZE, TertzState


def why_illegal(m: TertzState, action: int) -> str | None:
    """Return None if ``action`` is legal now, else a sentence saying why it is not."""
    s = m.current_player()
    if s is None:
        return "no action is possible now: " + (
            "the match is over" if m._winner is not None else "the cards are not dealt")
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action <= DECLARE:
        return f"{action!r} is not a Tertz action"
    hand = m._hands[s]
    trump = m._trump
    if action < 32:
        if not hand >> action & 1:
            return f"you do not hold the {format_card(action)}"
        if m._playable() >> action & 1:
            return None
        return _why_not_card(m, hand, action)
    name = "swap the seven of trump" if action == SWAP7 else "declare"
    if m._lead >= 0:
        return f"you may {name} only when you lead, before your card"
    if action == SWAP7:
        seven = card(trump, SEVEN)
        if not hand >> seven & 1:
            return f"you do not hold the seven of trump ({format_card(seven)})"
        if len(m._stock) - m._sp < 2:
            return ("the seven may be swapped only while at least 2 cards remain in the "
                    "stock beside the turned card")
        return None
    combos, marriage = m._declarable(s)
    if combos or marriage:
        return None
    if m._shown[s] is not None:
        return "you have already shown your combinations in this deal (and hold no " \
               "undeclared trump marriage)"
    if hand.bit_count() != HAND_SIZE:
        return ("combinations are declared only while holding 9 cards (and you hold no "
                "undeclared trump marriage)")
    return "you hold nothing to declare"


def _why_not_card(m: TertzState, hand: Hand, c: Card) -> str:
    trump, lead = m._trump, m._lead
    led = lead >> 3
    tname = SUIT_NAMES[trump]
    free = m._free_jack
    jack = 1 << card(trump, JACK) if free else 0
    h = hand & ~jack
    suit = h & SUIT_MASK[led]
    lname = "a trump" if led == trump else f"a card of {SUIT_NAMES[led]}"
    note = f" (the jack of {tname} is always free)" if free and hand & jack else ""
    if m._stock_left():
        if suit:
            return f"while the stock lasts you must follow suit with {lname}{note}"
        return f"you have no {SUIT_NAMES[led]}, so you must play a trump ({tname}){note}"
    if suit & HIGHER[trump][lead]:
        return (f"the stock is empty: you must beat the {format_card(lead)} with a higher "
                f"{'trump' if led == trump else SUIT_NAMES[led][:-1]}{note}")
    if suit:
        return f"you cannot beat the {format_card(lead)}, but you must play {lname}{note}"
    return (f"you have no {SUIT_NAMES[led]}, so you must trump the {format_card(lead)} "
            f"with a {SUIT_NAMES[trump][:-1]}{note}")


def deal_summary(obs: dict[str, Any], rules: object) -> dict[str, Any]:
    """Return the keys of a finished deal's summary read from the public observation:
    ``declared``, ``[seat, cards, kind, value]`` per combination shown in the deal."""
    return {"declared": [[s, c["cards"], c["kind"], c.get("value", c.get("points"))]
                         for s, combos in enumerate(obs["combinations"]) for c in combos]}


def trick_points(m: TertzState, seat: int) -> int | None:
    """Return the card points (the last trick's included) of the tricks ``seat`` has taken in
    the open deal: public, every card played was seen."""
    return m._points[seat]
