"""Whole Trouble Brewing games to a winner, through the evil team's own rules: the Saint
executed, the Scarlet Woman taking over, the Imp passing the Demon on by killing themself.
Each game is driven only by Storyteller commands, and checks what the players hear in
public, what the Storyteller hears in private, and who wins."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "characters"))

from engine_helpers import choose, new_game, run, text  # noqa: E402
from tb_steps import execute, nominate, private, public, vote, votes, walk_night  # noqa: E402


def end_day():
    return ("end_day", {})


def test_the_saint_is_executed_and_evil_wins():
    game = new_game("imp,poisoner,empath,saint,monk,chef,soldier", start=False)
    run(game, ("bluffs", {"characters": ["washerwoman", "librarian", "ravenkeeper"]}))
    said = run(game, "next")
    said += walk_night(game, {"poisoner": 7})
    assert "Minion info. Wake the Minion: seat 2, Ben. Show them the Demon: seat 1, Ann." \
        in private(said)
    assert "Show the three bluffs: the Washerwoman, the Librarian and the Ravenkeeper." \
        in private(said)
    assert "Wake the Empath, seat 3, Cat." in private(said)
    assert "Day 1." in public(said)
    said = run(game, nominate(3, 2), vote(3), votes(2))
    assert "Not enough" in public(said)
    said = run(game, end_day())
    assert "Nobody is executed today." in public(said)
    said = walk_night(game, {"poisoner": 3, "monk": 4, "imp": 6})
    assert "Seat 6, Fay dies." in private(said)
    assert "Fay died in the night." in public(said)
    said = run(game, nominate(5, 4), vote(1, 2, 3, 5, 7), "next")
    assert "Seat 4, Dan is about to die." in public(said)
    said = run(game, end_day())
    assert "Seat 4, Dan is executed." in public(said)
    assert "The game is over. The Saint, seat 4, Dan, was executed. Evil wins." in public(said)
    assert "Seat 4, Dan: Saint, good, dead." in public(said)
    assert game.winner.winner == "evil"


def test_the_scarlet_woman_takes_over_and_good_still_wins():
    game = new_game("imp,scarletwoman,empath,monk,chef,soldier,saint")
    walk_night(game)
    said = run(game, nominate(3, 1), vote(2, 3, 4, 5), "next", end_day())
    assert "Seat 1, Ann is executed." in public(said)
    assert "Good wins" not in public(said)
    assert "The Scarlet Woman, seat 2, Ben, becomes the Imp." in private(said)
    assert "Scarlet Woman" not in public(said)
    said += walk_night(game, {"monk": 3, "imp": 5})
    assert "Wake the Scarlet Woman, seat 2, Ben." in private(said)
    assert "Show them the You Are token, then the Imp token." in private(said)
    assert "Wake the Imp, seat 2, Ben." in private(said)
    assert "Cat died" not in public(said) and "Eve died in the night." in public(said)
    said = run(game, nominate(3, 2), vote(3, 4, 6), "next", end_day())
    assert "The game is over. The Demon is dead. Good wins." in public(said)
    assert "Seat 2, Ben: Imp (was the Scarlet Woman), evil, dead." in public(said)
    assert game.winner.winner == "good"


def test_the_scarlet_woman_takes_over_and_evil_wins():
    game = new_game("imp,scarletwoman,empath,monk,chef,soldier,saint")
    walk_night(game)
    run(game, execute(1))
    walk_night(game, {"monk": 3, "imp": 5})
    said = run(game, nominate(3, 4), vote(2, 3, 4, 6), "next", end_day())
    assert "Seat 4, Dan is executed." in public(said)
    said = walk_night(game, {"imp": 3})
    assert "Cat died in the night." in public(said)
    assert [p.seat for p in game.grim.living] == [2, 6, 7]
    said = run(game, nominate(2, 6), vote(2, 7), "next", end_day())
    assert "The game is over. Only two players are alive. Evil wins." in public(said)
    assert game.winner.winner == "evil"


def test_the_imp_passes_the_demon_on_and_good_wins():
    game = new_game("imp,poisoner,empath,monk,chef,soldier,saint")
    walk_night(game, {"poisoner": 6})
    run(game, end_day())
    said = walk_night(game, {"poisoner": 6, "monk": 3}, until="imp")
    said += run(game, choose(1))
    assert "The Imp killed themself: a Minion becomes the Imp." in private(said)
    assert "Proposed: seat 2, Ben becomes the Imp." in private(said)
    said = run(game, "yes")
    assert "Wake seat 2, Ben: show the You Are token, then the Imp." in private(said)
    said += walk_night(game)
    assert "Ann died in the night." in public(said)
    assert game.grim.seat(2).character == "imp" and game.winner is None
    said = run(game, nominate(3, 2), vote(3, 4, 5), "next", end_day())
    assert "The Demon is dead. Good wins." in public(said)
    assert game.winner.winner == "good"


def test_the_imp_passes_the_demon_on_and_evil_wins():
    game = new_game("imp,poisoner,empath,monk,chef,soldier,saint")
    walk_night(game, {"poisoner": 6})
    run(game, end_day())
    walk_night(game, {"poisoner": 6, "monk": 3, "imp": 1}, yes=("imp",))
    assert game.grim.seat(2).character == "imp"
    run(game, nominate(3, 4), vote(3, 4, 5, 6), "next", end_day())
    said = walk_night(game, {"poisoner": 7, "monk": 3, "imp": 5})
    assert "Eve died in the night." in public(said)
    assert [p.seat for p in game.grim.living] == [2, 3, 6, 7]
    said = run(game, nominate(2, 3), vote(2, 6, 7), "next", end_day())
    assert "Seat 3, Cat is executed." in public(said)
    said = walk_night(game, {"imp": 7})   # not the Soldier
    assert "Only two players are alive. Evil wins." in text(said, "public")
    assert game.winner.winner == "evil"
