"""The Courtier: once per game, at night, choose a character: whoever is that character is
drunk for three nights and three days."""
from __future__ import annotations

from characters.jinxes import active_jinxes

from characters.common import say_character
from statemachine.model import TOWNSFOLK, Effect
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.waits import ChooseCharacter

USED = "Courtier: No Ability"


class Courtier(Character):
    id = "courtier"
    name = "Courtier"
    team = TOWNSFOLK
    first_night = 34
    other_night = 17
    reminders = ("Drunk 3", "Drunk 2", "Drunk 1", "No Ability")

    def wakes(self, game, player, first_night):
        return player.alive and self.id not in player.spent

    def night(self, game, player):
        cid = yield ChooseCharacter(
            prompt="The Courtier may choose a character, once per game. Say the character, "
                   "or next if they wait.")
        if cid is None:
            game.say_private("The Courtier waits.")
            return
        player.spent.add(self.id)
        player.reminders.append(USED)
        chosen = say_character(game, cid)
        if game.impaired(player, self.id):
            game.say_private(f"The Courtier is {game.impairment(player, self.id)}: nobody is "
                             "drunk, and the ability is used up.")
            return
        holders = [p for p in game.grim.players if p.character == cid]
        if not holders:
            game.say_private(f"The Courtier chose {chosen}, not in play: nobody is drunk. "
                             "The ability is used up.")
            return
        # Three nights and three days: tonight and the next two nights, and the days after
        # them, so it ends at the dusk of the second day from now. It holds while the
        # Courtier's ability works (a dead or poisoned Courtier makes nobody drunk).
        last_day = game.grim.night + 2
        for p in holders:
            p.add_effect(Effect("drunk", source=player.seat, until=f"dusk:{last_day}",
                                needs_source=True, note=self.name, ability=self.id))
        who = spoken_list(p.label for p in holders)
        game.say_private(f"The Courtier chose {chosen}. {who[:1].upper()}{who[1:]} "
                         f"{'is' if len(holders) == 1 else 'are'} drunk until dusk on day "
                         f"{last_day}: three nights and three days.")
        if cid == "vizier" and ("vizier", "courtier") in active_jinxes(game.setup.script):
            game.say_private(f"A jinx: tell the Vizier, {who}, that they have lost their "
                             "ability. They still cannot die by day.")
