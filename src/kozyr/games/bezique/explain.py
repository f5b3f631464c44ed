"""Why a Bezique action is not legal now: the sentences of ``why_illegal``, in the game's words.

Only the checked path asks; the engine's tests (:meth:`BeziqueState.playable`, ``swappable``,
``showable``, :func:`kozyr.games.bezique.combinations.why_not`) decide, these say why not.
"""

from __future__ import annotations

from typing import Any

from kozyr.cards import SEVEN, SUIT_NAMES, format_copy_card
from kozyr.games.bezique.actions import DECLARE, DRAW, END, SHOW7, SWAP7
from kozyr.games.bezique.cardplay import BRISQUE_VALUE, HIGHER, SEVENS, SUIT64
from kozyr.games.bezique.combinations import COMBOS, why_not
from kozyr.games.bezique.state import STOCK_TRICKS, BeziqueState


def why_illegal(m: BeziqueState, action: int) -> str | None:
    """Return None if ``action`` is legal now, else a sentence saying why it is not."""
    s = m.current_player()
    if s is None:
        return "no action is possible now: " + (
            "the match is over" if m.is_over else "the cards are not dealt")
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < END:
        return f"{action!r} is not a Bezique action"
    hand = m._hands[s]
    if action == DRAW:
        return None if m._window else (
            "you draw only at the end of your window, just after winning a trick of 1-24")
    if action < SWAP7 and m._window:
        return ("you have won the trick: declare, exchange or show a seven if you like, then "
                "draw; you lead after drawing")
    if action < SWAP7:
        if not hand >> action & 1:
            return f"you do not hold the {format_copy_card(action)}"
        if m.playable() >> action & 1:
            return None
        return _why_not_card(m, hand, action)
    if not m._window:
        return ("you may declare, exchange or show a seven only just after winning a trick "
                "of 1-24, before you lead")
    if m.rules.seven_is_meld and m._wmeld:
        return "with seven_is_meld you have already made this trick's one declaration"
    trump = m._trump
    if action < DECLARE:
        c = action - (SWAP7 if action < SHOW7 else SHOW7)
        if not SEVENS[trump] >> c & 1:
            return f"the {format_copy_card(c)} is not a seven of trumps ({SUIT_NAMES[trump]})"
        if not hand >> c & 1:
            return f"you do not hold the {format_copy_card(c)}"
        if m._fresh >> c & 1:
            return f"the {format_copy_card(c)} was taken in during this window"
        if action < SHOW7:
            if m._wswapped:
                return "you have already exchanged a seven in this window"
            if m._turned < 0 or m._turned & 7 == SEVEN:
                return "the turned card is a seven: there is nothing to exchange"
            return None
        if m.rules.dix != "declare":
            return "with dix = play a seven of trumps is not shown: it scores when played"
        if m._scored7 >> c & 1:
            return f"the {format_copy_card(c)} has already scored"
        return None
    if m._wdeclared:
        return "you have already declared a combination after this trick"
    combo = COMBOS[action - DECLARE]
    return why_not(combo, hand & ~m._fresh, trump, m.rules.bezique_pair == "by_trump",
                   m._used)


def _why_not_card(m: BeziqueState, hand: int, c: int) -> str:
    lead, trump = m._lead, m._trump
    led = (lead & 31) >> 3
    same = hand & SUIT64[led]
    assert m._tricks >= STOCK_TRICKS
    if same & HIGHER[lead]:
        return (f"in the last eight tricks you must beat the {format_copy_card(lead)} with a "
                f"higher {SUIT_NAMES[led][:-1]}")
    if same:
        return f"in the last eight tricks you must follow suit with a card of {SUIT_NAMES[led]}"
    return (f"you have no {SUIT_NAMES[led]}, so you must trump the {format_copy_card(lead)} "
            f"with a {SUIT_NAMES[trump][:-1]}")


def deal_summary(obs: dict[str, Any], rules: object) -> dict[str, Any]:
    """Return the keys of a finished deal's summary read from the public observation:
    ``declared``, ``[seat, cards, kind, value]`` per combination shown in the deal."""
    return {"declared": [[s, c["cards"], c["kind"], c.get("value", c.get("points"))]
                         for s, combos in enumerate(obs["combinations"]) for c in combos]}


def trick_points(m: BeziqueState, seat: int) -> int | None:
    """Return what the brisques (aces and tens) in the tricks ``seat`` has taken are worth in
    the open deal: public, every card played was seen."""
    return BRISQUE_VALUE * m._brisques[seat]
