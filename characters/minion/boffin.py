"""The Boffin: the Demon (even if drunk or poisoned) has a not-in-play good character's
ability. You both know which.

The good character is proposed at setup ("the boffin gives the savant" changes it before the
first night's Boffin step). While the Boffin is alive, one Demon holds that ability as a
granted ability (``Character.grants``): the Demon's own drunkenness or poison does not touch
it, the Boffin's does. A new Demon (Barber, Scarlet Woman) gets it in turn. Jinx: the Demon
cannot have the Drunk's ability, nor (jinxes) the Ogre's, the Heretic's or the
Politician's; the Village Idiot's may be given while a spare token exists (fewer than three
in play), a jinx. An Alchemist with the Boffin's ability is not told the Demon's ability (a
jinx): only the Demon is shown it.
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.errors import Rejected
from statemachine.model import MINION, OUTSIDER, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import Next

GIVES = "Boffin gives: "


NOT_GIVEN = ("ogre", "heretic", "politician")     # jinxes: abilities the Boffin cannot give the Demon


class Boffin(Character):
    id = "boffin"
    name = "Boffin"
    team = MINION
    first_night = 12
    other_night = None
    reminders = ()
    commands = {"boffin_gives": ("the boffin gives [the demon] the {character}",)}

    def allowed(self, game, cid) -> str | None:
        if game.unit(cid).team not in (TOWNSFOLK, OUTSIDER):
            return "The Boffin gives a good character's ability: a Townsfolk or an Outsider."
        if cid == "drunk":
            return "The Demon cannot have the Drunk's ability."
        if cid in NOT_GIVEN and ("boffin", cid) in active_jinxes(game.setup.script):
            return f"A jinx: the Boffin cannot give the Demon the {game.unit(cid).name}'s ability."
        if cid in {p.character for p in game.grim.players} and not (
                cid == "villageidiot" and ("boffin", cid) in active_jinxes(game.setup.script)
                and sum(p.character == cid for p in game.grim.players) < 3):
            # a jinx: a spare Village Idiot token (three at most) may go to the Demon
            return f"The {game.unit(cid).name} is in play; the Boffin's character is not."
        return None

    def prepare(self, game, player):
        free = [c for c in game.setup.script
                if c in game.registry and self.allowed(game, c) is None
                and c not in {p.believes for p in game.grim.players}]
        if free:
            player.reminders.append(GIVES + game.rng.choice(free))

    def gift(self, player) -> str | None:
        return next((r[len(GIVES):] for r in player.reminders if r.startswith(GIVES)), None)

    def setup_lines(self, game, player):
        cid = self.gift(player)
        if not cid:
            return ["The Boffin has no good character to give: say 'the boffin gives the' "
                    "and a character."]
        return [f"The Boffin, {player.label}, gives the Demon the {game.unit(cid).name}'s "
                "ability. Say 'the boffin gives the' and a character to change it."]

    def handle(self, game, player, intent, slots):
        if intent != "boffin_gives":
            return False
        before_step = game.phase.state == "first_night" and game.current is not None and \
            game.current.position < self.first_night
        if game.phase.state != "setup" and not before_step:
            raise game.not_now("the Boffin's character is chosen before the Boffin wakes")
        cid = slots["character"]
        problem = self.allowed(game, cid)
        if problem:
            raise Rejected(problem)
        player.reminders = [r for r in player.reminders if not r.startswith(GIVES)]
        player.reminders.append(GIVES + cid)
        game.say_private(f"The Demon has the {game.unit(cid).name}'s ability.")
        return True

    # --- the gift ----------------------------------------------------------------------------
    def grants(self, game, holder):
        cid = self.gift(holder)
        if not cid or not holder.alive or self.id not in game.own_abilities(holder):
            return []
        demons = [p for p in game.grim.players if game.is_demon(p)]
        living = [p for p in demons if p.alive]
        demon = (living or demons or [None])[0]
        return [(demon, cid)] if demon else []

    def grant_impairment(self, game, giver, holder, ability):
        # "Even if drunk or poisoned": only the Boffin's own state matters.
        return game.impairment(giver, self.id)

    def night(self, game, player):
        cid = self.gift(player)
        demons = [p for p in game.grim.players if game.is_demon(p)]
        for line in game.wake_notes(demons):
            game.say_private(line)
        what = f"the {game.unit(cid).name}" if cid else "no character"
        if player.character == "alchemist" and ("alchemist", self.id) in active_jinxes(
                game.setup.script):
            game.put_holder_to_sleep()
            yield Next(prompt=f"A jinx: the Alchemist is not told the Demon's ability. Wake the "
                              f"Demon, {', '.join(d.label for d in demons)}: show them the "
                              f"This Character Selected You token, the Boffin, then {what}. "
                              "The Demon has that ability. Put them to sleep. Say next.")
            return
        yield Next(prompt=f"Wake the Demon too: {', '.join(d.label for d in demons)}. Show them "
                          f"both the This Character Selected You token, the Boffin, then "
                          f"{what}. The Demon has that ability. Say next.")
