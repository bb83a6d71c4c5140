"""The Town Crier: each night*, you learn if a Minion nominated today."""
from __future__ import annotations

from characters.common import say_yesno
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character

# Kept for the night after the day (the number, dropped when the grimoire is said, is the
# day's), and cleared at dawn.
NOMINATED = "Town Crier: {day} Minion Nominated"
SEEN = "Town Crier: {day} {seat} nominated, may register as a Minion"


class TownCrier(Character):
    id = "towncrier"
    name = "Town Crier"
    team = TOWNSFOLK
    first_night = None
    other_night = 80
    reminders = ("Minions Not Nominated", "Minion Nominated")
    seat_reminders = (r"Town Crier: \d+ (\d+) nominated, may register as a Minion",)

    def on_vote_open(self, game, holder, vote):
        # Noted as the nomination is made: whoever is a Minion when they nominate. A call
        # for an exile is not a nomination that abilities see.
        if vote.exile or not vote.nominator:   # 0: the Storyteller nominated (the Bishop)
            return
        day, nominator = game.grim.day, game.grim.seat(vote.nominator)
        if game.is_minion(nominator) and not nominator.traveller:
            tag = NOMINATED.format(day=day)
        elif "minion" in game.misregisters(nominator):
            tag = SEEN.format(day=day, seat=nominator.seat)
        else:
            return
        if tag not in holder.reminders:
            holder.reminders.append(tag)

    def on_dawn(self, game, holder):
        holder.reminders[:] = [r for r in holder.reminders
                               if not (r.startswith("Town Crier: ") and r.split()[2].isdigit())]

    def wakes(self, game, player, first_night):
        return player.alive and not first_night

    def night(self, game, player):
        day = game.grim.day
        # The day's nominations are also read, in case a nomination never opened a vote.
        truth = NOMINATED.format(day=day) in player.reminders or any(
            game.is_minion(game.grim.seat(s)) and not game.grim.seat(s).traveller
            for s in getattr(game, "nominators_today", {}))
        seen = [game.grim.seat(s) for s in range(1, len(game.grim.players) + 1)
                if SEEN.format(day=day, seat=s) in player.reminders]
        notes = [] if truth else game.registration_notes(seen, relevant={"minion"})
        yield game.info(player, self.id, "yesno", truth, not truth, say_yesno,
                        "Nod if a Minion nominated during the day, shake if not.", notes)
