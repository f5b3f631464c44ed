"""Thousand's actions: the int encoding of the fast path and the record notation of spec/records.md.

Encoding (an action is one small ``int``; cards are kozyr.cards numbers, 0..31)::

    0 + c            play c                      (PLAY, 0..31)
    32 + c           play c marriage             (MARRIAGE, 32..63; ace marriage: c is an ace)
    64 + c           discard c                   (DISCARD, two players)
    96 + 32*s + c    give s c                    (GIVE, s = the receiving seat, 0..3)
    224              pass
    225              redeal
    226              keep
    227              blind                       (the blind 120, ``blind_bid``)
    228              writeoff
    229 + p          take p                      (two players, p = 0 or 1)
    232 + s          trump s                     (501: s = 0..3 for S C D H)
    236              look                        (``blind_bidders`` = ``any``)
    237              buy                         (``talon_buying``)
    238              decline                     (``talon_buying``)
    239              strikeout                   (``allow_strikeout``)
    256 + c          play c marriage keep        (MARRIAGE_KEEP, ``marriage_keep_trump``)
    288 + c          play c bed                  (BED, Q or J: ``bed_marriage``)
    320 + c          play c bed keep             (BED_KEEP)
    352 + c          play c nines                (NINES, a nine: ``four_nines``)
    1000 + n         bid n                       (n < 10000)
    20000 + n        contract n                  (n < 10000)

Parsing accepts ``10H``/``TH``/suit symbols and any letter case; formatting always writes the
canonical record form (``play TH``).

kozyr's reading of ``blind_bid`` (rules/thousand.md §4 leaves the mechanics open): with the
option on, the forced bidder's opening is a decision, written in the record — ``blind`` (120
blind: his own cards stay hidden from him until someone outbids him) or ``bid 100`` (the ordinary
forced bid).  Without the option the forced 100 is automatic and never written.

>>> action_to_text(parse_action("Play 10♥ marriage"))
'play TH marriage'
>>> parse_action("give 2 9C") == give(2, 10)
True
>>> action_to_text(bid(105)), action_to_text(contract(120)), action_to_text(TRUMP + 3)
('bid 105', 'contract 120', 'trump H')
>>> [action_to_text(parse_action(t)) for t in ("play QH bed keep", "play 9s nines", "buy")]
['play QH bed keep', 'play 9S nines', 'buy']
"""

from __future__ import annotations

import functools

from kozyr.cards import SUIT_LETTERS, format_card, parse_card, parse_suit
from kozyr.core.errors import IllegalActionError

PLAY = 0
MARRIAGE = 32
DISCARD = 64
GIVE = 96
PASS = 224
REDEAL = 225
KEEP = 226
BLIND = 227
WRITEOFF = 228
TAKE = 229
TRUMP = 232
LOOK = 236
BUY = 237
DECLINE = 238
STRIKEOUT = 239
MARRIAGE_KEEP = 256
BED = 288
BED_KEEP = 320
NINES = 352
#: The declaring leads: (base, words after the card), each base + card 0..31.
DECLARING = ((MARRIAGE, "marriage"), (MARRIAGE_KEEP, "marriage keep"), (BED, "bed"),
             (BED_KEEP, "bed keep"), (NINES, "nines"))
BID = 1000
CONTRACT = 20000
_AMOUNT_LIMIT = 10000

_WORDS = {"pass": PASS, "redeal": REDEAL, "keep": KEEP, "blind": BLIND, "writeoff": WRITEOFF,
          "look": LOOK, "buy": BUY, "decline": DECLINE, "strikeout": STRIKEOUT}
_DECLARING_WORDS = {words: base for base, words in DECLARING}
_NAMES = {v: k for k, v in _WORDS.items()}


def bid(n: int) -> int:
    """Return the action ``bid n``."""
    return BID + n


def contract(n: int) -> int:
    """Return the action ``contract n``."""
    return CONTRACT + n


def give(seat: int, c: int) -> int:
    """Return the action ``give seat c``."""
    return GIVE + 32 * seat + c


@functools.lru_cache(maxsize=8192)  # a pure function of the int: every view asks it again
def action_to_text(action: int) -> str:
    """Return ``action`` in record notation; raise ValueError if it is no Thousand action."""
    if 0 <= action < 32:
        return "play " + format_card(action)
    if action < 64 and action >= 0:
        return f"play {format_card(action - MARRIAGE)} marriage"
    if 64 <= action < 96:
        return "discard " + format_card(action - DISCARD)
    if 96 <= action < 224:
        x = action - GIVE
        return f"give {x >> 5} {format_card(x & 31)}"
    if action in _NAMES:
        return _NAMES[action]
    if action in (TAKE, TAKE + 1):
        return f"take {action - TAKE}"
    if TRUMP <= action < TRUMP + 4:
        return "trump " + SUIT_LETTERS[action - TRUMP]
    if MARRIAGE_KEEP <= action < NINES + 32:
        base = MARRIAGE_KEEP + (action - MARRIAGE_KEEP) // 32 * 32
        return f"play {format_card(action - base)} {dict(DECLARING)[base]}"
    if BID <= action < BID + _AMOUNT_LIMIT:
        return f"bid {action - BID}"
    if CONTRACT <= action < CONTRACT + _AMOUNT_LIMIT:
        return f"contract {action - CONTRACT}"
    raise ValueError(f"{action} is not a Thousand action")


def _amount(word: str, text: str) -> int:
    try:
        n = int(word)
    except ValueError:
        raise IllegalActionError(f"{text!r}: {word!r} is not a whole number") from None
    if not 0 <= n < _AMOUNT_LIMIT:
        raise IllegalActionError(f"{text!r}: {n} is out of range")
    return n


def _card(word: str, text: str) -> int:
    try:
        return parse_card(word)
    except ValueError as e:
        raise IllegalActionError(f"{text!r}: {e}") from None


def parse_action(text: str) -> int:
    """Parse record notation into an action; raise IllegalActionError if it is malformed."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalActionError("an empty action: expected e.g. 'bid 110', 'pass', 'play KH'")
    head, args = words[0], words[1:]
    if head in _WORDS and not args:
        return _WORDS[head]
    if head == "play" and args and (len(args) == 1 or " ".join(args[1:]) in _DECLARING_WORDS):
        c = _card(args[0], text)
        return (_DECLARING_WORDS[" ".join(args[1:])] if len(args) > 1 else PLAY) + c
    if head == "bid" and len(args) == 1:
        return BID + _amount(args[0], text)
    if head == "contract" and len(args) == 1:
        return CONTRACT + _amount(args[0], text)
    if head == "discard" and len(args) == 1:
        return DISCARD + _card(args[0], text)
    if head == "give" and len(args) == 2:
        if args[0] not in ("0", "1", "2", "3"):
            raise IllegalActionError(f"{text!r}: {args[0]!r} is not a seat (0 to 3)")
        return give(int(args[0]), _card(args[1], text))
    if head == "take" and len(args) == 1:
        if args[0] not in ("0", "1"):
            raise IllegalActionError(f"{text!r}: the talon piles are 0 and 1")
        return TAKE + int(args[0])
    if head == "trump" and len(args) == 1:
        try:
            return TRUMP + parse_suit(args[0])
        except ValueError as e:
            raise IllegalActionError(f"{text!r}: {e}") from None
    raise IllegalActionError(
        f"{text!r} is not a Thousand action (expected bid N, pass, redeal, keep, blind, take P, "
        "give SEAT CARD, discard CARD, contract N, writeoff, strikeout, look, buy, decline, "
        "trump S, play CARD [marriage [keep] | bed [keep] | nines])")
