"""The Evil Twin: you and an opposing player know each other. If the good player is executed,
evil wins. Good can't win if you both live.

The twin is proposed at setup (or when an Evil Twin is created mid-game) with the game's
generator, among the players of the other alignment, and kept as a pair record
(statemachine/rules/pairs.py); "the twin is seat 5" changes it. On the night the ability is first
held both twins wake and learn each other's character. Which twin is which character does
not matter: the good one of the two is the one whose execution wins the game for evil, and
while both live a good win is stopped (Character.win_veto). When both end up on the same
side the Storyteller is asked for a new twin.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, MINION
from statemachine.rules.pairs import partner, set_partner
from statemachine.registry import Character, Win
from statemachine.waits import Next

KIND = "twin"
SAME_SIDE = "Evil Twin: same side"


class EvilTwin(Character):
    id = "eviltwin"
    name = "Evil Twin"
    team = MINION
    first_night = 40
    other_night = None
    reminders = ("Twin",)
    commands = {"evil_twin": ("the twin is seat {seat}", "seat {seat} is the twin")}

    def twin(self, game, holder):
        return partner(game, holder, self.id, KIND)

    def prepare(self, game, player):
        pool = [p for p in game.grim.players
                if p is not player and not p.traveller and p.alignment != player.alignment]
        if pool:
            set_partner(game, player, self.id, KIND, game.rng.choice(pool), note=self.name)

    def setup_lines(self, game, player):
        twin = self.twin(game, player)
        if twin is None:
            return [f"The Evil Twin, {player.label}, has nobody of the other side to be twinned "
                    "with: say 'the twin is seat' and a number."]
        return [f"The Evil Twin's twin, proposed: {twin.label}, the "
                f"{game.unit(twin.character).name}. Say 'the twin is seat' and a number to "
                "change it."]

    def handle(self, game, player, intent, slots):
        if intent != "evil_twin":
            return False
        other = game.player(slots["seat"])
        if other is player or other.alignment == player.alignment:
            raise Rejected(f"The twin is a player of the other side from the Evil Twin, "
                           f"{player.label}, who is {player.alignment}.")
        set_partner(game, player, self.id, KIND, other, note=self.name)
        if SAME_SIDE in player.reminders:
            player.reminders.remove(SAME_SIDE)
        line = f"{other.Label} is the Evil Twin's twin."
        if game.phase.state != "setup":
            line += " Let both twins know each other."
        game.say_private(line)
        return True

    def night(self, game, player):
        twin = self.twin(game, player)
        if twin is None:
            self.prepare(game, player)
            twin = self.twin(game, player)
        if twin is None:
            game.say_private("Nobody of the other side can be the twin: nobody else wakes.")
            return
        shown = game.unit(twin.believes).name
        note = ("" if twin.believes == twin.character else
                f" They are the {game.unit(twin.character).name} and think they are the "
                f"{shown}.")
        yield Next(prompt=f"Also wake the twin, {twin.label}.{note} Let the twins see each "
                          f"other. Show {twin.label} the Evil Twin token, and show the Evil "
                          f"Twin the {shown} token. Put {twin.label} to sleep. Say next.")

    def good_of_pair(self, game, holder):
        twin = self.twin(game, holder)
        if twin is None or twin.alignment == holder.alignment:
            return None
        return holder if holder.alignment == GOOD else twin

    def on_executed(self, game, player):
        # The good twin is the holder (a good player made the Evil Twin): decided before the
        # execution's death takes the ability away.
        if game.working(player, self.id) and self.good_of_pair(game, player) is player:
            game.end_game(Win(EVIL, f"The good twin, {player.label}, was executed."))

    def check_win(self, game, player, moment):
        self._same_side(game, player)
        executed = None
        if moment == "death" and game.last_kill and game.last_kill[1] == "execution":
            executed = game.last_kill[0]          # by day, or at night for madness
        elif moment == "execution":
            executed = game.executed_today        # a dead player may be executed too
        if executed is not None and game.working(player, self.id):
            good = self.good_of_pair(game, player)
            if good is not None and good is not player and good.seat == executed:
                return Win(EVIL, f"The good twin, {good.label}, was executed.")
        return None

    def win_veto(self, game, holder, win):
        twin = self.twin(game, holder)
        if (win.winner == GOOD and twin is not None and twin.alive and holder.alive
                and twin.alignment != holder.alignment):
            return (f"Good cannot win while both twins live: the Evil Twin, {holder.label}, "
                    f"and {twin.label}. The game goes on.")
        return None

    def _same_side(self, game, holder) -> None:
        twin = self.twin(game, holder)
        if (twin is not None and twin.alignment == holder.alignment
                and SAME_SIDE not in holder.reminders):
            holder.reminders.append(SAME_SIDE)
            game.say_private(f"The Evil Twin, {holder.label}, and {twin.label} are on one side "
                             "now. Say 'the twin is seat' and a number for a new twin.")
