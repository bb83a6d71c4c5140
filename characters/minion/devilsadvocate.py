"""The Devil's Advocate: each night, choose a living player, not last night's: if they are
executed tomorrow, they do not die.

The execution still happens and is the day's execution; only the death is stopped (the
"survives execution" effect, honoured by ``game.kill`` for the cause execution). The
table hears that the player does not die, never why. Last night's choice is remembered by a
marker effect even when the Devil's Advocate was drunk or poisoned.
"""
from __future__ import annotations

from statemachine.model import MINION, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

CHOSEN = "chosen"     # the marker: who the Devil's Advocate chose, and on which night


class DevilsAdvocate(Character):
    id = "devilsadvocate"
    name = "Devil's Advocate"
    team = MINION
    first_night = 39
    other_night = 25
    reminders = ("Survives Execution",)

    def last_choice(self, game, player):
        """The player chosen last night, if any."""
        last = f"night {game.grim.night - 1}"
        return next((p for p in game.grim.players for e in p.effects
                     if e.kind == CHOSEN and e.source == player.seat and e.ability == self.id
                     and e.note == last), None)

    def night(self, game, player):
        last = self.last_choice(game, player)

        def check(seats):
            p = game.grim.seat(seats[0])
            if not p.alive:
                return f"{p.Label} is dead: the Devil's Advocate chooses a living player."
            if p is last:
                return f"{p.Label} was chosen last night: the Devil's Advocate chooses another."
            return None

        not_last = f", not {last.label}" if last else ""
        seats = yield ChooseSeats(prompt=f"The Devil's Advocate chooses a living player"
                                         f"{not_last}, who survives execution tomorrow.",
                                  count=1, actor=self.id, check=check)
        target = game.grim.seat(seats[0])
        for p in game.grim.players:
            p.effects = [e for e in p.effects if not (
                e.kind == CHOSEN and e.source == player.seat and e.ability == self.id)]
        night = game.grim.night
        target.add_effect(Effect(CHOSEN, source=player.seat, until=f"dawn:{night + 1}",
                                 ability=self.id, note=f"night {night}"))
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Devil's Advocate is {why}: {target.label} is not protected.")
            return
        target.add_effect(Effect("survives execution", source=player.seat, until="dusk",
                                 needs_source=True, note="Devil's Advocate", ability=self.id))
        game.say_private(f"{target.Label} survives execution tomorrow.")
