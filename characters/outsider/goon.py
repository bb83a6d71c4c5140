"""The Goon: each night, the first player whose ability chooses you is drunk until dusk,
and you take their alignment.

The engine tells the Goon's ability when a woken player's choice lands on its holder
(``on_chosen``), before the chooser's ability acts, so that ability fails (the Imp's kill,
the Poisoner's poison). A chooser who is already drunk or poisoned still counts: they are
made drunk and the Goon still takes their alignment. The Storyteller's own choices do not
count, nor anything by day. A drunk, poisoned or dead Goon does nothing. The Boffin jinx: a
Demon given the Goon's ability never turns good through it.
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import EVIL, GOOD, OUTSIDER, Effect
from statemachine.registry import Character
from statemachine.waits import Next

CHOSEN = "chosen tonight"     # the marker on the Goon: by which ability, the first tonight


class Goon(Character):
    id = "goon"
    name = "Goon"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ("Drunk",)

    def on_chosen(self, game, holder, chooser, ability):
        if chooser is holder or any(e.kind == CHOSEN for e in holder.effects):
            return
        # No source (the chooser's ability made nothing): the note names the chooser's.
        holder.add_effect(Effect(CHOSEN, until="dawn", note=game.unit(ability).name))
        chooser.add_effect(Effect("drunk", source=holder.seat, until="dusk", ability=self.id,
                                  note="Goon"))
        game.say_private(f"{chooser.Label} chose the Goon, {holder.label}, first tonight: "
                         f"the {game.unit(ability).name} is drunk until dusk.")
        if chooser.alignment == holder.alignment:
            return
        if (chooser.alignment == GOOD and game.is_demon(holder)
                and ("boffin", "goon") in active_jinxes(game.setup.script)):
            game.say_private("The Demon holds the Goon's ability and cannot turn good through "
                             "it (a jinx).")
            return
        if (chooser.alignment == GOOD and any(r.startswith("Pit-Hag: made") for r in holder.reminders)
                and ("pithag", "goon") in active_jinxes(game.setup.script)):
            game.say_private("The Pit-Hag made this Goon: they cannot turn good through it "
                             "(a jinx).")
            return
        if not game.set_alignment(holder, chooser.alignment):
            return
        thumb = "down" if holder.alignment == EVIL else "up"
        game.say_private(f"The Goon turns {holder.alignment}.")
        game.interject(self._tell(holder, thumb))

    def _tell(self, holder, thumb):
        yield Next(prompt=f"Wake the Goon, {holder.label}. Show the You Are token and a thumbs "
                          f"{thumb}: they are {holder.alignment} now. Put the Goon to sleep. "
                          "Say next.")
