"""The Marionette: you think you are a good character, but you are not. The Demon knows who
you are. [You neighbour the Demon]

A Minion whose player is shown a good character not in play and holds only that believed
ability, which never works (``acts_as_believed``, as the Drunk's: their information may be
anything). A drawn bag seats the Marionette beside the Demon (``place``); an explicit setup
that does not is said at setup. The Minion info does not wake them and the Demon info does
not show them (``shown_as_minion``); at the Marionette's own step the Demon is woken and
shown who the Marionette is, unless the Poppy Grower's ability hides the evil team from each
other. Change the token shown with "the marionette thinks they are the" and a good
character. Jinxes: a Marionette who thinks they are the Balloonist may mean one more
Outsider (said at setup: the Storyteller's choice); one who thinks they are the Huntsman
means the Damsel was added, so the Huntsman is refused unless a Damsel is in play; the
Mathematician may count the Marionette (a note at its step); with Lil' Monsta, no player is
the Demon, so the Marionette sits beside a Minion, and the Lil' Monsta step does not wake it;
while a Magician lives, the Demon is not told which of its neighbours is the Marionette.
"""
from __future__ import annotations

from characters.believer import Believer
from characters.common import team_ids
from characters.jinxes import active_jinxes
from characters.townsfolk.magician import marionette_hidden
from statemachine.model import DEMON, MINION, OUTSIDER, TOWNSFOLK
from statemachine.night import spoken_list
from statemachine.rules import babysat
from statemachine.waits import Next


class Marionette(Believer):
    id = "marionette"
    name = "Marionette"
    team = MINION
    first_night = 26
    other_night = None
    reminders = ()
    setup = True
    shown_as_minion = False
    believer_step = True
    impaired_as = "the Marionette"
    believed_word = "good character"
    believed_rule = "The Marionette must think they are a good character that is not in play."
    believer_note = "They are the Marionette: their ability does not work."
    commands = {"marionette_believes": ("the marionette thinks they are the {character}",)}

    # --- setup --------------------------------------------------------------------------
    def place(self, bag, teams, rng):
        demons = [i for i, cid in enumerate(bag) if teams.get(cid) == DEMON]
        if not demons:      # no player is the Demon (Lil' Monsta): beside a Minion, a jinx
            demons = [i for i, cid in enumerate(bag) if teams.get(cid) == MINION
                      and cid != self.id]
        if self.id not in bag or not demons:
            return
        me, d = bag.index(self.id), demons[0]
        if abs(me - d) == 1:
            return
        seat = d + 1 if d + 1 < len(bag) else d - 1
        bag[me], bag[seat] = bag[seat], bag[me]

    def prepare(self, game, player):
        taken = {p.believes for p in game.grim.players} | {p.character for p in game.grim.players}
        for team in (TOWNSFOLK, OUTSIDER):
            free = [c for c in team_ids(game, team, in_play=False)
                    if c not in taken and self.may_believe(game, player, c)
                    and c not in ("balloonist", "huntsman")]    # no jinx by default
            if free:
                player.believes = game.rng.choice(free)
                return

    def may_believe(self, game, player, cid):
        unit = game.unit(cid)
        if unit.team not in (TOWNSFOLK, OUTSIDER) or unit.acts_as_believed:
            return False
        if cid in {p.character for p in game.grim.players}:
            return False
        if (cid == "huntsman" and ("marionette", "huntsman") in active_jinxes(game.setup.script)
                and not any(p.character == "damsel" for p in game.grim.players)):
            return False
        return True

    def setup_lines(self, game, player):
        lines = super().setup_lines(game, player) if player.believes else [
            f"{player.Label} is the Marionette, and no good character is free to show "
            "them: say 'the marionette thinks they are the' and a good character."]
        beside = game.grim.neighbours(player, alive_only=False)
        near, whom = game.is_demon, "the Demon"
        if (("marionette", "summoner") in active_jinxes(game.setup.script)
                and not any(game.is_demon(p) for p in game.grim.players)):
            # A jinx: with no Demon yet, the Marionette starts beside the Summoner.
            near, whom = (lambda n: n.character == "summoner"), "the Summoner"
        if babysat.in_play(game):
            if not any(game.is_minion(n) for n in beside):
                lines.append(f"A jinx: the Marionette, {player.label}, must sit beside a "
                             "Minion, as no player is the Demon.")
        elif not any(near(n) for n in beside):
            lines.append(f"The Marionette, {player.label}, does not sit beside {whom}: "
                         "the setup rule seats them there.")
        lines += self._jinx_lines(game, player)
        return lines

    def believed(self, game):
        for p in game.grim.players:
            if p.character == self.id:
                for line in self._jinx_lines(game, p):
                    game.say_private(line)

    @staticmethod
    def _jinx_lines(game, player):
        if (player.believes == "balloonist"
                and ("marionette", "balloonist") in active_jinxes(game.setup.script)):
            return ["A jinx: the Marionette thinks they are the Balloonist, so you may add "
                    "one Outsider."]
        return []

    # --- the night: the Demon learns the Marionette -------------------------------------
    def wakes_holder(self, game, player):
        return False

    def wakes(self, game, player, first_night):
        return first_night and any(game.is_demon(p) for p in game.grim.players)

    def night(self, game, player):
        if game.evil_info_hidden():
            yield Next(prompt="The Poppy Grower's ability works: the Demon is not shown the "
                              "Marionette. Say next.")
            return
        demons = [p for p in game.grim.players if game.is_demon(p)]
        woken = spoken_list(d.label for d in demons)
        if marionette_hidden(game):
            both = spoken_list(n.label for n in game.grim.neighbours(demons[0],
                                                                     alive_only=False))
            yield Next(prompt=f"Wake the Demon, {woken}: show them the Marionette token. A "
                              "jinx: while the Magician lives, do not show which neighbour it "
                              f"is; point to both their neighbours, {both}. Put them to "
                              "sleep. Say next.")
            return
        yield Next(prompt=f"Wake the Demon, {woken}: show them the Marionette token and point "
                          f"to {player.label}. Put them to sleep. Say next.")

