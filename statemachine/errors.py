"""Errors the engine reports to the Storyteller. A rejected command changes nothing."""


class Rejected(Exception):
    """A command that cannot be carried out now; the message says why, for the ear."""
