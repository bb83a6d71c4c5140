"""The Lord of Typhon: each night except the first, choose a player: they die. [The evil
players sit in a line with you in the middle. One more Minion. The Outsider count may
change.]

A drawn bag holds no Minion: Townsfolk take their places (``adjust_counts``: one more Minion,
all made in play). On the first night, at the Lord of Typhon's place (before the Minion
info), the players nearest them become the Minions, one clockwise, one anticlockwise, and so
on outward (Travellers skipped), so the evil players sit in a line with the Lord of Typhon
in the middle: the Storyteller picks each one's Minion (one not in play is proposed), and
each is woken and shown it with a thumb down. A good player so made evil loses their own
character, so the Outsider count changes when an Outsider is taken. An explicit setup that
already names the Minions is checked: evil players not in such a line are said at setup.
Each night after, the Lord of Typhon kills as the Imp does (without the Imp's star-pass).
"""
from __future__ import annotations

from characters.common import (attack, attack_fails, free_minions, make_minion, minion_check,
                               minions_wanted)
from statemachine.model import DEMON
from statemachine.registry import Character
from statemachine.view.examples import change_said
from statemachine.waits import ChooseCharacter, ChooseSeats, Next
from statemachine.wording import count


def line_outward(game, player):
    """The other seated players (no Travellers) nearest ``player``, alternately clockwise
    and anticlockwise, going outward: the order the line grows in."""
    seats = [p for p in game.grim.players if not p.traveller or p is player]
    i, n, found = seats.index(player), len(seats), []
    for step in range(1, n):
        for direction in (1, -1):
            p = seats[(i + direction * step) % n]
            if p is not player and p not in found:
                found.append(p)
    return found


def in_a_line(game, player) -> bool:
    """Every evil seated player sits in one unbroken line with ``player`` in its middle (the
    two sides differ by one at most)."""
    seats = [p for p in game.grim.players if not p.traveller or p is player]
    i, n = seats.index(player), len(seats)
    sides = []
    for direction in (1, -1):
        k = 0
        while k < n - 1 and game.is_evil(seats[(i + direction * (k + 1)) % n]):
            k += 1
        sides.append(k)
    evil = sum(1 for p in seats if game.is_evil(p))
    return abs(sides[0] - sides[1]) <= 1 and evil <= 1 + sum(sides)


class LordOfTyphon(Character):
    id = "lordoftyphon"
    name = "Lord of Typhon"
    team = DEMON
    first_night = 6
    other_night = 47
    reminders = ("Dead",)
    setup = True

    def adjust_counts(self, counts):
        counts.minion += 1
        counts.townsfolk -= 1
        counts.minions_made_in_play()

    def setup_lines(self, game, player):
        need = minions_wanted(game, 1)
        if need:
            who = ("The player nearest them becomes a Minion" if need == 1 else
                   f"The {count(need, 'player')} nearest them become Minions")
            return [f"The Lord of Typhon, {player.label}, changes the setup. {who} on the "
                    "first night. The evil sit in a line, the Lord of Typhon in the middle. "
                    "The Outsider count may change." + change_said(game, True)]
        if not in_a_line(game, player):
            return [f"The evil players must sit in a line, the Lord of Typhon, {player.label}, "
                    "in the middle. They do not: seat them so."]
        return []

    def on_created(self, game, player):
        """Made mid-game (the Summoner, the Pit-Hag): nobody becomes a Minion by its setup."""
        return [f"The {self.name}'s setup effect does not apply: the game has begun."]

    def wakes_holder(self, game, player):
        return game.phase.state != "first_night"

    def night(self, game, player):
        if game.phase.state == "first_night":
            yield from self._make_the_line(game, player)
            return
        seats = yield ChooseSeats(prompt="The Lord of Typhon chooses a player to kill.",
                                  count=1, actor=self.id)
        target = game.grim.seat(seats[0])
        if not attack_fails(game, player, self.id, target):
            attack(game, player, target)

    def _make_the_line(self, game, player):
        if player.character != self.id:     # the Lunatic: nobody becomes a Minion
            yield Next(prompt="They are not the Lord of Typhon: nobody becomes a Minion. "
                              "Say next.")
            return
        need = minions_wanted(game, 1)
        if not need:
            yield Next(prompt="The Minions are in play already: nobody else becomes one. "
                              "Say next.")
            return
        nearest = [p for p in line_outward(game, player) if not game.is_evil(p)][:need]
        taken: list[str] = []
        for target in nearest:
            free = free_minions(game, taken)
            if not free:
                yield Next(prompt="No Minion on the script is free: nobody else becomes one. "
                                  "Say next.")
                return
            proposal = game.rng.choice([c for c in free if c != "marionette"] or free)
            cid = yield ChooseCharacter(
                prompt=(f"{target.Label}, beside the Lord of Typhon, becomes a Minion. "
                        f"Proposed: the {game.unit(proposal).name}. Say next for it, or "
                        "say another Minion."),
                check=minion_check(game, taken))
            cid = cid or proposal
            taken.append(cid)
            yield Next(prompt=make_minion(game, target, cid) + " Say next.")
