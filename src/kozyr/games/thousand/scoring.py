"""Thousand's match scoring, apart from the deal's state (rules/thousand.md §7-§8).

The deal engine (``state.py``) reports each finished deal as a :class:`DealOutcome`;
:func:`score_deal` turns it into a score-sheet row and advances the :class:`MatchScore`
(totals, bolts, write-offs, the barrel, golden-horse deals, the winner), in the order of §7:
1. deal scores; 2. golden-horse doubling; 3. bolt penalties; 4. the barrel: clamps and entries,
then collisions, then attempts and falls; 5. dump truck; 6. the win.

The deal engine also asks this module what the match situation allows:
:func:`barrel_seats`, :func:`may_write_off`, :func:`passes_in_red`; and the table shows
:func:`settlement` at the end.

INTERFACE CONTRACT (kept stable; implemented by the scoring work):

- ``DealOutcome`` fields are fixed as below.
- ``MatchScore.new(rules)`` starts a match; ``score_deal(rules, score, outcome) -> DealRow``
  mutates ``score`` and returns the row (``DealRow`` of kozyr.core.sheet).
- ``score.winner`` is the winning seat or None; ``score.totals`` the running totals.

Readings of the rules page where it leaves a question (each one is tested):

- Rounding ``nearest_5``: points are integers, so x2.5 never arises: 62 -> 60, 63 -> 65,
  67 -> 65, 68 -> 70.  A write-off's half bid is rounded *up*: 105 -> 55, 115 -> 60.
- Blind: the declarer's result counts double, in a played deal (+-2 x contract) and in a
  write-off (-2 x bid under ``writeoff_penalty`` = ``contract``); opponents are not doubled.
  Blind and golden horse stack: x4.
- Golden horse doubles the step-1 deal scores of the first 3 deals that are not redeals
  (write-offs count among them) and marks ``x2`` every seat whose score it doubles (all but
  a barrel player winning with his contract); bolt penalties and barrel falls, which come
  later in §7's order, are never doubled.
- A write-off bolt (``writeoff_penalty`` = ``bolt``) counts toward ``bolt_limit`` like any bolt.
- A barrel player's own result: a made contract wins (B + contract, never doubled, never
  reset, not even by the dump truck); a failed contract costs nothing by itself, only the
  fall rules apply (so a failed contract above C costs the fall, -120, not the contract).
- ``defender_cap_800``: "above 800" is a total > 800 before the deal.  The cap and the
  barrel also silence the four-player sitting-out dealer's talon marriage (he is not a
  declarer).  The talon marriage (``dealer_scores_talon``) scores in played and written-off
  deals alike, whatever the engine reports in ``talon_marriage``.
- Climbers who fall in a collision are marked ``barrel`` and ``barrel-fall``; each fall,
  collision or not, counts toward ``barrel_falls_to_zero``, which resets the total to 0 on
  exactly the third fall of the match (later falls cost the penalty again).
- The dump truck comes after the barrel, so a fall that lands on exactly +-555 is emptied too;
  a barrel seat emptied by the dump truck (only with ``barrel_at`` = 555) leaves the barrel.
  It also comes before the win: a total emptied from 555 does not win (barrel off, target
  <= 555).
- A write-off the match does not allow (:func:`may_write_off`), or any deal after the match
  is won, raises IllegalActionError and changes nothing; an outcome that does not fit the
  rules (wrong lengths, no contract in a played deal) raises ValueError.
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
from dataclasses import dataclass, field
from operator import add
from typing import Literal

from kozyr.core.errors import IllegalActionError
from kozyr.core.sheet import DealRow
from kozyr.games.thousand.rules import ThousandRules

DealKind = Literal["played", "writeoff", "strikeout", "redeal"]

GOLDEN_HORSE_DEALS = 3
BARREL_ATTEMPTS = 3
FALLS_TO_ZERO = 3
DEFENDER_CAP = 800
DUMP_TRUCK = 555
WRITEOFF_FIXED_GAIN = 60
_NO_MARKS: dict[int, tuple[tuple[str, ...], ...]] = {n: ((),) * n for n in (2, 3, 4)}


@dataclass(frozen=True)
class DealOutcome:
    """What happened in one deal, as the deal engine saw it.

    - ``kind``: ``played`` (all tricks played), ``writeoff`` (declarer conceded), ``redeal``.
    - ``declarer``/``bid``/``contract``: None where there is none (a redeal; ``contract`` is
      None for a write-off before the contract; ``bid`` is the winning bid).
    - ``points``: each seat's raw deal points, card points in tricks won + marriages declared
      (all 0 unless played).  With two players the declarer's discards count for him.
    - ``tricks``: tricks won per seat (all 0 unless played).
    - ``blind``: the declarer won with the blind 120 (his result counts double).
    - ``sitting_out``: four players: the dealer, who sits out; else None.
    - ``talon_marriage``: four players with ``dealer_scores_talon``: the value of the
      marriage(s) in the talon, scored by the sitting-out dealer; else 0.
    - ``declarations``: per seat, the value of the declarations he made (marriages, ace
      marriage, bed marriages, four nines), which ``points`` includes; ``()`` = none at all.
      Scoring decides which of them count (``marriage_declarer_only``,
      ``barrel_no_marriages``, ``blind_marriages_doubled``).
    - ``sales``: ``talon_buying``: the seats that sold the talon in this deal, in order (the
      k-th seller is credited 120 x k); ``()`` = no sale.
    - ``aces``: per seat, the aces in his hand at the moment of a write-off (``writeoff_gain`` =
      ``aces``); ``()`` unless the deal was written off.
    - ``cut_penalty_seat``: ``cut_ritual``: the cutter charged ``cut_penalty`` in this deal.
    - ``golden``: this deal was one of the golden-horse deals under ``golden_horse_120``
      (no auction; the forced bidder declared 120).
    """

    dealer: int
    kind: DealKind
    declarer: int | None
    bid: int | None
    contract: int | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    blind: bool = False
    sitting_out: int | None = None
    talon_marriage: int = 0
    declarations: tuple[int, ...] = ()
    sales: tuple[int, ...] = ()
    aces: tuple[int, ...] = ()
    cut_penalty_seat: int | None = None
    golden: bool = False


@dataclass
class MatchScore:
    """The scoring state of a match between deals.

    ``bolts`` counts each seat's bolts since his last bolt penalty; ``barrel_attempts`` the
    attempts of his current stay on the barrel; ``barrel_falls`` his falls in the match;
    ``scored_deals`` the deals that were not redeals.
    """

    totals: list[int]
    bolts: list[int]
    writeoffs: list[int]
    on_barrel: list[bool]
    barrel_attempts: list[int]
    barrel_falls: list[int]
    scored_deals: int = 0
    winner: int | None = None
    rows: list[DealRow] = field(default_factory=list)

    @classmethod
    def new(cls, rules: ThousandRules) -> MatchScore:
        """Return the score of a match before its first deal."""
        n = rules.players
        return cls([0] * n, [0] * n, [0] * n, [False] * n, [0] * n, [0] * n)

    def copy(self) -> MatchScore:
        """Return an independent copy."""
        return MatchScore(list(self.totals), list(self.bolts), list(self.writeoffs),
                          list(self.on_barrel), list(self.barrel_attempts),
                          list(self.barrel_falls), self.scored_deals, self.winner,
                          list(self.rows))


def barrel_seats(rules: ThousandRules, score: MatchScore) -> list[int]:
    """Return the seats sitting on the barrel now."""
    if not rules.barrel:
        return []
    return [seat for seat, on in enumerate(score.on_barrel) if on]


def may_write_off(rules: ThousandRules, score: MatchScore, seat: int) -> str | None:
    """Return None if ``seat`` may write off now, else why not."""
    if not rules.allow_writeoff or rules.writeoff_limit == 0:
        return "write-offs are off at this table"
    if score.winner is not None:
        return f"the match is over: seat {score.winner} has won"
    if score.writeoffs[seat] >= rules.writeoff_limit:
        plural = "" if rules.writeoff_limit == 1 else "s"
        return f"you have used your {rules.writeoff_limit} write-off{plural}"
    on = barrel_seats(rules, score)
    if on:
        return f"no write-off while seat {on[0]} is on the barrel"
    return None


def golden_horse_deal(rules: ThousandRules, score: MatchScore) -> bool:
    """Return True if the next deal is one of the golden-horse deals (the first 3 scored)."""
    return rules.golden_horse and score.scored_deals < GOLDEN_HORSE_DEALS


def barrel_bidders(rules: ThousandRules, score: MatchScore) -> list[int]:
    """Return the barrel seats whose bid is the barrel contract C (``barrel_mode`` =
    ``contract``; an ``accumulate`` barrel seat bids like anyone)."""
    if rules.barrel_mode != "contract":
        return []
    return barrel_seats(rules, score)


def may_bid_blind(rules: ThousandRules, score: MatchScore, seat: int) -> bool:
    """Return True if ``seat`` may be offered the blind now (``blind_bid``,
    ``blind_min_score``; never a seat on the barrel)."""
    if not rules.blind_bid or seat in barrel_seats(rules, score):
        return False
    return rules.blind_min_score is None or score.totals[seat] >= rules.blind_min_score


def may_buy_talon(rules: ThousandRules, score: MatchScore) -> bool:
    """Return True if the shown talon may be bought in this deal (``talon_buying``: no seat on
    the barrel, not a ``golden_horse_120`` deal)."""
    if not rules.talon_buying or barrel_seats(rules, score):
        return False
    return not (rules.golden_horse_120 and golden_horse_deal(rules, score))


def passes_in_red(rules: ThousandRules, score: MatchScore, seat: int) -> bool:
    """Return True if ``seat`` passes automatically (``trading_in_red``)."""
    return rules.trading_in_red is not None and score.totals[seat] < rules.trading_in_red


def round_points(rules: ThousandRules, points: int) -> int:
    """Return an opponent's deal points rounded as ``rules.rounding`` says.

    >>> classic = ThousandRules.from_preset("classic")
    >>> [round_points(classic, p) for p in (62, 63, 67, 68, 70)]
    [60, 65, 65, 70, 70]
    """
    if rules.rounding == "none":
        return points
    return (points + 2) // 5 * 5


def writeoff_gain(rules: ThousandRules, bid: int) -> int:
    """Return what each opponent gains from a write-off of ``bid``.

    >>> classic = ThousandRules.from_preset("classic")
    >>> [writeoff_gain(classic, b) for b in (100, 105, 110, 115)]
    [50, 55, 55, 60]
    """
    if rules.writeoff_gain == "fixed_60":
        return WRITEOFF_FIXED_GAIN
    return (bid + 9) // 10 * 5


def settlement(rules: ThousandRules, totals: Sequence[int], winner: int) -> list[int]:
    """Return each seat's gain (+) or loss (-) when each loser pays the winner.

    Each loser pays (winner's total - loser's total) x ``stake``; the list sums to 0.
    Raises ValueError if ``winner`` is not a seat.

    >>> settlement(ThousandRules.from_preset("classic"), [1010, 300, -40], 0)
    [1760, -710, -1050]
    """
    if not 0 <= winner < len(totals):
        raise ValueError(f"settlement: no seat {winner} among {len(totals)} players")
    pays = [0 if seat == winner else (totals[winner] - t) * rules.stake
            for seat, t in enumerate(totals)]
    return [sum(pays) if seat == winner else -p for seat, p in enumerate(pays)]


def score_deal(rules: ThousandRules, score: MatchScore, outcome: DealOutcome) -> DealRow:
    """Score a finished deal: advance ``score`` and return its score-sheet row.

    Raises IllegalActionError (changing nothing) if the match is over or the write-off is
    not allowed, ValueError if ``outcome`` does not fit the rules.
    """
    _check_outcome(rules, score, outcome)
    if outcome.kind != "redeal":
        row = score_simple(rules, score, outcome.dealer, outcome.kind == "played",
                           outcome.declarer, outcome.bid, outcome.contract, outcome.points,
                           outcome.tricks, outcome.blind)
        if row is not None:
            return row
    return _score_general(rules, score, outcome)


def _score_general(rules: ThousandRules, score: MatchScore, outcome: DealOutcome) -> DealRow:
    """Score a checked outcome: every rule of §7, in its order."""
    n = rules.players
    if outcome.kind == "redeal":
        row = DealRow(outcome.dealer, None, None, None, (0,) * n, (0,) * n,
                      tuple(score.totals), tuple(("redeal",) for _ in range(n)))
        score.rows.append(row)
        return row

    before = list(score.totals)
    start_barrel = set(barrel_seats(rules, score))
    marks: list[list[str]] = [[] for _ in range(n)]
    declarer = outcome.declarer
    assert declarer is not None  # checked
    played = outcome.kind == "played"
    made = played and outcome.contract is not None and (
        outcome.points[declarer] >= outcome.contract)
    barrel_win = made and declarer in start_barrel

    # 1. deal scores
    deal = _deal_scores(rules, score, outcome, start_barrel)
    if outcome.kind == "writeoff":
        marks[declarer].append("P")
        score.writeoffs[declarer] += 1

    # 2. golden horse (a barrel player's winning contract is never doubled)
    if rules.golden_horse and score.scored_deals < GOLDEN_HORSE_DEALS:
        for seat in range(n):
            if not (barrel_win and seat == declarer):
                deal[seat] *= 2
                marks[seat].append("x2")
    score.scored_deals += 1
    totals = [b + s for b, s in zip(before, deal, strict=True)]

    # 3. bolts
    for seat in _bolted(rules, outcome, start_barrel):
        marks[seat].append("B")
        score.bolts[seat] += 1
        if score.bolts[seat] >= rules.bolt_limit:
            totals[seat] -= rules.bolt_penalty
            score.bolts[seat] = 0

    # 4. the barrel
    if rules.barrel:
        _barrel(rules, score, outcome, totals, marks, start_barrel, made=made)

    # 5. dump truck
    if rules.dump_truck:
        for seat, total in enumerate(totals):
            if abs(total) == DUMP_TRUCK and not (barrel_win and seat == declarer):
                totals[seat] = 0
                marks[seat].append("dump-truck")
                score.on_barrel[seat] = False
                score.barrel_attempts[seat] = 0

    # 6. the win
    if barrel_win:
        score.winner = declarer
    else:
        score.winner = _first_across(rules, declarer, outcome.dealer, totals)

    score.totals[:] = totals
    row = DealRow(
        outcome.dealer, declarer, outcome.bid, outcome.contract,
        tuple(outcome.points) if played else (0,) * n,
        tuple(t - b for t, b in zip(totals, before, strict=True)),
        tuple(totals),
        tuple(tuple(m) for m in marks),
    )
    score.rows.append(row)
    return row


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
    None for a write-off before the contract.
    """
    n = rules.players
    if n == 4 or score.winner is not None or declarer is None or bid is None:
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
        if 0 in tricks:
            for seat in range(n):
                if tricks[seat] == 0:
                    bolted.append(seat)
    else:
        mine = -bid * (2 if blind else 1) if rules.writeoff_penalty == "contract" else 0
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
    if outcome.kind == "redeal":
        return
    if outcome.kind not in ("played", "writeoff"):
        raise ValueError(f"deal outcome: unknown kind {outcome.kind!r}")
    if outcome.declarer is None or not 0 <= outcome.declarer < n:
        raise ValueError(f"deal outcome: a {outcome.kind} deal needs a declarer seat, "
                         f"got {outcome.declarer}")
    if outcome.bid is None:
        raise ValueError(f"deal outcome: a {outcome.kind} deal needs the winning bid")
    if outcome.declarer == _sitting_out(rules, outcome):
        raise ValueError(f"deal outcome: seat {outcome.declarer} sits this deal out and "
                         f"cannot declare")
    if outcome.kind == "played" and outcome.contract is None:
        raise ValueError("deal outcome: a played deal needs a contract")
    if (outcome.kind == "played" and outcome.declarer in barrel_seats(rules, score)
            and outcome.contract is not None and outcome.contract < rules.barrel_contract):
        raise ValueError(f"deal outcome: seat {outcome.declarer} is on the barrel and cannot "
                         f"declare below the barrel contract {rules.barrel_contract}")
    if outcome.kind == "writeoff":
        why = may_write_off(rules, score, outcome.declarer)
        if why is not None:
            raise IllegalActionError(f"seat {outcome.declarer} may not write off: {why}")


def _sitting_out(rules: ThousandRules, outcome: DealOutcome) -> int | None:
    """Return the seat that sits this deal out (four players: the dealer)."""
    if outcome.sitting_out is not None:
        return outcome.sitting_out
    return outcome.dealer if rules.players == 4 else None


def _deal_scores(rules: ThousandRules, score: MatchScore, outcome: DealOutcome,
                 start_barrel: set[int]) -> list[int]:
    """Return step 1 of §7: each seat's deal score, before any doubling or penalty."""
    n = rules.players
    declarer = outcome.declarer
    assert declarer is not None and outcome.bid is not None
    out = _sitting_out(rules, outcome)
    deal = [0] * n

    def silenced(seat: int) -> bool:
        # Barrel players and (with the 800 rule) players above 800 score only as declarer.
        return seat in start_barrel or (rules.defender_cap_800
                                        and score.totals[seat] > DEFENDER_CAP)

    blind = 2 if outcome.blind else 1
    if outcome.kind == "played":
        contract = outcome.contract
        assert contract is not None
        made = outcome.points[declarer] >= contract
        if declarer in start_barrel:
            deal[declarer] = contract if made else 0
        else:
            deal[declarer] = (contract if made else -contract) * blind
        for seat in range(n):
            if seat not in (declarer, out) and not silenced(seat):
                deal[seat] = round_points(rules, outcome.points[seat])
    else:
        if rules.writeoff_penalty == "contract":
            deal[declarer] = -outcome.bid * blind
        gain = writeoff_gain(rules, outcome.bid)
        for seat in range(n):
            if seat not in (declarer, out) and not silenced(seat):
                deal[seat] = gain
    if out is not None and rules.dealer_scores_talon and not silenced(out):
        deal[out] = outcome.talon_marriage
    return deal


def _bolted(rules: ThousandRules, outcome: DealOutcome, start_barrel: set[int]) -> list[int]:
    """Return the seats that get a bolt in this deal."""
    if outcome.kind == "writeoff":
        if rules.writeoff_penalty == "bolt" and outcome.declarer not in start_barrel:
            assert outcome.declarer is not None
            return [outcome.declarer]
        return []
    out = _sitting_out(rules, outcome)
    return [seat for seat, won in enumerate(outcome.tricks)
            if won == 0 and seat != out and seat not in start_barrel]


def _barrel(rules: ThousandRules, score: MatchScore, outcome: DealOutcome, totals: list[int],
            marks: list[list[str]], start_barrel: set[int], *, made: bool) -> None:
    """Apply step 4 of §7 to ``totals``: clamps and entries, collisions, attempts and falls."""
    b, t, c = rules.barrel_at, rules.target, rules.barrel_contract
    declarer = outcome.declarer
    # Clamps and entries: only a made contract as declarer may carry a player to T or more.
    climbers = []
    for seat, total in enumerate(totals):
        if seat in start_barrel or total < b:
            continue
        if seat == declarer and made and total >= t:
            continue
        totals[seat] = b
        climbers.append(seat)
    winner = declarer if made and declarer in start_barrel else None
    sitting = sorted(start_barrel - {winner})
    # Collisions: a climber throws off whoever sits there; two or more climbers all fall.
    falls = set(sitting) if climbers else set()
    if len(climbers) >= 2:
        falls.update(climbers)
    # Attempts: every deal on the barrel but a sat-out one; the third, or a failed contract
    # above C, ends in a fall.
    out = _sitting_out(rules, outcome)
    for seat in sitting:
        if seat == out:
            continue
        score.barrel_attempts[seat] += 1
        failed_high = (seat == declarer and not made and outcome.contract is not None
                       and outcome.contract > c)
        if score.barrel_attempts[seat] >= BARREL_ATTEMPTS or failed_high:
            falls.add(seat)
    for seat in sorted(start_barrel | set(climbers)):
        marks[seat].append("barrel")
        score.on_barrel[seat] = True
    for seat in climbers:
        score.barrel_attempts[seat] = 0
    for seat in sorted(falls):
        marks[seat].append("barrel-fall")
        score.barrel_falls[seat] += 1
        totals[seat] = b - rules.barrel_fall_penalty
        if rules.barrel_falls_to_zero and score.barrel_falls[seat] == FALLS_TO_ZERO:
            totals[seat] = 0
        score.on_barrel[seat] = False
        score.barrel_attempts[seat] = 0
    if winner is not None:
        score.on_barrel[winner] = False
        score.barrel_attempts[winner] = 0


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
