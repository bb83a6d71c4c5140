"""A line the engine says: on the public channel (the table) or the private one (the
Storyteller's earpiece)."""
from __future__ import annotations

from dataclasses import dataclass

PUBLIC, PRIVATE = "public", "private"


@dataclass(frozen=True)
class Speech:
    channel: str
    text: str
