"""Ventriloquist (Loric): 'If a player is mad as a fresh character during their nomination,
they might not die if executed today.' The almanac page was not found by the search; built
from the ability text and a review of the Loric (beardytas.com: surviving is the
Storyteller's choice). Rulings: the Storyteller notes the madness once the player has been
nominated today; an execution today asks whether they die; the mark ends at dusk."""
import pytest

from engine_helpers import new_game, nominate, private, run, script_file, to_day, vote
from statemachine import line_rules
from statemachine.errors import Rejected

IDS = ["imp", "poisoner", "empath", "chef", "monk", "soldier", "washerwoman", "ventriloquist"]
SETUP = "imp,poisoner,empath,chef,monk,soldier,washerwoman"


@pytest.fixture
def game(tmp_path):
    g = new_game(SETUP, script_file(tmp_path / "vent.json", "Vent game", IDS))
    to_day(g)
    return g


def mad(seat, character="monk"):
    return ("ventriloquist_mad", {"seat": seat, "character": character})


def test_a_nominee_mad_as_a_new_character_might_survive_execution(game):
    said = run(game, nominate(4, 3), mad(3))
    assert "Seat 3, Cat was mad about being the Monk during their nomination." in private(said)
    said += run(game, vote(1, 2, 4, 5), "next", "end_day")
    assert "with the Ventriloquist, they might not die. Does seat 3, Cat die?" in private(said)
    said += run(game, "no")
    assert game.grim.seat(3).alive
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_the_storyteller_may_let_them_die(game):
    run(game, nominate(4, 3), mad(3), vote(1, 2, 4, 5), "next", "end_day", "yes")
    assert not game.grim.seat(3).alive


def test_only_a_player_nominated_today(game):
    with pytest.raises(Rejected, match="has not been nominated today"):
        run(game, mad(3))


def test_without_the_madness_the_execution_is_as_usual(game):
    said = run(game, nominate(4, 3), vote(1, 2, 4, 5), "next", "end_day")
    assert "might not die" not in private(said)
    assert not game.grim.seat(3).alive


def test_the_mark_ends_at_dusk(game):
    run(game, nominate(4, 3), mad(3), "next", "end_day")
    assert not game.madness.of(game.grim.seat(3), None, "ventriloquist")
