"""The Storm Catcher (Loric): a good character is named. If it is in play, its player can
die only by execution, but the evil players learn who it is.

At setup the narrator proposes a good character in play (the game's seeded generator); the
Storyteller may name another good character on the script ("the storm catcher names the
Monk") until the first night begins. Its player is marked Stormcaught. At its first-night
place the table hears which character is storm caught, and the Storyteller wakes the evil
players to show them that character and its player (or that it is not in play). While
marked, every death but an execution fails for that player; the Storyteller's own "seat 3
dies" is not stopped. The mark stays with the player, as the ability says "that player".
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import LORIC, OUTSIDER, TOWNSFOLK
from statemachine.registry import Character
from statemachine.rules.fabled import note, set_note
from statemachine.waits import Next

CAUGHT = "Storm Catcher: Stormcaught"
GOOD_TEAMS = (TOWNSFOLK, OUTSIDER)


class StormCatcher(Character):
    id = "stormcatcher"
    name = "Storm Catcher"
    team = LORIC
    first_night = 4
    other_night = None
    reminders = ("Stormcaught",)
    commands = {"stormcatcher_names": ("the storm catcher names the {character}",)}

    def caught(self, game):
        return next((p for p in game.grim.players if CAUGHT in p.reminders), None)

    def prepare(self, game, player):
        if note(game, self.id):
            return
        good = [p for p in game.grim.non_travellers if game.team_of(p) in GOOD_TEAMS]
        if good:
            self._name(game, game.rng.choice(good).character)

    def _name(self, game, character):
        set_note(game, self.id, character)
        for p in game.grim.players:
            if CAUGHT in p.reminders:
                p.reminders.remove(CAUGHT)
        holder = next((p for p in game.grim.players if p.character == character), None)
        if holder is not None:
            holder.reminders.append(CAUGHT)

    def _said(self, game) -> str:
        named = note(game, self.id)
        if not named:
            return "no character yet"
        holder = self.caught(game)
        where = f", {holder.label}" if holder else ", not in play"
        return f"the {game.unit(named).name}{where}"

    def setup_lines(self, game, player):
        return [f"The Storm Catcher's character, proposed: {self._said(game)}. To name "
                "another, say 'the storm catcher names the' and a good character."]

    def handle(self, game, player, intent, slots):
        if game.phase.state != "setup":
            raise game.not_now("the Storm Catcher's character is named at setup")
        cid = slots["character"]
        unit = game.unit(cid)
        if unit.team not in GOOD_TEAMS or cid not in game.setup.script:
            raise Rejected(f"The Storm Catcher names a good character on the script, not the "
                           f"{unit.name}.")
        self._name(game, cid)
        game.say_private(f"The Storm Catcher names {self._said(game)}.")
        return True

    def night(self, game, player):
        named = note(game, self.id)
        if not named:
            return
        name = game.unit(named).name
        game.say_public(f"The Storm Catcher has caught the {name}.", at_once=True)
        holder = self.caught(game)
        if holder is not None:
            show = f"show them the {name} token, then point at {holder.label}"
        else:
            show = f"show them 'these characters are not in play' and the {name} token"
        yield Next(prompt=f"Announce that the {name} is storm caught. Wake every evil player: "
                          f"{show}. Put them to sleep, then say next.")

    def protects(self, game, holder, player, cause):
        if cause in ("execution", "storyteller") or CAUGHT not in player.reminders:
            return None
        return f"{player.Label} is storm caught: they can die only by execution."
