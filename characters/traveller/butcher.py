"""The Butcher: each day, after the first execution, you may nominate again."""
from __future__ import annotations

from characters.traveller._alignment import Traveller

OPENED = "Butcher: may nominate again on day {day}"
USED = "Butcher: nominated again on day {day}"
# Refusals the Butcher's second nomination lifts: they nominated already, the nominee was
# nominated already, there was an execution today.
LIFTED = ("nominated", "nominee", "executed")


class Butcher(Traveller):
    id = "butcher"
    name = "Butcher"
    first_night = None
    other_night = None
    reminders = ()

    def after_execution(self, game, holder, executed):
        # Any execution, even one the executed player survives; asked once more after the
        # second execution, which gives no third nomination.
        opened = OPENED.format(day=game.grim.day)
        if opened in holder.reminders:
            return None
        holder.reminders.append(opened)
        return (f"The Butcher, {holder.label}, may nominate once more. Say 'seat "
                f"{holder.seat} nominates seat' and a number, or end the day. It needs half the "
                "living players' votes, not more than the last count.")

    def _may_nominate_again(self, game, holder) -> bool:
        day = game.grim.day
        return (OPENED.format(day=day) in holder.reminders
                and USED.format(day=day) not in holder.reminders
                and game.may_execute_again())

    def nomination_rule(self, game, holder, nominator, nominee, refusal):
        if (nominator is holder and refusal is not None and refusal.kind in LIFTED
                and self._may_nominate_again(game, holder)):
            return None
        return refusal

    def on_vote_open(self, game, holder, vote):
        if (not vote.exile and vote.nominator == holder.seat
                and game.executed_today is not None):
            holder.reminders.append(USED.format(day=game.grim.day))
