"""The Sage: if the Demon kills you, you learn that it is 1 of 2 players. A jinx with the
Leviathan or Riot: chosen by that Demon at night, the Sage learns it without dying
(characters/daydemons.py)."""
from __future__ import annotations

from characters.common import say_seats
from characters.daydemons import chosen_tonight
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


def killed_by_the_demon_tonight(game, player) -> bool:
    """The player died tonight, and by the Demon's kill (not an execution, another ability
    or the Storyteller's choice)."""
    return any(d.seat == player.seat and d.cause == "demon" and d.phase == "night"
               and d.number == game.grim.night for d in game.deaths)


class Sage(Character):
    id = "sage"
    name = "Sage"
    team = TOWNSFOLK
    first_night = None
    other_night = 62
    reminders = ()

    def wakes(self, game, player, first_night):
        if player.alive:
            return chosen_tonight(game, player)
        return killed_by_the_demon_tonight(game, player)

    def night(self, game, player):
        demons = [p for p in game.grim.players if game.is_demon(p)]
        living = [p for p in demons if p.alive] or demons
        others = [p for p in game.grim.players
                  if p is not player and not game.is_demon(p)]
        if not living or not others:
            truth = [p.seat for p in (living + others)[:2]]
        else:
            truth = sorted([living[0].seat, game.rng.choice(others).seat])

        def false():
            pool = [p.seat for p in others]
            return sorted(game.rng.sample(pool, 2)) if len(pool) >= 2 else truth

        def is_true(seats):
            return len(seats) == 2 and any(game.is_demon(game.grim.seat(s)) for s in seats)

        def check(seats):
            if len(seats) != 2:
                return "Point at two players."
            if game.info_rules.true_info(player, self.id) and not is_true(seats) and not any(
                    "demon" in game.misregisters(game.grim.seat(s)) for s in seats):
                return "One of the two must be the Demon."
            return None

        names = " and ".join(p.label for p in living) or "nobody"
        yield game.info(player, self.id, "seats", truth, false,
                        lambda seats: say_seats(game, list(seats or [])),
                        f"The Demon {'chose' if player.alive else 'killed'} the Sage. Point at two players, one of them the "
                        f"Demon, {names}.", game.registration_notes(others, {"demon"}),
                        check=check, true_if=is_true)
