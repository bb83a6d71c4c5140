"""The Plague Doctor: 'If you die, the Storyteller gains a Minion ability.' Built from the
ability text and the jinxes; the almanac page was not found (the search gave the page's
frame and part of its jinx list only). Rulings: a drunk or poisoned Plague Doctor's death
gives nothing; the Storyteller names the Minion at the Plague Doctor's place on the night of
the death (the night after, for a death by day); the ability is kept on the Plague Doctor's
token and its steps wake nobody. Each jinx with an automated Minion is applied (Baron,
Boomdandy, Evil Twin, Fearmonger, Goblin, Marionette, Scarlet Woman, Spy, Wraith)."""
import pytest

from engine_helpers import choose, execute, new_game, private, run, script_file
from statemachine.errors import Rejected
from statemachine.line_rules import assert_fit_to_say
from tb_steps import walk_night

IDS = ["imp", "poisoner", "spy", "baron", "scarletwoman", "witch", "boomdandy", "eviltwin",
       "fearmonger", "goblin", "marionette", "wraith", "washerwoman", "librarian", "chef",
       "empath", "monk", "soldier", "mayor", "saint", "recluse", "butler", "plaguedoctor"]
SETUP = "imp,poisoner,plaguedoctor,empath,chef,monk,soldier"     # Plague Doctor 3
PICKS = {"poisoner": 7, "monk": 4, "imp": 5}


def at_the_step(tmp_path, poison=7):
    game = new_game(SETUP, script_file(tmp_path / "plague.json", "Plague", IDS))
    walk_night(game, {"poisoner": poison})
    said = run(game, execute(3))
    said += walk_night(game, PICKS, until="plaguedoctor")
    return game, said


def minion(cid):
    return ("character", {"character": cid})


def test_the_storyteller_holds_the_ability_and_its_step_wakes_nobody(tmp_path):
    game, _ = at_the_step(tmp_path)
    assert game.current.ability == "plaguedoctor"
    assert "you gain the ability of a Minion not in play" in game.wait.prompt
    said = run(game, minion("witch"))
    doctor = game.grim.seat(3)
    assert "witch" in game.abilities(doctor) and game.working(doctor, "witch")
    assert "You hold the Witch's ability, on the Plague Doctor's token." in private(said)
    walk_night(game, PICKS)
    run(game, execute(6))
    said = walk_night(game, PICKS, until="witch")
    assert game.current.ability == "witch" and game.current.seat == 3
    assert ("You hold the Witch's ability, on the Plague Doctor's token, seat 3, Cat: nobody "
            "wakes; you choose for it.") in private(said)
    assert "Wake the Plague Doctor" not in private(said)
    run(game, choose(7, actor="witch"))
    assert "Seat 7, Gus is cursed" in private(game.out)
    walk_night(game, PICKS)
    said = run(game, ("nominate", {"nominator": 7, "nominee": 2}))
    assert not game.grim.seat(7).alive                     # the curse works


def test_a_minion_in_play_or_a_townsfolk_is_refused(tmp_path):
    game, _ = at_the_step(tmp_path)
    with pytest.raises(Rejected, match="is in play"):
        run(game, minion("poisoner"))
    with pytest.raises(Rejected, match="say a Minion"):
        run(game, minion("empath"))


def test_a_poisoned_plague_doctors_death_gives_nothing(tmp_path):
    game = new_game(SETUP, script_file(tmp_path / "plague.json", "Plague", IDS))
    walk_night(game, {"poisoner": 3})
    run(game, execute(3))
    assert "plaguedoctor" not in game.night_order_ids(False)


def test_jinx_the_barons_ability_turns_up_to_two_players_into_outsiders(tmp_path):
    game, _ = at_the_step(tmp_path)
    run(game, minion("baron"), choose(4, actor="plaguedoctor"), minion("saint"))
    assert game.grim.seat(4).character == "saint" and game.grim.seat(4).alignment == "good"
    assert "baron" not in game.abilities(game.grim.seat(3))


def test_jinx_a_player_becomes_the_evil_twin(tmp_path):
    game, _ = at_the_step(tmp_path)
    run(game, minion("eviltwin"), choose(5, actor="plaguedoctor"))
    assert game.grim.seat(5).character == "eviltwin" and game.grim.seat(5).alignment == "evil"


def test_jinx_a_player_becomes_the_boomdandy(tmp_path):
    game, _ = at_the_step(tmp_path)
    run(game, minion("boomdandy"), choose(4, actor="plaguedoctor"))
    assert game.grim.seat(4).character == "boomdandy" and game.grim.seat(4).alignment == "evil"


@pytest.mark.parametrize("cid", ["spy", "fearmonger", "goblin", "scarletwoman", "wraith"])
def test_jinx_a_living_minion_takes_the_ability_and_is_told(tmp_path, cid):
    game, _ = at_the_step(tmp_path)
    run(game, minion(cid))
    with pytest.raises(Rejected, match="Choose a living Minion"):
        run(game, choose(4, actor="plaguedoctor"))
    run(game, choose(2, actor="plaguedoctor"))
    assert cid in game.abilities(game.grim.seat(2))
    assert "has the" in game.wait.prompt and "ability too" in game.wait.prompt
    assert cid not in game.abilities(game.grim.seat(3))


def test_jinx_a_good_neighbour_of_the_demon_becomes_the_marionette(tmp_path):
    game, _ = at_the_step(tmp_path)
    run(game, minion("marionette"))
    with pytest.raises(Rejected, match="good neighbour of the Demon"):
        run(game, choose(4, actor="plaguedoctor"))
    run(game, choose(7, actor="plaguedoctor"))
    gus = game.grim.seat(7)
    assert gus.character == "marionette" and gus.alignment == "evil"
    assert gus.believes == "soldier"


def test_its_lines_are_fit_to_be_said(tmp_path):
    game, said = at_the_step(tmp_path)
    said += run(game, minion("witch"))
    said += walk_night(game, PICKS)
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])
