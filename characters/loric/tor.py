"""Tor (Loric): nobody knows their own character or team until they die, when they are told.

Nobody is handed a token: the hand-out places them in the grimoire (hides_own_character).
On the first night there is no Minion info and no Demon info (no bluffs either: the Demon
does not know it is the Demon). Abilities work as usual, each woken in its place to use it.
When a player dies they learn their true character and alignment, drunk or poisoned or not:
by day the Storyteller is told to tell them privately; at night, at Tor's place before dawn
(for each player who died tonight), to wake them and show them. A death later in the night
than that place, or on the first night, is said at once, to be shown before dawn. Travellers
know their character already and are not told.
"""
from __future__ import annotations

from statemachine.model import EVIL, LORIC
from statemachine.registry import Character
from statemachine.waits import Next


class Tor(Character):
    id = "tor"
    name = "Tor"
    team = LORIC
    first_night = 18
    other_night = 73
    reminders = ()
    setup = True
    hides_own_character = True

    def setup_lines(self, game, player):
        return ["With Tor, nobody knows their own character or team. Hand out no tokens, and "
                "give no Minion or Demon info tonight. A player learns theirs on dying."]

    def hides_evil_info(self, game, holder):
        return True

    def hides_demon_info(self, game, holder):
        return True

    def shown(self, game, p) -> str:
        thumb = "a thumbs down, evil" if p.alignment == EVIL else "a thumbs up, good"
        return (f"wake {p.label}. Show them the You Are token, the "
                f"{game.unit(p.character).name} token and {thumb}")

    def night(self, game, player):
        if game.phase.state == "first_night":
            yield Next(prompt="Nobody knows their own character: no Minion info and no Demon "
                              "info tonight. Say next.")
            return
        dead = [game.grim.seat(s) for s in dict.fromkeys(game.night_deaths)]
        dead = [p for p in dead if not p.alive and not p.traveller]
        if dead:
            steps = ". Then ".join(self.shown(game, p) for p in dead)
            yield Next(prompt=f"Tor: they learn who they were. {steps[0].upper()}{steps[1:]}. "
                              "Say next when done.")

    def on_any_death(self, game, holder, dead, cause):
        if dead.traveller:
            return
        if game.phase.at_night:
            later = game.current is not None and game.current.position > self.other_night
            if game.phase.state == "first_night" or later:
                game.say_private(f"Tor: before dawn, {self.shown(game, dead)}.")
            return
        side = "evil" if dead.alignment == EVIL else "good"
        game.say_private(f"Tor: tell {dead.label} privately that they were the "
                         f"{game.unit(dead.character).name}, and {side}.")
