"""The Buddhist (Fabled): for the first 2 minutes of each day, veteran players may not talk.

From the almanac: the Buddhist is for a game of new players with one or two veterans; those
it affects may not talk at all, not even whisper, for the first two minutes of each day,
then talk freely; with no timer at hand the Storyteller judges the two minutes and tells
the veterans when they are over. Its first-night step is the Storyteller's: they say which
players are veterans, and the table is told. As each day begins the table hears who must
keep quiet, and "the two minutes are over" (the Storyteller's word: the rules core keeps
no clock) tells them they may talk. "seat 9 is a veteran" adds one later (a Traveller).
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import FABLED
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

VETERAN = "Buddhist: veteran"
QUIET = "Buddhist: quiet"
OVER = "the two minutes are over"


def marked(game, reminder: str) -> list:
    return [p for p in game.grim.players if reminder in p.reminders]


def names(players) -> str:
    listed = spoken_list(p.label for p in players)
    return listed[0].upper() + listed[1:]


class Buddhist(Character):
    id = "buddhist"
    name = "Buddhist"
    team = FABLED
    first_night = 2
    other_night = None
    reminders = ()
    commands = {
        "buddhist_over": (OVER, "the buddhist silence is over", "the veterans may talk"),
        "buddhist_veteran": ("seat {seat} is a veteran", "seat {seat} has played before"),
    }

    def night(self, game, player):
        seats = yield ChooseSeats(
            prompt="Which players have played before? Say their seats, or nobody.",
            count=len(game.grim.players), exact=False, optional=True, actor=self.id,
            by_holder=False)
        veterans = [game.grim.seat(s) for s in seats or []]
        for p in veterans:
            p.reminders.append(VETERAN)
        if not veterans:
            game.say_private("Nobody is kept quiet by the Buddhist.")
            return
        game.say_public(f"The Buddhist keeps {spoken_list(p.label for p in veterans)} "
                        "quiet: for the first two minutes of each day, they may not talk.",
                        at_once=True)

    def on_day_start(self, game):
        veterans = marked(game, VETERAN)
        if not veterans:
            return
        for p in veterans:
            if QUIET not in p.reminders:
                p.reminders.append(QUIET)
        game.say_public(f"For the first two minutes, {spoken_list(p.label for p in veterans)} "
                        "may not talk.")
        game.say_private(f"Say '{OVER}' when two minutes have passed.")

    def handle(self, game, player, intent, slots):
        if intent == "buddhist_over":
            return self._over(game)
        if intent == "buddhist_veteran":
            return self._add(game, game.player(slots["seat"]))
        return False

    def _over(self, game):
        quiet = marked(game, QUIET)
        if not game.phase.in_day:
            raise game.not_now("the two minutes begin with each day")
        if not quiet:
            raise Rejected("Nobody is kept quiet now: the two minutes begin with each day.")
        for p in quiet:
            p.reminders.remove(QUIET)
        game.say_public(f"The two minutes are over. {names(quiet)} may talk.")
        return True

    def _add(self, game, veteran):
        if game.phase.at_night and game.phase.state != "first_night":
            raise game.not_now("a veteran is added by day")
        if VETERAN in veteran.reminders:
            raise Rejected(f"{veteran.Label} is a veteran already.")
        veteran.reminders.append(VETERAN)
        game.say_public(f"The Buddhist keeps {veteran.label} quiet too, for the first two "
                        "minutes of each day.", at_once=game.phase.at_night)
        return True
