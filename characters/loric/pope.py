"""The Pope (Loric): some good characters are in play more than once. They might be bluffs
as well.

A drawn bag has one Townsfolk token swapped for a second copy of another Townsfolk in it
(the game's seeded generator; Townsfolk for Townsfolk, so no count changes). The Storyteller
may make more or other copies at setup with "seat 3 is the Monk" (a copy of an Outsider may
leave an unusual count, which is then said). The Storyteller hears the copies at setup, and
may give a character in play as a Demon bluff ("the bluffs are ..."). Each copy is its own
player with its own ability: each wakes in its place.
"""
from __future__ import annotations

from collections import Counter

from statemachine.model import LORIC, TOWNSFOLK, OUTSIDER
from statemachine.registry import Character
from statemachine.night import spoken_list


class Pope(Character):
    id = "pope"
    name = "Pope"
    team = LORIC
    first_night = None
    other_night = None
    reminders = ()
    setup = True
    bluffs_in_play = True

    def place(self, bag, teams, rng):
        towns = [i for i, cid in enumerate(bag) if teams.get(cid) == TOWNSFOLK]
        kinds = sorted({bag[i] for i in towns})
        if len(kinds) < 2:
            return
        copied = rng.choice(kinds)
        bag[rng.choice([i for i in towns if bag[i] != copied])] = copied

    def setup_lines(self, game, player):
        held = Counter(p.character for p in game.grim.non_travellers
                       if game.team_of(p) in (TOWNSFOLK, OUTSIDER))
        twice = [c for c, n in held.items() if n > 1]
        if not twice:
            return ["With the Pope, no good character is in play twice yet. To make a copy, "
                    "say 'seat 1 is the' and a good character in play."]
        copies = "; ".join(
            f"the {game.unit(c).name}, seats " + spoken_list(
                str(p.seat) for p in game.grim.players if p.character == c) for c in twice)
        return [f"With the Pope, these good characters are in play more than once: {copies}. "
                "They may be Demon bluffs too: say 'the bluffs are' and three characters."]
