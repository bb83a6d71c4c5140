"""The Village Idiot: Each night, choose a player: you learn their alignment. [+0 to +2
Village Idiots. 1 of the extras is drunk]

At a drawn setup the bag holds up to two more Village Idiot tokens, each in a Townsfolk's
place (``Counts.add_copies``; how many is the bag's seeded choice); an explicit setup names
them. With two or three in play, exactly one is drunk for the whole game: proposed at setup
(`the drunk village idiot is seat N` changes it), and kept as a drunk effect with the Drunk
reminder. Each night each one chooses a player and is shown a thumb up for good, down for
evil (`the village idiot learns good` or `... evil` gives another answer); a player who
might register otherwise (the Recluse, the Spy) is noted, and a sober Village Idiot is
otherwise told the truth. Jinxes: the Boffin may give the Demon this ability (one more
token, the Boffin's unit); a Pit-Hag making another Village Idiot may move the drunk one
(`the drunk village idiot is seat N`, said any time)."""
from __future__ import annotations

from characters.storyteller import may_register
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Info

NOTE = "Village Idiot: Drunk"
EXTRA_CHANCE = (0.5, 0.25, 0.25)    # 0, 1 or 2 more, at a drawn setup


class VillageIdiot(Character):
    id = "villageidiot"
    name = "Village Idiot"
    team = TOWNSFOLK
    first_night = 67
    other_night = 85
    reminders = ("Drunk",)
    setup = True
    commands = {
        "villageidiot_drunk": ("the drunk village idiot is seat {seat}",),
        "villageidiot_learns": ("the village idiot learns {alignment}",
                                "the village idiot (is shown|sees) {alignment}"),
    }

    def adjust_counts(self, counts):
        if counts.rng is None or self.id in counts.copies:
            return          # an explicit setup names its Village Idiots
        r, extra = counts.rng.random(), 0
        for n, chance in enumerate(EXTRA_CHANCE):
            r -= chance
            if r < 0:
                extra = n
                break
        counts.add_copies(self.id, extra)

    # --- the drunk one ------------------------------------------------------------------
    @staticmethod
    def idiots(game):
        return [p for p in game.grim.players if p.character == "villageidiot"]

    @staticmethod
    def drunk_one(game):
        return next((p for p in game.grim.players
                     if any(e.note == NOTE for e in p.effects)), None)

    def _make_drunk(self, game, player) -> None:
        for p in game.grim.players:
            p.effects = [e for e in p.effects if e.note != NOTE]
            if "Village Idiot: Drunk" in p.reminders:
                p.reminders.remove(NOTE)
        if player is not None:
            player.add_effect(Effect("drunk", until="game", note=NOTE))
            player.reminders.append(NOTE)

    def prepare(self, game, player):
        idiots = self.idiots(game)
        if player is idiots[0] and len(idiots) > 1 and self.drunk_one(game) is None:
            self._make_drunk(game, game.rng.choice(idiots))

    def setup_lines(self, game, player):
        idiots, drunk = self.idiots(game), self.drunk_one(game)
        if player is not idiots[0] or drunk is None:
            return []
        return [f"{len(idiots)} Village Idiots are in play. Proposed drunk: {drunk.label}. "
                "Say 'the drunk village idiot is seat' and a number to change it."]

    def on_created(self, game, player):
        # The Pit-Hag's jinx: another Village Idiot from a spare token; the drunk one may
        # change (or, from one to two, one is proposed drunk now).
        if len(self.idiots(game)) < 2:
            return []
        if self.drunk_one(game) is None:
            self._make_drunk(game, game.rng.choice(self.idiots(game)))
        return [f"A jinx: the drunk Village Idiot may change. Proposed: "
                f"{self.drunk_one(game).label}. Say 'the drunk village idiot is seat' and a "
                "number to change it."]

    def handle(self, game, player, intent, slots):
        if intent == "villageidiot_drunk":
            if player is not self.idiots(game)[0]:
                return False        # one of them answers
            target = game.player(slots["seat"])
            if target.character != self.id:
                raise Rejected(f"{target.Label} is not a Village Idiot.")
            if len(self.idiots(game)) < 2:
                raise Rejected("Only one Village Idiot is in play: none of them is drunk.")
            self._make_drunk(game, target)
            game.say_private(f"The drunk Village Idiot is {target.label}.")
            return True
        if intent != "villageidiot_learns":
            return False
        waiting = (isinstance(game.wait, Info) and game.current
                   and game.current.ability == self.id and game.current.seat == player.seat)
        if not waiting:
            if any(p.seat == getattr(game.current, "seat", None) for p in self.idiots(game)):
                return False
            raise game.not_now("the Village Idiot learns an alignment at their night step")
        given = slots["alignment"]
        problem = game.wait.check(given) if game.wait.check else None
        if problem:
            raise Rejected(problem)
        game.answer(given)
        return True

    # --- the night ------------------------------------------------------------------------
    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Village Idiot chooses a player.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        truth = target.alignment
        sober = game.info_rules.true_info(player, self.id)

        def check(answer):
            if sober and answer != truth and not may_register(game, target, answer):
                return f"The Village Idiot is sober: {target.label} is {truth}."
            return None

        def render(alignment):
            return "thumb up, good" if alignment == GOOD else "thumb down, evil"

        yield game.info(player, self.id, "text", truth, EVIL if truth == GOOD else GOOD,
                        render, "Show a thumb: up for good, down for evil.",
                        game.registration_notes([target]) +
                        ["Say 'the village idiot learns good' or 'evil' to give the other."],
                        check=check)
