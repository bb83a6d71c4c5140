"""The Engineer: one night per game, you may decide which Minion or Demon characters are in
play.

Each night, until used, the Engineer may point at Minions or at a Demon on their sheet (not
both; only the script's characters). A Demon chosen: each Demon player becomes it. Minions
chosen: as many as there are Minion players, each different; a chosen Minion already in
play stays with its player, the others go to the remaining Minion players in seat order
(the Storyteller may move them with "seat 3 is the ..."). Each player changed keeps their
alignment (the created-character mechanism: statemachine/rules/creation.py), is woken and
shown their new character. The ability is then used (the No Ability reminder). A drunk or
poisoned Engineer uses it up and changes nothing. Choosing only characters already in play
changes nothing, unknown to the Engineer. Jinxes with Legion: with Legion in play, the
Engineer is woken once, told so, and has no ability; choosing Legion makes every evil player
Legion (characters/demon/legion.py: ``joining``). A jinx: a living Summoner who has not
summoned, removed from play, leaves the Summoner's ability to the Storyteller (kept on that
player's token: characters/minion/summoner.py).
"""
from __future__ import annotations

from characters.demon import legion
from characters.jinxes import active_jinxes
from statemachine.model import DEMON, MINION, STORYTELLER_HOLDS, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseCharacter, Next

NO_ABILITY = "Engineer: No Ability"


def _storyteller_takes_summoner(game, player):
    """A jinx: the living Summoner removed from play leaves the ability to the Storyteller,
    kept on the player's token (the Summoner unit's ``removed_held``)."""
    player.extra_abilities.append("summoner")
    player.effects.append(Effect(STORYTELLER_HOLDS, about="summoner", note="Engineer"))
    game.say_private("A jinx: the Summoner's ability is yours now, the Storyteller's: its "
                     "step wakes nobody and takes your choices.")


class Engineer(Character):
    id = "engineer"
    name = "Engineer"
    team = TOWNSFOLK
    first_night = 27
    other_night = 13
    reminders = ("No Ability",)

    def wakes(self, game, player, first_night):
        return player.alive and self.id not in player.spent

    def _check(self, game, team=None, taken=()):
        def check(cid):
            unit = game.unit(cid)
            if cid not in game.setup.script or unit.team not in (MINION, DEMON):
                return "The Engineer chooses a Minion or a Demon on the script."
            if team and unit.team != team:
                return f"The Engineer chooses Minions or a Demon, not both: say a {team}."
            if cid in taken:
                return f"The {unit.name} is chosen already: say another Minion."
            return None
        return check

    def _legion(self, game):
        return ("legion", self.id) in active_jinxes(game.setup.script)

    def night(self, game, player):
        if self._legion(game) and game.creation.in_play("legion"):
            game.use_once(player, self.id)
            player.reminders.append(NO_ABILITY)
            yield Next(prompt="A jinx: Legion is in play, so the Engineer has no ability. Tell "
                              "them Legion is in play. Mark them no ability. Say next.")
            return
        first = yield ChooseCharacter(
            prompt="The Engineer may point at Minions or a Demon on their sheet. Say the "
                   "first character, or next if they shake their head.",
            check=self._check(game))
        if not first:
            game.say_private("The Engineer waits.")
            return
        game.use_once(player, self.id)
        player.reminders.append(NO_ABILITY)
        team = game.unit(first).team
        evil = [p for p in game.grim.players if not p.traveller and game.team_of(p) == team]
        if first == "legion" and self._legion(game):
            evil = legion.joining(game) or evil     # a jinx: every evil player becomes Legion
        chosen = [first]
        while team == MINION and len(chosen) < len(evil):
            cid = yield ChooseCharacter(
                prompt=f"Minion {len(chosen) + 1} of {len(evil)}: say the next Minion they "
                       "point at.", check=self._check(game, MINION, chosen))
            if not cid:
                break
            chosen.append(cid)
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Engineer is {why}: nothing changes. Their ability is used: "
                             "mark them no ability.")
            return
        changes = self._assign(game, evil, chosen, team)
        if not changes:
            game.say_private("Those characters are in play already: nothing changes. The "
                             "Engineer's ability is used.")
            return
        game.put_holder_to_sleep()
        for target, cid in changes:
            summoner = (target.character == "summoner" and target.alive
                        and "summoner" not in target.spent
                        and ("summoner", self.id) in active_jinxes(game.setup.script))
            for line in game.creation.create(target, cid):
                game.say_private(line)
            if summoner:
                _storyteller_takes_summoner(game, target)
            for line in game.wake_notes([target]):
                game.say_private(line)
            yield Next(prompt=f"{target.Label} is now the {game.unit(cid).name}. Wake them: "
                              f"show the You Are token and the {game.unit(cid).name} token. "
                              "Put them to sleep. Say next.")
        game.say_private("The Engineer's ability is used: mark them no ability.")

    @staticmethod
    def _assign(game, evil, chosen, team):
        """(player, new character) for each player who changes."""
        if team == DEMON:
            return [(p, chosen[0]) for p in evil if p.character != chosen[0]]
        staying = [p for p in evil if p.character in chosen]
        left = [c for c in chosen if c not in {p.character for p in staying}]
        movers = [p for p in evil if p not in staying]
        return list(zip(movers, left))
