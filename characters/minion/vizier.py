"""The Vizier: all players know you are the Vizier. You cannot die during the day. If good
voted, you may choose to execute immediately.

At the first dawn (the Vizier's place on the sheet is after it) the table is told who the
Vizier is; not with the Investigator or the Alsaahir on the script (jinxes). By day, while
the ability works, the Vizier does not die, whatever the cause, an execution or an exile too
(an execution of the Vizier still counts as the day's). After a vote on a nomination is
counted, "the vizier executes" executes its nominee at once, as the day's one execution,
if a good player voted (the Zealot and the Politician count as good unless the Storyteller
says otherwise: the jinxes let them register as evil to the Vizier, and the narrator says so); if only
evil players voted, nothing happens. With the Fearmonger (a jinx) the Vizier wakes with
them, learns whom they chose, and cannot execute that player at once. A Vizier who loses
their ability to the Courtier or the Preacher is told so and still cannot die by day
(jinxes). With the Magician (a jinx), the Vizier cannot execute the Magician at once.
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from characters.townsfolk.magician import untouchable_by_vizier
from statemachine.errors import Rejected
from statemachine.model import GOOD, MINION
from statemachine.registry import Character
from statemachine.rules import babysat


class Vizier(Character):
    id = "vizier"
    name = "Vizier"
    team = MINION
    first_night = 79
    other_night = None
    reminders = ()
    commands = {"vizier_executes": ("the vizier executes", "the vizier executes seat {seat}")}
    destructive = frozenset({"vizier_executes"})

    def _jinx(self, game, other) -> bool:
        return ("vizier", other) in active_jinxes(game.setup.script)

    def wakes(self, game, player, first_night):
        return False        # its place on the sheet is after dawn: said at the first dawn

    def on_dawn(self, game, holder):
        if game.grim.night != 1 or holder is not game.holders(self.id, alive_only=False)[0]:
            return
        if self._jinx(game, "investigator") or self._jinx(game, "alsaahir"):
            game.say_private("A jinx: do not tell the table that the Vizier is in play.")
            return
        game.say_public(f"{holder.Label} is the Vizier.")

    # --- cannot die by day ----------------------------------------------------------------
    def _courtier_kept(self, game, player) -> bool:
        """Without ability by the Courtier's drunkenness or the Preacher's choice, the
        Vizier still cannot die by day (the jinxes)."""
        return any(self._jinx(game, e.ability) and game.effect_active(e)
                   and (e.kind, e.ability) in (("drunk", "courtier"),
                                               ("without ability", "preacher"))
                   for e in player.effects)

    def before_death(self, game, player, cause):
        if not game.phase.in_day:
            return True
        if (cause == "execution" and babysat.minds(game, player)
                and ("lilmonsta", "vizier") in active_jinxes(game.setup.script)):
            return True     # a jinx: babysitting Lil' Monsta, they die when executed
        if game.impairment(player, self.id) and not self._courtier_kept(game, player):
            return True
        game.say_private(f"The Vizier, {player.label}, cannot die by day.")
        return False

    # --- execute at once ------------------------------------------------------------------
    def handle(self, game, player, intent, slots):
        if intent != "vizier_executes":
            return False
        if game.phase.state != "day":
            raise game.not_now("the Vizier executes by day, after a vote is counted")
        if not player.alive:
            raise Rejected(f"The Vizier, {player.label}, is dead.")
        votes = [v for v in game.votes_today if not v.exile]
        if not votes:
            raise Rejected("No vote has been counted today.")
        vote = votes[-1]
        nominee = game.grim.seat(vote.nominee)
        if "seat" in slots and game.player(slots["seat"]) is not nominee:
            raise Rejected(f"The Vizier may execute only the last nominee, {nominee.label}.")
        feared = [p for p in game.grim.players
                  if any(r.startswith("Fearmonger ") and r.endswith(": Fear")
                         for r in p.reminders)]
        if self._jinx(game, "fearmonger") and nominee in feared:
            raise Rejected(f"A jinx: the Vizier cannot execute at once the Fearmonger's "
                           f"chosen player, {nominee.label}.")
        if untouchable_by_vizier(game, nominee):
            raise Rejected(f"A jinx: the Vizier's ability cannot touch the Magician, "
                           f"{nominee.label}.")
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Vizier is {why}: nothing happens. Tell the Vizier only if "
                             "they try in public.")
            return True
        good = [game.grim.seat(s) for s in vote.voters if game.grim.seat(s).alignment == GOOD]
        if not good:
            game.say_public("Nothing happens.")
            game.say_private("No good player voted: the Vizier cannot execute.")
            return True
        maybe_evil = [p for p in good if p.character in ("zealot", "politician")
                      and self._jinx(game, p.character)]
        if good and len(maybe_evil) == len(good):
            names = sorted({game.unit(p.character).name for p in maybe_evil})
            raise Rejected(f"Only the {' and the '.join(names)}, of the good, voted, and may "
                           "count as evil to the Vizier (a jinx). To execute all the same, "
                           f"say 'execute seat {nominee.seat}'.")
        game.say_public(f"The Vizier executes {nominee.label} at once.")
        game.do_execute(nominee)
        return True
