"""Errors the engine reports to the Storyteller. A rejected command changes nothing."""


def no_seat(seat: object, seats: int) -> str:
    """The refusal of a seat the table does not have, said one way wherever it is refused."""
    return f"There is no seat {seat}: seats are 1 to {seats}."


class Rejected(Exception):
    """A command that cannot be carried out now; the message says why, for the ear."""

    def __init__(self, message: str = "") -> None:
        # Spoken as a sentence: it starts with a capital, even when it starts with a
        # player's label ("seat 3, Cat has already voted").
        super().__init__(message[:1].upper() + message[1:])
