"""The Harlot: each night except the first, choose a living player: if they agree, you learn
their character, but you both might die."""
from __future__ import annotations

from characters.common import say_character
from characters.traveller._alignment import Traveller
from statemachine import wording
from statemachine.model import DEMON, MINION, OUTSIDER, TOWNSFOLK
from statemachine.waits import ChooseSeats, YesNo


class Harlot(Traveller):
    id = "harlot"
    name = "Harlot"
    first_night = None
    other_night = 8
    reminders = ("Dead", "Dead")

    def night(self, game, player):
        def living(seats):
            dead = [s for s in seats if not game.grim.seat(s).alive]
            return f"{game.grim.seat(dead[0]).Label} is dead: choose a living player." \
                if dead else None

        seats = yield ChooseSeats(prompt="The Harlot chooses a living player.", count=1,
                                  actor=self.id, check=living)
        target = game.grim.seat(seats[0])
        game.put_holder_to_sleep(
            f"Wake {target.label}: the Harlot chose them, to learn their character. They "
            "nod to agree or shake their head.")
        agreed = yield YesNo(prompt="Did they agree? Say yes or no.")
        if not agreed:
            game.say_private(f"Put {target.label} to sleep. Nothing happens.")
            return
        truth = target.character
        pool = [c for c in game.setup.script if c != truth
                and game.unit(c).team in (TOWNSFOLK, OUTSIDER, MINION, DEMON)]
        yield game.info(
            player, self.id, "character", truth,
            lambda: game.rng.choice(pool) if pool else truth,
            lambda cid: say_character(game, cid),
            f"Put {target.label} to sleep. {wording.wake(self.name, player.label)} Show "
            f"them {target.name}'s character token.",
            notes=game.registration_notes([target]))
        sleep = wording.put_to_sleep(self.name)
        if game.impaired(player, self.id):
            game.say_private(f"{sleep} The Harlot is {game.impairment(player, self.id)}: "
                             "nobody dies.")
            return
        both = yield YesNo(prompt=f"{sleep} Do the Harlot and {target.label} both die? "
                                  "Proposed: no. Say next for no, or yes or no.",
                           proposal=False)
        if not both:
            game.say_private("Nobody dies.")
            return
        for p in (player, target):
            line = game.kill_report(p, game.kill(p, "ability", by=player))
            if line:
                game.say_private(line)
