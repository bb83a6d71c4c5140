"""The engine's speed: the night queue, rebuilding a game from its journal, a whole game.

A small autopilot plays any game legally: at night it answers each wait (next, or the
first legal seats), by day it nominates and votes. ``keep_alive`` revives the dead each
day and keeps votes short of an execution, so a game can run as long as a journal needs;
without it the autopilot executes a living player every day until a team wins.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from characters.scripts import load_script, registry_for
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.journal.session import Session
from statemachine.waits import ChooseCharacter, ChooseSeats, Info, YesNo

NAMES = [f"P{n}" for n in range(1, 21)]
SCRIPT = "Trouble Brewing"


def _setup(players: int, travellers: int, seed: int) -> tuple[GameSetup, Any]:
    script = load_script(SCRIPT)
    registry = registry_for(script)
    setup = GameSetup(script.name, script.ids, NAMES[:players], None, seed,
                      [f"T{n}" for n in range(1, travellers + 1)])
    return setup, registry


def _timed(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return times


def _ms(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"n": len(values), "median_ms": round(1000 * statistics.median(values), 3),
            "p95_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
            "max_ms": round(1000 * ordered[-1], 3)}


def night_queue(players: int = 15, travellers: int = 5, repeat: int = 200, seed: int = 1) -> dict[str, Any]:
    """Build the first-night and other-night queues of a full table."""
    setup, registry = _setup(players, travellers, seed)
    game = Game(setup, registry)
    game.start()
    first = _timed(lambda: game.night_queue(True), repeat)
    other = _timed(lambda: game.night_queue(False), repeat)
    return {"players": players, "travellers": travellers, "first_night": _ms(first),
            "other_nights": _ms(other), "first_night_steps": len(game.night_queue(True)),
            "other_night_steps": len(game.night_queue(False))}


# --- the autopilot -------------------------------------------------------------------------------
def _night_answer(game: Game) -> tuple[str, dict]:
    wait = game.wait
    living = [p.seat for p in game.grim.players if p.alive]
    everyone = [p.seat for p in game.grim.players]
    if isinstance(wait, ChooseSeats):
        for pool in (living, everyone):
            for offset in range(len(pool)):
                seats = (pool[offset:] + pool[:offset])[: wait.count]
                if len(seats) == wait.count and (not wait.check or not wait.check(seats)):
                    return "choose", {"seats": seats}
        return ("nobody", {}) if wait.optional else ("choose", {"seats": everyone[: wait.count]})
    if isinstance(wait, YesNo):
        return "no", {}
    if isinstance(wait, (Info, ChooseCharacter)) or wait is not None:
        return "next", {}
    return "next", {}


def _day_commands(game: Game, keep_alive: bool, day: int) -> list[tuple[str, dict]]:
    living = [p.seat for p in game.grim.players if p.alive and not p.traveller]
    dead = [p.seat for p in game.grim.players if not p.alive]
    commands: list[tuple[str, dict]] = []
    if keep_alive:
        commands += [("revive", {"seat": seat}) for seat in dead]
        for n in range(3):  # three nominations that fail
            a, b = living[(day + n) % len(living)], living[(day + n + 1) % len(living)]
            commands += [("nominate", {"nominator": a, "nominee": b}), ("vote", {"seats": [a]}),
                         ("votes", {"count": 1})]
        commands.append(("status_effect", {"seat": living[day % len(living)], "effect": "sober"}))
        commands.append(("end_day", {}))
        return commands
    target = living[(day * 3) % len(living)]
    nominator = next(s for s in living if s != target) if len(living) > 1 else target
    commands += [("nominate", {"nominator": nominator, "nominee": target}),
                 ("votes", {"count": len(game.grim.players)}), ("end_day", {})]
    return commands


def _any_legal_answer(session: Session) -> int:
    """Try every simple answer to the current night step until one is taken."""
    game = session.game
    seats = [p.seat for p in game.grim.players]
    count = getattr(game.wait, "count", 1)
    candidates: list[tuple[str, dict]] = [("next", {}), ("nobody", {}), ("yes", {}), ("no", {})]
    candidates += [("choose", {"seats": [(s + k - 1) % len(seats) + 1 for k in range(count)]}) for s in seats]
    candidates += [("choose", {"seats": [a, b]}) for a in seats for b in seats if a != b]
    for intent, slots in candidates:
        try:
            session.apply(intent, slots)
            return 1
        except Rejected:
            continue
    raise RuntimeError(f"the autopilot found no legal answer: {session.game.status_line()}")


def autoplay(session: Session, events: int | None = None, keep_alive: bool = False,
             limit: int = 20000) -> int:
    """Play until ``events`` commands are journaled, or the game ends. Returns commands applied."""
    applied = 0
    day = 0
    for _ in range(limit):
        game = session.game
        if game.winner or (events is not None and len(session.journal) >= events):
            break
        if game.phase.state == "setup" or game.phase.at_night:
            batch = [_night_answer(game)]
        elif game.phase.state == "day":
            day += 1
            batch = _day_commands(game, keep_alive, day)
        elif game.phase.state == "vote":
            batch = [("votes", {"count": 0})]
        else:
            batch = [("next", {})]
        for intent, slots in batch:
            if events is not None and len(session.journal) >= events:
                break
            try:
                session.apply(intent, slots)
                applied += 1
            except Rejected:
                if game.phase.at_night:  # an answer the step refused: find one it takes
                    applied += _any_legal_answer(session)
                break
            if session.game.winner:
                break
    return applied


def journal_rebuild(events: int = 1000, players: int = 15, travellers: int = 5, repeat: int = 5,
                    seed: int = 1) -> dict[str, Any]:
    """Write a journal of ``events`` commands, then time a replay of all of it (a resume
    without snapshots; with them, see benchmarks/journal.py)."""
    setup, registry = _setup(players, travellers, seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.sqlite"
        session = Session.create(path, setup, registry)
        started = time.perf_counter()
        autoplay(session, events=events, keep_alive=True)
        writing = time.perf_counter() - started
        written = len(session.journal)
        session.close()
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            again = Session.resume(path, registry, replay_all=True)   # the replay itself
            times.append(time.perf_counter() - started)
            again.close()
    return {"events": written, "players": players, "travellers": travellers,
            "rebuild": _ms(times), "rebuild_s": round(statistics.median(times), 4),
            "append_per_event_ms": round(1000 * writing / max(written, 1), 3)}


def full_game(players: int = 15, travellers: int = 0, seeds: tuple[int, ...] = (1, 2, 3)) -> dict[str, Any]:
    """Whole games from setup to a winner through a journaled Session."""
    runs = []
    for seed in seeds:
        setup, registry = _setup(players, travellers, seed)
        with tempfile.TemporaryDirectory() as tmp:
            started = time.perf_counter()
            session = Session.create(Path(tmp) / "game.sqlite", setup, registry)
            applied = autoplay(session)
            elapsed = time.perf_counter() - started
            winner = session.game.winner.winner if session.game.winner else None
            session.close()
        runs.append({"seed": seed, "commands": applied, "seconds": round(elapsed, 4), "winner": winner})
    return {"players": players, "travellers": travellers, "games": runs,
            "median_s": round(statistics.median(r["seconds"] for r in runs), 4)}


def run(quick: bool = False, sizes: dict[str, int] | None = None) -> dict[str, Any]:
    sizes = dict(sizes or {})
    players = sizes.get("players", 15)
    travellers = sizes.get("travellers", 5)
    return {
        "night_queue": night_queue(players, travellers, repeat=sizes.get("repeat", 50 if quick else 200)),
        "journal": journal_rebuild(sizes.get("events", 1000), players, travellers,
                                   repeat=sizes.get("rebuilds", 3 if quick else 5)),
        "full_game": full_game(players, 0, seeds=(1,) if quick else (1, 2, 3)),
    }
