"""Scripts in the official script JSON format: a list whose items are character ids,
``{"id": ...}`` objects (the deprecated form), full character objects (homebrew, or official
characters with imported text), and an optional ``_meta`` object.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from characters.catalogue import build_registry, normalise_id
from statemachine.model import TEAMS
from statemachine.registry import Character, Registry

BUNDLED = "characters"


class ScriptError(ValueError):
    """A script that cannot be loaded; the message names the file and the JSON path."""


@dataclass
class Script:
    name: str
    ids: list[str]
    meta: dict = field(default_factory=dict)
    custom: list[dict] = field(default_factory=list)   # full objects for homebrew ids
    source: str = ""


def bundled_scripts() -> dict[str, Path]:
    """Bundled script name -> file."""
    found = {}
    for entry in (resources.files(BUNDLED) / "bundled").iterdir():
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            meta = next((x for x in data if isinstance(x, dict) and x.get("id") == "_meta"), {})
            found[meta.get("name", entry.name[:-5])] = Path(str(entry))
    return dict(sorted(found.items()))


def find_script(name_or_path: str) -> Path:
    path = Path(name_or_path)
    if path.suffix == ".json" or path.exists():
        if not path.exists():
            raise ScriptError(f"{name_or_path}: no such script file")
        return path
    wanted = normalise_id(name_or_path)
    for name, file in bundled_scripts().items():
        if normalise_id(name) == wanted or normalise_id(file.stem) == wanted:
            return file
    names = ", ".join(bundled_scripts())
    raise ScriptError(f"no bundled script called {name_or_path!r}; bundled: {names}")


def load_script(name_or_path: str, registry: Registry | None = None) -> Script:
    path = find_script(name_or_path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ScriptError(f"{path}: cannot read ({exc.strerror})") from None
    return parse_script(read_json(raw, str(path)), str(path), registry or build_registry())


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a script may hold")


def read_json(raw: bytes, source: str):
    """A script file's bytes as JSON: UTF-8 text (a byte-order mark is allowed), no NaN or
    Infinity, nested no deeper than a script ever is; otherwise a ScriptError that says so."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ScriptError(f"{source}: saved as UTF-16; save it as UTF-8")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        kind = "binary, not text" if b"\x00" in raw[:1024] else "not UTF-8 text"
        raise ScriptError(f"{source}: {kind} (byte {exc.start + 1})") from None
    if _nesting(text) > MAX_NESTING:
        raise ScriptError(f"{source}: nested more than {MAX_NESTING} levels deep; a script "
                          "is a list of ids or character objects")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ScriptError(f"{source}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except ValueError as exc:
        raise ScriptError(f"{source}: {exc}") from None


# A script is a list of strings or objects whose values are strings, numbers or short lists:
# a handful of levels. Far deeper is not a script (and would exhaust Python's stack).
MAX_NESTING = 32


def _nesting(text: str) -> int:
    """The deepest nesting of [ and { outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_NESTING:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_script(data, source: str, registry: Registry) -> Script:
    if not isinstance(data, list):
        raise ScriptError(f"{source}: a script is a JSON list, not {type(data).__name__}")
    meta: dict = {}
    ids: list[str] = []
    custom: list[dict] = []
    unknown: list[str] = []
    for n, item in enumerate(data):
        where = f"{source}: [{n}]"
        if isinstance(item, str):
            cid = normalise_id(item)
            if cid == "meta":
                continue
        elif isinstance(item, dict):
            if item.get("id") == "_meta":
                meta = item
                continue
            if not isinstance(item.get("id"), str) or not item["id"]:
                raise ScriptError(f"{where}: a character object needs an \"id\" string")
            cid = normalise_id(item["id"])
            if set(item) - {"id"} and cid not in registry:
                custom.append(_check_full(item, where))
                cid = custom[-1]["id"]
        else:
            raise ScriptError(f"{where}: expected a character id or object, "
                              f"not {type(item).__name__}")
        if cid not in registry and cid not in {c["id"] for c in custom}:
            unknown.append(f"[{n}] {item if isinstance(item, str) else item['id']!s}")
            continue
        if cid not in ids:
            ids.append(cid)
    if unknown:
        raise ScriptError(f"{source}: unknown characters: {', '.join(unknown)}")
    if not ids:
        raise ScriptError(f"{source}: the script has no characters")
    name = meta.get("name") or Path(source).stem
    return Script(str(name), ids, meta, custom, source)


def _check_full(item: dict, where: str) -> dict:
    for key in ("name", "team", "ability"):
        if not isinstance(item.get(key), str) or not item[key]:
            raise ScriptError(f"{where}.{key}: a full character object needs {key!r} (a string)")
    if item["team"] not in TEAMS:
        raise ScriptError(f"{where}.team: {item['team']!r} is not one of {', '.join(TEAMS)}")
    for key in ("firstNight", "otherNight"):
        if key in item and not isinstance(item[key], (int, float)):
            raise ScriptError(f"{where}.{key}: must be a number")
    clean = dict(item)
    clean["id"] = normalise_id(item["id"])
    return clean


class Homebrew(Character):
    """A character known only from a script's full object: data and its night reminders."""

    def __init__(self, data: dict) -> None:
        self.id, self.name = data["id"], data["name"]
        self.team, self.ability = data["team"], data["ability"]
        self.first_night = int(data["firstNight"]) if data.get("firstNight") else None
        self.other_night = int(data["otherNight"]) if data.get("otherNight") else None
        self.reminders = tuple(data.get("reminders", ()))
        self.first_text = data.get("firstNightReminder", "")
        self.other_text = data.get("otherNightReminder", "")

    def night(self, game, player):
        from statemachine.waits import Next
        text = self.first_text if game.grim.night == 1 else self.other_text
        yield Next(prompt=(text or f"Run the {self.name}.") + " Say next when done.")


def registry_for(script: Script | None = None, custom: list[dict] | None = None) -> Registry:
    """The catalogue plus the script's homebrew characters."""
    registry = build_registry()
    for data in (script.custom if script else custom or []):
        registry.add(Homebrew(data))
    return registry
