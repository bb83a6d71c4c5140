"""The General: Every night, the Storyteller shows you which side they think is ahead: good,
evil, or neither.

Which side is ahead is the Storyteller's opinion by design. The narrator proposes one by a
simple count it states: the share of the living who are evil now against that share at
setup (grown: evil; shrunk: good; the same: neither). The Storyteller gives it with next, or
says `the general learns good`, `... evil` or `... neither`; any answer stands for a sober
General (it is the Storyteller's view). A drunk or poisoned General may be shown anything
(another side is proposed). What was shown is kept as a reminder for the night."""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import Info

NEITHER = "neither"
SIGNS = {GOOD: "thumb up, good", EVIL: "thumb down, evil", NEITHER: "thumb sideways, neither"}


def evil_share(players) -> tuple[int, int]:
    """(evil, all) among these players, Travellers left out."""
    counted = [p for p in players if not p.traveller]
    return sum(p.alignment == EVIL for p in counted), len(counted)


class General(Character):
    id = "general"
    name = "General"
    team = TOWNSFOLK
    first_night = 74
    other_night = 93
    reminders = ()
    commands = {"general_good": ("the general learns good", "the general is shown good"),
                "general_evil": ("the general learns evil", "the general is shown evil"),
                "general_neither": ("the general learns neither",
                                    "the general is shown neither")}

    def proposal(self, game) -> tuple[str, str]:
        """(side, the count said): the evil share of the living now against at setup."""
        evil_now, living = evil_share([p for p in game.grim.players if p.alive])
        seated = [p for p in game.grim.players if not p.traveller]
        evil_then, everyone = sum(p.first_alignment == EVIL for p in seated), len(seated)
        said = (f"{evil_now} of the {living} living are evil; at setup, {evil_then} of "
                f"{everyone}.")
        now, then = evil_now * everyone, evil_then * living
        return (EVIL if now > then else GOOD if now < then else NEITHER), said

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        waiting = (isinstance(game.wait, Info) and game.current
                   and game.current.ability == self.id and game.current.seat == player.seat)
        if not waiting:
            raise Rejected("The General learns a side at their night step.")
        game.answer(intent.split("_", 1)[1])
        return True

    def night(self, game, player):
        side, count = self.proposal(game)
        sober = game.info_rules.true_info(player, self.id)
        given = yield game.info(
            player, self.id, "text", side,
            lambda: game.rng.choice([s for s in SIGNS if s != side]),
            lambda s: SIGNS[s],
            f"The side ahead is yours to judge. By the count, {side}: {count}",
            ["It is your view: say 'the general learns good', 'evil' or 'neither' to give "
             "another."], true_if=(lambda answer: True) if sober else None)
        player.reminders = [r for r in player.reminders if not r.startswith("General: ")]
        player.reminders.append(f"General: shown {given or side}, night {game.grim.night}")
