"""The Flowergirl: each night*, you learn if a Demon voted today."""
from __future__ import annotations

from characters.common import say_yesno
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character

# Kept for the night after the day (the number, dropped when the grimoire is said, is the
# day's), and cleared at dawn.
VOTED = "Flowergirl: {day} Demon Voted"
UNNAMED = "Flowergirl: {day} hands counted, not named"
SEEN = "Flowergirl: {day} {seat} voted, may register as the Demon"


class Flowergirl(Character):
    id = "flowergirl"
    name = "Flowergirl"
    team = TOWNSFOLK
    first_night = None
    other_night = 79
    reminders = ("Demon Voted", "Demon Not Voted")
    seat_reminders = (r"Flowergirl: \d+ (\d+) voted, may register as the Demon",)

    def on_vote_tallied(self, game, holder, vote):
        # Noted as each vote is counted: whoever is a Demon when they raise a hand. Exiles
        # are never affected by abilities.
        if vote.exile:
            return
        day = game.grim.day
        voters = [game.grim.seat(s) for s in dict.fromkeys(vote.voters)]
        extra = sum(game.vote_weight(p) - 1 for p in voters)
        tags = [VOTED.format(day=day)] if any(game.is_demon(p) for p in voters) else []
        if (vote.total or 0) - extra > len(voters):
            tags.append(UNNAMED.format(day=day))
        tags += [SEEN.format(day=day, seat=p.seat) for p in voters
                 if "demon" in game.misregisters(p)]
        holder.reminders += [t for t in dict.fromkeys(tags) if t not in holder.reminders]

    def on_dawn(self, game, holder):
        holder.reminders[:] = [r for r in holder.reminders if not _mine(r)]

    def wakes(self, game, player, first_night):
        return player.alive and not first_night

    def night(self, game, player):
        day = game.grim.day
        truth = VOTED.format(day=day) in player.reminders
        notes = []
        if not truth and UNNAMED.format(day=day) in player.reminders:
            notes.append("Some hands were counted but not named by day: if the Demon raised "
                         "one, say answer yes.")
        seen = [game.grim.seat(s) for s in range(1, len(game.grim.players) + 1)
                if SEEN.format(day=day, seat=s) in player.reminders]
        if not truth:
            notes += game.registration_notes(seen, relevant={"demon"})
        yield game.info(player, self.id, "yesno", truth, not truth, say_yesno,
                        "Nod if a Demon voted during the day, shake if not.", notes)


def _mine(reminder: str) -> bool:
    return reminder.startswith("Flowergirl: ") and reminder.split()[1].isdigit()
