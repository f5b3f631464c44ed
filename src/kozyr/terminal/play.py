"""``kozyr play``: a game in the terminal, one human seat against bots (or bots alone).

:func:`main` checks the flags (a bad preset, rule or seat list is one line on stderr and exit
status 2), builds the match and runs a :class:`Session`.  The session draws everything from
``match.observation(human_seat)`` (a spectator's observation when every seat is a bot), shows
each move as it happens, numbers the legal choices and reads the human's answer: a number,
the action text (``bid 120``, ``play KH``), or just a card (``KH``).  Bad input gets a clear
message and a new prompt; ``quit`` or Ctrl-D ends the game cleanly.

Input and output are injectable: ``main(..., console=Console(file=buf), input_fn=scripted)``.
Every word shown comes from :mod:`kozyr.terminal.words` in the language ``main`` is given
(``kozyr play --lang``); the commands and actions typed stay the records' English words.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from kozyr.bots import BOT_NAMES, make_bot
from kozyr.bots.base import Bot
from kozyr.core.errors import KozyrError
from kozyr.core.match import Match
from kozyr.games.registry import settlement_of
from kozyr.terminal.render import (
    choices_text,
    describe_action,
    game_title,
    rules_line,
    rules_table,
    sheet_table,
    status,
    trick_text,
)
from kozyr.terminal.words import LANGS, lang, speaking
from kozyr.terminal.words import t as tr

InputFn = Callable[[str], str]
HUMAN = "human"
#: Bids listed by number at most; the rest can be typed (``bid 180``).
MAX_LISTED_BIDS = 12



class Quit(Exception):
    """Raised when the human ends the game."""


def parse_seats(text: str | None, players: int, default_bot: str = "heuristic") -> list[str]:
    """Return one seat kind per seat: ``human`` or a bot name; raise ValueError if bad.

    The default is a human in seat 0 and ``heuristic`` bots elsewhere.

    >>> parse_seats(None, 3)
    ['human', 'heuristic', 'heuristic']
    >>> parse_seats("bot,human", 2)
    ['heuristic', 'human']
    """
    if text is None or not text.strip():
        return [HUMAN] + [default_bot] * (players - 1)
    names = [s.strip().lower() for s in text.split(",")]
    names = [default_bot if s == "bot" else s for s in names]
    if len(names) != players:
        raise ValueError(f"--seats names {len(names)} seats but the rules have {players} players")
    for s in names:
        if s != HUMAN and s not in BOT_NAMES:
            raise ValueError(f"--seats: unknown seat {s!r} (use human or one of: "
                             f"{', '.join(BOT_NAMES)})")
    if names.count(HUMAN) > 1:
        raise ValueError("--seats: at most one seat may be human")
    return names


class Session:
    """One terminal game: drives the match, asks the human, lets the bots play."""

    def __init__(self, match: Match, seats: list[str], bots: dict[int, Bot], console: Console,
                 input_fn: InputFn) -> None:
        self.match = match
        self.seats = seats
        self.bots = bots
        self.console = console
        self.input = input_fn
        self.human: int | None = seats.index(HUMAN) if HUMAN in seats else None
        self.names = [tr("name.you") if s == HUMAN else f"P{i}" for i, s in enumerate(seats)]
        self._shown = 0  # history entries of the open deal already printed
        self._tricks = 0
        self._sheet_rows = 0

    # -- what the human sees --------------------------------------------------------------
    def observation(self) -> dict[str, Any]:
        """Return the observation the screen is drawn from (the human's, or a spectator's)."""
        return self.match.observation(self.human)

    def say(self, *parts: Any, style: str | None = None) -> None:
        """Print one line."""
        self.console.print(*parts, style=style, highlight=False)

    def intro(self) -> None:
        """Print who sits where and the rules."""
        m = self.match
        # Not the seed: it would tell the human every hand.
        # English names the game by its id, as it always has; another language by its name.
        title = m.GAME if lang() == "en" else game_title(m.GAME)
        self.say(Text(tr("intro.title", game=title), style="bold"))
        self.say(Text(rules_line(m.rules), style="dim"))
        seats = ", ".join(tr("intro.seat_bot", name=n, bot=s)
                          for n, s in zip(self.names, self.seats, strict=True) if s != HUMAN)
        self.say(tr("intro.you_are", seat=self.human, seats=seats) if self.human is not None
                 else tr("intro.bots_only", seats=seats))
        if self.human is not None:
            self.say(Text(tr("intro.help"), style="dim"))

    def show_new_events(self, actor: int | None = None, action: str | None = None) -> None:
        """Print the actions of this deal the human has not seen yet, and finished tricks.

        ``actor`` and ``action`` name the move just made: if it ended the deal and the
        observation no longer lists the deal's history, it is printed from here (a move that
        ends a deal is public: a card, a write-off, a redeal, a pass).
        """
        obs = self.observation()
        hist = obs.get("history") or []
        if len(hist) < self._shown:
            if actor is not None and action is not None:
                self.say_public(actor, action)
            hist = []
        for seat, text in hist[self._shown:]:
            if seat == self.human:
                continue
            who = self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) \
                else tr("name.table")
            self.say(Text.assemble("  ", (f"{who}: ", "bold"),
                                   describe_action(str(text), self.names)))
        self._shown = len(hist)
        tricks = sum(obs.get("tricks_won") or [])
        last = obs.get("last_trick")
        if tricks > self._tricks and isinstance(last, dict) and last.get("cards"):
            self.say(Text.assemble("  ", (tr("event.trick"), "dim"),
                                   trick_text(last["cards"], self.names),
                                   ("  → ", "dim"), (self.names[last["winner"]], "bold green")))
        self._tricks = tricks

    def show_sheet(self, last: int | None = None) -> None:
        """Print the score sheet, with the match's summary rows (Thousand's barrel falls;
        the settlement once the match is over)."""
        rows = [r.to_json() for r in self.match.sheet]
        if not rows:
            self.say(tr("sheet.none"))
            return
        extras = {**self.match.summary_extras(), "settlement": settlement_of(self.match)}
        self.console.print(sheet_table(rows, self.names, last=last, extras=extras))

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the match is over or the human quits; return the exit status."""
        self.intro()
        m = self.match
        try:
            while not m.is_over:
                if m.awaiting_deal:
                    self.finish_deals()
                    m.deal()
                    self._shown = self._tricks = 0
                    self.say(Text(tr("deal.head", n=m.deal_index + 1, name=self.names[m.dealer])
                                  + "─" * 40, style="bold blue"))
                    self.show_new_events()
                    continue
                seat = m.current_player()
                assert seat is not None
                if seat == self.human:
                    self.human_turn(seat)
                else:
                    action = self.bots[seat].act(m.view(seat))
                    text = m.action_to_text(action)
                    m.apply(action)
                    self.show_new_events(seat, text)
                    continue
                self.show_new_events()
        except (Quit, KeyboardInterrupt):
            self.say(tr("stopped"))
            return 0
        self.finish_deals()
        self.say_winner()
        return 0

    def say_public(self, seat: int, text: str) -> None:
        """Print a deal-ending move (it is public: a card, a write-off, a redeal)."""
        if seat == self.human:
            return
        head = text.split()[0] if text.split() else ""
        if head in ("give", "discard"):
            return
        self.say(Text.assemble("  ", (f"{self.names[seat]}: ", "bold"),
                               describe_action(text, self.names)))

    def finish_deals(self) -> None:
        """Print the sheet when a deal has been scored since the last look."""
        n = len(self.match.sheet)
        if n > self._sheet_rows:
            self._sheet_rows = n
            self.show_sheet(last=8)

    def say_winner(self) -> None:
        """Print the end of the match."""
        w = self.match.winner
        seats = w if isinstance(w, list) else [w] if w is not None else []
        who = tr("over.and").join(self.names[s] for s in seats) or tr("over.nobody")
        won = self.human is not None and self.human in seats
        self.say(Text(tr("over.won", who=who) + (tr("over.congrats") if won else ""),
                      style="bold green"))
        pay = settlement_of(self.match)
        if pay is not None:
            self.say(tr("over.settlement") + ", ".join(f"{n} {p:+d}"
                                                for n, p in zip(self.names, pay, strict=True)))

    # -- the human's turn -----------------------------------------------------------------
    def choices(self, texts: list[str]) -> list[str]:
        """Return the legal texts to number: cards in hand order, long runs of bids shortened."""
        cards = ("play ", "discard ")
        plays = sorted((t for t in texts if t.startswith(cards)), key=_display_key)
        texts = [t for t in texts if not t.startswith(cards)] + plays
        # Conceding (a write-off, a strike-out) is never the first, casual choice.
        concede = ("writeoff", "strikeout")
        texts = [t for t in texts if t not in concede] + [t for t in texts if t in concede]
        gives = [t for t in texts if t.startswith("give ")]
        seats = sorted({int(t.split()[1]) for t in gives},
                       key=lambda s: (s - (self.human or 0)) % len(self.seats))
        if seats:
            # One card to each opponent: number the cards for the first; the rest can be typed.
            # The cards in the hand's order, for the first give and the second alike.
            first = sorted((t for t in gives if int(t.split()[1]) == seats[0]), key=_display_key)
            texts = first + [t for t in texts if not t.startswith("give ")]
        runs = ("bid ", "contract ", "exchange ")  # Piquet's exchanges: hundreds of them
        bids = [t for t in texts if t.startswith(runs)]
        if len(bids) <= MAX_LISTED_BIDS:
            return texts
        keep = set(bids[:MAX_LISTED_BIDS - 1] + bids[-1:])
        return [t for t in texts if not t.startswith(runs) or t in keep]

    def draw(self, shown: list[str], texts: list[str]) -> None:
        """Print the table and the numbered choices."""
        obs = self.observation()
        self.console.print()
        self.console.print(status(obs, self.names))
        self.console.print(Text(tr("choices"), style="bold"))
        self.console.print(choices_text([describe_action(t, self.names) for t in shown],
                                        width=min(self.console.width, 100)))
        if len(shown) < len(texts):
            hidden = [t for t in texts if t not in shown]
            self.say(Text(tr("choices.more", n=len(hidden), example=hidden[-1]), style="dim"))

    def human_turn(self, seat: int) -> None:
        """Ask the human until a legal action is applied."""
        m = self.match
        texts = m.legal_texts()
        shown = self.choices(texts)
        self.draw(shown, texts)
        while True:
            try:
                raw = self.input(tr("prompt"))
            except (EOFError, KeyboardInterrupt):
                raise Quit() from None
            answer = raw.strip()
            if not answer:
                continue
            low = answer.lower()
            if low in ("quit", "exit", "q"):
                raise Quit()
            if low in ("help", "?", "h"):
                self.say(tr("help"))
                continue
            if low in ("board", "b", "show"):
                self.draw(shown, texts)
                continue
            if low == "sheet":
                self.show_sheet()
                continue
            if low == "rules":
                self.say(rules_line(m.rules))
                self.console.print(rules_table(m.rules))
                continue
            try:
                text = self.resolve(answer, shown, texts)
                m.apply(text)
            except (KozyrError, ValueError) as e:
                self.say(Text(f"✗ {e}", style="bold red"))
                self.say(Text(tr("error.retry"), style="dim"))
                continue
            self.say(Text.assemble("  ", (f"{self.names[seat]}: ", "bold"),
                                   describe_action(text, self.names)))
            return

    def resolve(self, answer: str, shown: list[str], texts: list[str]) -> str:
        """Return the action text the answer means; raise ValueError if it means none."""
        if answer.isdigit():
            n = int(answer)
            if 1 <= n <= len(shown):
                return shown[n - 1]
            raise ValueError(tr("error.not_choice", n=n, m=len(shown)))
        low = " ".join(answer.split()).lower()
        for t in texts:
            if t.lower() == low:
                return t
        # A bare card means playing it: "KH" -> "play KH", "kh marriage" -> "play KH marriage".
        play = "play " + low
        for t in texts:
            if _same_action(t, play):
                return t
        for t in texts:
            if _same_action(t, low):
                return t
        first = low.split()[0]
        if _is_card(first):
            return "play " + answer  # a card that may not be played: the engine says why
        return answer  # let the engine say what is wrong with it


def _is_card(token: str) -> bool:
    from kozyr.cards import parse_card

    try:
        parse_card(token)
    except ValueError:
        return False
    return True


def _display_key(text: str) -> tuple[int, int, int]:
    """Order card choices as the hand is shown: by suit, strongest first."""
    from kozyr.cards import parse_card

    parts = text.split()
    for tok in parts[1:]:
        try:
            c = parse_card(tok)
        except ValueError:
            continue
        return (c >> 3, -(c & 7), len(parts))
    return (9, 0, len(parts))


def _same_action(text: str, typed: str) -> bool:
    """Return True if ``typed`` names ``text`` (case, ``10`` for ``T`` and symbols allowed)."""
    from kozyr.cards import format_card, parse_card

    a, b = text.lower().split(), typed.lower().split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        try:
            if format_card(parse_card(x)) != format_card(parse_card(y)):
                return False
        except ValueError:
            return False
    return True


def _default_input(console: Console) -> InputFn:
    def ask(prompt: str) -> str:
        return console.input(Text(prompt, style="bold cyan"))
    return ask


def main(game: str, *, preset: str | None, rules: list[str], seats: str | None,
         seed: int | None, save: str | None, console: Console | None = None,
         input_fn: InputFn | None = None, lang: str = "en") -> int:
    """Run ``kozyr play`` speaking ``lang`` (words.LANGS); return the exit status (2 for bad
    flags)."""
    if lang not in LANGS:
        print("kozyr play: " + tr("cli.bad_lang", lang=lang, langs=", ".join(LANGS)),
              file=sys.stderr)
        return 2
    with speaking(lang):
        return _main(game, preset=preset, rules=rules, seats=seats, seed=seed, save=save,
                     console=console, input_fn=input_fn)


def _main(game: str, *, preset: str | None, rules: list[str], seats: str | None,
          seed: int | None, save: str | None, console: Console | None,
          input_fn: InputFn | None) -> int:
    from kozyr.games import make_rules, new_match

    try:
        rs = make_rules(game, preset, rules)
        players = int(getattr(rs, "players", 2))
        kinds = parse_seats(seats, players)
    except (KozyrError, ValueError) as e:
        print(f"kozyr play: {e}", file=sys.stderr)
        return 2
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    console = console or Console()
    bots = {i: make_bot(k, seed=seed * 31 + i) for i, k in enumerate(kinds) if k != HUMAN}
    match = new_match(game, rs, seed=seed)
    session = Session(match, kinds, bots, console, input_fn or _default_input(console))
    status_code = session.run()
    if save:
        write_save(match, kinds, save)
        console.print(tr("saved", path=save))
    return status_code


def write_save(match: Match, kinds: list[str], path: str) -> None:
    """Write the game record of ``match`` to ``path``."""
    from kozyr.records import dump_record, write_record

    players = ["human" if k == HUMAN else f"bot:{k}" for k in kinds]
    text = dump_record(write_record(match, players))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n")
