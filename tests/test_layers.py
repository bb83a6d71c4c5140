"""Imports point one way: narrator uses the rest; characters use statemachine; hardware and
statemachine use nothing of ours. A new import the wrong way fails here."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = {"narrator", "statemachine", "characters", "hardware"}
ALLOWED = {
    "statemachine": {"statemachine"},
    "hardware": {"hardware"},
    "characters": {"characters", "statemachine"},
    "narrator": OURS,
}


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
        if path.name in ("journal.py", "session.py"):
            used -= {"pathlib"}     # the journal's file
        assert not used, (path.name, used)
