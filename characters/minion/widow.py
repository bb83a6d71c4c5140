"""The Widow: on your first night, look at the Grimoire and choose a player: they are
poisoned. One good player knows a Widow is in play.

First night only: the Widow is shown the Grimoire (the narrator may read it out privately,
as the Spy's), then chooses a player, who is poisoned for the rest of the game while the
Widow's ability works (an effect with ``needs_source``: a dead, drunk or poisoned Widow
poisons nobody, and the poison holds again if that ends). The Storyteller then picks a good
player, who is woken and shown the Widow token (the Know reminder). A Widow drunk or poisoned
as they act poisons nobody; the Storyteller may still show a good player the token, or say
nobody. Jinxes: while the Poppy Grower's ability works the Widow is not shown the Grimoire;
once a Widow has been in play the Damsel is poisoned (characters/outsider/damsel.py); with a
Magician in play the Demon's and the Magician's tokens are taken out first.
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from characters.minion.spy import Spy
from characters.townsfolk.magician import hidden_tokens
from statemachine.model import GOOD, MINION, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next, YesNo

KNOW = "Widow: Know"


class Widow(Character):
    id = "widow"
    name = "Widow"
    team = MINION
    first_night = 33
    reminders = ("Poisoned", "Know")

    def _grimoire_hidden(self, game) -> bool:
        return ("widow", "poppygrower") in active_jinxes(game.setup.script) and any(
            game.working(p, "poppygrower") for p in game.holders("poppygrower"))

    def night(self, game, player):
        if self._grimoire_hidden(game):
            yield Next(prompt="A jinx: the Poppy Grower's ability works, so the Widow is not "
                              "shown the Grimoire. Say next.")
        else:
            hidden = hidden_tokens(game, self.id)
            if hidden:
                game.say_private(Spy.taken_out(hidden))
            read = yield YesNo(prompt="Show the Widow the Grimoire for as long as they need. "
                                      "Say yes to hear each seat read out privately, or no.")
            if read:
                for line in Spy.grimoire_lines(game, hidden):
                    game.say_private(line)
        seats = yield ChooseSeats(prompt="The Widow chooses a player to poison.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Widow is {why}: nobody is poisoned.")
        else:
            target.add_effect(Effect("poisoned", source=player.seat, until="game",
                                     needs_source=True, note="Widow", ability=self.id))
            game.say_private(f"{target.Label} is poisoned while the Widow lives.")

        def good(chosen):
            bad = [game.grim.seat(s) for s in chosen if game.grim.seat(s).alignment != GOOD]
            return f"{bad[0].Label} is not good: pick a good player." if bad else None

        game.put_holder_to_sleep()
        shown = yield ChooseSeats(
            prompt="Pick a good player to learn that a Widow is in play. Say the seat"
                   + (", or say nobody." if why else "."),
            count=1, actor=self.id, check=good, by_holder=False, optional=bool(why))
        if not shown:
            return
        knower = game.grim.seat(shown[0])
        knower.reminders.append(KNOW)
        yield Next(prompt=f"Wake {knower.label}: show them the Widow token. Put them to "
                          "sleep. Say next.")
