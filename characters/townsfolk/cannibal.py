"""The Cannibal: You have the ability of the recently killed executee. If they are evil, you
are poisoned until a good player dies by execution."""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import OUTSIDER, TOWNSFOLK, Effect
from statemachine.registry import Character

LUNCH = "Cannibal lunch: "          # + "<seat> <ability id>"
POISON = "Cannibal: evil lunch"


class Cannibal(Character):
    id = "cannibal"
    name = "Cannibal"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ('Poisoned', 'Lunch')
    seat_reminders = (r"Cannibal lunch: (\d+) \S+",)
    commands = {"cannibal_believes": ("the cannibal (has|believes they have|thinks they have) "
                                      "the {character} [ability]",)}

    @staticmethod
    def lunch(player) -> tuple[int, str] | None:
        for r in player.reminders:
            if r.startswith(LUNCH):
                seat, cid = r[len(LUNCH):].split()
                return int(seat), cid
        return None

    def _drop_lunch(self, player) -> None:
        old = self.lunch(player)
        if old and old[1] in player.extra_abilities:
            player.extra_abilities.remove(old[1])
        player.reminders[:] = [r for r in player.reminders if not r.startswith(LUNCH)]

    def _eat(self, player, seat: int, cid: str) -> None:
        self._drop_lunch(player)
        if cid != player.character and cid not in player.extra_abilities:
            player.extra_abilities.append(cid)
        player.reminders.append(f"{LUNCH}{seat} {cid}")

    def fake_choices(self, game, holder) -> list[str]:
        return [c for c in game.setup.script if c != self.id
                and game.unit(c).team in (TOWNSFOLK, OUTSIDER)]

    def on_any_death(self, game, holder, dead, cause):
        # Only a player who is executed and dies: executing a dead player, or one who
        # survives, never reaches this hook.
        if cause != "execution":
            return
        if game.is_evil(dead):
            holder.effects = [e for e in holder.effects if e.note != POISON]
            holder.add_effect(Effect("poisoned", until="game", note=POISON))
            choices = self.fake_choices(game, holder)
            fake = game.rng.choice(choices) if choices else dead.character
            self._eat(holder, dead.seat, fake)
            game.say_private(
                f"The Cannibal, {holder.label}, ate an evil player and is poisoned until a good "
                f"player dies by execution. They believe they have a good ability; proposed: "
                f"the {game.unit(fake).name}. Say 'the cannibal has the' and a character to "
                "change it. Do not tell them.")
            return
        holder.effects = [e for e in holder.effects if e.note != POISON]
        self._eat(holder, dead.seat, dead.character)
        name = game.unit(dead.character).name
        line = (f"The Cannibal, {holder.label}, now has the {name} ability and loses any "
                "earlier one. Do not tell them which.")
        if dead.character in TOLD and dead.character in self.jinxes \
                and dead.character in game.setup.script:
            # The jinxes with the Butler and the Zealot: a rule the Cannibal must know of.
            line = (f"The Cannibal, {holder.label}, now has the {name} ability. Jinx: tell "
                    f"them they have the {name}'s ability.")
        game.say_private(line)

    def handle(self, game, player, intent, slots):
        if intent != "cannibal_believes":
            return False
        lunch = self.lunch(player)
        if not lunch or not any(e.note == POISON for e in player.effects):
            raise Rejected("The Cannibal has not eaten an evil player: their ability is real.")
        cid = slots["character"]
        if cid not in self.fake_choices(game, player):
            raise Rejected("The Cannibal believes they have a good character's ability.")
        self._eat(player, lunch[0], cid)
        game.say_private(f"The Cannibal believes they have the {game.unit(cid).name} ability.")
        return True


TOLD = ("butler", "zealot")   # jinxes: a Cannibal who gains these abilities is told so
