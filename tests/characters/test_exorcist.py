"""Exorcist: each night but the first, chooses a player, not last night's. A Demon chosen is
woken to learn who the Exorcist is, and their Demon step does not wake them tonight (what
their ability does without waking still happens: the Storyteller's, for a Demon the narrator
does not run). Anyone else chosen, or a drunk or poisoned Exorcist: the Demon acts."""
from pathlib import Path

import pytest

from bmr_steps import bmr, choose, new_game, private, public, run, walk
from statemachine.errors import Rejected
from statemachine.model import Effect

# seats: 1 imp, 2 exorcist, 3 baron, 4 chef, 5 recluse, 6 empath, 7 soldier
SETUP = "imp,exorcist,baron,chef,recluse,empath,soldier"


def night_two(setup=SETUP):
    g = bmr(setup)
    walk(g)
    run(g, "end_day")
    walk(g, "exorcist")
    return g


def test_does_not_wake_the_first_night():
    g = bmr(SETUP)
    assert "exorcist" not in g.night_order_ids(first=True)


def test_the_demon_chosen_learns_the_exorcist_and_does_not_wake():
    g = night_two()
    said = run(g, choose(1))
    assert ("Put the Exorcist to sleep. Wake the Imp, seat 1, Ann. Show them the This "
            "Character Selected You token and the Exorcist token, then point at the "
            "Exorcist, seat 2, Ben.") in private(said)
    said = run(g, "next")
    assert "The Imp, seat 1, Ann, does not wake tonight: the Exorcist chose them." \
        in private(said)
    assert "Wake the Imp" not in private(said)
    said += walk(g)
    assert "Nobody died in the night." in public(said)
    assert "Exorcist" not in public(said)


def test_anyone_else_chosen_the_demon_acts():
    g = night_two()
    said = run(g, choose(4))
    assert "is not the Demon: nothing happens" in private(said)
    walk(g, imp=[4])
    assert not g.grim.seat(4).alive


def test_not_the_same_player_two_nights_running():
    g = night_two()
    run(g, choose(4))
    walk(g, imp=[7])
    run(g, "end_day")
    walk(g, "exorcist")
    before = g.wait
    with pytest.raises(Rejected, match="last night"):
        run(g, choose(4))
    assert g.wait is before
    run(g, choose(6))
    walk(g, imp=[7])
    run(g, "end_day")
    walk(g, "exorcist")
    run(g, choose(4))                   # two nights ago is allowed


def test_a_poisoned_exorcist_does_not_stop_the_demon():
    g = night_two()
    g.grim.seat(2).add_effect(Effect("poisoned", until="dawn"))
    said = run(g, choose(1))
    assert "nothing happens, the Demon acts as usual" in private(said)
    walk(g, imp=[4])
    assert not g.grim.seat(4).alive


def test_the_pukka_kept_asleep_still_kills_last_nights_poisoned_player():
    # The almanac: the Pukka does not wake to choose tonight, but the player it poisoned
    # the night before still dies.
    g = new_game("pukka,exorcist,baron,chef,recluse,empath,soldier", script="Bad Moon Rising")
    walk(g, pukka=[4])
    run(g, "end_day")
    walk(g, "exorcist")
    said = run(g, choose(1), "next")
    said += walk(g)
    assert "The Pukka, seat 1, Ann, does not wake tonight" in private(said)
    assert "The Pukka chooses" not in private(said)
    assert not g.grim.seat(4).alive
    assert "Seat 4, Dan died in the night." in public(said)


def test_a_storyteller_run_demon_kept_asleep_leaves_its_unwoken_effects_to_the_storyteller():
    # the Warden: a homebrew Demon the narrator cannot run
    g = new_game("testwarden,exorcist,godfather,chef,recluse,empath,soldier",
                 script=str(Path(__file__).parents[1] / "games" / "scripts" /
                            "bmr-and-a-homebrew-demon.json"))
    while g.phase.at_night:
        run(g, "next")
    run(g, "end_day")
    walk(g, "exorcist")
    said = run(g, choose(1), "next")
    said += walk(g)
    assert "The Warden, seat 1, Ann, does not wake tonight" in private(said)
    assert "Anything the Warden's ability does tonight without waking them, you do " \
           "yourself." in private(said)
