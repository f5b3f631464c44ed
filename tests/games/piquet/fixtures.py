"""Piquet deals worked out by hand from rules/piquet.md, as compact record fixtures.

In every deal here seat 0 deals (``first_dealer`` 0), so seat 0 is younger and seat 1 elder;
``hands`` are the twelve dealt cards ``[younger, elder]``, ``talon`` top first.  Each deal's
reckoning, worked out by hand, is written above it.
"""

from __future__ import annotations

from typing import Any

# --- EXAMPLE: the page's example (§9) -------------------------------------------------------
EXAMPLE = {"hands": ["AH KH QH JH TH AD KD QD QC JC TC 9C",
                     "AS KS QS JS TS 9H 8H AC KC 7D 8D 9D"],
           "talon": "9S JD 8S TD 7C 7H 8C 7S",
           "actions": ["exchange 9H 8H 7D 8D 9D", "exchange 9C TC JC", "play AS", "play 7S"]}

# --- REPIQUE_ELDER: the page's first repique example (§3) -----------------------------------
# Elder ends with AS KS QS JS TS 9S, AH KH QH, AD KD and 7C.  Younger ends with 8S 7S, JH TH 9H,
# QD JD TD 9D, QC JC TC: point 4, best sequence a quart, trios of jacks and tens.
# Point: elder 6 (A K Q J 10 9 = 60) against 4: 6.  Sequences: sixième 16 + tierce 3 (25).
# Sets: trio of aces beats every trio of younger: aces 3 + kings 3 (31): repique 60 (91).
# Elder's first lead: 92; younger 0.
REPIQUE_ELDER = {"hands": ["8S 7S JH TH 9H QD JD TD 9D KC 9C 8C",
                           "AS KS QS JS TS 9S AH 8H 7H 8D 7D AC"],
                 "talon": "KH QH AD KD 7C QC JC TC",
                 "actions": ["exchange 8H 7H 8D 7D AC", "exchange KC 9C 8C", "play AS"]}

# --- REPIQUE_YOUNGER: the page's second repique example ---------------------------------------
# Younger ends with K Q J 10 9 8 of spades, K Q J 10 9 of hearts and 7D; elder the four aces,
# KD QD JD, KC QC, 7S, 8H 7H.  Point: younger 6 (57) against elder's 4 diamonds: 6.  Sequences:
# younger's sixième 16 + quint 15 beat elder's quart (37): repique 60 (97), reckoned at the end
# of the sequences, before elder's quatorze of aces (14) is reckoned.  Elder leads: 15.
REPIQUE_YOUNGER = {"hands": ["KS QS JS TS 9S 8S KH QH JH 9C 8C 7C",
                             "AS AH AD AC KD QD JD TD 9D 8D JC TC"],
                   "talon": "KC QC 7S 8H 7H TH 9H 7D",
                   "actions": ["exchange TD 9D 8D JC TC", "exchange 9C 8C 7C", "play AS"]}

# --- CARTE_BLANCHE: younger's carte blanche spoils elder's repique ---------------------------
# Elder as in REPIQUE_ELDER (31 in declarations).  Younger is dealt 8S 7S TH 9H 8H 7H TD 9D 8D
# 7D TC 9C, no king, queen or jack: carte blanche 10, reckoned first; he exchanges 9C for 8C.
# Younger: point 4, quarts, trio of tens (beaten by elder's aces).  Elder 31 but younger has 10:
# no repique; elder's first lead 32, no pique (younger has scored).
CARTE_BLANCHE = {"hands": ["8S 7S TH 9H 8H 7H TD 9D 8D 7D TC 9C",
                           "AS KS QS JS TS 9S AH JH QD JD AC KC"],
                 "talon": "KH QH AD KD 7C 8C QC JC",
                 "actions": ["exchange JH QD JD AC KC", "exchange 9C", "play AS"]}

# --- PIQUE: elder's pique, the whole deal -------------------------------------------------------
# Elder ends with AS KS QS JS TS 9S 8S, AH AD, 7H 7D 7C: point 7 (7), septième 17 (24), trio of
# aces 3 (27) — younger's trios of K, Q, J lose to it.  Younger (KH QH JH TH 9H 8H, KD QD JD,
# KC QC JC): nothing.  No repique.  Play: elder leads the seven spades (younger throws KD QD JD
# KC QC JC 8H), AS 28, KS 29, QS 30: pique 30 (60); JS 61, TS 62, 9S 63, 8S 64; AH 65 (9H),
# AD 66 (TH), 7C 67 (JH); 7H 68, younger's KH wins: 1; younger leads QH (2), elder throws 7D;
# younger takes the last trick: 1 (3).  Tricks 10 to 2: the cards, 10 to elder (78).
PIQUE = {"hands": ["KH QH JH TH 9H 8H KD QD JD 8C AC 7S",
                   "AS KS QS JS TS 7H 7D TD 9D 8D TC 9C"],
         "talon": "9S 8S AH AD 7C KC QC JC",
         "actions": ["exchange TD 9D 8D TC 9C", "exchange 8C AC 7S",
                     "play AS", "play KD", "play KS", "play QD", "play QS", "play JD",
                     "play JS", "play KC", "play TS", "play QC", "play 9S", "play JC",
                     "play 8S", "play 8H", "play AH", "play 9H", "play AD", "play TH",
                     "play 7C", "play JH", "play 7H", "play KH", "play QH", "play 7D"]}

# --- CAPOT: repique and capot ------------------------------------------------------------------
# Elder ends with AS KS QS JS TS 9S 8S 7S, AH KH, AD, AC: point 8 (8), huitième 18 (26),
# quatorze of aces 14 (40): repique 60 (100).  Younger (KD..7D, QH JH TH, QC JC): septième and
# point 7 lose; his trio of queens loses to the quatorze.  Elder leads and wins all twelve
# tricks: 12 (112), last trick 1 (113), capot 40 (153).
CAPOT = {"hands": ["KD QD JD TD 9D 8D 7D QH JH 9C 8C 7C",
                   "AS KS QS JS TS 9S KH 9H 8H 7H KC TC"],
         "talon": "8S 7S AH AD AC QC JC TH",
         "actions": ["exchange 9H 8H 7H KC TC", "exchange 9C 8C 7C",
                     "play AS", "play QH", "play KS", "play JH", "play QS", "play TH",
                     "play JS", "play QC", "play TS", "play JC", "play 9S", "play 7D",
                     "play 8S", "play 8D", "play 7S", "play 9D", "play AH", "play TD",
                     "play AD", "play JD", "play AC", "play QD", "play KH", "play KD"]}


def record(deals: list[dict[str, Any]], rules: Any = "rubicon") -> dict[str, Any]:
    """Return a record of ``deals`` under ``rules``, seat 0 dealing first."""
    return {"format": 2, "game": "piquet", "rules": rules, "players": ["ann", "bob"],
            "first_dealer": 0, "deals": deals}


def cut(deal: dict[str, Any], actions: int) -> dict[str, Any]:
    """Return ``deal`` with only its first ``actions`` actions."""
    return {**deal, "actions": deal["actions"][:actions]}


def with_actions(deal: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """Return ``deal`` with ``actions`` instead of its own."""
    return {**deal, "actions": actions}
