"""The Hindu (Loric): the first four players to die come back at once as Travellers of the
same alignment.

Each death of a player who is not a Traveller is counted, up to four (a returned player is a
Traveller and is not counted again): the dead player is marked and the Storyteller asked to
name the Traveller they come back as ("seat 3 comes back as the Beggar"). They then become
that Traveller, alive again with their vote, keeping their alignment; the table hears the
Traveller (a Traveller's character is public), not the alignment. A seeming death (the
Zombuul's) is not a death and is not counted.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import EVIL, LORIC, TRAVELLER
from statemachine.registry import Character

RETURNS = "Hindu: Returns"      # died, waits to come back
RETURNED = "Hindu: Returned"
MAX_RETURNS = 4


class Hindu(Character):
    id = "hindu"
    name = "Hindu"
    team = LORIC
    first_night = None
    other_night = None
    reminders = ()
    commands = {"hindu_returns": ("seat {seat} comes back as the {character}",)}

    def counted(self, game) -> int:
        return sum(1 for p in game.grim.players if RETURNS in p.reminders or RETURNED in p.reminders)

    def on_any_death(self, game, holder, dead, cause):
        if dead.traveller or RETURNS in dead.reminders or RETURNED in dead.reminders:
            return
        if self.counted(game) >= MAX_RETURNS:
            return
        dead.reminders.append(RETURNS)
        side = "an evil" if dead.alignment == EVIL else "a good"
        game.say_private(f"The Hindu: {dead.label} is death {self.counted(game)} of "
                         f"{MAX_RETURNS}, and comes back at once as {side} Traveller. Say 'seat {dead.seat} comes back as the' "
                         "and a Traveller.")

    def handle(self, game, player, intent, slots):
        p = game.player(slots["seat"])
        cid = slots["character"]
        if RETURNS not in p.reminders or p.alive:
            raise Rejected(f"{p.Label} is not waiting to come back for the Hindu.")
        if game.unit(cid).team != TRAVELLER:
            raise Rejected("They come back as a Traveller character.")
        if any(q.character == cid for q in game.grim.players):
            raise Rejected(f"The {game.unit(cid).name} is already in play.")
        p.reminders.remove(RETURNS)
        p.reminders.append(RETURNED)
        game.change_character(p, cid)
        p.traveller = True
        game.revive(p)
        unit = game.unit(cid)
        unit.prepare(game, p)
        game.say_public(f"{p.Label} comes back as the {unit.name}, a Traveller: {unit.ability}")
        side = "evil" if p.alignment == EVIL else "good"
        game.say_private(f"{p.Label} stays {side}.")
        for line in unit.setup_lines(game, p):
            game.say_private(line)
        return True
