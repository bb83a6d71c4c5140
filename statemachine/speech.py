"""A line the engine says: on the public channel (the table) or the private one (the
Storyteller's earpiece)."""
from __future__ import annotations

from dataclasses import dataclass

PUBLIC, PRIVATE = "public", "private"


@dataclass(frozen=True)
class Speech:
    channel: str
    text: str
    # For a screen: the same answer as a compact table (a question's answer); the ear gets
    # ``text``, the typed console prints this instead when it is set.
    table: str = ""
