"""The lines a game will certainly need, known when it starts: what the speech cache prepares.

:func:`static_lines` lists them as (channel, text) pairs, built with the engine's own
wording functions (``statemachine.wording``), never copies of its sentences: every wake
and sleep line of the characters in play (names and seats are fixed at the start), the
fixed announcements of night, dawn, day and votes, the per-player vote and death lines,
and the common numbers (vote counts 0 to 20, days and nights). The cache splits them into
sentences, so a dynamic line ("Wake the Empath, seat 3, Cat. They are poisoned.") reuses
the prepared sentences it shares.

The order is roughly the order of play (first night first), because the speech queue
prepares in the background from the front of the list while the game is already running.
"""
from __future__ import annotations

import logging
from typing import Any

from statemachine import wording
from statemachine.registry import Character
from statemachine.speech import PRIVATE, PUBLIC

log = logging.getLogger(__name__)

MAX_COUNT = 20  # vote counts and thresholds 0..20


def _night_steps(game: Any, first: bool) -> list[tuple[int, int, str, str]]:
    """(position, seat, name woken by, borrowed ability's name) of every ability in play
    that can act on a first (or other) night, whether or not it wakes tonight (a
    Ravenkeeper still alive)."""
    steps = []
    for player in game.grim.players:
        for ability in game.abilities(player):
            try:
                unit = game.unit(ability)
                position = unit.night_position(game, player, first)
            except Exception:  # a character's hook must never stop a game from starting
                log.exception("night position of %s", ability)
                continue
            if position is not None:
                steps.append((position, player.seat, *game.step_names(player, ability)))
    return sorted(steps)


def _wake_lines(game: Any, first: bool) -> list[tuple[str, str]]:
    lines = []
    for _position, seat, name, borrowed in _night_steps(game, first):
        label = game.grim.seat(seat).label
        lines += [(PRIVATE, wording.wake(name, label, borrowed=borrowed)),
                  (PRIVATE, wording.put_to_sleep(name))]
    return lines


def static_lines(game: Any) -> list[tuple[str, str]]:
    """Every (channel, text) the narrator will or very likely will say in ``game``, from
    the engine's wording; duplicates removed, in rough order of play."""
    players = list(game.grim.players)
    rounds = range(1, min(MAX_COUNT, max(2, len(players))) + 1)
    try:
        need = game.execution_threshold()
    except Exception:  # only a guess at the usual threshold; others come from MAX_COUNT
        need = (len(players) + 1) // 2
    lines: list[tuple[str, str]] = [(PUBLIC, wording.dusk(1, True))]
    lines += _wake_lines(game, True)
    lines += [(PUBLIC, wording.DAWN), (PUBLIC, wording.NOBODY_DIED)]
    lines += [(PUBLIC, wording.day_opens(1))]
    for p in players:
        lines += [(PUBLIC, wording.vote_call(p.label, need)), (PRIVATE, wording.votes_for(p.Label))]
    lines += [(PRIVATE, wording.VOTE_HELP)]
    lines += [(PUBLIC, wording.vote_count(n)) for n in range(MAX_COUNT + 1)]
    for p in players:
        lines += [(PUBLIC, wording.executed(p.Label)), (PUBLIC, wording.is_dead(p.name))]
    lines += [(PUBLIC, wording.NOBODY_EXECUTED)]
    lines += [(PUBLIC, wording.dusk(n, False)) for n in rounds if n > 1]
    lines += _wake_lines(game, False)
    # A player who gains an ability mid-game (Cannibal, Pixie) is put to sleep by name.
    lines += [(PRIVATE, wording.put_to_sleep(game.unit(p.believes or p.character).name))
              for p in players]
    lines += [(PUBLIC, wording.died_in_the_night(p.Label)) for p in players]
    lines += [(PUBLIC, wording.day_opens(n)) for n in rounds if n > 1]
    label = players[0].label if players else "seat 1"
    lines += [(PUBLIC, wording.vote_call(label, n)) for n in range(1, MAX_COUNT + 1)]
    # An ability that limits who votes (the Voudon) is named in every call to vote.
    for holder in players:
        for a in game.abilities(holder):
            who = game.unit(a).who_votes(game, holder)
            if who:
                lines += [(PUBLIC, wording.vote_call(p.label, n, who))
                          for p in players for n in (1, need)]
    # Votes with eyes closed (the Organ Grinder): each call, and the count said privately.
    if any(type(game.unit(a)).secret_votes is not Character.secret_votes
           for holder in players for a in game.abilities(holder)):
        lines += [(PUBLIC, wording.vote_call(p.label, need, secret=True)) for p in players]
        lines += [(PRIVATE, wording.vote_count(n)) for n in range(MAX_COUNT + 1)]
    return list(dict.fromkeys(lines))
