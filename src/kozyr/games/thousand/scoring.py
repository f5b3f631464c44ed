"""Thousand's match scoring, apart from the deal's state (rules/thousand.md §7, §8, §11.7).

The deal engine (``state.py``) reports each finished deal as a :class:`DealOutcome`;
:func:`score_deal` turns it into a score-sheet row and advances the :class:`MatchScore`
(totals, bolts, write-offs, the barrel, golden-horse deals, the winner), in the order of
§11.7 "Order within a deal": 1. deal scores; 2. golden-horse doubling; 3. penalties (bolts,
the third write-off, the cut); 4. the barrel (:mod:`.barrel`); 5. dump truck; 6. the
golden-horse reset; 7. the win.  :func:`score_simple` is the engine's fast path for the common
case; :func:`queries.simple_scoring_ok` says when the engine may call it.

The match-situation queries (:mod:`.queries`: :func:`barrel_seats`, :func:`may_write_off`,
:func:`golden_horse_deal`, :func:`barrel_bidders`, :func:`may_bid_blind`,
:func:`may_buy_talon`, :func:`passes_in_red`, :func:`simple_scoring_ok`, :func:`settlement`)
and the outcome types (:mod:`.outcome`) are re-exported here.

Readings of the rules page where it leaves a question (each one is tested):

- Rounding ``nearest_5``: 62 -> 60, 63 -> 65, 67 -> 65, 68 -> 70.  A half bid (write-off gain,
  ``writeoff_penalty`` = ``half``) is rounded *up*: 105 -> 55, 115 -> 60.
- A seat's deal points (the sheet's ``points``) are his card points plus the declarations that
  count for him: ``marriage_declarer_only`` leaves an opponent's out, ``barrel_no_marriages`` a
  barrel seat's.  ``bolt_when`` = ``no_points``/``zero_score`` and ``round_declarer`` judge
  those deal points.
- Blind: the declarer's result counts double, in a played deal (+-2 x contract; with
  ``blind_marriages_doubled`` off +-(contract + 120)) and in a write-off (2 x the
  ``writeoff_penalty``); with ``blind_doubles`` = ``all`` also each opponent's step-1 score
  (with ``blind_marriages_doubled`` off: 2 x R(points) - his counting declarations).  Golden
  horse stacks: x4.  The sitting-out dealer's talon marriage is never blind-doubled.
- Golden horse doubles the step-1 scores of the first 3 deals that are not redeals
  (write-offs and strike-outs count among them), talon-sale credits included, and marks ``x2``
  every seat whose score it doubles: all but a barrel seat winning with his contract and an
  ``accumulate`` barrel seat.  Penalties and barrel falls (later steps) are never doubled.
- A strike-out changes nobody's score at step 1 (the declarer gets ``C``; the sitting-out
  dealer's talon marriage is not scored either); each opponent but the sitting-out dealer and
  a barrel seat gets a dash, a bolt ``B`` counted at step 3.  Talon-sale credits stand in
  every deal but a redeal, a strike-out included (§11.7's step 1 lists them apart).
- A write-off bolt and a strike-out dash count toward ``bolt_limit`` like any bolt.
  ``bolt_consecutive``: a played deal in which a seat could have had a bolt (he plays, is not on
  the barrel, is not idle) and had none resets his count to 0; nothing else breaks a run.
- ``writeoff_third_penalty`` is charged when a seat's write-off count (strike-outs included)
  reaches exactly 3, never to a seat on the barrel (§11.P.14); after a golden-horse reset the
  count starts again.  No sheet mark of its own (the ``P``/``C`` is there).
- Cut penalty: charged at step 3 in every deal, a redeal too (its ``points`` stay 0, its
  ``scores`` show the loss, the dump truck applies, §11.P.8); never to a barrel seat, who gets
  no mark either (§11.P.7).  ``cut_penalty_seat`` without ``cut_ritual`` is refused.
- A barrel player's own result (``contract`` mode): a made contract wins (B + contract, never
  doubled, never reset, not even by the dump truck); a failed contract costs nothing by itself,
  only the fall rules apply.  ``defender_cap_800``: "above 800" is a total > 800 before the
  deal; the cap and the ``contract`` barrel also silence the four-player sitting-out dealer's
  talon marriage (he is not a declarer), which scores in played and written-off deals alike.
  Talon-sale credits are never silenced.
- Golden-horse reset (``golden_horse_120`` with ``golden_horse``): scored after the third
  golden-horse deal when no declarer made his contract in any of the three; the row's
  ``scores`` are then minus the totals before it (so totals stay column sums), its totals 0.
  It also clears a barrel win of that deal (step 6 comes before the win).
- The dump truck comes after the barrel, so a fall landing on exactly +-555 is emptied too; a
  barrel seat emptied by it (only with ``barrel_at`` = 555) leaves the barrel.  It comes before
  the win: a total emptied from 555 does not win.
- Several seats at or above the target (barrel off, or exempt seats beside a made contract):
  a barrel win first (§11.P.13), then the declarer, then the highest total, then the first
  clockwise from the dealer's left.
- A write-off or strike-out the match does not allow (:func:`may_write_off`), or any deal after
  the match is won, raises IllegalActionError and changes nothing; an outcome that does not fit
  the rules (wrong lengths, no contract in a played deal, a sale the table forbids) raises
  ValueError.
- Settlement follows the formula literally: a loser whose total is above the winner's (possible
  only through the declarer-first tie-break) "pays" a negative amount, i.e. receives.

>>> rules = ThousandRules.from_preset("classic")
>>> score = MatchScore.new(rules)
>>> row = score_deal(rules, score, DealOutcome(
...     dealer=0, kind="played", declarer=2, bid=105, contract=120,
...     points=(0, 47, 133), tricks=(0, 2, 6)))
>>> row.scores, row.totals, row.marks
((0, 45, 120), (0, 45, 120), (('B',), (), ()))
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from kozyr.core.errors import IllegalActionError
from kozyr.core.sheet import DealRow
from kozyr.games.thousand.barrel import apply_barrel
from kozyr.games.thousand.outcome import (
    BARREL_ATTEMPTS,
    BLIND_BID,
    DEFENDER_CAP,
    DUMP_TRUCK,
    FALLS_TO_ZERO,
    GOLDEN_HORSE_DEALS,
    TALON_PRICE,
    THIRD_WRITEOFF,
    WRITEOFF_FIXED_GAIN,
    DealKind,
    DealOutcome,
    MatchScore,
    contract_made,
    round_points,
    writeoff_cost,
    writeoff_gain,
)
from kozyr.games.thousand.queries import (
    barrel_bidders,
    barrel_seats,
    golden_horse_deal,
    may_bid_blind,
    may_buy_talon,
    may_write_off,
    passes_in_red,
    settlement,
    simple_scoring_ok,
)
from kozyr.games.thousand.rules import ThousandRules

__all__ = [
    "BARREL_ATTEMPTS", "DEFENDER_CAP", "DUMP_TRUCK", "FALLS_TO_ZERO", "GOLDEN_HORSE_DEALS",
    "TALON_PRICE", "THIRD_WRITEOFF", "WRITEOFF_FIXED_GAIN", "DealKind", "DealOutcome",
    "MatchScore", "ThousandRules", "barrel_bidders", "barrel_seats", "contract_made",
    "golden_horse_deal", "may_bid_blind", "may_buy_talon", "may_write_off", "passes_in_red",
    "round_points",
    "score_deal", "score_simple", "settlement", "simple_scoring_ok", "writeoff_gain",
]

_NO_MARKS: dict[int, tuple[tuple[str, ...], ...]] = {n: ((),) * n for n in (2, 3, 4)}
_CONCEDE_MARK = {"writeoff": "P", "strikeout": "C"}


def score_deal(rules: ThousandRules, score: MatchScore, outcome: DealOutcome) -> DealRow:
    """Score a finished deal: advance ``score`` and return its score-sheet row.

    Raises IllegalActionError (changing nothing) if the match is over or the write-off or
    strike-out is not allowed, ValueError if ``outcome`` does not fit the rules.
    """
    _check_outcome(rules, score, outcome)
    if (outcome.kind in ("played", "writeoff") and not outcome.sales
            and outcome.cut_penalty_seat is None):
        row = score_simple(rules, score, outcome.dealer, outcome.kind == "played",
                           outcome.declarer, outcome.bid, outcome.contract, outcome.points,
                           outcome.tricks, outcome.blind)
        if row is not None:
            return row
    return _score_general(rules, score, outcome)


class _Deal:
    """The facts of one checked outcome that every step reads."""

    __slots__ = ("accumulate", "counted", "declarer", "idle", "kind", "made", "out", "points",
                 "silent", "start_barrel")

    def __init__(self, rules: ThousandRules, score: MatchScore, outcome: DealOutcome,
                 start_barrel: set[int]) -> None:
        n = rules.players
        d = outcome.declarer
        assert d is not None  # checked
        self.kind = outcome.kind
        self.declarer = d
        self.out = _sitting_out(rules, outcome)
        self.start_barrel = start_barrel
        accumulate = rules.barrel_mode == "accumulate"
        self.accumulate = start_barrel if accumulate else set()
        capped = {s for s in range(n)
                  if rules.defender_cap_800 and score.totals[s] > DEFENDER_CAP}
        # Seats that score only as declarer: a contract-mode barrel seat, one above 800.
        self.silent = (capped - self.accumulate) | (start_barrel - self.accumulate)
        declared = outcome.declarations or (0,) * n
        counted = [0] * n
        for s in range(n):
            if not ((rules.marriage_declarer_only and s != d)
                    or (rules.barrel_no_marriages and s in start_barrel)):
                counted[s] = declared[s]
        self.counted = counted
        played = outcome.kind == "played"
        self.points = [p - declared[s] + counted[s] for s, p in enumerate(outcome.points)] \
            if played else [0] * n
        contract = outcome.contract
        mine = self.points[d]
        self.made = played and contract is not None and contract_made(rules, mine, contract)
        self.idle = (played and rules.barrel_opponents_idle and not accumulate
                     and d in start_barrel and contract == rules.barrel_contract)


def _score_general(rules: ThousandRules, score: MatchScore, outcome: DealOutcome) -> DealRow:
    """Score a checked outcome: every rule of §11.7's order."""
    n = rules.players
    start_barrel = set(barrel_seats(rules, score))
    if outcome.kind == "redeal":
        return _score_redeal(rules, score, outcome, start_barrel)
    before = list(score.totals)
    marks: list[list[str]] = [[] for _ in range(n)]
    deal = _Deal(rules, score, outcome, start_barrel)
    declarer = deal.declarer

    # 1. deal scores
    scores = _deal_scores(rules, deal, outcome, marks)
    if deal.kind in _CONCEDE_MARK:
        marks[declarer].append(_CONCEDE_MARK[deal.kind])
        score.writeoffs[declarer] += 1

    # 2. golden horse (never a barrel seat's winning contract, nor an accumulate barrel seat)
    golden = golden_horse_deal(rules, score)
    if golden:
        for seat in range(n):
            if seat in deal.accumulate or (seat == declarer and deal.made
                                           and seat in start_barrel):
                continue
            scores[seat] *= 2
            marks[seat].append("x2")
    score.scored_deals += 1
    totals = list(map(add, before, scores))

    # 3. penalties: bolts, the third write-off, the cut
    _penalties(rules, score, deal, outcome, totals, marks)

    # 4. the barrel
    winner = None
    if rules.barrel:
        winner = apply_barrel(rules, score, totals, marks, start_barrel, declarer=declarer,
                              made=deal.made, contract=outcome.contract,
                              played=deal.kind == "played", out=deal.out)

    # 5. dump truck
    _dump_truck(rules, score, totals, marks, range(n), keep=winner)

    # 6. golden-horse reset
    if golden and rules.golden_horse_120:
        score.golden_made = score.golden_made or deal.made
        if score.scored_deals == GOLDEN_HORSE_DEALS and not score.golden_made:
            score.restart()
            totals = [0] * n
            winner = None
            for seat_marks in marks:
                seat_marks.append("golden-reset")

    # 7. the win
    score.winner = winner if winner is not None else _first_across(
        rules, declarer, outcome.dealer, totals)
    score.totals[:] = totals
    row = DealRow(outcome.dealer, declarer, outcome.bid, outcome.contract, tuple(deal.points),
                  tuple(t - b for t, b in zip(totals, before, strict=True)), tuple(totals),
                  tuple(tuple(m) for m in marks))
    score.rows.append(row)
    return row


def _score_redeal(rules: ThousandRules, score: MatchScore, outcome: DealOutcome,
                  start_barrel: set[int]) -> DealRow:
    """Score a redealt deal: nothing, but the cut penalty (and the dump truck after it)."""
    n = rules.players
    before = tuple(score.totals)
    totals = list(before)
    marks = [["redeal"] for _ in range(n)]
    seat = outcome.cut_penalty_seat
    if seat is not None and seat not in start_barrel:
        totals[seat] -= rules.cut_penalty
        marks[seat].append("cut-penalty")
        _dump_truck(rules, score, totals, marks, (seat,), keep=None)
    score.totals[:] = totals
    row = DealRow(outcome.dealer, None, None, None, (0,) * n,
                  tuple(t - b for t, b in zip(totals, before, strict=True)), tuple(totals),
                  tuple(tuple(m) for m in marks))
    score.rows.append(row)
    return row


def _deal_scores(rules: ThousandRules, deal: _Deal, outcome: DealOutcome,
                 marks: list[list[str]]) -> list[int]:
    """Return step 1: each seat's deal score, before the golden horse and any penalty."""
    n = rules.players
    d, out, silent, acc = deal.declarer, deal.out, deal.silent, deal.accumulate
    bid = outcome.bid
    assert bid is not None  # checked
    scores = [0] * n
    blind = outcome.blind
    doubled_all = blind and rules.blind_doubles == "all"
    if deal.kind == "played":
        contract = outcome.contract
        assert contract is not None  # checked
        sign = 1 if deal.made else -1
        if d in acc:
            scores[d] = deal.points[d]
        elif d in deal.start_barrel:
            scores[d] = contract if deal.made else 0
        elif blind and not rules.blind_marriages_doubled:
            scores[d] = sign * (contract + BLIND_BID)
        else:
            scores[d] = sign * contract * (2 if blind else 1)
        for seat in range(n):
            if seat in (d, out):
                continue
            if seat in acc:
                scores[seat] = deal.points[seat]
            elif deal.idle:
                marks[seat].append("idle")
            elif seat not in silent:
                r = round_points(rules, deal.points[seat])
                if doubled_all:
                    r = 2 * r if rules.blind_marriages_doubled else 2 * r - deal.counted[seat]
                scores[seat] = r
    elif deal.kind == "writeoff":
        if d not in deal.start_barrel:
            scores[d] = -writeoff_cost(rules, bid, blind)
        gain = writeoff_gain(rules, bid)
        for seat in range(n):
            if seat in (d, out) or seat in silent or seat in acc:
                continue
            if rules.writeoff_gain == "aces":
                gain = rules.writeoff_ace_points * outcome.aces[seat]
            scores[seat] = gain * 2 if doubled_all else gain
    if (out is not None and rules.dealer_scores_talon and deal.kind != "strikeout"
            and out not in silent and out not in acc):
        scores[out] = outcome.talon_marriage
    for k, seller in enumerate(outcome.sales, 1):
        scores[seller] += TALON_PRICE * k
        if "sold" not in marks[seller]:
            marks[seller].append("sold")
    return scores


def _penalties(rules: ThousandRules, score: MatchScore, deal: _Deal, outcome: DealOutcome,
               totals: list[int], marks: list[list[str]]) -> None:
    """Apply step 3 to ``totals``: bolts, the third write-off, the cut (never a barrel seat)."""
    bolted = _bolted(rules, deal, outcome)
    for seat in bolted:
        marks[seat].append("B")
        score.bolts[seat] += 1
        if score.bolts[seat] >= rules.bolt_limit:
            totals[seat] -= rules.bolt_penalty
            score.bolts[seat] = 0
    if rules.bolt_consecutive and deal.kind == "played" and not deal.idle:
        for seat in range(rules.players):
            if seat not in bolted and seat != deal.out and seat not in deal.start_barrel:
                score.bolts[seat] = 0
    d = deal.declarer
    if (deal.kind in _CONCEDE_MARK and rules.writeoff_third_penalty
            and score.writeoffs[d] == THIRD_WRITEOFF and d not in deal.start_barrel):
        totals[d] -= rules.writeoff_third_penalty
    cut = outcome.cut_penalty_seat
    if cut is not None and cut not in deal.start_barrel:
        totals[cut] -= rules.cut_penalty
        marks[cut].append("cut-penalty")


def _bolted(rules: ThousandRules, deal: _Deal, outcome: DealOutcome) -> list[int]:
    """Return the seats that get a bolt (or a strike-out dash) in this deal."""
    when = rules.bolt_when
    if when == "never":
        return []
    d, out, barrel = deal.declarer, deal.out, deal.start_barrel
    if deal.kind == "writeoff":
        return [d] if rules.writeoff_penalty == "bolt" and d not in barrel else []
    seats = [s for s in range(rules.players) if s != out and s not in barrel]
    if deal.kind == "strikeout":
        return [s for s in seats if s != d]
    if deal.idle:
        return []
    if when == "no_trick":
        return [s for s in seats if outcome.tricks[s] == 0]
    if when == "no_points":
        return [s for s in seats if deal.points[s] == 0]
    return [s for s in seats if round_points(rules, deal.points[s]) == 0]


def _dump_truck(rules: ThousandRules, score: MatchScore, totals: list[int],
                marks: list[list[str]], seats: Sequence[int], *, keep: int | None) -> None:
    """Apply step 5: a total of exactly +-555 among ``seats`` becomes 0 (not ``keep``'s, the
    barrel winner's)."""
    if not rules.dump_truck:
        return
    for seat in seats:
        if abs(totals[seat]) == DUMP_TRUCK and seat != keep:
            totals[seat] = 0
            marks[seat].append("dump-truck")
            score.on_barrel[seat] = False
            score.barrel_attempts[seat] = 0


def score_simple(rules: ThousandRules, score: MatchScore, dealer: int, played: bool,
                 declarer: int | None, bid: int | None, contract: int | None,
                 points: Sequence[int] | None, tricks: Sequence[int] | None,
                 blind: bool) -> DealRow | None:
    """Score a played (``played``) or written-off deal of two or three players the fast way.

    This is :func:`score_deal` for the common case, where the barrel and the dump truck play
    no part: nobody sits on the barrel before the deal or reaches ``barrel_at`` after it, and
    no total lands on +-555 under ``dump_truck``.  It returns the same row and advances
    ``score`` exactly as score_deal does; outside that case it returns None and changes
    nothing.  The deal is not checked (the engine reports only legal deals): ``points`` and
    ``tricks`` are the seats' (for a written-off deal they are not read), ``contract`` is
    None for a write-off before the contract.  It also returns None at a table where
    :func:`simple_scoring_ok` is False (an option it does not handle is on).
    """
    n = rules.players
    if n == 4 or score.winner is not None or declarer is None or bid is None:
        return None
    if not simple_scoring_ok(rules):
        return None
    barrel = rules.barrel
    if barrel and True in score.on_barrel:
        return None
    before = score.totals
    cap800 = rules.defender_cap_800
    golden = rules.golden_horse and score.scored_deals < GOLDEN_HORSE_DEALS
    scores = []  # step 1 (and 2: golden horse), then 3: bolt penalties
    if played:
        if contract is None or points is None or tricks is None:
            return None
        mine = contract if points[declarer] >= contract else -contract
        if blind:
            mine *= 2
        nearest = rules.rounding != "none"
        for seat in range(n):
            if seat == declarer:
                d = mine
            elif cap800 and before[seat] > DEFENDER_CAP:
                d = 0
            else:
                d = points[seat]
                if nearest:
                    d = (d + 2) // 5 * 5
            scores.append(d * 2 if golden else d)
        bolted = []
        if 0 in tricks and rules.bolt_when == "no_trick":
            for seat in range(n):
                if tricks[seat] == 0:
                    bolted.append(seat)
    else:
        mine = -writeoff_cost(rules, bid, blind)
        gain = writeoff_gain(rules, bid)
        for seat in range(n):
            if seat == declarer:
                d = mine
            elif cap800 and before[seat] > DEFENDER_CAP:
                d = 0
            else:
                d = gain
            scores.append(d * 2 if golden else d)
        bolted = [declarer] if rules.writeoff_penalty == "bolt" else []
    totals = list(map(add, before, scores))
    bolts = None
    if bolted:
        bolts = list(score.bolts)
        for seat in bolted:
            bolts[seat] += 1
            if bolts[seat] >= rules.bolt_limit:
                totals[seat] -= rules.bolt_penalty
                scores[seat] -= rules.bolt_penalty
                bolts[seat] = 0
    if rules.dump_truck and (DUMP_TRUCK in totals or -DUMP_TRUCK in totals):
        return None
    if barrel:
        at = rules.barrel_at
        for t in totals:
            if t >= at:
                return None
        winner = None  # every total is below barrel_at, so below the target
    else:
        winner = _first_across(rules, declarer, dealer, totals)
    # the case is the simple one: commit
    if golden or bolted or not played:
        x2: tuple[str, ...] = ("x2",) if golden else ()
        seat_marks = [x2] * n
        if not played:
            seat_marks[declarer] = ("P", *x2)
            score.writeoffs[declarer] += 1
        for seat in bolted:
            seat_marks[seat] += ("B",)
        marks = tuple(seat_marks)
    else:
        marks = _NO_MARKS[n]
    if bolts is not None:
        score.bolts[:] = bolts
    score.scored_deals += 1
    score.winner = winner
    row = DealRow(dealer, declarer, bid, contract,
                  tuple(points) if played and points is not None else (0,) * n,
                  tuple(scores), tuple(totals), marks)
    score.totals[:] = totals
    score.rows.append(row)
    return row


def _check_outcome(rules: ThousandRules, score: MatchScore, outcome: DealOutcome) -> None:
    """Raise if ``outcome`` cannot be scored in this match now."""
    n = rules.players
    if score.winner is not None:
        raise IllegalActionError(f"the match is over: seat {score.winner} has won")
    if len(score.totals) != n:
        raise ValueError(f"score is for {len(score.totals)} players, the rules say {n}")
    if len(outcome.points) != n or len(outcome.tricks) != n:
        raise ValueError(f"deal outcome needs points and tricks for {n} seats, got "
                         f"{len(outcome.points)} and {len(outcome.tricks)}")
    if not 0 <= outcome.dealer < n:
        raise ValueError(f"deal outcome: no dealer seat {outcome.dealer}")
    for name in ("declarations", "aces"):
        if len(getattr(outcome, name)) not in (0, n):
            raise ValueError(f"deal outcome: {name} needs a value for each of {n} seats")
    cut = outcome.cut_penalty_seat
    if cut is not None and not (rules.cut_ritual and 0 <= cut < n):
        raise ValueError(f"deal outcome: cut_penalty_seat {cut} needs cut_ritual and a seat")
    if outcome.kind == "redeal":
        return
    if outcome.kind not in ("played", "writeoff", "strikeout"):
        raise ValueError(f"deal outcome: unknown kind {outcome.kind!r}")
    declarer = outcome.declarer
    if declarer is None or not 0 <= declarer < n:
        raise ValueError(f"deal outcome: a {outcome.kind} deal needs a declarer seat, "
                         f"got {declarer}")
    if outcome.bid is None:
        raise ValueError(f"deal outcome: a {outcome.kind} deal needs the winning bid")
    out = _sitting_out(rules, outcome)
    if declarer == out:
        raise ValueError(f"deal outcome: seat {declarer} sits this deal out and cannot declare")
    if outcome.kind == "played" and outcome.contract is None:
        raise ValueError("deal outcome: a played deal needs a contract")
    if (outcome.kind == "played" and declarer in barrel_bidders(rules, score)
            and outcome.contract is not None and outcome.contract < rules.barrel_contract):
        raise ValueError(f"deal outcome: seat {declarer} is on the barrel and cannot "
                         f"declare below the barrel contract {rules.barrel_contract}")
    if outcome.sales:
        if not may_buy_talon(rules, score):
            raise ValueError("deal outcome: the talon may not be bought in this deal")
        if any(not 0 <= s < n or s == out for s in outcome.sales):
            raise ValueError(f"deal outcome: sales {outcome.sales} name a seat that cannot sell")
    if outcome.kind != "played":
        if rules.writeoff_gain == "aces" and outcome.kind == "writeoff" and not outcome.aces:
            raise ValueError("deal outcome: a write-off by aces needs each seat's aces")
        strikeout = outcome.kind == "strikeout"
        why = may_write_off(rules, score, declarer, strikeout=strikeout)
        if why is not None:
            verb = "strike out" if strikeout else "write off"
            raise IllegalActionError(f"seat {declarer} may not {verb}: {why}")


def _sitting_out(rules: ThousandRules, outcome: DealOutcome) -> int | None:
    """Return the seat that sits this deal out (four players: the dealer)."""
    if outcome.sitting_out is not None:
        return outcome.sitting_out
    return outcome.dealer if rules.players == 4 else None


def _first_across(rules: ThousandRules, declarer: int, dealer: int,
                  totals: list[int]) -> int | None:
    """Return who wins among the seats at or above the target, if any (§7 tie-breaks)."""
    target = rules.target
    across = [seat for seat, total in enumerate(totals) if total >= target]
    if not across:
        return None
    if declarer in across:
        return declarer
    n = rules.players

    def rank(seat: int) -> tuple[int, int]:
        return totals[seat], -((seat - dealer - 1) % n)

    return max(across, key=rank)
