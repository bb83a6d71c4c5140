"""The Dreamer: each night, choose a player (not yourself or Travellers): you learn 1 good
and 1 evil character, 1 of which is correct."""
from __future__ import annotations

from characters.common import say_character
from characters.storyteller import pick
from statemachine.model import DEMON, MINION, OUTSIDER, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

GOOD_TEAMS = (TOWNSFOLK, OUTSIDER)
EVIL_TEAMS = (MINION, DEMON)


class Dreamer(Character):
    id = "dreamer"
    name = "Dreamer"
    team = TOWNSFOLK
    first_night = 60
    other_night = 78
    reminders = ()

    def night(self, game, player):
        def legal(seats):
            target = game.grim.seat(seats[0])
            if target is player:
                return "The Dreamer cannot choose themself."
            if target.traveller:
                return "The Dreamer cannot choose a Traveller."
            return None

        seats = yield ChooseSeats(prompt="The Dreamer chooses a player, not themself and not "
                                         "a Traveller.", count=1, actor=self.id, check=legal)
        target = game.grim.seat(seats[0])
        real = target.character
        # By character type, not alignment: a Townsfolk or Outsider is shown beside a
        # Minion or Demon, and a Minion or Demon beside a Townsfolk or Outsider.
        good_side = game.unit(real).team in GOOD_TEAMS
        say = lambda cid: say_character(game, cid)  # noqa: E731
        notes = game.registration_notes([target])
        intro = (f"They chose {target.label}, the {game.unit(real).name}. Show one good and "
                 "one evil character token, one of them theirs.")
        for teams in (GOOD_TEAMS, EVIL_TEAMS):
            side = "good" if teams is GOOD_TEAMS else "evil"
            pool = self._pool(game, teams, real, player)
            if (teams is GOOD_TEAMS) == good_side:
                # Their own token: the information. Drunk, poisoned or under the Vortox,
                # another token of the same side makes both wrong.
                yield game.info(player, self.id, "character", real,
                                lambda pool=pool: game.rng.choice(pool) if pool else real, say,
                                f"{intro} The {side} token, their own.".strip(), notes,
                                check=self._check(game, teams))
            else:
                # The other token is the Storyteller's free choice of that side.
                kind = "Townsfolk or Outsider" if teams is GOOD_TEAMS else "Minion or Demon"
                tip = ", perhaps the one they claim to be" if not good_side else ""
                yield pick(game, " ".join([f"{intro} The {side} token: any {kind}{tip}.".strip(),
                                           *notes]),
                           "character", game.rng.choice(pool) if pool else real, say,
                           check=self._check(game, teams))
            intro, notes = "", []

    @staticmethod
    def _pool(game, teams, real, player) -> list[str]:
        """Characters on the script to show beside (or, drunk, instead of) the real one:
        not the Dreamer's own token."""
        mine = {player.character, player.believes}
        return [i for i in game.setup.script
                if i != real and i not in mine and game.unit(i).team in teams]

    def _check(self, game, teams):
        side = "a good" if teams is GOOD_TEAMS else "an evil"

        def check(cid):
            if game.unit(cid).team not in teams:
                return f"That is not {side} character: show {side} token here."
            return None
        return check
