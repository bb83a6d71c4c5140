"""Helpers for characters whose abilities rest on Storyteller choices: proposals the
Storyteller accepts with "next" or overrides, registration-aware checks, and a record that
a "you start knowing" ability has given its information (its waking on the holder's first
night, even mid-game, is the engine's: Character.night_position)."""
from __future__ import annotations

from characters.common import say_seats
from statemachine.model import EVIL, GOOD, Player
from statemachine.registry import Character
from statemachine.waits import Info

def may_register(game, p: Player, what: str) -> bool:
    """Whether ``p`` is, or may register as, ``what`` (good, evil or a team)."""
    if what in (GOOD, EVIL):
        actual = p.alignment == what
    else:
        actual = game.team_of(p) == what
    return actual or what in game.misregisters(p)


def registers_surely(game, p: Player, what: str) -> bool:
    """``p`` is ``what`` and cannot register otherwise."""
    if what in (GOOD, EVIL):
        other = EVIL if what == GOOD else GOOD
        return p.alignment == what and other not in game.misregisters(p)
    return game.team_of(p) == what and not game.misregisters(p)


def pick(game, prompt: str, kind: str, proposal, render, check=None) -> Info:
    """A Storyteller choice: the proposal is given with "next", or another answer (vetted by
    ``check``) with "answer ..."."""
    text = f"{prompt} Proposed: {render(proposal)}. Say next to accept, or say answer and " \
           "your choice."
    return Info(prompt=text, kind=kind, truth=proposal, proposal=proposal, render=render,
                check=check)


def seats_render(game):
    return lambda seats: say_seats(game, list(seats or []))


class StartKnowing(Character):
    """'You start knowing ...' with a choice the Storyteller may change until it is given:
    ``learnt`` tells whether the information was given (commands changing it are refused
    after that). Waking is the engine's: a first-night-only ability acts on the night its
    holder gains it."""

    def learnt_tag(self) -> str:
        return f"{self.name}: learnt"

    def learnt(self, player: Player) -> bool:
        return self.learnt_tag() in player.reminders

    def mark_learnt(self, player: Player) -> None:
        if not self.learnt(player):
            player.reminders.append(self.learnt_tag())
