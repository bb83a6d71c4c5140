"""The catalogue: every character the narrator knows, gathered into a Registry.

Automated units are found by walking the team packages, so automating a character is adding
one module; every other official character (characters/data/catalogue.toml) is played by the
generic Storyteller-run unit. An automated unit takes precedence over the data.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from characters.official import StorytellerRun, catalogue, normalise_id  # noqa: F401
from statemachine.registry import Character, Registry

TEAM_PACKAGES = ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric")


@lru_cache(maxsize=1)
def unit_classes() -> tuple[type[Character], ...]:
    found = []
    for team in TEAM_PACKAGES:
        package = importlib.import_module(f"characters.{team}")
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            module = importlib.import_module(f"characters.{team}.{info.name}")
            for value in vars(module).values():
                if (isinstance(value, type) and issubclass(value, Character)
                        and value.__module__ == module.__name__ and value.id):
                    found.append(value)
    return tuple(found)


def build_registry() -> Registry:
    registry = Registry()
    data = catalogue()
    for cls in unit_classes():
        unit = cls()
        entry = data.get(unit.id, {})
        unit.edition = entry.get("edition", "")
        # one text of each ability, in our words: the catalogue's (a module adds behaviour)
        unit.ability = entry.get("ability", unit.ability)
        registry.add(unit)
    for cid, entry in data.items():
        if cid not in registry:
            registry.add(StorytellerRun(cid, entry))
    _apply_jinxes(registry)
    return registry


def level(unit: Character) -> str:
    """How the narrator plays a character: automated, or Storyteller-run (by design, with
    the reason in its unit: "storyteller-run by design: ...")."""
    if unit.automated:
        return "automated"
    why = getattr(unit, "why", "")
    return f"storyteller-run by design: {why}" if why else "storyteller-run"


def _apply_jinxes(registry: Registry) -> None:
    from characters.jinxes import JINXES
    for (a, b), text in JINXES.items():
        for one, other in ((a, b), (b, a)):
            if one in registry:
                unit = registry.get(one)
                unit.jinxes = {**unit.jinxes, other: text}
