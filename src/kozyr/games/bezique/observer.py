"""What one Bezique seat may see (:func:`observation`), and deals consistent with it.

Public (rules/bezique.md §3-§6): every action (all are made face up), each seat's table and
the combinations it declared, the cards each seat is known to hold (its table, the turned
card it took by an exchange, a shown seven, the turned card the loser of trick 24 took), the
stock count and the turned card, the deal's points so far, the tricks.  Hidden: the other
seat's concealed cards, the stock's order, the seed.

:func:`deal_hidden` deals the opponent's concealed cards and the face-down stock again from
the cards the seat has not seen.  Nothing else constrains them: while the stock lasts any card
may be played, and from trick 25 on every card is in sight (the seat's own 8, the opponent's
8 are all the rest).
"""

from __future__ import annotations

import random

from kozyr.cards import SUIT_LETTERS, format_copy_card
from kozyr.core.dealing import shuffle
from kozyr.core.observation import BaseObservation, LastTrick
from kozyr.core.sheet import sheet_json
from kozyr.games.bezique.actions import DECLARE
from kozyr.games.bezique.cardplay import FULL, cards_in, format_mask
from kozyr.games.bezique.combinations import COMBOS, KIND_NAMES, value
from kozyr.games.bezique.state import BeziqueState


class BeziqueObservation(BaseObservation):
    """What a Bezique seat sees: the shared keys (:class:`BaseObservation`) and these."""

    #: Cards left in the stock, the turned card included.
    stock_size: int
    #: The turned card while it lies, else None.
    turned: str | None
    #: Each seat's declared cards still on the table.
    table: list[str]
    #: Each seat's combinations this deal: ``{kind, cards, points}``.
    combinations: list[list[dict[str, object]]]
    #: To the seat to act, what each legal ``declare`` would score (its own cards):
    #: ``{action, kind, cards, points}``; else None.
    declaring: list[dict[str, object]] | None
    #: The cards each seat is publicly known to hold (its table included).
    known: list[str]
    #: The sevens of trumps that have scored this deal.
    scored_sevens: str
    #: Each seat's points of the open deal so far (brisques come at its end).
    deal_points: list[int]
    #: The winning seat, or None.
    winner: int | None


def observation(m: BeziqueState, seat: int | None) -> BeziqueObservation:
    """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
    started = m._trump >= 0
    last: LastTrick | None = None
    if m._last is not None:
        leader, c1, c2, w = m._last
        last = {"cards": [[leader, format_copy_card(c1)], [1 - leader, format_copy_card(c2)]],
                "winner": w}
    to_act = m.current_player()
    return {
        "game": m.GAME,
        "rules": m.rules.to_json(),
        "players": 2,
        "seat": seat,
        "deal_index": m._deal_index,
        "dealer": m._dealer,
        "phase": m.phase,
        "to_act": to_act,
        "legal": m.legal_texts() if seat is not None and seat == to_act else [],
        "hand": format_mask(m._hands[seat]) if seat is not None else None,
        "hand_sizes": [h.bit_count() for h in m._hands],
        "stock_size": m.stock_left() if started else 0,
        "turned": format_copy_card(m._turned) if m._turned >= 0 else None,
        "trump": SUIT_LETTERS[m._trump] if started else None,
        "history": [[s, m.action_to_text(a)] for s, a in m._log],
        "table": [format_mask(t) for t in m._table],
        "combinations": [[{"kind": KIND_NAMES[k], "cards": format_mask(mask), "points": v}
                          for k, mask, v in m._combos[i]] for i in (0, 1)],
        "declaring": _declaring(m) if seat is not None and seat == to_act else None,
        "known": [format_mask(k) for k in m._known],
        "scored_sevens": format_mask(m._scored7),
        "deal_points": list(m._points),
        "trick": [[m._leader, format_copy_card(m._lead)]] if m._lead >= 0 else [],
        "leader": m._leader if started else None,
        "last_trick": last,
        "tricks_won": list(m._won),
        "totals": list(m._totals),
        "sheet": sheet_json(m._sheet),
        "winner": m._winner,
        "is_over": m.is_over,
    }


def _declaring(m: BeziqueState) -> list[dict[str, object]] | None:
    """Return the legal declarations of the seat to act with what each scores, or None."""
    out: list[dict[str, object]] = []
    for a in m.legal_actions():
        if DECLARE <= a < DECLARE + len(COMBOS):
            c = COMBOS[a - DECLARE]
            out.append({"action": m.action_to_text(a), "kind": KIND_NAMES[c.kind],
                        "cards": format_mask(c.mask), "points": value(c, m._trump)})
    return out or None


def deal_hidden(m: BeziqueState, seat: int, rng: random.Random) -> BeziqueState:
    """Return a copy whose opponent's concealed cards and face-down stock are dealt again.

    Between deals nothing is hidden: a plain copy.  The cards drawn so far are forgotten (the
    copy's :meth:`record_deals` raises RecordError).  In a window nobody has drawn yet: the
    cards the two will draw are the top of the new stock.
    """
    out = m.clone()
    if m._awaiting or m._winner is not None:
        return out
    opp = 1 - seat
    known = m._known[opp]
    turned = 1 << m._turned if m._turned >= 0 else 0
    pool = cards_in(FULL & ~(m._hands[seat] | m._gone | known | turned))
    need = m._hands[opp].bit_count() - known.bit_count()
    shuffle(pool, rng)
    hidden = pool[:need]
    out._hands[opp] = known | sum(1 << c for c in hidden)
    out._stock = [-1] * m._sp + pool[need:]
    assert len(out._stock) == len(m._stock)
    out._dealt = None
    return out
