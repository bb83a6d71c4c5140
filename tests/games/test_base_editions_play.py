"""Bad Moon Rising and Sects & Violets load and play with a bag drawn from the script:
every night step, automated or Storyteller-run, can be answered and the game reaches a
winner."""
import pytest

from characters.scripts import load_script, registry_for
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def answer(game: Game) -> None:
    """Answer the step waiting now as a Storyteller might: next, else a legal choice."""
    accepts = game.wait.accepts() if game.wait else ("next",)
    if "next" in accepts:
        game.handle("next")
        return
    if "yes" in accepts:
        game.handle("yes")
        return
    for count in (1, 2, 3):
        for first in range(1, len(game.grim.players) + 1):
            seats = [(first + k - 1) % len(game.grim.players) + 1 for k in range(count)]
            try:
                game.handle("choose", {"seats": seats})
                return
            except Rejected:
                continue
    raise AssertionError(f"no answer for {game.wait}")


@pytest.mark.parametrize("name", ["Bad Moon Rising", "Sects & Violets"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_drawn_game_plays_two_nights_and_ends_when_the_demon_is_executed(name, seed):
    script = load_script(name)
    registry = registry_for(script)
    game = Game(GameSetup(script.name, script.ids, PLAYERS, None, seed), registry)
    said = list(game.start())
    said += game.handle("next")
    for night in (1, 2):
        for _ in range(200):
            if not game.phase.at_night:
                break
            answer(game)
            said += game.out
        assert game.phase.state == "day" or game.winner, game.status_line()
        if game.winner:
            break
        if night == 1:
            said += game.handle("end_day")
    private = "\n".join(s.text for s in said if s.channel == "private")
    manual = [p for p in game.grim.players if not game.unit(p.character).automated]
    assert ("You run these yourself" in private) == bool(manual)   # BMR and S&V: none
    demon = next(p for p in game.grim.players if game.unit(p.character).team == "demon")
    if not game.winner:
        game.handle("execute", {"seat": demon.seat})
    assert game.winner is not None
