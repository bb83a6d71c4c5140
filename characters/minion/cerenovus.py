"""The Cerenovus: each night, choose a player and a good character: they are "mad" they are
this character tomorrow, or might be executed.

The madness (statemachine/rules/madness.py) lasts through the next day and night, while the
Cerenovus's ability works, and a new choice replaces it. When the Storyteller judges that the
player did not try to convince the table, "seat 3 broke madness" executes them (after a
confirmation); "might" leaves it to the Storyteller, so nothing happens by itself.
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import MINION, OUTSIDER, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseCharacter, ChooseSeats, Next


class Cerenovus(Character):
    id = "cerenovus"
    name = "Cerenovus"
    team = MINION
    first_night = 42
    other_night = 27
    reminders = ("Mad",)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Cerenovus chooses a player, then a good "
                                         "character.", count=1, actor=self.id)
        target = game.grim.seat(seats[0])

        goblin_jinx = ("cerenovus", "goblin") in active_jinxes(game.setup.script)

        def good(cid):
            if cid == "goblin" and goblin_jinx:
                return None         # a jinx: madness about being the Goblin is allowed
            if game.unit(cid).team not in (TOWNSFOLK, OUTSIDER):
                return "The Cerenovus chooses a Townsfolk or an Outsider."
            if cid not in game.setup.script:
                return f"The {game.unit(cid).name} is not on the script."
            return None

        about = yield ChooseCharacter(prompt=f"Which good character is {target.label} to be "
                                             "mad about being? Say the character.", check=good)
        game.madness.end(player, self.id)      # the new choice replaces the last one
        if about is None:
            game.say_private("No character was chosen: nobody is made mad.")
            return
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Cerenovus is {why}: nobody is made mad.")
            return
        name = game.unit(about).name
        game.madness.make(target, about, player, self.id, until=f"dawn:{game.grim.night + 1}")
        game.put_holder_to_sleep()
        yield Next(prompt=f"Wake {target.label}. Show them the This Character Selected You "
                          f"token, the Cerenovus token, then the {name} token. Put them to "
                          f"sleep. Tomorrow they are mad about being the {name}: if they do "
                          f"not try, say 'seat {target.seat} broke madness'. Say next.")

    def madness(self, game, holder, player):
        lines = []
        for e in game.madness.of(player, holder, self.id):
            line = (f"{player.Label} is mad about being the {game.unit(e.about).name}, from "
                    f"the Cerenovus, {holder.label}.")
            if game.is_evil(player):
                line += " They are evil: you may choose not to execute them."
            lines.append(line)
        return " ".join(lines) or None
