"""Rich renderables for terminal play, built from one seat's observation only.

Every function here takes an observation dict (``match.observation(seat)``) and the seat
names, never the match, so the screen cannot show what the seat may not see.  Cards are
shown as ``A♠ 10♥`` with hearts and diamonds in red; lines fit in 80 columns.  Every word
comes from :mod:`kozyr.terminal.words`, in the language being spoken.

>>> pretty("TH KS").plain
'10♥ K♠'
>>> describe_action("give 1 9C", ["You", "P1", "P2"]).plain
'give 9♣ to P1'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from kozyr.cards import SUIT_SYMBOLS, parse_card, parse_suit, pretty_card
from kozyr.core.errors import RulesError
from kozyr.core.option_texts import choice_text, localized_schema, texts_for
from kozyr.core.rules import RuleSet
from kozyr.games.registry import spec
from kozyr.terminal.words import label_width, lang, t, tx, word

RED_SUITS = (2, 3)  # diamonds, hearts
SUIT_STYLE = ("bold", "bold", "bold red", "bold red")


def card_text(token: str) -> Text:
    """Return one card (record notation) as coloured text; ``??`` stays a hidden card."""
    copy = token[2:] if len(token) == 3 and token[2].isdigit() else ""  # Bezique's AS1
    try:
        c = parse_card(token[:2] if copy else token)
    except ValueError:
        return Text(token, style="dim")
    return Text(pretty_card(c) + copy, style=SUIT_STYLE[c >> 3])


def suit_text(letter: str) -> Text:
    """Return a suit letter as its coloured symbol."""
    try:
        s = parse_suit(letter)
    except ValueError:
        return Text(letter)
    return Text(SUIT_SYMBOLS[s], style=SUIT_STYLE[s])


def pretty(cards: str | Sequence[str] | None, sep: str = " ") -> Text:
    """Return a space-separated card string (or a list of cards) as coloured text."""
    if not cards:
        return Text("—", style="dim")
    tokens = cards.split() if isinstance(cards, str) else list(cards)
    return Text(sep).join(card_text(t) for t in tokens)


def hand_text(hand: str | None) -> Text:
    """Return a hand grouped by suit (♠ ♣ ♦ ♥, strongest first), suits set apart."""
    if not hand:
        return Text(t("hand.hidden") if hand is None else t("hand.empty"), style="dim")
    groups: dict[int, list[str]] = {}
    for tok in hand.split():
        groups.setdefault(parse_card(tok[:2] if len(tok) == 3 else tok) >> 3, []).append(tok)
    return Text("   ").join(pretty(groups[s]) for s in sorted(groups))


def seat_name(names: Sequence[str], seat: Any) -> str:
    """Return the name of ``seat`` (its number if it has no name, a dash for none)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "—" if seat is None else str(seat)


def describe_action(text: str, names: Sequence[str], *, compact: bool = False) -> Text:
    """Return an action in words with pretty cards: ``play KH marriage`` -> ``K♥ + marriage``.

    ``compact``: bids as bare numbers (for the auction line).
    """
    parts = text.split()
    if not parts:
        return Text(text)
    head = parts[0]
    if head == "play" and len(parts) >= 2:
        out = card_text(parts[1])
        words = " ".join(parts[2:])
        if words:
            out.append(f" + {word('play', words)}", style="bold yellow")
        return out
    if head in ACTION_WORDS and len(parts) == 1:
        return Text(t(f"act.{head}"))
    if head == "give" and len(parts) == 3:
        seat = int(parts[1]) if parts[1].isdigit() else parts[1]
        if parts[2] == "??":
            return tx("act.give_hidden", name=seat_name(names, seat))
        return tx("act.give", card=card_text(parts[2]), name=seat_name(names, seat))
    if head == "bid" and len(parts) == 2 and compact:
        return Text(parts[1])
    if head == "discard" and len(parts) == 2:
        if parts[1] == "??":
            return tx("act.discard_hidden")
        return tx("act.discard", card=card_text(parts[1]))
    if head == "take" and len(parts) == 2:
        return tx("act.take", n=parts[1])
    if head == "trump" and len(parts) == 2:
        return tx("act.trump", suit=suit_text(parts[1]))
    if lang() != "en" and head in VERBS:
        # In English the action's own text is its name; another language says it in words,
        # the cards drawn and Piquet's categories named.
        out = Text(t(f"verb.{head}"))
        for tok in parts[1:]:
            out.append(" ")
            out.append_text(card_text(tok) if _is_card(tok[:2]) else Text(
                word("cat", tok).lower()))
        return out
    return Text(text)


#: The words after a played card (Thousand's declaring leads, Debertz's bella): words.py's
#: ``play.<words>``.
PLAY_WORDS = ("marriage", "marriage keep", "bed", "bed keep", "nines", "bella")
#: One-word actions said in words (Thousand §11: the blind's look, buying, the strike-out):
#: words.py's ``act.<action>``.
ACTION_WORDS = ("look", "buy", "decline", "strikeout")
#: The other actions, said in words in a language other than English (``verb.<action>``).
VERBS = ("pass", "bid", "contract", "writeoff", "redeal", "keep", "blind", "accept", "declare",
         "swap7", "exchange", "sink", "draw", "show7")


def choices_text(labels: Sequence[Text], width: int = 80) -> Text:
    """Return numbered choices ``1) pass  2) bid 105 ...`` wrapped to ``width`` columns."""
    cells = [Text.assemble((f"{i:>2}) ", "cyan"), lab) for i, lab in enumerate(labels, 1)]
    col = max((c.cell_len for c in cells), default=0) + 2
    per_line = max(1, (width - 2) // col)
    out = Text()
    for i, cell in enumerate(cells):
        if i and i % per_line == 0:
            out.append("\n")
        out.append("  ")
        out.append_text(cell)
        if (i + 1) % per_line and i + 1 < len(cells):
            out.append(" " * (col - cell.cell_len - 2))
    return out


def trick_text(trick: Sequence[Any] | None, names: Sequence[str]) -> Text:
    """Return the cards of a trick (``[seat, card]`` in play order) with who played them."""
    if not trick:
        return Text("—", style="dim")
    return Text("   ").join(Text.assemble(f"{seat_name(names, s)} ", card_text(str(c)))
                            for s, c in trick)


def scores_text(obs: dict[str, Any], names: Sequence[str]) -> Text:
    """Return the running totals, one per seat."""
    totals = obs.get("totals") or []
    return Text("  ").join(Text.assemble((f"{seat_name(names, i)} ", "bold"), f"{t}")
                           for i, t in enumerate(totals))


def bidding_text(history: Sequence[Sequence[Any]], names: Sequence[str]) -> Text:
    """Return the auction so far (bids, passes, accepts, trumps named) from the history."""
    words = ("bid", "pass", "blind", "look", "accept", "trump", "redeal", "keep")
    parts = [Text.assemble(f"{seat_name(names, s)} ", describe_action(str(t), names, compact=True))
             for s, t in history if str(t).split()[0] in words]
    if not parts:
        return Text("—", style="dim")
    return Text(" · ").join(parts)


def line(label: str, value: Text | str) -> Text:
    """Return one labelled line of the status (labels as wide as the language's widest)."""
    return Text.assemble((label.ljust(label_width()), "bold cyan"), value)


def status(obs: dict[str, Any], names: Sequence[str]) -> RenderableType:
    """Return the table as the observation's seat sees it: header, game lines, trick, hand."""
    game = obs.get("game", "")
    lines: list[Text] = []
    head = Text.assemble(
        (f" {game_title(str(game))} ", "bold reverse"),
        t("head.deal", n=int(obs.get("deal_index", 0)) + 1),
        t("head.dealer", name=seat_name(names, obs.get("dealer"))),
        t("head.phase", phase=word("phase", str(obs.get("phase", "")))))
    to_act = obs.get("to_act")
    if to_act is not None:
        head.append(t("head.to_act", name=seat_name(names, to_act)), style="bold")
    lines.append(head)
    lines.append(line(t("label.scores"), scores_text(obs, names)))
    lines.extend(game_lines(obs, names))
    last = obs.get("last_trick")
    if isinstance(last, dict) and last.get("cards"):
        lines.append(line(t("label.last_trick"), Text.assemble(
            trick_text(last["cards"], names),
            f"  → {seat_name(names, last.get('winner'))}")))
    if obs.get("phase") == "play" or obs.get("trick"):
        lines.append(line(t("label.trick"), trick_text(obs.get("trick"), names)))
    tricks = obs.get("tricks_won")
    if tricks and any(tricks):
        lines.append(line(t("label.tricks_won"), Text("  ").join(
            Text(f"{seat_name(names, i)} {n}") for i, n in enumerate(tricks))))
    lines.append(line(t("label.hand"), hand_text(obs.get("hand"))))
    return Group(*lines)


def game_title(game: str) -> str:
    """Return a game's name (``thousand`` -> ``Thousand``, ``Тысяча``, ``Tysiąc``)."""
    key = f"game.{game}"
    return t(key) if key in _KNOWN_GAMES else game.capitalize()


_KNOWN_GAMES = frozenset(("game.thousand", "game.debertz", "game.tertz", "game.piquet",
                          "game.bezique"))


def table_row(obs: dict[str, Any], names: Sequence[str]) -> Text:
    """Return the table's open cards and counts: turned card, trump, declarer, stock, cutter, pot.

    Only the keys the observation has are shown (Debertz and Tertz share most of them).
    """
    row = Text()
    if obs.get("turned"):
        row.append_text(Text.assemble(t("row.turned"), card_text(str(obs["turned"])), "   "))
    if obs.get("trump"):
        row.append_text(Text.assemble(t("row.trump"), suit_text(str(obs["trump"])), "   "))
    if obs.get("declarer") is not None:
        row.append(t("row.declarer", name=seat_name(names, obs["declarer"])))
    if obs.get("stock_size") is not None:
        row.append(t("row.stock", n=obs["stock_size"]))
    if obs.get("cutter"):
        row.append_text(Text.assemble(t("row.cutter"), card_text(str(obs["cutter"])), "   "))
    if obs.get("pot"):
        row.append(t("row.pot", n=obs["pot"]))
    return row


def game_lines(obs: dict[str, Any], names: Sequence[str]) -> list[Text]:
    """Return the game's own status lines, drawn by its renderer (``GameSpec.terminal``)."""
    try:
        game = spec(str(obs.get("game", "")))
    except RulesError:
        return []
    if not game.terminal:
        return []
    draw: Callable[[dict[str, Any], Sequence[str]], list[Text]] = game.load(game.terminal)
    return draw(obs, names)


def combos_text(per_seat: Sequence[Any], names: Sequence[str]) -> Text:
    """Return shown combinations/melds per seat: ``P1 sequence Q♠ K♠ A♠ (20)``."""
    parts: list[Text] = []
    for seat, combos in enumerate(per_seat):
        if not combos:
            continue
        items = []
        for c in combos:
            if isinstance(c, dict):
                items.append(Text.assemble(f"{word('meld', str(c.get('kind', '')))} ",
                                           pretty(c.get("cards")),
                                           f" ({c.get('value', '?')})"))
            else:
                items.append(generic_text(c, names))
        parts.append(Text.assemble((f"{seat_name(names, seat)}: ", "bold"), Text(", ").join(items)))
    return Text("; ").join(parts) if parts else Text("—", style="dim")


def generic_text(value: Any, names: Sequence[str]) -> Text:
    """Return a melds/combinations structure as readable text (seat numbers become names)."""
    if isinstance(value, dict):
        return Text("; ").join(Text.assemble(f"{k}: ", generic_text(v, names))
                               for k, v in value.items())
    if isinstance(value, list):
        if len(value) == 2 and isinstance(value[0], int) and not isinstance(value[0], bool):
            return Text.assemble(f"{seat_name(names, value[0])} ", generic_text(value[1], names))
        return Text(", ").join(generic_text(v, names) for v in value)
    if isinstance(value, str):
        toks = value.split()
        if toks and all(_is_card(t) for t in toks):
            return pretty(value)
        return Text(value)
    return Text(str(value))


def _is_card(tok: str) -> bool:
    try:
        parse_card(tok)
    except ValueError:
        return False
    return True


def sheet_table(sheet: Sequence[dict[str, Any]], names: Sequence[str],
                last: int | None = None, extras: dict[str, Any] | None = None) -> Table:
    """Return the score sheet as a table: per deal the contract and each seat's change,
    total and marks (``last``: only the last N rows).

    ``extras``: the summary's top-level keys (``kozyr replay --json``): Thousand's
    ``barrel_falls`` and, once the match is complete, ``settlement`` become the last rows.
    The marks shown are explained under the table (in English, which shows the record's
    codes: ``B``, ``P``); another language names them in the cells.
    """
    table = Table(title=t("sheet.title"), title_style="bold", show_lines=False, padding=(0, 1),
                  header_style="bold cyan", caption_justify="left")
    table.add_column("#", justify="right")
    table.add_column(t("sheet.decl"))
    table.add_column(t("sheet.bid"), justify="right")
    for n in names:
        table.add_column(n, justify="right")
    start = 0 if last is None else max(0, len(sheet) - last)
    seen: list[str] = []
    for i, row in enumerate(sheet[start:], start + 1):
        decl = row.get("declarer")
        bid = row.get("contract") if row.get("contract") is not None else row.get("bid")
        if bid is None and row.get("trump"):
            bid_text = Text.assemble(t("row.trump"), suit_text(str(row["trump"])))
        else:
            bid_text = Text("" if bid is None else str(bid))
        cells: list[Text | str] = [str(i), seat_name(names, decl) if decl is not None else "—",
                                   bid_text]
        scores = row.get("scores") or []
        totals = row.get("totals") or []
        marks = row.get("marks") or []
        for seat in range(len(names)):
            sc = scores[seat] if seat < len(scores) else 0
            tot = totals[seat] if seat < len(totals) else 0
            cell = Text(f"{sc:+d} ", style="green" if sc > 0 else "red" if sc < 0 else "dim")
            cell.append(f"{tot}", style="bold")
            mk = marks[seat] if seat < len(marks) else []
            if mk and lang() != "en":
                # Another language names each mark in the cell (kreska, bomba, na beczce).
                cell.append(" " + ", ".join(word("mark", m) for m in mk), style="yellow")
            elif mk:
                cell.append(" " + " ".join(mk), style="yellow")
                seen.extend(m for m in mk if m not in seen)
            cells.append(cell)
        table.add_row(*cells)
    extras = extras or {}
    summary = [(label, values, fmt) for label, values, fmt in (
        (t("sheet.barrel_falls"), extras.get("barrel_falls"), "{}"),
        (t("sheet.settlement"), extras.get("settlement"), "{:+d}")) if isinstance(values, list)]
    if summary and table.rows:
        table.rows[-1].end_section = True  # a rule between the deals and the summary
    for label, values, fmt in summary:
        table.add_row("", Text(label, style="bold"), "", *(fmt.format(v) for v in values))
    if seen:
        table.caption = t("sheet.marks") + " · ".join(f"{m} {word('mark', m)}" for m in seen)
    return table


def rules_table(rules: RuleSet) -> Table:
    """Return every option of ``rules`` grouped as on its rules page: label, value, and a mark
    on the values that differ from the option's default (in the language being spoken, from
    the game's texts)."""
    texts = texts_for(type(rules))
    local = localized_schema(type(rules), texts)
    by_name = {o["name"]: o for o in local["options"]}
    values = rules.as_dict()
    table = Table(title=t("rules.title"), title_style="bold", show_header=False, padding=(0, 1),
                  box=None)
    table.add_column("option", style="cyan")
    table.add_column("value")
    for group in local["groups"]:
        table.add_row(Text(group["title"][lang()], style="bold underline"), "")
        for name in group["options"]:
            opt = by_name[name]
            value = values.get(name)
            shown = _value_text(texts, opt, value)
            changed = value != opt["default"]
            table.add_row("  " + opt["texts"][lang()]["label"],
                          Text(shown + (" *" if changed else ""),
                               style="bold yellow" if changed else ""))
    return table


def _value_text(texts: Any, opt: dict[str, Any], value: Any) -> str:
    """Return one option's value as the rules table and line show it."""
    if isinstance(value, dict):
        return " ".join(f"{SUIT_SYMBOLS[parse_suit(k)]}{v}" for k, v in value.items())
    if texts is not None and (opt["choices"] is not None or isinstance(value, bool)
                              or value is None):
        return choice_text(texts, opt["name"], value, lang())
    return str(value)


def rules_line(rules: RuleSet) -> str:
    """Return ``rules`` in one line: in English the rule set's own sentence (``describe``),
    in another language each option that differs from its default as "label: value" (in the
    rules page's order), or "standard rules" when none does (as the web client's)."""
    if lang() == "en":
        return rules.describe()
    texts = texts_for(type(rules))
    local = localized_schema(type(rules), texts)
    by_name = {o["name"]: o for o in local["options"]}
    values = rules.as_dict()
    parts = []
    for group in local["groups"]:
        for name in group["options"]:
            opt, value = by_name[name], values.get(name)
            if value != opt["default"]:
                parts.append(f"{opt['texts'][lang()]['label']}: {_value_text(texts, opt, value)}")
    return " · ".join(parts) if parts else t("rules.standard")
