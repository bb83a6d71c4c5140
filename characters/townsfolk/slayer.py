"""The Slayer: Once per game, during the day, publicly choose a player: if they are the Demon, they die."""
from __future__ import annotations

from characters.demon.lleech import is_host, survives as lleech_survives
from characters.jinxes import active_jinxes
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.rules.seeming import truly_alive


class Slayer(Character):
    id = "slayer"
    name = "Slayer"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ('No Ability',)
    commands = {"slay": ("the slayer (shoots|slays|chooses) seat {seat}",
                         "seat {seat:shooter} (shoots|slays) seat {seat}")}

    def handle(self, game, player, intent, slots):
        if intent != "slay":
            return False
        target = game.player(slots["seat"])
        shooter = game.player(slots.get("shooter", player.seat))
        if not game.phase.in_day or game.phase.state == "execution":
            raise game.not_now("the Slayer shoots during the day")
        if shooter is not player:
            if self.id in game.abilities(shooter):
                return False        # their own turn in the loop handles it
            # Someone claiming to be the Slayer: nothing happens.
            game.say_public(f"{shooter.Label} shoots {target.label}. Nothing happens.")
            return True
        game.say_public(f"{player.Label} shoots {target.label}.")
        # Spent on the first shot, even if it fails or the Slayer is drunk or poisoned (one
        # more while their ability works twice: the Barista's).
        if not player.alive or not game.use_once(player, self.id):
            game.say_public("Nothing happens.")
            game.say_private("The Slayer has no ability left." if player.alive
                             else "The Slayer is dead and has no ability.")
            return True
        if "No Ability" not in player.reminders:
            player.reminders.append("No Ability")
        if not game.working(player, self.id):
            game.say_public("Nothing happens.")
            game.say_private(f"The Slayer is {game.impairment(player, self.id)}: nothing "
                             "happens, and the ability is used up.")
            return True
        # What the target is, not what they register as: a Zombuul that seemed to die once
        # is alive and the Demon, and this second death is real.
        if truly_alive(target) and game.is_demon(target) and lleech_survives(game, target):
            game.say_public("Nothing happens.")
            game.say_private(f"{target.Label} is the Lleech and their host lives: they do "
                             "not die.")
            return True
        if truly_alive(target) and game.is_demon(target):
            game.say_public(f"{target.Label} dies.")
            game.kill(target, "ability", by=player)
            return True
        if (target.alive and is_host(game, target)
                and ("lleech", "slayer") in active_jinxes(game.setup.script)):
            # A jinx: the Lleech's host shot by the Slayer dies (and so does the Lleech).
            game.say_public(f"{target.Label} dies.")
            game.kill(target, "ability", by=player)
            return True
        if target.alive and "demon" in game.misregisters(target):
            # the Storyteller's call, told the table only once made
            game.say_private(f"{target.Label} is the {game.unit(target.character).name} and "
                             "may register as the Demon. If so, say "
                             f"'seat {target.seat} dies'. If not, tell the table nothing happens.")
            return True
        game.say_public("Nothing happens.")
        return True
