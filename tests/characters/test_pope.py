"""Pope (Loric): 'There are duplicate good characters in play. They might also be bluffs.'
From the almanac (wiki: summary and How to Run): at setup, Townsfolk tokens are swapped for
copies of an in-play Townsfolk or Outsider; copies may be given to the Demon as bluffs; a
copied Outsider may give an unusual count, a copied Townsfolk does not. Rulings: a drawn bag
gets one Townsfolk copy; more are the Storyteller's; each copy is a player of its own."""
from collections import Counter

import pytest

from characters.scripts import load_script, registry_for
from engine_helpers import new_game, private, run, script_file, walk_to
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup

IDS = ["imp", "poisoner", "empath", "chef", "monk", "soldier", "washerwoman", "librarian",
       "investigator", "saint", "recluse", "pope"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "pope.json", "Pope game", IDS)


def drawn(script, seed):
    loaded = load_script(script)
    game = Game(GameSetup(loaded.name, loaded.ids, NAMES, None, seed), registry_for(loaded))
    return game, game.start()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_drawn_bag_holds_a_townsfolk_twice(script, seed):
    game, said = drawn(script, seed)
    held = Counter(p.character for p in game.grim.players)
    twice = [c for c, n in held.items() if n > 1]
    assert len(twice) == 1 and game.unit(twice[0]).team == "townsfolk"
    assert sum(1 for p in game.grim.players if game.team_of(p) == "townsfolk") == 5
    assert "With the Pope, these good characters are in play more than once: the " in \
        private(said)
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_without_the_pope_no_character_is_drawn_twice(tmp_path):
    loaded = load_script(script_file(tmp_path / "np.json", "No Pope", IDS[:-1]))
    for seed in (1, 2, 3, 4):
        game = Game(GameSetup(loaded.name, loaded.ids, NAMES, None, seed), registry_for(loaded))
        assert len({p.character for p in game.grim.players}) == 8


def test_a_copy_may_be_a_bluff(script):
    game = new_game("imp,poisoner,monk,monk,chef,soldier,washerwoman", script, start=False)
    said = run(game, ("bluffs", {"characters": ["monk", "empath", "librarian"]}))
    assert game.grim.bluffs == ["monk", "empath", "librarian"]
    with pytest.raises(Rejected):
        run(game, ("bluffs", {"characters": ["imp", "empath", "librarian"]}))
    assert "the Monk, seats 3 and 4" in " ".join(game.setup_lines())


def test_each_copy_wakes_in_its_place(script):
    game = new_game("imp,poisoner,empath,empath,chef,soldier,washerwoman", script, start=False)
    said = run(game, "next") + walk_to(game, "the day", {"poisoner": [6]})
    woken = [s.text for s in said if s.text.startswith("Wake the Empath")]
    assert woken == ["Wake the Empath, seat 3, Cat.", "Wake the Empath, seat 4, Dan."]


def test_the_storyteller_makes_a_copy_at_setup(script):
    game = new_game("imp,poisoner,empath,chef,monk,soldier,washerwoman", script, start=False)
    run(game, ("become", {"seat": 4, "character": "empath"}))
    assert "the Empath, seats 3 and 4" in " ".join(game.setup_lines())
