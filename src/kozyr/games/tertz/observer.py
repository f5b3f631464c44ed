"""What one Tertz seat may see (:func:`observation`), and deals consistent with it.

Public (rules/tertz.md §3): every action of the deal, the answers to a declaration, the
turned card while it lies, the cards each seat is publicly known to hold (``known``), trick
counts, and the cards of each seat's taken tricks while at least 4 cards remain in the stock
(turned card included).  Hidden: the other hand, the stock's order, the seed.

:func:`deal_hidden` deals the opponent's hand and the undrawn stock again from the cards the
seat has not seen (:func:`kozyr.core.sampling.deal_unseen`, count limits): hand and stock
sizes, the cards the opponent is known to hold, the voids he showed since his last draws (a
card he drew since may be of that suit), and, until he draws again, what declaring told: a
declarer with 9 cards holds exactly the combinations he announced, an answer is all of its
holder's, and no answer means nothing strictly better (best effort: after 64 failed shuffles
these are dropped).
"""

from __future__ import annotations

import random

from kozyr.cards import (
    FULL_DECK,
    SUIT_LETTERS,
    Card,
    Hand,
    cards_of,
    format_card,
    format_cards,
    format_hand,
    hand_of,
)
from kozyr.core.observation import BaseObservation, LastTrick
from kozyr.core.sampling import deal_unseen
from kozyr.core.sheet import sheet_json
from kozyr.games.tertz.actions import ANSWER, DECLARE
from kozyr.games.tertz.combinations import (
    MARRIAGE_VALUE,
    Key,
    best_key,
    describe,
    find_combinations,
    marriage_cards,
)
from kozyr.games.tertz.state import TertzState

#: Shuffles :func:`deal_hidden` tries before it gives up what declarations told.
TRIES = 64


class TertzObservation(BaseObservation):
    """What a Tertz seat sees: the shared keys (:class:`BaseObservation`) and these."""

    #: Cards left in the stock, the turned card included.
    stock_size: int
    #: The turned card while it lies, else None.
    turned: str | None
    #: Each seat's shown combinations and declared marriage: ``{kind, cards, value}``.
    combinations: list[list[dict[str, object]]]
    #: To the seat to act when ``declare`` is legal, what it would announce (its own cards):
    #: ``{action, kind, cards, points}`` per combination, the marriage included; else None.
    declaring: list[dict[str, object]] | None
    #: The cards each seat is publicly known to hold.
    known: list[str]
    #: Each seat's taken cards while at least 4 cards remain in the stock, else None.
    taken: list[str] | None
    #: The winning seat, or None.
    winner: int | None


def _history_text(m: TertzState, seat: int, action: int) -> str:
    if action == ANSWER:
        return "shows " + describe(m._shown[seat] or ())
    return m.action_to_text(action)


def _combinations_json(m: TertzState, seat: int) -> list[dict[str, object]]:
    out = [c.to_json() for c in m._shown[seat] or ()]
    if m._marriage[seat]:
        out.append({"kind": "marriage",
                    "cards": format_hand(marriage_cards(m._trump)),
                    "value": MARRIAGE_VALUE})
    return out


def _declaring(m: TertzState, seat: int) -> list[dict[str, object]] | None:
    """Return what a ``declare`` of ``seat`` would announce now, or None if not legal."""
    if DECLARE not in m.legal_actions():
        return None
    combos, marriage = m._declarable(seat)
    out: list[dict[str, object]] = [{"action": "declare", "kind": c.kind,
                                     "cards": format_cards(c.cards), "points": c.value}
                                    for c in combos]
    if marriage:
        out.append({"action": "declare", "kind": "marriage",
                    "cards": format_hand(marriage_cards(m._trump)), "points": MARRIAGE_VALUE})
    return out


def observation(m: TertzState, seat: int | None) -> TertzObservation:
    """Return exactly what ``seat`` may see now (``None``: a spectator), JSON-ready."""
    to_act = m.current_player()
    started = m._trump >= 0
    stock_left = m._stock_left() if started else 0
    last: LastTrick | None = None
    if m._last is not None:
        leader, c1, c2, w = m._last
        last = {"cards": [[leader, format_card(c1)], [1 - leader, format_card(c2)]],
                "winner": w}
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
        "hand": format_hand(m._hands[seat]) if seat is not None else None,
        "hand_sizes": [h.bit_count() for h in m._hands],
        "stock_size": stock_left,
        "turned": format_card(m._turned) if m._turned >= 0 else None,
        "trump": SUIT_LETTERS[m._trump] if started else None,
        "history": [[s, _history_text(m, s, a)] for s, a in m._log],
        "combinations": [_combinations_json(m, 0), _combinations_json(m, 1)],
        "declaring": _declaring(m, seat) if seat is not None and seat == to_act else None,
        "known": [format_hand(k) for k in m._known],
        "trick": [[m._leader, format_card(m._lead)]] if m._lead >= 0 else [],
        "leader": m._leader if started else None,
        "last_trick": last,
        "tricks_won": list(m._won),
        "taken": ([format_hand(t) for t in m._taken] if started and stock_left >= 4
                  else None),
        "totals": list(m._totals),
        "sheet": sheet_json(m._sheet),
        "winner": m._winner,
        "is_over": m.is_over,
    }


#: What a declaration told about a hand: (cards played since, exact combinations or None,
#: best key allowed).
Fact = tuple[Hand, tuple[tuple[Card, ...], ...] | None, Key]


def fits(hand: Hand, trump: int, facts: list[Fact]) -> bool:
    """Return True if ``hand`` agrees with what its holder's declarations told."""
    for played, exact, most in facts:
        combos = find_combinations(hand | played, trump)
        if exact is not None:
            if tuple(c.cards for c in combos) != exact:
                return False
        elif best_key(combos) > most:
            return False
    return True


def deal_hidden(m: TertzState, seat: int, rng: random.Random) -> TertzState:
    """Return a copy whose opponent hand and undrawn stock are dealt again from the unseen.

    Between deals nothing is hidden: a plain copy.  (The match's ``resample`` strips the
    copy's seed and records around this: :mod:`kozyr.core.resampling`; the cards drawn so far
    are forgotten here, so the copy's :meth:`record_deals` raises RecordError.)
    """
    out = m.clone()
    if m._awaiting or m._winner is not None:
        return out
    opp = 1 - seat
    known = m._known[opp]
    turned = 1 << m._turned if m._turned >= 0 else 0
    pool = list(cards_of(FULL_DECK & ~(m._hands[seat] | m._gone | known | turned)))
    need = m._hands[opp].bit_count() - known.bit_count()
    limits = [(mask, allowed) for s, mask, allowed in m._limits if s == opp]
    facts = [(_played_since(m, opp, i), exact, most)
             for s, i, exact, most in m._facts if s == opp]
    trump = m._trump

    def accept(groups: list[list[Card]]) -> bool:
        return fits(hand_of(groups[0]) | known, trump, facts)

    hand, stock = deal_unseen(pool, [need, len(pool) - need], rng, limits=[limits, []],
                              accept=accept if facts else None, tries=TRIES)
    out._hands[opp] = known | hand_of(hand)
    out._stock = [-1] * m._sp + stock  # the cards drawn so far are forgotten too
    return out


def _played_since(m: TertzState, seat: int, index: int) -> Hand:
    return hand_of(a for s, a in m._log[index:] if s == seat and a < 32)
