"""The Pit-Hag: each night but the first chooses a player and a character they become, if it
is not in play; a Demon made makes tonight's deaths the Storyteller's. The almanac's
rulings, one test each."""
import pytest

from statemachine.line_rules import assert_fit_to_say
from snv_steps import end_day, private, run, snv, walk_night
from statemachine.errors import Rejected
from statemachine.model import Effect

# seats: 1 Lleech (a Demon the Storyteller runs), 2 Pit-Hag, 3 Sage, 4 Dreamer, 5 Savant, 6 Seamstress, 7 Juggler
SETUP = "lleech,pithag,sage,dreamer,savant,seamstress,juggler"


def night_two(characters=SETUP):
    game = snv(characters)
    assert "pithag" not in game.night_order_ids(first=True)
    said = walk_night(game)
    said += run(game, end_day())
    said += walk_night(game, until="pithag")
    return game, said


def hag(game, seat, character):
    return run(game, ("choose", {"seats": [seat]}), ("character", {"character": character}))


def test_the_chosen_player_becomes_a_character_not_in_play_and_is_shown_it():
    game, said = night_two()
    said += hag(game, 3, "clockmaker")
    cat = game.grim.seat(3)
    assert cat.character == "clockmaker" and cat.alignment == "good"
    text = private(said)
    assert "Seat 3, Cat, the Sage, is now the Clockmaker, and stays good." in text
    assert "Put the Pit-Hag to sleep." in text
    assert "Wake seat 3, Cat. Show them the You Are token, then the Clockmaker token." in text
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])


def test_a_character_in_play_changes_nothing():
    game, _ = night_two()
    said = hag(game, 3, "savant")
    assert game.grim.seat(3).character == "sage"
    assert "The Savant is in play: nothing happens." in private(said)


def test_a_first_night_ability_made_tonight_acts_tonight():
    # The new Clockmaker learns their number tonight, before dawn.
    game, _ = night_two()
    hag(game, 3, "clockmaker")
    assert ("clockmaker", 3) in [(e.ability, e.seat) for e in game.night_queue()]
    said = run(game, "next") + walk_night(game, until="clockmaker")
    assert "Wake the Clockmaker, seat 3, Cat." in private(said)


def test_an_evil_player_made_a_townsfolk_stays_evil():
    game, _ = night_two()
    hag(game, 2, "clockmaker")                      # the Pit-Hag may choose themself
    ben = game.grim.seat(2)
    assert ben.character == "clockmaker" and ben.alignment == "evil"
    assert "pithag" not in game.night_order_ids(first=False)


def test_a_demon_made_makes_tonights_deaths_the_storytellers():
    game, _ = night_two()
    said = hag(game, 4, "fanggu")
    assert game.is_demon(game.grim.seat(4)) and game.grim.seat(4).alignment == "good"
    assert "tonight's deaths are yours to decide" in private(said)
    # A Demon's attack tonight kills nobody by itself; the Storyteller's ruling does.
    result = game.kill(game.grim.seat(5), "demon", by=game.grim.seat(1))
    assert not result and result.why == "arbitrary" and game.grim.seat(5).alive
    run(game, "next", ("die", {"seat": 1}))         # the old Demon dies, as is usual
    assert not game.grim.seat(1).alive and game.winner is None
    walk_night(game)
    run(game, end_day())                            # the next night is as ever
    assert game.kill(game.grim.seat(5), "demon").why != "arbitrary"


def test_a_setup_effect_does_not_apply_to_a_character_made_mid_game():
    game, _ = night_two()
    said = hag(game, 4, "fanggu")
    assert "The Fang Gu's setup effect does not apply" in private(said)


def test_a_created_evil_twin_gets_a_twin_proposed():
    game, _ = night_two()
    said = hag(game, 4, "eviltwin")
    twin = game.unit("eviltwin").twin(game, game.grim.seat(4))
    assert twin is not None and twin.alignment == "evil"     # Dan stays good
    assert "The Evil Twin's twin, proposed" in private(said)


def test_only_characters_of_the_script_and_its_four_teams():
    game, _ = night_two()
    run(game, ("choose", {"seats": [3]}))
    with pytest.raises(Rejected, match="not on the script"):
        run(game, ("character", {"character": "imp"}))
    with pytest.raises(Rejected, match="a Minion or a Demon"):
        run(game, ("character", {"character": "harlot"}))


def test_a_poisoned_pit_hag_changes_nothing():
    game, _ = night_two()
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk"))
    said = hag(game, 3, "clockmaker")
    assert game.grim.seat(3).character == "sage" and "nothing happens" in private(said)
