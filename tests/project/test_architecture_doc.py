"""docs/architecture.md is the map of the packages: every module it names exists, and every
module of the app, the engine and the hardware is on it."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text()
MAP = DOC.split("```")[1]
# Packages the map describes as a whole: one module per sub-command or per character.
OPEN = ("narrator/cli/", "characters/townsfolk/", "characters/outsider/", "characters/minion/",
        "characters/demon/", "characters/traveller/", "characters/fabled/", "characters/loric/")


def _blocks() -> dict[str, str]:
    """Each top-level package's block of the map, and narrator's sub-packages' blocks."""
    blocks: dict[str, str] = {}
    key = None
    for line in MAP.splitlines():
        top = re.match(r"^(\w+/)", line)
        sub = re.match(r"^  (\w+/)", line)
        if top:
            key = top.group(1)
        elif sub and key and key.split("/")[0] in ("narrator", "statemachine"):
            key = key.split("/")[0] + "/" + sub.group(1)
        elif re.match(r"^  \w+\.py", line) and key:
            key = key.split("/")[0] + "/"
        if key:
            blocks[key] = blocks.get(key, "") + line + "\n"
    return blocks


def test_every_module_is_on_the_map():
    blocks = _blocks()
    missing = []
    for package in ("narrator", "statemachine", "hardware", "characters"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            parent = rel.rsplit("/", 1)[0] + "/"
            if path.name in ("__init__.py", "__main__.py") or parent.startswith(OPEN):
                continue
            if parent == "hardware/sphinx/":
                parent, name = "hardware/", "sphinx/"
                if "(pocketsphinx: recognizer," not in blocks.get(parent, "") or \
                        path.stem not in blocks[parent]:
                    missing.append(rel)
                continue
            if not re.search(rf"\b{re.escape(path.name)}", blocks.get(parent, "")):
                missing.append(rel)
    assert not missing, f"not on docs/architecture.md's map: {missing}"


def test_every_path_the_doc_names_exists():
    for name in re.findall(r"`((?:narrator|statemachine|hardware|characters|tests)/[\w/.]+)`", DOC):
        assert (ROOT / name).exists(), name


def test_modules_are_small_or_say_why():
    """A module over 400 lines says in its opening docstring why it is one piece
    ("one piece because ...")."""
    import ast

    large = []
    for package in ("narrator", "statemachine", "hardware", "characters"):
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text()
            if text.count("\n") <= 400:
                continue
            doc = ast.get_docstring(ast.parse(text)) or ""
            if "one piece because" not in doc:
                large.append(f"{path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    assert not large, large
