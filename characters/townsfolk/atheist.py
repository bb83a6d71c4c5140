"""The Atheist: the Storyteller may bend the rules; if you are executed, good wins, alive or
dead. Setup: every player is good.

"You" is the Storyteller: with the Atheist in play there are no evil characters. A drawn
bag holds no Minion and no Demon (``adjust_counts``: their places go to Townsfolk), so the
Minion and Demon info wake nobody. While no player is evil the game does not end for want
of a Demon (``postpones_end``); it ends when only two players live (evil wins), or when the
Storyteller is executed (good wins). Any living player may nominate the Storyteller, once a
day ("seat 3 nominates the storyteller"); the table votes, and half of the living or more
executes the Storyteller ("the storyteller gets 4 votes", confirmed: it ends the game).
Bending the rules (false information, deaths at night) is the Storyteller's own, with the
override commands. A jinx with Riot (both in play only as the Storyteller bends the rules):
in the riot, the nominee who must nominate may nominate the Storyteller (dead or alive);
the table votes as ever; executed, good wins; if not, the Storyteller nominates once more
(Riot's unit holds the riot's turn).
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine import wording
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, TOWNSFOLK
from statemachine.registry import Character, Win

NOMINATED = "Atheist: the Storyteller nominated, day "
VOTING = "Atheist: the vote on the Storyteller"


class Atheist(Character):
    id = "atheist"
    name = "Atheist"
    team = TOWNSFOLK
    reminders = ()
    setup = True
    works_when_dead = True
    commands = {"nominate_storyteller": ("seat {seat:nominator} nominates the storyteller",),
                "storyteller_votes": ("the storyteller gets {number:count} (votes|vote)",)}
    destructive = frozenset({"storyteller_votes"})

    def adjust_counts(self, counts):
        counts.townsfolk += counts.minion + counts.demon
        counts.minion = counts.demon = 0

    def setup_lines(self, game, player):
        evil = [p for p in game.grim.players if p.alignment == EVIL and not p.traveller]
        lines = [f"The Atheist, {player.label}, is in play: there are no evil characters. "
                 "Bend the rules as you see fit, with the override commands."]
        if evil:
            lines.append(f"Note: {wording.count(len(evil), 'player')} in play "
                         f"{'is' if len(evil) == 1 else 'are'} evil all the same.")
        return lines

    def postpones_end(self, game, holder, win):
        if win.winner == GOOD and not self._evil(game):
            return ""       # no Demon was ever in play: the game goes on, said to nobody
        return None

    def check_win(self, game, player, moment):
        # The Demon-dead end is postponed while nobody is evil; the two-alive end stands.
        if (not self._evil(game) and game.phase.state != "setup"
                and len(game.grim.living_non_travellers()) <= 2):
            return Win(EVIL, "Only two players are alive.")
        return None

    @staticmethod
    def _evil(game) -> bool:
        return any(p.alignment == EVIL and not p.traveller for p in game.grim.players)

    def _need(self, game) -> int:
        return (len(game.grim.living_non_travellers()) + 1) // 2

    def handle(self, game, player, intent, slots):
        if intent == "nominate_storyteller":
            self._nominate(game, player, game.player(slots["nominator"]))
            return True
        if intent == "storyteller_votes":
            self._count(game, player, int(slots["count"]))
            return True
        return False

    @staticmethod
    def _riot(game):
        """The Riot unit while a riot goes on and the jinx applies, else None."""
        if ("riot", "atheist") not in active_jinxes(game.setup.script):
            return None
        riot = game.unit("riot")
        return riot if riot.rioting(game) else None

    def _nominate(self, game, holder, nominator) -> None:
        if game.phase.state != "day":
            raise game.not_now("nominations happen during the day")
        riot = self._riot(game)
        why = riot.refuses_storyteller_nomination(game, nominator) if riot else None
        if why:
            raise Rejected(why)
        riot_turn = riot is not None and riot.must_nominate(game) is nominator
        if not nominator.alive and not riot_turn:
            raise Rejected(f"{nominator.Label} is dead: only a living player nominates.")
        if nominator.seat in game.nominators_today and not riot_turn:
            raise Rejected(f"{nominator.Label} has nominated today.")
        tag = f"{NOMINATED}{game.grim.day}"
        if tag in holder.reminders:
            raise Rejected("The Storyteller has been nominated today.")
        if riot is not None:
            riot.storyteller_nominated(game)
        holder.reminders += [tag, VOTING]
        need = self._need(game)
        game.say_public(f"{nominator.Label} nominates the Storyteller. Raise your hand to "
                        f"execute the Storyteller: {wording.votes(need)} will do it.")
        game.say_private(f"Say the count, for example 'the storyteller gets {wording.votes(need)}'.")

    def _count(self, game, holder, count: int) -> None:
        if VOTING not in holder.reminders or game.phase.state != "day":
            raise game.not_now("the Storyteller's vote follows a nomination of the Storyteller")
        holder.reminders.remove(VOTING)
        if count < self._need(game):
            game.say_public(f"{wording.votes(count).capitalize()}. The Storyteller is not "
                            "executed.")
            riot = self._riot(game)
            if riot is not None:
                riot.storyteller_spared(game)
            return
        game.end_game(Win(GOOD, "The Storyteller is executed."))
