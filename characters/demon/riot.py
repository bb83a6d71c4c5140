"""Riot: on day three, the Minions become Riot, and each nominee dies but nominates a living
player at once. This must happen.

Days one and two are ordinary days; Riot does not kill at night. On night three, at Riot's
place, the Storyteller may wake the Minions to show them they are Riot; at that dawn every
Minion becomes Riot (the game's character change; they stay evil). Day three is the riot,
while a living Riot's ability works: a player nominates as usual, the nominee dies at once
(no vote), then must nominate a living player at once; if they do not, the Storyteller
nominates for them ("the storyteller nominates seat N for the riot"), and so the first
nomination too if nobody makes it. Only the last nominee may nominate, and the day does not
end: the riot goes on until the game ends by its rules (all Riot dead: good wins; two
players alive: evil wins). A nominee who does not die (the Tea Lady's neighbour) still
nominates.

Jinxes (characters/daydemons.py, shared with the Leviathan): the night choice (the Banshee,
the Farmer, the Ravenkeeper, the Sage); good wins when Riot nominates and executes (or kills
in the riot) the Soldier, the Monk's or the Innkeeper's protected player or the Exorcist's
chosen player; evil wins when the grandchild is executed (or dies in the riot); the King
learns a character once anyone is dead. Its own: during the riot, the living Mayor may stop
it ("the mayor stops the riot"): good wins if only one Riot lives, else evil wins. With the
Atheist: the Storyteller nominated in the riot gets a vote (the Atheist's unit counts it);
executed, the game ends, else the Storyteller nominates once more, and nobody else may
until they do (``refuses_storyteller_nomination``, ``storyteller_spared``).
"""
from __future__ import annotations

from characters import daydemons
from statemachine.errors import Rejected
from statemachine.model import DEMON, EVIL, GOOD
from statemachine.registry import Character, Win
from statemachine.rules.day_rules import Refusal
from statemachine.waits import Next

RIOT_DAY = 3
MUST = "Riot: must nominate"
BECAME = "Riot: the Minions became Riot"
ST_MUST = "Riot: the Storyteller nominates"
ST_VOTE = "Riot: the vote on the Storyteller"
VOTE_FIRST = ("The vote on the Storyteller comes first: say the count, for example 'the "
              "storyteller gets 3 votes'.")
SAY_IT = "say 'the storyteller nominates seat' and a number 'for the riot'"


class Riot(Character):
    id = "riot"
    name = "Riot"
    team = DEMON
    first_night = None
    other_night = 96
    reminders = ("Day 1", "Day 2", "Day 3")
    commands = {"riot_nominates": ("the storyteller nominates seat {seat} for the riot",),
                "mayor_stops_riot": ("the mayor stops the riot",)}
    destructive = frozenset({"mayor_stops_riot"})

    # --- who acts for Riot: one holder, the first living Riot whose ability works ----------
    def _lead(self, game):
        living = game.holders(self.id)
        return next((p for p in living if game.working(p, self.id)), None)

    def rioting(self, game) -> bool:
        return (game.grim.day == RIOT_DAY and game.phase.in_day
                and self._lead(game) is not None)

    def _must(self, game):
        return next((p for p in game.grim.players if MUST in p.reminders), None)

    def must_nominate(self, game):
        """The riot's nominee who must nominate now, if any."""
        return self._must(game)

    def _storyteller_must(self, game) -> bool:
        return any(ST_MUST in p.reminders for p in game.grim.players)

    def _storyteller_vote(self, game) -> bool:
        return any(ST_VOTE in p.reminders for p in game.grim.players)

    # --- the jinx with the Atheist: the Storyteller nominated in the riot ---------------------
    def refuses_storyteller_nomination(self, game, nominator) -> str | None:
        """Why ``nominator`` may not nominate the Storyteller in the riot now, or None."""
        if self._storyteller_vote(game):
            return VOTE_FIRST
        if self._storyteller_must(game):
            return f"The Storyteller nominates now: {SAY_IT}."
        must = self._must(game)
        if must is not None and nominator is not must:
            return f"{must.Label} nominates now, or the Storyteller does for them."
        return None

    def storyteller_nominated(self, game) -> None:
        """The one who had to nominate has nominated: the Storyteller, whose vote comes
        before any other nomination (``storyteller_spared`` or the game's end)."""
        must = self._must(game)
        if must is not None:
            must.reminders.remove(MUST)
        self._lead(game).reminders.append(ST_VOTE)

    def storyteller_spared(self, game) -> None:
        """A jinx: the Storyteller was not executed, so they nominate once more."""
        for p in game.grim.players:
            if ST_VOTE in p.reminders:
                p.reminders.remove(ST_VOTE)
        self._lead(game).reminders.append(ST_MUST)
        game.say_public("The Storyteller nominates once more.")
        game.say_private(f"{SAY_IT[0].upper()}{SAY_IT[1:]}.")

    # --- the night ----------------------------------------------------------------------------
    def night_position(self, game, player, first_night):
        if daydemons.chooses_tonight(game, self.id, first_night):
            return daydemons.CHOICE_STEP
        return self.other_night if game.grim.night == RIOT_DAY else None

    def wakes(self, game, player, first_night):
        holders = game.holders(self.id)
        return bool(holders) and player is holders[0]

    def wakes_holder(self, game, player):
        return daydemons.chooses_tonight(game, self.id, game.phase.state == "first_night")

    def night(self, game, player):
        if daydemons.chooses_tonight(game, self.id, False):
            yield from daydemons.night_choice(game, player, self)
        minions = [p for p in game.grim.players if game.is_minion(p)]
        if game.grim.night == RIOT_DAY and minions:
            names = " and ".join(p.label for p in minions)
            yield Next(prompt=f"Tomorrow the Minions become Riot. You may wake them, {names}: "
                              "show the You Are token, then the Riot token. Say next.")

    def on_dawn(self, game, holder):
        if game.grim.night != RIOT_DAY or holder is not game.holders(self.id, False)[0]:
            return
        if BECAME in holder.reminders:
            return
        holder.reminders.append(BECAME)
        minions = [p for p in game.grim.players if game.is_minion(p)]
        for p in minions:
            game.change_character(p, self.id)
        if minions:
            game.say_private("Day three: the Minions become Riot: "
                             + " and ".join(p.label for p in minions) + ".")
        game.say_private("The riot: each nominee dies at once, with no vote, and must "
                         "nominate a living player at once.")

    # --- the riot -----------------------------------------------------------------------------
    def nomination_rule(self, game, holder, nominator, nominee, refusal):
        if holder is not self._lead(game) or not self.rioting(game):
            return refusal
        if not nominee.alive:
            return Refusal("riot", f"{nominee.Label} is dead: in the riot, nominate a living "
                                   "player.")
        if self._storyteller_vote(game):
            return Refusal("riot", VOTE_FIRST)
        if self._storyteller_must(game):
            return Refusal("riot", f"The Storyteller nominates now: {SAY_IT}.")
        must = self._must(game)
        if must is None:
            return refusal
        if nominator is not must:
            return Refusal("riot", f"{must.Label} nominates now, or the Storyteller does for "
                                   f"them: say 'the storyteller nominates seat' and a number "
                                   "'for the riot'.")
        return None

    def on_nomination(self, game, holder, nominator, nominee):
        # Once: the lead may change as this very nomination kills them (a later Riot's turn).
        if (holder is self._lead(game) and self.rioting(game)
                and game.phase.state == "nomination"):
            game.phase.close_vote()      # no vote: the nominee dies at once
            self._riot_death(game, holder, nominator, nominee)

    def day_end_rule(self, game, holder):
        if holder is not self._lead(game) or not self.rioting(game):
            return None
        must = self._must(game)
        who = (f"{must.label} nominates a living player" if must else
               "the Storyteller nominates" if self._storyteller_must(game) else
               "a player nominates")
        return (f"The riot must go on: {who}, or say 'the storyteller nominates seat' and a "
                "number 'for the riot'.")

    def _riot_death(self, game, holder, nominator, nominee):
        must = self._must(game)
        if must is not None:
            must.reminders.remove(MUST)
        for p in game.grim.players:
            if ST_MUST in p.reminders:
                p.reminders.remove(ST_MUST)
        win = (daydemons.good_wins_on_execution(game, self, nominee, nominator)
               if nominator is not None else None)
        win = win or daydemons.evil_wins_on_execution(game, self, nominee)
        if win:
            game.say_public(f"{nominee.Label} dies.")
            game.end_game(win)
            return
        died = game.kill(nominee, "ability", by=holder)
        if game.winner:
            return
        game.say_public(f"{nominee.Label} dies." if died else f"{nominee.Name} does not die.")
        nominee.reminders.append(MUST)
        game.say_public(f"{nominee.Label}, nominate a living player now.")
        game.say_private("Count down from three. If they do not nominate, say 'the storyteller "
                         "nominates seat' and a number 'for the riot'.")

    # --- commands -----------------------------------------------------------------------------
    def handle(self, game, player, intent, slots):
        if intent not in self.commands or player is not self._lead(game):
            return False
        if not self.rioting(game) or game.phase.state != "day":
            raise game.not_now("that is done during the riot, on day three")
        if intent == "riot_nominates":
            if self._storyteller_vote(game):
                raise Rejected(VOTE_FIRST)
            nominee = game.player(slots["seat"])
            if not nominee.alive:
                raise Rejected(f"{nominee.Label} is dead: in the riot, nominate a living "
                               "player.")
            game.say_public(f"The Storyteller nominates {nominee.label}.")
            self._riot_death(game, player, None, nominee)
            return True
        if not daydemons.jinxed(game, self.id, "mayor"):
            raise Rejected("Only the Mayor may stop the riot, a jinx, and the Mayor is not on "
                           "the script.")
        mayor = next((p for p in game.holders("mayor") if game.working(p, "mayor")), None)
        if mayor is None:
            raise Rejected("No living Mayor with their ability can stop the riot.")
        riots = game.holders(self.id)
        game.say_public(f"The Mayor, {mayor.label}, stops the riot.")
        if len(riots) == 1:
            game.end_game(Win(GOOD, "The Mayor stopped the riot with one Riot alive."))
        else:
            game.end_game(Win(EVIL, "The Mayor stopped the riot with more than one Riot "
                                    "alive."))
        return True

    # --- executions on days one and two ------------------------------------------------------
    def check_win(self, game, player, moment):
        if (moment != "execution" or game.executed_today is None
                or player is not self._lead(game)):
            return None
        executed = game.grim.seat(game.executed_today)
        return (daydemons.good_wins_on_execution(game, self, executed)
                or daydemons.evil_wins_on_execution(game, self, executed))


