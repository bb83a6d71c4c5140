"""The Bishop: only the Storyteller nominates. Each day at least one player of the team
opposing the Bishop must be nominated."""
from __future__ import annotations

from characters.traveller._alignment import Traveller
from statemachine.rules.day_rules import Refusal
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD


def opposing(bishop) -> str:
    return EVIL if bishop.alignment == GOOD else GOOD


class Bishop(Traveller):
    id = "bishop"
    name = "Bishop"
    first_night = None
    other_night = None
    reminders = ("Nominate Good", "Nominate Evil")
    commands = {"storyteller_nominates": ("the storyteller nominates seat {seat}",)}

    def setup_lines(self, game, player):
        return super().setup_lines(game, player) + [
            "With the Bishop in play only you nominate: say 'the storyteller nominates seat' "
            "and the seat. Each day, nominate at least one player of the team opposing the "
            "Bishop."]

    def nomination_rule(self, game, holder, nominator, nominee, refusal):
        if nominator is None:
            return None if refusal is not None and refusal.kind == "storyteller" else refusal
        return Refusal("bishop", f"With the Bishop in play only the Storyteller nominates: "
                                 f"say 'the storyteller nominates seat {nominee.seat}'.")

    def _opposing_nominated(self, game, holder) -> bool:
        side = opposing(holder)
        return any(game.grim.seat(s).alignment == side for s in game.nominated_today)

    def day_end_rule(self, game, holder):
        if self._opposing_nominated(game, holder):
            return None
        return (f"The Bishop, {holder.label}, is {holder.alignment}: nominate at least one "
                f"{opposing(holder)} player today before the day ends.")

    def on_dawn(self, game, holder):
        if game.working(holder, self.id):
            game.say_private(f"The Bishop, {holder.label}: only you nominate today, and at "
                             f"least one {opposing(holder)} player.")

    def handle(self, game, player, intent, slots):
        if intent != "storyteller_nominates":
            return False
        if game.phase.state != "day":
            raise game.not_now("nominations happen during the day")
        if not game.working(player, self.id):
            why = game.impairment(player, self.id) or "dead"
            raise Rejected(f"The Bishop is {why}: the players nominate as usual.")
        nominee = game.player(slots["seat"])
        if nominee.traveller:
            raise Rejected(f"{nominee.Label} is a Traveller: Travellers are exiled, not "
                           "nominated.")
        game.do_nominate(None, nominee)
        return True
