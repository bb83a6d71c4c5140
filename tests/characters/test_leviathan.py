"""Leviathan: 'If more than 1 good player is executed, evil wins. All players know you are in
play. After day 5, evil wins.' The almanac page was found only in part (the jinxes, the
night sheet's lines): built from the ability text. Rulings: the table hears at the first
dawn that the Leviathan is in play (not who); each good player executed is counted (alive
after it or not) and the second ends the game; at the end of day five evil wins. The jinxes
as characters/data/jinxes.toml words them: the night choice (Banshee, Farmer, Ravenkeeper,
Sage), good wins on the Leviathan's nomination and execution of the Soldier or the Monk's,
the Innkeeper's or the Exorcist's player, evil wins on the grandchild's execution, the King
once anyone is dead, the Mayor on day five, the Pit-Hag after day five."""
import pytest

from engine_helpers import (choose, end_day, new_game, nominate, run, script_file, text,
                            vote, walk_to)
from statemachine import line_rules

SCRIPT_IDS = ["soldier", "monk", "innkeeper", "exorcist", "grandmother", "king", "mayor",
              "banshee", "farmer", "ravenkeeper", "sage", "chef", "empath", "saint",
              "poisoner", "pithag", "imp", "leviathan"]
# Leviathan 1, Poisoner 2, Soldier 3, Monk 4, Mayor 5, Sage 6, Chef 7
SETUP = "leviathan,poisoner,soldier,monk,mayor,sage,chef"
ALL = (1, 2, 3, 4, 5, 6, 7)


@pytest.fixture
def script(tmp_path):
    def make(ids=SCRIPT_IDS):
        return script_file(tmp_path / "leviathan.json", "Leviathan mix", ids)
    return make


def night(game, picks=None):
    """Walk the night to the day: the Poisoner on seat 7, the Monk on seat 7, the
    Leviathan's choice as given (else seat 7)."""
    picks = {"poisoner": [7], "monk": [7], "leviathan": [7], **(picks or {})}
    return walk_to(game, "the day", picks)


def day(game, *commands):
    return run(game, *commands) + ([] if game.winner else run(game, end_day()))


def test_the_table_hears_at_the_first_dawn_that_the_leviathan_is_in_play(script):
    game = new_game(SETUP, script())
    said = night(game)
    assert "The Leviathan is in play." in text(said, "public")
    assert "Ann" not in text(said, "public").split("The Leviathan is in play.")[0][-30:]


def test_the_second_good_player_executed_wins_for_evil(script):
    game = new_game(SETUP, script())
    night(game)
    day(game, nominate(3, 2), vote(*ALL), "next")        # evil: not counted
    assert not game.winner
    night(game, {"leviathan": [5]})
    day(game, nominate(3, 7), vote(3, 4, 5), "next")
    assert not game.winner and "Good Player Executed" in game.grim.seat(7).reminders
    night(game, {"leviathan": [6]})
    said = day(game, nominate(4, 6), vote(3, 4, 5), "next")
    assert game.winner.winner == "evil"
    assert "A second good player was executed." in text(said, "public")


def to_day_five(game):
    """Four days with no execution, the Leviathan killing seats 3 to 6 in turn."""
    night(game)
    for n in range(4):
        day(game)
        night(game, {"leviathan": [[3, 4, 5, 6][n]]})
    return game


def test_after_day_five_evil_wins(script):
    game = to_day_five(new_game(SETUP, script()))
    assert game.grim.day == 5 and not game.winner
    said = run(game, nominate(4, 7), vote(*ALL), "next", end_day())
    assert game.winner.winner == "evil"
    assert "Day five is over and the Leviathan lives." in text(said, "public")


def test_the_mayor_alive_on_day_five_with_nobody_executed_wins_a_jinx(script):
    game = to_day_five(new_game(SETUP, script()))
    said = run(game, end_day())
    assert game.winner.winner == "good"
    assert "the Mayor, seat 5, Eve, live at the end of day five" in text(said, "public")


def test_good_wins_when_the_leviathan_nominates_and_executes_the_soldier_a_jinx(script):
    game = new_game(SETUP, script())
    night(game)
    said = day(game, nominate(1, 3), vote(*ALL), "next")
    assert game.winner.winner == "good"
    assert "The Leviathan nominated the Soldier" in text(said, "public")


def test_another_nominator_for_the_soldier_is_just_a_good_execution(script):
    game = new_game(SETUP, script())
    night(game)
    day(game, nominate(2, 3), vote(*ALL), "next")
    assert not game.winner and not game.grim.seat(3).alive


def test_good_wins_when_the_leviathan_executes_the_monks_player_a_jinx(script):
    game = new_game(SETUP, script())
    night(game)
    day(game)
    night(game, {"monk": [6], "leviathan": [5]})
    said = day(game, nominate(1, 6), vote(*ALL), "next")
    assert game.winner.winner == "good"
    assert "the player the Monk protects" in text(said, "public")


def test_good_wins_for_the_innkeeper_and_the_exorcist_too_a_jinx(script):
    game = new_game("leviathan,poisoner,innkeeper,exorcist,mayor,sage,chef", script())
    night(game)
    day(game)
    night(game, {"innkeeper": [6, 7], "exorcist": [5], "leviathan": [6]})
    said = day(game, nominate(1, 6), vote(*ALL), "next")
    assert game.winner.winner == "good" and "the Innkeeper protects" in text(said, "public")
    other = new_game("leviathan,poisoner,innkeeper,exorcist,mayor,sage,chef", script())
    night(other)
    day(other)
    night(other, {"innkeeper": [6, 7], "exorcist": [5], "leviathan": [6]})
    said = day(other, nominate(1, 5), vote(*ALL), "next")
    assert other.winner.winner == "good" and "the Exorcist chose" in text(said, "public")


def test_the_sage_chosen_at_night_learns_without_dying_a_jinx(script):
    game = new_game(SETUP, script())
    night(game)
    day(game)
    said = walk_to(game, "leviathan", {"poisoner": [7], "monk": [7]})
    assert "A jinx: the Leviathan chooses a living good player not chosen before." in \
        game.last_private
    said = run(game, choose(6)) + walk_to(game, "sage", {"monk": [7]})
    assert game.current.ability == "sage" and game.grim.seat(6).alive
    assert "The Demon chose the Sage." in game.last_private
    night(game)
    assert game.grim.seat(6).alive


def test_the_choice_is_a_living_good_player_not_chosen_before(script):
    from statemachine.errors import Rejected
    game = new_game(SETUP, script())
    night(game)
    day(game)
    walk_to(game, "leviathan", {"poisoner": [7], "monk": [7]})
    with pytest.raises(Rejected):
        run(game, choose(2))
    run(game, choose(5))
    night(game)
    day(game)
    walk_to(game, "leviathan", {"poisoner": [7], "monk": [7]})
    with pytest.raises(Rejected):
        run(game, choose(5))


def test_a_banshee_chosen_dies_and_gains_the_ability_a_jinx(script):
    game = new_game("leviathan,poisoner,banshee,monk,mayor,sage,chef", script())
    night(game)
    day(game)
    said = night(game, {"leviathan": [3]})
    assert not game.grim.seat(3).alive
    assert "Seat 3, Cat, the Banshee, has been killed by the Demon." in text(said, "public")


def test_a_farmer_chosen_makes_a_farmer_without_dying_a_jinx(script):
    game = new_game("leviathan,poisoner,farmer,monk,mayor,sage,chef", script())
    night(game)
    day(game)
    said = night(game, {"leviathan": [3], "farmer": [7]})
    assert game.grim.seat(3).alive and game.grim.seat(3).character == "farmer"
    assert sum(p.character == "farmer" for p in game.grim.players) == 2


def test_a_ravenkeeper_chosen_learns_a_character_without_dying_a_jinx(script):
    game = new_game("leviathan,poisoner,ravenkeeper,monk,mayor,sage,chef", script())
    night(game)
    day(game)
    walk_to(game, "ravenkeeper", {"poisoner": [7], "monk": [7], "leviathan": [3]})
    assert game.current.ability == "ravenkeeper"
    assert "The Demon chose the Ravenkeeper tonight, a jinx." in game.last_private


def test_the_grandchild_executed_wins_for_evil_a_jinx(script):
    game = new_game("leviathan,poisoner,grandmother,monk,mayor,sage,chef", script(),
                    start=False)
    run(game, ("grandchild", {"seat": 7}), "next")
    night(game)
    said = day(game, nominate(4, 7), vote(*ALL), "next")
    assert game.winner.winner == "evil" and "grandchild" in text(said, "public")


def test_the_king_learns_a_character_once_anyone_is_dead_a_jinx(script):
    game = new_game("leviathan,poisoner,king,monk,mayor,sage,chef", script())
    night(game)
    day(game, nominate(4, 2), vote(*ALL), "next")
    said = walk_to(game, "king", {"poisoner": [7], "monk": [7], "leviathan": [5]})
    assert game.current.ability == "king"
    assert "A jinx: someone is dead, so the King learns a character." in game.last_private


def test_the_pit_hag_cannot_make_a_leviathan_after_day_five_a_jinx(script):
    from statemachine.errors import Rejected
    game = new_game("imp,pithag,soldier,monk,mayor,sage,chef", script())
    night(game, {"imp": [3]})
    day(game)
    walk_to(game, "pithag", {"monk": [7]})
    run(game, choose(4))
    game.grim.day = 5        # the day counter, as after day five (a shortcut)
    with pytest.raises(Rejected, match="cannot come into play after day five"):
        run(game, ("character", {"character": "leviathan"}))


def test_a_leviathan_made_by_the_pit_hag_is_announced_at_dawn(script):
    game = new_game("imp,pithag,soldier,monk,mayor,sage,chef", script())
    night(game, {"imp": [3]})
    day(game)
    walk_to(game, "pithag", {"monk": [7]})
    run(game, choose(1), ("character", {"character": "leviathan"}))
    said = night(game, {"leviathan": [6]})
    assert game.grim.seat(1).character == "leviathan"
    assert "The Leviathan is in play." in text(said, "public")


def test_its_lines_are_fit_to_say(script):
    game = new_game(SETUP, script(), start=False)
    lines = [(t, True) for t in game.setup_lines()]
    said = run(game, "next") + night(game)
    said += day(game, nominate(3, 7), vote(*ALL), "next") + night(game, {"leviathan": [6]})
    said += day(game, nominate(1, 3), vote(*ALL), "next")
    line_rules.assert_fit_to_say(lines + [(s.text, s.channel == "private") for s in said])
