"""A scripted terminal for the terminal-play tests: it records the screen and answers prompts."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable

from rich.console import Console

from kozyr.cards import parse_card
from kozyr.terminal.play import main


class Script:
    """A console that records the screen and answers prompts from a list, then a policy."""

    def __init__(self, answers: Iterable[str] = (),
                 then: Callable[[str], str | None] | None = None) -> None:
        self.buf = io.StringIO()
        self.console = Console(file=self.buf, width=80, color_system=None, force_terminal=False)
        self.answers = list(answers)
        self.then = then
        self.prompts = 0

    @property
    def screen(self) -> str:
        return self.buf.getvalue()

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        self.console.print(prompt, end="")
        if self.answers:
            answer: str | None = self.answers.pop(0)
        else:
            answer = self.then(self.screen) if self.then else None
        if answer is None:
            raise EOFError
        self.console.print(answer)
        return answer


def play(game: str, script: Script, **kw: object) -> int:
    args: dict[str, object] = {"preset": None, "rules": [], "seats": None, "seed": 5,
                               "save": None}
    args.update(kw)
    return main(game, console=script.console, input_fn=script, **args)  # type: ignore[arg-type]


def cards_in(screen: str) -> set[int]:
    out = set()
    for rank, suit in re.findall(r"(10|[789JQKA])([♠♣♦♥])", screen):
        out.add(parse_card(("T" if rank == "10" else rank) + "SCDH"["♠♣♦♥".index(suit)]))
    return out
