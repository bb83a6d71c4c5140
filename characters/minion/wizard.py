"""The Wizard: once per game, choose to make a wish. If granted, it might have a price and
leave a clue as to its nature.

A wish is whatever the Wizard asks; whether and how it is granted is the Storyteller's. The
narrator keeps the bookkeeping only: the one wish (``use_once``), noted as a reminder;
granted or not; the ? reminders (said "question mark") that mark its price or clue on
players ("mark the wish on seat 4", two at most); each said privately. The wish's effect,
its price and its clue are the Storyteller's to make with the override commands (a death, a
character, an alignment, a status), which the narrator does not guess. The almanac lets the
wish be made at any point, in public or in private: at the Wizard's night places the Wizard
is woken and asked, while the wish is unused; by day (or at night outside the Wizard's step)
the Storyteller says "the wizard makes a wish". A drunk or poisoned Wizard's wish is spent
and does nothing, as the Storyteller is told. When the Wizard dies, a granted wish stays in
play.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import MINION
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next, YesNo

WISHED = "Wizard: wish made"
GRANTED = "Wizard: wish granted"
REFUSED = "Wizard: wish not granted"
MARK = "Wizard: Question Mark"      # the ? token, as it is said
MARKS = 2


class Wizard(Character):
    id = "wizard"
    name = "Wizard"
    team = MINION
    first_night = 35
    other_night = 19
    reminders = ("?", "?")
    commands = {"wizard_wishes": ("the wizard makes a wish",),
                "wish_granted": ("the wish is granted",),
                "wish_refused": ("the wish is not granted",),
                "wish_mark": ("mark the wish on seat {seat}",)}

    def wakes(self, game, player, first_night):
        return super().wakes(game, player, first_night) and self.id not in player.spent

    def night(self, game, player):
        wish = yield YesNo(prompt="The Wizard may make a wish, once per game. Do they make "
                                  "it now? Say yes or no.")
        if not wish:
            return
        self._wish(game, player)
        if WISHED not in player.reminders:
            return
        granted = yield YesNo(prompt="Is the wish granted? Say yes or no.")
        self._decide(game, player, granted)
        if not granted:
            return
        seats = yield ChooseSeats(prompt="Mark its price or clue on players with the "
                                         "question mark reminders: say up to two seats, "
                                         "or nobody.",
                                  count=MARKS, exact=False, optional=True, actor=self.id,
                                  by_holder=False)
        for s in seats or []:
            game.grim.seat(s).reminders.append(MARK)
        if seats:
            yield Next(prompt="The question mark reminders are marked. Say next.")

    # --- the bookkeeping ------------------------------------------------------------------
    def _wish(self, game, player) -> None:
        if not game.use_once(player, self.id):
            raise Rejected("The Wizard has made their one wish already.")
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Wizard is {why}: the wish is spent and does nothing. You "
                             "may let them think it was granted.")
            return
        player.reminders.append(WISHED)
        game.say_private(f"The Wizard, {player.label}, makes their one wish. Whether and how "
                         "it is granted is yours to decide.")

    def _decide(self, game, player, granted: bool) -> None:
        player.reminders.append(GRANTED if granted else REFUSED)
        if granted:
            game.say_private("The wish is granted. Make what it does with the override "
                             "commands, and give it a price and a clue if you like.")
        else:
            game.say_private("The wish is not granted. Tell the Wizard so.")

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        if game.phase.state == "setup":
            raise game.not_now("the Wizard wishes once the game has begun")
        if intent == "wizard_wishes":
            if not player.alive:
                raise Rejected(f"The Wizard, {player.label}, is dead: they cannot wish.")
            self._wish(game, player)
            if WISHED in player.reminders:
                game.say_private("Say 'the wish is granted' or 'the wish is not granted'.")
            return True
        if WISHED not in player.reminders:
            raise Rejected("The Wizard has not made a wish.")
        if intent == "wish_mark":
            if GRANTED not in player.reminders:
                raise Rejected("Only a granted wish has a price or a clue to mark.")
            target = game.player(slots["seat"])
            if sum(r == MARK for p in game.grim.players for r in p.reminders) >= MARKS:
                raise Rejected("Both of the Wizard's question mark reminders are marked already.")
            target.reminders.append(MARK)
            game.say_private(f"{target.Label} has the Wizard's question mark reminder.")
            return True
        if GRANTED in player.reminders or REFUSED in player.reminders:
            raise Rejected("The wish is decided already.")
        self._decide(game, player, intent == "wish_granted")
        return True
