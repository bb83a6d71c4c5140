"""The Spy: each night, you see the Grimoire. You might register as good, and as a
Townsfolk or Outsider, even if dead. Jinx: with a Magician in play, the Demon's and the
Magician's tokens are taken out before the Spy sees the Grimoire."""
from __future__ import annotations

from characters.jinxes import active_jinxes
from characters.townsfolk.magician import hidden_tokens
from statemachine.model import MINION
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.waits import Next, YesNo


class Spy(Character):
    id = "spy"
    name = "Spy"
    team = MINION
    first_night = 71
    other_night = 91
    reminders = ()
    works_when_dead = True          # the registration; seeing the Grimoire needs life
    may_register_as = frozenset({"good", "townsfolk", "outsider"})

    def wakes(self, game, player, first_night):
        return player.alive or game.works_dead(player, self.id)

    def night(self, game, player):
        # The jinx: while the Poppy Grower's ability works, the Spy is not shown the
        # Grimoire (it still wakes, as the Spy would).
        if ("spy", "poppygrower") in active_jinxes(game.setup.script) and any(
                game.working(p, "poppygrower") for p in game.holders("poppygrower")):
            yield Next(prompt="A jinx: the Poppy Grower's ability works, so the Spy is not "
                              "shown the Grimoire tonight. Say next.")
            return
        hidden = hidden_tokens(game, self.id)
        if hidden:
            game.say_private(self.taken_out(hidden))
        read = yield YesNo(prompt="Show the Spy the Grimoire for as long as they need. "
                                  "Say yes to hear each seat read out privately, or no.")
        if read:
            for line in self.grimoire_lines(game, hidden):
                game.say_private(line)
        yield Next(prompt="Say next when the Spy has seen the Grimoire.")

    @staticmethod
    def taken_out(hidden) -> str:
        """The Magician's jinx: which tokens to take out before the Grimoire is seen."""
        return ("A jinx with the Magician: first take out the tokens of "
                + spoken_list(p.label for p in hidden) + ".")

    @staticmethod
    def grimoire_lines(game, hidden=()):
        lines = []
        for p in game.grim.players:
            if p in hidden:
                lines.append(f"{p.Label}: token taken out.")
                continue
            text = f"{p.Label}: the {game.unit(p.character).name}"
            if p.character == "drunk":
                text += f" (thinks they are the {game.unit(p.believes).name})"
            text += f", {p.alignment}, {'alive' if p.alive else 'dead'}"
            marks = [e.kind for e in p.effects] + list(p.reminders)
            if marks:
                text += "; " + ", ".join(marks)
            lines.append(text + ".")
        return lines
