"""The Bounty Hunter: you start knowing one evil player, and a new one each time the one you
know dies. Setup: one Townsfolk is evil.

Setup: another Townsfolk is turned evil, proposed with the seeded generator ("the evil
townsfolk is seat 4" changes it before the first night). The first night the Bounty Hunter
is shown one evil player (proposed, registration allowing: a Recluse may be shown, a Spy
need not be), marked with the Know reminder; then the evil Townsfolk is woken and shown the
You Are token and a thumbs down (only that: they learn no other evil player). On a later
night, if the player they know is dead, they are shown another evil player; with none left,
nothing more. A drunk or poisoned Bounty Hunter may be shown anyone. Jinxes: a Philosopher
who gains this ability may turn a Townsfolk evil, the night they gain it; if the Kazali
makes the Bounty Hunter a Minion, no Townsfolk turns evil (the one proposed at setup turns
good again before anyone is told: ``kazali_took``).
"""
from __future__ import annotations

from characters.common import others, say_seats
from characters.jinxes import active_jinxes
from characters.storyteller import may_register, registers_surely
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next

EVIL_TOWNSFOLK = "Bounty Hunter: Evil Townsfolk"


class BountyHunter(Character):
    id = "bountyhunter"
    name = "Bounty Hunter"
    team = TOWNSFOLK
    first_night = 68
    other_night = 87
    reminders = ("Know",)
    setup = True
    seat_reminders = (r"Bounty Hunter (\d+): Know",)
    commands = {"evil_townsfolk": ("the evil townsfolk is seat {seat}",
                                   "the bounty (hunter|hunters) evil townsfolk is seat {seat}")}

    # --- the evil Townsfolk --------------------------------------------------------------
    def evil_townsfolk(self, game):
        return [p for p in game.grim.players if EVIL_TOWNSFOLK in p.reminders]

    def _turn_evil(self, game, target) -> bool:
        if not game.set_alignment(target, EVIL):
            return False
        target.reminders.append(EVIL_TOWNSFOLK)
        return True

    def prepare(self, game, player):
        pool = [p for p in others(game, player) if game.team_of(p) == TOWNSFOLK
                and p.alignment == GOOD]
        if pool and not self.evil_townsfolk(game):
            self._turn_evil(game, game.rng.choice(pool))

    def kazali_took(self, game) -> list[str]:
        """The jinx with the Kazali: the Bounty Hunter became a Minion, so the evil
        Townsfolk proposed at setup was never made: they turn good again."""
        lines = []
        for p in self.evil_townsfolk(game):
            p.reminders.remove(EVIL_TOWNSFOLK)
            game.set_alignment(p, GOOD)
            lines.append(f"A jinx: the Bounty Hunter is a Minion now, so no Townsfolk turns "
                         f"evil. {p.Label} stays good.")
        return lines

    def setup_lines(self, game, player):
        evil = self.evil_townsfolk(game)
        if not evil:
            return ["The Bounty Hunter's evil Townsfolk: nobody, as no other Townsfolk is in "
                    "play."]
        return [f"The Bounty Hunter's evil Townsfolk, proposed: {evil[0].label}, the "
                f"{game.unit(evil[0].character).name}. Say 'the evil townsfolk is seat' and a "
                "seat to change it."]

    def handle(self, game, player, intent, slots):
        if intent != "evil_townsfolk":
            return False
        if game.phase.state != "setup":
            raise game.not_now("the evil Townsfolk is chosen at setup")
        target = game.player(slots["seat"])
        if game.team_of(target) != TOWNSFOLK or target is player or target.traveller:
            raise Rejected("The evil Townsfolk is another Townsfolk.")
        for p in self.evil_townsfolk(game):
            if p is not target:
                p.reminders.remove(EVIL_TOWNSFOLK)
                game.set_alignment(p, GOOD)
        if target not in self.evil_townsfolk(game):
            self._turn_evil(game, target)
        game.say_private(f"The evil Townsfolk is {target.label}.")
        return True

    # --- the evil player known -------------------------------------------------------------
    def tag(self, player) -> str:
        return f"Bounty Hunter {player.seat}: Know"

    def known(self, game, player):
        return next((p for p in game.grim.players if self.tag(player) in p.reminders), None)

    def _learnt(self, player) -> bool:
        return f"Bounty Hunter {player.seat}: learnt" in player.reminders

    def wakes(self, game, player, first_night):
        if not player.alive:
            return False
        if not self._learnt(player):
            return True
        known = self.known(game, player)
        return known is not None and not known.alive

    def night(self, game, player):
        first = not self._learnt(player)
        if not first:
            dead = self.known(game, player)
            if dead is not None:
                dead.reminders.remove(self.tag(player))
        pool = [p for p in others(game, player, travellers=True) if p.alive or first]
        surely = [p for p in pool if registers_surely(game, p, EVIL)]
        maybe = [p for p in pool if may_register(game, p, EVIL)]
        if first:
            player.reminders.append(f"Bounty Hunter {player.seat}: learnt")
        if not maybe:
            game.say_private("There is no other evil player to show: they learn nothing.")
        else:
            yield from self._show(game, player, surely or maybe, maybe, first)
        if first and player.character == self.id:
            yield from self._tell_evil_townsfolk(game)
        elif first:
            yield from self._philosopher_jinx(game, player)

    def _show(self, game, player, surely, maybe, first):
        proposal = [game.rng.choice(surely).seat]
        good = [p.seat for p in others(game, player, travellers=True)
                if p.alive and not may_register(game, p, EVIL)]

        def false():
            return [game.rng.choice(good)] if good else proposal

        sober = game.info_rules.true_info(player, self.id)

        def check(seats):
            if len(seats) != 1:
                return "Point at one player."
            if sober and game.grim.seat(seats[0]) not in maybe:
                return f"{game.grim.seat(seats[0]).Label} is not evil: point at an evil player."
            return None

        notes = game.registration_notes([p for p in maybe if p.seat not in proposal],
                                        relevant={EVIL})
        what = "one evil player" if first else "another evil player: the one they knew died"
        answer = yield game.info(
            player, self.id, "seats", proposal, false, lambda s: say_seats(game, list(s)),
            f"Point at {what}.", notes, check=check,
            true_if=lambda s: len(s) == 1 and game.grim.seat(s[0]) in maybe)
        game.grim.seat((answer or proposal)[0]).reminders.append(self.tag(player))

    def _tell_evil_townsfolk(self, game):
        for target in self.evil_townsfolk(game):
            game.put_holder_to_sleep()
            yield from self._tell_one(game, target)

    def _philosopher_jinx(self, game, player):
        if ("bountyhunter", "philosopher") not in active_jinxes(game.setup.script):
            return

        def townsfolk(seats):
            p = game.grim.seat(seats[0])
            if game.team_of(p) != TOWNSFOLK or p.alignment != GOOD or p is player:
                return f"{p.Label} is not another good Townsfolk."
            return None

        game.put_holder_to_sleep()
        seats = yield ChooseSeats(
            prompt="A jinx: with the Bounty Hunter's ability, you may turn a Townsfolk evil. "
                   "Say the seat, or say nobody.", count=1, actor=self.id, check=townsfolk,
            by_holder=False, optional=True)
        if not seats:
            return
        target = game.grim.seat(seats[0])
        if self._turn_evil(game, target):
            yield from self._tell_one(game, target)

    def _tell_one(self, game, target):
        for line in game.wake_notes([target]):
            game.say_private(line)
        yield Next(prompt=f"Wake the evil Townsfolk, {target.label}. Show them the You Are "
                          "token and a thumbs down: they are evil. Put them to sleep. Say next.")
