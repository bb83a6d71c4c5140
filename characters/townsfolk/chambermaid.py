"""The Chambermaid: each night, choose 2 alive players (not yourself): you learn how many
woke tonight due to their ability."""
from __future__ import annotations

from characters.common import others, say_number, say_seats, wrong_number
from statemachine.model import TOWNSFOLK
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Chambermaid(Character):
    id = "chambermaid"
    name = "Chambermaid"
    team = TOWNSFOLK
    first_night = 75
    other_night = 94
    reminders = ()

    def wakes(self, game, player, first_night):
        # Not woken when there are not two other alive players to choose.
        return player.alive and len(others(game, player, alive_only=True, travellers=True)) >= 2

    def night(self, game, player):
        def legal(seats):
            chosen = [game.grim.seat(s) for s in seats]
            if player in chosen:
                return "The Chambermaid chooses two players other than themself."
            dead = [p for p in chosen if not p.alive]
            if dead:
                return f"{dead[0].Label} is dead: the Chambermaid chooses alive players."
            return None

        seats = yield ChooseSeats(prompt="The Chambermaid chooses two alive players.",
                                  count=2, actor=self.id, check=legal)
        chosen = [game.grim.seat(s) for s in seats]
        # Woken by the engine tonight for an ability of their own, drunk or poisoned or
        # not; a step still to come tonight counts too. Waking for the Minion or Demon
        # info, by another's ability, or a step kept asleep (the Exorcist) does not.
        woke = [p for p in chosen if game.wakes.woke_for_ability(p)]
        later = [p for p in chosen if p not in woke and game.wakes_later_tonight(p)]
        truth = len(woke) + len(later)
        parts = []
        if woke:
            parts.append(f"{_names(woke)} woke tonight for their ability.")
        if later:
            parts.append(f"{_names(later)} will wake later tonight for their ability.")
        if not parts:
            parts.append("Neither woke tonight for their ability.")
        yield game.info(player, self.id, "number", truth,
                        lambda: wrong_number(game, truth, 2), say_number,
                        f"They chose {say_seats(game, seats)}. " + " ".join(parts))


def _names(players) -> str:
    """'Seat 4, Dan and seat 8, Hal': the start of a sentence."""
    return spoken_list([players[0].Label] + [p.label for p in players[1:]])
