"""The Judge: once per game, after another player's nomination, you may decide that the
execution passes (the nominee is executed at once) or fails (this vote changes nothing)."""
from __future__ import annotations

from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected

USED = "Judge: No Ability"


class Judge(Traveller):
    id = "judge"
    name = "Judge"
    first_night = None
    other_night = None
    reminders = ("No Ability",)
    commands = {
        "judge_passes": ("the judge (passes|forces) the execution",
                         "the judge says [the execution] passes"),
        "judge_fails": ("the judge (fails|stops) the execution",
                        "the judge says [the execution] fails"),
    }

    def _current(self, game):
        """The nomination being decided: the open vote, or by day the last one counted."""
        if game.phase.state == "vote":
            return game.vote
        if game.phase.state == "day" and game.votes_today:
            return game.votes_today[-1]
        return None

    def handle(self, game, player, intent, slots):
        if intent not in ("judge_passes", "judge_fails"):
            return False
        if game.phase.state not in ("day", "vote"):
            raise game.not_now("the Judge rules on a nomination during the day")
        if self.id in player.spent:
            raise Rejected("The Judge has already used their ability.")
        if not player.alive:
            raise Rejected(f"The Judge, {player.label}, is dead.")
        vote = self._current(game)
        if vote is None:
            raise Rejected("Nobody has been nominated yet today.")
        if vote.exile:
            raise Rejected("An exile is not an execution: the Judge cannot rule on it.")
        if vote.nominator == player.seat:
            raise Rejected("The Judge nominated this player: only another player's "
                           "nomination can be judged.")
        if game.executed_today is not None and not game.may_execute_again():
            raise Rejected("There has already been an execution today.")
        nominee = game.grim.seat(vote.nominee)
        player.spent.add(self.id)
        player.reminders.append(USED)
        if game.impaired(player, self.id):
            game.say_private(f"The Judge is {game.impairment(player, self.id)}: nothing "
                             "changes, and the ability is used up.")
            return True
        if game.phase.state == "vote":      # decided before the count: no tally
            game.drop_vote()
        if intent == "judge_passes":
            game.say_public(f"The Judge rules that {nominee.label} is executed.")
            game.do_execute(nominee, announce=False)
            return True
        if vote.total is not None:          # counted already: the block goes back
            block, tied = vote.before
            game.set_block(block, tied)
        game.say_public(f"The Judge rules that the execution of {nominee.name} fails."
                        + _standing(game))
        return True


def _standing(game) -> str:
    if game.block and game.block[0]:
        return f" {game.grim.seat(game.block[0]).Label} is still about to die."
    if game.block:
        return " The tie stands: nobody is about to die."
    return " Nobody is about to die."
