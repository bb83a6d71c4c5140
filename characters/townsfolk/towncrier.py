"""The Town Crier: each night*, you learn if a Minion nominated today."""
from __future__ import annotations

from characters.common import say_yesno
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character

NOMINATED = "Town Crier: Minion nominated day "    # + day
SEEN = "Town Crier: may register nominated day "   # + day + " seat " + seat


class TownCrier(Character):
    id = "towncrier"
    name = "Town Crier"
    team = TOWNSFOLK
    first_night = None
    other_night = 80
    reminders = ("Minions Not Nominated", "Minion Nominated")
    seat_reminders = (r"Town Crier: may register nominated day \d+ seat (\d+)",)

    def on_vote_open(self, game, holder, vote):
        # Noted as the nomination is made: whoever is a Minion when they nominate. A call
        # for an exile is not a nomination that abilities see.
        if vote.exile:
            return
        day, nominator = game.grim.day, game.grim.seat(vote.nominator)
        if game.is_minion(nominator) and not nominator.traveller:
            tag = f"{NOMINATED}{day}"
        elif "minion" in game.misregisters(nominator):
            tag = f"{SEEN}{day} seat {nominator.seat}"
        else:
            return
        if tag not in holder.reminders:
            holder.reminders.append(tag)

    def wakes(self, game, player, first_night):
        return player.alive and not first_night

    def night(self, game, player):
        day = game.grim.day
        # The day's nominations are also read, in case a nomination never opened a vote.
        truth = f"{NOMINATED}{day}" in player.reminders or any(
            game.is_minion(game.grim.seat(s)) and not game.grim.seat(s).traveller
            for s in getattr(game, "nominators_today", {}))
        seen = [game.grim.seat(int(r.rsplit(" ", 1)[1])) for r in player.reminders
                if r.startswith(f"{SEEN}{day} seat ")]
        notes = [] if truth else game.registration_notes(seen, relevant={"minion"})
        yield game.info(player, self.id, "yesno", truth, not truth, say_yesno,
                        "Nod if a Minion nominated during the day, shake if not.", notes)
