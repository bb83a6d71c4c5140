"""The Clockmaker: you start knowing how many steps from the Demon to its nearest Minion.
A jinx: to the Clockmaker, the Summoner counts as the Demon (while no Demon is in play)."""
from __future__ import annotations

from characters.common import say_number, wrong_number
from characters.jinxes import active_jinxes
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


def steps(game, a, b) -> int:
    """Seats from ``a`` to ``b`` the shorter way round; every seat counts, dead players and
    Travellers too."""
    n = len(game.grim.players)
    d = abs(a.seat - b.seat) % n
    return min(d, n - d)


class Clockmaker(Character):
    id = "clockmaker"
    name = "Clockmaker"
    team = TOWNSFOLK
    first_night = 59
    other_night = None
    reminders = ()

    def night(self, game, player):
        players = game.grim.players
        demons = [p for p in players if game.is_demon(p)]
        if not demons and ("summoner", self.id) in active_jinxes(game.setup.script):
            # A jinx: to the Clockmaker, the Summoner counts as the Demon.
            demons = [p for p in players if p.character == "summoner"]
        # Evil Travellers are not Minions.
        minions = [p for p in players if game.is_minion(p) and not p.traveller
                   and p not in demons]
        pairs = [(steps(game, d, m), d, m) for d in demons for m in minions]
        notes = game.registration_notes([p for p in players if p not in demons + minions],
                                        relevant={"minion", "demon"})
        if not pairs:
            truth = 0
            notes.insert(0, "There is no Demon or no Minion in play: give the number you "
                            "think fair.")
            intro = "Show fingers: the steps from the Demon to its nearest Minion."
        else:
            truth, demon, minion = min(pairs, key=lambda t: (t[0], t[2].seat))
            intro = (f"Show fingers: the steps from the Demon, {demon.label}, to its nearest "
                     f"Minion, {minion.label}.")
        top = len(players) // 2
        yield game.info(player, self.id, "number", truth,
                        lambda: wrong_number(game, truth, max(top, 1)), say_number, intro,
                        notes)
