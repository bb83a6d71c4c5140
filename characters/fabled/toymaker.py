"""The Toymaker (Fabled): the Demon may choose not to attack, and must do so at least once
per game. Evil players get their normal starting information.

The almanac's How to Run: the Demon is marked Final Night: No Attack at setup; on the first
night the Minion and Demon info are given even with fewer than seven players (the engine
asks ``shows_evil_info``; it is what "normal starting info" means: in a game of five or six
the Minions and the Demon learn each other and the Demon its three bluffs). Each night a
Demon wakes, it may shake its head and attack nobody: the Storyteller says "the demon does
not attack" during its step, nobody dies to the Demon tonight (statemachine/rules/spared.py)
and the mark is removed. At the Toymaker's own place (early each night but the first), while
the mark stays: if a Demon's kill could end the game (three or fewer alive, Travellers not
counted), the Demon is not woken and attacks nobody, and the mark goes; otherwise the
Storyteller is reminded that the no-attack night is still owed.
"""
from __future__ import annotations

from statemachine.model import DEMON, FABLED
from statemachine.registry import Character
from statemachine.rules.spared import spare_tonight

MARK = "Toymaker: Final Night: No Attack"
LAST_KILL_AT = 3       # living players (Travellers not counted) where a kill may end it


class Toymaker(Character):
    id = "toymaker"
    name = "Toymaker"
    team = FABLED
    first_night = 3
    other_night = 2
    reminders = ("Final Night: No Attack",)
    commands = {"toymaker_no_attack": ("the demon does not attack",
                                       "the demon attacks nobody")}

    def marked(self, game):
        return [p for p in game.grim.players if MARK in p.reminders]

    def prepare(self, game, holder):
        if self.marked(game):
            return
        for p in game.grim.players:
            if game.unit(p.character).team == DEMON:
                p.reminders.append(MARK)

    def setup_lines(self, game, player):
        return ["The Toymaker: the Demon must once choose not to attack. When they do, say "
                "'the demon does not attack'. The Minion and Demon info are given at any "
                "size."]

    def shows_evil_info(self, game, holder):
        return True

    def wakes(self, game, player, first_night):
        return not first_night and bool(self.marked(game))

    def night(self, game, player):
        # The debt is the Demon's, whoever the Demon is now (a Scarlet Woman who took over).
        demons = [p for p in game.grim.living if game.unit(p.character).team == DEMON]
        if not demons:
            return
        if len(game.grim.living_non_travellers()) <= LAST_KILL_AT:
            for d in demons:
                game.wakes.keep_asleep(d, d.character, "the Toymaker's night of no attack")
            for p in self.marked(game):
                p.reminders.remove(MARK)
            spare_tonight(game, None, self.id)
            game.say_private("Do not wake the Demon tonight: nobody is attacked. The Demon "
                             "has not yet chosen not to attack, and a kill could end the "
                             "game.")
            return
        game.say_private("The Demon has not yet chosen not to attack, and must once. If they "
                         "shake their head tonight, say 'the demon does not attack'.")
        yield from ()

    def handle(self, game, holder, intent, slots):
        if intent != "toymaker_no_attack":
            return False
        step = game.current
        demon = game.grim.seat(step.seat) if step is not None and step.seat else None
        if (not game.phase.at_night or demon is None or game.wait is None
                or game.unit(step.ability).team != DEMON):
            raise game.not_now("the Demon chooses not to attack as it wakes at night")
        spare_tonight(game, None, self.id)
        for p in self.marked(game):
            p.reminders.remove(MARK)
        game.say_private("The Demon attacks nobody tonight. Say any seat for its choice: "
                         "nobody dies to the Demon.")
        return True
