"""The Hatter: if you died today or tonight, the Minion and Demon players may choose new Minion
and Demon characters to be.

When the Hatter dies while the ability works (a drunk or poisoned Hatter's death does
nothing), they are marked Tea Party Tonight. That night, at the Hatter's place, the Hatter
is not woken: each Minion and each Demon player (alive or dead: our ruling), in seat order,
is woken and may choose a new character of their own type (a Minion a Minion, a Demon a
Demon), on the script and not in play; "next" keeps the character they have. The change goes
through the engine's character creation (``game.creation.create``): alignment stays, the new
character's setup choices are proposed afresh, a first-night ability acts later tonight.
Jinxes: the Summoner's with the Hatter is applied by the Summoner's unit; the Leviathan
cannot be chosen after day five (from the night after day five on: the Pit-Hag's ruling);
with Legion in play the Hatter has no ability, and a Demon choosing Legion makes every evil
player Legion (characters/demon/legion.py: ``joining``), which ends the tea party; a Demon
choosing Lil' Monsta also chooses a Minion character to become and keeps Lil' Monsta's token
(statemachine/rules/babysat.py) until the Minions choose at its next place (our ruling).
"""
from __future__ import annotations

from characters.demon import legion
from characters.jinxes import active_jinxes
from characters.official import died_lately
from statemachine.model import DEMON, MINION, OUTSIDER
from statemachine.registry import Character
from statemachine.rules import babysat
from statemachine.waits import ChooseCharacter, Next

TEA = "Hatter: Tea Party Tonight"


class Hatter(Character):
    id = "hatter"
    name = "Hatter"
    team = OUTSIDER
    first_night = None
    other_night = 58
    reminders = ("Tea Party Tonight",)

    def _jinx(self, game, other):
        return (other, self.id) in active_jinxes(game.setup.script)

    def _legion_in_play(self, game):
        """A jinx: with Legion in play, the Hatter has no ability."""
        return self._jinx(game, "legion") and game.creation.in_play("legion")

    def on_death(self, game, player, cause):
        if self._legion_in_play(game):
            return
        if not game.impaired(player, self.id) and TEA not in player.reminders:
            player.reminders.append(TEA)

    def wakes(self, game, player, first_night):
        return (not first_night and not player.alive and TEA in player.reminders
                and died_lately(game, player) and not self._legion_in_play(game))

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        if TEA in player.reminders:
            player.reminders.remove(TEA)
        evil = [p for p in game.grim.players if game.team_of(p) in (MINION, DEMON)]
        if not evil:
            yield Next(prompt="The Hatter died, but no Minion or Demon is in play. Say next.")
            return
        for p in evil:
            yield from self._tea(game, p)
            if self._legion_in_play(game):
                return              # a jinx: every evil player is Legion now

    def _fits(self, game, p, team):
        """The check of a character ``p`` may choose: of ``team``, on the script, not in play."""
        kind = "Minion" if team == MINION else "Demon"

        def fits(cid):
            new = game.unit(cid)
            if new.team != team:
                return f"{p.Label} is a {kind}: they choose a {kind} character."
            if cid not in game.setup.script:
                return f"The {new.name} is not on the script."
            if game.creation.in_play(cid):
                return f"The {new.name} is in play: they choose one not in play."
            if cid == "leviathan" and game.grim.day >= 5 and self._jinx(game, cid):
                return "A jinx: the Leviathan cannot come into play after day five."
            if new.babysat and not self._jinx(game, cid):
                return f"No player can be the {new.name}."
            other = next((q for q in game.grim.players if q is not p and (
                new.excludes(q.character) or game.unit(q.character).excludes(cid))), None)
            if other is not None:
                return (f"A jinx: only one of the {new.name} and the "
                        f"{game.unit(other.character).name} may be in play.")
            return None
        return fits

    def _tea(self, game, p):
        team = game.team_of(p)
        kind = "Minion" if team == MINION else "Demon"
        old = game.unit(p.character).name
        fits = self._fits(game, p, team)

        cid = yield ChooseCharacter(
            prompt=(f"Wake the {old}, {p.label}. Show them the Hatter token. They may choose "
                    f"a {kind} character not in play to become. Say the character, or next "
                    f"to stay the {old}."), check=fits)
        if cid is None:
            game.say_private(f"{p.Label} stays the {old}. Put the {old} to sleep.")
            return
        if game.unit(cid).babysat:
            yield from self._babysit(game, p, cid)
            return
        lines = game.creation.create(p, cid)
        new = game.unit(cid).name
        yield Next(prompt=" ".join([
            f"{p.Label}, the {old}, is now the {new}, and stays {p.alignment}. Show them the "
            f"You Are token, then the {new} token. Put them to sleep.", *lines, "Say next."]))
        if cid == "legion" and self._jinx(game, cid):
            yield from self._all_legion(game)

    def _all_legion(self, game):
        """A jinx: Legion created, every evil player becomes Legion."""
        for q in legion.joining(game):
            old = game.unit(q.character).name
            lines = game.creation.create(q, "legion")
            yield Next(prompt=" ".join([
                f"A jinx: Legion is created, so every evil player becomes Legion. Wake "
                f"{q.label}, the {old}: show them the You Are token, then the Legion token. "
                "Put them to sleep.", *lines, "Say next."]))

    def _babysit(self, game, p, cid):
        """A jinx: the Demon taking Lil' Monsta also chooses a Minion character to become, and
        keeps its token until the Minions next choose (our ruling)."""
        old, monsta = game.unit(p.character).name, game.unit(cid).name
        minion = yield ChooseCharacter(
            prompt=(f"A jinx: they take {monsta}, so they also choose a Minion character not "
                    f"in play to become. Say the Minion, or next to stay the {old}."),
            check=self._fits(game, p, MINION))
        if minion is None:
            game.say_private(f"{p.Label} stays the {old}. Put the {old} to sleep.")
            return
        babysat.pass_token(game, cid, p)           # first: a Demon all along
        lines = game.creation.create(p, minion)
        new = game.unit(minion).name
        yield Next(prompt=" ".join([
            f"{p.Label}, the {old}, is now the {new} and babysits {monsta}: they are the "
            f"Demon. Show them the You Are token, the {new} token, then the {monsta} token. "
            "Put them to sleep. From the next night, the Minions choose who babysits.",
            *lines, "Say next."]))
