"""Gardener (Loric): 'The Storyteller assigns all players' characters.' From the almanac's
summary and How to Run (wiki, partly): the Storyteller decides the characters before they
are sent out, following the normal setup rules. Rulings: a drawn bag is a proposal the
Storyteller overrides seat by seat at setup; the alignment follows the new character; a
count off the usual setup is said, not refused."""
import pytest

from engine_helpers import new_game, private, run, script_file
from statemachine import line_rules
from statemachine.game import Game, GameSetup
from characters.scripts import load_script, registry_for

IDS = ["imp", "poisoner", "baron", "empath", "chef", "monk", "soldier", "washerwoman",
       "saint", "recluse", "gardener"]


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "garden.json", "Garden game", IDS)


def drawn(script, n=7):
    loaded = load_script(script)
    setup = GameSetup(loaded.name, loaded.ids, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay",
                                                "Gus"][:n], None, 3)
    game = Game(setup, registry_for(loaded))
    return game, game.start()


def test_a_drawn_bag_is_a_proposal_the_storyteller_overrides(script):
    game, said = drawn(script)
    assert "the bag drawn is only a proposal" in private(said)
    good = next(p for p in game.grim.players if not game.is_evil(p))
    said = run(game, ("become", {"seat": good.seat, "character": "baron"}))
    assert f"{good.Label} is now the Baron." in private(said)
    assert game.is_evil(good)
    assert "Note: 2 Minions in play where the standard setup has 1." in private(said)
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_an_evil_seat_made_good_is_good(script):
    game, _ = drawn(script)
    minion = next(p for p in game.grim.players if game.team_of(p) == "minion")
    run(game, ("become", {"seat": minion.seat, "character": "monk"}))
    assert not game.is_evil(minion) and minion.first_alignment == "good"


def test_named_characters_are_the_storytellers_choice(script):
    game = new_game("imp,poisoner,empath,chef,monk,soldier,washerwoman", script, start=False)
    assert any("they are as you named them" in line for line in game.setup_lines())
