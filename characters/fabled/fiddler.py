"""The Fiddler (Fabled): once per game, the Demon secretly chooses an opposing player; all
players choose which of these two wins, and that player's team wins.

By day, when the Storyteller calls the contest, everyone closes their eyes while the Demon
chooses a living player of the other team; the Storyteller says "the demon challenges seat
5". The table hears the two contestants in seat order (never which is the Demon) and is
asked to raise a hand for the one who should win. The Storyteller then says "seat 5 wins
the fiddle", or "the fiddle is tied": the almanac's ruling, evil wins a tie. Either ends the
game (confirmed), as an ability ends it: an ability that turns a win (the Heretic) still
does. Once per game (marked by the Fiddler's token).
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import EVIL, FABLED
from statemachine.registry import Character, Win
from statemachine.rules import fabled

USED = "Used"
CONTEST = "Fiddler: Contestant"


class Fiddler(Character):
    id = "fiddler"
    name = "Fiddler"
    team = FABLED
    first_night = None
    other_night = None
    reminders = (USED,)
    commands = {
        "fiddler_challenge": ("the demon challenges seat {seat}",
                              "the demon challenges seat {seat} to the fiddle"),
        "fiddler_winner": ("seat {seat} wins the fiddle",),
        "fiddler_tie": ("the fiddle is tied",),
    }
    destructive = frozenset({"fiddler_winner", "fiddler_tie"})

    def contestants(self, game):
        return [p for p in game.grim.players if CONTEST in p.reminders]

    def handle(self, game, holder, intent, slots):
        if intent not in self.commands:
            return False
        if game.phase.state != "day":
            raise game.not_now("the Fiddler's contest is held by day")
        if intent == "fiddler_challenge":
            self._challenge(game, game.player(slots["seat"]))
            return True
        pair = self.contestants(game)
        if not pair:
            raise Rejected("No fiddle is under way: say 'the demon challenges seat' first.")
        if intent == "fiddler_tie":
            self._end(game, EVIL, "The Fiddler's contest is tied, and evil wins a tie.")
            return True
        winner = game.player(slots["seat"])
        if winner not in pair:
            raise Rejected(f"{winner.Label} is not in the fiddle.")
        self._end(game, winner.alignment, f"{winner.Label} wins the Fiddler's contest.")
        return True

    def _challenge(self, game, chosen):
        if fabled.marked(game, self, USED):
            raise Rejected("The Fiddler has been used this game.")
        demon = next((p for p in game.grim.living if game.is_demon(p)), None)
        if demon is None:
            raise Rejected("No Demon lives to choose a player.")
        if not chosen.alive or chosen.alignment == demon.alignment:
            raise Rejected(f"The Demon chooses a living player of the other team, not "
                           f"{chosen.label}.")
        fabled.mark(game, self, USED)
        pair = sorted((demon, chosen), key=lambda p: p.seat)
        for p in pair:
            p.reminders.append(CONTEST)
        game.say_public(f"Everyone, open your eyes. The Fiddler: {pair[0].label} and "
                        f"{pair[1].label} face each other. Raise a hand for the one you "
                        "choose to win.")
        game.say_private(f"Count the hands, then say 'seat {pair[0].seat} wins the "
                         "fiddle', or that the fiddle is tied: evil wins a tie.")

    def _end(self, game, team, reason):
        for p in self.contestants(game):
            p.reminders.remove(CONTEST)
        game.end_game(Win(team, reason))
