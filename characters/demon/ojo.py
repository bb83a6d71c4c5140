"""The Ojo: each night*, choose a character: they die. If they are not in play, the
Storyteller chooses who dies.

The Ojo names a character on the script. A player who has it (alive; a Drunk's believed
Townsfolk is not in play) dies; of several who have it, only one, the Storyteller's pick.
Nobody has it: the Storyteller chooses who dies, one player, or more when a Demon that kills
several a night is on the script (so the Ojo may pass as it). A chosen character whose only
holder is dead already kills nobody (the character is in play). A Recluse or a Spy who might
register as the chosen character is named to the Storyteller, who may kill them instead.
A Goon holding the chosen character is told it was chosen, before the kill.
"""
from __future__ import annotations

from characters.common import attack, attack_fails, fails_line
from statemachine.model import DEMON
from statemachine.registry import Character
from statemachine.rules.chosen import notify_chosen
from statemachine.waits import ChooseCharacter, ChooseSeats

# Demons that may kill more than one player a night: with one on the script, the Ojo's
# not-in-play choice may kill several (its How to Run), to pass as that Demon.
MULTIPLE_KILLERS = frozenset({"shabaloth", "po", "alhadikhia", "yaggababble"})


def spoken_or(items) -> str:
    """'a, b or c'."""
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


class Ojo(Character):
    id = "ojo"
    name = "Ojo"
    team = DEMON
    first_night = None
    other_night = 49
    reminders = ("Dead",)

    def night(self, game, player):
        def on_sheet(cid):
            if cid not in game.setup.script:
                return f"The {game.unit(cid).name} is not on the script."
            return None

        cid = yield ChooseCharacter(prompt="The Ojo chooses a character to kill. Say the "
                                           "character.", check=on_sheet)
        if cid is None:
            game.say_private("The Ojo chose no character: nothing happens.")
            return
        chosen = game.unit(cid)
        holders = [p for p in game.grim.players if p.character == cid]
        # a Recluse may register as a Minion or Demon character, a Spy as a good one
        seeming = [p for p in game.grim.players if p.character != cid and p.alive
                   and chosen.team in game.misregisters(p)]
        if not holders:
            yield from self._storytellers_choice(game, player, chosen, seeming)
            return
        living = [p for p in holders if p.alive]
        if not living:
            game.say_private(f"The Ojo chose the {chosen.name}, who is dead already: nobody "
                             "dies.")
            return
        target = living[0]
        why = game.impairment(player, self.id)
        if why and not (len(living) == 1 and not seeming):
            game.say_private(fails_line(game, player, self.id, why, f"the {chosen.name}",
                                        "does not die"))
            return
        if len(living) > 1 or seeming:
            options = living + seeming
            seats = yield ChooseSeats(
                prompt=(f"The Ojo chose the {chosen.name}. Say which of these dies: "
                        f"{spoken_or(p.label for p in options)}."),
                count=1, actor=self.id, by_holder=False,
                check=lambda s: None if game.grim.seat(s[0]) in options
                else f"{game.grim.seat(s[0]).Label} is not the {chosen.name}.")
            target = game.grim.seat(seats[0])
        # The Ojo chose that player's character with its own ability: a Goon answers it.
        notify_chosen(game, ChooseSeats(actor=self.id), [target.seat])
        if attack_fails(game, player, self.id, target):
            return
        attack(game, player, target)

    def chosen_seats(self, game, wait, answer):
        """The players a choice of this step points at, for a Lunatic who believes they are
        the Ojo (the real Demon learns them): the holders of a chosen character in play."""
        if isinstance(wait, ChooseCharacter) and isinstance(answer, str):
            return [p.seat for p in game.grim.players if p.character == answer and p.alive]
        return answer if isinstance(wait, ChooseSeats) and isinstance(answer, list) else None

    def _storytellers_choice(self, game, player, chosen, seeming):
        why = game.impairment(player, self.id)
        if why:
            if game.unit(player.character).acts_as_believed:
                game.say_private(fails_line(game, player, self.id, why,
                                            f"the {chosen.name}, not in play", ""))
            else:
                game.say_private(f"The Ojo is {why}: it chose the {chosen.name}, not in play, "
                                 "and nobody dies.")
            return
        several = [d for d in MULTIPLE_KILLERS if d in game.setup.script and d != self.id]
        note = (f" {spoken_or(p.Label if i == 0 else p.label for i, p in enumerate(seeming))}"
                " may register as it." if seeming else "")
        if several:
            seats = yield ChooseSeats(
                prompt=(f"The Ojo chose the {chosen.name}, who is not in play. You choose who "
                        "dies, one player or more, as another Demon would kill. Say the seats."
                        + note), count=len(game.grim.players), exact=False, actor=self.id,
                by_holder=False)
        else:
            seats = yield ChooseSeats(
                prompt=(f"The Ojo chose the {chosen.name}, who is not in play. You choose "
                        "who dies. Say the seat." + note), count=1, actor=self.id,
                by_holder=False)
        for s in seats:
            attack(game, player, game.grim.seat(s))
