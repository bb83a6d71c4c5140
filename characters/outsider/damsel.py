"""The Damsel: all Minions know a Damsel is in play. If a Minion publicly guesses you
(once), your team loses.

First night, at the Damsel's place (not waking the Damsel): each Minion is woken and shown
the Damsel token. By day "seat 3 guesses seat 5 is the damsel" is a public guess: only a
Minion's counts (the Demon pretending to be one, or anyone else, changes nothing and uses
nothing), and the Minions share one guess: a wrong one, or one while the Damsel is drunk or
poisoned, uses it up and nothing happens. A right guess while the Damsel's ability works:
evil wins. The Damsel's own ability needs no Damsel alive: "even if dead" is not written, so
a dead Damsel's ability is gone and a guess then does nothing, used or not. Jinxes: once a
Spy or a Widow has been in play, the Damsel is poisoned for the rest of the game.
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import EVIL, OUTSIDER, Effect
from statemachine.night import spoken_list
from statemachine.wording import the_minions
from statemachine.registry import Character, Win
from statemachine.waits import Next

USED = "Damsel: Guess Used"
JINX = " jinx"      # the note on the Damsel's poison ("Spy jinx", "Widow jinx")
POISONING_MINIONS = ("spy", "widow")     # the jinxes: once one has been in play


class Damsel(Character):
    id = "damsel"
    name = "Damsel"
    team = OUTSIDER
    first_night = 49
    other_night = 67      # the sheet's place; the Huntsman's step shows a changed Damsel
    reminders = ("Guess Used",)
    commands = {"damsel_guess": (
        "seat {seat:guesser} guesses [that] seat {seat} is the damsel",)}

    def wakes_holder(self, game, player):
        return False

    # --- the jinxes with the Spy and the Widow: once one has been in play, the Damsel is
    # poisoned for the rest of the game ------------------------------------------------------
    def _minion_jinx(self, game, damsel) -> str:
        """Poison the Damsel if a jinx is on and its Minion has been in play: that Minion's
        name if done now, else ""."""
        if self._jinx_note(damsel):
            return ""
        jinxes = active_jinxes(game.setup.script)
        for cid in POISONING_MINIONS:
            if (cid, "damsel") in jinxes and any(
                    cid in p.held or p.character == cid for p in game.grim.players):
                name = game.unit(cid).name
                damsel.add_effect(Effect("poisoned", until="game", note=name + JINX))
                return name
        return ""

    @staticmethod
    def _jinx_note(damsel) -> str:
        return next((e.note for e in damsel.effects if e.note.endswith(JINX)), "")

    def _jinx_line(self, damsel, name: str = "") -> str:
        name = name or self._jinx_note(damsel).removesuffix(JINX)
        return (f"A jinx: the Damsel, {damsel.label}, is poisoned for the rest of the game. "
                f"A {name} has been in play.")

    def prepare(self, game, player):
        self._minion_jinx(game, player)

    def setup_lines(self, game, player):
        if self._jinx_note(player):
            return [self._jinx_line(player)]
        return []

    def on_character_change(self, game, holder, player, old, new):
        if new in POISONING_MINIONS:
            name = self._minion_jinx(game, holder)
            if name:
                game.say_private(self._jinx_line(holder, name))

    def wakes(self, game, player, first_night):
        return first_night and any(game.is_minion(p) and not p.traveller
                                   for p in game.grim.players)

    def night(self, game, player):
        minions = [p for p in game.grim.players if game.is_minion(p) and not p.traveller]
        yield Next(prompt=f"Wake {the_minions(len(minions))}, {spoken_list(p.label for p in minions)}: show "
                          "them the Damsel token, a Damsel is in play. Put them to sleep. "
                          "Say next.")

    def handle(self, game, player, intent, slots):
        if intent != "damsel_guess":
            return False
        if not game.phase.in_day or game.phase.state == "execution":
            raise game.not_now("a Minion guesses the Damsel in public, by day")
        guesser, target = game.player(slots["guesser"]), game.player(slots["seat"])
        damsels = game.holders(self.id, alive_only=False)
        game.say_public(f"{guesser.Label} guesses that {target.label} is the Damsel.")
        if not game.is_minion(guesser) or guesser.traveller:
            game.say_private(f"{guesser.Label} is not a Minion: nothing happens, and the "
                             "Minions' guess is not used.")
            return True
        if any(USED in d.reminders for d in damsels):
            game.say_private("The Minions' one guess is used already: nothing happens.")
            return True
        player.reminders.append(USED)
        hit = next((d for d in damsels if d is target), None)
        if hit is None:
            game.say_private("The guess is wrong: nothing happens, and the Minions' one guess "
                             "is used.")
            return True
        if not (hit.alive and game.working(hit, self.id)):
            game.say_private(f"The guess is right, but the Damsel is "
                             f"{game.impairment(hit, self.id) or 'dead'}: nothing happens, "
                             "and the Minions' one guess is used.")
            return True
        game.end_game(Win(EVIL, f"A Minion guessed the Damsel, {hit.name}."))
        return True
