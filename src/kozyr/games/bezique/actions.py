"""Bezique's action encoding and its record notation (rules/bezique.md §10 "Actions").

==========  ====================  ==================================================
int         text                  meaning
==========  ====================  ==================================================
0..63       ``play C``            play card C (from the hand or one's own table)
64..127     ``swap7 C``           exchange the seven of trumps C for the turned card
128..191    ``show7 C``           show the seven of trumps C (``dix`` = ``declare``)
192..625    ``declare C1 … Cn``   declare the combination ``COMBOS[a - 192]``
626         ``draw``              end the winner's window: both draw (never in a record)
==========  ====================  ==================================================

``draw`` is the step between the winner's declarations and his lead: he chooses them without
knowing the card he will draw (rules/bezique.md §3 "before drawing").  A record never writes it:
a ``play`` in the window means "draw, then lead" (§10 "The winner's window"), and
:meth:`kozyr.games.bezique.state.BeziqueState.apply_recorded` reads it so.

Cards are ``copy * 32 + base`` (:func:`kozyr.cards.copy_card`), written with their copy digit.
A card written without its digit is resolved by the engine (the copies the actor holds must
be in the same state: :meth:`kozyr.games.bezique.state.BeziqueState.parse_action`).

>>> action_to_text(SWAP7 + 56), action_to_text(DECLARE + 0), action_to_text(DRAW)
('swap7 7H2', 'declare KS1 QS1', 'draw')
>>> split_action("declare KD QD1")
('declare', [(21, None), (20, 0)])
"""

from __future__ import annotations

import functools

from kozyr.cards import format_copy_card, parse_copy_card
from kozyr.core.errors import IllegalActionError
from kozyr.games.bezique.cardplay import COPIES, DECK_SIZE, display_order
from kozyr.games.bezique.combinations import COMBOS

SWAP7 = 64
SHOW7 = 128
DECLARE = 192
DRAW = DECLARE + len(COMBOS)
END = DRAW + 1
_ORDER = {r: i for i, r in enumerate("AKQJ")}
VERBS = ("play", "swap7", "show7", "declare", "draw")


def declare_text(mask: int) -> str:
    """Return the cards of a combination as written: by suit, strongest first."""
    cards = [c for c in range(DECK_SIZE) if mask >> c & 1]
    cards.sort(key=display_order)
    return " ".join(format_copy_card(c) for c in cards)


@functools.lru_cache(maxsize=8192)  # a pure function of the int: every view asks it again
def action_to_text(action: int) -> str:
    """Return ``action`` in record notation (``play AS1``, ``declare KH1 QH1``)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < END:
        raise ValueError(f"not a Bezique action: {action!r}")
    if action < SWAP7:
        return "play " + format_copy_card(action)
    if action < SHOW7:
        return "swap7 " + format_copy_card(action - SWAP7)
    if action < DECLARE:
        return "show7 " + format_copy_card(action - SHOW7)
    if action == DRAW:
        return "draw"
    return "declare " + declare_text(COMBOS[action - DECLARE].mask)


def split_action(text: str) -> tuple[str, list[tuple[int, int | None]]]:
    """Return an action's verb and its cards as (one-pack card, copy or None).

    Raise IllegalActionError if the text is no Bezique action.
    """
    words = text.split() if isinstance(text, str) else []
    verb = words[0].lower() if words else ""
    n = len(words) - 1
    if verb not in VERBS or (verb not in ("declare", "draw") and n != 1) or (
            verb == "declare" and not 2 <= n <= 5) or (verb == "draw" and n):
        raise IllegalActionError(
            f"not a Bezique action: {text!r} (expected 'play C', 'declare C1 ... Cn', "
            f"'swap7 C', 'show7 C' or 'draw', cards with their copy digit like AS1)")
    try:
        cards = [parse_copy_card(w, COPIES) for w in words[1:]]
    except ValueError as e:
        raise IllegalActionError(str(e)) from None
    return verb, cards
