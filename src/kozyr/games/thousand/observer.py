"""What one seat of a Thousand match may see (observation) and plausible deals for it (resample).

:func:`observation` is the only place that decides what a seat sees; every key is JSON data:

- ``game``, ``rules`` (the record form), ``players``, ``seat`` (None: a spectator),
  ``deal_index``, ``dealer``, ``sitting_out`` (four players: the dealer), ``phase``, ``to_act``,
  ``legal`` (action texts, only for the seat to act), ``hand`` (own cards as a record string;
  null for a spectator and for a forced bidder playing blind), ``hand_sizes``;
- ``history``: this deal's actions as ``[seat, text]``, automatic ones included (the forced
  ``bid 100``, a barrel player's ``bid C``, passes in the red); a card the seat may not see is
  ``??`` (``give 2 ??``, ``discard ??``);
- bidding: ``forced_bidder``, ``bid`` (highest so far or null), ``high_bidder``, ``passed``,
  ``blind`` (the blind 120 stands), ``blind_bidder`` (who bid it, while it stands, else null),
  ``hands_unseen`` (the seats that have not yet seen their own hands: the blind offered, §11.4;
  each such seat's own ``hand`` is null); ``cap`` (the seat's own highest bid/contract now,
  null for a spectator or while his hand is unseen);
- talon: ``declarer``, ``contract``, ``talon`` (a record string once shown to everyone, or to
  the declarer himself; else null), ``talon_piles`` (two players: each pile's string once
  shown, else null), ``received`` (cards given to this seat), ``given`` (``[seat, card]`` this
  seat gave), ``discards`` (two players, the declarer's own, else null); ``talon_buying``:
  ``buyer_asked`` (the opponent asked ``buy``/``decline`` now, else null: the talon lies shown
  on the table meanwhile) and ``sales`` (the seats that sold the talon in this deal, in order);
- play: ``trump`` (suit letter or null), ``marriages`` (the declarations in order:
  ``[seat, suit letter]`` for a marriage or the ace marriage (the led ace's suit), and with
  §11's declarations ``[seat, suit letter, words]``, the words after the card: ``marriage
  keep``, ``bed``, ``bed keep``, ``nines``), ``trick``
  (``[seat, card]`` in play order), ``leader``, ``last_trick`` (``{"cards", "winner"}`` or
  null), ``tricks_won``, ``taken_points`` (card points in tricks, public: every card played
  was seen);
- match: ``totals``, ``sheet`` (rows as JSON), ``barrel`` (seats on the barrel), ``bolts``,
  ``writeoffs``, ``barrel_falls`` (each seat's falls from the barrel this match, §11.7),
  ``cut_penalties``, ``winner``, ``is_over``.

:func:`deal_hidden` (the hook of ``ThousandMatch.resample``) deals every card ``seat`` cannot
see again (others' hands, a talon or pile not shown, the other's discards) from the pool of
unseen cards in sorted order shuffled by ``rng``, keeping hand sizes, shown voids
(:func:`kozyr.games.thousand.cardplay.forbidden_cards`: did not follow: no card of the led
suit; did not trump either: no trump of that moment; ``must_beat``: no higher card of the led
suit; what a lead shows under ``marriage_auto`` and the strict ace marriage:
:meth:`kozyr.games.thousand.declarations.Declarations.lead_inference`), and cards known to be
in a hand (given by or to this seat, a shown talon in the declarer's hand, the partners of a
declaration).  A shown talon card may also have been
given to an opponent face down: the sample keeps such a card either in the declarer's hand or
as the card that opponent received.  The past is rewritten to match (the hidden cards of
``give``/``discard``, the deal's dealt cards), so the copy is a consistent match to play on;
the draw depends only on what ``observation(seat)`` shows and on ``rng``.  What the bidding
and the redeal round showed (a bid above 120 needs a marriage, a contract above the bid too,
exactly the eligible players are asked about a redeal) is met by drawing again, up to
``RESAMPLE_ATTEMPTS`` times; if no draw meets it the last draw is returned (it keeps every hard
constraint above, and the copy plays on normally) with ``resample_consistent`` False:
replaying its record would then refuse a bid.  The copy forgets the ``no_shuffle`` deck this
deal was cut from; the resample template (:class:`kozyr.core.resampling.ResampledMatch`) gives
it a new seed from ``rng`` (32 bits, drawn first: its later deals differ from the match's) and
keeps only the open deal's record (earlier ones hold cards the seat never saw).
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, TypeVar

from kozyr.cards import SUIT_LETTERS, format_card, format_hand
from kozyr.core.observation import BaseObservation, HistoryEntry, LastTrick, SeatCard
from kozyr.core.sampling import match_slots
from kozyr.core.sheet import sheet_json
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import forbidden_cards, marriage_partners
from kozyr.games.thousand.deal import DealtCards
from kozyr.games.thousand.declarations import NAMING, Declarations
from kozyr.games.thousand.scoring import barrel_seats
from kozyr.games.thousand.tables import P_BIDDING, P_CONTRACT, P_DEAL, P_OVER, P_REDEAL, P_TALON

if TYPE_CHECKING:
    from kozyr.games.thousand.state import ThousandState

#: Deals tried by :func:`deal_hidden` to meet what the bids and the redeal round showed.
RESAMPLE_ATTEMPTS = 400

StateT = TypeVar("StateT", bound="ThousandState")


class ThousandObservation(BaseObservation):
    """What :func:`observation` returns: the keys every game shares, and Thousand's own (see
    the module's list for their meaning)."""

    sitting_out: int | None
    forced_bidder: int | None
    bid: int | None
    high_bidder: int | None
    passed: list[bool]
    blind: bool
    cap: int | None
    declarer: int | None
    contract: int | None
    talon: str | None
    talon_piles: list[str | None] | None
    received: list[str]
    given: list[SeatCard]
    discards: list[str] | None
    #: ``[seat, suit letter]`` of each declaration, in order (``[seat, suit, words]`` for
    #: §11's: see the module).
    marriages: list[list[int | str]]
    taken_points: list[int]
    barrel: list[int]
    bolts: list[int]
    writeoffs: list[int]
    barrel_falls: list[int]
    cut_penalties: list[list[int]]
    winner: int | None
    blind_bidder: int | None
    hands_unseen: list[int]
    buyer_asked: int | None
    sales: list[int]


def _hand_hidden_from_self(m: ThousandState, seat: int) -> bool:
    """Return True while ``seat`` has not seen his own cards (the blind, §11.4)."""
    return m.hand_unseen(seat)


def _sees_card(m: ThousandState, viewer: int | None, actor: int, action: int) -> bool:
    if A.DISCARD <= action < A.GIVE:
        return viewer == actor
    if A.GIVE <= action < A.PASS:
        return viewer == actor or viewer == (action - A.GIVE) >> 5
    return True


def _redacted(action: int) -> str:
    if A.DISCARD <= action < A.GIVE:
        return "discard ??"
    return f"give {(action - A.GIVE) >> 5} ??"


def _trick_seats(m: ThousandState) -> list[int]:
    out = [m._leader]
    for _ in range(len(m._trick) - 1):
        out.append(m._nxt[out[-1]])
    return out


def observation(m: ThousandState, seat: int | None) -> ThousandObservation:
    """Return exactly what ``seat`` may see of ``m`` now (``None``: a spectator), JSON-ready."""
    n = m._n
    rules = m.rules
    to_act = m.current_player()
    own = seat is not None and not _hand_hidden_from_self(m, seat)
    history: list[HistoryEntry] = []
    for e in m._log:
        actor, action = (e >> 1) & 3, e >> 3
        text = (A.action_to_text(action) if _sees_card(m, seat, actor, action)
                else _redacted(action))
        history.append([actor, text])
    decl = m._declarer if m._declarer >= 0 else None
    started = m._phase not in (P_DEAL, P_OVER) or bool(m._log) or m._deals
    talon = None
    if n != 2 and decl is not None and (m._talon_shown or seat == decl):
        talon = format_hand(m._talon)
    piles: list[str | None] | None = None
    if n == 2:
        seen = m._talon_shown or (seat is not None and seat == decl)
        piles = [format_hand(m._piles[p]) if p == m._taken_pile and seen else None
                 for p in (0, 1)]
    received = [format_card(c) for to, c in m._given if to == seat]
    given: list[SeatCard] = [[to, format_card(c)] for to, c in m._given
                             if seat is not None and seat == decl]
    discards = None
    if n == 2 and seat is not None and seat == decl and m._taken_pile >= 0:
        discards = [format_card(e >> 3 & 31) for e in m._log
                    if A.DISCARD <= e >> 3 < A.GIVE]
    last: LastTrick | None = None
    if m._last_trick is not None:
        cards, leader, winner = m._last_trick
        seats = [leader]
        for _ in range(len(cards) - 1):
            seats.append(m._nxt[seats[-1]])
        last = {"cards": [[s, format_card(c)] for s, c in zip(seats, cards, strict=True)],
                "winner": winner}
    score = m.score
    return {
        "game": "thousand",
        "rules": m.rules_json if isinstance(m.rules_json, str) else copy.deepcopy(m.rules_json),
        "players": n,
        "seat": seat,
        "deal_index": m._deal_index,
        "dealer": m._dealer,
        "sitting_out": m._dealer if n == 4 else None,
        "phase": m.phase,
        "to_act": to_act,
        "legal": m.legal_texts() if seat is not None and seat == to_act else [],
        "hand": format_hand(m._hands[seat]) if own and seat is not None else None,
        "hand_sizes": [h.bit_count() for h in m._hands] if started else [0] * n,
        "history": history,
        "forced_bidder": m._forced if m._forced >= 0 else None,
        "bid": m._bid or None,
        "high_bidder": m._high if m._high >= 0 and m._bid else None,
        "passed": list(m._passed),
        "blind": m._blind,
        "cap": m.cap(seat) if own and seat is not None and m._phase in (P_BIDDING, P_TALON,
                                                                          P_CONTRACT) else None,
        "declarer": decl,
        "contract": m._contract or None,
        "talon": talon,
        "talon_piles": piles,
        "received": received,
        "given": given,
        "discards": discards,
        "trump": SUIT_LETTERS[m._trump] if m._trump >= 0 else None,
        "marriages": _declared(m),
        "trick": [[s, format_card(c)] for s, c in zip(_trick_seats(m), m._trick, strict=False)]
        if m._trick else [],
        "leader": m._leader if m._leader >= 0 else None,
        "last_trick": last,
        "tricks_won": list(m._tricks),
        "taken_points": list(m._taken),
        "totals": list(score.totals),
        "sheet": sheet_json(score.rows),
        "barrel": barrel_seats(rules, score) if rules.barrel else [],
        "bolts": list(score.bolts),
        "writeoffs": list(score.writeoffs),
        "barrel_falls": list(score.barrel_falls),
        "cut_penalties": [list(p) for p in m.cut_penalties],
        "blind_bidder": m._blind_seat if m._blind and m._blind_seat >= 0 else None,
        "hands_unseen": [s for s in range(n) if m.hand_unseen(s)],
        "buyer_asked": m._to_act if m._buy_queue else None,
        "sales": list(m._sales),
        "winner": score.winner,
        "is_over": m.is_over,
    }


def _declared(m: ThousandState) -> list[list[int | str]]:
    """Return the deal's declarations for ``marriages`` (see the module), in order."""
    if m._decl_plain:
        return [[s, SUIT_LETTERS[t]] for s, t in m._marriages]
    out: list[list[int | str]] = []
    for e in m._log:
        action = e >> 3
        if A.MARRIAGE <= action < A.BID and (action < 64 or action >= A.MARRIAGE_KEEP):
            entry: list[int | str] = [(e >> 1) & 3, SUIT_LETTERS[(action & 31) >> 3]]
            if action >= A.MARRIAGE_KEEP:
                entry.append(A.action_to_text(action).split(" ", 2)[2])
            out.append(entry)
    return out


def _is_play(action: int) -> bool:
    """Return True for a card played: plain, or a declaring lead (actions.DECLARING)."""
    return action < 64 or A.MARRIAGE_KEEP <= action < A.BID


# -- resample ------------------------------------------------------------------------------------
def _forbidden(m: ThousandState) -> list[int]:
    """Return, per seat, the cards its play has shown it cannot hold (voids, must_beat, and
    what leads show: declarations.py)."""
    fixed = m._fixed_trump
    trump = m._trump if fixed else -1
    if m._decl_plain:
        plays = [((e >> 1) & 3, e >> 3 & 31, e >> 3 >= A.MARRIAGE) for e in m._log
                 if e >> 3 < A.DISCARD]
        return forbidden_cards(plays, m._n, len(m._active), m._must_beat, trump, fixed)
    leads = [((e >> 1) & 3, e >> 3) for e in m._log if _is_play(e >> 3)]
    out = forbidden_cards([(s, a & 31, a - (a & 31) in NAMING) for s, a in leads], m._n,
                          len(m._active), m._must_beat, trump, fixed)
    shown = m._decl.lead_inference(leads, m._n, len(m._active), trump)
    return [a | b for a, b in zip(out, shown, strict=True)]


def _played_by(m: ThousandState) -> list[int]:
    out = [0] * m._n
    for e in m._log:
        action = e >> 3
        if action < 64 or A.MARRIAGE_KEEP <= action < A.BID:
            out[(e >> 1) & 3] |= 1 << (action & 31)
    return out


def _marriage_known(m: ThousandState, played: list[int]) -> list[int]:
    """Return, per seat, the partners of his declarations he still holds (known to all)."""
    out = [0] * m._n
    all_played = 0
    for p in played:
        all_played |= p
    for e in m._log:
        action = e >> 3
        if A.MARRIAGE <= action < 64:
            seat, c = (e >> 1) & 3, action & 31
            out[seat] |= marriage_partners(c) & ~all_played
        elif A.MARRIAGE_KEEP <= action < A.BID:
            out[(e >> 1) & 3] |= Declarations.partners(action) & ~all_played
    return out


def deal_hidden(m: StateT, seat: int, rng: random.Random) -> StateT:
    """Return a copy of ``m`` whose cards hidden from ``seat`` are dealt again (see module).

    The resample template (:class:`kozyr.core.resampling.ResampledMatch`) draws the copy's
    seed before (32 bits) and forgets its earlier deals' records after.
    """
    if m._phase in (P_DEAL, P_OVER) or not m._deals:
        return m._sample_copy()
    n = m._n
    decl = m._declarer
    played = _played_by(m)
    forbid = _forbidden(m)
    known = _marriage_known(m, played)
    hidden_self = _hand_hidden_from_self(m, seat)
    if not hidden_self:
        known[seat] = m._hands[seat]
    all_played = 0
    for p in played:
        all_played |= p
    # (talon_buying: the talon lies shown on the table until the round ends)
    talon_taken = decl >= 0 and (n != 2 or m._taken_pile >= 0) and not m._buy_queue
    gifts_hidden: list[int] = []
    resolved: dict[int, int] = {}
    for to, c in m._given:
        if seat in (decl, to):
            known[to] |= (1 << c) & ~played[to]
        elif n != 2 and m._talon_shown and (played[to] | known[to]) & m._talon:
            # a shown talon card this opponent played (or showed by a marriage) was his gift
            resolved[to] = ((played[to] | known[to]) & m._talon).bit_length() - 1
        else:
            gifts_hidden.append(to)
    # shown talon (pile) cards the seat cannot place for sure
    tcards = 0
    if talon_taken and n != 2 and m._talon_shown and seat != decl:
        left = m._talon & ~all_played
        for to, c in m._given:
            if seat == to:
                left &= ~(1 << c)
        for c in resolved.values():
            left &= ~(1 << c)
        if gifts_hidden:
            tcards = left
        else:
            known[decl] |= left
    pile_cards = 0
    if n == 2 and m._taken_pile >= 0 and seat != decl and m._talon_shown:
        pile_cards = m._piles[m._taken_pile] & ~played[decl]
        if not m._discards:
            known[decl] |= pile_cards
    locations: list[tuple[int, int]] = []  # (location id, content)
    for s in range(n):
        locations.append((s, m._hands[s]))
    if n != 2 and not talon_taken and not m._buy_queue:  # (bought or not, a shown talon)
        locations.append((n, m._talon))
    if n == 2:
        for p in (0, 1):
            if p != m._taken_pile:
                locations.append((n + 1 + p, m._piles[p]))
        if seat != decl and m._discards:
            locations.append((n + 3, m._discards))
    # location ids: 0..n-1 hands, n the talon, n+1 and n+2 the piles, n+3 the discards
    pool_locs: list[int] = []
    slots: list[int] = []
    slot_loc: list[int] = []
    pool = 0
    for loc, content in locations:
        k = known[loc] & content if loc < n else 0
        unknown = content & ~k
        if not unknown:
            continue
        pool |= unknown
        accept = ~0
        if loc < n:
            accept &= ~forbid[loc]
            if loc != decl:
                accept &= ~tcards
        if n + 1 <= loc <= n + 2:
            accept &= ~pile_cards
        cnt = unknown.bit_count()
        for j in range(cnt):
            a = accept
            if loc in gifts_hidden and j == 0:
                a = ~forbid[loc]  # the gift slot: any card he may hold, a talon card too
            slots.append(a)
            slot_loc.append(loc)
        pool_locs.append(loc)
    if not pool_locs:
        return m._sample_copy()
    cards0 = sorted(c for c in range(32) if pool >> c & 1)
    for _attempt in range(RESAMPLE_ATTEMPTS):
        out = m._sample_copy()
        cards = list(cards0)
        rng.shuffle(cards)
        owner = match_slots(cards, slots)
        new: dict[int, int] = {loc: (known[loc] if loc < n else 0) for loc in pool_locs}
        gift_of: dict[int, int] = {}
        for i, c in enumerate(owner):
            loc = slot_loc[i]
            new[loc] |= 1 << c
            if loc in gifts_hidden and tcards >> c & 1:
                gift_of[loc] = c  # a shown talon card can only be there as his gift
        hands = list(m._hands)
        talon = m._talon
        piles = list(m._piles)
        discards = m._discards
        for loc, content in new.items():
            if loc < n:
                hands[loc] = content
            elif loc == n:
                talon = content
            elif loc <= n + 2:
                piles[loc - n - 1] = content
            else:
                discards = content
        for to, c in resolved.items():
            gift_of[to] = c
        _rewrite_past(m, out, seat, hands, talon, piles, discards, gift_of, played, rng)
        if _consistent(out, played):
            return out
    out.resample_consistent = False
    return out


def _rewrite_past(m: ThousandState, out: ThousandState, seat: int, hands: list[int],
                  talon: int, piles: list[int], discards: int, gift_of: dict[int, int],
                  played: list[int], rng: random.Random) -> None:
    """Rewrite the hidden cards of the deal's past (gives, discards, dealt cards) to fit the
    new cards ``hands``, ``talon``, ``piles`` and ``discards``, and put it all in ``out``."""
    n = m._n
    decl = m._declarer
    given = list(m._given)
    for i, (to, _c) in enumerate(given):
        if seat in (decl, to):
            continue
        if to in gift_of:
            g = gift_of[to]
        else:  # any card he holds or has played (a talon card would have been placed)
            cands = sorted(x for x in range(32) if (hands[to] | played[to]) >> x & 1)
            g = cands[rng.randrange(len(cands))]
        given[i] = (to, g)
    discarded = sorted(x for x in range(32) if discards >> x & 1)
    di = 0
    gi = 0
    log = list(m._log)
    for j, e in enumerate(log):
        action = e >> 3
        base = e & 7
        if A.GIVE <= action < A.PASS:
            to, c = given[gi]
            gi += 1
            log[j] = (A.give(to, c) << 3) | base
        elif A.DISCARD <= action < A.GIVE and seat != decl:
            log[j] = ((A.DISCARD + discarded[di]) << 3) | base
            di += 1
    # the dealt cards: each hand as it was before the talon, gives and discards
    received = [0] * n
    gave = 0
    for to, c in given:
        received[to] |= 1 << c
        gave |= 1 << c
    dealt_piles = (piles[0], piles[1])
    orig = [0] * n
    for s in range(n):
        orig[s] = (hands[s] | played[s]) & ~received[s]
    if decl >= 0 and (n != 2 or m._taken_pile >= 0):
        holdings = hands[decl] | played[decl] | gave | discards
        if n == 2:
            if not m._talon_shown and seat != decl:
                cands = sorted(x for x in range(32) if holdings >> x & 1)
                rng.shuffle(cands)
                piles[m._taken_pile] = (1 << cands[0]) | (1 << cands[1])
                dealt_piles = (piles[0], piles[1])
            orig[decl] = holdings & ~dealt_piles[m._taken_pile]
        else:
            if not m._talon_shown and seat != decl:
                cands = sorted(x for x in range(32) if holdings >> x & 1)
                rng.shuffle(cands)
                talon = sum(1 << x for x in cands[:3])
            orig[decl] = holdings & ~talon
    dealt = DealtCards(tuple(orig), talon if n != 2 else 0, dealt_piles,
                       m._deals[-1][0].cut_penalty_seat)
    out._place_sample(hands, talon, piles, discards, given, log, dealt)


def _consistent(out: ThousandState, played: list[int]) -> bool:
    """Return True if the bids, contract and redeal round of the deal fit its (new) cards.

    A bid above 120 needs the marriages in the hand dealt; a contract above the bid needs
    them in the hand after the talon; the redeal round asks exactly the eligible players (so
    far, in order); and the round still to come (or under way) is set up from the new cards.
    """
    hand_cap = out.hand_cap
    rules = out.rules
    n = out._n
    dealt = out._deals[-1][0].hands
    decl = out._declarer
    keeps: list[int] = []
    keeps_after: list[int] = []
    bidding = False
    best = [0] * n
    for e in out._log:
        seat, action, auto = (e >> 1) & 3, e >> 3, e & 1
        if A.BID <= action < A.CONTRACT or action in (A.PASS, A.BLIND):
            bidding = True
            if not auto and action >= A.BID:
                best[seat] = max(best[seat], action - A.BID)
        elif action == A.KEEP:
            (keeps_after if bidding else keeps).append(seat)
        elif action >= A.CONTRACT:
            c = action - A.CONTRACT
            if c > out._bid and c > hand_cap(out._hands[decl] | played[decl]):
                return False
    for s in range(n):
        if best[s] > 120 and best[s] > hand_cap(dealt[s]):
            return False
    if not rules.redeal:
        return True
    act = out._active
    if rules.redeal_when != "after_pass":  # the round before the bidding
        asked = [s for s in act if out.eligible(dealt[s])]
        if out._phase == P_REDEAL and not bidding:
            return _round_so_far(out, asked, keeps)
        if asked != keeps or rules.redeal_when == "before_bidding":
            return asked == keeps
    if decl < 0 or out._phase < P_REDEAL or out._phase in (P_BIDDING, P_TALON):
        return True
    order = [out._nxt[decl]]
    while order[-1] != decl:
        order.append(out._nxt[order[-1]])
    asked = [s for s in order if out.eligible(out._hands[s] | played[s])]
    if out._phase == P_REDEAL:
        return _round_so_far(out, asked, keeps_after)
    return asked == keeps_after


def _round_so_far(out: ThousandState, asked: list[int], keeps: list[int]) -> bool:
    """Check a redeal round under way against the new cards, and set up its queue."""
    k = len(keeps)
    if asked[:k] != keeps or len(asked) <= k or asked[k] != out._to_act:
        return False
    out._set_redeal_queue(asked[k:])
    return True
