"""God of Ug (Loric): 'One Ug hat. When wear Ug hat, must speak one sound at a time but vote
twice. If fail, pass Ug hat.' The almanac page was not found by the search; built from the
ability text and a Storyteller's guide (botcscriptorium: track the hat's wearer, the double
vote is its reward, it passes on failure). Rulings: the hat is proposed at setup; the
Storyteller passes it on a failure and the table hears it; the wearer's vote on a
nomination counts twice, not on an exile."""
import pytest

from engine_helpers import new_game, nominate, public, private, run, script_file, to_day, vote, votes
from statemachine import line_rules
from statemachine.errors import Rejected

IDS = ["imp", "poisoner", "empath", "chef", "monk", "soldier", "washerwoman", "godofug"]
SETUP = "imp,poisoner,empath,chef,monk,soldier,washerwoman"
HAT = "God of Ug: Hat"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "ug.json", "Ug game", IDS)


def wearer(game):
    return [p.seat for p in game.grim.players if HAT in p.reminders]


def test_one_hat_is_proposed_at_setup_and_may_be_given_to_another(script):
    game = new_game(SETUP, script, start=False)
    assert len(wearer(game)) == 1
    assert any("The Ug hat, proposed:" in line for line in game.setup_lines())
    said = run(game, ("ug_hat_passes", {"seat": 4}))
    assert wearer(game) == [4] and "Seat 4, Dan wears the Ug hat." in private(said)
    assert not public(said)


def test_the_wearer_votes_twice(script):
    game = new_game(SETUP, script, start=False)
    run(game, ("ug_hat_passes", {"seat": 3}), "next")
    to_day(game)
    said = run(game, nominate(4, 6))
    assert "The Ug hat: seat 3, Cat's vote counts twice." in private(said)
    said = run(game, vote(3, 5), "next")
    assert game.votes_today[0].total == 3
    said = run(game, nominate(2, 7), vote(3), votes(2))
    assert "2 hands; the weighted votes of named voters make 3." in private(said)


def test_on_a_failure_the_hat_passes_and_the_table_hears_it(script):
    game = new_game(SETUP, script, start=False)
    run(game, ("ug_hat_passes", {"seat": 3}), "next")
    to_day(game)
    said = run(game, ("ug_hat_passes", {"seat": 5}))
    assert "The Ug hat passes to seat 5, Eve." in public(said)
    assert wearer(game) == [5]
    assert game.vote_weight(game.grim.seat(3)) == 1
    assert game.vote_weight(game.grim.seat(5)) == 2
    with pytest.raises(Rejected, match="already wears"):
        run(game, ("ug_hat_passes", {"seat": 5}))
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_without_the_god_of_ug_there_is_no_hat():
    game = new_game(SETUP)
    assert not wearer(game)
    with pytest.raises(Rejected):
        run(game, ("ug_hat_passes", {"seat": 5}))
