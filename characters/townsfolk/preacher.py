"""The Preacher: Each night, choose a player. A Minion chosen learns it, and chosen Minions
lose their ability.

The Preacher may choose anyone, themself and the dead too. A Minion chosen (their character
now, whatever they register as) is woken after the Preacher sleeps and shown the This
Character Selected You token and the Preacher, and is without their ability from then on
(an effect, statemachine.model.NO_ABILITY, which impairs like drunkenness but gives
no false information of its own), while the Preacher's ability works: a Preacher dead,
drunk or poisoned preaches nobody, and those chosen have their abilities back meanwhile. A
drunk or poisoned Preacher chooses, and nothing happens: the Minion is not woken. A Minion
who becomes another character keeps that one's ability. Jinx: a Vizier without ability is
told so and still cannot die by day (the Vizier's unit keeps it). A player who counts as a
Minion too (Legion) is a Minion to the Preacher; a jinx: Legion keeps its ability, and the
Preacher may be told that they chose Legion. Jinx: a living Summoner chosen keeps its
ability for the Storyteller, who holds it (statemachine.model's STORYTELLER_HOLDS: its step
wakes nobody and takes the Storyteller's choices)."""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import MINION, NO_ABILITY, STORYTELLER_HOLDS, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.rules.registering import counts_as
from statemachine.waits import ChooseSeats


class Preacher(Character):
    id = "preacher"
    name = "Preacher"
    team = TOWNSFOLK
    first_night = 28
    other_night = 14
    reminders = ("No Ability", "No Ability", "No Ability")

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Preacher chooses a player.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Preacher is {why}: nothing happens to {target.label}.")
            return
        if not counts_as(game, target, MINION):
            game.say_private(f"{target.Label} is not a Minion: nothing happens.")
            return
        if (target.character == "legion"
                and ("legion", self.id) in active_jinxes(game.setup.script)):
            game.put_holder_to_sleep(
                f"A jinx: {target.label} is Legion and keeps its ability. You may tell the "
                "Preacher that they chose Legion. Wake "
                f"{target.label}: show the This Character Selected You token, then the "
                "Preacher token. Put them to sleep.")
            return
        # A jinx: a living Summoner without an ability passes it to the Storyteller.
        passes = (target.character == "summoner" and target.alive
                  and ("summoner", self.id) in active_jinxes(game.setup.script))
        kind = STORYTELLER_HOLDS if passes else NO_ABILITY
        if not any(e.kind == kind and e.source == player.seat for e in target.effects):
            target.add_effect(Effect(kind, source=player.seat, until="game",
                                     needs_source=True, ability=self.id,
                                     about=target.character))
        if passes:
            game.say_private("A jinx: the Summoner's ability is yours now, the Storyteller's: "
                             "its step wakes nobody and takes your choices.")
        name = game.unit(target.character).name
        game.put_holder_to_sleep(
            f"Wake {target.label}: show the This Character Selected You token, then the "
            f"Preacher token. The {name} has no ability now. Put them to sleep."
            + (" A jinx: tell them they still cannot die by day."
               if target.character == "vizier"
               and ("vizier", self.id) in active_jinxes(game.setup.script) else ""))
        for line in game.wake_notes([target]):
            game.say_private(line)
