"""Players changing seats: two swap (the Matron), or a Traveller sits down between two
(seats after them renumbered). Every record of a seat follows."""
from __future__ import annotations

import re

from statemachine.model import Player


class Seats:
    """Players changing seats. A part of the game (``game.seats``) that owns only its cache
    of the units' seat patterns; it writes the grimoire's seating (the players' order and
    seat numbers, effects' sources, reminders that name a seat) and has every other record of
    a seat renumbered by its owner: the game's deaths (``renumber_deaths``), the day's records
    (``renumber_day``), the parts that keep seats (``renumber``), each unit's own
    (``Character.on_seats_moved``)."""

    def __init__(self, game) -> None:
        self.game = game
        self._patterns: list[re.Pattern] | None = None

    def swap(self, a: Player, b: Player) -> None:
        """Two players swap seats (Matron). Names, characters, reminders and effects move with
        the players; seat numbers are re-assigned and every record of a seat follows."""
        if a is b:
            return
        order = list(self.game.grim.players)
        order[a.seat - 1], order[b.seat - 1] = b, a
        self.reseat(order)

    def between(self, player: Player, after: Player, before: Player) -> None:
        """``player`` (not seated yet) sits between two neighbours: in the seat of the later
        one, who moves up one with everyone after them; between the last seat and the first,
        in a new last seat. ValueError if the two are not next to each other."""
        players = self.game.grim.players
        n = len(players)
        low, high = sorted((after.seat, before.seat))
        if high - low == 1:
            index = high - 1
        elif (low, high) == (1, n):
            index = n
        else:
            raise ValueError("not neighbours")
        order = list(players)
        order.insert(index, player)
        self.reseat(order)

    def reseat(self, order: list[Player]) -> None:
        """Seat the players in this order (every old player in it, new ones too): seat
        numbers are re-assigned, and every record of a seat follows its player."""
        game = self.game
        moved = {p.seat: i for i, p in enumerate(order, start=1)
                 if p in game.grim.players and p.seat != i}
        game.grim.players[:] = order
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
        game.renumber_deaths(follow)
        game.renumber_day(follow)
        for part in (game.wakes, game.info_rules, game.abnormal):
            part.renumber(follow)
        self._follow_reminders(moved)
        for p in list(order):
            for ability in game.abilities(p):
                game.unit(ability).on_seats_moved(game, p, dict(moved))

    def _follow_reminders(self, moved: dict[int, int]) -> None:
        """Rewrite, once each, the reminders whose text names a seat (the Noble's "Noble 3:
        Know" marks, the Cannibal's lunch): every pattern a unit declares, in one pass."""
        if self._patterns is None:
            self._patterns = [re.compile(r) for u in self.game.registry
                              for r in u.seat_reminders]
        if not self._patterns:
            return
        for p in self.game.grim.players:
            p.reminders = [_renumbered(r, self._patterns, moved) for r in p.reminders]


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
