"""The Duchess (Fabled): each day, 3 players may choose to visit her. Each night but the
first, each visitor learns how many visitors are evil, but one of them gets false
information.

By day the Storyteller says "seat 3 visits the duchess" (or several seats at once); the
visit is said to the table, and each visitor is marked Visitor, at most three a day. At her
place that night (the Storyteller's step, first of all) the narrator proposes which visitor
gets the false number (yes to keep it, no to choose another), then wakes each visitor in
seat order to give the count of evil visitors (themselves included): the truth to all but
that one, who is refused the truth. The almanac: if exactly three visitors were not agreed
on, the Duchess does not act tonight. Her information is hers, not the visitor's ability:
a visitor's own drunkenness does not change it, and the false number is not recorded as
their ability working abnormally.
"""
from __future__ import annotations

from characters.common import say_number, say_seats, wrong_number
from statemachine.errors import Rejected
from statemachine.model import FABLED
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Info, YesNo

VISITOR = "Duchess: Visitor"
FALSE = "Duchess: False Info"
VISITS = 3


class Duchess(Character):
    id = "duchess"
    name = "Duchess"
    team = FABLED
    first_night = None
    other_night = 1
    reminders = ("Visitor", "Visitor", "False Info")
    commands = {"duchess_visit": ("seat {seat:seats*} visits the duchess",
                                  "seats {seat:seats*} ([and] {seat:seats*})+ visit the duchess")}

    def visitors(self, game):
        return [p for p in game.grim.players if VISITOR in p.reminders]

    def handle(self, game, holder, intent, slots):
        if intent != "duchess_visit":
            return False
        if game.phase.state != "day":
            raise game.not_now("players visit the Duchess by day")
        new = [game.player(s) for s in dict.fromkeys(slots.get("seats", []))]
        had = self.visitors(game)
        again = [p for p in new if p in had]
        if again:
            raise Rejected(f"{again[0].Label} visits the Duchess already today.")
        if len(had) + len(new) > VISITS:
            raise Rejected(f"Three players visit the Duchess at most: "
                           f"{len(had)} visit already.")
        for p in new:
            p.reminders.append(VISITOR)
        who = say_seats(game, [p.seat for p in new])
        game.say_public(f"{who[0].upper()}{who[1:]} {'visits' if len(new) == 1 else 'visit'} "
                        "the Duchess.")
        return True

    def wakes(self, game, player, first_night):
        return not first_night and bool(self.visitors(game))

    def night(self, game, player):
        visitors = self.visitors(game)
        try:
            if len(visitors) != VISITS:
                game.say_private(f"Only {say_seats(game, [p.seat for p in visitors])} "
                                 "visited the Duchess: she does not act tonight.")
                return
            yield from self._visits(game, visitors)
        finally:
            for p in visitors:
                for tag in (VISITOR, FALSE):
                    if tag in p.reminders:
                        p.reminders.remove(tag)

    def _visits(self, game, visitors):
        liar = game.rng.choice(visitors)
        keep = yield YesNo(prompt=f"Proposed: {liar.label} gets the false number. Say yes or "
                                  "next, or no to choose another visitor.", proposal=True)
        if not keep:
            def a_visitor(seats):
                p = game.grim.seat(seats[0])
                return None if p in visitors else f"{p.Label} did not visit the Duchess."

            seats = yield ChooseSeats(prompt="Which visitor gets the false number? Say "
                                             "their seat.", count=1, actor=self.id,
                                      check=a_visitor, by_holder=False)
            liar = game.grim.seat(seats[0])
        liar.reminders.append(FALSE)
        truth = sum(1 for p in visitors if game.is_evil(p))
        notes = game.registration_notes(visitors, {"good", "evil"})
        for p in visitors:
            game.say_private(f"Wake {p.label}: show them the Duchess token.")
            if p is liar:
                yield self._false(p, truth, notes, game)
            else:
                yield Info(prompt=f"Show with fingers the number {truth}: the true count of "
                                  "evil visitors. Say next to give it, or say answer and a "
                                  "number.", kind="number", truth=truth, proposal=truth,
                           render=say_number, notes=notes, seat=p.seat, ability=self.id)
            game.say_private(f"Put {p.label} to sleep.")

    def _false(self, p, truth, notes, game):
        proposal = wrong_number(game, truth, VISITS)

        def not_the_truth(n):
            if n == truth:
                return f"{p.Label} gets the false number: {truth} is the truth."
            return None if 0 <= n <= VISITS else "Three visitors: a number from 0 to 3."

        return Info(prompt=f"Show with fingers the number {proposal}: {p.label} gets the "
                           f"false number. The true count is {truth}. Say next to give it, "
                           "or say answer and a number.", kind="number", truth=truth,
                    proposal=proposal, render=say_number, notes=notes, check=not_the_truth)
