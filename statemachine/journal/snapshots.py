"""Snapshots of a game, so that a resume, an undo or a rejected command need not replay the
whole journal. The journal stays the truth: a snapshot is used only when it was taken by
this very code (a fingerprint of the engine's and the characters' source) and after exactly
the events the journal still holds (a digest of them); otherwise it is ignored and the game
is replayed from the start.

A game can be pickled only at a quiet point: no night step under way (those are live
generators, and their waits hold closures), which is most of the day.
"""
from __future__ import annotations

import hashlib
import inspect
import io
import pickle
import sys
from typing import Any

from statemachine.registry import Character, Registry

_VERSIONS: dict[tuple[str, ...], str] = {}


def code_version(registry: Registry) -> str:
    """A fingerprint of the code a snapshot's meaning depends on: the source of every loaded
    module of the engine and of the characters' packages, the Python version and the units'
    data. Any change gives another fingerprint, so an old snapshot is never read."""
    packages = tuple(sorted({"statemachine"} | {type(u).__module__.split(".")[0]
                                                 for u in registry}))
    units = repr(sorted((u.id, type(u).__module__, type(u).__qualname__, u.team,
                         u.first_night, u.other_night) for u in registry))
    key = (*packages, units)
    if key not in _VERSIONS:
        digest = hashlib.sha256(repr(sys.version_info[:3]).encode() + units.encode())
        for name in sorted(sys.modules):
            module = sys.modules[name]
            if name.split(".")[0] in packages and module is not None:
                try:
                    source = inspect.getsource(module)
                except (OSError, TypeError):
                    source = f"<no source: {name}>"
                digest.update(name.encode() + b"\0" + source.encode() + b"\0")
        _VERSIONS[key] = digest.hexdigest()[:32]
    return _VERSIONS[key]


class _Pickler(pickle.Pickler):
    """The game's own state by value; the game itself, its setup and registry and the
    character units by reference (they are rebuilt, not stored)."""

    def __init__(self, file, game) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.game = game

    def persistent_id(self, obj: Any):
        if obj is self.game:
            return "game"
        if obj is self.game.registry:
            return "registry"
        if obj is self.game.setup:
            return "setup"
        if isinstance(obj, Character) and obj.id in self.game.registry \
                and self.game.registry.get(obj.id) is obj:
            return ("unit", obj.id)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, game) -> None:
        super().__init__(file)
        self.game = game

    def persistent_load(self, pid: Any):
        if pid == "game":
            return self.game
        if pid == "registry":
            return self.game.registry
        if pid == "setup":
            return self.game.setup
        if isinstance(pid, tuple) and pid[0] == "unit":
            return self.game.registry.get(pid[1])
        raise pickle.UnpicklingError(f"unknown reference {pid!r}")


def freeze(game) -> bytes | None:
    """The game's state as bytes, or None when it is not at a quiet point."""
    state = dict(game.__dict__)
    gen = state.get("_gen")
    if gen is not None:
        if inspect.getgeneratorstate(gen) != inspect.GEN_CLOSED:
            return None          # a night step is under way
        state["_gen"] = None
    if state.get("_interjections"):
        return None
    state["out"] = []
    for key in ("registry", "setup"):
        state.pop(key, None)
    buffer = io.BytesIO()
    try:
        _Pickler(buffer, game).dump(state)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None              # something live (a closure): not a quiet point
    return buffer.getvalue()


def thaw(data: bytes, game_class, setup, registry):
    """A game from ``freeze``'s bytes, bound to this setup and registry."""
    game = game_class.__new__(game_class)
    game.setup, game.registry = setup, registry
    state = _Unpickler(io.BytesIO(data), game).load()
    game.__dict__.update(state)
    game.setup, game.registry = setup, registry
    return game
