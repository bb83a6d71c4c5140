"""The wording of the narrator's recurring lines, in one place.

The engine says these lines through these functions, and the narrator's prompt preparation
(``narrator.speech.prompts``) calls the same functions to know, at game start, which lines a game
will need, so the spoken wording and the prepared audio cannot drift apart. Each function
takes what varies (a character's name, a player's label, a number) and returns the line.
"""
from __future__ import annotations

FIRST_DUSK = "Night falls. Everyone, close your eyes."
DAWN = "Dawn. Everyone, open your eyes."
NOBODY_DIED = "Nobody died in the night."
NOBODY_EXECUTED = "Nobody is executed today."
VOTE_HELP = ("Say each voter, 'seat three votes', then the count, 'five votes', "
             "or say next when the named voters are all.")


def wake(character: str, label: str, note: str = "") -> str:
    """'Wake the Empath, seat 3, Cat.' and any note (' They are poisoned.')."""
    return f"Wake the {character}, {label}.{note}"


def put_to_sleep(character: str) -> str:
    return f"Put the {character} to sleep."


def dusk(night: int, first: bool) -> str:
    return FIRST_DUSK if first else f"Night {night}. Everyone, close your eyes."


def died_in_the_night(names: str) -> str:
    """``names``: 'Seat 3, Cat' or 'Seat 3, Cat and seat 5, Eve'."""
    return f"{names} died in the night."


def day_opens(day: int) -> str:
    return f"Day {day}. Talk freely; the Storyteller will call for nominations."


def votes(n: int) -> str:
    """'1 vote', '5 votes'."""
    return f"{n} vote" if n in (1, -1) else f"{n} votes"


def vote_call(label: str, need: int) -> str:
    return f"Vote on {label}. {votes(need)} needed. Raise your hands."


def votes_for(Label: str) -> str:  # noqa: N803 - the player's sentence-start label
    return f"{Label} votes."


def vote_count(total: int) -> str:
    """The first sentence of a tally: '5 votes.'"""
    return f"{votes(total)}."


def executed(Label: str) -> str:  # noqa: N803
    return f"{Label} is executed."


def is_dead(name: str) -> str:
    return f"{name} is dead."
