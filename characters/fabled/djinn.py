"""The Djinn (Fabled): use the Djinn's special rule. All players know what it is.

From the almanac: the Djinn is added to games whose script has a jinx; at the start of the
game the Storyteller tells everyone every special rule for the jinxed pairs on the script,
even when neither character is in play. So the table hears each jinx between two
characters of the script, in our own words, as the game starts (a script without one says
so). Whether each rule is applied by the narrator or by the Storyteller is unchanged: the
units apply theirs, the others are read to the Storyteller at setup as always.
"""
from __future__ import annotations

from statemachine.model import FABLED
from statemachine.registry import Character


def script_jinxes(game) -> list[tuple[str, str, str]]:
    """(name, other name, rule) for each jinxed pair of characters on the script."""
    on, seen, found = set(game.setup.script), set(), []
    for cid in game.setup.script:
        unit = game.registry.get(cid)
        for other, rule in unit.jinxes.items():
            pair = frozenset((cid, other))
            if other in on and pair not in seen:
                seen.add(pair)
                found.append((unit.name, game.registry.get(other).name, rule))
    return found


class Djinn(Character):
    id = "djinn"
    name = "Djinn"
    team = FABLED
    first_night = None
    other_night = None
    reminders = ()

    def table_lines(self, game):
        rules = script_jinxes(game)
        if not rules:
            return ["This script has no jinxes, so the Djinn has no special rule."]
        return [f"The Djinn's rule for the {a} and the {b}: {rule}" for a, b, rule in rules]
