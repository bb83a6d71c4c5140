"""The Wraith: you may choose to open your eyes at night. You wake when other evil players
do."""
from almanac_steps import almanac, end_day, private, walk_night
from engine_helpers import run
from statemachine.model import Effect

SETUP = "alhadikhia,wraith,noble,oracle,fisherman,savant,pixie"


def first_night():
    game = almanac(SETUP, start=False)
    game.start()
    return game, run(game, "next") + walk_night(game)


def test_the_wraith_is_reminded_each_night_that_they_may_open_their_eyes():
    game, said = first_night()
    assert ("The Wraith, seat 2, Ben, opens their eyes on their own, whenever they like "
            "tonight.") in private(said)
    said = run(game, end_day()) + walk_night(game)
    assert "opens their eyes on their own, whenever they like tonight" in private(said)


def test_the_wraith_wakes_when_other_evil_players_wake():
    game, said = first_night()
    assert "Demon info. Wake the Demon: seat 1, Ann. Wake the Wraith, seat 2, Ben, too" in \
        private(said)
    said = run(game, end_day()) + walk_night(game, until="alhadikhia")
    assert "Wake the Al-Hadikhia, seat 1, Ann.\nWake the Wraith, seat 2, Ben, too" in \
        private(said)


def test_not_when_good_players_wake():
    game, said = first_night()
    lines = private(said).split("\n")
    n = lines.index("Wake the Noble, seat 3, Cat.")
    assert "Wraith" not in lines[n + 1]


def test_a_poisoned_wraith_is_told_they_may_not_open_their_eyes_and_is_not_woken():
    game, _ = first_night()
    game.grim.seat(2).add_effect(Effect("poisoned", until="dawn"))
    said = run(game, end_day()) + walk_night(game)
    assert "tell them privately that they may not open their eyes tonight" in private(said)
    assert "Wake the Wraith, seat 2, Ben, too" not in private(said)


def test_a_dead_wraith_may_not_open_their_eyes():
    game, _ = first_night()
    run(game, ("die", {"seat": 2}))
    said = run(game, end_day()) + walk_night(game)
    assert "Wraith" not in private(said)


def test_the_wraith_is_not_woken_and_opens_their_eyes_on_their_own():
    game, said = first_night()
    lines = [s.text for s in said]
    n = next(n for n, t in enumerate(lines) if t == "The Wraith, seat 2, Ben: do not wake them.")
    assert "may open their eyes" not in lines[n + 1]        # not an instruction to wake them
    assert "opens their eyes on their own" in lines[n + 1]
