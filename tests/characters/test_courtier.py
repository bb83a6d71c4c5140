"""Courtier: once per game, at night, the Courtier chooses a character: that player is drunk
for three nights and three days. Used while drunk or poisoned, or on a character not in play,
nothing happens and the ability is gone."""
from engine_helpers import execute, new_game, private, public, run
from tf_steps import to_day, until, woken

# seats: 1 imp, 2 courtier, 3 poisoner, 4 chef, 5 empath, 6 scarlet woman, 7 saint
SETUP = "imp,courtier,poisoner,chef,empath,scarletwoman,saint"
BMR = "Bad Moon Rising"


def choose_character(game, cid):
    return run(game, ("character", {"character": cid}))


def nights(game, n, imp=5, poisoner=4):
    """End the day and play n nights, the Imp attacking ``imp`` (if alive) each night."""
    for _ in range(n):
        run(game, "end_day")
        to_day(game, {"poisoner": poisoner, "imp": imp})


def test_the_courtier_may_wait_then_chooses_on_a_later_night_and_never_wakes_again():
    game = new_game(SETUP, script=BMR)
    until(game, "courtier", {"poisoner": 4})
    said = run(game, "next")
    assert "The Courtier waits." in private(said) and "courtier" not in game.grim.seat(2).spent
    to_day(game, {"poisoner": 4})
    run(game, "end_day")
    until(game, "courtier", {"poisoner": 4})
    choose_character(game, "chef")
    to_day(game, {"poisoner": 4, "imp": 7})
    run(game, "end_day")
    assert not woken(game, "courtier", {"poisoner": 4, "imp": 7})


def test_the_chosen_demon_is_drunk_for_three_nights_and_three_days():
    game = new_game(SETUP, script=BMR)
    until(game, "courtier", {"poisoner": 4})
    said = choose_character(game, "imp")
    assert ("The Courtier chose the Imp. Seat 1, Ann is drunk until dusk on day 3: three "
            "nights and three days.") in private(said)
    to_day(game, {"poisoner": 4})
    imp = game.grim.seat(1)
    assert game.impairment(imp) == "drunk"                       # day 1
    nights(game, 2)                                              # nights 2 and 3
    assert game.grim.seat(5).alive and game.impairment(imp) == "drunk"    # day 3
    nights(game, 1)                                              # night 4: sober again
    assert game.impairment(imp) is None and not game.grim.seat(5).alive


def test_a_poisoned_courtier_makes_nobody_drunk_and_loses_the_ability():
    game = new_game(SETUP, script=BMR)
    until(game, "courtier", {"poisoner": 2})
    said = choose_character(game, "imp")
    assert "The Courtier is poisoned: nobody is drunk, and the ability is used up." in private(said)
    assert game.impairment(game.grim.seat(1)) is None
    assert "Courtier: No Ability" in game.grim.seat(2).reminders


def test_a_character_not_in_play_uses_the_ability_up_for_nothing():
    game = new_game(SETUP, script=BMR)
    until(game, "courtier", {"poisoner": 4})
    said = choose_character(game, "pukka")
    assert "not in play: nobody is drunk" in private(said)
    assert not any(game.impaired(p) for p in game.grim.players if p.seat != 4)
    assert "courtier" in game.grim.seat(2).spent


def test_a_drunk_minion_cannot_save_the_evil_team():
    game = new_game(SETUP, script=BMR)
    until(game, "courtier", {"poisoner": 4})
    choose_character(game, "scarletwoman")
    to_day(game, {"poisoner": 4})
    said = run(game, execute(1))
    assert game.winner and game.winner.winner == "good", public(said)


def test_the_drunkenness_ends_when_the_courtier_dies():
    game = new_game(SETUP, script=BMR)
    until(game, "courtier", {"poisoner": 4})
    choose_character(game, "imp")
    to_day(game, {"poisoner": 4})
    run(game, execute(2))
    assert game.impairment(game.grim.seat(1)) is None
