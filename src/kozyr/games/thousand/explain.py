"""Why an action of a Thousand match is illegal: one sentence a player can act on.

:meth:`kozyr.games.thousand.match.ThousandMatch.why_illegal` asks :func:`explain` about an
action that is not among the legal ones; the sentences name the rule (rules/thousand.md) in the
game's words ("you must follow ♥", "bid 205 is above your cap of 200 (marriages ♦)").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kozyr.cards import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    SUIT_MASK,
    SUIT_SYMBOLS,
    format_card,
    parse_card,
    parse_hand,
)
from kozyr.games.thousand import actions as A
from kozyr.games.thousand.cardplay import ACES_MASK, KQ_MASK, card_points, marriage_value
from kozyr.games.thousand.deal import bad_talon, redeal_reason
from kozyr.games.thousand.declarations import KEEPING
from kozyr.games.thousand.rules import ThousandRules
from kozyr.games.thousand.scoring import (
    barrel_seats,
    contract_made,
    may_bid_blind,
    may_write_off,
)
from kozyr.games.thousand.tables import (
    P_BIDDING,
    P_CONTRACT,
    P_PLAY,
    P_REDEAL,
    P_TALON,
    PHASE_NAMES,
    POOR_TALON,
)

if TYPE_CHECKING:
    from kozyr.games.thousand.state import ThousandState


def explain(m: ThousandState, action: int) -> str:
    """Return why ``action`` (not among the legal ones of ``m``) is illegal, in a sentence."""
    try:
        text = A.action_to_text(action)
    except ValueError:
        return "it is no Thousand action"
    word = text.split()[0]
    ph = m._phase
    seat = m._to_act
    phase = PHASE_NAMES[ph]
    expected = {
        P_REDEAL: "say redeal or keep",
        P_BIDDING: "bid or pass",
        P_TALON: ("buy the talon or decline" if m._buy_queue else
                  "take a pile" if m._n == 2 and m._taken_pile < 0 else
                  "discard a card" if m._n == 2 else "give a card to each opponent"),
        P_CONTRACT: ("name the trump" if m._fixed_trump and m._trump < 0
                     else "announce the contract"),
        P_PLAY: "play a card",
    }[ph]
    wrong_phase = f"'{word}' is not possible in the {phase} phase: {expected}"
    if m._buy_queue and word not in ("buy", "decline"):  # talon_buying: the round under way
        return "the talon is offered for sale: buy or decline first"
    h = m._hands[seat]
    if word == "play":
        if ph != P_PLAY:
            return wrong_phase
        c = action & 31
        if not h >> c & 1:
            return f"you do not hold {format_card(c)}"
        if action >= A.MARRIAGE_KEEP or not (m._trick or m._decl_plain):
            return explain_lead(m, action)  # §11's declarations
        if action >= A.MARRIAGE:
            return _explain_marriage(m, c)
        return _explain_follow(m, c)
    if word in ("bid", "pass", "blind"):
        if ph != P_BIDDING:
            return wrong_phase
        if m._blind_pending:
            if m._bid == 0:
                return "you are the forced bidder: say blind (120 blind) or bid 100"
            return "you have not seen your cards: say blind (120 blind) or look"
        if word == "blind":
            return _explain_blind(m)
        n = action - A.BID
        return _explain_amount(m, "bid", n, m._bid, strictly_above=True)
    if word == "contract":
        if ph != P_CONTRACT:
            return wrong_phase
        if m._fixed_trump and m._trump < 0:
            return "name the trump first (trump S, C, D or H)"
        return _explain_amount(m, "contract", action - A.CONTRACT, m._bid,
                                    strictly_above=False)
    if word == "trump":
        if not m._fixed_trump:
            return "the declarer names no trump at this table (trump comes from marriages)"
        if ph != P_CONTRACT:
            return wrong_phase
        return f"the trump is already {SUIT_SYMBOLS[m._trump]}"
    if word in ("writeoff", "strikeout"):
        if ph not in (P_TALON, P_CONTRACT):
            return wrong_phase
        what = "writing off" if word == "writeoff" else "striking out"
        if m._n == 2 and m._taken_pile < 0:
            return f"take a pile of the talon before {what}"
        why = may_write_off(m.rules, m.score, m._declarer, strikeout=word == "strikeout")
        return why or f"you may not {'write off' if word == 'writeoff' else 'strike out'} now"
    if word in ("look", "buy", "decline"):
        return _explain_look_buy(m, word, wrong_phase)
    if word in ("redeal", "keep"):
        if ph == P_TALON and word == "redeal":
            return _explain_talon_redeal(m)
        return wrong_phase
    if word == "take":
        if ph != P_TALON or m._n != 2:
            return ("only two players take a pile" if m._n != 2 else wrong_phase)
        return "you have already taken a pile"
    if word == "give":
        if ph != P_TALON or m._n == 2:
            return "only the declarer gives cards, after the bidding" if m._n != 2 \
                else "two players do not give cards: discard instead"
        x = action - A.GIVE
        to, c = x >> 5, x & 31
        if to == seat or to not in m._active:
            return f"seat {to} is not one of your opponents"
        if to not in m._to_give:
            return f"you have already given seat {to} a card"
        if not h >> c & 1:
            return f"you do not hold {format_card(c)}"
    if word == "discard":
        if ph != P_TALON or m._n != 2:
            return wrong_phase
        if m._taken_pile < 0:
            return "take a pile of the talon first"
        if not h >> (action & 31) & 1:
            return f"you do not hold {format_card(action & 31)}"
    return f"it is not legal now: {expected}"


def _explain_blind(m: ThousandState) -> str:
    """Return why ``blind`` (in the bidding, not offered now) is illegal."""
    rules = m.rules
    seat = m._to_act
    if not rules.blind_bid:
        return "there is no blind at this table"
    if seat in barrel_seats(rules, m.score):
        return "a player on the barrel is never offered the blind"
    if not may_bid_blind(rules, m.score, seat):
        return (f"the blind needs a total of at least {rules.blind_min_score} "
                f"(you have {m.score.totals[seat]})")
    if rules.blind_bidders == "forced":
        return "the blind 120 is only for the forced bidder's opening"
    if not m.hand_unseen(seat):
        return "you have seen your cards: the blind is bid before looking"
    return "the blind 120 is only offered at a first turn with the bid below 120"


def _explain_look_buy(m: ThousandState, word: str, wrong_phase: str) -> str:
    """Return why ``look``, ``buy`` or ``decline`` is illegal now."""
    rules = m.rules
    if word == "look":
        if not (rules.blind_bid and rules.blind_bidders == "any"):
            return "nobody looks at this table: every player sees his cards (no blind for all)"
        if m._phase != P_BIDDING:
            return wrong_phase
        if m._blind_pending and m._bid == 0:
            return "the forced bidder does not look: say blind (120 blind) or bid 100"
        return "you have already seen your cards"
    if not rules.talon_buying:
        return "the talon is not for sale at this table"
    if m._phase != P_TALON:
        return wrong_phase
    if m._to_act == m._declarer:
        return "you are the declarer: the talon is yours; only an opponent may buy it"
    return "the talon is not offered for sale now"


def _explain_talon_redeal(m: ThousandState) -> str:
    """Return why the declarer's ``redeal`` in the talon phase is illegal now."""
    rules = m.rules
    if not (rules.redeal_poor_talon or rules.redeal_bad_talon):
        return "a poor talon gives no redeal at this table"
    if m._sales:
        return "you bought the talon: you saw it first, so it gives you no redeal"
    if m._given or m._discards:
        return "a redeal for the talon must come before giving or discarding"
    if rules.redeal_bad_talon:
        return (f"the talon is worth {POOR_TALON} points or more and holds fewer than two "
                "nines and three jacks")
    if m._bid != 100 or m._raised:
        return "only a declarer at the forced 100 may demand a redeal for the talon"
    return f"the talon is worth {POOR_TALON} points or more"


def _explain_amount(m: ThousandState, what: str, n: int, current: int, *,
                    strictly_above: bool) -> str:
    """Return why the ``what`` (``bid`` or ``contract``) ``n`` is illegal over ``current``."""
    seat = m._to_act
    if strictly_above and n <= current:
        return f"bid {n} is not above the current bid of {current}"
    if not strictly_above and n < current:
        return f"the contract must be at least your bid of {current}"
    if n % m._step:
        return f"{what} {n} is not a multiple of {m._step}"
    if n > m._max_bid:
        return f"{what} {n} is above the table's maximum of {m._max_bid}"
    cap = m.cap(seat)
    if n > cap:
        h = m._hands[seat]
        held = [SUIT_SYMBOLS[s] for s in range(4) if h & KQ_MASK[s] == KQ_MASK[s]]
        why = "marriages " + " ".join(held) if held else "no marriage"
        if m._no_marriages(seat):
            why = "on the barrel your declarations do not count"
        return f"{what} {n} is above your cap of {cap} ({why})"
    return f"{what} {n} is not legal now"


def _explain_marriage(m: ThousandState, c: int) -> str:
    """Return why leading ``c`` (held) declaring a marriage is illegal now."""
    rank = c & 7
    if m._trick:
        return "a marriage is declared only when leading; following is never a declaration"
    if not m._trick_no and not m._first_marriage:
        return "no marriage may be declared on the first trick"
    h = m._hands[m._to_act]
    if rank == ACE:
        if not m._ace_marriage:
            return "four aces are no marriage at this table"
        return "the ace marriage needs all four aces"
    if rank not in (KING, QUEEN):
        return "only a king or a queen (with its partner) declares a marriage"
    partner = c ^ (KING ^ QUEEN)
    if not h >> partner & 1:
        return f"you do not hold {format_card(partner)} to go with {format_card(c)}"
    return "this marriage cannot be declared now"


def explain_lead(m: ThousandState, action: int) -> str:
    """Return why the lead or declaration ``action`` of a held card is illegal under §11's
    declarations (rules/thousand.md §11.1, §11.6; the rules are declarations.py's)."""
    c = action & 31
    base = action - c
    d = m._decl
    if m._trick:
        return "a declaration is made only when leading; following is never a declaration"
    if base in KEEPING and not d.keep:
        return "no marriage is declared 'in suit' at this table (marriage_keep_trump is off)"
    if base in (A.BED, A.BED_KEEP) and not d.bed:
        return "Q+J is no bed marriage at this table (bed_marriage is off)"
    if base == A.NINES and not d.nines:
        return "four nines are no declaration at this table (four_nines is off)"
    seat = m._to_act
    h = m._hands[seat]
    trump = m._trump
    if not d.allowed(h, trump, seat == m._ace_seat, m._ace_suit) >> c & 1:
        if h & ACES_MASK:
            return "you declared the ace marriage: while you hold an ace, you must lead one"
        return (f"you declared the ace marriage: you may not lead a trump ({SUIT_SYMBOLS[trump]})"
                " while you hold other cards")
    if not base:  # a plain lead refused: marriage_auto
        ways = [A.action_to_text(a) for a in d.declaring(h, m._trick_no, trump, m._decl_suits)
                if a & 31 == c]
        return (f"declarations are automatic at this table: leading {format_card(c)} declares "
                f"({' or '.join(ways)})")
    rank = c & 7
    if not (m._trick_no or d.first) and not (d.strict and base == A.MARRIAGE and rank == ACE):
        return ("no marriage may be declared on the first trick" if base == A.MARRIAGE
                else "no declaration may be made on the first trick")
    if base in KEEPING:
        if d.fixed:
            return "the declarer named the trump: no declaration changes it, none is 'in suit'"
        if rank == ACE:
            return "the ace marriage names the trump: it cannot be declared 'in suit'"
        if trump < 0:
            return "no trump is set yet: a marriage 'in suit' keeps the trump, and there is none"
    s = c >> 3
    if base in (A.MARRIAGE, A.MARRIAGE_KEEP):
        if rank == ACE:
            return ("four aces are no marriage at this table" if not d.ace
                    else "the ace marriage needs all four aces")
        if rank in (KING, QUEEN) and h >> (c ^ (KING ^ QUEEN)) & 1 and m._decl_suits & SUIT_MASK[s]:
            return (f"the {SUIT_SYMBOLS[s]} bed marriage was declared: its queen serves in no "
                    "marriage now")
        return _explain_marriage(m, c)
    if base in (A.BED, A.BED_KEEP):
        if rank not in (QUEEN, JACK):
            return "only a queen or a jack (with its partner) declares a bed marriage"
        partner = c ^ (QUEEN ^ JACK)
        if not h >> partner & 1:
            return f"you do not hold {format_card(partner)} to go with {format_card(c)}"
        if m._decl_suits & SUIT_MASK[s]:
            return (f"the {SUIT_SYMBOLS[s]} marriage was declared: its queen serves in no bed "
                    "marriage now")
    if base == A.NINES:
        return ("only a nine declares four nines" if rank != NINE
                else "four nines need all four nines in your hand")
    return "this declaration cannot be made now"


def _explain_follow(m: ThousandState, c: int) -> str:
    """Return which part of the follow rule (:func:`~kozyr.games.thousand.cardplay.legal_follow`)
    playing ``c`` (held) to the trick breaks."""
    h = m._hands[m._to_act]
    led = m._led
    f = h & SUIT_MASK[led]
    if f:
        if c >> 3 != led:
            return f"you must follow {SUIT_SYMBOLS[led]}"
        return f"you must beat {format_card(m._best_led)}"
    return f"you must play a trump ({SUIT_SYMBOLS[m._trump]})"


def deal_summary(obs: dict[str, Any], rules: ThousandRules) -> dict[str, Any]:
    """Return Thousand's keys of a finished deal's summary, read from the public observation.

    ``result``: ``made``/``failed`` (played out; ``margin`` = the declarer's counted points
    minus his contract), ``writeoff``/``strikeout`` (conceded) or ``redeal``; ``declared``:
    ``[seat, card, words, value]`` for each declaration led in the deal (value None for the
    §11 ones other than marriages); ``bolts``, ``barrel`` (seats on it now), ``barrel_falls``.
    """
    row = obs["sheet"][-1]
    d, contract, marks = row["declarer"], row["contract"], row["marks"]
    out: dict[str, Any] = {"bolts": obs["bolts"], "barrel": obs["barrel"],
                           "barrel_falls": obs["barrel_falls"], "declared": [],
                           "made": None, "margin": None}
    if d is None:
        out["result"] = "redeal"
    elif "P" in marks[d] or "C" in marks[d]:
        out.update(result="writeoff" if "P" in marks[d] else "strikeout", made=False)
    elif contract is not None:
        made = contract_made(rules, row["points"][d], contract)
        out.update(result="made" if made else "failed", made=made,
                   margin=row["points"][d] - contract)
    for seat, text in obs["history"]:
        words = str(text).split(" ", 2)
        if words[0] == "play" and len(words) == 3:
            card = parse_card(words[1])
            value = (marriage_value(card, rules.marriages)
                     if words[2] in ("marriage", "marriage keep") else None)
            out["declared"].append([seat, words[1], words[2], value])
    return out


def choice_notes(obs: dict[str, Any], rules: ThousandRules, legal: list[str]) -> dict[str, Any]:
    """Return Thousand's notes on the acting seat's choices, from its own observation.

    ``redeal``: ``{"reason"}``, why this hand may ask for one (:func:`~kozyr.games.thousand.
    deal.redeal_reason`: ``four_nines``, ``few_points`` with the hand's ``points``,
    ``three_nines``, ``four_jacks``), or ``bad_talon`` for the talon the declarer took.
    """
    out: dict[str, Any] = {}
    if "redeal" in legal and obs["hand"]:
        hand = parse_hand(obs["hand"])
        reason = redeal_reason(hand, rules)
        if reason is None and obs["talon"] and bad_talon(parse_hand(obs["talon"])):
            reason = "bad_talon"
        note: dict[str, Any] = {"reason": reason}
        if reason == "few_points":
            note.update(points=card_points(hand), below=rules.redeal_below)
        out["redeal"] = note
    return out


def trick_points(m: ThousandState, seat: int) -> int | None:
    """Return the card points of the tricks ``seat`` has taken in the open deal (public: every
    card played was seen), as the observation's ``taken_points`` gives them."""
    return m._taken[seat]
