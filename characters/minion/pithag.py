"""The Pit-Hag: each night except the first, choose a player and a character they become (if
not in play). If a Demon is made, deaths tonight are arbitrary.

A character already in play changes nothing. Otherwise the player becomes it through the
engine's character creation (``game.create_character``): alignment stays, the new
character's setup choices are proposed afresh and said, and a first-night ability acts later
tonight. After a Demon is made the night's deaths are the Storyteller's (a Demon's attack
kills nobody by itself; "seat N dies" kills). A jinx: the Leviathan cannot come into play
after day five.
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import DEMON, MINION, OUTSIDER, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseCharacter, ChooseSeats, Next

SHEET = (TOWNSFOLK, OUTSIDER, MINION, DEMON)


MADE = "Pit-Hag: made"


class PitHag(Character):
    id = "pithag"
    name = "Pit-Hag"
    team = MINION
    first_night = None
    other_night = 28
    reminders = ()

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Pit-Hag chooses a player, then a character.",
                                  count=1, actor=self.id)
        target = game.grim.seat(seats[0])

        def on_sheet(cid):
            if game.unit(cid).team not in SHEET:
                return "The Pit-Hag chooses a Townsfolk, an Outsider, a Minion or a Demon."
            if cid not in game.setup.script:
                return f"The {game.unit(cid).name} is not on the script."
            new = game.unit(cid)
            if (cid == "leviathan" and game.grim.day >= 5
                    and ("leviathan", self.id) in active_jinxes(game.setup.script)):
                return "A jinx: the Leviathan cannot come into play after day five."
            other = next((p for p in game.grim.players if p is not target and (
                new.excludes(p.character) or game.unit(p.character).excludes(cid))), None)
            if other is not None:        # a jinx: the Heretic and the Pit-Hag, the Baron...
                return (f"A jinx: only one of the {new.name} and the "
                        f"{game.unit(other.character).name} may be in play.")
            return None

        cid = yield ChooseCharacter(prompt=f"Which character is {target.label} to become? "
                                           "Say the character.", check=on_sheet)
        if cid is None:
            game.say_private("No character was chosen: nothing happens.")
            return
        new = game.unit(cid)
        if cid == "damsel" and ("pithag", "damsel") in active_jinxes(game.setup.script):
            # A jinx: the Storyteller, not the Pit-Hag, picks who becomes the Damsel.
            seats = yield ChooseSeats(prompt="A jinx: you pick the player who becomes the "
                                             "Damsel. Say the seat.", count=1,
                                      actor=self.id, by_holder=False)
            target = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Pit-Hag is {why}: nothing happens.")
            return
        spare = (cid == "villageidiot" and target.character != cid
                 and ("pithag", cid) in active_jinxes(game.setup.script)
                 and sum(p.character == cid for p in game.grim.players) < 3)
        if game.creation.in_play(cid) and not spare:     # a jinx: a spare Village Idiot
            game.say_private(f"The {new.name} is in play: nothing happens.")
            return
        old = game.unit(target.character).name
        lines = game.creation.create(target, cid)
        target.reminders.append(MADE)
        if new.team == DEMON:
            game.creation.make_deaths_arbitrary()
            lines.append("A Demon was made: tonight's deaths are yours to decide. A Demon's "
                         "attack kills nobody by itself tonight; say 'seat' and a number "
                         "'dies' for each player who dies.")
        shown = game.unit(target.believes).name
        game.put_holder_to_sleep()
        yield Next(prompt=" ".join([
            f"{target.Label}, the {old}, is now the {new.name}, and stays {target.alignment}.",
            f"Wake {target.label}. Show them the You Are token, then the {shown} token. Put "
            "them to sleep.", *lines, "Say next."]))
