"""The Lycanthrope: Each night except the first, choose a living player: a good one dies
and the Demon kills nobody tonight. One good player registers as evil.

At setup a good player other than the Lycanthrope is proposed as the Faux Paw (`the faux
paw is seat N` changes it): while the Lycanthrope's ability works they may register as evil
(an effect 'registers as', so every information step notes it and the Storyteller gives
evil where it applies); to the Lycanthrope they are evil, so choosing them does nothing.
The Lycanthrope's step comes before the Demons': a good player chosen dies (an ability's
kill, not the Demon's) and the Demon wakes and chooses but kills nobody (rules/spared.py);
an evil player chosen, nothing happens; a Spy is asked about (may register as good). Drunk
or poisoned, the Lycanthrope chooses and nothing happens."""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.rules.spared import spare_tonight
from statemachine.waits import ChooseSeats, YesNo

PAW = "registers as"


class Lycanthrope(Character):
    id = "lycanthrope"
    name = "Lycanthrope"
    team = TOWNSFOLK
    first_night = None
    other_night = 36
    reminders = ("Faux Paw", "Dead")
    commands = {"faux_paw": ("the faux paw is seat {seat}",)}

    def faux_paw(self, game, holder):
        return next((p for p in game.grim.players for e in p.effects
                     if e.kind == PAW and e.source == holder.seat and e.ability == self.id),
                    None)

    def _mark(self, game, holder, target) -> None:
        for p in game.grim.players:
            p.effects = [e for e in p.effects
                         if not (e.kind == PAW and e.source == holder.seat)]
        target.add_effect(Effect(PAW, source=holder.seat, until="game", needs_source=True,
                                 ability=self.id, about=EVIL, note="Faux Paw"))

    def prepare(self, game, player):
        good = [p for p in game.grim.players
                if p.alignment == GOOD and p is not player and not p.traveller]
        if good:
            self._mark(game, player, game.rng.choice(good))

    def setup_lines(self, game, player):
        paw = self.faux_paw(game, player)
        return [f"The Lycanthrope's Faux Paw, proposed: {paw.label}. They may register as "
                "evil. Say 'the faux paw is seat' and a number to change it."] if paw else []

    def handle(self, game, player, intent, slots):
        if intent != "faux_paw":
            return False
        if game.phase.state != "setup":
            raise game.not_now("the Faux Paw is chosen at setup")
        target = game.player(slots["seat"])
        if target.alignment != GOOD or target is player or target.traveller:
            raise Rejected("The Faux Paw must be another good player.")
        self._mark(game, player, target)
        game.say_private(f"The Faux Paw is {target.label}.")
        return True

    def night(self, game, player):
        def alive(seats):
            p = game.grim.seat(seats[0])
            return None if p.alive else f"{p.Label} is dead: choose a living player."

        seats = yield ChooseSeats(prompt="The Lycanthrope chooses a living player.", count=1,
                                  actor=self.id, check=alive)
        target = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Lycanthrope is {why}: nothing happens to {target.label}.")
            return
        good = target.alignment == GOOD and target is not self.faux_paw(game, player)
        if target.alignment == EVIL and GOOD in game.misregisters(target):
            good = yield YesNo(prompt=f"{target.Label} may register as good. Do they, to the "
                                      "Lycanthrope? Say yes or no.")
        if not good:
            game.say_private(f"{target.Label} registers as evil: nothing happens.")
            return
        spare_tonight(game, player, self.id)
        line = game.kill_report(target, game.kill(target, "ability", by=player))
        game.say_private(" ".join(filter(None, [
            line, "The Demon wakes and chooses as usual, but kills nobody tonight."])))
