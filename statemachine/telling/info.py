"""The Info wait a character's step gives: what to give first, then after a pause the truth,
the registration notes and the alternative. Mixed into Game through NightMixin."""
from __future__ import annotations

from typing import Any

from statemachine.model import Player
from statemachine.speech import PAUSE
from statemachine.waits import Info


def differs(given: Any, truth: Any) -> bool:
    if isinstance(given, list) and isinstance(truth, list):
        return sorted(given) != sorted(truth)
    return given != truth


class InfoMixin:
    """Expects ``info_rules``, ``unit`` and ``impairment``."""

    def info(self, player: Player, ability: str, kind: str, truth: Any, false: Any,
             render, intro: str, notes: list[str] | None = None, check=None,
             optional: bool = False, true_if=None) -> Info:
        """Build the Info wait for a character: the true answer, and when the player is drunk
        or poisoned a proposed false one (``false``, or a callable making it).
        ``check(answer)`` vets an answer the Storyteller gives instead (an error message or
        None); ``optional`` lets a seats answer be "nobody"; ``true_if(answer)`` tells a
        true answer where several are (refused as the truth, or recorded as false, only
        then)."""
        why = self.info_rules.false_reason(player, ability)
        proposal = truth
        # The action first (what to give, and the one reason it is not the truth), then a
        # pause; after it the truth, registration notes and the alternative.
        lead = [intro] if intro else []
        more = []
        if why and self.info_rules.must_be_false(player, ability):
            proposal = false() if callable(false) else false
            lead.append(f"Give {render(proposal)}: the {self.unit(why).name} makes it false.")
            more.append(f"The true answer: {render(truth)}.")
            check = _not_the_truth(truth, render, self.unit(why).name, check, true_if)
            if not differs(proposal, truth):
                more.append("Nothing false fits the usual answers: say answer and what to "
                            "give.")
        elif why:
            proposal = false() if callable(false) else false
            lead.append(f"They are {why}: give anything. Proposed: {render(proposal)}.")
            more.append(f"The true answer: {render(truth)}.")
        else:
            lead.append(f"The true answer: {render(truth)}.")
            if self.impairment(player, ability):
                rule = self.info_rules.rule(player, ability)
                more.append(f"They are not sober, but the {self.unit(rule[2]).name} makes it "
                            "true: give the true answer.")
        lead.append("Say next to give it.")
        more += list(notes or [])
        if not any("say answer and what to give" in line for line in more):   # said once
            more.append("Or say answer and what to give.")
        lines = [" ".join(lead), PAUSE, " ".join(more)]
        return Info(prompt="".join(lines), kind=kind, truth=truth,
                    proposal=proposal, render=render, notes=list(notes or []), check=check,
                    optional=optional, seat=player.seat, ability=ability, why=why or "",
                    true_if=true_if)


def _not_the_truth(truth: Any, render, source: str, check=None, true_if=None):
    """An Info check that refuses the true answer (the information must be false), then
    asks the unit's own check."""
    def vet(answer: Any) -> str | None:
        if (true_if(answer) if true_if else not differs(answer, truth)):
            return (f"The {source} is in play: {render(truth)} is the true answer. "
                    "Give false information.")
        return check(answer) if check else None
    return vet
