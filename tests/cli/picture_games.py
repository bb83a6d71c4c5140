"""The games the town square is measured on (issue 24): Sects & Violets with 12 players on
day 3, Trouble Brewing with 15 players and 3 Travellers on night 2, and a full table of 15
players and 5 Travellers (Bad Moon Rising) after a Minstrel made everyone drunk. Each is
played through the real engine by a plain Storyteller: the first legal seats at night, the
nominations and votes given by day."""
from __future__ import annotations

from characters.scripts import load_script, registry_for
from statemachine.game import Game, GameSetup
from statemachine.waits import ChooseCharacter, ChooseSeats, YesNo

NAMES = ["Ann", "Bartholomew", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim",
         "Lee", "Max", "Ned", "Oli", "Pip", "Quin", "Rosalind", "Sam", "Tia"]


def bag(script: str, players: int, seed: int) -> list[str]:
    """A bag drawn as the narrator draws one (statemachine's draw_bag), by seat."""
    import random
    from statemachine.bag.draw import draw_bag
    loaded = load_script(script)
    registry = registry_for(loaded)
    return draw_bag([registry.get(i) for i in loaded.ids], players, random.Random(seed))


def _game(script: str, characters: list[str], travellers: list[str], seed: int) -> Game:
    loaded = load_script(script)
    n = len(characters)
    setup = GameSetup(loaded.name, loaded.ids, NAMES[:n], characters + travellers, seed,
                      NAMES[n:n + len(travellers)])
    game = Game(setup, registry_for(loaded))
    game.start()
    return game


def _answer(game: Game, prefer: list[int]) -> None:
    w = game.wait
    seats = prefer + [p.seat for p in game.grim.players if p.seat not in prefer]
    if isinstance(w, ChooseSeats) and "choose" in w.accepts() and w.count < 20:
        for start in range(len(seats)):
            pick = (seats[start:] + seats[:start])[:w.count]
            if not w.check or w.check(pick) is None:
                game.handle("choose", {"seats": pick})
                return
        game.handle("nobody" if w.optional else "next")
    elif isinstance(w, ChooseCharacter):
        cid = next((c for c in game.setup.script if not w.check or w.check(c) is None), None)
        game.handle("character", {"character": cid}) if cid else game.handle("next")
    elif isinstance(w, YesNo):
        game.handle("no")
    else:
        game.handle("next" if w is None or "next" in w.accepts() else w.accepts()[0])


def night(game: Game, prefer: list[int], until_seat: int | None = None) -> None:
    """Through the night, answering with ``prefer``'s seats first; stops at the step of
    ``until_seat`` when given (the night then still waiting there)."""
    for _ in range(300):
        if not game.phase.at_night or game.winner:
            return
        if until_seat and game.current and game.current.seat == until_seat and game.wait:
            return
        _answer(game, prefer)
    raise AssertionError("the night never ended")


def day(game: Game, nominations: list[tuple[int, int, int]], end: bool = True) -> None:
    for nominator, nominee, votes in nominations:
        game.handle("nominate", {"nominator": nominator, "nominee": nominee})
        game.handle("votes", {"count": votes})
    if end:
        game.handle("end_day", {})
        for _ in range(3):                      # the execution confirmed
            if game.phase.at_night or game.winner:
                break
            game.handle("next" if "next" in game.expected_intents() else "yes")


def sects_and_violets_day_3() -> Game:
    chars = ["clockmaker", "cerenovus", "dreamer", "snakecharmer", "mathematician",
             "vigormortis", "sweetheart", "oracle", "witch", "seamstress", "philosopher",
             "mutant"]
    game = _game("Sects & Violets", chars, [], 3)
    game.handle("next")
    night(game, [3, 8, 5])
    day(game, [(1, 7, 9)])                     # the Sweetheart executed: someone drunk
    night(game, [4, 10, 2])
    day(game, [(3, 12, 8)])
    night(game, [11, 1, 9])
    day(game, [(2, 4, 3), (5, 10, 4)], end=False)
    return game


def trouble_brewing_night_2() -> Game:
    chars = ["washerwoman", "poisoner", "fortuneteller", "scarletwoman", "monk", "imp",
             "butler", "empath", "investigator", "drunk", "librarian", "undertaker", "baron",
             "ravenkeeper", "recluse"]
    game = _game("Trouble Brewing", chars, ["scapegoat", "gunslinger", "beggar"], 5)
    game.handle("next")
    night(game, [8, 3, 12])
    day(game, [(3, 17, 9), (1, 11, 10)])
    night(game, [9, 5, 1], until_seat=6)       # waiting for the Imp
    return game


def full_table_minstrel() -> Game:
    """Bad Moon Rising, 15 players and 5 Travellers: a Minion executed on day 1, so the
    Minstrel (seat 3) makes the 14 others drunk; night 2 waiting on the Demon."""
    chars = ["grandmother", "godfather", "minstrel", "sailor", "exorcist", "zombuul",
             "innkeeper", "gambler", "devilsadvocate", "tealady", "professor", "goon",
             "chambermaid", "fool", "assassin"]
    game = _game("Bad Moon Rising", chars,
                 ["thief", "bureaucrat", "gunslinger", "scapegoat", "beggar"], 7)
    game.handle("next")
    night(game, [4, 11, 13])
    day(game, [(1, 2, 12)])                    # the Godfather executed
    night(game, [8, 9, 14], until_seat=6)
    return game


GAMES = {"snv-12-day-3": sects_and_violets_day_3, "tb-15-3-night-2": trouble_brewing_night_2,
         "bmr-15-5-minstrel": full_table_minstrel}
