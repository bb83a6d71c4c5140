"""The Apprentice: on your 1st night, you gain a Townsfolk ability (if good), or a Minion
ability (if evil).

A not-in-play character of the right kind on the script is proposed; the Storyteller says
next to keep it or names another. The Apprentice stays the Apprentice (a Traveller) and holds
the gained ability on top, acting in its place from that night if it would. It lasts until
they die, like any ability.
"""
from __future__ import annotations

from statemachine.model import EVIL, MINION, TOWNSFOLK, TRAVELLER
from characters.traveller._alignment import Traveller
from statemachine.waits import ChooseCharacter, Next

IS_APPRENTICE = "Is The Apprentice"


class Apprentice(Traveller):
    id = "apprentice"
    name = "Apprentice"
    team = TRAVELLER
    first_night = 8
    other_night = None
    reminders = ("Is The Apprentice",)

    def wakes(self, game, player, first_night):
        return player.alive and first_night and IS_APPRENTICE not in player.reminders

    def night(self, game, player):
        team = MINION if player.alignment == EVIL else TOWNSFOLK
        in_play = {p.character for p in game.grim.players} | {
            a for p in game.grim.players for a in p.extra_abilities}
        script = [c for c in game.setup.script if c in game.registry
                  and game.unit(c).team == team]
        free = [c for c in script if c not in in_play] or script
        proposal = game.rng.choice(free) if free else None
        kind = "Minion" if team == MINION else "Townsfolk"

        def right_team(cid):
            if cid not in script:
                return (f"The Apprentice is {player.alignment}: they gain a {kind} ability "
                        "from the script.")
            return None

        shown = f"the {game.unit(proposal).name}" if proposal else "nothing"
        cid = yield ChooseCharacter(
            prompt=f"The Apprentice is {player.alignment}, so they gain a {kind} ability. "
                   f"Proposed: {shown}. Say next to give it, or say the character.",
            check=right_team)
        cid = cid or proposal
        if not cid:
            return
        player.extra_abilities.append(cid)
        player.reminders.append(IS_APPRENTICE)
        yield Next(prompt=f"Show them the You Are token, then the {game.unit(cid).name}. "
                          "Put that token in the Grimoire with the Is The Apprentice reminder. "
                          "Say next.")
