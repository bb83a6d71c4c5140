"""The hand-out at setup: what the Storyteller hears, seat by seat, while giving out the
tokens ("Seat 4, Dan: give the Chef. Dan is the Drunk."), then the setup choices.

It begins by itself when the bag was drawn; with characters assigned, on request.
The steps are read from the game as it is (a Drunk's token changed at setup shows at once).
Where the hand-out has got to is not a game event: handing out a token changes nothing in
the game, so it never enters the journal's rows (undo takes back a decision, not a seat read
out, and a journal's meaning stays what it was). The session keeps the position, and the
journal's meta table keeps it across a restart.
"""
from __future__ import annotations

from typing import Any

from statemachine.line_rules import paced

INTRO = "Hand out the tokens. Say next after each seat, or repeat to hear it again."
BEGIN = "Say next to begin the first night."
OFFER = "Say hand out the tokens to hear them seat by seat."


HIDDEN_INTRO = ("Place the tokens in the grimoire: nobody sees their own. Say next after "
                "each seat, or repeat to hear it again.")


def hidden(game: Any) -> bool:
    """Nobody is shown their own character (Character.hides_own_character: Tor)."""
    return any(game.unit(f).hides_own_character for f in game.grim.fabled)


def token_line(game: Any, seat: int) -> str:
    p = game.grim.seat(seat)
    if hidden(game) and not p.traveller:
        return f"{p.Label}: the {game.unit(p.character).name}, not shown to them."
    shown = game.unit(p.believes).name
    line = f"{p.Label}: give the {shown}"
    line += ", a Traveller." if p.traveller else "."
    if p.believes != p.character:
        line += f" {p.Name} is the {game.unit(p.character).name}."
    return line


def steps(game: Any) -> list[str]:
    """Every hand-out step: a token per seat (the first with the intro), then the choices."""
    lines = game.setup_lines()
    header = [line for line in lines[:1 + len(getattr(game, "setup_notes", []))]]
    choices = [line for line in lines[len(header):] if line != BEGIN]
    seats = [token_line(game, p.seat) for p in game.grim.players]
    seats[0] = " ".join(header + [HIDDEN_INTRO if hidden(game) else INTRO, seats[0]])
    last = " ".join(["Setup choices."] + choices + [BEGIN]) if choices else BEGIN
    return seats + [last]


def step(game: Any, position: int) -> str:
    """The hand-out step's line, paced for the earpiece (``line_rules.paced``)."""
    found = steps(game)
    return paced(found[max(0, min(position, len(found) - 1))])


def status(game: Any, position: int) -> str:
    """Where the hand-out has got to ("status" while the tokens are handed out), and what
    next does from there: the next seat, the setup choices, or the first night."""
    seats = len(game.grim.players)
    if position >= seats:
        return f"Setup: every token is handed out. {BEGIN}"
    if position + 1 < seats:
        then = "Say next for the next seat."
    else:
        then = "Say next for the setup choices." if steps(game)[-1] != BEGIN else BEGIN
    return f"Setup: handing out the tokens, seat {position + 1} of {seats}. {then}"


def finished(game: Any, position: int) -> bool:
    """The last step (the setup choices) has been read out: next begins the first night."""
    return position >= len(steps(game)) - 1
