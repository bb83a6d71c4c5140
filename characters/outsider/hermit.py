"""The Hermit: you have all Outsider abilities. [-0 or -1 Outsider]

Setup: one Outsider fewer, or as many, the Storyteller's choice, proposed with the bag's
seeded generator (read from an explicit setup); one fewer only while the Hermit is not the
only Outsider left. The almanac's ruling on which abilities: every other Outsider on the
script, all at once, and none that is not on it; an ability that works after death (the
Recluse's) is kept when the Hermit dies, the others are not. The narrator gives the Hermit
every other Outsider ability on the script that it runs, as granted abilities
(``Character.grants``): their steps wake the Hermit "with the Butler's ability", their
hooks answer for the Hermit, the Recluse's registering too; a drunk or poisoned Hermit's all
fail. Left to the Storyteller: the Drunk's and the Lunatic's (the Hermit would not know they
are the Hermit: the engine cannot run a believed character beside real abilities), and the
Outsiders the narrator does not automate. An ability the Hermit shares with an Outsider in
play shares that unit's reminders (the Hermit's 1, 2, 3 reminders are the Storyteller's).
"""
from __future__ import annotations

from statemachine.bag.draw import base_counts
from statemachine.model import OUTSIDER
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.speech import PAUSE
from statemachine.wording import count


class Hermit(Character):
    id = "hermit"
    name = "Hermit"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ("1", "2", "3")
    setup = True

    def adjust_counts(self, counts):
        options = [0] + ([-1] if counts.outsider >= 2 else [])
        given = counts.given_outsiders
        if given is not None and given - counts.outsider in options:
            shift = given - counts.outsider
        elif counts.rng is not None and len(options) > 1:
            shift = counts.rng.choice(options)
        else:
            shift = 0
        counts.shift_outsiders(shift)

    def outsiders(self, game) -> tuple[list[str], list[str]]:
        """(the Outsider abilities on the script the Hermit holds, those left to the
        Storyteller)."""
        held, left = [], []
        for cid in game.setup.script:
            if cid == self.id or cid not in game.registry:
                continue
            unit = game.unit(cid)
            if unit.team != OUTSIDER:
                continue
            (held if unit.automated and not unit.acts_as_believed else left).append(cid)
        return held, left

    def grants(self, game, holder):
        return [(holder, cid) for cid in self.outsiders(game)[0]]

    def setup_lines(self, game, player):
        usual = base_counts(len(game.grim.non_travellers)).outsider
        have = game.grim.setup_outsiders
        than = ("one fewer than usual" if have == usual - 1 else "as many as usual"
                if have == usual else f"where the usual is {usual}")
        held, left = self.outsiders(game)
        lines = [f"The Hermit, {player.label}, may take away an Outsider: "
                 f"{count(have, 'Outsider')} in play, {than}.",
                 (f"The Hermit has the {'ability' if len(held) == 1 else 'abilities'} of "
                  f"{count(len(held), 'Outsider')}.{PAUSE}They are "
                  f"{spoken_list(f'the {game.unit(c).name}' for c in held)}." if held
                  else "The Hermit has no other Outsider's ability.")]
        if left:
            lines.append("Run these Outsider abilities of the Hermit yourself: "
                         f"{spoken_list(f'the {game.unit(c).name}' for c in left)}.")
        return lines
