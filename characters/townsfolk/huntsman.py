"""The Huntsman: once per game, at night, choose a living player: the Damsel, if chosen,
becomes a not-in-play Townsfolk. [+the Damsel]

Setup: the Damsel goes in the bag (``Counts.required``), taking an Outsider's place; with no
Outsider in the setup, one Townsfolk makes way for it (one Outsider more), as it must. In an
explicit setup the Damsel is expected, and its absence is said.

Night: the Huntsman may choose a living player (or nobody, keeping the ability). A choice
spends the ability, drunk, poisoned or sober, right or wrong. While it works, a chosen
Damsel becomes a Townsfolk not in play, the Storyteller's choice (proposed from the
script), staying good; the Huntsman is put to sleep and the new Townsfolk woken and shown
it.
"""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseCharacter, ChooseSeats, Next

SPENT = "Huntsman: No Ability"


class Huntsman(Character):
    id = "huntsman"
    name = "Huntsman"
    team = TOWNSFOLK
    first_night = 48
    other_night = 66
    reminders = ("No Ability",)
    setup = True

    def adjust_counts(self, counts):
        if "damsel" in counts.required:
            return
        if counts.outsider == 0:
            counts.shift_outsiders(1)
        counts.required.append("damsel")

    def setup_lines(self, game, player):
        if any(p.character == "damsel" for p in game.grim.players):
            return []
        return ["Note: the Huntsman is in play without the Damsel."]

    def wakes(self, game, player, first_night):
        return player.alive and self.id not in player.spent

    def free_townsfolk(self, game) -> list[str]:
        playing = {p.character for p in game.grim.players}
        return [c for c in game.setup.script
                if game.unit(c).team == TOWNSFOLK and c not in playing]

    def night(self, game, player):
        def living(seats):
            return None if game.grim.seat(seats[0]).alive else \
                "The Huntsman chooses a living player."

        seats = yield ChooseSeats(prompt="The Huntsman may choose a living player, once per "
                                         "game. Say the seat, or nobody.", count=1,
                                  actor=self.id, optional=True, check=living)
        if not seats:
            game.say_private("The Huntsman chose nobody and keeps the ability.")
            return
        target = game.grim.seat(seats[0])
        player.spent.add(self.id)
        player.reminders.append(SPENT)
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Huntsman is {why}: nothing happens, and the ability is "
                             "used.")
            return
        if target.character != "damsel":
            game.say_private(f"{target.Label} is not the Damsel: nothing happens, and the "
                             "ability is used.")
            return
        free = self.free_townsfolk(game)
        proposal = game.rng.choice(free) if free else None

        def check(cid):
            if cid not in free:
                return "The Damsel becomes a Townsfolk on the script, not in play."
            return None

        names = f" Proposed: the {game.unit(proposal).name}." if proposal else ""
        cid = yield ChooseCharacter(prompt=f"{target.Label} is the Damsel. Which Townsfolk "
                                           f"not in play do they become?{names} Say the "
                                           "character, or next for the proposal.",
                                    check=check)
        cid = cid or proposal
        if cid is None:
            game.say_private("No Townsfolk is free: the Damsel stays the Damsel.")
            return
        lines = game.creation.create(target, cid)
        game.put_holder_to_sleep()
        new = game.unit(cid).name
        yield Next(prompt=" ".join([
            f"{target.Label}, the Damsel, is now the {new}.",
            f"Wake {target.label}. Show them the You Are token, then the {new} token. Put them "
            "to sleep.", *lines, "Say next."]))
