"""The Leviathan: if more than one good player is executed, evil wins. All players know you
are in play. After day five, evil wins.

At the first dawn (its place on the sheet is after dawn) the table is told the Leviathan is
in play, not who; a Leviathan made mid-game (the Pit-Hag) is announced at the next dawn. Each execution of a good player (alive or not after it, by any means: the
block, the Virgin, the Storyteller) puts the Good Player Executed reminder on them; at the
second, evil wins, while the ability works. At the end of day five (dusk), evil wins. It does
not kill at night; the day counter is the game's own. Good wins as ever when the Leviathan
dies.

Jinxes (characters/daydemons.py, shared with Riot): the night choice (the Banshee, the
Farmer, the Ravenkeeper, the Sage); good wins when the Leviathan nominates the Soldier, the
Monk's or the Innkeeper's protected player or the Exorcist's chosen player and they are
executed; evil wins when the grandchild is executed; the King learns a character once anyone
is dead. Its own: with the Mayor alive at the end of day five and nobody executed that day,
good wins instead; the Pit-Hag cannot make a Leviathan after day five (the Pit-Hag's unit).
"""
from __future__ import annotations

from characters import daydemons
from statemachine.model import DEMON, EVIL, GOOD
from statemachine.registry import Character, Win

EXECUTED = "Good Player Executed"
LAST_DAY = 5


class Leviathan(Character):
    id = "leviathan"
    name = "Leviathan"
    team = DEMON
    first_night = 78
    other_night = 98
    reminders = ("Day 1", "Day 2", "Day 3", "Day 4", "Day 5", EXECUTED)

    # --- the night: only the jinxes' choice -------------------------------------------------
    def night_position(self, game, player, first_night):
        if daydemons.chooses_tonight(game, self.id, first_night):
            return daydemons.CHOICE_STEP
        return None         # not woken: the day counter is the game's, the news is at dawn

    def night(self, game, player):
        yield from daydemons.night_choice(game, player, self)

    def on_dawn(self, game, holder):
        if game.grim.night == 1 and holder is game.holders(self.id, alive_only=False)[0]:
            game.say_public("The Leviathan is in play.")

    def on_created(self, game, player):
        game.say_public("The Leviathan is in play.")    # at night: heard at dawn
        return super().on_created(game, player)

    # --- wins -----------------------------------------------------------------------------------
    def check_win(self, game, player, moment):
        if moment == "execution" and game.executed_today is not None:
            executed = game.grim.seat(game.executed_today)
            if executed.alignment == GOOD and EXECUTED not in executed.reminders:
                executed.reminders.append(EXECUTED)     # counted, working or not
        if not game.working(player, self.id):
            return None
        if moment == "execution" and game.executed_today is not None:
            return self._on_execution(game, player, game.grim.seat(game.executed_today))
        if moment == "dusk" and game.grim.day >= LAST_DAY:
            mayor = next((p for p in game.holders("mayor") if game.working(p, "mayor")), None)
            if (mayor is not None and daydemons.jinxed(game, self.id, "mayor")
                    and game.executed_today is None):
                return Win(GOOD, f"The Leviathan and the Mayor, {mayor.label}, live at the end "
                                 "of day five, and nobody was executed today.")
            return Win(EVIL, "Day five is over and the Leviathan lives.")
        return None

    def _on_execution(self, game, player, executed):
        win = (daydemons.good_wins_on_execution(game, self, executed)
               or daydemons.evil_wins_on_execution(game, self, executed))
        if win:
            return win
        count = sum(EXECUTED in p.reminders for p in game.grim.players)
        if count >= 2:
            return Win(EVIL, "A second good player was executed.")
        return None
