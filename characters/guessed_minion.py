"""A living good player's public guess of which player is a given Minion, once a day after
the execution: if right, the Demon must choose that player tonight. The jinxes of the
Alchemist with the Spy, the Widow and the Wraith, and of the Magician with the Wraith, share
it. The guessed player is marked with a reminder for the coming night; the Demon's wake
says it (``Character.on_wake``), and the mark goes at dawn."""
from __future__ import annotations

from statemachine.errors import Rejected

MUST = "Demon must choose, night "


def guess(game, holder, guesser_name: str, minion: str, seat: int) -> None:
    """``holder`` (of ``guesser_name``'s ability) publicly guesses that ``seat`` is the
    ``minion``, once a day, both alive. The engine's day ends with its execution, so the
    guess is taken by day, or at night after the day's execution while the Demon is still
    to wake: the Demon must choose the player that night."""
    name = game.unit(minion).name
    night = game.grim.night + 1
    if game.phase.at_night:
        demons = [p for p in game.grim.players if game.is_demon(p)]
        if game.executed_today is None or not any(game.wakes_later_tonight(d) for d in demons):
            raise game.not_now(f"the {guesser_name} guesses by day, or tonight after the "
                               "day's execution before the Demon wakes")
        night = game.grim.night
    elif not game.phase.in_day:
        raise game.not_now(f"the {guesser_name} guesses by day")
    if not holder.alive:
        raise Rejected(f"The {guesser_name}, {holder.label}, is dead: they may not guess.")
    tag = f"{guesser_name}: guessed, day {game.grim.day}"
    if tag in holder.reminders:
        raise Rejected(f"The {guesser_name} has guessed today.")
    target = game.player(seat)
    if not target.alive:
        raise Rejected(f"{target.Label} is dead: the guess is of a living player.")
    holder.reminders.append(tag)
    if target.character != minion:
        game.say_private(f"Wrong: {target.label} is not the {name}. Nothing happens.")
        return
    target.reminders.append(f"{MUST}{night}")
    game.say_private(f"Right: {target.label} is the {name}. Tonight the Demon must choose "
                     "them.")


def wake_lines(game, woken) -> list[str]:
    """What the Storyteller hears as the Demon is woken tonight with a guessed player
    marked: the Demon must choose them."""
    tag = f"{MUST}{game.grim.night}"
    if not any(game.is_demon(p) for p in woken):
        return []
    return [f"A jinx: the Demon must choose {p.label} tonight."
            for p in game.grim.players if tag in p.reminders]


def clear(game) -> None:
    """At dawn: last night's marks go."""
    for p in game.grim.players:
        p.reminders = [r for r in p.reminders if not r.startswith(MUST)]
