"""The Cacklejack: each day, choose a player: a different player changes character tonight.

By day "the cacklejack chooses seat 3" marks that player Not Me (once a day; the choice may
have been made in public or in private, so it is said on the earpiece only). Each night
but the first, without waking the Cacklejack, the Storyteller picks a player (not the one
marked: dead or alive, good or evil, not a Traveller) and a character on the script other
than theirs; the change goes through the engine's character creation (alignment stays, the
new character's setup choices are proposed afresh, a first-night ability acts later
tonight), and the player is woken and shown their new character. A drunk or poisoned
Cacklejack's Not Me does not hold and nobody has to change.
"""
from __future__ import annotations

from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected
from statemachine.model import DEMON, MINION, OUTSIDER, TOWNSFOLK
from statemachine.waits import ChooseCharacter, ChooseSeats, Next

NOT_ME = "Cacklejack: Not Me"
CHOSEN = "Cacklejack: chose on day {day}"
SHEET = (TOWNSFOLK, OUTSIDER, MINION, DEMON)


class Cacklejack(Traveller):
    id = "cacklejack"
    name = "Cacklejack"
    first_night = None
    other_night = 4
    reminders = ("Not Me",)

    def wakes_holder(self, game, player):
        return False

    def on_choice(self, game, holder, seats):
        if not game.phase.in_day:
            raise game.not_now("the Cacklejack chooses by day")
        if not holder.alive:
            raise Rejected(f"The Cacklejack, {holder.label}, is dead.")
        if len(seats) != 1:
            raise Rejected("The Cacklejack chooses one player.")
        tag = CHOSEN.format(day=game.grim.day)
        if tag in holder.reminders:
            raise Rejected("The Cacklejack has chosen today already.")
        chosen = game.grim.seat(seats[0])
        for p in game.grim.players:
            if NOT_ME in p.reminders:
                p.reminders.remove(NOT_ME)
        holder.reminders.append(tag)
        chosen.reminders.append(NOT_ME)
        game.say_private(f"The Cacklejack chose {chosen.label}: tonight another player "
                         "changes character.")
        return True

    def night(self, game, player):
        marked = next((p for p in game.grim.players if NOT_ME in p.reminders), None)
        why = game.impairment(player, self.id)
        spared = marked if marked is not None and not why else None

        def allowed(seats):
            if not seats:
                return None
            p = game.grim.seat(seats[0])
            if p is spared:
                return f"The Cacklejack chose {p.label}: pick another player."
            if p.traveller:
                return f"{p.Label} is a Traveller: pick a player who is not."
            return None

        not_me = f" Not {spared.label}." if spared else ""
        if why:
            lead = (f"The Cacklejack is {why}: nobody has to change. Say a player and a "
                    "character, or nobody.")
        else:
            lead = (f"A player changes character.{not_me} Say the player, then the "
                    "character.")
        seats = yield ChooseSeats(prompt=lead, count=1, actor=self.id, check=allowed,
                                  by_holder=False, optional=bool(why))
        if marked is not None:
            marked.reminders.remove(NOT_ME)
        if not seats:
            game.say_private("Nobody changes character.")
            return
        target = game.grim.seat(seats[0])

        def on_sheet(cid):
            new = game.unit(cid)
            if new.team not in SHEET:
                return "Say a Townsfolk, an Outsider, a Minion or a Demon."
            if cid not in game.setup.script:
                return f"The {new.name} is not on the script."
            if cid == target.character:
                return f"{target.Label} is the {new.name} already: say another character."
            other = next((p for p in game.grim.players if p is not target and (
                new.excludes(p.character) or game.unit(p.character).excludes(cid))), None)
            if other is not None:
                return (f"A jinx: only one of the {new.name} and the "
                        f"{game.unit(other.character).name} may be in play.")
            return None

        cid = yield ChooseCharacter(prompt=f"Which character does {target.label} become? "
                                           "Say the character.", check=on_sheet)
        if cid is None:
            game.say_private("No character was said: nobody changes character.")
            return
        old = game.unit(target.character).name
        lines = game.creation.create(target, cid)
        shown = game.unit(target.believes).name
        yield Next(prompt=" ".join([
            f"{target.Label}, the {old}, is now the {game.unit(cid).name}, and stays "
            f"{target.alignment}.",
            f"Wake {target.label}. Show them the You Are token, then the {shown} token. Put "
            "them to sleep.", *lines, "Say next."]))
