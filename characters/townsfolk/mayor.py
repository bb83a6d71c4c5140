"""The Mayor: If only 3 players live & no execution occurs, your team wins. If you die at night, another player might die instead."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import HELD, Character, Win
from statemachine.waits import ChooseSeats, YesNo


class Mayor(Character):
    id = "mayor"
    name = "Mayor"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ()

    # --- the peaceful win ------------------------------------------------------------------
    def check_win(self, game, player, moment):
        if moment != "dusk" or not game.working(player, self.id):
            return None
        if game.executed_today is not None:
            return None
        # The almanac: Travellers count as players for the Mayor (exile them first).
        if len(game.grim.living) != 3:
            return None
        return Win(player.alignment,
                   f"Only three players live and nobody was executed: the Mayor, "
                   f"{player.label}, wins for {player.alignment}.")

    # --- the bounce ------------------------------------------------------------------------
    def before_death(self, game, player, cause):
        if (cause != "demon" or not game.phase.at_night or ATTACKED in player.reminders
                or not game.working(player, self.id)):
            return True
        # Hold the death: right after the Demon's step, the Storyteller decides who dies.
        demon = _attacker(game)
        player.reminders.append(ATTACKED)
        game.say_private(f"The Demon attacked the Mayor, {player.label}. The Mayor's death "
                         "waits: after the Demon sleeps, you decide who dies.")
        game.interject(self._bounce(game, player, demon))
        return HELD

    def _bounce(self, game, mayor, demon):
        others = [p for p in game.grim.living
                  if p is not mayor and p is not demon and not p.traveller]
        proposal = game.rng.choice(others) if others else None
        hint = f" Proposed: {proposal.label}." if proposal else ""
        instead = yield YesNo(prompt=f"The Mayor, {mayor.label}, would die. Should another "
                                     f"player die instead?{hint} Say yes or no.")
        victim = mayor
        if instead:
            def not_mayor(seats):
                return ("Choose a player other than the Mayor, or say no." if mayor.seat in seats
                        else None)
            example = f" For example, say seat {proposal.seat}." if proposal else ""
            seats = yield ChooseSeats(prompt=f"Who dies instead of the Mayor?{example}",
                                      count=1, actor=self.id, check=not_mayor)
            victim = game.grim.seat(seats[0])
        try:
            died = game.kill(victim, "demon", by=demon)
        finally:
            if ATTACKED in mayor.reminders:
                mayor.reminders.remove(ATTACKED)
        if died:
            game.say_private(f"{victim.Label} dies instead of the Mayor." if victim is not mayor
                             else f"The Mayor, {mayor.label}, dies.")
        else:
            game.say_private(f"{victim.Label} does not die.")


ATTACKED = "Mayor: attacked"


def _attacker(game):
    """The Demon whose step is running (the one who attacked), else a living Demon."""
    cur = getattr(game, "current", None)
    if cur and cur.seat and game.is_demon(game.grim.seat(cur.seat)):
        return game.grim.seat(cur.seat)
    demons = game.demons_alive()
    return demons[0] if demons else None
