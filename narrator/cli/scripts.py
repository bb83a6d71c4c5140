"""`narrator scripts`, `narrator characters`, `narrator night-order`: the catalogue."""
from __future__ import annotations

from characters.catalogue import build_registry, level
from characters.scripts import ScriptError, bundled_scripts, load_script, registry_for
from narrator.cli import UsageError
from statemachine.night import FIRST_NIGHT_STEPS, OTHER_NIGHT_STEPS

TEAM_ORDER = ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric")


def register(sub) -> None:
    s = sub.add_parser("scripts", help="list the bundled scripts")
    s.set_defaults(func=scripts)
    c = sub.add_parser("characters", help="list characters: id, name, team, level "
                       "(automated or storyteller-run), ability")
    c.add_argument("--script", help="only this script's characters")
    c.set_defaults(func=characters)
    n = sub.add_parser("night-order", help="the night order of a script, one id per line")
    n.add_argument("--script", required=True)
    n.add_argument("--night", choices=("first", "other"), required=True)
    n.set_defaults(func=night_order)


def _load(name):
    try:
        return load_script(name)
    except ScriptError as exc:
        raise UsageError(str(exc)) from None


def scripts(args) -> int:
    for name, path in bundled_scripts().items():
        script = load_script(str(path))
        print(f"{name}: {len(script.ids)} characters ({path.name})")
    return 0


def characters(args) -> int:
    if args.script:
        script = _load(args.script)
        registry, ids = registry_for(script), script.ids
    else:
        registry = build_registry()
        ids = [c.id for c in registry]
    units = sorted((registry.get(i) for i in ids),
                   key=lambda u: (TEAM_ORDER.index(u.team), u.name))
    for u in units:
        print(f"{u.id}\t{u.name}\t{u.team}\t{level(u)}\t{u.ability}")
    return 0


def night_order(args) -> int:
    script = _load(args.script)
    registry = registry_for(script)
    first = args.night == "first"
    print("\n".join(order_ids(registry, script.ids, first)))
    return 0


def order_ids(registry, ids, first: bool) -> list[str]:
    """The script's night order: the engine's own steps and every character that has a
    place in that night, sorted by the official position (or the script's own order). The
    engine's Traveller info (evil Travellers shown the Demon), which the official sheet has
    no line for, is listed only for a script with Travellers."""
    steps = dict(FIRST_NIGHT_STEPS if first else OTHER_NIGHT_STEPS)
    if not any(registry.get(i).team == "traveller" for i in ids):
        steps.pop("travellerinfo", None)
    entries = list(steps.items())
    for i in ids:
        unit = registry.get(i)
        pos = unit.first_night if first else unit.other_night
        if pos is not None:
            entries.append((unit.id, pos))
    return [name for name, _ in sorted(entries, key=lambda e: e[1])]
