"""The Mezepheles: you start knowing a secret word. The 1st good player to say this word
becomes evil that night."""
import pytest

from almanac_steps import almanac, end_day, private, walk_night
from characters.minion.mezepheles import NO_ABILITY, TURNS_EVIL, WORDS
from engine_helpers import run
from statemachine.errors import Rejected
from statemachine.model import Effect

SETUP = "alhadikhia,mezepheles,noble,oracle,fisherman,savant,pixie"


def heard(seat):
    return ("mezepheles_heard", {"seat": seat})


def word_of(game):
    return next(r.split(": ")[1] for r in game.grim.seat(2).reminders
                if r.startswith("Mezepheles word"))


def test_the_storyteller_picks_a_word_proposed_from_the_list_and_may_change_it():
    game = almanac(SETUP, start=False)
    word = word_of(game)
    assert word in WORDS
    opening = private(game.start())
    assert f"Proposed secret word: {word}." in opening
    said = run(game, "mezepheles_new_word")
    assert word_of(game) != word and f"The secret word is now {word_of(game)}." in private(said)
    run(game, "next")
    with pytest.raises(Rejected):
        run(game, "mezepheles_new_word")


def test_the_mezepheles_starts_knowing_the_word():
    game = almanac(SETUP, start=False)
    game.start()
    said = run(game, "next")
    said += walk_night(game, until="mezepheles")
    assert f"Show the Mezepheles the secret word, {word_of(game)}" in private(said)
    assert "Wake the Mezepheles, seat 2, Ben." in private(said)


def day_one():
    game = almanac(SETUP)
    walk_night(game)
    return game


def test_the_first_good_player_to_say_it_becomes_evil_that_night():
    game = day_one()
    run(game, heard(5))
    assert TURNS_EVIL in game.grim.seat(5).reminders
    assert game.grim.seat(5).alignment == "good"          # not until that night
    said = run(game, end_day())      # the Mezepheles's step is the first of the night
    said += walk_night(game, until="mezepheles")
    assert "The Mezepheles, seat 2, Ben: do not wake them." in private(said)   # they never learn
    said += walk_night(game)
    assert game.grim.seat(5).alignment == "evil"
    assert "Seat 5, Eve turns evil. Wake them, show the You Are token and give a thumbs down" \
        in private(said)
    assert NO_ABILITY in game.grim.seat(2).reminders


def test_only_the_first_good_player_counts():
    game = day_one()
    with pytest.raises(Rejected, match="not good"):
        run(game, heard(1))                                # the Demon says it: nothing
    run(game, heard(5))
    with pytest.raises(Rejected, match="already said the word first"):
        run(game, heard(6))


def test_a_drunk_or_poisoned_mezepheles_at_night_uses_the_ability_and_the_player_stays_good():
    game = day_one()
    run(game, heard(5))
    game.grim.seat(2).add_effect(Effect("poisoned", until="dawn"))   # tonight
    said = run(game, end_day())
    said += walk_night(game)
    assert game.grim.seat(5).alignment == "good"
    assert "stays good, and the Mezepheles has used their ability" in private(said)
    run(game, end_day())
    walk_night(game)
    with pytest.raises(Rejected, match="already used"):
        run(game, heard(6))
    assert game.grim.seat(6).alignment == "good"


def test_poisoned_when_the_word_is_said_but_sober_at_night_still_turns_them():
    game = day_one()
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk"))
    run(game, heard(5), end_day())
    walk_night(game)
    assert game.grim.seat(5).alignment == "evil"


def test_only_once_a_game():
    game = day_one()
    run(game, heard(5), end_day())
    walk_night(game)
    with pytest.raises(Rejected, match="already used"):
        run(game, heard(6))


def test_no_step_on_other_nights_without_a_marked_player():
    game = day_one()
    run(game, end_day())
    assert "mezepheles" not in game.night_order_ids(first=False)


def test_a_dead_mezepheles_turns_nobody():
    game = day_one()
    run(game, heard(5), ("die", {"seat": 2}), end_day())
    walk_night(game)
    assert game.grim.seat(5).alignment == "good"
