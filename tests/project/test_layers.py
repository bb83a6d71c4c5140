"""Imports point one way: narrator uses the rest; characters use statemachine; hardware and
statemachine use nothing of ours. Inside narrator/ each package has its own place (see
docs/architecture.md). No import circle anywhere, type-only ones included. A new import the
wrong way fails here."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OURS = {"narrator", "statemachine", "characters", "hardware"}
ALLOWED = {
    "statemachine": {"statemachine"},
    "hardware": {"hardware"},
    "characters": {"characters", "statemachine"},
    "narrator": OURS,
}


# Inside narrator/: what each package or top-level module may import of narrator and of the
# other three (cli, the entry point, may use everything).
ENGINE = {"statemachine", "characters", "hardware"}
NARRATOR_ALLOWED = {
    "config": {"hardware"},      # hardware.folders: the user's folders
    "own_files": set(),     # how a file beside a game is written (no link followed)
    "gamelog": {"statemachine"},
    "doctor": {"config", "doctor_probes", "hardware", "voice"},  # voice: the speaker profile
    "doctor_probes": {"hardware"},
    "language": {"language", "statemachine", "hardware"},
    "picture": {"picture", "statemachine", "own_files"},
    "console": {"language", "gamelog", "picture", "statemachine", "own_files"},
    "speech": {"speech", "config", "statemachine", "hardware"},
    "voice": {"voice", "language", "statemachine", "hardware"},
    "table": {"table", "config", "console", "gamelog", "language", "picture", "speech",
              "voice", "own_files"} | ENGINE,
    "cli": {"cli", "config", "console", "doctor", "gamelog", "language", "picture", "speech",
            "table", "own_files",
            "voice"} | ENGINE,
    "__main__": {"cli"},
    "__init__": set(),
}


def imported_modules(path: Path) -> set[str]:
    """Every module of ours this file imports (absolute imports; ours use no relative ones)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return {m for m in found if m.split(".")[0] in OURS | {"benchmarks"}}


def imported_packages(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & OURS


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_imports_point_down_only(package):
    wrong = {}
    for path in (ROOT / package).rglob("*.py"):
        bad = imported_packages(path) - ALLOWED[package]
        if bad:
            wrong[str(path.relative_to(ROOT))] = sorted(bad)
    assert not wrong, wrong


def _narrator_unit(path: Path) -> str:
    first = path.relative_to(ROOT / "narrator").parts[0]
    return first[:-3] if first.endswith(".py") else first


def test_every_narrator_package_has_a_place():
    units = {_narrator_unit(p) for p in (ROOT / "narrator").rglob("*.py")}
    assert units <= set(NARRATOR_ALLOWED), sorted(units - set(NARRATOR_ALLOWED))


def test_inside_narrator_imports_point_down_only():
    wrong = {}
    for path in (ROOT / "narrator").rglob("*.py"):
        unit = _narrator_unit(path)
        used = set()
        for module in imported_modules(path):
            parts = module.split(".")
            if parts[0] != "narrator":
                used.add(parts[0])
            elif len(parts) > 1:
                used.add(parts[1])
        # "from narrator.x import y" also names narrator.x.y; only the real units count
        used &= set(NARRATOR_ALLOWED) | ENGINE
        bad = used - NARRATOR_ALLOWED[unit] - {unit}
        if bad:
            wrong[str(path.relative_to(ROOT))] = sorted(bad)
    assert not wrong, wrong


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_no_import_circle_anywhere():
    """Every import of ours, TYPE_CHECKING and function-level ones included, as a graph of
    modules (the benchmarks too): it has no cycle."""
    modules = {_module_name(p): p for package in OURS | {"benchmarks"}
               for p in (ROOT / package).rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        targets = set()
        for imported in imported_modules(path):
            # "from a.b import c": c may be a module or a name in a.b
            target = imported if imported in modules else imported.rsplit(".", 1)[0]
            if target in modules and target != name and not name.startswith(target + "."):
                targets.add(target)
        graph[name] = targets
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):] + [nxt]
                raise AssertionError("import circle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)


def test_the_engine_does_no_io_and_no_global_random():
    """The journal (sqlite3) is the engine's only I/O; randomness only from random.Random
    seeded from the journal, never the module's global functions."""
    banned = {"os", "time", "socket", "subprocess", "threading", "sounddevice", "pathlib"}
    for path in (ROOT / "statemachine").rglob("*.py"):
        tree = ast.parse(path.read_text())
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module.split(".")[0])
            elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id == "random"):
                assert node.attr == "Random", f"{path.name}: random.{node.attr}"
        used = names & banned
        where = path.relative_to(ROOT / "statemachine").as_posix()
        if where in ("journal/store.py", "journal/session.py", "journal/wal_check.py",
                     "journal/lock.py"):
            used -= {"pathlib"}     # the journal's file (and a legacy -wal beside it)
        if where in ("journal/store.py", "journal/lock.py"):
            used -= {"os"}          # ... made private and exclusive, and locked
        assert not used, (where, used)


# Inside statemachine/: layers, lowest first. A module may import its own layer and those below
# (the circle test above keeps each layer free of circles); never one above.
ENGINE_LAYERS = [
    ("types", {"model", "errors", "speech", "line_rules", "wording", "waits", "phases",
               "game_view"}),
    ("mechanisms", {"rules", "view"}),
    ("catalogue", {"registry", "bag"}),
    ("game", {"game", "commands", "telling", "night", "day", "life", "abilities"}),
    ("journal", {"journal"}),
]


def _engine_layer(module: str) -> int:
    first = module.split(".")[1]
    for i, (_, members) in enumerate(ENGINE_LAYERS):
        if first in members:
            return i
    raise AssertionError(f"statemachine.{first} is in no layer of ENGINE_LAYERS")


def test_every_engine_module_has_a_layer():
    for path in (ROOT / "statemachine").rglob("*.py"):
        name = _module_name(path)
        if name != "statemachine":
            _engine_layer(name)


def test_inside_the_engine_imports_point_down_only():
    wrong = {}
    for path in (ROOT / "statemachine").rglob("*.py"):
        name = _module_name(path)
        if name == "statemachine":
            continue
        mine = _engine_layer(name)
        for module in imported_modules(path):
            if module == "statemachine" or module.split(".")[1] not in {
                    m for _, members in ENGINE_LAYERS for m in members}:
                continue   # "from statemachine import wording" also names statemachine.wording
            if _engine_layer(module) > mine:
                wrong.setdefault(str(path.relative_to(ROOT)), []).append(module)
    assert not wrong, wrong


def test_the_engine_top_stays_small():
    """At most 15 modules at statemachine/'s top; the rest live in packages by concern."""
    top = [p.name for p in (ROOT / "statemachine").glob("*.py") if p.name != "__init__.py"]
    assert len(top) <= 15, sorted(top)
