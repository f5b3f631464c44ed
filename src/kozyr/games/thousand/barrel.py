"""Step 4 of a Thousand deal's scoring: the barrel (rules/thousand.md §7, §11.7 "The barrel").

:func:`apply_barrel` takes the totals after steps 1-3 and applies, in order, the clamps and
entries, the collisions, then the attempts and falls, for both ``barrel_mode`` values:

- ``contract``: a seat reaching ``barrel_at`` = B (and below the target T, or above it other
  than by a made contract) is clamped to B and sits there; he wins by making a contract as
  declarer (``scoring`` reports that as ``made``); his third attempt without a win, or a failed
  contract above C, throws him off.
- ``accumulate``: a barrel seat's step-1 score is his exact deal points (``scoring`` does
  that); here his total stays on the barrel while below T and wins at T or more; after his
  third attempt he falls to round-down(total) - penalty (993 -> 870), and a collision fall uses
  the same formula for every seat that falls, climbers included (§11.P.12).

Readings (where the page gives a seat several reasons to fall in one deal, he falls once, and
the fall's score follows the most specific reason): a failed contract above C under
``barrel_raise_fail`` = ``contract`` (B - contract) before the third attempt under
``barrel_fall_score`` = ``zero`` (0) before the penalty.  A barrel seat's own write-off or
strike-out (``writeoff_on_barrel``) is an attempt that fails at no cost (§11.P.5); with
``barrel_attempts`` = ``every_deal`` so is a deal another seat writes off (§11.P.6); with
``as_declarer`` only deals he declares are attempts.  ``barrel_falls_to_zero`` resets a seat's
total to 0 at exactly his third fall of the match, and with ``barrel_after_reset`` = ``never``
that seat is exempt from then on: never clamped, never on the barrel, throws nobody off.
"""

from __future__ import annotations

from kozyr.games.thousand.outcome import BARREL_ATTEMPTS, FALLS_TO_ZERO, MatchScore
from kozyr.games.thousand.rules import ThousandRules

COLLISION, THIRD, RAISED = 0, 1, 2  # fall reasons, the most specific last


def apply_barrel(rules: ThousandRules, score: MatchScore, totals: list[int],
                 marks: list[list[str]], start_barrel: set[int], *, declarer: int,
                 made: bool, contract: int | None, played: bool,
                 out: int | None) -> int | None:
    """Apply step 4 to ``totals`` and ``marks`` (both changed in place) and to ``score``'s
    barrel state; return the barrel seat who wins the match in this deal, if any.

    ``start_barrel`` are the seats on the barrel at the start of the deal; ``made`` says the
    declarer made his contract in a played deal; ``out`` is the sitting-out seat.
    """
    b, t, c = rules.barrel_at, rules.target, rules.barrel_contract
    accumulate = rules.barrel_mode == "accumulate"
    exempt = score.barrel_exempt
    winner = None
    if accumulate:
        reached = [seat for seat in sorted(start_barrel) if totals[seat] >= t]
        if reached:
            winner = max(reached, key=lambda seat: totals[seat])
    elif made and declarer in start_barrel:
        winner = declarer
    # Clamps and entries: only a made contract as declarer carries a seat to T or more.
    climbers = []
    for seat, total in enumerate(totals):
        if seat in start_barrel or exempt[seat] or total < b:
            continue
        if seat == declarer and made and total >= t:
            continue
        totals[seat] = b
        climbers.append(seat)
    sitting = sorted(start_barrel - {winner})
    # Collisions: a climber throws off whoever sits there; two or more climbers all fall.
    falls: dict[int, int] = {}
    if climbers:
        falls.update((seat, COLLISION) for seat in sitting)
        if len(climbers) >= 2:
            falls.update((seat, COLLISION) for seat in climbers)
    # Attempts and falls.
    every_deal = rules.barrel_attempts == "every_deal"
    for seat in sitting:
        if seat == out or not (every_deal or seat == declarer):
            continue
        score.barrel_attempts[seat] += 1
        if (not accumulate and seat == declarer and played and not made
                and contract is not None and contract > c):
            falls[seat] = RAISED
        elif score.barrel_attempts[seat] >= BARREL_ATTEMPTS:
            falls[seat] = THIRD
    for seat in sorted(start_barrel | set(climbers)):
        marks[seat].append("barrel")
        score.on_barrel[seat] = True
    for seat in climbers:
        score.barrel_attempts[seat] = 0
    for seat in sorted(falls):
        marks[seat].append("barrel-fall")
        score.barrel_falls[seat] += 1
        totals[seat] = _fall_score(rules, totals[seat], falls[seat], contract)
        if rules.barrel_falls_to_zero and score.barrel_falls[seat] == FALLS_TO_ZERO:
            totals[seat] = 0
            if rules.barrel_after_reset == "never":
                exempt[seat] = True
        score.on_barrel[seat] = False
        score.barrel_attempts[seat] = 0
    if winner is not None:
        score.on_barrel[winner] = False
        score.barrel_attempts[winner] = 0
    return winner


def _fall_score(rules: ThousandRules, total: int, reason: int, contract: int | None) -> int:
    """Return the total of a seat falling off the barrel for ``reason``.

    >>> r = ThousandRules.from_preset("classic", barrel_mode="accumulate")
    >>> _fall_score(r, 993, THIRD, None), _fall_score(r, 880, COLLISION, None)
    (870, 760)
    >>> r = ThousandRules.from_preset("online")
    >>> _fall_score(r, 880, RAISED, 150), _fall_score(r, 880, THIRD, 121)
    (730, 760)
    """
    if reason == THIRD and rules.barrel_fall_score == "zero":
        return 0
    if rules.barrel_mode == "accumulate":
        return total // 10 * 10 - rules.barrel_fall_penalty
    if reason == RAISED and rules.barrel_raise_fail == "contract" and contract is not None:
        return rules.barrel_at - contract
    return rules.barrel_at - rules.barrel_fall_penalty
