"""Amnesiac: 'Your ability is hidden from you. Each day you may guess it privately, and are
told how near you are.' The almanac page was found only in part (its summary and night
reminders: do whatever the Amnesiac's ability needs); built from those and the ability
text. Our rulings: the hidden ability is a Townsfolk's not in play, the Storyteller's choice
at setup; it acts at that ability's place; how near a guess is, is proposed (right; near:
acting on the same nights; far) for the Storyteller to say in their own words."""
import pytest

from engine_helpers import new_game, run, script_file, text, to_day, walk_to
from statemachine import line_rules
from statemachine.errors import Rejected

IDS = ["amnesiac", "chef", "empath", "monk", "soldier", "oracle", "washerwoman", "saint",
       "recluse", "poisoner", "imp", "mayor", "villageidiot"]
# Imp 1, Poisoner 2, Amnesiac 3, Chef 4, Monk 5, Soldier 6, Saint 7
SETUP = "imp,poisoner,amnesiac,chef,monk,soldier,saint"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "amn.json", "Forgetful", IDS)


def has(cid):
    return ("amnesiac_has", {"character": cid})


def guesses(cid):
    return ("amnesiac_guesses", {"character": cid})


def heard(said):
    return [(s.text, s.channel == "private", s.channel) for s in said]


def test_setup_proposes_a_townsfolk_ability_not_in_play(script):
    for seed in range(5):
        game = new_game(SETUP, script, seed=seed, start=False)
        held = [a for a in game.abilities(game.grim.seat(3)) if a != "amnesiac"]
        assert len(held) == 1
        assert held[0] in ("empath", "oracle", "washerwoman", "mayor")   # no setup effect
        name = game.unit(held[0]).name
        assert any(f"The Amnesiac, seat 3, Cat, has the {name}'s ability, hidden" in line
                   for line in game.setup_lines())


def test_the_storyteller_chooses_it_at_setup_only(script):
    game = new_game(SETUP, script, start=False)
    with pytest.raises(Rejected, match="in play"):
        run(game, has("chef"))
    with pytest.raises(Rejected, match="another Townsfolk"):
        run(game, has("poisoner"))
    with pytest.raises(Rejected, match="does not run"):
        run(game, has("villageidiot"))                    # a setup effect
    said = run(game, has("empath"))
    assert "The Amnesiac has the Empath's ability." in text(said)
    assert [a for a in game.abilities(game.grim.seat(3)) if a != "amnesiac"] == ["empath"]
    run(game, "next")
    with pytest.raises(Rejected, match="Not now"):
        run(game, has("oracle"))


def test_it_acts_at_the_hidden_abilitys_place(script):
    game = new_game(SETUP, script, start=False)
    run(game, has("empath"))
    said = run(game, "next") + walk_to(game, "empath")
    assert "amnesiac" not in game.night_order_ids(True)        # its own place wakes nobody
    assert "Wake the Amnesiac, seat 3, Cat, with the Empath's ability." in text(said + game.out)
    assert game.wait.truth == 1                                 # the Poisoner beside them
    said += run(game, "next")
    to_day(game)
    line_rules.assert_fit_to_say(heard(said))


def test_each_day_a_private_guess_is_told_how_near(script):
    game = new_game(SETUP, script, start=False)
    run(game, has("empath"))
    with pytest.raises(Rejected, match="Not now"):
        run(game, guesses("oracle"))
    run(game, "next")
    to_day(game)
    said = run(game, guesses("oracle"))
    assert ("The Amnesiac guesses the Oracle. Near: the Oracle acts on the same nights as "
            "their ability") not in text(said)                  # the Oracle: not night one
    assert "Far: their ability is the Empath's." in text(said)
    assert text(said, "public") == ""
    with pytest.raises(Rejected, match="guessed today"):
        run(game, guesses("empath"))
    run(game, "end_day")
    to_day(game)
    said = run(game, guesses("empath"))
    assert "Right: their ability is the Empath's." in text(said)


def test_a_guess_acting_on_the_same_nights_is_near(script):
    game = new_game(SETUP, script, start=False)
    run(game, has("oracle"))
    run(game, "next")
    to_day(game)
    said = run(game, guesses("monk"))          # not the first night, each night after
    assert "Near: the Monk acts on the same nights as their ability, the Oracle's." in \
        text(said)
