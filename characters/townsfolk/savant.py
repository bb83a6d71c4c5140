"""The Savant: Each day, you may visit the Storyteller to learn 2 things in private: 1 is
true & 1 is false."""
from __future__ import annotations

from characters.common import wrong_number
from characters.common import others
from statemachine.errors import Rejected
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


def _evil_among(game, seats, n) -> str:
    who = ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"
    return f"among seats {who}, {'is' if n == 1 else 'are'} exactly {n} evil " \
           f"player{'' if n == 1 else 's'}"


class Savant(Character):
    id = "savant"
    name = "Savant"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ()
    commands = {"savant_visits": ("the savant visits [the storyteller]",)}

    def handle(self, game, player, intent, slots):
        if intent != "savant_visits":
            return False
        if not game.phase.in_day:
            raise game.not_now("the Savant visits during the day")
        if not player.alive:
            raise Rejected("The Savant is dead and has no ability.")
        tag = f"Savant: visited day {game.grim.day}"
        if tag in player.reminders:
            raise Rejected("The Savant has already visited today.")
        player.reminders.append(tag)
        pool = others(game, player)
        seats = sorted(p.seat for p in game.rng.sample(pool, min(3, len(pool))))
        n = sum(1 for s in seats if game.is_evil(game.grim.seat(s)))
        true = _evil_among(game, seats, n)
        false = _evil_among(game, seats, wrong_number(game, n, len(seats)))
        why = game.info_rules.false_reason(player, self.id)
        lines = [f"The Savant, {player.label}, visits. Take them aside and whisper two things: "
                 "one true, one false. They are yours to invent."]
        if why and game.info_rules.must_be_false(player, self.id):
            lines.append(f"The {game.unit(why).name} is in play: both must be false.")
            game.info_rules.note_false(player, self.id, why)
            lines.append(f"For example: {false}.")
        else:
            if why:
                lines.append(f"They are {why}: both may be true, or both false.")
            lines.append(f"For example, true: {true}. False: {false}.")
        notes = game.registration_notes([game.grim.seat(s) for s in seats])
        game.say_private(" ".join(lines + notes))
        return True
