"""The Flowergirl: each night*, you learn if a Demon voted today."""
from __future__ import annotations

from characters.common import say_yesno
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character

VOTED = "Flowergirl: Demon voted day "        # + day
UNNAMED = "Flowergirl: hands not named day "  # + day
SEEN = "Flowergirl: may register voted day "  # + day + " seat " + seat


class Flowergirl(Character):
    id = "flowergirl"
    name = "Flowergirl"
    team = TOWNSFOLK
    first_night = None
    other_night = 79
    reminders = ("Demon Voted", "Demon Not Voted")
    seat_reminders = (r"Flowergirl: may register voted day \d+ seat (\d+)",)

    def on_vote_tallied(self, game, holder, vote):
        # Noted as each vote is counted: whoever is a Demon when they raise a hand. Exiles
        # are never affected by abilities.
        if vote.exile:
            return
        day = game.grim.day
        voters = [game.grim.seat(s) for s in dict.fromkeys(vote.voters)]
        if any(game.is_demon(p) for p in voters) and f"{VOTED}{day}" not in holder.reminders:
            holder.reminders.append(f"{VOTED}{day}")
        extra = sum(game.vote_weight(p) - 1 for p in voters)
        if (vote.total or 0) - extra > len(voters) and f"{UNNAMED}{day}" not in holder.reminders:
            holder.reminders.append(f"{UNNAMED}{day}")
        for p in voters:
            tag = f"{SEEN}{day} seat {p.seat}"
            if "demon" in game.misregisters(p) and tag not in holder.reminders:
                holder.reminders.append(tag)

    def wakes(self, game, player, first_night):
        return player.alive and not first_night

    def night(self, game, player):
        day = game.grim.day
        truth = f"{VOTED}{day}" in player.reminders
        notes = []
        if not truth and f"{UNNAMED}{day}" in player.reminders:
            notes.append("Some hands were counted but not named by day: if the Demon raised "
                         "one, say answer yes.")
        seen = [game.grim.seat(int(r.rsplit(" ", 1)[1])) for r in player.reminders
                if r.startswith(f"{SEEN}{day} seat ")]
        if not truth:
            notes += game.registration_notes(seen, relevant={"demon"})
        yield game.info(player, self.id, "yesno", truth, not truth, say_yesno,
                        "Nod if a Demon voted during the day, shake if not.", notes)
