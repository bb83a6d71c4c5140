"""The Choirboy: If the Demon kills the King, you learn which player is the Demon.
[+the King]"""
from __future__ import annotations

from characters.common import others
from characters.storyteller import seats_render
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Choirboy(Character):
    id = "choirboy"
    name = "Choirboy"
    team = TOWNSFOLK
    first_night = None
    other_night = 65
    reminders = ()
    seat_reminders = (r"Choirboy: the Demon killed the King night \d+ by (\d+)",)
    setup = True

    def adjust_counts(self, counts):
        # The King replaces a Townsfolk; a King already in the bag is not added twice.
        if "king" not in counts.required:
            counts.required.append("king")

    def setup_lines(self, game, player):
        if any(p.character == "king" for p in game.grim.players):
            return []
        return ["Note: the Choirboy is in play without the King."]

    def _tag(self, game) -> str:
        return f"Choirboy: the Demon killed the King night {game.grim.night}"

    def on_any_death(self, game, holder, dead, cause):
        # Only the Demon's own kill; an execution the Demon nominated, or a Minion's kill,
        # does not count.
        is_king = dead.character == "king" or "king" in dead.extra_abilities
        if is_king and cause == "demon" and game.phase.at_night:
            by = game.last_kill[2] if game.last_kill else None
            holder.reminders.append(f"{self._tag(game)} by {by or 0}")

    def _killer(self, game, player):
        for r in player.reminders:
            if r.startswith(self._tag(game)):
                return int(r.rsplit(" ", 1)[1])
        return None

    def wakes(self, game, player, first_night):
        return player.alive and self._killer(game, player) is not None

    def night(self, game, player):
        by = self._killer(game, player)
        demon = game.grim.seat(by) if by else None
        if demon is None or not game.is_demon(demon):
            demons = [p for p in game.grim.players if game.is_demon(p)]
            demon = next((p for p in demons if p.alive), demons[0] if demons else None)
        truth = [demon.seat] if demon else []
        pool = [p.seat for p in others(game, player) if not game.is_demon(p)]
        yield game.info(player, self.id, "seats", truth,
                        lambda: [game.rng.choice(pool)] if pool else truth, seats_render(game),
                        "The Demon killed the King. Point to the Demon player.",
                        game.registration_notes(others(game, player)))
