"""What the match situation allows in Thousand: the questions the deal engine, the observer
and the table ask between and inside deals (rules/thousand.md §4, §5, §7, §11).

Each answer is the one rule, asked by everyone: the engine (who may write off, strike out,
bid blind, buy the talon; who bids the barrel contract; who passes in red), the observer
(who sits on the barrel), the explanation of an illegal action, and the table (settlement).
:func:`simple_scoring_ok` tells the engine when ``scoring.score_simple`` may score its deals.
Everything here is re-exported by :mod:`kozyr.games.thousand.scoring`.

>>> r = ThousandRules.from_preset("classic", golden_horse=True,
...                               writeoff_in_golden_horse="forbidden")
>>> score = MatchScore.new(r)
>>> golden_horse_deal(r, score), may_write_off(r, score, 0)
(True, 'no write-off in a golden-horse deal')
>>> score.scored_deals = 3
>>> may_write_off(r, score, 0) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from kozyr.games.thousand.outcome import GOLDEN_HORSE_DEALS, MatchScore
from kozyr.games.thousand.rules import ThousandRules


def barrel_seats(rules: ThousandRules, score: MatchScore) -> list[int]:
    """Return the seats sitting on the barrel now (never a seat the barrel no longer applies
    to, ``barrel_after_reset`` = ``never``)."""
    if not rules.barrel:
        return []
    exempt = score.barrel_exempt
    return [seat for seat, on in enumerate(score.on_barrel) if on and not exempt[seat]]


def golden_horse_deal(rules: ThousandRules, score: MatchScore) -> bool:
    """Return True if the next deal is one of the golden-horse deals (the first 3 scored)."""
    return rules.golden_horse and score.scored_deals < GOLDEN_HORSE_DEALS


def may_write_off(rules: ThousandRules, score: MatchScore, seat: int,
                  strikeout: bool = False) -> str | None:
    """Return None if ``seat``, the declarer, may write off now (``strikeout``: strike the deal
    out), else why not, in words.

    A strike-out needs ``allow_strikeout`` only (§11.P.4); both share ``writeoff_limit``
    (strike-outs count), the barrel rule (``writeoff_on_barrel``) and
    ``writeoff_in_golden_horse``.

    >>> r = ThousandRules.from_preset("classic", allow_writeoff=False, allow_strikeout=True)
    >>> score = MatchScore.new(r)
    >>> may_write_off(r, score, 1), may_write_off(r, score, 1, strikeout=True) is None
    ('write-offs are off at this table', True)
    """
    what = "strike-out" if strikeout else "write-off"
    allowed = rules.allow_strikeout if strikeout else rules.allow_writeoff
    if not allowed or rules.writeoff_limit == 0:
        return f"{what}s are off at this table"
    if score.winner is not None:
        return f"the match is over: seat {score.winner} has won"
    if score.writeoffs[seat] >= rules.writeoff_limit:
        plural = "" if rules.writeoff_limit == 1 else "s"
        counted = " and strike-outs" if rules.allow_strikeout else ""
        return f"you have used your {rules.writeoff_limit} write-off{plural}{counted}"
    if rules.writeoff_on_barrel == "forbidden":
        on = barrel_seats(rules, score)
        if on:
            return f"no {what} while seat {on[0]} is on the barrel"
    if rules.writeoff_in_golden_horse == "forbidden" and golden_horse_deal(rules, score):
        return f"no {what} in a golden-horse deal"
    return None


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


def simple_scoring_ok(rules: ThousandRules) -> bool:
    """Return True if ``scoring.score_simple`` may score this table's deals: every option it
    does not handle is at its default.

    It handles the §1-§10 rules (the barrel and the dump truck by declining the deals they
    touch), ``bolt_when`` = ``never`` and ``writeoff_penalty`` = ``none``/``half``; the barrel
    options of §11.7 only matter with a seat on or reaching the barrel, which it declines.
    When this is False the engine scores every deal with ``scoring.score_deal``.

    >>> simple_scoring_ok(ThousandRules.from_preset("online"))
    True
    >>> simple_scoring_ok(ThousandRules.from_preset("classic", allow_strikeout=True))
    False
    """
    return not (rules.round_declarer or rules.bolt_consecutive or rules.cut_ritual
                or rules.talon_buying or rules.allow_strikeout
                or rules.marriage_declarer_only or rules.barrel_no_marriages
                or rules.golden_horse_120 or rules.writeoff_third_penalty
                or rules.writeoff_gain == "aces"
                or rules.bolt_when not in ("no_trick", "never")
                or rules.blind_doubles != "declarer" or not rules.blind_marriages_doubled)


def settlement(rules: ThousandRules, totals: Sequence[int], winner: int) -> list[int]:
    """Return each seat's gain (+) or loss (-) when each loser pays the winner.

    Each loser pays (winner's total - loser's total) x ``stake``, literally, also when a
    tie-break made a lower total the winner (§11.P.16); the list sums to 0.
    Raises ValueError if ``winner`` is not a seat.

    >>> settlement(ThousandRules.from_preset("classic"), [1010, 300, -40], 0)
    [1760, -710, -1050]
    """
    if not 0 <= winner < len(totals):
        raise ValueError(f"settlement: no seat {winner} among {len(totals)} players")
    pays = [0 if seat == winner else (totals[winner] - t) * rules.stake
            for seat, t in enumerate(totals)]
    return [sum(pays) if seat == winner else -p for seat, p in enumerate(pays)]
