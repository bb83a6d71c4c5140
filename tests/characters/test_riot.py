"""Riot: 'On day 3, Minions become Riot & nominees die but nominate an alive player
immediately. This must happen.' The almanac page was found only in part (the jinxes, the
designer's notes on the new ability, the old How to Run): built from the ability text.
Rulings: days one and two are ordinary; at the dawn of day three the Minions become Riot (the
Storyteller may wake them on night three); in the riot each nominee dies at once with no
vote and must nominate a living player, else the Storyteller nominates for them; the day
does not end, and the game ends by its rules (all Riot dead: good; two alive: evil). The
jinxes as characters/data/jinxes.toml words them (the Mayor may stop the riot; the Soldier;
the shared ones tested with the Leviathan, test_leviathan.py; the Atheist: ruled that 'they
nominate again' is the Storyteller, the nominee not executed, as every riot nominee
nominates; only the nominee who must nominate may nominate the Storyteller, dead or alive)."""
import pytest

from engine_helpers import (choose, end_day, new_game, nominate, run, script_file, text,
                            vote, walk_to)
from statemachine import line_rules
from statemachine.errors import Rejected

SCRIPT_IDS = ["soldier", "monk", "innkeeper", "exorcist", "grandmother", "king", "mayor",
              "banshee", "farmer", "ravenkeeper", "sage", "chef", "empath", "saint",
              "poisoner", "baron", "riot"]
# Riot 1, Poisoner 2, Soldier 3, Monk 4, Mayor 5, Sage 6, Chef 7
SETUP = "riot,poisoner,soldier,monk,mayor,sage,chef"
CHOICES = {2: [7], 3: [4]}        # Riot's night choice (a jinx with the Sage): not chosen before


@pytest.fixture
def script(tmp_path):
    def make(ids=SCRIPT_IDS):
        return script_file(tmp_path / "riot.json", "Riot mix", ids)
    return make


def night(game):
    picks = {"poisoner": [7], "monk": [7], "riot": CHOICES.get(game.grim.night, [5])}
    return walk_to(game, "the day", picks)


def to_riot(game):
    """Two quiet days, to the dawn of day three."""
    said = night(game)
    for _ in range(2):
        said += run(game, end_day()) + night(game)
    return said


def riot_nominates(seat):
    return ("riot_nominates", {"seat": seat})


def test_riot_kills_nobody_at_night_and_days_one_and_two_are_ordinary(script):
    game = new_game(SETUP, script())
    night(game)
    run(game, nominate(3, 6), vote(3, 4, 5, 7), "next")
    assert game.phase.state == "day" and game.block == (6, 4)
    run(game, end_day())
    assert not game.grim.seat(6).alive
    night(game)
    assert [p.seat for p in game.grim.players if not p.alive] == [6]


def test_on_night_three_the_minions_may_be_shown_and_at_dawn_they_become_riot(script):
    game = new_game(SETUP, script())
    night(game)
    run(game, end_day())
    night(game)
    run(game, end_day())
    said = walk_to(game, "riot", {"poisoner": [7], "monk": [7]})
    run(game, choose(4))
    assert "Tomorrow the Minions become Riot. You may wake them, seat 2, Ben" in \
        game.last_private
    said = night(game)
    assert game.grim.seat(2).character == "riot" and game.grim.seat(2).alignment == "evil"
    assert "the Minions become Riot: seat 2, Ben." in text(said, "private")


def test_in_the_riot_each_nominee_dies_at_once_and_must_nominate(script):
    game = new_game(SETUP, script())
    to_riot(game)
    said = run(game, nominate(3, 7))
    assert not game.grim.seat(7).alive and game.phase.state == "day"
    assert "Seat 7, Gus dies." in text(said, "public")
    assert "Seat 7, Gus, nominate a living player now." in text(said, "public")
    with pytest.raises(Rejected, match="nominates now"):
        run(game, nominate(4, 5))
    with pytest.raises(Rejected, match="must go on"):
        run(game, end_day())
    with pytest.raises(Rejected, match="living player"):
        run(game, nominate(7, 7))
    run(game, nominate(7, 6))
    assert not game.grim.seat(6).alive


def test_the_storyteller_nominates_when_nobody_does(script):
    game = new_game(SETUP, script())
    to_riot(game)
    said = run(game, riot_nominates(5))
    assert "The Storyteller nominates seat 5, Eve." in text(said, "public")
    assert not game.grim.seat(5).alive
    run(game, riot_nominates(4))
    assert not game.grim.seat(4).alive


def test_the_storyteller_nominates_only_in_the_riot(script):
    game = new_game(SETUP, script())
    night(game)
    with pytest.raises(Rejected):
        run(game, riot_nominates(5))


def test_good_wins_when_every_riot_is_dead(script):
    game = new_game(SETUP, script())
    to_riot(game)
    run(game, nominate(3, 2))
    said = run(game, nominate(2, 1))
    assert game.winner.winner == "good"


def test_the_first_riot_nominated_dies_once_and_the_riot_goes_on(script):
    game = new_game(SETUP, script())
    to_riot(game)
    said = run(game, nominate(3, 1))
    assert not game.grim.seat(1).alive and game.winner is None
    assert text(said, "public").count("Seat 1, Ann dies.") == 1
    run(game, nominate(1, 2))
    assert game.winner.winner == "good"


def test_evil_wins_when_two_players_live(script):
    game = new_game(SETUP, script())
    to_riot(game)
    run(game, nominate(3, 7), nominate(7, 6), nominate(6, 5), nominate(5, 4))
    assert game.winner is None
    run(game, nominate(4, 2))
    assert game.winner.winner == "evil"


def test_good_wins_when_riot_nominates_and_executes_the_soldier_a_jinx(script):
    game = new_game(SETUP, script())
    night(game)
    said = run(game, nominate(1, 3), vote(1, 2, 4, 5), "next", end_day())
    assert game.winner.winner == "good" and "the Soldier" in text(said, "public")
    riot = new_game(SETUP, script())
    to_riot(riot)
    said = run(riot, nominate(2, 3))
    assert riot.winner.winner == "good"


def test_the_mayor_may_stop_the_riot_a_jinx(script):
    game = new_game(SETUP, script())
    to_riot(game)
    run(game, nominate(3, 2), ("mayor_stops_riot", {}))
    assert game.winner.winner == "good"
    other = new_game(SETUP, script())
    to_riot(other)
    said = run(other, ("mayor_stops_riot", {}))
    assert other.winner.winner == "evil"
    assert "The Mayor, seat 5, Eve, stops the riot." in text(said, "public")


def test_its_lines_are_fit_to_say(script):
    game = new_game(SETUP, script(), start=False)
    lines = [(t, True) for t in game.setup_lines()]
    said = run(game, "next") + to_riot(game)
    said += run(game, nominate(3, 7), riot_nominates(6), nominate(6, 2))
    line_rules.assert_fit_to_say(lines + [(s.text, s.channel == "private") for s in said])


def test_riot_chooses_at_night_and_a_sage_chosen_learns_a_jinx(script):
    game = new_game(SETUP, script())
    night(game)
    run(game, end_day())
    walk_to(game, "riot", {"poisoner": [7], "monk": [7]})
    assert "A jinx: the Riot chooses a living good player not chosen before." in \
        game.last_private
    run(game, choose(6))
    walk_to(game, "sage", {"monk": [7]})
    assert game.current.ability == "sage" and game.grim.seat(6).alive


def test_good_wins_when_the_monks_player_dies_in_the_riot_a_jinx(script):
    game = new_game(SETUP, script())
    night(game)
    for _ in range(2):
        run(game, end_day())
        walk_to(game, "the day", {"poisoner": [7], "monk": [6],
                                  "riot": CHOICES.get(game.grim.night, [5])})
    said = run(game, nominate(1, 6))
    assert game.winner.winner == "good" and "the Monk protects" in text(said, "public")


def test_the_grandchild_dying_in_the_riot_wins_for_evil_a_jinx(script):
    game = new_game("riot,poisoner,grandmother,monk,mayor,sage,chef", script(), start=False)
    run(game, ("grandchild", {"seat": 7}), "next")
    to_riot(game)
    run(game, nominate(4, 7))
    assert game.winner.winner == "evil"


ATHEIST = "riot,poisoner,atheist,monk,mayor,sage,chef"


def storyteller_nominated_in_the_riot(script):
    game = new_game(ATHEIST, script(SCRIPT_IDS + ["atheist"]))
    to_riot(game)
    run(game, nominate(4, 7))
    with pytest.raises(Rejected, match="Gus nominates now"):
        run(game, ("nominate_storyteller", {"nominator": 6}))
    said = run(game, ("nominate_storyteller", {"nominator": 7}))
    assert "Seat 7, Gus nominates the Storyteller." in text(said, "public")
    for refused in (nominate(5, 6), riot_nominates(6)):
        with pytest.raises(Rejected, match="comes first"):
            run(game, refused)
    return game


def test_the_storyteller_nominated_in_the_riot_gets_a_vote_then_nominates_a_jinx(script):
    game = storyteller_nominated_in_the_riot(script)
    said = run(game, ("storyteller_votes", {"count": 2}))
    assert "The Storyteller nominates once more." in text(said, "public")
    assert "Say 'the storyteller nominates seat' and a number 'for the riot'." in text(said)
    assert not game.winner
    with pytest.raises(Rejected, match="The Storyteller nominates now"):
        run(game, nominate(5, 6))
    with pytest.raises(Rejected, match="the Storyteller nominates"):
        run(game, end_day())
    said += run(game, riot_nominates(6))
    assert not game.grim.seat(6).alive
    assert "Seat 6, Fay, nominate a living player now." in text(said, "public")
    said += run(game, nominate(6, 5))
    assert not game.grim.seat(5).alive
    line_rules.assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])


def test_the_storyteller_executed_in_the_riot_ends_the_game_a_jinx(script):
    game = storyteller_nominated_in_the_riot(script)
    said = run(game, ("storyteller_votes", {"count": 3}))
    assert game.winner.winner == "good"
    assert "The Storyteller nominates once more." not in text(said)
    line_rules.assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])
