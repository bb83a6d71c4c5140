"""Helpers for typed-play tests: a real session and journal in a temporary folder, a
console on it, and what it said and refused."""
from __future__ import annotations

import io
import json

from characters.scripts import load_script, registry_for
from narrator.console import Console, Outputs
from statemachine.game import GameSetup
from statemachine.journal.session import Session
from engine_helpers import NAMES


class Typed:
    """A console on a new game; ``type(*lines)`` runs lines and returns the log entries
    they made."""

    def __init__(self, tmp_path, characters: str, script: str = "Trouble Brewing",
                 seed: int = 1, travellers: int = 0) -> None:
        ids = characters.split(",")
        loaded = load_script(script)
        n = len(ids) - travellers
        setup = GameSetup(loaded.name, loaded.ids, NAMES[:n], ids, seed, NAMES[n:len(ids)])
        self.session = Session.create(tmp_path / "g.sqlite", setup, registry_for(loaded))
        self.log = io.StringIO()
        self.outputs = Outputs(out=io.StringIO(), log=self.log)
        self.console = Console(self.session, self.outputs)
        self.outputs.speech(self.session.opening)
        self.open = True

    def type(self, *lines: str) -> list[dict]:
        start = len(self.log.getvalue())
        for line in lines:
            self.open = self.console.handle_line(line)
        return [json.loads(x) for x in self.log.getvalue()[start:].splitlines()]

    @property
    def journaled(self) -> int:
        return len(list(self.session.journal.events()))


def rejected(entries: list[dict]) -> list[str]:
    return [e["text"] for e in entries if e["type"] == "rejected"]


def said(entries: list[dict], channel: str | None = None) -> str:
    return "\n".join(e["text"] for e in entries if e["type"] == "speech"
                     and (channel is None or e["channel"] == channel))
