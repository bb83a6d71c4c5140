"""The Imp: each night*, choose a player: they die. If they kill themselves this way, a
Minion becomes the Imp."""
from __future__ import annotations

from characters.common import attack, attack_fails
from statemachine.model import DEMON, MINION
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, YesNo

HEIR = "Imp: new Imp, was the {old}"


class Imp(Character):
    id = "imp"
    name = "Imp"
    team = DEMON
    first_night = None
    other_night = 39
    reminders = ("Dead",)

    def wakes(self, game, player, first_night):
        # A player who became the Imp tonight, after the old Imp died, does not act again.
        passed = game.phase.at_night and any(s != player.seat and game.grim.seat(s).character == self.id
                     for s in game.night_deaths)
        return not passed and super().wakes(game, player, first_night)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Imp chooses a player to kill.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        if attack_fails(game, player, self.id, target):
            return
        if target is player:
            yield from self._star_pass(game, player)
            return
        attack(game, player, target)

    def _star_pass(self, game, imp):
        if not game.kill(imp, "demon", by=imp):
            game.say_private("The Imp chose themself but does not die.")
            return
        heir = next((p for p in game.grim.players
                     if any(r.startswith("Imp: new Imp") for r in p.reminders)), None)
        if heir is None or game.winner:
            return      # a Scarlet Woman took over, or no Minion was left
        mark = next(r for r in heir.reminders if r.startswith("Imp: new Imp"))
        heir.reminders.remove(mark)
        keep = yield YesNo(prompt=f"Proposed: {heir.label} becomes the Imp. Say yes or next, "
                                  "or no to choose another Minion.", proposal=True)
        if not keep:
            old = mark.rsplit("was the ", 1)[1]

            def alive_minion(seats):
                p = game.grim.seat(seats[0])
                if p is heir or (p.alive and game.unit(p.character).team == MINION):
                    return None
                return f"{p.Label} is not an alive Minion."

            seats = yield ChooseSeats(prompt="Which Minion becomes the Imp? Say their seat.",
                                      count=1, actor=self.id, check=alive_minion)
            chosen = game.grim.seat(seats[0])
            if chosen is not heir:
                game.change_character(heir, old)
                game.change_character(chosen, self.id)
                heir = chosen
        game.say_private(f"Wake {heir.label}: show the You Are token, then the Imp. "
                         "Put them to sleep.")

    def on_death(self, game, player, cause):
        # Runs inside the kill, before the win check, so the Demon passes on in time. Other
        # players reacted first: a Scarlet Woman who took over leaves nothing to pass.
        seat, _, by = game.last_kill
        if cause != "demon" or by != player.seat or game.demons_alive():
            return
        minions = [p for p in game.grim.players
                   if p.alive and game.unit(p.character).team == MINION]
        if not minions:
            return
        heir = game.rng.choice(minions)
        heir.reminders.append(HEIR.format(old=heir.character))
        game.change_character(heir, self.id)
        game.say_private("The Imp killed themself: a Minion becomes the Imp.")
