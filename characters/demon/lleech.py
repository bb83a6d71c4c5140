"""The Lleech: each night*, choose a player: they die. You start by choosing a player: they
are poisoned. You die if and only if they are dead.

On the first night (or the first night it acts, a Lleech made mid-game) the Lleech chooses a
living host, themself too: the host is poisoned while the Lleech's ability works (a host who
is the Lleech, for as long as they hold it). From the second night it kills as the Imp does.
While its ability works the Lleech does not die while the host lives (an execution, the
Slayer, a Demon's attack: nothing), and dies as soon as the host dies. Jinxes: the Slayer
who shoots the host kills the host (characters/townsfolk/slayer.py asks `is_host`); when the
host dies by execution while the Mastermind lives, the Lleech lives on without its ability.
"""
from __future__ import annotations

from characters.common import attack, attack_fails
from characters.jinxes import active_jinxes
from statemachine.model import DEMON, Effect
from statemachine.registry import Character
from statemachine.rules.pairs import partner, set_partner
from statemachine.waits import ChooseSeats

HOST = "host"
POISONED = "Lleech: Poisoned"
LOST = "lleech lost"      # in ``spent``: the Mastermind jinx took the ability for good


def host_of(game, lleech):
    return partner(game, lleech, "lleech", HOST)


def is_host(game, player) -> bool:
    """A working Lleech in play has ``player`` as its host."""
    return any(host_of(game, h) is player and game.working(h, "lleech") and LOST not in h.spent
               for h in game.holders("lleech"))


def survives(game, player) -> bool:
    """``player`` holds a working Lleech whose host (another player) lives: they cannot die
    now (a line said before a kill, as the Slayer's, asks this first)."""
    if "lleech" not in game.abilities(player) or LOST in player.spent:
        return False
    host = host_of(game, player)
    return (host is not None and host is not player and host.alive
            and not game.impaired(player, "lleech"))


class Lleech(Character):
    id = "lleech"
    name = "Lleech"
    team = DEMON
    first_night = 30
    other_night = 51
    reminders = ("Dead", "Poisoned")
    seat_reminders = ()

    def wakes(self, game, player, first_night):
        return LOST not in player.spent and super().wakes(game, player, first_night)

    def night(self, game, player):
        if host_of(game, player) is None:
            yield from self._choose_host(game, player)
            if game.phase.state == "first_night":
                return
        seats = yield ChooseSeats(prompt="The Lleech chooses a player to kill.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        if attack_fails(game, player, self.id, target):
            return
        attack(game, player, target)

    def _choose_host(self, game, player):
        def alive(seats):
            p = game.grim.seat(seats[0])
            return None if p.alive else f"{p.Label} is dead: the host is a living player."

        seats = yield ChooseSeats(prompt="The Lleech chooses a host, who is poisoned.", count=1,
                                  actor=self.id, check=alive)
        host = game.grim.seat(seats[0])
        set_partner(game, player, self.id, HOST, host)
        host.add_effect(Effect("poisoned", source=player.seat, ability=self.id, until="game",
                               needs_source=host is not player))
        host.reminders.append(POISONED)
        who = "themself" if host is player else host.label
        game.say_private(f"The Lleech's host is {who}: poisoned, and the Lleech dies only "
                         "when they do.")

    def before_death(self, game, player, cause):
        if not survives(game, player):
            return True
        host = host_of(game, player)
        game.say_private(f"The Lleech, {player.label}, does not die: their host, "
                         f"{host.label}, lives.")
        return False

    def on_any_death(self, game, holder, dead, cause):
        if (dead is not host_of(game, holder) or dead is holder or not holder.alive
                or LOST in holder.spent or not game.working(holder, self.id)):
            return
        mastermind = any(p.alive for p in game.holders("mastermind"))
        if (cause == "execution" and mastermind
                and ("lleech", "mastermind") in active_jinxes(game.setup.script)):
            holder.spent.add(LOST)
            self._unpoison(dead)
            game.say_private(f"A jinx: the Lleech's host died by execution while the "
                             f"Mastermind lives. The Lleech, {holder.label}, lives on with no "
                             "ability.")
            return
        game.say_private(f"The Lleech's host, {dead.label}, died: the Lleech, {holder.label}, "
                         "dies too.")
        died = game.kill(holder, "ability", by=holder)
        if died and not game.phase.at_night and not game.winner:
            game.say_public(f"{holder.Label} dies.")      # a Scarlet Woman took over

    def _unpoison(self, host):
        host.effects = [e for e in host.effects if e.ability != self.id]
        if POISONED in host.reminders:
            host.reminders.remove(POISONED)
