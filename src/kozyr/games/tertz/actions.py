"""Tertz's action encoding and its record notation (spec/records.md).

======  ==============  =========================================================
int     text            meaning
======  ==============  =========================================================
0..31   ``play CARD``   play the card (kozyr.cards numbering)
32      ``swap7``       the leader takes the turned card for the seven of trump
33      ``declare``     the leader announces every combination (and/or the marriage)
======  ==============  =========================================================

The opponent's answer to a ``declare`` is automatic: the engine logs it as :data:`ANSWER`
(shown as ``shows ...`` in the history, never written in the record).

>>> action_to_text(parse_action("play AS")), parse_action("declare")
('play AS', 33)
"""

from __future__ import annotations

import functools

from kozyr.cards import format_card, parse_card
from kozyr.core.errors import IllegalActionError

SWAP7 = 32
DECLARE = 33
ANSWER = 34  # history only: the automatic answer to a declaration


@functools.lru_cache(maxsize=8192)  # a pure function of the int: every view asks it again
def action_to_text(action: int) -> str:
    """Return ``action`` in record notation: ``play AS``, ``swap7`` or ``declare``."""
    if 0 <= action < 32:
        return "play " + format_card(action)
    if action == SWAP7:
        return "swap7"
    if action == DECLARE:
        return "declare"
    raise ValueError(f"not a Tertz action: {action!r}")


def parse_action(text: str) -> int:
    """Parse ``play CARD``, ``swap7`` or ``declare``; raise IllegalActionError if malformed."""
    words = text.split()
    if len(words) == 2 and words[0].lower() == "play":
        try:
            return parse_card(words[1])
        except ValueError as e:
            raise IllegalActionError(str(e)) from None
    if len(words) == 1 and words[0].lower() in ("swap7", "declare"):
        return SWAP7 if words[0].lower() == "swap7" else DECLARE
    raise IllegalActionError(
        f"not a Tertz action: {text!r} (expected 'play CARD', 'swap7' or 'declare')")
