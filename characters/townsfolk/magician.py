"""The Magician: to the Demon you look like a Minion; to the Minions you look like a Demon.

On the first night, while the ability works, the Minion info shows the Magician to the
Minions with the Demon, and the Demon info shows the Magician to the Demon among the Minions
(``shown_in_evil_info``). Its place on the sheet is a step that wakes nobody and says so.
Jinxes: when the Spy or the Widow sees the Grimoire, the Demon's and the Magician's tokens
are taken out (``hidden_tokens``, asked by those units); with the Vizier in play the Magician
has no ability, and the Vizier cannot execute them at once (asked by the Vizier); while the
Magician lives, the Demon is not told which neighbour is the Marionette (asked by the
Marionette); after an execution the living Magician may publicly guess the Wraith, and if
right the Demon must choose the Wraith tonight (characters/guessed_minion.py); while Lil'
Monsta is in play and the Magician lives, the Storyteller chooses the babysitter (asked by
Lil' Monsta); with Legion in play, the working Magician is woken with Legion at the Demon
info, not shown to it as a Minion, and Legion is told a Magician is in play, not who
(``woken_with_demon``, ``on_wake``); the Magician may count as evil when Legion asks
whether only evil players voted (asked by Legion: ``may_count_evil_to_legion``).
"""
from __future__ import annotations

from characters import guessed_minion
from characters.jinxes import active_jinxes
from statemachine.errors import Rejected
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import Next


def _jinx(game, other: str) -> bool:
    return ("magician", other) in active_jinxes(game.setup.script)


def hidden_tokens(game, viewer: str) -> list:
    """The players whose tokens are taken out before ``viewer`` (the Spy, the Widow) sees
    the Grimoire: the Demon and the Magician, while a Magician is in play (the jinxes)."""
    magicians = game.holders("magician", alive_only=False)
    if not magicians or not _jinx(game, viewer):
        return []
    return [p for p in game.grim.players if game.is_demon(p) or p in magicians]


def untouchable_by_vizier(game, player) -> bool:
    """The jinx: the Vizier's ability cannot touch the Magician."""
    return _jinx(game, "vizier") and "magician" in game.abilities(player)


def marionette_hidden(game) -> bool:
    """The jinx: while a Magician lives, the Demon is not told which neighbour is the
    Marionette."""
    return _jinx(game, "marionette") and bool(game.holders("magician"))


def _legion_in_play(game) -> bool:
    return _jinx(game, "legion") and any(p.character == "legion" for p in game.grim.players)


def may_count_evil_to_legion(game, player) -> bool:
    """The jinx: to Legion's 'only evil voted', this good voter may count as evil."""
    return _legion_in_play(game) and "magician" in game.abilities(player)


class Magician(Character):
    id = "magician"
    name = "Magician"
    team = TOWNSFOLK
    first_night = 17
    other_night = None
    reminders = ()
    commands = {"magician_guesses": ("the magician guesses seat {seat} [is the wraith]",)}

    def _no_ability(self, game) -> bool:
        return _jinx(game, "vizier") and any(p.character == "vizier" for p in game.grim.players)

    def shown_in_evil_info(self, game, holder):
        return not self._no_ability(game) and not _legion_in_play(game)

    def woken_with_demon(self, game, holder):
        return not self._no_ability(game) and _legion_in_play(game)

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        if self._no_ability(game):
            yield Next(prompt="A jinx: the Vizier is in play, so the Magician has no ability. "
                              "Say next.")
            return
        why = game.impairment(player, self.id)
        if why:
            yield Next(prompt=f"The Magician is {why}: the Minion and Demon info do not show "
                              "them. Say next.")
            return
        if _legion_in_play(game):
            yield Next(prompt="A jinx: the Demon info wakes the Magician with Legion. Say "
                              "next.")
            return
        yield Next(prompt="The Minion info shows the Magician as the Demon, and the Demon info "
                          "shows them as a Minion. Say next.")

    # --- the Wraith jinx: a public guess --------------------------------------------------
    def handle(self, game, player, intent, slots):
        if intent != "magician_guesses":
            return False
        if not _jinx(game, "wraith"):
            raise Rejected("Only with the Wraith on the script may the Magician guess.")
        guessed_minion.guess(game, player, self.name, "wraith", slots["seat"])
        return True

    def on_wake(self, game, holder, woken):
        if holder is not game.holders(self.id, alive_only=False)[0]:
            return []
        lines = guessed_minion.wake_lines(game, woken)
        if (game.phase.state == "first_night" and holder in woken
                and any(p.character == "legion" for p in woken)
                and self.woken_with_demon(game, holder)):
            lines.append("A jinx: tell Legion a Magician is in play, not who. Do not show "
                         "the Magician token.")
        return lines

    def on_dawn(self, game, holder):
        guessed_minion.clear(game)
