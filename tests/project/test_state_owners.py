"""Each piece of the game's state has one module that writes it, and docs/architecture.md's
table "Who owns the game's state" says which: after the Game is made (its ``__init__`` gives
each piece its first value), an attribute of the game is assigned or changed in place only in
its owner's module; a part (rules/) writes only its own state, never the game's; a character
unit writes the game's state only through the owners' methods. The grimoire (``grim``) is the
shared record, written through the model's own methods, and is not checked here."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text()
MUTATORS = {"append", "extend", "remove", "pop", "add", "discard", "clear", "update", "insert",
            "setdefault", "__setitem__"}
# The Game's own modules: ``self`` is the game there. Elsewhere the game is a parameter named
# ``game`` (the units, the parts, the journal).
GAME_MODULES = {"game", "commands", "life", "abilities", "night", "day"}
RECONSTRUCTION = {"statemachine/journal/snapshots.py"}   # a snapshot thawed: the state whole


def owners() -> dict[str, str]:
    section = DOC.split("## Who owns the game's state", 1)[1].split("\n## ", 1)[0]
    table = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            module = re.search(r"`(statemachine/[\w/]+\.py)`", cells[1]).group(1)
            for name in re.findall(r"`(\w+)`", cells[0]):
                table[name] = module
    return table


def _written(path: Path):
    """(attribute, line) for each write to an attribute of the game in this file."""
    rel = path.relative_to(ROOT).as_posix()
    is_game = rel.startswith("statemachine/") and path.stem in GAME_MODULES and \
        path.parent.name == "statemachine"
    tree = ast.parse(path.read_text())
    skip: set[int] = set()
    if rel == "statemachine/game.py":      # Game.__init__ gives each piece its first value
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "__init__":
                skip |= {n.lineno for n in ast.walk(node) if hasattr(n, "lineno")}

    def is_game_ref(node) -> bool:
        if isinstance(node, ast.Attribute):      # a part's ``self.game``
            return node.attr == "game" and isinstance(node.value, ast.Name) and \
                node.value.id == "self"
        return isinstance(node, ast.Name) and (node.id == "game" or (is_game and node.id == "self"))

    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for sub in ast.walk(target):
                if isinstance(sub, ast.Attribute) and is_game_ref(sub.value):
                    yield sub.attr, node.lineno
                if (isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Attribute)
                        and is_game_ref(sub.value.value)):
                    yield sub.value.attr, node.lineno
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATORS and isinstance(node.func.value, ast.Attribute)
                and is_game_ref(node.func.value.value)):
            yield node.func.value.attr, node.lineno


def test_the_table_names_real_modules():
    table = owners()
    assert table, "docs/architecture.md has no table of the game's state"
    for name, module in table.items():
        assert (ROOT / module).exists(), (name, module)


def test_each_piece_of_state_is_written_by_its_owner_only():
    table = owners()
    wrong, unlisted = [], set()
    for package in ("statemachine", "characters"):
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT).as_posix()
            if rel in RECONSTRUCTION:
                continue
            for attr, line in _written(path):
                if attr == "grim" or attr == "__dict__":
                    continue
                owner = table.get(attr)
                if owner is None:
                    unlisted.add(f"{attr} ({rel}:{line})")
                elif owner != rel:
                    wrong.append(f"{rel}:{line} writes {attr}, owned by {owner}")
    assert not unlisted, f"not in docs/architecture.md's table: {sorted(unlisted)}"
    assert not wrong, wrong


def test_the_parts_are_not_mixins():
    """A mechanism in rules/ holds its state itself; none is mixed into the Game."""
    mixins = [p.name for p in (ROOT / "statemachine" / "rules").glob("*.py")
              if re.search(r"^class \w*Mixin\b", p.read_text(), re.M)]
    assert not mixins, mixins
