"""The seat dial's choices: what turning the rotary encoder offers for the question the game
asks now (seats, a number, yes or no), the line each detent says in the earpiece, and the
typed phrase a press completes. The table carries that phrase out as it does a typed line,
so the dial takes the same road as the keyboard and the voice, and can say nothing the
command language could not.

What it offers:

* a night choice of seats: the seats (and "nobody" where that is allowed); a press picks
  one, and the last one needed carries the choice out;
* information to give: "as proposed" first, then the other numbers, yes or no, or seats;
* a yes or no question: yes, no;
* by day: "end the day", then the seats: the first press picks who nominates, the second
  whom; during a vote: the count of votes;
* anything else that accepts next (setup, a step to go on from): "next".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from statemachine.waits import ChooseSeats, Info, YesNo
from statemachine.wording import votes


def turned(index: int, step: int, options: int) -> int:
    """The option a detent turns to: from none yet (-1), the first clockwise and the last
    back (the first turn back said the last seat but one)."""
    if index < 0:
        return 0 if step > 0 else options - 1
    return (index + step) % options


@dataclass(frozen=True)
class Option:
    label: str          # what the earpiece says when the dial reaches it
    phrase: str = ""    # the typed phrase a press carries out ("" = pick a seat)
    seat: int = 0


@dataclass(frozen=True)
class Offer:
    options: tuple[Option, ...]
    needed: int = 1     # seats to pick before the phrase is complete
    template: str = ""  # how picked seats become a phrase: "choose", "answer", "nominate"


def _seat_label(game: Any, seat: int) -> str:
    player = game.grim.seat(seat)
    dead = "" if player.alive else ", dead"
    return f"{player.Label}{dead}."


def _seats(game: Any) -> tuple[Option, ...]:
    return tuple(Option(_seat_label(game, p.seat), seat=p.seat) for p in game.grim.players)


def _seat_list(seats: list[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + " and ".join(str(s) for s in seats)


def _numbers(proposal: Any, top: int) -> tuple[Option, ...]:
    values = [proposal] + [n for n in range(0, max(top, int(proposal or 0)) + 1) if n != proposal]
    return tuple(Option(f"{n}, as proposed." if i == 0 else f"{n}.",
                        "next" if i == 0 else f"answer {n}") for i, n in enumerate(values))


def offer_for(game: Any) -> Offer | None:
    """What the dial offers now, or None when there is nothing it can answer."""
    if game is None or game.winner:
        return None
    wait, state = game.wait, game.phase.state
    if game.phase.at_night and wait is not None:
        if isinstance(wait, ChooseSeats):
            extra = (Option("Nobody.", "nobody"),) if wait.optional else ()
            return Offer(extra + _seats(game), needed=wait.count, template="choose")
        if isinstance(wait, YesNo):
            return Offer((Option("Yes.", "yes"), Option("No.", "no")))
        if isinstance(wait, Info) and wait.kind == "number":
            return Offer(_numbers(wait.proposal, len(game.grim.players)))
        if isinstance(wait, Info) and wait.kind == "yesno":
            first, other = ("yes", "no") if wait.proposal else ("no", "yes")
            return Offer((Option(f"{first.capitalize()}, as proposed.", "next"),
                          Option(f"{other.capitalize()}.", f"answer {other}")))
        if isinstance(wait, Info) and wait.kind == "seats":
            count = len(wait.proposal or ()) or 1
            return Offer((Option("As proposed.", "next"),) + _seats(game), needed=count,
                         template="answer")
        if "next" in wait.accepts():
            return Offer((Option("Next.", "next"),))
        return None
    if state == "day":
        return Offer((Option("End the day.", "end the day"),) + _seats(game), needed=2,
                     template="nominate")
    if state == "vote":
        top = game.hands_possible(game.vote) if game.vote is not None else len(game.grim.players)
        return Offer(tuple(Option(f"{votes(n)}.", votes(n)) for n in range(top + 1)))
    if state == "setup":     # the hand-out, seat by seat, as 'hand out the tokens' asks for it
        return Offer((Option("Next.", "next"), Option("Hand out the tokens.", "hand out the tokens")))
    if "next" in game.expected_intents():
        return Offer((Option("Next.", "next"),))
    return None


class SeatDial:
    """Where the dial stands in the current offer and the seats picked so far. A new question
    (the game moved on, or was rebuilt) starts afresh."""

    def __init__(self) -> None:
        self.index = -1
        self.picked: list[int] = []
        self._question: Any = None

    def _offer(self, game: Any) -> Offer | None:
        question = None if game is None else (id(game), game.commands_done,
                                              game.phase.state, id(game.wait))
        if question != self._question:
            self._question, self.index, self.picked = question, -1, []
        return offer_for(game)

    def turn(self, game: Any, step: int) -> str:
        """One detent (+1 clockwise, -1 back): the line to say privately."""
        offer = self._offer(game)
        if offer is None:
            return "The dial has nothing to choose now."
        self.index = turned(self.index, step, len(offer.options))
        return offer.options[self.index].label

    def press(self, game: Any) -> tuple[str | None, str | None]:
        """(a line to say, or None; the phrase to carry out, or None)."""
        offer = self._offer(game)
        if offer is None:
            return "The dial has nothing to choose now.", None
        if self.index < 0:
            return "Turn the dial first.", None
        option = offer.options[self.index]
        if option.phrase:
            self.picked = []
            return None, option.phrase
        if option.seat in self.picked:
            return f"Seat {option.seat} is picked already.", None
        self.picked.append(option.seat)
        if len(self.picked) < offer.needed:
            more = offer.needed - len(self.picked)
            if offer.template == "nominate":
                return f"Seat {option.seat} nominates. Now turn to the nominee.", None
            return f"Seat {option.seat} picked. {more} more.", None
        picked, self.picked = self.picked, []
        if offer.template == "nominate":
            return None, f"seat {picked[0]} nominates seat {picked[1]}"
        if offer.template == "answer":
            return None, "answer " + _seat_list(picked)
        return None, _seat_list(picked)

    def clear(self) -> str:
        """A long press: forget the seats picked so far."""
        self.picked = []
        return "Cleared. Turn the dial to choose again."
