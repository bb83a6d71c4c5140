"""The Chef: You start knowing how many pairs of evil players there are."""
from __future__ import annotations

from characters.common import wrong_number
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Chef(Character):
    id = "chef"
    name = "Chef"
    team = TOWNSFOLK
    first_night = 54
    other_night = None
    reminders = ()

    def night(self, game, player):
        seats = game.grim.players
        truth = evil_pairs(game)
        evil = [p for p in seats if game.is_evil(p)]
        # Anyone who may register otherwise (a Recluse as evil, a Spy as good) is named.
        notes = game.registration_notes(seats, relevant={"good", "evil"})
        top = max(len(evil), truth + 1)
        yield game.info(player, self.id, "number", truth,
                        lambda: wrong_number(game, truth, top), say_pairs,
                        "The Chef learns how many pairs of evil players sit side by side, "
                        "counting the dead.", notes)


def say_pairs(n: int) -> str:
    return f"{n} {'pair' if n == 1 else 'pairs'}"


def evil_pairs(game) -> int:
    """Neighbouring evil players around the whole circle, dead ones included: three evil
    players in a row are two pairs."""
    ps = game.grim.players
    if len(ps) < 2:
        return 0
    pairs = [(ps[i], ps[(i + 1) % len(ps)]) for i in range(len(ps))]
    if len(ps) == 2:
        pairs = pairs[:1]
    return sum(1 for a, b in pairs if game.is_evil(a) and game.is_evil(b))
