"""The conformance suite's cases and helpers: every registered game, every preset of its rules.

Nothing here names a game: the cases come from the game registry (every registered game,
every preset of its rule set), so a game that registers gets the whole suite.  The helpers
play seeded random matches, take full snapshots of a match (its record, every seat's
observation, the seat to act and the legal actions, the sheet), and read the cards out of an
observation.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from kozyr.cards import RANK_LETTERS, SUIT_LETTERS
from kozyr.core.match import Match
from kozyr.games import new_match
from kozyr.games.registry import specs
from kozyr.records import deal_cards as record_deal_cards
from kozyr.records import write_record

#: A card in record notation (``"KH"``; Bezique's copy digit too, ``"KH2"``), as a word of an
#: observation's text.
CARD = re.compile(rf"(?<![0-9A-Za-z])[{RANK_LETTERS}][{SUIT_LETTERS}][1-4]?(?![0-9A-Za-z])")
#: Texts that no game accepts as an action, or accepts only when they are legal.
MALFORMED = ["", " ", "nonsense", "play", "play XX", "play 1S", "play AS AS", "bid", "bid -5",
             "bid 1e9", "bid 99999999999999", "give 9 AS", "give -1 AS", "trump X", "take",
             "contract", "\x00", "play AS extra", "pass pass", "🂡"]


#: The prefix of a case that names one of a rule set's option bundles (RuleSet.BUNDLES).
BUNDLE = "bundle:"


def cases() -> list[Any]:
    """Return one pytest parameter ``(game, preset)`` per registered game and rule-set preset,
    and one per option bundle of its rule set (``preset`` is then ``bundle:NAME``)."""
    out = [pytest.param(s.name, preset, id=f"{s.name}-{preset}")
           for s in specs() for preset in s.rules_class().PRESETS]
    out += [pytest.param(s.name, BUNDLE + name, id=f"{s.name}-{BUNDLE}{name}")
            for s in specs() for name in s.rules_class().BUNDLES]
    return out


def case_rules(game: str, preset: str) -> Any:
    """Return the record rules of a case: the preset's name, or the bundle's rules."""
    if preset.startswith(BUNDLE):
        return dict(new_match(game).rules.BUNDLES[preset[len(BUNDLE):]])
    return preset


def fresh(game: str, preset: str, seed: int, first_dealer: int | None = None) -> Match:
    """Return a new match of ``game`` under ``preset`` (or a ``bundle:NAME``), seeded."""
    return new_match(game, case_rules(game, preset), seed=seed, first_dealer=first_dealer)


def seats(m: Match) -> list[int | None]:
    """Return every viewer of ``m``: the spectator (None), then each seat."""
    return [None, *range(m.players)]


def walk(m: Match, rng: random.Random, *, deals: int, deal_rng: random.Random | None = None,
         between: bool = False) -> Iterator[Match]:
    """Play ``m`` with random legal actions, yielding it before each decision.

    Stop when the match is over or when ``deals`` deals have been dealt and the last is
    finished (or, if the caller stops early, wherever it stops).  Deals come from the seed, or
    from ``deal_rng`` if given (the live room's drawn deals).  With ``between``, also yield
    before each deal (the caller must not deal) and at the end of the walk.
    """
    while not m.is_over:
        if m.awaiting_deal:
            if m.deal_index >= deals:
                break
            if between:
                yield m
            m.deal(rng=deal_rng)
            continue
        yield m
        m.apply_action(rng.choice(m.legal_actions()))
    if between:
        yield m


def bot_walk(m: Match, seed: int, *, deals: int) -> Iterator[Match]:
    """Play ``m`` to its end (at most ``deals`` deals) with the noisy heuristic bots, yielding it
    before each decision.

    Random play seldom ends a match of Thousand (the declarer rarely makes a contract), so
    the end of a match is reached with the ``easy`` bots: the heuristic, now and then random.
    """
    from kozyr.bots import make_bot

    bots = [make_bot("easy", seed=seed * 31 + i) for i in range(m.players)]
    while not m.is_over and m.deal_index < deals:
        if m.awaiting_deal:
            m.deal()
            continue
        yield m
        seat = m.current_player()
        assert seat is not None
        m.apply(bots[seat].act(m.view(seat)))


def observations(m: Match) -> list[str]:
    """Return every viewer's observation as canonical JSON text."""
    return [json.dumps(m.observation(s), sort_keys=True) for s in seats(m)]


def snapshot(m: Match, *, seed: bool = True) -> str:
    """Return everything a caller can learn from ``m``, as canonical JSON text.

    Two matches with equal snapshots are the same match: same record (every deal's cards and
    actions, the seed unless ``seed=False``, the first dealer), same observations for
    everyone, same seat to act and legal actions, same sheet and totals, same winner.
    """
    return json.dumps({
        "record": write_record(m, seed=seed),
        "observations": [m.observation(s) for s in seats(m)],
        "to_act": m.current_player(),
        "legal": m.legal_actions(),
        "phase": m.phase,
        "awaiting_deal": m.awaiting_deal,
        "is_over": m.is_over,
        "winner": m.winner,
        "deal_index": m.deal_index,
        "dealer": m.dealer,
        "totals": list(m.totals),
        "sheet": [row.to_json() for row in m.sheet],
        "open_deal": m.open_deal(),
    }, sort_keys=True)


def cards_in(obj: Any) -> set[str]:
    """Return every card named anywhere in ``obj`` (JSON data), e.g. ``{"KH", "AS"}``."""
    return set(CARD.findall(json.dumps(obj, ensure_ascii=False)))


def hand_of(m: Match, seat: int) -> set[str]:
    """Return the cards ``seat`` holds, as its own observation shows them."""
    return set(CARD.findall(m.observation(seat)["hand"] or ""))


def own_actions_cards(obs: dict[str, Any], seat: int) -> set[str]:
    """Return the cards named by ``seat``'s own actions in its observation's history.

    A seat knows what it did itself: the card it gave, discarded or played.
    """
    out: set[str] = set()
    for who, text in obs["history"]:
        if who == seat:
            out |= set(CARD.findall(text))
    return out


def deal_cards(m: Match) -> dict[str, Any]:
    """Return the open (or last) deal's explicit cards, as its record holds them."""
    return record_deal_cards(m.GAME, m.record_deals()[-1])


def candidate_ids(m: Match) -> list[int]:
    """Return a spread of action ids around the legal ones: small ids, neighbours, far ids."""
    legal = m.legal_actions()
    ids = set(range(-2, 260))
    for a in legal:
        ids.update(a + d for d in (-10, -5, -2, -1, 1, 2, 5, 10))
        ids.update((a * 2, a // 2, a + 1000, a + 10000))
    ids.update((10**6, 2**31, -(2**31), 10**12))
    return sorted(ids)
