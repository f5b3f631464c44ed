"""The ``kozyr`` command line: replay, analyse, record, play, move, bot, arena, serve, admin.

Each command parses its flags here and hands over to the module that owns the feature, so the
import cost of the web server is not paid by ``kozyr replay``.  Every command returns its exit
status; bad flags get a clear one-line error and exit status 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kozyr.games.registry import specs

#: The registered games, for the help texts (``thousand, debertz or tertz``).
_NAMES = [s.name for s in specs()]
GAME_HELP = ", ".join(_NAMES[:-1]) + " or " + _NAMES[-1] if len(_NAMES) > 1 else "".join(_NAMES)

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="kozyr: " + ", ".join(s.title for s in specs())
                  + " — engines, records, bots, card room.")

RuleOpt = Annotated[list[str] | None, typer.Option(
    "--rule", "-r", help="Override a rule option: name=value (repeatable).")]
PresetOpt = Annotated[str | None, typer.Option("--preset", "-p", help="Rule preset.")]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="Seed of the deals (default: random).")]
LangOpt = Annotated[str | None, typer.Option(
    "--lang", help="Language of the text: en, ru, uk or pl (default: from LC_ALL, LC_MESSAGES "
    "or LANG, else en).")]


def _lang(value: str | None) -> str:
    """Return the language asked for, else the environment's (kozyr.terminal.words)."""
    from kozyr.terminal.words import lang_from_env

    return value.strip().lower() if value else lang_from_env()


@app.command()
def replay(file: Annotated[Path, typer.Argument(help="Game record (JSON), '-' for stdin.")],
           json: Annotated[bool, typer.Option("--json", help="Print the sheet as JSON.")] = False,
           lang: LangOpt = None) -> None:
    """Replay a game record and print its score sheet."""
    from kozyr.replay import main as replay_main

    raise typer.Exit(replay_main(str(file), as_json=json, lang=_lang(lang)))


@app.command()
def analyse(file: Annotated[Path, typer.Argument(help="Game record (JSON), '-' for stdin.")],
            deal: Annotated[int | None, typer.Option(
                "--deal", help="Only this finished deal (counted from 1).")] = None,
            json: Annotated[bool, typer.Option("--json", help="Print JSON (docs/analysis.md).")]
            = False,
            budget: Annotated[float, typer.Option(
                "--budget", help="Seconds of search per card (exact, then contract only).")]
            = 2.0,
            samples: Annotated[int, typer.Option(
                "--samples", help="Thousand: deals sampled for the contract check.")] = 24,
            seed: Annotated[int, typer.Option("--seed", help="Seed of the samples.")] = 0,
            ) -> None:
    """Analyse a record: double-dummy values per trick and each seat's costly decisions."""
    from kozyr.analysis.report import main as analyse_main

    raise typer.Exit(analyse_main(str(file), deal=deal, as_json=json, budget=budget,
                                  samples=samples, seed=seed))


@app.command()
def record(game: Annotated[str, typer.Argument(help=GAME_HELP)] = "thousand",
           preset: PresetOpt = None, rule: RuleOpt = None,
           bots: Annotated[str | None, typer.Option(
               "--bots", help="Comma-separated bot per seat (default: heuristic).")] = None,
           seed: SeedOpt = None,
           deals: Annotated[int | None, typer.Option(
               "--deals", help="Stop after this many deals (default: the whole match).")] = None,
           out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here, not stdout.")]
           = None) -> None:
    """Play a seeded game between bots and write its record."""
    from kozyr.bots.selfplay import record_main

    raise typer.Exit(record_main(game, preset=preset, rules=rule or [], bots=bots, seed=seed,
                                 deals=deals, out=str(out) if out else None))


@app.command()
def play(game: Annotated[str, typer.Argument(help=GAME_HELP)] = "thousand",
         preset: PresetOpt = None, rule: RuleOpt = None,
         seats: Annotated[str | None, typer.Option(
             "--seats", help="Comma-separated: human or a bot name per seat.")] = None,
         seed: SeedOpt = None,
         save: Annotated[Path | None, typer.Option("--save", help="Write the record here.")]
         = None, lang: LangOpt = None) -> None:
    """Play in the terminal against bots."""
    from kozyr.terminal.play import main as play_main

    raise typer.Exit(play_main(game, preset=preset, rules=rule or [], seats=seats, seed=seed,
                               save=str(save) if save else None, lang=_lang(lang)))


@app.command()
def move(file: Annotated[Path, typer.Argument(help="A record that stops at a decision.")],
         bot: Annotated[str, typer.Option("--bot", help="Bot name.")] = "normal",
         seed: SeedOpt = None,
         hint: Annotated[bool, typer.Option(
             "--hint", help="Also print why, in one line (the search's values).")] = False,
         ) -> None:
    """Print the action a bot chooses for the seat to act in a record."""
    from kozyr.bots.protocol import move_main

    raise typer.Exit(move_main(str(file), bot=bot, seed=seed, explain=hint))


@app.command("bot")
def bot_cmd(bot: Annotated[str, typer.Option("--bot", help="Bot name.")] = "normal",
            seed: SeedOpt = None) -> None:
    """Serve a bot over JSON lines on stdin/stdout (a record in, an action out)."""
    from kozyr.bots.protocol import bot_main

    raise typer.Exit(bot_main(bot=bot, seed=seed))


@app.command()
def arena(game: Annotated[str, typer.Option("--game", help=GAME_HELP)] = "thousand",
          bots: Annotated[str, typer.Option("--bots", help="Comma-separated bot per seat.")]
          = "hard,normal,normal",
          deals: Annotated[int, typer.Option("--deals")] = 100,
          matches: Annotated[int, typer.Option("--matches", help="Full matches instead of deals.")]
          = 0,
          seed: Annotated[int, typer.Option("--seed")] = 0,
          preset: PresetOpt = None, rule: RuleOpt = None,
          json: Annotated[bool, typer.Option("--json")] = False,
          workers: Annotated[int, typer.Option(
              "--workers", help="Processes for deal mode (same results as one).")] = 1) -> None:
    """Duplicate play between bots, with confidence intervals."""
    from kozyr.bots.arena import main as arena_main

    raise typer.Exit(arena_main(game=game, bots=bots, deals=deals, matches=matches, seed=seed,
                                preset=preset, rules=rule or [], as_json=json,
                                workers=workers))


@app.command()
def serve(host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
          port: Annotated[int, typer.Option("--port")] = 8000,
          db: Annotated[str | None, typer.Option(
              "--db", help="Database URL: sqlite+aiosqlite:///FILE or "
              "postgresql+asyncpg://USER@HOST/DB (default: SQLite under ./var/; also "
              "KOZYR_DB).")] = None,
          redis: Annotated[str | None, typer.Option(
              "--redis", help="Redis URL (redis://HOST:6379/0) shared by several processes "
              "of one room (default: none, one process; also KOZYR_REDIS).")] = None,
          origin: Annotated[list[str] | None, typer.Option(
              "--origin", help="Another origin whose pages may use the room, as "
              "scheme://host[:port] (repeatable; also KOZYR_ORIGINS).")] = None,
          trusted_proxy: Annotated[list[str] | None, typer.Option(
              "--trusted-proxy", help="Address or network of a reverse proxy whose "
              "X-Forwarded-For/-Proto are believed (repeatable; also KOZYR_TRUSTED_PROXIES)."
              )] = None) -> None:
    """Run the online card room (limits and cookies: KOZYR_* variables, docs/security.md)."""
    from kozyr.server.main import main as serve_main

    raise typer.Exit(serve_main(host=host, port=port, db=db, redis=redis,
                                origins=tuple(origin or ()),
                                trusted_proxies=tuple(trusted_proxy or ())))


admin = typer.Typer(add_completion=False, no_args_is_help=True,
                    help="The room's administration (reads its database).")
app.add_typer(admin, name="admin")


@admin.command("reports")
def admin_reports(db: Annotated[str | None, typer.Option(
                      "--db", help="Database URL, as `kozyr serve --db` (default: SQLite under "
                      "./var/; also KOZYR_DB).")] = None,
                  json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False
                  ) -> None:
    """List the open reports of abuse, oldest first."""
    import os

    from kozyr.server.people.admin import reports_main

    raise typer.Exit(reports_main(db or os.environ.get("KOZYR_DB") or None, as_json=json))


def main() -> None:
    """Entry point of the ``kozyr`` script."""
    app()


if __name__ == "__main__":
    main()
