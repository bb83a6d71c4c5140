"""The Drunk: does not know they are the Drunk; believes they are a Townsfolk whose
ability does nothing. The token never goes in the bag."""
from __future__ import annotations

from characters.common import team_ids
from statemachine.errors import Rejected
from statemachine.model import OUTSIDER, TOWNSFOLK
from statemachine.registry import Character


class Drunk(Character):
    id = "drunk"
    name = "Drunk"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()
    setup = True
    acts_as_believed = True
    commands = {"drunk_believes": ("the drunk thinks they are the {character}",)}

    def in_bag(self) -> bool:
        return False

    def prepare(self, game, player):
        free = team_ids(game, TOWNSFOLK, in_play=False)
        taken = {p.believes for p in game.grim.players}
        free = [c for c in free if c not in taken]
        if free:
            player.believes = game.rng.choice(free)

    def setup_lines(self, game, player):
        return [f"{player.Label} is the Drunk and is shown the "
                f"{game.unit(player.believes).name}. To change it, say 'the drunk thinks they "
                "are the' and a Townsfolk."]

    def handle(self, game, player, intent, slots):
        if intent != "drunk_believes":
            return False
        if game.phase.state != "setup":
            raise game.not_now("the Drunk's token is chosen at setup")
        cid = slots["character"]
        in_play = {p.character for p in game.grim.players}
        if game.unit(cid).team != TOWNSFOLK or cid in in_play:
            raise Rejected("The Drunk must think they are a Townsfolk that is not in play.")
        player.believes = cid
        game.say_private(f"The Drunk thinks they are the {game.unit(cid).name}.")
        for line in game.bluff_warnings():
            game.say_private(line)
        return True
