"""Scripts in the official script JSON format: a list whose items are character ids,
``{"id": ...}`` objects (the deprecated form), full character objects (homebrew, or official
characters with imported text), and an optional ``_meta`` object.
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from characters.catalogue import build_registry, normalise_id
from characters.official import StorytellerRun
from statemachine.model import DEMON, FABLED, LORIC, TEAMS, TRAVELLER
from statemachine.night import FIRST_NIGHT_STEPS, OTHER_NIGHT_STEPS
from statemachine.registry import Registry

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
                meta = check_meta(item, where, registry)
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
            unknown.append(f"[{n}] {_cut(item if isinstance(item, str) else item['id'])}"
                           + _closest(cid, registry))
            continue
        if cid not in ids:
            ids.append(cid)
    if unknown:
        raise ScriptError(f"{source}: unknown characters, not official ones and with no "
                          f"character object in the script: {', '.join(unknown)}")
    if not ids:
        raise ScriptError(f"{source}: the script has no characters")
    _check_teams(ids, custom, registry, source)
    for key, steps in (("firstNight", FIRST_NIGHT_STEPS), ("otherNight", OTHER_NIGHT_STEPS)):
        stray = [x for x in meta.get(key, []) if x not in ids and x not in steps]
        if stray:
            raise ScriptError(f"{source}: _meta.{key} names what is not on the script: "
                              f"{', '.join(stray)}")
    name = meta.get("name") or Path(source).stem
    return Script(str(name), ids, meta, custom, source)


def unknown_characters(ids: list[str], registry: Registry) -> str:
    """'' when every id is known, else 'unknown characters: wizzard (did you mean wizard?)'."""
    unknown = [c + _closest(c, registry) for c in ids if c not in registry]
    return f"unknown characters: {', '.join(unknown)}" if unknown else ""


def _closest(cid: str, registry: Registry) -> str:
    """' (did you mean pukka?)' for a near miss of an official id, else ''."""
    if len(cid) > 40:  # no official id is near this long (and difflib would be slow)
        return ""
    close = difflib.get_close_matches(cid, [u.id for u in registry], n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def _check_teams(ids: list[str], custom: list[dict], registry: Registry, source: str) -> None:
    brew = {c["id"]: c["team"] for c in custom}
    teams = {brew[i] if i in brew else registry.get(i).team for i in ids}
    if teams <= {TRAVELLER, FABLED, LORIC}:
        raise ScriptError(f"{source}: the script has only Travellers, Fabled or Loric; a game "
                          "needs Townsfolk, Minions and a Demon as well")
    if DEMON not in teams:
        raise ScriptError(f"{source}: the script has no Demon; a game needs one")


META_TEXT = ("name", "author", "logo", "almanac", "background")


def check_meta(item: dict, where: str, registry: Registry) -> dict:
    """The ``_meta`` object: text fields, the bootlegger's rules, and custom night orders
    (ids of the script's characters and the engine's steps, checked when the script is
    complete)."""
    for key in META_TEXT:
        if key in item and not isinstance(item[key], str):
            raise ScriptError(f"{where}.{key}: must be a string")
    rules = item.get("bootlegger", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise ScriptError(f"{where}.bootlegger: must be a list of strings (the rules)")
    clean = dict(item)
    for key in ("firstNight", "otherNight"):
        if key not in item:
            continue
        order = item[key]
        if not isinstance(order, list) or not all(isinstance(x, str) for x in order):
            raise ScriptError(f"{where}.{key}: must be a list of character ids")
        clean[key] = [normalise_id(x) for x in order]
    return clean


def _check_full(item: dict, where: str) -> dict:
    for key in ("name", "team", "ability"):
        if not isinstance(item.get(key), str) or not item[key]:
            raise ScriptError(f"{where}.{key}: a full character object needs {key!r} (a string)")
    if item["team"] not in TEAMS:
        raise ScriptError(f"{where}.team: {_cut(item['team'])!r} is not one of "
                          f"{', '.join(TEAMS)}")
    for key in ("firstNight", "otherNight"):
        if key in item and (not isinstance(item[key], (int, float)) or item[key] < 0):
            raise ScriptError(f"{where}.{key}: must be a number, 0 or more")
    for key in ("firstNightReminder", "otherNightReminder"):
        if key in item and not isinstance(item[key], str):
            raise ScriptError(f"{where}.{key}: must be a string (what the Storyteller "
                              f"hears), not {type(item[key]).__name__}")
    for key in ("reminders", "remindersGlobal"):
        if key in item and not (isinstance(item[key], list)
                                and all(isinstance(r, str) for r in item[key])):
            raise ScriptError(f"{where}.{key}: must be a list of strings")
    jinxes = item.get("jinxes", [])
    if not isinstance(jinxes, list) or not all(
            isinstance(j, dict) and isinstance(j.get("id"), str)
            and isinstance(j.get("reason"), str) for j in jinxes):
        raise ScriptError(f"{where}.jinxes: must be a list of {{\"id\", \"reason\"}} objects")
    clean = dict(item)
    clean["id"] = normalise_id(item["id"])
    if not clean["id"]:
        raise ScriptError(f"{where}.id: {_cut(item['id'])!r} has no letter or digit to make "
                          "an id of")
    return clean


def _cut(value, most: int = 60) -> str:
    """A value from the file as a message shows it: long ones cut, so a 5 MB id is not
    echoed whole."""
    text = str(value)
    return text if len(text) <= most else f"{text[:most]}... ({len(text)} characters)"


def registry_for(script: Script | None = None, custom: list[dict] | None = None,
                 meta: dict | None = None) -> Registry:
    """The catalogue plus the script's homebrew characters, with the script's own night
    orders (``_meta`` firstNight / otherNight) applied."""
    registry = build_registry()
    for data in (script.custom if script else custom or []):
        registry.add(StorytellerRun.from_script_object(data))
    meta = script.meta if script else meta or {}
    apply_night_order(registry, meta.get("firstNight"), FIRST_NIGHT_STEPS, "first_night")
    apply_night_order(registry, meta.get("otherNight"), OTHER_NIGHT_STEPS, "other_night")
    return registry


def game_meta(script: Script) -> dict:
    """What a game keeps of the script's ``_meta``: its night orders and rules."""
    return {k: script.meta[k] for k in ("firstNight", "otherNight", "bootlegger")
            if k in script.meta}


def apply_night_order(registry: Registry, order: list[str] | None, steps: dict[str, int],
                      attr: str) -> None:
    """Give the characters a script's custom night order names places in that order. The
    engine's own steps keep their places; the characters between two of them (or between
    dusk and dawn) are spread evenly between those places."""
    if not order:
        return
    end = steps["dawn"]
    anchors = [(-1, steps["dusk"])] + [(n, steps[x]) for n, x in enumerate(order)
                                       if x in steps] + [(len(order), end)]
    for (lo_n, lo), (hi_n, hi) in zip(anchors, anchors[1:]):
        between = [x for x in order[lo_n + 1:hi_n] if x not in steps]
        for k, cid in enumerate(between, start=1):
            setattr(registry.get(cid), attr, lo + (hi - lo) * k / (len(between) + 1))
