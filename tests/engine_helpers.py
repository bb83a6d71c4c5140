"""Helpers for engine tests: build a game with chosen characters, run commands, read what
was said. Commands are (intent, slots) pairs, exactly what the command language produces."""
from __future__ import annotations

from characters.scripts import load_script, registry_for
from statemachine.game import Game, GameSetup
from statemachine.speech import Speech

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee",
         "Max", "Ned", "Oli"]

_REGISTRY = {}


def new_game(characters, script: str = "Trouble Brewing", seed: int = 1,
             travellers: int = 0, start: bool = True) -> Game:
    """characters: 'imp,empath,...' or a list, by seat; seats beyond the players are
    Travellers when ``travellers`` is set."""
    ids = characters.split(",") if isinstance(characters, str) else list(characters)
    loaded = load_script(script)
    if script not in _REGISTRY:
        _REGISTRY[script] = registry_for(loaded)
    n_players = len(ids) - travellers
    setup = GameSetup(loaded.name, loaded.ids, NAMES[:n_players], ids, seed,
                      NAMES[n_players:len(ids)])
    game = Game(setup, _REGISTRY[script])
    game.start()
    if start:
        game.handle("next")
    return game


def run(game: Game, *commands) -> list[Speech]:
    said: list[Speech] = []
    for c in commands:
        intent, slots = (c, {}) if isinstance(c, str) else c
        said += game.handle(intent, slots)
    return said


def text(said: list[Speech], channel: str | None = None) -> str:
    return "\n".join(s.text for s in said if channel is None or s.channel == channel)


def choose(*seats, actor=None):
    slots = {"seats": list(seats)}
    if actor:
        slots["actor"] = actor
    return ("choose", slots)


def skip_to(game: Game, ability: str, limit: int = 50) -> list[Speech]:
    """Say next until the night reaches a step of ``ability`` (or the day starts)."""
    said = []
    for _ in range(limit):
        if game.current and game.current.ability == ability and game.wait is not None:
            return said
        if not game.phase.at_night:
            return said
        said += game.handle("next")
    raise AssertionError(f"never reached {ability}")


# --- walking a night, and the day's commands (shared by the character tests) -------------
def walk(game: Game, step, until: str | None = None, limit: int = 200) -> list[Speech]:
    """Answer the night's waits with ``step(game)`` (which runs one answer and returns what
    was said) until the day starts, the game ends, or ``until``'s step waits."""
    said: list[Speech] = []
    for _ in range(limit):
        if not game.phase.at_night or game.winner:
            return said
        ability = game.current.ability if game.current else None
        if until and ability == until and game.wait is not None:
            return said
        said += step(game)
    raise AssertionError("the night never ended")


def walk_to(game: Game, ability: str, picks: dict | None = None) -> list[Speech]:
    """Say next, or choose (``picks``: an ability's seats, else seat 6), until the step of
    ``ability`` waits or the day starts."""
    picks = picks or {}
    said: list[Speech] = []
    for _ in range(60):
        if not game.phase.at_night or (game.current is not None
                                       and game.current.ability == ability):
            return said
        if type(game.wait).__name__ == "ChooseSeats":
            said += run(game, choose(*picks.get(game.current.ability, [6])))
        else:
            said += run(game, "next")
    raise AssertionError(f"no {ability} step")


def script_file(path, name: str, ids) -> str:
    """A script JSON of ``ids`` named ``name`` written at ``path``; its path as text."""
    import json
    path.write_text(json.dumps([{"id": "_meta", "name": name}, *ids]))
    return str(path)


def nominate(nominator: int, nominee: int):
    return ("nominate", {"nominator": nominator, "nominee": nominee})


def vote(*seats):
    return ("vote", {"seats": list(seats)})


def votes(n: int):
    return ("votes", {"count": n})


def execute(seat: int):
    return ("execute", {"seat": seat})


def end_day():
    return ("end_day", {})


def public(said: list[Speech]) -> str:
    return text(said, "public")


def private(said: list[Speech]) -> str:
    return text(said, "private")


def to_day(game):
    """Go on to the first day (a choice of seats answered with seats 2, 3 and 6)."""
    for _ in range(40):
        if game.phase.state == "day":
            return game
        if game.wait is not None and type(game.wait).__name__ == "ChooseSeats":
            game.handle("choose", {"seats": [2, 3, 6][: game.wait.count]})
        else:
            game.handle("next")
    raise AssertionError("no day")


def journaled(tmp_path, characters: str, script: str = "Trouble Brewing", seed: int = 1):
    """A Session (the real SQLite journal) for these characters by seat, started."""
    from statemachine.journal.session import Session
    loaded = load_script(script)
    ids = characters.split(",")
    setup = GameSetup(loaded.name, loaded.ids, NAMES[:len(ids)], ids, seed)
    session = Session.create(tmp_path / "g.sqlite", setup, registry_for(loaded))
    session.apply("next", {})
    return session
