"""The Exorcist: each night*, choose a player (different to last night): the Demon, if
chosen, learns who you are, then doesn't wake tonight."""
from __future__ import annotations

from statemachine.model import DEMON, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next


class Exorcist(Character):
    id = "exorcist"
    name = "Exorcist"
    team = TOWNSFOLK
    first_night = None
    other_night = 35
    reminders = ("Chosen",)
    seat_reminders = (r"Exorcist (\d+): Chosen",)

    def tag(self, player) -> str:
        return f"Exorcist {player.seat}: Chosen"

    def night(self, game, player):
        last = next((p for p in game.grim.players if self.tag(player) in p.reminders), None)

        def not_last(seats):
            if last is not None and seats[0] == last.seat:
                return f"The Exorcist chose {last.label} last night: choose another player."
            return None

        seats = yield ChooseSeats(prompt="The Exorcist chooses a player, not last night's.",
                                  count=1, actor=self.id, check=not_last)
        target = game.grim.seat(seats[0])
        if last is not None:
            last.reminders.remove(self.tag(player))
        target.reminders.append(self.tag(player))
        if game.impaired(player, self.id):
            game.say_private(f"The Exorcist is {game.impairment(player, self.id)}: nothing "
                             "happens, the Demon acts as usual.")
            return
        if not game.is_demon(target):
            game.say_private(f"{target.Label} is not the Demon: nothing happens.")
            return
        demon = game.unit(target.character).name
        for ability in game.abilities(target):
            if game.unit(ability).team == DEMON:
                game.wakes.keep_asleep(target, ability, "the Exorcist chose them")
        yield Next(prompt=f"Put the Exorcist to sleep. Wake the {demon}, {target.label}. Show "
                          "them the This Character Selected You token and the Exorcist "
                          f"token, then point at the Exorcist, {player.label}. Put the "
                          f"{demon} to sleep; they do not wake again tonight. Say next.")
