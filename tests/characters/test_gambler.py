"""Gambler: each night except the first, the Gambler chooses a player and guesses their
character; a wrong guess kills them (not while drunk or poisoned)."""
from engine_helpers import choose, new_game, private, public, run
from statemachine.waits import ChooseCharacter
from tf_steps import to_day, until, woken

# seats: 1 imp, 2 gambler, 3 poisoner, 4 monk, 5 chef, 6 recluse
SETUP = "imp,gambler,poisoner,monk,chef,recluse"
BMR = "Bad Moon Rising"


def gambling(poisoned=5, monk=5, setup=SETUP, drunk_as=None):
    game = new_game(setup, script=BMR, start=False)
    if drunk_as:
        run(game, ("drunk_believes", {"character": drunk_as}))
    run(game, "next")
    to_day(game, {"poisoner": 5})
    run(game, "end_day")
    until(game, "gambler", {"poisoner": poisoned, "monk": monk})
    return game


def guess(game, seat, cid):
    return run(game, choose(seat), ("character", {"character": cid}))


def test_the_gambler_does_not_wake_the_first_night():
    game = new_game(SETUP, script=BMR)
    assert not woken(game, "gambler", {"poisoner": 5})


def test_a_right_guess_and_the_gambler_lives():
    game = gambling()
    said = guess(game, 5, "chef")
    assert "The Gambler guesses the Chef for seat 5, Eve: right. The Gambler lives." in private(said)
    to_day(game, {"imp": 4, "monk": 5})
    assert game.grim.seat(2).alive


def test_a_wrong_guess_kills_the_gambler_by_dawn():
    game = gambling()
    said = guess(game, 5, "empath")
    assert "wrong." in private(said) and "Seat 2, Ben dies." in private(said)
    assert not game.grim.seat(2).alive
    said = to_day(game, {"imp": 4, "monk": 5})
    assert "Seat 2, Ben and seat 4, Dan died in the night." in public(said)


def test_the_monks_protection_is_from_the_demon_only():
    game = gambling(monk=2)
    guess(game, 1, "chef")
    assert not game.grim.seat(2).alive


def test_a_poisoned_gambler_does_not_die_of_a_wrong_guess():
    game = gambling(poisoned=2)
    said = guess(game, 5, "empath")
    assert "the Gambler is poisoned and does not die" in private(said)
    assert game.grim.seat(2).alive


def test_the_drunks_character_is_the_drunk_not_what_they_think():
    setup = "imp,gambler,poisoner,monk,drunk,recluse"
    game = gambling(setup=setup, drunk_as="chef")
    guess(game, 5, "chef")
    assert not game.grim.seat(2).alive
    game = gambling(setup=setup, drunk_as="chef")
    guess(game, 5, "drunk")
    assert game.grim.seat(2).alive


def test_a_player_who_may_register_otherwise_is_the_storytellers_call():
    game = gambling()
    said = guess(game, 6, "imp")
    assert "may register as another character" in private(said)
    run(game, "yes")
    assert game.grim.seat(2).alive
    game = gambling()
    guess(game, 6, "imp")
    run(game, "no")
    assert not game.grim.seat(2).alive


def test_no_guess_risks_nothing():
    game = gambling()
    said = run(game, choose(5))
    assert isinstance(game.wait, ChooseCharacter) and "Say the character" in private(said)
    said = run(game, "next")
    assert "The Gambler guesses nothing: nothing happens." in private(said)
    assert game.grim.seat(2).alive
