"""The Heretic: 'Whoever wins, loses & whoever loses, wins, even if you are dead.'

Built from the ability text and the jinxes; the almanac page was not found, so these rulings
are ours and listed for checking: a drunk or poisoned Heretic turns nothing; a dead one still
does; the Storyteller's own 'end the game' is final and not turned; a win by an ability (the
Saint's) is turned as a win by the rules is. Jinxes: only one of the Heretic and the Baron,
Godfather, Lleech, Pit-Hag, Spy or Widow in play (a drawn bag, the Pit-Hag's creation, an
explicit setup); the Boffin cannot give the Heretic's ability (tested in test_boffin)."""
import json

import pytest

from characters.scripts import load_script, registry_for
from engine_helpers import choose, execute, new_game, public, run, skip_to, to_day
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from tb_steps import walk_night

SETUP = "imp,poisoner,heretic,empath,chef,saint,soldier"    # Heretic seat 3, Saint seat 6


def test_good_killing_the_demon_makes_evil_win():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    said = run(game, execute(1))
    assert game.winner.winner == "evil"
    assert ("The game is over. The Demon is dead. The Heretic, seat 3, Cat, turns the result. "
            "Evil wins.") in public(said)


def test_a_dead_heretic_still_turns_the_result():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, execute(3))
    run(game, "end_day") if game.phase.in_day else None
    walk_night(game, {"poisoner": 7, "imp": 4})
    run(game, execute(1))
    assert game.winner.winner == "evil"


def test_the_saints_loss_becomes_a_good_win():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    said = run(game, execute(6))
    assert game.winner.winner == "good"
    assert "The Heretic, seat 3, Cat, turns the result. Good wins." in public(said)


def test_a_poisoned_heretic_turns_nothing():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 3})
    run(game, execute(1))
    assert game.winner.winner == "good"


def test_the_storytellers_own_end_is_final():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, ("end_game", {"winner": "good"}))
    assert game.winner.winner == "good"


def _script(tmp_path, *ids):
    path = tmp_path / "heretic.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Heresy"}, *ids]))
    return str(path)


BASE = ["imp", "heretic", "empath", "chef", "monk", "soldier", "washerwoman", "librarian",
        "investigator", "undertaker", "mayor", "slayer", "virgin", "saint", "recluse", "butler",
        "goon", "klutz"]


@pytest.mark.parametrize("minion", ["baron", "spy", "widow", "godfather", "pithag"])
def test_a_drawn_bag_never_holds_the_heretic_with_its_jinxed_minion(tmp_path, minion):
    loaded = load_script(_script(tmp_path, *BASE, minion))
    reg = registry_for(loaded)
    heretics = 0
    for n in range(5, 10):          # one Minion
        for seed in range(12):
            game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(n)], None,
                                  seed), reg)
            ids = {p.character for p in game.grim.players}
            assert minion in ids          # the only Minion on the script
            assert "heretic" not in ids, (n, seed)
    loaded = load_script(_script(tmp_path, *BASE, "poisoner"))   # no jinx: the Heretic comes
    reg = registry_for(loaded)
    for seed in range(40):
        game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(9)], None,
                              seed), reg)
        heretics += any(p.character == "heretic" for p in game.grim.players)
    assert heretics


def test_an_explicit_setup_with_both_is_said(tmp_path):
    script = _script(tmp_path, *BASE, "baron")
    game = new_game("imp,baron,heretic,empath,chef,saint,recluse", script=script, start=False)
    assert "A jinx: only one of the Heretic and the Baron may be in play." in game.setup_lines()


def test_the_pit_hag_cannot_make_a_heretic(tmp_path):
    script = _script(tmp_path, *BASE, "pithag")
    game = new_game("imp,pithag,empath,chef,monk,soldier,washerwoman", script=script)
    to_day(game)
    run(game, "end_day")
    walk_night(game, {"monk": 4}, until="pithag")
    run(game, choose(3))
    with pytest.raises(Rejected, match="only one of the Heretic and the Pit-Hag"):
        run(game, ("character", {"character": "heretic"}))


def test_the_heretic_lines_are_fit_to_say():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    said = run(game, execute(1))
    line_rules.assert_fit_to_say([(s.text, False) for s in said])
