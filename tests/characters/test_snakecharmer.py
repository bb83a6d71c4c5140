"""Snake Charmer: each night chooses an alive player; a chosen Demon swaps characters and
alignments with them and is then poisoned; both are told privately. The almanac's rulings,
in our words."""
import pytest

from engine_helpers import choose, execute, new_game, run
from statemachine.errors import Rejected
from tf_steps import private, to_day, until

SNV = "Sects & Violets"
# seats: 1 vortox, 2 snake charmer, 3 poisoner, 4 oracle, 5 chef, 6 savant, 7 sweetheart
SETUP = "vortox,snakecharmer,poisoner,oracle,chef,savant,sweetheart"


def game(setup=SETUP):
    return new_game(setup, script=SNV)


def picks(charmer, poison=7):
    return {"snakecharmer": charmer, "poisoner": poison}


def test_choosing_a_player_who_is_not_the_demon_does_nothing():
    g = game()
    until(g, "snakecharmer", picks(4))
    said = run(g, choose(4))
    assert "Seat 4, Dan is not the Demon: nothing happens." in private(said)
    assert g.grim.seat(2).character == "snakecharmer" and g.grim.seat(4).character == "oracle"


def test_the_snake_charmer_must_choose_an_alive_player():
    g = game()
    run(g, ("die", {"seat": 4}))
    until(g, "snakecharmer", picks(4))
    with pytest.raises(Rejected, match="is dead"):
        run(g, choose(4))


def test_choosing_the_demon_swaps_characters_and_alignments_and_poisons_the_old_demon():
    g = game()
    until(g, "snakecharmer", picks(1))
    said = run(g, choose(1))
    charmer, demon = g.grim.seat(2), g.grim.seat(1)
    assert charmer.character == "vortox" and charmer.alignment == "evil"
    assert demon.character == "snakecharmer" and demon.alignment == "good"
    assert g.impairment(demon, "snakecharmer") == "poisoned"
    # the new Demon learns first, privately: evil, and which Demon
    assert ("Seat 2, Ben is now the evil Vortox. Show them the You Are token and a thumbs "
            "down, then the You Are token and the Vortox token.") in private(said)
    said = run(g, "next")
    assert "Put the Snake Charmer to sleep." in private(said)
    assert ("Wake seat 1, Ann, now the good Snake Charmer, poisoned for the rest of the game. "
            "Show them the You Are token and a thumbs up") in private(said)
    assert not any(s.channel == "public" for s in said)


def test_the_new_snake_charmer_stays_poisoned_and_cannot_charm_back():
    g = game()
    until(g, "snakecharmer", picks(1))
    run(g, choose(1), "next", "next")
    to_day(g, picks(4))
    run(g, execute(6))                                   # the Vortox wants an execution
    until(g, "snakecharmer", picks(2))
    said = run(g, choose(2))                             # the old Demon chooses the new one
    assert "The Snake Charmer is poisoned: seat 2, Ben is the Demon, but nothing happens." \
        in private(said)
    assert g.grim.seat(2).character == "vortox"
    assert g.impairment(g.grim.seat(1), "snakecharmer") == "poisoned"


def test_on_another_night_the_new_demon_kills_and_the_old_one_does_not_charm_again():
    # seat 1 charms the Vortox in seat 3: seat 3, now the Snake Charmer, would come later in
    # the same place of the night order, but does not choose again tonight.
    g = game("snakecharmer,poisoner,vortox,oracle,chef,savant,sweetheart")
    to_day(g, {"snakecharmer": 4, "poisoner": 7})
    run(g, execute(6))
    until(g, "snakecharmer", {"poisoner": 7})
    said = run(g, choose(3), "next", "next")
    said += until(g, "vortox", {"poisoner": 7})
    assert "Wake the Snake Charmer, seat 3" not in private(said)
    assert g.current.seat == 1                           # the new Vortox kills tonight
    assert "Wake the Vortox, seat 1, Ann." in private(said)


def test_a_philosopher_with_the_ability_makes_the_demon_a_poisoned_philosopher():
    g = game("vortox,philosopher,poisoner,oracle,chef,savant,sweetheart")
    until(g, "philosopher", picks(4))
    run(g, ("character", {"character": "snakecharmer"}))
    until(g, "snakecharmer", picks(1))
    run(g, choose(1))
    philosopher, demon = g.grim.seat(1), g.grim.seat(2)
    assert demon.character == "vortox" and demon.alignment == "evil"
    assert philosopher.character == "philosopher" and philosopher.alignment == "good"
    assert g.impaired(philosopher, "snakecharmer")


def test_a_drunk_snake_charmer_changes_nothing():
    g = new_game("vortox,drunk,poisoner,oracle,chef,savant,sweetheart", script=SNV,
                 start=False)
    g.handle("drunk_believes", {"character": "snakecharmer"})
    g.handle("next")
    until(g, "snakecharmer", picks(1))
    said = run(g, choose(1))
    assert "is drunk" in private(said) and g.grim.seat(1).character == "vortox"


def test_the_status_after_the_swap_names_the_step_and_what_the_seat_is_now():
    g = game()
    until(g, "snakecharmer", picks(1))
    assert g.status_line().startswith("The first night: the Snake Charmer, seat 2.")
    run(g, choose(1))
    assert g.grim.seat(2).character == "vortox" and g.wait is not None
    assert g.status_line().startswith("The first night: the Snake Charmer's step, seat 2, now the Vortox.")


def test_a_drunk_step_is_named_as_the_character_the_drunk_thinks_they_are():
    g = new_game("imp,empath,poisoner,chef,drunk,monk,soldier", seed=2)
    g.grim.seat(5).believes = "fortuneteller"
    until(g, "fortuneteller", {"poisoner": 2})
    assert g.current.seat == 5
    assert "now the" not in g.status_line() and "the Fortune Teller, seat 5" in g.status_line()
