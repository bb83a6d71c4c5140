"""The King: Each night, if the dead equal or outnumber the living, you learn 1 alive
character. The Demon knows you are the King. A jinx with the Leviathan or Riot in play: the
King learns a living character each night once anyone is dead (characters/daydemons.py)."""
from __future__ import annotations

from characters.common import say_character
from characters.daydemons import king_wakes
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import Next

TOLD = "King: the Demon knows"


class King(Character):
    id = "king"
    name = "King"
    team = TOWNSFOLK
    first_night = 24
    other_night = 86
    reminders = ()

    @staticmethod
    def outnumbered(game) -> bool:
        if king_wakes(game):
            return True
        players = game.grim.non_travellers
        dead = sum(1 for p in players if not p.alive)
        return dead >= len(players) - dead

    def wakes(self, game, player, first_night):
        if not player.alive:
            return False
        return TOLD not in player.reminders or (not first_night and self.outnumbered(game))

    def wakes_holder(self, game, player):
        return game.grim.night > 1 and self.outnumbered(game)

    def night(self, game, player):
        if TOLD not in player.reminders:
            player.reminders.append(TOLD)
            demons = [p for p in game.grim.players if p.alive and game.is_demon(p)]
            why = game.impairment(player, self.id)
            skip = (f" The King is {why}: you may skip this." if why else "")
            if demons:
                yield Next(prompt=f"Wake the Demon, {' and '.join(d.label for d in demons)}. "
                                  "Show the This Player Is token and the King, then point to "
                                  f"the King, {player.label}. Put the Demon to sleep.{skip} "
                                  "Say next.")
        if game.grim.night == 1 or not self.outnumbered(game):
            return
        alive = [p for p in game.grim.players if p.alive and p is not player]
        if not alive:
            return
        shown = game.rng.choice(alive)
        alive_ids = {p.character for p in alive}
        not_alive = [c for c in game.setup.script if c not in alive_ids and c != self.id
                     and game.unit(c).team not in ("traveller", "fabled")]
        sober = game.info_rules.true_info(player, self.id)

        def check(cid):
            if sober and cid not in alive_ids and not any(
                    game.misregisters(p) for p in alive):
                return "The King is sober: show the character of a living player."
            return None

        yield game.info(
            player, self.id, "character", shown.character,
            lambda: game.rng.choice(not_alive) if not_alive else shown.character,
            lambda c: say_character(game, c),
            ("A jinx: someone is dead, so the King learns a character." if king_wakes(game) else
             "The dead equal or outnumber the living.") + f" Show the King a living player's "
            f"character; proposed: {shown.label}'s.", game.registration_notes(alive),
            check=check)
