"""Atheist: 'The Storyteller may bend the rules; if you are executed, good wins, alive or
dead. Setup: every player is good.' From the almanac page (found: its rules and How to
Run): no evil players, no Minions and no Demons (their tokens replaced by good ones at
setup); good wins if the Storyteller is executed, any living player may nominate the
Storyteller and half of the living voting executes them; good loses if just two players
live. The jinx with Riot is tested in test_riot.py."""
import pytest

from engine_helpers import new_game, run, script_file, text, to_day
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup

IDS = ["atheist", "chef", "empath", "monk", "soldier", "washerwoman", "librarian",
       "investigator", "saint", "recluse", "poisoner", "imp"]
SETUP = "atheist,chef,empath,monk,soldier,washerwoman,librarian"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "ath.json", "No gods", IDS)


def heard(said):
    return [(s.text, s.channel == "private", s.channel) for s in said]


def test_a_drawn_bag_with_the_atheist_has_no_evil_character(script):
    from characters.scripts import load_script, registry_for
    loaded = load_script(script)
    found = 0
    for seed in range(40):
        game = Game(GameSetup(loaded.name, loaded.ids, ["A", "B", "C", "D", "E", "F", "G"],
                              [], seed), registry_for(loaded))
        teams = sorted(game.team_of(p) for p in game.grim.players)
        if "atheist" in {p.character for p in game.grim.players}:
            found += 1
            assert "minion" not in teams and "demon" not in teams
            assert all(p.alignment == "good" for p in game.grim.players)
            assert len(game.grim.players) == 7
        else:
            assert teams.count("minion") == 1 and teams.count("demon") == 1
    assert found


def test_the_game_goes_on_without_a_demon_and_the_evil_info_wakes_nobody(script):
    game = new_game(SETUP, script, start=False)
    assert any("there are no evil characters" in line for line in game.setup_lines())
    said = run(game, "next")
    while game.phase.at_night:
        said += run(game, "next" if "next" in game.wait.accepts() else ("choose", {"seats": [2]}))
    assert not game.winner and game.phase.state == "day"
    assert "Wake the Demon" not in text(said) and "Wake the Minions" not in text(said)


def test_executing_the_storyteller_makes_good_win(script):
    game = new_game(SETUP, script, start=False)
    said = run(game, "next")
    to_day(game)
    with pytest.raises(Rejected, match="follows a nomination"):
        run(game, ("storyteller_votes", {"count": 5}))
    said = run(game, ("nominate_storyteller", {"nominator": 3}))
    assert ("Seat 3, Cat nominates the Storyteller. Raise your hand to execute the "
            "Storyteller: 4 votes will do it.") in text(said, "public")
    said += run(game, ("storyteller_votes", {"count": 3}))
    assert "3 votes. The Storyteller is not executed." in text(said, "public")
    assert not game.winner
    with pytest.raises(Rejected, match="has been nominated today"):
        run(game, ("nominate_storyteller", {"nominator": 4}))
    run(game, "end_day")
    to_day(game)
    said = run(game, ("nominate_storyteller", {"nominator": 4}))
    said += run(game, ("storyteller_votes", {"count": 4}))
    assert game.winner.winner == "good"
    assert "The game is over. The Storyteller is executed. Good wins." in text(said)
    line_rules.assert_fit_to_say(heard(said))


def test_only_a_living_player_nominates_and_only_by_day(script):
    game = new_game(SETUP, script)
    with pytest.raises(Rejected, match="Not now"):
        run(game, ("nominate_storyteller", {"nominator": 3}))
    to_day(game)
    run(game, ("die", {"seat": 3}))
    with pytest.raises(Rejected, match="dead"):
        run(game, ("nominate_storyteller", {"nominator": 3}))


def test_good_loses_when_just_two_players_live(script):
    game = new_game(SETUP, script)
    to_day(game)
    for seat in (2, 3, 4, 5):
        run(game, ("die", {"seat": seat}))
    assert not game.winner
    said = run(game, ("die", {"seat": 6}))
    assert game.winner.winner == "evil"
    assert "Only two players are alive. Evil wins." in text(said)


def test_without_the_atheist_a_dead_demon_still_ends_the_game(script):
    game = new_game("imp,poisoner,chef,empath,monk,soldier,washerwoman", script)
    to_day(game)
    run(game, ("die", {"seat": 1}))
    assert game.winner.winner == "good"
