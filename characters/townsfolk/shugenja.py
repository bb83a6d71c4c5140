"""The Shugenja: You start knowing if your closest evil player is clockwise or
anti-clockwise. If equidistant, this info is arbitrary. Clockwise is towards higher seat
numbers."""
from __future__ import annotations

from characters.storyteller import StartKnowing, may_register
from statemachine import wording
from statemachine.errors import Rejected
from statemachine.model import EVIL, TOWNSFOLK
from statemachine.waits import Info

CLOCKWISE, ANTI = "clockwise", "anticlockwise"
ARBITRARY = "Shugenja: arbitrary "


def steps(game, player, direction: int, who=None) -> int | None:
    """Steps from the Shugenja to the nearest player (alive or dead) who is evil, going
    clockwise (+1, higher seats) or anticlockwise (-1)."""
    who = who or (lambda p: p.alignment == EVIL)
    n = len(game.grim.players)
    for k in range(1, n):
        p = game.grim.players[(player.seat - 1 + direction * k) % n]
        if who(p):
            return k
    return None


class Shugenja(StartKnowing):
    id = "shugenja"
    name = "Shugenja"
    team = TOWNSFOLK
    first_night = 66
    other_night = None
    reminders = ()
    commands = {
        "shugenja_clockwise": ("the shugenja (learns|points) clockwise",),
        "shugenja_anticlockwise": ("the shugenja (learns|points) (anticlockwise|anti clockwise|"
                                   "counterclockwise|counter clockwise)",),
    }

    def truth(self, game, player) -> str | None:
        """clockwise, anticlockwise, or None when equidistant (or nobody is evil)."""
        cw, acw = steps(game, player, 1), steps(game, player, -1)
        if cw is None or cw == acw:
            return None
        return CLOCKWISE if cw < acw else ANTI

    def arbitrary(self, game, player) -> str:
        chosen = next((r[len(ARBITRARY):] for r in player.reminders if r.startswith(ARBITRARY)),
                      None)
        if chosen is None:
            chosen = game.rng.choice([CLOCKWISE, ANTI])
            player.reminders.append(ARBITRARY + chosen)
        return chosen

    def set_arbitrary(self, player, direction: str) -> None:
        player.reminders[:] = [r for r in player.reminders if not r.startswith(ARBITRARY)]
        player.reminders.append(ARBITRARY + direction)

    def render(self, game, player):
        n = len(game.grim.players)

        def say(direction):
            towards = game.grim.players[(player.seat - 1 + (1 if direction == CLOCKWISE else -1))
                                        % n]
            return f"{direction}: point towards {towards.label}"
        return say

    def prepare(self, game, player):
        if self.truth(game, player) is None:
            self.arbitrary(game, player)

    def setup_lines(self, game, player):
        if self.truth(game, player) is not None:
            return []
        return [f"The Shugenja, {player.label}, is equidistant from the closest evil players, "
                f"so their information is arbitrary. Proposed: "
                f"{self.render(game, player)(self.arbitrary(game, player))}. "
                "Say 'the shugenja learns clockwise' or 'anticlockwise' to change it."]

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        direction = CLOCKWISE if intent == "shugenja_clockwise" else ANTI
        waiting = (isinstance(game.wait, Info) and game.current
                   and game.current.ability == self.id and game.current.seat == player.seat)
        if waiting:
            problem = game.wait.check(direction) if game.wait.check else None
            if problem:
                raise Rejected(problem)
            game.answer(direction)
            return True
        if self.learnt(player):
            raise Rejected("The Shugenja has already learnt their direction.")
        if self.truth(game, player) is not None and not self.misregistration(game):
            raise Rejected(f"The closest evil player is {self.truth(game, player)}, not arbitrary.")
        self.set_arbitrary(player, direction)
        game.say_private(f"The Shugenja will learn {self.render(game, player)(direction)}.")
        return True

    def misregistration(self, game) -> bool:
        return any(game.misregisters(p) for p in game.grim.players)

    def night(self, game, player):
        self.mark_learnt(player)
        truth = self.truth(game, player)
        sober = game.info_rules.true_info(player, self.id)
        cw, acw = steps(game, player, 1), steps(game, player, -1)
        if truth is None:
            proposal_truth = self.arbitrary(game, player)
            intro = (f"The closest evil players are equidistant, {wording.count(cw, 'step')} "
                     "each way: the information is arbitrary, your choice.")
        else:
            proposal_truth = truth
            intro = f"The closest evil player is {wording.count(min(cw, acw), 'step')} {truth}."
        loose = truth is None or not sober or self.misregistration(game)

        def check(direction):
            if not loose and direction != truth:
                return f"The Shugenja is sober: the answer is {truth}."
            return None

        notes = game.registration_notes(
            [p for p in game.grim.players if p is not player and may_register(game, p, EVIL)
             and p.alignment != EVIL])
        yield game.info(player, self.id, "text", proposal_truth,
                        lambda: ANTI if proposal_truth == CLOCKWISE else CLOCKWISE,
                        self.render(game, player), intro, notes +
                        ["To give the other direction, say 'the shugenja points clockwise' or "
                         "'anticlockwise'."], check=check)
