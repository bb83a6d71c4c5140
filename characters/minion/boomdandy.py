"""The Boomdandy: if you are executed, all but three players die. After a countdown from
ten, the player with the most players pointing at them dies.

When a working Boomdandy is executed (even one who then does not die: the Devil's
Advocate's), it explodes: the day holds (``after_execution``; no more nominations, the day
cannot end). The Storyteller says which three living players are spared ("the boomdandy
spares seat 1, seat 4 and seat 6"; the Demon among them, or the game ends), and every other
living player is killed by the Boomdandy's ability (one who cannot die survives: the Fool,
the Sailor). Then everyone, dead or alive, points during a countdown from ten; the
Storyteller says "the boomdandy kills seat 4" for the player most pointed at, or "the
pointing is tied" (nobody dies), and the day ends. Both are confirmed. Only an execution
explodes it; a drunk or poisoned Boomdandy does not explode.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import MINION
from statemachine.registry import Character
from statemachine.rules.day_rules import Refusal
from statemachine.rules.seeming import truly_alive

EXPLODED = "Boomdandy: exploded on day {day}"
SPARED = "Boomdandy: spared on day {day}"
DONE = "Boomdandy: pointing done on day {day}"


class Boomdandy(Character):
    id = "boomdandy"
    name = "Boomdandy"
    team = MINION
    first_night = None
    other_night = None
    reminders = ()
    works_when_dead = True        # the explosion follows its holder's execution death
    commands = {
        "boomdandy_spares": ("the boomdandy spares seat {seat:seats*} ([and] seat "
                             "{seat:seats*})+",),
        "boomdandy_kills": ("seat {seat} is pointed at most",
                            "the most pointed at is seat {seat}"),
        "boomdandy_tie": ("the pointing is tied", "the boomdandy pointing is tied"),
    }
    destructive = frozenset({"boomdandy_spares", "boomdandy_kills"})

    def _mark(self, game, what):
        return what.format(day=game.grim.day)

    def _stage(self, game, holder) -> str:
        """"" (no explosion today), "spare" (three to spare), "point" or "done"."""
        r = holder.reminders
        if self._mark(game, EXPLODED) not in r:
            return ""
        if self._mark(game, DONE) in r:
            return "done"
        return "point" if self._mark(game, SPARED) in r else "spare"

    def on_executed(self, game, player):
        if not game.working(player, self.id) or not player.alive:
            return
        player.reminders.append(self._mark(game, EXPLODED))
        game.say_public(f"{player.Name} was the Boomdandy, and explodes: all but three players "
                        "die.")

    def after_execution(self, game, holder, executed):
        if executed is not holder or self._stage(game, holder) != "spare":
            return None
        living = [p for p in game.grim.non_travellers if truly_alive(p)]
        demons = [p for p in living if game.is_demon(p)]
        example = (demons + [p for p in living if p not in demons])[:3]
        return (f"The Boomdandy exploded. Say 'the boomdandy spares' and three living "
                f"players, for example the Demon: 'the boomdandy spares "
                + " and ".join(f"seat {p.seat}" for p in example) + "'.")

    def nomination_rule(self, game, holder, nominator, nominee, refusal):
        if self._stage(game, holder) in ("spare", "point", "done"):
            return Refusal("boomdandy", "The Boomdandy exploded: there are no more "
                                        "nominations today.")
        return refusal

    def day_end_rule(self, game, holder):
        stage = self._stage(game, holder)
        if stage == "spare":
            return "First say which three players the Boomdandy spares."
        if stage == "point":
            return ("First say who is pointed at most, as 'seat 4 is pointed at most', or "
                    "'the pointing is tied'.")
        return None

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        stage = self._stage(game, player) if game.phase.in_day else ""
        want = "spare" if intent == "boomdandy_spares" else "point"
        if stage != want:
            if any(self._stage(game, h) == want for h in game.holders(self.id, alive_only=False)
                   if h is not player):
                return False                 # another Boomdandy's explosion
            raise Rejected("No Boomdandy exploded today, or not at this step: say it after "
                           "the Boomdandy's execution, the spared players first.")
        if intent == "boomdandy_spares":
            self._spare(game, player, list(dict.fromkeys(slots["seats"])))
        else:
            self._point(game, player, slots.get("seat") if intent == "boomdandy_kills" else None)
        return True

    def _spare(self, game, holder, seats):
        living = [p for p in game.grim.non_travellers if truly_alive(p)]
        spared = [game.player(s) for s in seats]
        if len(spared) != 3 or any(p not in living for p in spared):
            raise Rejected("Say three living players the Boomdandy spares.")
        holder.reminders.append(self._mark(game, SPARED))
        game.say_public("Everyone but " + ", ".join(p.label for p in spared[:-1])
                        + f" and {spared[-1].label} dies.")
        for p in living:
            if p not in spared and truly_alive(p):
                result = game.kill(p, "ability", by=holder)
                if game.winner:
                    return
                if not result:
                    game.say_public(f"{p.Name} does not die.")
        game.check_wins("death")
        if not game.winner:
            game.say_public("Everyone, dead or alive, point at a player. Ten, nine, eight, "
                            "seven, six, five, four, three, two, one. Freeze.")
            game.say_private("Say who is pointed at most, as 'seat 4 is pointed at most', "
                             "or 'the pointing is tied'.")

    def _point(self, game, holder, seat):
        holder.reminders.append(self._mark(game, DONE))
        if seat is None:
            game.say_public("The pointing is tied: nobody dies.")
        else:
            target = game.player(seat)
            result = game.kill(target, "ability", by=holder)
            if game.winner:
                return
            game.say_public(f"{target.Label} dies." if result else
                            f"{target.Label} does not die.")
            game.check_wins("death")
        if not game.winner:
            game.go_to_dusk()
