"""The Amnesiac: your ability is hidden from you. Each day you may guess it privately, and
are told how near you are.

The Storyteller chooses the hidden ability at setup, proposed from the script's Townsfolk
not in play (one without a setup effect, run by the narrator); "the amnesiac has the empath
ability" changes it during setup. The Amnesiac holds it as a gained ability (the
Philosopher's way), so it acts at that ability's place: "Wake the Amnesiac with the
Empath's ability" (the Storyteller knows; the player does not). The Amnesiac's own place
then wakes nobody. By day, once a day, "the amnesiac guesses the oracle": the narrator
proposes how near the guess is, for the Storyteller to say in their own words (right; near:
it acts on the same nights; or far).
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import Next

HAS = "Amnesiac: the "
ABILITY = " ability"


class Amnesiac(Character):
    id = "amnesiac"
    name = "Amnesiac"
    team = TOWNSFOLK
    first_night = 50
    other_night = 68
    reminders = ("?", "?", "?")
    commands = {"amnesiac_has": ("the amnesiac has the {character} ability",),
                "amnesiac_guesses": ("the amnesiac guesses [the] {character}",)}

    def hidden(self, game, player) -> str | None:
        names = {r[len(HAS):-len(ABILITY)] for r in player.reminders
                 if r.startswith(HAS) and r.endswith(ABILITY)}
        return next((u.id for u in game.registry if u.name in names), None)

    def allowed(self, game, cid) -> str | None:
        unit = game.unit(cid)
        if unit.team != TOWNSFOLK or cid == self.id:
            return "The Amnesiac's hidden ability is another Townsfolk's."
        if not unit.automated or unit.setup or unit.acts_as_believed:
            return f"The narrator does not run the {unit.name}'s ability for the Amnesiac."
        if any(p.character == cid for p in game.grim.players):
            return f"The {unit.name} is in play: pick one not in play."
        return None

    def _take(self, game, player, cid) -> None:
        player.reminders.append(HAS + game.unit(cid).name + ABILITY)
        player.extra_abilities.append(cid)
        game.unit(cid).prepare(game, player)

    def prepare(self, game, player):
        free = [c for c in game.setup.script if c in game.registry
                and self.allowed(game, c) is None]
        if free:
            self._take(game, player, game.rng.choice(free))

    def setup_lines(self, game, player):
        cid = self.hidden(game, player)
        if not cid:
            return ["The Amnesiac has no hidden ability: say, for example, 'the amnesiac "
                    "has the empath ability'."]
        return [f"The Amnesiac, {player.label}, has the {game.unit(cid).name}'s ability, "
                "hidden from them. To change it, say, for example, 'the amnesiac has the "
                "empath ability'."] + game.unit(cid).setup_lines(game, player)

    def wakes(self, game, player, first_night):
        return player.alive and self.hidden(game, player) is None

    def night(self, game, player):
        yield Next(prompt="The Amnesiac has no hidden ability: do whatever you choose their "
                          "ability needs. Say next.")

    def handle(self, game, player, intent, slots):
        if intent == "amnesiac_has":
            self._choose(game, player, slots["character"])
            return True
        if intent == "amnesiac_guesses":
            self._guess(game, player, slots["character"])
            return True
        return False

    def _choose(self, game, player, cid) -> None:
        if game.phase.state != "setup":
            raise game.not_now("the Amnesiac's ability is chosen at setup")
        problem = self.allowed(game, cid)
        if problem:
            raise Rejected(problem)
        old = self.hidden(game, player)
        if old:
            player.reminders = [r for r in player.reminders if not r.startswith(HAS)
                                and not r.startswith(game.unit(old).name)]
            player.extra_abilities.remove(old)
        self._take(game, player, cid)
        game.say_private(f"The Amnesiac has the {game.unit(cid).name}'s ability.")

    def _guess(self, game, player, cid) -> None:
        if not game.phase.in_day:
            raise game.not_now("the Amnesiac guesses by day")
        if not player.alive:
            raise Rejected(f"The Amnesiac, {player.label}, is dead: they may not guess.")
        tag = f"Amnesiac: guessed, day {game.grim.day}"
        if tag in player.reminders:
            raise Rejected("The Amnesiac has guessed today.")
        hidden = self.hidden(game, player)
        if hidden is None:
            raise Rejected("The Amnesiac has no hidden ability to guess.")
        player.reminders.append(tag)
        name = game.unit(cid).name
        why = game.impairment(player, hidden)
        if cid == hidden:
            near = f"Right: their ability is the {name}'s. Proposed: tell them they are right."
        elif self._nights(game.unit(cid)) == self._nights(game.unit(hidden)):
            near = (f"Near: the {name} acts on the same nights as their ability, the "
                    f"{game.unit(hidden).name}'s. Proposed: tell them they are close.")
        else:
            near = (f"Far: their ability is the {game.unit(hidden).name}'s. Proposed: tell "
                    "them they are far off.")
        if why:
            near += f" They are {why}: you may tell them anything."
        game.say_private(f"The Amnesiac guesses the {name}. {near} Say it in your own words.")

    @staticmethod
    def _nights(unit) -> tuple[bool, bool]:
        return unit.first_night is not None, unit.other_night is not None
