"""The Sentinel (Fabled): there might be 1 extra or 1 fewer Outsider in play.

A setup effect of the Storyteller's own, applied to a drawn bag like a character's: one
Outsider more, none, or one fewer, proposed with the bag's seeded generator (each as likely,
where the Townsfolk and Outsiders allow), after the Minions' and the Demon's changes; read
from an explicit setup (the Outsiders assigned) so that it is no surprise there. The
Storyteller hears the Outsiders in play at setup.
"""
from __future__ import annotations

from statemachine.model import FABLED
from statemachine.registry import Character
from statemachine.wording import count


class Sentinel(Character):
    id = "sentinel"
    name = "Sentinel"
    team = FABLED
    first_night = None
    other_night = None
    reminders = ()
    setup = True

    def adjust_counts(self, counts):
        options = [d for d in (-1, 0, 1)
                   if counts.outsider + d >= 0 and counts.townsfolk - d >= 0]
        given = counts.given_outsiders
        if given is not None and given - counts.outsider in options:
            shift = given - counts.outsider
        elif counts.rng is not None:
            shift = counts.rng.choice(options)
        else:
            shift = 0
        counts.shift_outsiders(shift)

    def setup_lines(self, game, player):
        have = game.grim.setup_outsiders
        return [f"With the Sentinel, there may be one Outsider more or fewer than usual: "
                f"{count(have, 'Outsider')} in play. To change it, say 'seat 1 is the' and "
                "the character."]
