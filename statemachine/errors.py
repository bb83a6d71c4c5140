"""Errors the engine reports to the Storyteller. A rejected command changes nothing."""


class Rejected(Exception):
    """A command that cannot be carried out now; the message says why, for the ear."""

    def __init__(self, message: str = "") -> None:
        # Spoken as a sentence: it starts with a capital, even when it starts with a
        # player's label ("seat 3, Cat has already voted").
        super().__init__(message[:1].upper() + message[1:])
