"""Architecture tests: what the layout promises, read from the source with ``ast`` (fast).

1. **Games keep their privates.**  Nothing outside ``src/kozyr/games/<g>/`` reads or writes a
   private attribute of another object (``m._hands``; ``self._x`` and ``cls._x`` are the
   object's own, dunders are Python's): search bots, the server and the terminal read a match
   through its documented interface.  ``getattr(m, "_x")`` counts too, and so does importing a
   private name (``from kozyr.games.thousand.state import _x``) from outside the game.  The
   few privates of non-game objects that must be read are listed in ``PRIVATE_ALLOWED``, each
   with its reason.
2. **No import cycles, no upward imports.**  The import graph of kozyr's modules, from their
   module-level imports (imports inside functions are lazy and left out), has no cycle, and
   none either with the imports under ``if TYPE_CHECKING:`` (a type is a dependency).  Every
   import, lazy ones included, goes down (or sideways in its layer) in ``LAYERS``: cards <-
   core <- games <- records <- bots, analysis <- server, terminal <- cli; the server and the
   terminal do not import each other, and no game imports another game.
3. **Modules stay small.**  No module under ``src/kozyr`` is over ``MAX_LINES`` lines, except
   those in ``BIG_ALLOWED``, each with its reason.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "kozyr"
GAMES_DIR = ROOT / "games"

#: (module path under src/kozyr, the access as written) -> why it is allowed.
PRIVATE_ALLOWED: dict[tuple[str, str], str] = {
    ("server/botpool.py", "pool._processes"):
        "ProcessPoolExecutor has no public list of its workers (said in pids()); "
        "multiprocessing.active_children() would count any other child of the server",
    ("server/botpool.py", "os._exit"):
        "os._exit is the standard library's public way to end a process at once, "
        "without cleanup (a pool worker whose server died)",
}

#: The layers, lowest first: a module may import from its own layer and the layers below.
#: Each entry is a module or package prefix; a module belongs to its longest matching prefix.
LAYERS: list[tuple[str, ...]] = [
    ("kozyr", "kozyr.cards"),            # the package itself and the cards
    ("kozyr.core",),                     # the Match API, rules as data, errors, sheets
    ("kozyr.games",),                    # the engines, one package per game, and the registry
    ("kozyr.records",),                  # the record format: read, write, replay
    ("kozyr.bots", "kozyr.analysis"),    # computer players, self-play, the arena; analysis
    ("kozyr.server", "kozyr.terminal"),  # the card room and the terminal game
    ("kozyr.cli", "kozyr.replay"),       # the commands
]
#: Parts of one layer that must not import each other.
INDEPENDENT: list[tuple[str, str]] = [("kozyr.server", "kozyr.terminal")]

MAX_LINES = 600
#: Module path under src/kozyr -> why it may be longer than MAX_LINES.
BIG_ALLOWED: dict[str, str] = {
    "bots/solver/search.py":
        "the solver's hot loop is one inlined function on purpose (a call per node would "
        "cost the search its speed; issue 13 lets it stay big)",
}


# -- reading the source ---------------------------------------------------------------------
@dataclass(frozen=True)
class Module:
    """One module of kozyr: its dotted name, its path under src/kozyr and its syntax tree."""

    name: str
    rel: str
    path: Path
    tree: ast.Module

    @property
    def is_package(self) -> bool:
        """Return True for a package's ``__init__``."""
        return self.path.name == "__init__.py"


def _module_name(path: Path) -> str:
    parts = ["kozyr", *path.relative_to(ROOT).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Module]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        name = _module_name(path)
        out[name] = Module(name, path.relative_to(ROOT).as_posix(), path, tree)
    return out


MODULES = _modules()


def _game_of(rel: str) -> str | None:
    """Return the game whose package holds the module at ``rel``, or None."""
    parts = rel.split("/")
    if len(parts) > 2 and parts[0] == "games" and (GAMES_DIR / parts[1]).is_dir():
        return parts[1]
    return None


# -- 1. privates -----------------------------------------------------------------------------
def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_own(node: ast.expr) -> bool:
    """Return True for ``self``, ``cls``, ``super()`` and ``type(self)``: the object itself."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "super":
            return True
        return node.func.id == "type" and len(node.args) == 1 and _is_own(node.args[0])
    return False


def _private_uses(module: Module) -> Iterator[tuple[int, str]]:
    """Yield ``(line, text)`` for every private attribute of another object the module uses."""
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Attribute):
            if _is_private(node.attr) and not _is_own(node.value):
                yield node.lineno, ast.unparse(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if (node.func.id in ("getattr", "setattr", "hasattr", "delattr")
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and isinstance(node.args[1].value, str) and _is_private(node.args[1].value)
                    and not _is_own(node.args[0])):
                yield node.lineno, ast.unparse(node)
        elif isinstance(node, ast.ImportFrom):
            source = _resolve_from(module, node)
            if source is None or not source.startswith("kozyr.games."):
                continue
            owner = source.split(".")[2]
            if owner == _game_of(module.rel):
                continue
            for alias in node.names:
                if _is_private(alias.name):
                    yield node.lineno, f"from {source} import {alias.name}"


def _private_findings() -> tuple[list[str], set[tuple[str, str]]]:
    found, used = [], set()
    for module in MODULES.values():
        if _game_of(module.rel) is not None:
            continue  # inside a game's own package
        for line, text in _private_uses(module):
            key = (module.rel, text)
            if key in PRIVATE_ALLOWED:
                used.add(key)
            else:
                found.append(f"src/kozyr/{module.rel}:{line}: {text}")
    return found, used


def test_nothing_outside_a_game_uses_private_attributes() -> None:
    found, _ = _private_findings()
    assert not found, (f"{len(found)} uses of private attributes outside the games' packages "
                       "(read a documented interface instead):\n" + "\n".join(found))


def test_every_allowed_private_is_still_used() -> None:
    _, used = _private_findings()
    stale = sorted(set(PRIVATE_ALLOWED) - used)
    assert not stale, f"PRIVATE_ALLOWED lists accesses that are gone: {stale}"


# -- 2. imports ------------------------------------------------------------------------------
def _resolve_from(module: Module, node: ast.ImportFrom) -> str | None:
    """Return the absolute module name a ``from ... import`` reads from."""
    if node.level == 0:
        return node.module
    package = module.name if module.is_package else module.name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


@dataclass(frozen=True)
class Import:
    """One import of a kozyr module by a kozyr module."""

    source: str
    target: str
    line: int
    lazy: bool  # inside a function: executed when called, not when the module is imported
    typing: bool  # under ``if TYPE_CHECKING:``: read by type checkers only


def _targets(module: Module, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name == "kozyr" or alias.name.startswith("kozyr."):
                yield _known(alias.name)
        return
    base = _resolve_from(module, node)
    if base is None or not (base == "kozyr" or base.startswith("kozyr.")):
        return
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        yield sub if sub in MODULES else _known(base)


def _known(name: str) -> str:
    """Return ``name``, or its nearest enclosing module that exists."""
    while name not in MODULES and "." in name:
        name = name.rpartition(".")[0]
    return name


def _is_type_checking(node: ast.AST) -> bool:
    """Return True for ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(module: Module) -> Iterator[Import]:
    def visit(node: ast.AST, lazy: bool, typing: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in _targets(module, child):
                    if target != module.name:
                        yield Import(module.name, target, child.lineno, lazy, typing)
            yield from visit(
                child,
                lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)),
                typing or _is_type_checking(child))

    yield from visit(module.tree, False, False)


IMPORTS = [imp for module in MODULES.values() for imp in _imports(module)]


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return out


def _a_cycle(component: list[str], edges: dict[str, set[str]]) -> list[str]:
    """Return one cycle through the component's first module, as a path of modules."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges.get(v, set()) & members):
                if w == start:
                    return [*paths[v], start]
                if w not in paths:
                    paths[w] = [*paths[v], w]
                    nxt.append(w)
        frontier = nxt
    return component


def _cycle_report(*, typing: bool) -> list[str]:
    """Return one line per import cycle among the module-level imports (``typing``: with the
    ``TYPE_CHECKING`` ones)."""
    edges: dict[str, set[str]] = {}
    lines: dict[tuple[str, str], str] = {}
    for imp in IMPORTS:
        if not imp.lazy and (typing or not imp.typing):
            edges.setdefault(imp.source, set()).add(imp.target)
            how = ", TYPE_CHECKING" if imp.typing else ""
            lines.setdefault((imp.source, imp.target), f"line {imp.line}{how}")
    report = []
    for component in _cycles(edges):
        path = _a_cycle(component, edges)
        steps = [f"{a} ({lines[a, b]})" for a, b in itertools.pairwise(path)]
        report.append(" -> ".join([*steps, path[-1]]) + f"   [cycle among {len(component)}: "
                      f"{', '.join(component)}]")
    return report


def test_no_import_cycles() -> None:
    report = _cycle_report(typing=False)
    assert not report, "import cycles (module-level imports):\n" + "\n".join(report)


def test_no_import_cycles_for_type_checkers_either() -> None:
    # A type is a dependency too: a module that names another's type for the checker leans on
    # it (the engine naming its composed match, say), even if nothing imports it at run time.
    report = _cycle_report(typing=True)
    assert not report, "import cycles through `if TYPE_CHECKING:` imports:\n" + "\n".join(report)


def _layer(name: str) -> tuple[int, str] | None:
    """Return the layer index and the prefix ``name`` belongs to (its longest match)."""
    best: tuple[int, str] | None = None
    for i, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and (
                    best is None or len(prefix) > len(best[1])):
                best = (i, prefix)
    if best is not None and best[1] == "kozyr" and name != "kozyr":
        return None  # the package's own __init__ alone sits with the cards
    return best


def test_every_module_has_a_layer() -> None:
    unplaced = sorted(name for name in MODULES if _layer(name) is None)
    assert not unplaced, f"modules in no layer (add them to LAYERS): {unplaced}"


def test_no_upward_or_sideways_imports() -> None:
    independent = {frozenset(pair) for pair in INDEPENDENT}
    found = []
    for imp in IMPORTS:
        src, dst = _layer(imp.source), _layer(imp.target)
        if src is None or dst is None:
            continue  # test_every_module_has_a_layer says so
        where = f"src/kozyr/{MODULES[imp.source].rel}:{imp.line}"
        how = " (lazy)" if imp.lazy else " (TYPE_CHECKING)" if imp.typing else ""
        if dst[0] > src[0]:
            found.append(f"{where}: {imp.source} imports {imp.target}{how}, a higher layer "
                         f"({dst[1]} above {src[1]})")
        elif frozenset((src[1], dst[1])) in independent:
            found.append(f"{where}: {imp.source} imports {imp.target}{how}: {src[1]} and "
                         f"{dst[1]} do not import each other")
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_no_game_imports_another_game() -> None:
    found = []
    for imp in IMPORTS:
        mine = _game_of(MODULES[imp.source].rel)
        theirs = _game_of(MODULES[imp.target].rel) if imp.target in MODULES else None
        if mine is not None and theirs is not None and mine != theirs:
            found.append(f"src/kozyr/{MODULES[imp.source].rel}:{imp.line}: {imp.source} "
                         f"imports {imp.target}")
    assert not found, "a game imports another game (share it in core or games/):\n" + \
        "\n".join(found)


# -- 3. sizes --------------------------------------------------------------------------------
def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_python_module_is_over_the_line_limit() -> None:
    big = sorted((module.rel, _lines(module.path)) for module in MODULES.values())
    over = [f"src/kozyr/{rel}: {n} lines" for rel, n in big
            if n > MAX_LINES and rel not in BIG_ALLOWED]
    assert not over, f"modules over {MAX_LINES} lines (split them along their jobs):\n" + \
        "\n".join(over)


def test_every_allowed_big_module_is_still_big() -> None:
    stale = [rel for rel in BIG_ALLOWED
             if not (ROOT / rel).exists() or _lines(ROOT / rel) <= MAX_LINES]
    assert not stale, f"BIG_ALLOWED lists modules that are gone or small now: {stale}"


def test_no_web_module_is_over_the_line_limit() -> None:
    over = [f"src/kozyr/{path.relative_to(ROOT).as_posix()}: {_lines(path)} lines"
            for path in sorted((ROOT / "web").rglob("*.js")) if _lines(path) > MAX_LINES]
    assert not over, f"web modules over {MAX_LINES} lines:\n" + "\n".join(over)


def test_every_layer_names_modules_that_exist() -> None:
    stale = [prefix for prefixes in LAYERS for prefix in prefixes if prefix not in MODULES]
    assert not stale, f"LAYERS names modules that are gone: {stale}"
