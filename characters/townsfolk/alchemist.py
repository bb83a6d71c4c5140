"""The Alchemist: you have the ability of a Minion not in play. The Storyteller may ask you
to choose again.

At setup a Minion of the script not in play is proposed ("the alchemist has the poisoner"
changes it during setup); the Alchemist holds its ability as a gained one (the Philosopher's
way: ``Player.extra_abilities``), so it wakes at that Minion's place as the Alchemist "with
the Poisoner's ability" and stays good. The Minion unit's own setup choices are proposed for
the Alchemist (the Boffin's good character). On the first night the Alchemist is shown the
You Are token and the Minion token. A Minion with a setup effect is not proposed: its
effect on a drawn bag is not made. Jinxes: with the Boffin's ability the Alchemist is not
told the Demon's ability; with the Marionette's, Spy's, Widow's or Wraith's the Alchemist
has no ability and that Minion is in play (for the Spy, the Widow and the Wraith, a public
guess a day: characters/guessed_minion.py); with the Mastermind's, no ability and no
Mastermind in play; with the Organ Grinder's, an Organ Grinder is in play and both are drunk;
with the Summoner's (said at setup, not proposed), there is no Demon: each Demon in play
becomes a good Townsfolk not in play, and the Summoner unit runs the rest (no bluffs, the
Alchemist picks the Demon but not the player, evil wins if they die before).
"""
from __future__ import annotations

from characters import guessed_minion
from characters.jinxes import active_jinxes
from statemachine.errors import Rejected
from statemachine.model import DEMON, GOOD, MINION, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import Next

HAS = "Alchemist: the "
ABILITY = " ability"
IN_PLAY = ("marionette", "spy", "widow", "wraith", "organgrinder")  # jinxes: must be in play
NO_ABILITY = ("marionette", "spy", "widow", "wraith", "mastermind")  # jinxes: no ability
GUESSED = ("spy", "widow", "wraith")
NOT_RUN = ("scarletwoman",)      # its unit acts only for a Scarlet Woman by character
DRUNK = "Alchemist and Organ Grinder"


class Alchemist(Character):
    id = "alchemist"
    name = "Alchemist"
    team = TOWNSFOLK
    first_night = 14
    other_night = None
    reminders = ()
    commands = {"alchemist_has": ("the alchemist has the {character}",
                                  "the alchemist has the {character} ability"),
                "alchemist_guesses": ("the alchemist guesses seat {seat}",)}

    def _jinx(self, game, cid) -> bool:
        return ("alchemist", cid) in active_jinxes(game.setup.script)

    def minion(self, game, player) -> str | None:
        names = {r[len(HAS):-len(ABILITY)] for r in player.reminders
                 if r.startswith(HAS) and r.endswith(ABILITY)}
        return next((u.id for u in game.registry if u.name in names), None)

    def allowed(self, game, player, cid) -> str | None:
        unit = game.unit(cid)
        if unit.team != MINION:
            return "The Alchemist has a Minion's ability."
        if not unit.automated or cid in NOT_RUN:
            return f"The narrator does not run the {unit.name}'s ability for the Alchemist."
        in_play = any(p.character == cid for p in game.grim.players)
        if cid in IN_PLAY and self._jinx(game, cid):
            if not in_play:
                return f"A jinx: an Alchemist with the {unit.name}'s ability needs one in play."
            return None
        if in_play:
            return f"The {unit.name} is in play; the Alchemist's Minion is not."
        return None

    def _ability_held(self, game, cid) -> bool:
        return not (cid in NO_ABILITY and self._jinx(game, cid))

    def _take(self, game, player, cid) -> None:
        player.reminders.append(HAS + game.unit(cid).name + ABILITY)
        if self._ability_held(game, cid):
            player.extra_abilities.append(cid)
            game.unit(cid).prepare(game, player)
        if cid == "organgrinder" and self._jinx(game, cid):
            for p in [player] + [p for p in game.grim.players if p.character == cid]:
                p.add_effect(Effect("drunk", source=player.seat, until="game", note=DRUNK,
                                    ability=self.id))

    def _drop(self, game, player, cid) -> None:
        unit = game.unit(cid)
        player.reminders = [r for r in player.reminders
                            if not r.startswith(HAS) and not r.startswith(unit.name)]
        if cid in player.extra_abilities:
            player.extra_abilities.remove(cid)
        for p in game.grim.players:
            p.effects = [e for e in p.effects if not (e.note == DRUNK and e.source == player.seat)]

    @staticmethod
    def _no_demon(game) -> None:
        """A jinx: with the Alchemist-Summoner there is no Demon. Each Demon in play becomes
        a good Townsfolk not in play (the Summoner's own setup, made on the drawn bag)."""
        for p in [p for p in game.grim.players if game.team_of(p) == DEMON]:
            free = [c for c in game.setup.script if c in game.registry
                    and game.unit(c).team == TOWNSFOLK and not game.creation.in_play(c)]
            if not free:
                game.say_private(f"A jinx: there is no Demon, but no Townsfolk is free for "
                                 f"{p.label}: say 'seat {p.seat} is the' and a Townsfolk.")
                continue
            old, new = game.unit(p.character).name, game.rng.choice(free)
            game.change_character(p, new)
            p.alignment = p.first_alignment = GOOD
            game.say_private(f"A jinx: there is no Demon. {p.Label}, the {old}, is now the "
                             f"{game.unit(new).name}, good. Say 'seat {p.seat} is the' and a "
                             "Townsfolk to change it.")

    def prepare(self, game, player):
        free = [c for c in game.setup.script if c in game.registry
                and self.allowed(game, player, c) is None and not game.unit(c).setup
                and not (c in IN_PLAY + NO_ABILITY and self._jinx(game, c))]
        if free:
            self._take(game, player, game.rng.choice(free))

    def setup_lines(self, game, player):
        cid = self.minion(game, player)
        if not cid:
            return ["The Alchemist has no Minion ability to hold: say 'the alchemist has the' "
                    "and a Minion."]
        lines = [f"The Alchemist, {player.label}, has the {game.unit(cid).name}'s ability. "
                 "Say 'the alchemist has the' and a Minion to change it."]
        if self._ability_held(game, cid):
            lines += game.unit(cid).setup_lines(game, player)
        return lines

    def handle(self, game, player, intent, slots):
        if intent == "alchemist_guesses":
            cid = self.minion(game, player)
            if cid not in GUESSED or not self._jinx(game, cid):
                raise Rejected("The Alchemist guesses only when they were shown the Spy, the "
                               "Widow or the Wraith, jinxed.")
            guessed_minion.guess(game, player, self.name, cid, slots["seat"])
            return True
        if intent != "alchemist_has":
            return False
        if game.phase.state != "setup":
            raise game.not_now("the Alchemist's Minion is chosen at setup")
        cid = slots["character"]
        old = self.minion(game, player)
        if (old == "summoner" and cid != old and self._jinx(game, old)
                and not any(game.team_of(p) == DEMON for p in game.grim.players)):
            raise Rejected("A jinx: the Demon was taken out for the Alchemist with the "
                           "Summoner's ability. Put a Demon back first: say 'seat' a number "
                           "'is the' and a Demon.")
        if old:
            self._drop(game, player, old)
        problem = self.allowed(game, player, cid)
        if problem:
            if old:
                self._take(game, player, old)
            raise Rejected(problem)
        self._take(game, player, cid)
        game.say_private(f"The Alchemist has the {game.unit(cid).name}'s ability.")
        if cid == "summoner" and self._jinx(game, cid):
            self._no_demon(game)
        for line in self.setup_lines(game, player)[1:]:
            game.say_private(line)
        return True

    def night(self, game, player):
        cid = self.minion(game, player)
        if not cid:
            yield Next(prompt="The Alchemist has no Minion ability: show them nothing. Say "
                              "next.")
            return
        name = game.unit(cid).name
        lines = [f"Show the Alchemist the You Are token and the {name} token."]
        if not self._ability_held(game, cid):
            lines.append(f"A jinx: they have no ability, and a {name} is "
                         f"{'not ' if cid == 'mastermind' else ''}in play.")
        elif cid == "organgrinder" and self._jinx(game, cid):
            lines.append("A jinx: the Alchemist and the Organ Grinder are both drunk.")
        else:
            lines.append(f"They wake at the {name}'s place to use it, as a good player.")
        yield Next(prompt=" ".join(lines) + " Say next.")

    def on_wake(self, game, holder, woken):
        lines = []
        if holder in woken and game.current is not None and game.current.seat == holder.seat \
                and game.current.ability == self.minion(game, holder):
            lines.append("You may ask the Alchemist to choose again.")
        if holder is game.holders(self.id, alive_only=False)[0]:
            lines += guessed_minion.wake_lines(game, woken)
        return lines

    def on_dawn(self, game, holder):
        guessed_minion.clear(game)
