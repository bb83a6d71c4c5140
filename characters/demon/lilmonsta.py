"""Lil' Monsta: each night, the Minions choose who babysits Lil' Monsta and is the Demon.
Each night except the first, a player might die. [One more Minion.]

No player is Lil' Monsta (``babysat``: statemachine.rules.babysat): a drawn bag holds no
Demon and one more Minion (``adjust_counts``), and so does an explicit setup that gives
no player a Demon. The Minion info shows the Minions each other, with no Demon, and there
is no Demon info. At its place each night (a step of no player's, run as the
Storyteller's) the Minions are woken (not the Marionette) and choose one of them, alive,
to keep the token: that player is the Demon (``game.is_demon``) until it passes, so any
ability asking about the Demon sees them. Each night after the first, a player might die:
the Storyteller's choice, an attack of the Demon's that fails if the babysitter is drunk or
poisoned. The babysitter dying is the Demon's death: executed, good wins.

Jinxes: with the Poppy Grower alive, the Minions wake one at a time until one takes the
token; the Marionette neighbours a Minion, not the Demon (the bag places it so), and is not
woken to choose; a Psychopath or a Vizier babysitting dies when executed (their units);
when the babysitter dies with five or more alive, the Scarlet Woman keeps the token from
then on (her unit); while a Magician lives (drunk or poisoned too: the jinx asks only that
they live), the Storyteller, not the Minions, chooses the babysitter, and only the chosen
Minion is woken.
"""
from __future__ import annotations

from characters.common import attack, attack_fails
from characters.jinxes import active_jinxes
from characters.minion.scarletwoman import KEEPS
from statemachine.model import DEMON, MINION
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.rules import babysat
from statemachine.waits import ChooseSeats, Next
from statemachine.wording import count, the_minions


class LilMonsta(Character):
    id = "lilmonsta"
    name = "Lil' Monsta"
    team = DEMON
    first_night = 29
    other_night = 52
    reminders = ()
    setup = True
    babysat = True

    def adjust_counts(self, counts):
        counts.demon -= 1
        counts.minion += 1

    def setup_lines(self, game, player):
        if player is not None:
            return [f"{player.Label} cannot be Lil' Monsta: no player is. Give them another "
                    "character."]
        n = sum(1 for p in game.grim.players if game.is_minion(p))
        return [f"Lil' Monsta is in play: no player is the Demon. On the first night the "
                f"{count(n, 'Minion')} choose who babysits it."]

    def night_position(self, game, player, first_night):
        return None     # its step is no player's: statemachine.rules.babysat

    def night(self, game, player):
        keeper = babysat.keeper(game, self.id)
        if keeper is not None and KEEPS in keeper.reminders:
            game.say_private(f"The Scarlet Woman, {keeper.label}, keeps Lil' Monsta: the "
                             "Minions do not choose.")
        else:
            keeper = yield from self._choose(game, keeper)
        if game.phase.state == "first_night" or keeper is None:
            return
        seats = yield ChooseSeats(
            prompt="A player might die, your choice. Say the seat, or nobody.",
            count=1, optional=True, actor=self.id, by_holder=False)
        if seats:
            target = game.grim.seat(seats[0])
            if not attack_fails(game, keeper, self.id, target):
                attack(game, keeper, target)

    def _choose(self, game, keeper):
        minions = [p for p in game.shown_minions() if p.alive]
        if not minions:
            yield Next(prompt="No living Minion is left to babysit Lil' Monsta. Say next.")
            return keeper

        def alive_minion(seats):
            p = game.grim.seat(seats[0])
            if p.alive and game.team_of(p) == MINION and not p.traveller:
                return None
            return f"{p.Label} is not a living Minion."

        if (("lilmonsta", "magician") in active_jinxes(game.setup.script)
                and game.holders("magician")):
            seats = yield ChooseSeats(
                prompt="A jinx: the Magician lives, so you choose which Minion babysits Lil' "
                       "Monsta. Do not wake the Minions. Say the seat.", count=1,
                actor=self.id, check=alive_minion, by_holder=False)
            return (yield from self._give(game, keeper, game.grim.seat(seats[0]), ""))
        woken = spoken_list(p.label for p in minions)
        poppy = (("lilmonsta", "poppygrower") in active_jinxes(game.setup.script)
                 and any(p.character == "poppygrower" and p.alive for p in game.grim.players))
        how = (f"A jinx: the Poppy Grower lives. Wake the Minions one at a time, {woken}, "
               "until one takes the token." if poppy
               else f"Wake {the_minions(len(minions))}: {woken}.")
        seats = yield ChooseSeats(prompt=f"{how} They choose who babysits Lil' Monsta. Say "
                                         "the seat.", count=1, actor=self.id,
                                  check=alive_minion)
        return (yield from self._give(game, keeper, game.grim.seat(seats[0]),
                                      "Put the Minions to sleep. "))

    def _give(self, game, keeper, chosen, first: str):
        if chosen is not keeper:
            babysat.pass_token(game, self.id, chosen)
        hidden = (" Do not show them the Marionette token." if not
                  game.unit(chosen.character).shown_as_minion else "")
        yield Next(prompt=f"{first}Wake {chosen.label}: show them the "
                          f"Lil' Monsta token; they are the Demon.{hidden} Put them to "
                          "sleep. Say next.")
        return chosen
