"""The Barber: if you died today or tonight, the Demon may choose 2 players (not another
Demon) to swap characters.

On the Barber's death the narrator marks haircuts for tonight (the night after a day death,
or this night). At the Barber's place the Demon is woken: they choose two players, or shake
their head ("nobody"). The two players swap characters (``game.swap_characters``: alignment
stays with each player) and each is woken to learn their new character.
"""
from __future__ import annotations

from statemachine.model import OUTSIDER
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next

HAIRCUTS = "Barber: Haircuts tonight "


class Barber(Character):
    id = "barber"
    name = "Barber"
    team = OUTSIDER
    first_night = None
    other_night = 59
    reminders = ("Haircuts Tonight",)

    def on_death(self, game, player, cause):
        if player.character != self.id or game.impairment(player, self.id):
            return
        night = game.grim.night if game.phase.at_night else game.grim.night + 1
        player.reminders.append(f"{HAIRCUTS}{night}")
        game.say_private("The Barber died: haircuts tonight. The Demon may swap two players' "
                         "characters tonight.")

    def _tonight(self, game, player) -> bool:
        return f"{HAIRCUTS}{game.grim.night}" in player.reminders

    def wakes(self, game, player, first_night):
        return self._tonight(game, player) and bool(game.demons_alive())

    def wakes_holder(self, game, player):
        return False   # the Demon wakes, not the dead Barber

    def night(self, game, player):
        player.reminders = [r for r in player.reminders if not r.startswith(HAIRCUTS)]
        demons = game.demons_alive()
        demon = demons[0]
        for line in game.wake_notes([demon]):
            game.say_private(line)
        other = " There are several Demons; you choose which makes the swap." if len(
            demons) > 1 else ""

        def not_another_demon(seats):
            bad = [s for s in seats if game.is_demon(game.grim.seat(s)) and s != demon.seat]
            return "The Demon may not choose another Demon." if bad else None

        seats = yield ChooseSeats(
            prompt=f"Wake the Demon, {demon.label}. Show the This Character Selected You token "
                   f"and the Barber. They point at two players or shake their head.{other} "
                   "Say the two seats, or nobody.",
            count=2, actor=demon.character, check=not_another_demon, optional=True)
        game.say_private("Put the Demon to sleep.")
        if not seats:
            game.say_private("No haircuts: nobody swaps.")
            return
        a, b = (game.grim.seat(s) for s in seats)
        game.swap_characters(a, b)
        for p in (a, b):
            note = ""
            if game.team_of(p) in ("minion", "demon") and p.alignment == "good" or \
                    game.team_of(p) in ("townsfolk", "outsider") and p.alignment == "evil":
                note = f" Remind them that they are still {p.alignment}."
            yield Next(prompt=f"Wake {p.label}. Show the You Are token and the "
                              f"{game.unit(p.believes).name}.{note} Put them to sleep. Say next.")
