"""The Innkeeper: Each night*, choose 2 players: they can't die tonight, but 1 is drunk
until dusk. A jinx with the Leviathan or Riot (characters/daydemons.py): the Safe mark is
kept until dusk, as good wins if that Demon nominates and executes a player it protects."""
from __future__ import annotations

from characters.storyteller import pick, seats_render
from characters.daydemons import protection_until
from statemachine.model import GOOD, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Innkeeper(Character):
    id = "innkeeper"
    name = "Innkeeper"
    team = TOWNSFOLK
    first_night = None
    other_night = 18
    reminders = ('Safe', 'Safe', 'Drunk')

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Innkeeper chooses two players.", count=2,
                                  actor=self.id)
        chosen = [game.grim.seat(s) for s in seats]
        if game.impaired(player, self.id):
            game.say_private(f"The Innkeeper is {game.impairment(player, self.id)}: nobody is "
                             "safe and nobody is made drunk.")
            return
        good = [p for p in chosen if p.alignment == GOOD]
        proposal = [game.rng.choice(good or chosen).seat]
        drunk = yield pick(game, "Which of the two is drunk until dusk? Usually a good player.",
                           "seats", proposal, seats_render(game),
                           check=lambda s: None if len(s) == 1 and s[0] in seats
                           else "Choose one of the Innkeeper's two players.")
        target = game.grim.seat(drunk[0])
        if target is player:
            # The protection lasts only while the ability works: an Innkeeper made drunk by
            # their own choice protects nobody from then on, so nobody is marked Safe.
            target.add_effect(Effect("drunk", source=player.seat, until="dusk",
                                     note="Innkeeper", ability=self.id))
            game.say_private(f"The Innkeeper, {player.label}, is drunk until dusk. Their "
                             "ability stops at once: nobody is safe tonight. Mark only the "
                             "Drunk reminder.")
            return
        for p in chosen:
            # Safe from every death tonight, while the Innkeeper's ability works.
            p.add_effect(Effect("safe", source=player.seat, until=protection_until(game, self.id), needs_source=True,
                                note="Innkeeper", ability=self.id))
        target.add_effect(Effect("drunk", source=player.seat, until="dusk", note="Innkeeper",
                                  ability=self.id))
        game.say_private(f"Mark {seats_render(game)(seats)} with the Safe reminder: they "
                         "cannot die tonight. "
                         f"{target.Label} is drunk until dusk.")
