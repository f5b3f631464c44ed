"""Why a Piquet action is not legal now: the sentences of ``why_illegal``, in the game's words.

Only the checked path (:meth:`kozyr.core.match.Match.check`) asks; the engine's rules (its
``exchange_limits`` and :func:`kozyr.games.piquet.cardplay.follow_mask`) decide, and these
functions say why not.
"""

from __future__ import annotations

from kozyr.cards import SUIT_MASK, SUIT_NAMES, format_card, format_hand
from kozyr.games.piquet.actions import DECLARE, EXCHANGE, PASS, SINK, is_exchange
from kozyr.games.piquet.state import PiquetState


def why_illegal(m: PiquetState, action: int) -> str | None:
    """Return None if ``action`` is legal now, else a sentence saying why it is not."""
    s = m.current_player()
    if s is None:
        return "no action is possible now: " + (
            "the match is over" if m.is_over else "the cards are not dealt")
    if isinstance(action, bool) or not isinstance(action, int) or not (
            0 <= action <= DECLARE or action == PASS or is_exchange(action)):
        return f"{action!r} is not a Piquet action"
    if 32 < action < SINK:
        return f"{action!r} is not a Piquet action"
    phase = m.phase
    hand = m._hands[s]
    if phase == "play":
        if action >= 32:
            return "the exchanges and declarations are over: play a card"
        if not hand >> action & 1:
            return f"you do not hold the {format_card(action)}"
        lead = m._lead
        if lead >= 0 and (action ^ lead) >> 3 and hand & SUIT_MASK[lead >> 3]:
            return f"you must follow suit with a card of {SUIT_NAMES[lead >> 3]}"
        return None
    if phase == "declare":
        if SINK <= action <= DECLARE:
            return None
        return "declare now: 'declare', 'declare' with categories, or 'sink'"
    who = "elder" if s == m._elder else "younger"
    lo, hi, may_pass = m.exchange_limits()
    if action == PASS:
        if may_pass:
            return None
        return (f"{who} hand must exchange at least one card" if who == "younger"
                else "elder hand must exchange 1 to 5 cards")
    if not is_exchange(action):
        return f"it is {who} hand's exchange: 'exchange C1 … Ck'" + (
            " or 'pass'" if may_pass else "")
    mask = action - EXCHANGE
    if mask & ~hand:
        return f"you do not hold {format_hand(mask & ~hand)}"
    k = mask.bit_count()
    if not lo <= k <= hi:
        return f"{who} hand exchanges {lo} to {hi} cards" + (
            " or passes" if may_pass else "") + f", not {k}"
    return None
