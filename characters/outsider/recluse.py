"""The Recluse: you might register as evil, and as a Minion or Demon, even if dead."""
from __future__ import annotations

from statemachine.model import OUTSIDER
from statemachine.registry import Character


class Recluse(Character):
    id = "recluse"
    name = "Recluse"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()
    works_when_dead = True
    may_register_as = frozenset({"evil", "minion", "demon"})
