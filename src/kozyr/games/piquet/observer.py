"""What one Piquet seat may see (:func:`observation`), and deals consistent with it.

Public (rules/piquet.md §2, §3, §9 "Information"): every action of the deal except the
cards of the other player's exchange (its number is public), the carte blanche (the fact at
once; the holder's twelve dealt cards once both exchanges are made), each declaration under
``sinking``, each category's result and the cards of every combination that scored or was
equal (elder's at once, younger's after elder's first lead), the points reckoned, the tricks.
Each player sees his own discard.  Elder sees the talon cards he left (``talon_seen``, a
history note ``sees …``); ``left_cards`` ``shown``: younger sees the cards left in the talon
after his exchange (a note ``sees the left cards …``), elder (and so everybody) once he has led
to the first trick; ``hidden``: nobody.

:func:`deal_hidden` deals again, from the cards the seat has not seen, the other hand, the
other player's discard, the talon cards not yet taken and the left cards it has not seen:
the other player's voids, his carte blanche (or its absence) before he exchanged, his
carte blanche's twelve cards once shown (his discard is among them, the left cards are not),
and the categories' results (his hand as it was after the exchange must give the same winners
and scores) are kept; after :data:`TRIES` failed shuffles the results and the absence of a
carte blanche are dropped.  The tries are many because elder's first lead, before younger's
combinations are shown, is where the results alone must be met by rejection (one deal in a
few hundred fits when younger's sets scored 14 or 17); a try costs some 40 µs, so a hard
case costs up to 0.05 s, less than the play's solve of a sample at that lead.
"""

from __future__ import annotations

import random
from typing import Any

from kozyr.cards import FULL_DECK, Card, Hand, cards_of, format_card, format_hand, hand_of
from kozyr.core.sampling import NoDealFits, deal_unseen
from kozyr.core.sheet import sheet_json
from kozyr.games.piquet.actions import PASS, is_exchange
from kozyr.games.piquet.combinations import (
    CATEGORIES,
    COURTS,
    Key,
    category_key,
    category_score,
    compare,
)
from kozyr.games.piquet.state import PiquetState

#: Shuffles tried against the results before they are dropped (see the module).
TRIES = 1000
_NAMES = {1: "point", 2: "sequence", 4: "sets"}


def exchanged(m: PiquetState) -> bool:
    """Return True once both players have exchanged (the declarations may still be due)."""
    return sum(1 for s, a in m._log if a == PASS or is_exchange(a)) >= 2


def first_lead_made(m: PiquetState) -> bool:
    """Return True once elder has led to the first trick."""
    return m._tricks > 0 or m._lead >= 0


def sees_left(m: PiquetState, seat: int | None) -> bool:
    """Return True if ``seat`` (None: a spectator) sees the cards left in the talon."""
    if m.rules.left_cards != "shown" or not exchanged(m):
        return False
    if first_lead_made(m):
        return True
    return seat is not None and seat != m._elder


def shown_to_all(m: PiquetState, owner: int) -> bool:
    """Return True if ``owner``'s combination cards are shown (elder's at once, younger's after
    elder's first lead)."""
    return owner == m._elder or first_lead_made(m)


def _history(m: PiquetState, seat: int | None) -> list[list[int | str]]:
    out: list[list[int | str]] = []
    for s, a in m._log:
        if is_exchange(a) and s != seat:
            out.append([s, f"exchange {a.bit_count() - 1}"])
        else:
            out.append([s, m.action_to_text(a)])
        if is_exchange(a) or a == PASS:
            if s == seat == m._elder and m._saw:
                out.append([s, "sees " + format_hand(m._saw)])
            if s == seat != m._elder and m._left and sees_left(m, seat):
                out.append([s, "sees the left cards " + format_hand(m._left)])
    return out


def _results(m: PiquetState) -> list[dict[str, Any]]:
    out = []
    for cat, winner, score, shown in m._results:
        cards = [format_hand(shown[s]) if shown[s] and shown_to_all(m, s) else None
                 for s in (0, 1)]
        out.append({"category": _NAMES[cat], "winner": winner if winner is None or winner >= 0
                    else None, "equal": winner == -1, "score": score, "cards": cards})
    return out


def observation(m: PiquetState, seat: int | None) -> dict[str, Any]:
    """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
    to_act = m.current_player()
    # a deal is shown from its dealing until the next one: between deals, the last deal's
    # end (its tricks, results and points; every card played), never a blank table
    started = not m._awaiting or m._over or bool(m._sheet)
    last = None
    if m._last is not None:
        leader, c1, c2, w = m._last
        last = {"cards": [[leader, format_card(c1)], [1 - leader, format_card(c2)]],
                "winner": w}
    cb = m._cb if started and m._cb >= 0 else None
    cb_cards = format_hand(m._cb_cards) if cb is not None and exchanged(m) else None
    declared: list[list[str] | None] = [None, None]
    if m.rules.sinking:
        for s, a in m._log:
            if 40 <= a <= 47:
                declared[s] = [n for i, n in enumerate(CATEGORIES) if (a - 40) >> i & 1]
    return {
        "game": m.GAME,
        "rules": m.rules.to_json(),
        "players": 2,
        "seat": seat,
        "deal_index": m._deal_index,
        "dealer": m._dealer,
        "elder": m.elder,
        "phase": m.phase,
        "to_act": to_act,
        "legal": m.legal_texts() if seat is not None and seat == to_act else [],
        "hand": format_hand(m._hands[seat]) if seat is not None and started else None,
        "hand_sizes": [h.bit_count() for h in m._hands] if started else [0, 0],
        "talon_size": 8 - m._tp if started else 0,
        "talon_seen": (format_hand(m._saw) if seat is not None and seat == m._elder
                       and m._saw and started else None),
        "left": format_hand(m._left) if started and m._left and sees_left(m, seat) else None,
        "discard": (format_hand(m._discards[seat]) if seat is not None and started
                    and m._discards[seat] else None),
        "carte_blanche": cb,
        "carte_blanche_cards": cb_cards,
        "declared": declared,
        "results": _results(m) if started else [],
        "points": list(m._points) if started else [0, 0],
        "marks": [list(x) for x in m._marks] if started else [[], []],
        "trump": None,
        "history": _history(m, seat) if started else [],
        "trick": [[m._leader, format_card(m._lead)]] if started and m._lead >= 0 else [],
        "leader": m._leader if started and m._phase == "play" and m._leader >= 0 else None,
        "last_trick": last if started else None,
        "tricks_won": list(m._won) if started else [0, 0],
        "totals": list(m._totals),
        "sheet": sheet_json(m._sheet),
        "winner": m._winner,
        "settlement": m.settlement(),
        "is_over": m.is_over,
    }


def _known_in_hand(m: PiquetState, seat: int, other: int) -> Hand:
    """Return the cards of ``other``'s hand that ``seat`` knows he holds."""
    known = 0
    for _, _, _, shown in m._results:
        if shown_to_all(m, other):
            known |= shown[other]
    if seat == m._elder:
        known |= m._saw
    return known & m._hands[other]


def _played(m: PiquetState, seat: int) -> Hand:
    return hand_of(a for s, a in m._log if s == seat and a < 32)


def deal_hidden(m: PiquetState, seat: int, rng: random.Random) -> PiquetState:
    """Return a copy whose cards hidden from ``seat`` are dealt again from the unseen ones."""
    out = m.clone()
    if m._awaiting or m._over:
        return out
    o = 1 - seat
    known = _known_in_hand(m, seat, o)
    free_hand = m._hands[o] & ~known
    disc = m._discards[o]
    slots: list[int] = []  # talon positions not yet taken, unseen by seat
    if not exchanged(m):
        seen = m._saw if seat == m._elder else 0
        slots = [i for i in range(m._tp, 8) if not seen >> m._talon[i] & 1]
    left = 0
    if exchanged(m) and not sees_left(m, seat):
        left = m._left & ~(m._saw if seat == m._elder else 0)
    pool = list(cards_of(free_hand | disc | left)) + [m._talon[i] for i in slots]
    sizes = [free_hand.bit_count(), disc.bit_count(), len(slots), left.bit_count()]
    o_exchanged = bool(disc) or any(s == o and (a == PASS or is_exchange(a)) for s, a in m._log)
    forbid = m._voids[o]
    if m._cb == o and not o_exchanged:
        forbid |= COURTS
    # his carte blanche's twelve cards, shown once both exchanged: his discard is among them,
    # the left cards are not
    shown_cb = m._cb_cards if m._cb == o and exchanged(m) else 0
    forbidden = [forbid, FULL_DECK & ~shown_cb if shown_cb else 0, 0, shown_cb]
    mine = m._hands[seat] | _played(m, seat)
    o_played = _played(m, o)

    def accept(groups: list[list[Card]]) -> bool:
        hand = known | hand_of(groups[0])
        if m._cb != o and not o_exchanged and not hand & COURTS:
            return False
        full = hand | o_played
        for cat, winner, score, _ in m._results:
            keys: list[Key] = [None, None]
            for s, h in ((seat, mine), (o, full)):
                keys[s] = category_key(h, cat) if m._declared[s] & cat else None
            if compare((keys[0], keys[1])) != winner:
                return False
            if winner == o and category_score(full, cat) != score:
                return False
        return True

    try:
        groups = deal_unseen(pool, sizes, rng, forbidden=forbidden, accept=accept, tries=TRIES)
    except NoDealFits:
        groups = deal_unseen(pool, sizes, rng, forbidden=[m._voids[o], *forbidden[1:]])
    out._hands[o] = known | hand_of(groups[0])
    if disc:
        out._discards[o] = hand_of(groups[1])
    if slots:
        talon = list(m._talon)
        for i, c in zip(slots, groups[2], strict=True):
            talon[i] = c
        out._talon = talon
        if seat != m._elder and m._log:
            out._saw = hand_of(talon[m._tp:5])
    if left:
        out._left = (m._left & ~left) | hand_of(groups[3])
    return out
