"""Legion: each night except the first, a player might die. Executions fail if only evil
voted. Legion registers as a Minion too. Setup: most players are Legion.

Setup: a drawn bag holds no Minions and most players are Legion. The good are as many as
the standard evil count for the table (a Minion count plus one: 2 of 5, 3 of 10), all
Townsfolk; every other seat is Legion (the draw asks Legion first, so no Minion is drawn). Each
night except the first, at Legion's place, the Storyteller may kill one player (Legion is
not woken): the step is run once, for the first living Legion whose ability works. An
execution fails (the player does not die; it was still the day's execution) when every
player who voted on the nomination that put them on the block is evil; with nobody voting
for them (the Storyteller's execute, the Virgin), the rule does not apply. Legion always
counts as a Minion too (``registers_too``: the Minstrel, the Preacher, the Investigator).

Jinxes: with the Zealot and the Politician, a vote whose only good voters are the Zealot or
the Politician may count as all evil (the Storyteller is asked); the Minstrel and the
Preacher keep their rules in their units (Legion keeps its ability, and the Storyteller may
tell them it was Legion). When the Engineer or the Hatter creates Legion, every evil player
becomes Legion (``joining``), and with Legion in play neither has an ability (their units). The Magician is
woken with Legion at the Demon info and Legion is told a Magician is in play (the
Magician's unit); a vote whose only good voter is the Magician may count as all evil too.
"""
from __future__ import annotations

from characters.common import attack
from characters.jinxes import active_jinxes
from characters.townsfolk.magician import may_count_evil_to_legion
from statemachine.model import DEMON, EVIL, GOOD, MINION
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

# Good characters who may count as evil to Legion's vote rule (their jinxes with Legion).
MAY_BE_EVIL = ("zealot", "politician")


def _vote_for(game, player):
    """The counted vote on ``player``'s nomination today (the latest), or None."""
    return next((v for v in reversed(game.votes_today)
                 if not v.exile and v.nominee == player.seat), None)


def joining(game) -> list:
    """A jinx (the Engineer's, the Hatter's): when Legion is created, every evil player
    becomes Legion. The evil players (not Travellers) who are not Legion yet, in seat
    order; the creating unit changes each through ``game.creation.create``."""
    return [p for p in game.grim.players
            if p.alignment == EVIL and not p.traveller and p.character != "legion"]


class Legion(Character):
    id = "legion"
    name = "Legion"
    team = DEMON
    first_night = None
    other_night = 38
    reminders = ("Dead", "About To Die")
    setup = True
    registers_too = frozenset({MINION})

    # --- setup: most players are Legion -----------------------------------------------------
    def adjust_counts(self, counts):
        if self.id in counts.copies:
            return                     # once, however many Legion tokens are counted
        players = counts.townsfolk + counts.outsider + counts.minion + counts.demon
        good = counts.minion + counts.demon           # the standard evil count, reversed
        counts.townsfolk, counts.outsider = good, 0
        counts.outsiders_fixed = True                 # no Minion's setup change applies
        counts.minion, counts.demon = 0, players - good
        # A drawn bag: Legion copies for the seats left. The draw asks the Demon before it
        # draws the Minions (statemachine/bag/draw.py), so none are drawn.
        counts.copies[self.id] = players - good - 1

    # --- each night*, a player might die ------------------------------------------------------
    def _step_holder(self, game):
        living = game.holders(self.id)
        return next((p for p in living if not game.impaired(p, self.id)),
                    living[0] if living else None)

    def wakes(self, game, player, first_night):
        return not first_night and player is self._step_holder(game)

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"Legion is {why}: nobody dies for it tonight.")
            return
        seats = yield ChooseSeats(
            prompt="Legion: a player might die tonight, your choice. Say the seat, or nobody.",
            count=1, optional=True, actor=self.id, by_holder=False)
        for s in seats or []:
            attack(game, player, game.grim.seat(s))

    # --- executions fail if only evil voted ---------------------------------------------------
    def _good_voters(self, game, vote):
        return [game.grim.seat(s) for s in vote.voters if game.grim.seat(s).alignment == GOOD]

    def protects(self, game, holder, player, cause):
        if cause != "execution" or holder is not self._step_holder(game):
            return None
        vote = _vote_for(game, player)
        if vote is None or not vote.voters:
            return None
        if all(game.grim.seat(s).alignment == EVIL for s in vote.voters):
            return f"Only evil players voted for {player.label}: Legion makes the execution fail."
        return None

    def may_spare_execution(self, game, holder, player):
        if holder is not self._step_holder(game):
            return None
        vote = _vote_for(game, player)
        good = self._good_voters(game, vote) if vote else []
        jinxes = active_jinxes(game.setup.script)

        def may_be_evil(p):
            return (((self.id, p.character) in jinxes and p.character in MAY_BE_EVIL)
                    or may_count_evil_to_legion(game, p))
        if not good or not all(may_be_evil(p) for p in good):
            return None
        names = " and the ".join(sorted({game.unit(p.character).name for p in good}))
        return (f"A jinx: of the good, only the {names} voted. They may count as evil to "
                "Legion: if so, the execution fails.")
