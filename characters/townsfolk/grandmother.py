"""The Grandmother: you start knowing a good player and their character (the grandchild).
If the Demon kills them, you die too."""
from __future__ import annotations

from characters.common import others, say_character
from characters.storyteller import StartKnowing, seats_render
from statemachine.errors import Rejected
from statemachine.model import GOOD, OUTSIDER, TOWNSFOLK
from statemachine.registry import GAINED_FIRST_NIGHT_STEP


class Grandmother(StartKnowing):
    id = "grandmother"
    name = "Grandmother"
    team = TOWNSFOLK
    first_night = 58
    other_night = 72
    reminders = ("Grandchild", "Dead")
    seat_reminders = (r"Grandmother (\d+): Grandchild",)
    commands = {"grandchild": ("the grandchild is seat {seat}",
                               "the (grandmother|grandmothers) grandchild is seat {seat}")}

    # --- the grandchild ----------------------------------------------------------------
    def tag(self, player) -> str:
        return f"Grandmother {player.seat}: Grandchild"

    def grandchild(self, game, player):
        return next((p for p in game.grim.players if self.tag(player) in p.reminders), None)

    def _eligible(self, game, player, target) -> str | None:
        if target is player:
            return "The Grandmother is not their own grandchild."
        if target.alignment != GOOD or target.traveller:
            return f"{target.Label} is not a good Townsfolk or Outsider."
        return None

    def propose(self, game, player):
        if self.grandchild(game, player) is None:
            good = [p for p in others(game, player) if p.alignment == GOOD
                    and game.team_of(p) in (TOWNSFOLK, OUTSIDER)]
            if good:
                game.rng.choice(good).reminders.append(self.tag(player))
        return self.grandchild(game, player)

    def _move(self, game, player, target) -> None:
        old = self.grandchild(game, player)
        if old:
            old.reminders.remove(self.tag(player))
        target.reminders.append(self.tag(player))

    def prepare(self, game, player):
        self.propose(game, player)

    def setup_lines(self, game, player):
        g = self.grandchild(game, player)
        if not g:
            return []
        return [f"The Grandmother's grandchild, proposed: {g.label}, the "
                f"{game.unit(g.character).name}. Say 'the grandchild is seat' and a number "
                "to change it."]

    def handle(self, game, player, intent, slots):
        if intent != "grandchild":
            return False
        if self.learnt(player):
            raise Rejected("The Grandmother already knows their grandchild.")
        target = game.player(slots["seat"])
        problem = self._eligible(game, player, target)
        if problem:
            raise Rejected(problem)
        self._move(game, player, target)
        game.say_private(f"The grandchild is {target.label}.")
        return True

    # --- the night -----------------------------------------------------------------------
    def _learning(self, game, player) -> bool:
        return game.phase.state == "first_night" or game.gained_tonight(player, self.id)

    def night_position(self, game, player, first_night):
        if first_night:
            return self.first_night
        if game.gained_tonight(player, self.id):
            return GAINED_FIRST_NIGHT_STEP     # gained or brought back tonight: learn
        return self.other_night

    def wakes(self, game, player, first_night):
        if not player.alive:
            return False
        return self._learning(game, player) or self._grandchild_eaten(game, player)

    def wakes_holder(self, game, player):
        return self._learning(game, player)   # the death step wakes nobody

    def _grandchild_eaten(self, game, player) -> bool:
        g = self.grandchild(game, player)
        return g is not None and any(
            d.seat == g.seat and d.cause == "demon" and d.phase == "night"
            and d.number == game.grim.night for d in game.deaths)

    def night(self, game, player):
        if not self._learning(game, player):
            yield from self._dies_too(game, player)
            return
        self.mark_learnt(player)
        child = self.propose(game, player)
        if child is None:
            game.say_private("There is no good player to be the grandchild. Show nothing.")
            return
        sober = not game.impaired(player, self.id)
        pool = [p.seat for p in others(game, player) if p is not child]

        def check_seat(seats):
            if len(seats) != 1:
                return "Point at one player."
            return self._eligible(game, player, game.grim.seat(seats[0])) if sober else None

        seats = yield game.info(player, self.id, "seats", [child.seat],
                                lambda: [game.rng.choice(pool)] if pool else [child.seat],
                                seats_render(game), "Point at the grandchild.",
                                check=check_seat)
        shown = game.grim.seat(seats[0])
        if sober and shown is not child:
            self._move(game, player, shown)     # the Storyteller chose another grandchild
            child = shown
        good = [i for i in game.setup.script if game.unit(i).team in (TOWNSFOLK, OUTSIDER)
                and i != shown.character]

        def check_character(cid):
            if sober and cid != child.character:
                return f"The Grandmother is sober: show the {game.unit(child.character).name}."
            return None

        yield game.info(player, self.id, "character", child.character,
                        lambda: game.rng.choice(good) if good else child.character,
                        lambda cid: say_character(game, cid), "Show their character token.",
                        check=check_character)

    def _dies_too(self, game, player):
        child = self.grandchild(game, player)
        if game.impaired(player, self.id):
            game.say_private(f"The Demon killed the grandchild, {child.label}, but the "
                             f"Grandmother is {game.impairment(player, self.id)}, so lives.")
            return
        game.say_private(f"The Demon killed the grandchild, {child.label}: the Grandmother "
                         "dies too.")
        line = game.kill_report(player, game.kill(player, "ability", by=player))
        if line:
            game.say_private(line)
        yield from ()
