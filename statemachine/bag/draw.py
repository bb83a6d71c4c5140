"""Setup: how many of each character type, setup modifiers, the seeded bag draw, bluffs."""
from __future__ import annotations

import random

from statemachine import wording
from statemachine.bag.counts import Counts
from statemachine.model import DEMON, FABLED, LORIC, MINION, OUTSIDER, TOWNSFOLK, TRAVELLER
from statemachine.registry import Character

MIN_PLAYERS, MAX_PLAYERS, MAX_TRAVELLERS = 5, 15, 5
TEAM_WORDS = {TOWNSFOLK: "Townsfolk", OUTSIDER: "Outsider", MINION: "Minion", DEMON: "Demon"}

# Townsfolk, Outsiders, Minions, Demons for 5..15 players (the standard setup table).
_BASE = {
    5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1), 9: (5, 2, 1, 1),
    10: (7, 0, 2, 1), 11: (7, 1, 2, 1), 12: (7, 2, 2, 1), 13: (9, 0, 3, 1), 14: (9, 1, 3, 1),
    15: (9, 2, 3, 1),
}


class SetupError(ValueError):
    """A setup that cannot be made: the message says why."""


def base_counts(players: int) -> Counts:
    if players not in _BASE:
        raise SetupError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return Counts(*_BASE[players])


def draw_bag(characters: list[Character], players: int, rng: random.Random) -> list[str]:
    """Fill the bag for ``players`` seats from the script, applying setup modifiers, and
    return one character id per seat in seat order."""
    by_team: dict[str, list[Character]] = {t: [] for t in (TOWNSFOLK, OUTSIDER, MINION, DEMON)}
    for c in characters:
        if c.team in by_team:
            by_team[c.team].append(c)
    counts = base_counts(players)
    counts.rng = rng
    # The Demon first, and its setup change before the Minions are drawn: it may change
    # how many there are (Lil' Monsta: one more) or leave them to be made in play (Kazali).
    chosen = _pick(by_team[DEMON], counts.demon, DEMON, rng)
    for c in chosen:
        c.adjust_counts(counts)
    minions = _pick(by_team[MINION], counts.minion, MINION, rng)
    chosen += minions
    # A jinx may keep two characters from both being in play (the Heretic and the Baron):
    # the good are drawn without those the drawn evil exclude.
    for team in (TOWNSFOLK, OUTSIDER):
        by_team[team] = [c for c in by_team[team]
                         if not any(c.excludes(x.id) or x.excludes(c.id) for x in chosen)]
    for c in minions + storyteller_modifiers(characters):
        c.adjust_counts(counts)
    seated = [c for c in chosen if c.team == DEMON and not c.babysat]   # Lil' Monsta: none
    if counts.demon < len(seated):
        # A modifier takes the Demon out of the bag (the Summoner's "no Demon"): the counts
        # are made again without the Demons it removes.
        demons = seated[:max(counts.demon, 0)]
        chosen = demons + [c for c in chosen if c.team != DEMON]
        counts = base_counts(players)
        counts.rng = rng
        for c in chosen + storyteller_modifiers(characters):
            c.adjust_counts(counts)
    good = _pick_good(by_team, counts, rng)
    # A good character with a setup effect (Choirboy: +the King, Balloonist: +0 or +1
    # Outsider) changes the counts once more, each once: the good are drawn again, keeping
    # those whose change was applied; one drawn anew has its change applied in turn.
    applied: list[Character] = []
    keep: list[Character] = []
    while True:
        todo = [c for c in good if c.setup and c not in applied]
        if not todo:
            break
        c = todo[0]
        applied.append(c)
        before = (counts.townsfolk, counts.outsider, tuple(counts.required))
        c.adjust_counts(counts)
        if (counts.townsfolk, counts.outsider, tuple(counts.required)) != before:
            keep.append(c)
            good = _pick_good(by_team, counts, rng, keep=keep)
    if any(sum(c.team == t for c in chosen) > counts.get(t) for t in (DEMON, MINION)):
        # A good character's setup effect leaves fewer evil (the Atheist: none): the evil
        # drawn beyond the counts go back, the counts are made again without their
        # changes, and the good are drawn again for them.
        chosen = [c for t in (DEMON, MINION)
                  for c in [x for x in chosen if x.team == t][:counts.get(t)]]
        counts = base_counts(players)
        counts.rng = rng
        for c in chosen + storyteller_modifiers(characters) + keep:
            c.adjust_counts(counts)
        good = _pick_good(by_team, counts, rng, keep=keep)
    bag = [c.id for c in chosen + good if not c.babysat]    # Lil' Monsta has no seat
    bag += [cid for cid, n in counts.copies.items() if cid in bag for _ in range(n)]
    rng.shuffle(bag)
    teams = {c.id: c.team for c in chosen + good}
    for c in chosen + good + storyteller_modifiers(characters):    # the Pope's copies last
        c.place(bag, teams, rng)
    return bag


def storyteller_modifiers(characters: list[Character]) -> list[Character]:
    """The Fabled and Loric on the script with a setup effect (the Sentinel's Outsider
    more or fewer): never in the bag, they change its counts all the same."""
    return [c for c in characters if c.team in (FABLED, LORIC) and c.setup]


def setup_modifiers(characters: list[Character]) -> list[Character]:
    """What changes an explicit setup's counts without a seat: the Storyteller's modifiers,
    and a babysat Demon (Lil' Monsta), in play when no player is given a Demon."""
    return storyteller_modifiers(characters) + [c for c in characters if c.babysat]


def _pick_good(by_team, counts: Counts, rng, keep=()) -> list[Character]:
    ids = {c.id: c for team in (TOWNSFOLK, OUTSIDER) for c in by_team[team]}
    fixed = list(keep) + [ids[i] for i in counts.required if i in ids and ids[i] not in keep]
    picked = list(fixed)
    for team in (TOWNSFOLK, OUTSIDER):
        have = sum(1 for c in picked if c.team == team)
        pool = [c for c in by_team[team] if c not in picked]
        picked += _pick(pool, counts.get(team) - have, team, rng)
    return picked


def _pick(pool: list[Character], n: int, team: str, rng: random.Random) -> list[Character]:
    if n <= 0:
        return []
    if len(pool) < n:
        raise SetupError(f"the script has {wording.count(len(pool), team + ' character')} to draw from; "
                         f"the setup needs {n}")
    return rng.sample(pool, n)


def check_counts(characters: list[Character], players: int,
                 modifiers: list[Character] = ()) -> list[str]:
    """Notes where an explicit assignment differs from the standard counts (not an error:
    the Storyteller may set up as they like). ``modifiers``: the script's Fabled and Loric
    with a setup effect and its babysat Demon (``setup_modifiers``)."""
    counts = base_counts(players)
    counts.given_outsiders = sum(1 for c in characters if c.team == OUTSIDER)
    seated_demon = any(c.team == DEMON for c in characters)
    for c in list(characters) + list(modifiers):
        if c.babysat and (seated_demon or c in characters):
            continue
        if c.team in (MINION, DEMON) or c.setup:
            c.adjust_counts(counts)
    notes = []
    for team in (TOWNSFOLK, OUTSIDER, MINION, DEMON):
        have = sum(1 for c in characters if c.team == team)
        want = counts.get(team)
        if have != want:
            notes.append(f"{wording.count(have, TEAM_WORDS[team])} in play where the "
                         f"standard setup has {want}")
    return notes


def propose_bluffs(characters: list[Character], in_play: set[str], rng: random.Random) -> list[str]:
    """Three good characters not in play, Townsfolk first."""
    free_t = [c.id for c in characters if c.team == TOWNSFOLK and c.id not in in_play]
    free_o = [c.id for c in characters if c.team == OUTSIDER and c.id not in in_play]
    picks = rng.sample(free_t, min(3, len(free_t)))
    if len(picks) < 3:
        picks += rng.sample(free_o, min(3 - len(picks), len(free_o)))
    return picks


def travellers_of(characters: list[Character]) -> list[Character]:
    return [c for c in characters if c.team == TRAVELLER]
