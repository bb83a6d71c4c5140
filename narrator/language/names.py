"""Players' names as the narrator takes them: in one Unicode form (NFC, so "Zoë" typed on
two keyboards is one player), and never a command word ("yes", "next", "undo"): the spoken
grammar could not tell the name said alone from the command."""
from __future__ import annotations

import unicodedata

from narrator.language.commands import CommandLanguage


def normal(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip()


def refused(name: str, language: CommandLanguage) -> str | None:
    """Why ``name`` cannot be a player's name (None: it can)."""
    if any(ch.isdigit() for ch in name):   # "seat 1, 1": every line about the seat
        return f"{normal(name)} cannot be a player's name: a name with a number in it is heard as a seat."
    command = language.parse(name)
    if command is None:
        return None
    return (f"{normal(name)} cannot be a player's name: it is also a command "
            f"({command.intent.replace('_', ' ')}), and said alone the two could not be "
            "told apart. Give another name, or add an initial.")


def first_refused(names: list[str], language: CommandLanguage) -> str | None:
    return next((why for why in (refused(n, language) for n in names) if why), None)


def refused_join(command, language: CommandLanguage) -> str | None:
    """Why a Traveller joining under this name is refused (None for any other command)."""
    if command.intent != "traveller_joins":
        return None
    return refused(str(command.slots.get("name", "")), language)
