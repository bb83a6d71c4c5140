"""The Juggler: On your 1st day, publicly guess up to 5 players' characters. That night, you
learn how many you got correct."""
from __future__ import annotations

from characters.common import say_number, wrong_number
from statemachine import wording
from statemachine.errors import Rejected
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character

_PAIR = "seat {seat:seats*} (is|as) the {character:characters*}"
FIRST_DAY = "Juggler: first day "
GUESSED = "Juggler: guessed day "   # + "<day> correct <n> of <k>"


def _template() -> str:
    tail = ""
    for _ in range(4):
        tail = f" [and {_PAIR}{tail}]"
    return f"the juggler guesses {_PAIR}{tail}"


class Juggler(Character):
    id = "juggler"
    name = "Juggler"
    team = TOWNSFOLK
    first_night = None
    other_night = 83
    reminders = ('Correct', 'Correct', 'Correct', 'Correct', 'Correct')
    commands = {"juggler_guesses": (_template(),)}

    @staticmethod
    def guessed(player, day: int) -> tuple[int, int] | None:
        for r in player.reminders:
            if r.startswith(GUESSED):
                d, _, n, _, k = r[len(GUESSED):].split()
                if int(d) == day:
                    return int(n), int(k)
        return None

    def first_day(self, game, player) -> int:
        for r in player.reminders:
            if r.startswith(FIRST_DAY):
                return int(r[len(FIRST_DAY):])
        # A Juggler from the start guesses on day 1; one gained later on the next day.
        day = 1 if self.id in (player.character, player.believes) else game.grim.day
        player.reminders.append(f"{FIRST_DAY}{day}")
        return day

    def handle(self, game, player, intent, slots):
        if intent != "juggler_guesses":
            return False
        if not game.phase.in_day:
            raise game.not_now("the Juggler guesses during the day")
        if not player.alive:
            raise Rejected("The Juggler is dead and has no ability.")
        if self.guessed(player, game.grim.day):
            raise Rejected("The Juggler has already made their guesses.")
        if game.grim.day != self.first_day(game, player):
            raise Rejected("The Juggler guesses only on their first day.")
        seats, chars = list(slots.get("seats", [])), list(slots.get("characters", []))
        if not seats or len(seats) != len(chars) or len(seats) > 5:
            raise Rejected("Up to five guesses, each a seat and a character.")
        pairs = [(game.player(s), c) for s, c in zip(seats, chars)]
        correct = sum(1 for p, c in pairs if p.character == c)
        player.reminders.append(f"{GUESSED}{game.grim.day} correct {correct} of {len(pairs)}")
        said = "; ".join(f"{p.label} is the {game.unit(c).name}" for p, c in pairs)
        game.say_public(f"The Juggler guesses: {said}.")
        verb = "is" if correct == 1 else "are"
        lines = [f"{correct} of the Juggler's guesses {verb} correct. Mark "
                 f"{wording.count(correct, 'Correct reminder')}."]
        for p, c in pairs:
            if game.misregisters(p) and p.character != c:
                lines.append(f"{p.label} is the {game.unit(p.character).name} and might register "
                             f"as the {game.unit(c).name}: if so, count it tonight by answering.")
        game.say_private(" ".join(lines))
        return True

    def _count(self, game, player):
        """(correct, guesses) to learn tonight: the holder's own guesses from today, or
        (Cannibal jinx) those of the Juggler the Cannibal ate today."""
        day = game.grim.night - 1
        own = self.guessed(player, day)
        if own or "cannibal" not in game.abilities(player):
            return own
        if "cannibal" not in self.jinxes or "cannibal" not in game.setup.script:
            return None
        from characters.townsfolk.cannibal import Cannibal
        lunch = Cannibal.lunch(player)
        if lunch and lunch[1] == self.id and game.executed_today == lunch[0]:
            return self.guessed(game.grim.seat(lunch[0]), day)
        return None

    def wakes(self, game, player, first_night):
        return not first_night and player.alive and self._count(game, player) is not None

    def night(self, game, player):
        correct, total = self._count(game, player)
        # Worked out when the guesses were made: a Juggler drunk then but sober now still
        # learns the truth.
        yield game.info(player, self.id, "number", correct,
                        lambda: wrong_number(game, correct, total), say_number,
                        f"Show fingers for the Correct reminders, {correct} of {total}.")
