"""The Vigormortis: each night*, choose a player: they die. Minions you kill keep their
ability & poison 1 Townsfolk neighbour. [-1 Outsider]"""
from __future__ import annotations

import re

from characters.common import attack, attack_fails, nearest_of_team
from characters.jinxes import active_jinxes
from statemachine.model import DEMON, MINION, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

HAS = "Vigormortis: Has Ability"
POISONS = HAS + ", poisons seat {}"
NOTE = "Vigormortis"


class Vigormortis(Character):
    id = "vigormortis"
    name = "Vigormortis"
    team = DEMON
    first_night = None
    other_night = 48
    reminders = ("Dead", "Has Ability", "Has Ability", "Has Ability", "Poisoned", "Poisoned",
                 "Poisoned")
    setup = True
    seat_reminders = (r"Vigormortis: Has Ability, poisons seat (\d+)",)

    def adjust_counts(self, counts):
        counts.shift_outsiders(-1)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Vigormortis chooses a player to kill.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        if attack_fails(game, player, self.id, target):
            return
        attack(game, player, target)
        if target.alive or game.winner or game.team_of(target) != MINION:
            return
        yield from self._keep(game, player, target)

    def _keep(self, game, vigormortis, minion):
        """The killed Minion keeps their ability; the Storyteller poisons one of their two
        nearest Townsfolk (dead or alive)."""
        near = nearest_of_team(game, minion, TOWNSFOLK)
        if not near:
            minion.reminders.append(HAS)
            game.say_private(f"{minion.Label} keeps their ability. No Townsfolk to poison.")
            return
        chosen = near[0]
        if len(near) == 2:
            a, b = sorted(near, key=lambda p: p.seat)
            seats = yield ChooseSeats(
                prompt=f"{minion.Label} keeps their ability, and poisons one of their nearest "
                       f"Townsfolk: {a.label}, or {b.label}. Say the seat.",
                count=1, actor=self.id,
                check=lambda s: None if s[0] in (a.seat, b.seat) else
                f"Choose {a.label} or {b.label}.")
            chosen = game.grim.seat(seats[0])
        minion.reminders.append(POISONS.format(chosen.seat))
        chosen.add_effect(Effect("poisoned", source=vigormortis.seat, until="game",
                                 needs_source=True, note=NOTE, ability=self.id))
        game.say_private(f"{minion.Label} keeps their ability. {chosen.Label} is poisoned while "
                         "the Vigormortis lives.")

    def keeps_ability(self, game, holder, player, ability):
        # Asked of this Vigormortis about a dead player: a Minion it killed keeps a Minion's
        # ability while the Vigormortis is alive, sober and healthy.
        killed = (holder.character == self.id and any(r.startswith(HAS) for r in player.reminders)
                  and game.unit(ability).team == MINION and ability == player.character)
        if killed and ability == "mastermind" and (
                ("mastermind", "vigormortis") in active_jinxes(game.setup.script)):
            return True    # a jinx: the Vigormortis's death does not take it away
        return killed and holder.alive and not game.impaired(holder, self.id)

    def on_character_change(self, game, holder, player, old, new):
        # A kept Minion who becomes something else has no ability left and poisons nobody.
        if game.unit(new).team == MINION:
            return
        for mark in [r for r in player.reminders if r.startswith(HAS)]:
            player.reminders.remove(mark)
            found = re.search(r"seat (\d+)$", mark)
            if found:
                poisoned = game.grim.seat(int(found.group(1)))
                effect = next((e for e in poisoned.effects if e.note == NOTE
                               and e.source == holder.seat), None)
                if effect:
                    poisoned.effects.remove(effect)
