"""The Ogre: on your 1st night, choose a player (not yourself): you become their alignment
(you don't know which) even if drunk or poisoned.

At the Ogre's place on their first night they choose another player; the Ogre takes that
player's alignment at once, drunk, poisoned or sober, and is not told it. Jinxes: to the
Ogre, the Spy counts as evil (an Ogre choosing the Spy turns evil); a Recluse chosen may
count as evil, the Storyteller's call, and an Ogre turned evil so is told they are evil; an
evil player the Pit-Hag makes the Ogre does not turn good through it; the Boffin cannot give
the Demon the Ogre's ability (characters/minion/boffin.py).
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import EVIL, GOOD, OUTSIDER
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, YesNo

FRIEND = "Ogre: Friend"


class Ogre(Character):
    id = "ogre"
    name = "Ogre"
    team = OUTSIDER
    first_night = 72
    other_night = None
    reminders = ("Friend",)

    def _jinx(self, game, other) -> bool:
        pair = (other, "ogre")
        return pair in active_jinxes(game.setup.script)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Ogre chooses another player, whose alignment "
                                         "they take. Say the seat.", count=1, actor=self.id,
                                  check=lambda s: "The Ogre chooses another player."
                                  if s[0] == player.seat else None)
        friend = game.grim.seat(seats[0])
        friend.reminders.append(FRIEND)
        alignment, told = friend.alignment, False
        if friend.character == "spy" and self._jinx(game, "spy"):
            alignment = EVIL                    # a jinx: the Spy counts as evil
        elif friend.character == "recluse" and self._jinx(game, "recluse"):
            evil = yield YesNo(prompt="A jinx: the Recluse may count as evil to the Ogre. Do "
                                      "they? Say yes or no.")
            if evil:
                alignment, told = EVIL, True
        made = any(r.startswith("Pit-Hag: made") for r in player.reminders)
        if (alignment == GOOD and player.alignment == EVIL and made
                and self._jinx(game, "pithag")):
            game.say_private("The Pit-Hag made this Ogre of an evil player: they stay evil "
                             "(a jinx).")
            return
        if alignment == player.alignment:
            game.say_private(f"The Ogre takes {friend.label}'s alignment: they stay "
                             f"{alignment}. Do not tell them.")
        elif game.set_alignment(player, alignment):
            game.say_private(f"The Ogre takes {friend.label}'s alignment and is {alignment} "
                             "now." + (" A jinx: tell them they are evil." if told else
                                       " Do not tell them."))
