"""The examples the engine's own lines give, found in the game as it is, so that each is
one the step takes: the seats a night step's wait accepts (its own check says), a character
of the script in play, a nomination today. Nothing here changes the game."""
from __future__ import annotations

from itertools import combinations, islice
from typing import Any

from statemachine.waits import ChooseCharacter, ChooseSeats, StorytellerStep
from statemachine.wording import STEP_NAMES

TRIES = 400          # seat combinations looked at, at most, for one example


def legal_seats(game: Any, wait: ChooseSeats) -> list[int]:
    """The first seats (living ones first, never the chooser's own first) that ``wait``
    takes by its check, or [] if none is found quickly."""
    if wait.count < 1 or wait.count > 3:   # a spoken list holds three seats at most
        return []
    own = game.current.seat if getattr(game, "current", None) else 0
    players = game.grim.players
    order = ([p.seat for p in players if p.alive and p.seat != own]
             + [p.seat for p in players if not p.alive and p.seat != own] + ([own] if own else []))
    for seats in islice(combinations(order, wait.count), TRIES):
        seats = sorted(seats)
        try:
            if wait.check is None or wait.check(list(seats)) is None:
                return seats
        except Exception:  # noqa: BLE001 - a check that cannot judge this choice: next one
            continue
    return []


def legal_character(game: Any, wait: ChooseCharacter) -> str:
    """A character of the script in play that ``wait`` takes (its name), or ""."""
    for cid in game.setup.script:
        unit = game.registry.get(cid) if cid in game.registry else None
        if unit is None or unit.team in ("traveller", "fabled"):
            continue
        try:
            if wait.check is None or wait.check(cid) is None:
                return unit.name
        except Exception:  # noqa: BLE001
            continue
    return ""


def describe_wait(game: Any) -> str:
    """The wait's 'say ...' line, with an example this step takes."""
    wait = game.wait
    if isinstance(wait, ChooseSeats) and not isinstance(wait, StorytellerStep):
        return wait.describe(legal_seats(game, wait))
    if isinstance(wait, ChooseCharacter):
        return wait.describe(legal_character(game, wait))
    return wait.describe()


def nomination(game: Any) -> tuple[int, int] | None:
    """(nominator, nominee) a nomination today could be, or None: a living player who has
    not nominated, and a player not yet nominated."""
    players = game.grim.players
    nominators = [p.seat for p in players if p.alive and not p.traveller
                  and p.seat not in game.nominators_today]
    nominees = [p.seat for p in players if p.seat not in game.nominated_today]
    for a in nominators:
        for b in nominees:
            if a != b:
                return a, b
    return None


def say_nomination(game: Any) -> str:
    """"Say 'seat 2 nominates seat 5' or 'end the day'." with seats that may."""
    pair = nomination(game)
    if pair is None:
        return "Say 'end the day'."
    return f"Say 'seat {pair[0]} nominates seat {pair[1]}' or 'end the day'."


def character_change(game: Any, seat_team: str = "townsfolk",
                     to_team: str = "townsfolk") -> tuple[int, str] | None:
    """(seat, character name) for 'seat N is the X' at setup: a seat holding a ``seat_team``
    character, and a ``to_team`` character of the script not in play; None if none."""
    registry = game.registry
    in_play = {p.character for p in game.grim.players}
    seat = next((p.seat for p in game.grim.players if not p.traveller
                 and p.character in registry and registry.get(p.character).team == seat_team), 0)
    name = next((registry.get(cid).name for cid in game.setup.script
                 if cid in registry and cid not in in_play
                 and registry.get(cid).team == to_team), "")
    return (seat, name) if seat and name else None


def change_said(game: Any, add_outsider: bool | None = None) -> str:
    """' To change it, say 'seat 4 is the sweetheart'.': a change the setup takes (a
    Townsfolk made an Outsider, or back with ``add_outsider`` False; None: any Townsfolk)."""
    if add_outsider is None:
        pair = character_change(game)
    elif add_outsider:
        pair = character_change(game, "townsfolk", "outsider")
    else:
        pair = character_change(game, "outsider", "townsfolk")
    if pair is None:
        return " To change it, say the seat and the character it becomes."
    return f" To change it, say 'seat {pair[0]} is the {pair[1].lower()}'."


def step_name(game: Any) -> str:
    """The night step in front of the Storyteller: "the Empath, seat 3", "Minion info", a
    Fabled's "the Djinn"; a seat swapped to another character in the step (the Snake
    Charmer's): "the Snake Charmer's step, seat 2, now the Vortox"."""
    step = game.current
    name = STEP_NAMES.get(step.ability, step.ability)
    if step.seat:
        holder = game.grim.seat(step.seat)
        if name in (holder.character, holder.believes) or name in game.abilities(holder):
            return f"the {game.unit(name).name}, seat {step.seat}"
        return f"the {game.unit(name).name}'s step, seat {step.seat}, now the {game.unit(holder.character).name}"
    return f"the {game.unit(name).name}" if name in game.grim.fabled else name
