"""Players changing seats: two swap (the Matron), or a Traveller sits down between two
(seats after them renumbered). Every record of a seat follows. Mixed into Game."""
from __future__ import annotations

import re

from statemachine.model import Player


class SeatsMixin:
    """Mixed into Game. Expects ``grim``, ``registry`` and the day's and night's records."""

    def swap_seats(self, a: Player, b: Player) -> None:
        """Two players swap seats (Matron). Names, characters, reminders and effects move with
        the players; seat numbers are re-assigned and every record of a seat follows."""
        if a is b:
            return
        order = list(self.grim.players)
        order[a.seat - 1], order[b.seat - 1] = b, a
        self.reseat(order)

    def seat_between(self, player: Player, after: Player, before: Player) -> None:
        """``player`` (not seated yet) sits between two neighbours: in the seat of the later
        one, who moves up one with everyone after them; between the last seat and the first,
        in a new last seat. ValueError if the two are not next to each other."""
        n = len(self.grim.players)
        low, high = sorted((after.seat, before.seat))
        if high - low == 1:
            index = high - 1
        elif (low, high) == (1, n):
            index = n
        else:
            raise ValueError("not neighbours")
        order = list(self.grim.players)
        order.insert(index, player)
        self.reseat(order)

    def reseat(self, order: list[Player]) -> None:
        """Seat the players in this order (every old player in it, new ones too): seat
        numbers are re-assigned, and every record of a seat follows its player: effects'
        sources, deaths, the day's nominations, block and vote, reminders that name a seat
        (``Character.seat_reminders``), and each unit's own (``Character.on_seats_moved``)."""
        moved = {p.seat: i for i, p in enumerate(order, start=1)
                 if p in self.grim.players and p.seat != i}
        self.grim.players[:] = order
        for i, p in enumerate(order, start=1):
            p.seat = i
        if not moved:
            return

        def follow(seat):
            return moved.get(seat, seat)

        for p in order:
            for e in p.effects:
                if e.source is not None:
                    e.source = follow(e.source)
        self.deaths = [d._replace(seat=follow(d.seat)) for d in self.deaths]
        self.night_deaths = [follow(s) for s in self.night_deaths]
        if self.last_kill:
            s, cause, by = self.last_kill
            self.last_kill = (follow(s), cause, follow(by) if by is not None else None)
        if getattr(self, "nominated_today", None) is not None:
            self.nominated_today = {follow(s) for s in self.nominated_today}
            self.nominators_today = {follow(s): n for s, n in self.nominators_today.items()}
        if self.block:
            self.block = (follow(self.block[0]) if self.block[0] else 0, self.block[1])
            self.tied = [follow(s) for s in getattr(self, "tied", [])]
        if self.executed_today is not None:
            self.executed_today = follow(self.executed_today)
        if getattr(self, "held_execution", None):
            self.held_execution = (follow(self.held_execution[0]), self.held_execution[1])
        if getattr(self, "held_spare", None):
            self.held_spare = follow(self.held_spare)
        for v in [self.vote] + list(getattr(self, "votes_today", [])):
            if v is None:
                continue
            # The open vote and today's tallied ones: who, and the block each opened on.
            v.nominee, v.nominator = follow(v.nominee), follow(v.nominator)
            v.voters = [follow(s) for s in v.voters]
            block, tied = v.before
            if block:
                block = (follow(block[0]) if block[0] else 0, block[1])
            v.before = (block, tuple(follow(s) for s in tied))
        self._follow_reminders(moved)
        for p in list(order):
            for ability in self.abilities(p):
                self.unit(ability).on_seats_moved(self, p, dict(moved))

    def _follow_reminders(self, moved: dict[int, int]) -> None:
        """Rewrite, once each, the reminders whose text names a seat (the Noble's "Noble 3:
        Know" marks, the Cannibal's lunch): every pattern a unit declares, in one pass."""
        patterns = getattr(self, "_seat_patterns", None)
        if patterns is None:
            patterns = self._seat_patterns = [re.compile(r) for u in self.registry
                                              for r in u.seat_reminders]
        if not patterns:
            return
        for p in self.grim.players:
            p.reminders = [_renumbered(r, patterns, moved) for r in p.reminders]


def _renumbered(reminder: str, patterns, moved: dict[int, int]) -> str:
    for pattern in patterns:
        m = pattern.fullmatch(reminder)
        if m:
            out, last = [], 0
            for g in range(1, (m.lastindex or 0) + 1):
                old = int(m.group(g))
                out += [reminder[last:m.start(g)], str(moved.get(old, old))]
                last = m.end(g)
            return "".join(out) + reminder[last:]
    return reminder
