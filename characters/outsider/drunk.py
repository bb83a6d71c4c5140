"""The Drunk: does not know they are the Drunk; believes they are a Townsfolk whose
ability does nothing. The token never goes in the bag."""
from __future__ import annotations

from characters.believer import Believer
from characters.common import team_ids
from statemachine.model import OUTSIDER, TOWNSFOLK


class Drunk(Believer):
    id = "drunk"
    name = "Drunk"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()
    setup = True
    believed_word = "Townsfolk"
    believed_rule = "The Drunk must think they are a Townsfolk that is not in play."
    commands = {"drunk_believes": ("the drunk thinks they are the {character}",)}

    def in_bag(self) -> bool:
        return False

    def prepare(self, game, player):
        free = team_ids(game, TOWNSFOLK, in_play=False)
        taken = {p.believes for p in game.grim.players}
        free = [c for c in free if c not in taken]
        if free:
            player.believes = game.rng.choice(free)

    def may_believe(self, game, player, cid):
        in_play = {p.character for p in game.grim.players}
        return game.unit(cid).team == TOWNSFOLK and cid not in in_play

    def believed(self, game):
        for line in game.bluff_warnings():
            game.say_private(line)
