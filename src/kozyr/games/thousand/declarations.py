"""Thousand's declaring leads, once: which declarations a lead may make, what they score, what
they do to the trump, the strict ace-marriage leads, the bidding cap, what a lead shows
(rules/thousand.md §1, §4, §6, §11.1, §11.4, §11.6, §11.P).

The engine (:mod:`kozyr.games.thousand.state`: its lead list, ``apply_action``, its caps), the
observer (the cards a lead proves a seat lacks, the partners a declaration shows), the error
sentences (:mod:`kozyr.games.thousand.explain`), the position view for search bots and the
heuristics all ask :class:`Declarations`.  With none of the options below on, the engine keeps
its old fast paths (``lead_list``, ``cap_table``); :attr:`Declarations.plain` and
:attr:`Declarations.plain_cap` say when they apply, and give the same answers.

A **declaration** is made by leading one of its cards (actions of
:mod:`kozyr.games.thousand.actions`, base + card):

- ``play c marriage`` (MARRIAGE): K or Q of a held K+Q, worth ``marriage_values`` of the
  suit, or (``ace_marriage``) an ace while holding all four, worth 200; the suit becomes trump;
- ``play c marriage keep`` (MARRIAGE_KEEP, ``marriage_keep_trump``): the K+Q "in suit":
  it scores, the trump stays;
- ``play c bed`` / ``play c bed keep`` (BED, BED_KEEP, ``bed_marriage``): Q or J of a held
  Q+J, worth half the suit's marriage value (rounded down); ``bed`` makes the suit trump;
- ``play c nines`` (NINES, ``four_nines``): a nine while holding all four, worth 200 or 360;
  the trump stays.

Readings (where the page leaves room; §11.P settles none of these):

- A lead "where a marriage could be declared" is a lead of any trick but the first (the first
  too with ``marriage_on_first_trick``); K+Q, bed marriages and four nines are declared only
  there.  Under ``ace_marriage_rule`` = ``strict`` the ace marriage may be declared at any lead
  of its holder, the first trick included.
- One card serves in one declaration: once a suit's K+Q or its Q+J is declared (in suit or
  not), neither can be declared in that suit again (the queen is in both).
- ``keep`` is legal only with a trump set, never for the ace marriage, never under
  ``declarer_names_trump`` (where no declaration changes the trump anyway).  Four nines never
  change the trump, so they have no ``keep``.  Under ``declarer_names_trump`` every
  declaration only scores.
- ``marriage_auto``: a card with a legal declaration at this lead cannot be led plainly; a card
  with none (a K whose suit's bed marriage was declared, any card on the first trick) can.
- ``strict``, after its holder has declared the ace marriage: at each lead of his, while he
  holds an ace he must lead one (rule 2); else, while the trump is the suit his ace marriage
  named, he may not lead a trump (declaring or not) unless every card he holds is a trump
  (rule 3).  Under ``declarer_names_trump`` the ace marriage names no suit, so rule 3 never
  applies.  His other aces are not trumps, so the two rules never meet.
- The cap (§4, §11.1): 120 + for each suit its K+Q's value, else (``bed_marriage``) half for
  its Q+J; + 200 for four aces (``ace_marriage``); + the four nines' value (``four_nines``);
  at most ``max_bid``.
- What a lead shows (:meth:`Declarations.lead_inference`): under ``marriage_auto`` a plain K
  or Q (bed: Q or J) led where its suit could still be declared shows its partner is not in
  that hand; under ``strict`` a lead of the ace-marriage holder that is not an ace shows he
  holds no ace, and his trump lead while rule 3 holds shows every card he holds is a trump.

>>> from kozyr.cards import parse_card as c, parse_hand as h
>>> from kozyr.games.thousand.rules import ThousandRules
>>> d = Declarations.of(ThousandRules(bed_marriage=True))
>>> d.cap(h("KH QH JH QS JS 9C")), d.value(A.BED + c("JS"))
(240, 20)
>>> [A.action_to_text(a) for a in d.leads(h("QS JS 9C"), 1, -1, 0, False, -1)]
['play JS', 'play QS', 'play 9C', 'play JS bed', 'play QS bed']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kozyr.cards import ACE, JACK, KING, QUEEN, SUIT_MASK, THOUSAND_DECK
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import (
    ACE_MARRIAGE_VALUE,
    ACES_MASK,
    KINGS_MASK,
    KQ_MASK,
    NINES_MASK,
    marriage_partners,
)
from kozyr.games.thousand.rules import ThousandRules

#: The Q+J of each suit, and the four queens (a queen whose jack is held: ``h & h << 1``).
QJ_MASK: tuple[int, ...] = tuple((1 << (s * 8 + QUEEN)) | (1 << (s * 8 + JACK)) for s in range(4))
QUEENS_MASK = sum(1 << (s * 8 + QUEEN) for s in range(4))
#: The action bases of the declarations that may be declared "in suit" (``marriage_keep_trump``)
#: and of those that make their suit trump.
KEEPING = frozenset({A.MARRIAGE_KEEP, A.BED_KEEP})
NAMING = frozenset({A.MARRIAGE, A.BED})
_SUITED = frozenset({A.MARRIAGE, A.MARRIAGE_KEEP, A.BED, A.BED_KEEP})


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True, slots=True)
class Declarations:
    """The declaration rules of one table (built from its :class:`ThousandRules` by :meth:`of`).

    Positions are given as plain values: ``hand`` (mask), ``trick_no`` (tricks complete),
    ``trump`` (-1: none), ``declared`` (the suit masks, OR-ed, of the suits whose K+Q or Q+J
    has been declared this deal), ``holder`` (the seat to lead declared the ace marriage under
    ``strict``) and ``ace_suit`` (the suit that ace marriage named, -1: none).
    """

    values: tuple[int, int, int, int]
    ace: bool
    strict: bool
    bed: bool
    nines: int
    keep: bool
    auto: bool
    first: bool
    fixed: bool
    max_bid: int

    @classmethod
    def of(cls, rules: ThousandRules) -> Declarations:
        """Return the declaration rules of ``rules`` (``ace_marriage_rule`` needs
        ``ace_marriage``: without it, it does nothing, §11.P 1)."""
        return cls(rules.marriages, rules.ace_marriage,
                   rules.ace_marriage and rules.ace_marriage_rule == "strict",
                   rules.bed_marriage, rules.four_nines or 0, rules.marriage_keep_trump,
                   rules.marriage_auto, rules.marriage_on_first_trick,
                   rules.declarer_names_trump, rules.max_bid)

    @property
    def plain(self) -> bool:
        """Return True if the leads are §6's (K+Q marriages and the plain ace marriage only)."""
        return not (self.bed or self.nines or self.keep or self.auto or self.strict)

    @property
    def plain_cap(self) -> bool:
        """Return True if the cap is 120 + the K+Q marriages only (tables.cap_table)."""
        return not (self.ace or self.bed or self.nines)

    # -- what a declaration does -----------------------------------------------------------
    def value(self, action: int) -> int:
        """Return what the declaring lead ``action`` scores (0 for a plain card).

        >>> d = Declarations.of(ThousandRules(four_nines=360))
        >>> d.value(A.MARRIAGE + 0o35), d.value(A.NINES + 0o02), d.value(0o35)
        (100, 360, 0)
        """
        c = action & 31
        base = action - c
        if base == A.MARRIAGE or base == A.MARRIAGE_KEEP:
            return ACE_MARRIAGE_VALUE if c & 7 == ACE else self.values[c >> 3]
        if base == A.BED or base == A.BED_KEEP:
            return self.values[c >> 3] // 2
        if base == A.NINES:
            return self.nines
        return 0

    def effect(self, action: int) -> tuple[int, int, int, bool]:
        """Return what leading ``action`` (a declaring lead) does: ``(value, trump, declared,
        ace)`` — its value, the suit that becomes trump (-1: the trump stays), the suit mask
        it adds to ``declared``, and whether it makes its seat the strict ace-marriage holder.
        """
        c = action & 31
        base = action - c
        s = c >> 3
        is_ace = c & 7 == ACE
        trump = s if base in NAMING and not self.fixed else -1
        declared = SUIT_MASK[s] if base in _SUITED and not is_ace else 0
        return self.value(action), trump, declared, self.strict and is_ace and base == A.MARRIAGE

    @staticmethod
    def partners(action: int) -> int:
        """Return the other cards of the declaration led by ``action`` (its maker held them
        when he led it; 0 for a plain card).

        >>> from kozyr.cards import format_hand
        >>> format_hand(Declarations.partners(A.BED + 0o34)), Declarations.partners(0o34)
        ('JH', 0)
        """
        c = action & 31
        base = action - c
        if base == A.MARRIAGE or base == A.MARRIAGE_KEEP:
            return marriage_partners(c)
        if base == A.BED or base == A.BED_KEEP:
            return QJ_MASK[c >> 3] & ~(1 << c)
        if base == A.NINES:
            return NINES_MASK & ~(1 << c)
        return 0

    # -- the leads -------------------------------------------------------------------------
    def allowed(self, hand: int, trump: int, holder: bool, ace_suit: int) -> int:
        """Return the cards of ``hand`` that may be led at all (``strict``'s rules 2 and 3 for
        the ace-marriage holder; everyone else: the whole hand)."""
        if not holder:
            return hand
        aces = hand & ACES_MASK
        if aces:
            return aces
        if ace_suit >= 0 and trump == ace_suit:
            rest = hand & ~SUIT_MASK[trump]
            if rest:
                return rest
        return hand

    def declaring(self, hand: int, trick_no: int, trump: int, declared: int) -> list[int]:
        """Return the declarations ``hand`` may lead now, before ``strict``'s card rules, in
        action order (suit by suit: K+Q, K+Q in suit, Q+J, Q+J in suit; then four nines, the
        ace marriage)."""
        out: list[int] = []
        if trick_no or self.first:
            keep = self.keep and trump >= 0 and not self.fixed
            kings = hand & (hand << 1) & KINGS_MASK & ~declared
            for k in _cards(kings):
                out += (A.MARRIAGE + k - 1, A.MARRIAGE + k)
                if keep:
                    out += (A.MARRIAGE_KEEP + k - 1, A.MARRIAGE_KEEP + k)
            if self.bed:
                for q in _cards(hand & (hand << 1) & QUEENS_MASK & ~declared):
                    out += (A.BED + q - 1, A.BED + q)
                    if keep:
                        out += (A.BED_KEEP + q - 1, A.BED_KEEP + q)
            if self.nines and hand & NINES_MASK == NINES_MASK:
                out += [A.NINES + c for c in _cards(NINES_MASK)]
            if self.ace and hand & ACES_MASK == ACES_MASK:
                out += [A.MARRIAGE + c for c in _cards(ACES_MASK)]
        elif self.strict and hand & ACES_MASK == ACES_MASK:
            out += [A.MARRIAGE + c for c in _cards(ACES_MASK)]  # rule 1: any lead
        return out

    def leads(self, hand: int, trick_no: int, trump: int, declared: int, holder: bool,
              ace_suit: int) -> list[int]:
        """Return the legal leads of ``hand`` (a new list): the plain cards low first (under
        ``marriage_auto`` not those that can declare), then the declarations.

        >>> from kozyr.cards import parse_hand as h
        >>> d = Declarations.of(ThousandRules(marriage_auto=True, marriage_keep_trump=True))
        >>> [A.action_to_text(a) for a in d.leads(h("KH QH 9S"), 2, 0, 0, False, -1)]
        ['play 9S', 'play QH marriage', 'play KH marriage', 'play QH marriage keep', \
'play KH marriage keep']
        """
        ok = self.allowed(hand, trump, holder, ace_suit)
        decls = [a for a in self.declaring(hand, trick_no, trump, declared) if ok >> (a & 31) & 1]
        plain = ok
        if self.auto:
            for a in decls:
                plain &= ~(1 << (a & 31))
        return [*_cards(plain), *decls]

    # -- the cap ---------------------------------------------------------------------------
    def held_value(self, hand: int) -> int:
        """Return what the declarations ``hand`` holds add to the cap (see the module).

        >>> from kozyr.cards import parse_hand as h
        >>> d = Declarations.of(ThousandRules(bed_marriage=True, four_nines=200))
        >>> d.held_value(h("KH QH JH QD JD 9S 9C 9D 9H"))  # 100 + 40 + 200 (no bed in hearts)
        340
        """
        total = 0
        for s in range(4):
            if hand & KQ_MASK[s] == KQ_MASK[s]:
                total += self.values[s]
            elif self.bed and hand & QJ_MASK[s] == QJ_MASK[s]:
                total += self.values[s] // 2
        if self.ace and hand & ACES_MASK == ACES_MASK:
            total += ACE_MARRIAGE_VALUE
        if self.nines and hand & NINES_MASK == NINES_MASK:
            total += self.nines
        return total

    def cap(self, hand: int) -> int:
        """Return the highest bid or contract ``hand`` allows: 120 + :meth:`held_value`, at
        most ``max_bid``."""
        c = 120 + self.held_value(hand)
        return c if c < self.max_bid else self.max_bid

    # -- what leads show -------------------------------------------------------------------
    def lead_inference(self, plays: Iterable[tuple[int, int]], seats: int, trick_size: int,
                       trump: int = -1) -> list[int]:
        """Return, per seat, the cards this deal's leads prove it does not hold (see the
        module; nothing unless ``marriage_auto`` or ``strict``).

        ``plays`` are the deal's cards as ``(seat, action)`` in play order (the play actions:
        a card, or a declaring lead); ``trump`` is the trump at the first lead (-1 unless the
        declarer named it).
        """
        out = [0] * seats
        if not (self.auto or self.strict):
            return out
        n = trick_no = declared = 0
        holder, ace_suit = -1, -1
        for seat, action in plays:
            if not n:
                c = action & 31
                if seat == holder:
                    if c & 7 != ACE:
                        out[seat] |= ACES_MASK
                    if ace_suit >= 0 and trump == ace_suit and c >> 3 == trump:
                        out[seat] |= THOUSAND_DECK & ~SUIT_MASK[trump]
                if action < 32:
                    if self.auto and (trick_no or self.first):
                        out[seat] |= self._partners_shown_missing(c, declared)
                else:
                    _value, t, bits, ace = self.effect(action)
                    if t >= 0:
                        trump = t
                    declared |= bits
                    if ace:
                        holder, ace_suit = seat, t
            n += 1
            if n == trick_size:
                n = 0
                trick_no += 1
        return out

    def _partners_shown_missing(self, c: int, declared: int) -> int:
        """Return the partners a plain lead of ``c`` under ``marriage_auto`` proves absent."""
        s = c >> 3
        if SUIT_MASK[s] & declared:
            return 0
        rank = c & 7
        out = 0
        if rank in (KING, QUEEN):
            out |= KQ_MASK[s] & ~(1 << c)
        if self.bed and rank in (QUEEN, JACK):
            out |= QJ_MASK[s] & ~(1 << c)
        return out


def hand_cap(hand: int, rules: ThousandRules) -> int:
    """Return the highest bid or contract ``hand`` allows under ``rules`` (see the module).

    >>> from kozyr.cards import parse_hand as h
    >>> hand_cap(h("QH JH 9S 9C 9D 9H"), ThousandRules(bed_marriage=True, four_nines=360))
    300
    """
    return Declarations.of(rules).cap(hand)


__all__ = ["KEEPING", "NAMING", "QJ_MASK", "QUEENS_MASK", "Declarations", "hand_cap"]
