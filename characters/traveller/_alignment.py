"""What the Trouble Brewing Travellers share: the team, and a night choice that marks
tomorrow's voter. (Every Traveller's alignment, the Storyteller's choice at setup, is asked
for by ``statemachine.registry.Character.setup_lines``.)"""
from __future__ import annotations

from statemachine.model import TRAVELLER, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Traveller(Character):
    """Base for a Traveller unit (no id, so the catalogue does not register it)."""

    team = TRAVELLER


class VoteMarker(Traveller):
    """Each night, choose a player (not yourself): their vote counts differently tomorrow.
    ``factor`` multiplies the vote; ``mark`` names the effect (the reminder token)."""

    factor = 1
    mark = ""
    tomorrow = ""

    def night(self, game, player):
        def not_self(seats):
            return f"The {self.name} cannot choose themself." if player.seat in seats else None

        for p in game.grim.players:
            p.remove_effects(self.mark, source=player.seat)
        seats = yield ChooseSeats(prompt=f"The {self.name} chooses a player.", count=1,
                                  actor=self.id, check=not_self)
        target = game.grim.seat(seats[0])
        if game.impaired(player, self.id):
            game.say_private(f"The {self.name} is {game.impairment(player, self.id)}: "
                             f"{target.label}'s vote is unchanged.")
            return
        target.add_effect(Effect(self.mark, source=player.seat, until="dusk",
                                 needs_source=True, note=self.name, ability=self.id))
        game.say_private(f"{target.Label}'s vote {self.tomorrow} tomorrow.")

    def marked(self, game, holder, voter) -> bool:
        return any(e.kind == self.mark and e.source == holder.seat and game.effect_active(e)
                   for e in voter.effects)

    def vote_factor(self, game, holder, voter):
        return self.factor if self.marked(game, holder, voter) else 1

    def on_vote_open(self, game, holder, vote):
        if vote.exile:
            return
        for p in game.grim.players:
            if self.marked(game, holder, p):
                game.say_private(f"The {self.name}: {p.label}'s vote {self.tomorrow}. "
                                 "Name them if they vote.")
