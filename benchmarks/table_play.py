"""A game played the way a real table plays it, for journals to measure and to test on: the
autopilot's legal commands (benchmarks.engine), and between them, at seeded places, what
every table also says: a command refused (a misheard seat, a choice at the wrong step), a
question (who is dead, the grimoire, what is next), and an undo of the last command, said
again after. Nights and days follow one another as the autopilot plays them."""
from __future__ import annotations

import random
from collections import Counter

from benchmarks.engine import autoplay
from statemachine.errors import Rejected
from statemachine.journal.session import Session

QUESTIONS = (("ask_dead", {}), ("ask_grimoire", {}), ("ask_next", {}), ("ask_poisoned", {}))
REFUSED = (("choose", {"seats": [98, 99]}),            # two seats no table has
           ("nominate", {"nominator": 99, "nominee": 98}),
           ("votes", {"count": -1}))


class _Table:
    """The session as the autopilot sees it, with a table's other lines said before the
    commands it gives."""

    def __init__(self, session: Session, rng: random.Random, every: tuple[int, int, int],
                 said: Counter) -> None:
        self._session, self._rng, self._every, self.said = session, rng, every, said

    def __getattr__(self, name):
        return getattr(self._session, name)

    def _now(self, every: int) -> bool:
        return every > 0 and self._rng.random() < 1 / every

    def apply(self, intent: str, slots: dict):
        session, (reject, question, undo) = self._session, self._every
        if self._now(reject):
            try:
                session.apply(*self._rng.choice(REFUSED))
                self.said["taken though refused"] += 1
            except Rejected:
                self.said["refused"] += 1
        if self._now(question):
            try:
                session.apply(*self._rng.choice(QUESTIONS))
                self.said["questions"] += 1
            except Rejected:
                self.said["refused"] += 1
        if self._now(undo) and len(session.journal) > 1:
            again = session.journal.events()[-1] if len(session.journal) < 200 else \
                session.journal.read_events(len(session.journal) - 1)[0][-1]
            session.undo()
            session.apply(again[0], again[1], again[2])   # and said again
            self.said["undos"] += 1
        out = session.apply(intent, slots)
        self.said["accepted"] += 1
        return out


def table_play(session: Session, events: int, seed: int = 1, reject_every: int = 10,
               question_every: int = 15, undo_every: int = 40) -> Counter:
    """Play until the journal holds ``events`` commands (or the game ends); what was said,
    counted: accepted commands, refused ones, questions and undos. ``*_every``: on
    average one of those per that many accepted commands (0: none)."""
    said: Counter = Counter()
    table = _Table(session, random.Random(seed), (reject_every, question_every, undo_every),
                   said)
    autoplay(table, events=events, keep_alive=True, limit=10 * events + 100)
    return said
