"""The first-night "1 of 2 players is a particular X" step shared by the Washerwoman
(Townsfolk), the Librarian (Outsider, or zero in play) and the Investigator (Minion).

Two waits, both proposals the Storyteller may override:

1. the two players pointed at: the truth is one player of that type and one other player
   (drawn with ``game.rng``); a drunk or poisoned learner gets two other players instead;
2. the character token shown: the truth follows the two players actually given (the
   character of the one of them that is of the type); a drunk or poisoned learner gets a
   character of that type that neither of them is.

Players who may register as that type (a Spy as a Townsfolk or Outsider, a Recluse as a
Minion) are named in the notes: the Storyteller says "answer" to use them.
"""
from __future__ import annotations

from characters.common import others as others_of
from characters.common import say_character, say_seats
from statemachine.model import TOWNSFOLK, Player
from statemachine.registry import Character
from statemachine.rules.registering import counts_as
from statemachine.waits import Info

WORD = {"townsfolk": "Townsfolk", "outsider": "Outsider", "minion": "Minion"}


def _of_type(game, p: Player, team: str) -> bool:
    return not p.traveller and counts_as(game, p, team)     # Legion is a Minion too


def _candidates(game, player: Player, team: str) -> tuple[list[Player], list[Player]]:
    """(players of that type, players who may register as it) among the others."""
    others = others_of(game, player, travellers=True)
    real = [p for p in others if _of_type(game, p, team)]
    maybe = [p for p in others if p not in real and team in game.misregisters(p)]
    return real, maybe


def _false_character(game, team: str, shown: list[Player]) -> str | None:
    """A character of the type on the script that none of the shown players is."""
    held = {p.character for p in shown}
    pool = [i for i in game.setup.script if game.unit(i).team == team and i not in held]
    return game.rng.choice(pool) if pool else None


def one_of_two(unit, game, player: Player, team: str, zero_allowed: bool = False):
    """The night generator: yields the two waits described in the module docstring."""
    word = WORD[team]
    others = others_of(game, player, travellers=True)
    real, maybe = _candidates(game, player, team)

    shown = None
    if real:
        shown = game.rng.choice(real)
        wrong = game.rng.choice([p for p in others if p is not shown])
        truth = sorted([shown.seat, wrong.seat])
        intro = (f"The {unit.name}: point to {shown.label}, the "
                 f"{game.unit(shown.character).name}. Also point to {wrong.label}, the wrong "
                 "player.")
        if game.info_rules.false_reason(player, unit.id):   # the proposal comes first, not this
            intro = f"The {unit.name} learns that 1 of 2 players is {_a(word)}."
    else:
        truth = []
        intro = f"The {unit.name} learns about {_a(word)}, and none is in play."

    def false_pair() -> list[int]:
        pick = game.rng.sample(others, 2) if len(others) >= 2 else others
        return sorted(p.seat for p in pick)

    def render(seats: list[int]) -> str:
        if not seats:
            return f"zero {word}s, a shake of the head"
        return say_seats(game, seats)

    def check_pair(seats: list[int]) -> str | None:
        if not seats:
            return None if zero_allowed else f"Point to two players for the {unit.name}."
        if len(seats) != 2:
            return f"Point to two players for the {unit.name}, not {len(seats)}."
        if player.seat in seats:
            return f"Point to two other players, not the {unit.name}."
        return None

    sober_empty = not truth and not zero_allowed
    if sober_empty:
        # Nothing true can be given (no such player): propose a false pair anyway.
        pair = false_pair()
        given = yield Info(
            prompt=(f"{intro} Nothing true can be shown, so give any two players. "
                    f"Proposed: {render(pair)}. Say next to give it, or say answer and what "
                    "to give."),
            kind="seats", truth=truth, proposal=pair, render=render, check=check_pair)
    else:
        given = yield game.info(player, unit.id, "seats", truth, false_pair, render, intro,
                                game.registration_notes(maybe, relevant={team}),
                                check=check_pair,
                                optional=zero_allowed)
    if not given:
        return given, None

    pointed = [game.grim.seat(s) for s in given]
    holder = shown if shown in pointed else next(
        (p for p in pointed if _of_type(game, p, team)), None)
    char_truth = holder.character if holder else None
    notes = game.registration_notes(pointed, relevant={team})

    def render_char(cid: str | None) -> str:
        return say_character(game, cid) if cid else "no character"

    def check_char(cid: str) -> str | None:
        if game.unit(cid).team != team and team not in game.unit(cid).registers_too:
            return f"Show {_a(word)}: the {game.unit(cid).name} is not one."
        return None

    if char_truth is None:
        false = _false_character(game, team, pointed)
        shown_char = yield Info(
            prompt=(f"Neither of them is {_a(word)}, so no token is true. Proposed: "
                    f"{render_char(false)}. " + " ".join(notes) +
                    (" " if notes else "") + "Say next to give it, or say answer and "
                    f"{_a(word)}."),
            kind="character", truth=None, proposal=false, render=render_char,
            notes=notes, check=check_char)
    else:
        shown_char = yield game.info(
            player, unit.id, "character", char_truth,
            lambda: _false_character(game, team, pointed) or char_truth, render_char,
            f"Now show them {_a(word)} token.", notes, check=check_char)
    return given, shown_char


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


class OneOfTwo(Character):
    """A Townsfolk who starts knowing that 1 of 2 players is a particular ``learns``
    (townsfolk, outsider or minion); ``zero_allowed``: or that none is in play."""

    team = TOWNSFOLK
    other_night = None
    learns = ""
    zero_allowed = False

    def night(self, game, player):
        yield from one_of_two(self, game, player, self.learns, zero_allowed=self.zero_allowed)
