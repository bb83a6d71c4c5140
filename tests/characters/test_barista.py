"""Barista (Traveller): each night the Storyteller picks a player who, until dusk, is sober,
healthy and truly informed (even in a Vortox game), or whose ability works twice; they are
shown which. The almanac's rulings, in our words."""
from engine_helpers import choose, execute, new_game, run
from statemachine.model import Effect
from tf_steps import info, private, to_day, until

SNV = "Sects & Violets"
# seats: 1 vortox, 2 empath, 3 poisoner, 4 oracle, 5 chef, 6 savant, 7 sweetheart, 8 barista
SETUP = "vortox,empath,poisoner,oracle,chef,savant,sweetheart,barista"


def game():
    return new_game(SETUP, script=SNV, travellers=1)


def barista(g, seat, twice=False, picks=None):
    """Walk to the Barista's step and give their choice; returns what was said."""
    said = until(g, "barista", picks or {"poisoner": 2})
    said += run(g, choose(seat), "yes" if twice else "no")
    return said


def test_the_storyteller_chooses_and_the_chosen_player_is_shown_which():
    g = new_game(SETUP, script=SNV, travellers=1, start=False)
    said = run(g, "next") + barista(g, 2)
    assert "The Barista, seat 8, Hal: do not wake them." in private(said)
    assert ("Wake seat 2, Ben. Show them the This Character Selected You token, the Barista "
            "token, then one finger: they are sober and healthy and their information is true, "
            "until dusk.") in private(said)


def test_sober_healthy_and_true_information_even_poisoned_in_a_vortox_game():
    g = game()
    barista(g, 2)
    run(g, "next")
    until(g, "empath", {"poisoner": 2})                 # the Poisoner poisons the Empath
    assert g.impairment(g.grim.seat(2)) is None
    assert "makes it false" not in info(g).prompt
    assert info(g).proposal == info(g).truth == 2
    assert g.info_rules.true_info(g.grim.seat(2), "empath")


def test_it_lasts_until_dusk():
    g = game()
    barista(g, 2)
    run(g, "next")
    to_day(g, {"poisoner": 2})
    assert g.info_rules.true_info(g.grim.seat(2), "empath")        # still today
    run(g, execute(6))
    assert not g.info_rules.true_info(g.grim.seat(2), "empath")    # the Vortox again, after dusk


def test_an_ability_that_works_twice_acts_twice_tonight():
    g = game()
    said = barista(g, 2, twice=True)
    assert "two fingers: their ability works twice" in private(said)
    run(g, "next")
    until(g, "empath", {"poisoner": 7})
    said = run(g, "next")
    assert ("Wake the Empath, seat 2, Ben. Their ability works twice tonight: this is the "
            "second time.") in private(said)
    assert g.current.ability == "empath" and g.current.repeat == 1


def test_a_demon_whose_ability_works_twice_kills_twice():
    g = game()
    to_day(g, {"poisoner": 7, "barista": 5})
    run(g, execute(6))
    barista(g, 1, twice=True, picks={"poisoner": 7})
    run(g, "next")
    until(g, "vortox", {"poisoner": 7})
    run(g, choose(4))
    assert g.current.ability == "vortox" and g.current.repeat == 1
    run(g, choose(5))
    assert not g.grim.seat(4).alive and not g.grim.seat(5).alive


def test_a_drunk_barista_changes_nothing():
    g = new_game(SETUP, script=SNV, travellers=1, start=False)
    g.grim.seat(8).add_effect(Effect("drunk", until="game", note="Storyteller"))
    g.handle("next")
    said = barista(g, 2)
    assert "The Barista is drunk: nothing changes for seat 2, Ben" in private(said)
    assert not g.info_rules.true_info(g.grim.seat(2), "empath")


def test_a_once_per_game_ability_that_works_twice_may_be_used_twice_tonight():
    g = new_game("vortox,philosopher,poisoner,oracle,chef,savant,sweetheart,barista",
                 script=SNV, travellers=1)
    barista(g, 2, twice=True, picks={"poisoner": 7})
    run(g, "next")
    until(g, "philosopher", {"poisoner": 7})
    run(g, ("character", {"character": "oracle"}))     # the ability is used up...
    assert g.current.ability == "philosopher" and g.current.repeat == 1   # ...and again
    run(g, ("character", {"character": "savant"}))
    assert {"oracle", "savant"} <= set(g.grim.seat(2).extra_abilities)


def test_a_once_per_game_day_ability_that_works_twice_may_be_used_twice_today():
    """Issue 25, item 7: the Barista's "works twice" lasts until dusk, so a Slayer chosen
    shoots twice today; a third shot, or one tomorrow, does nothing."""
    g = new_game("vortox,slayer,poisoner,oracle,chef,savant,sweetheart,barista",
                 script=SNV, travellers=1)
    barista(g, 2, twice=True, picks={"poisoner": 7})
    to_day(g, {"poisoner": 7})
    said = run(g, ("slay", {"seat": 4, "shooter": 2}))
    assert "Nothing happens." in private(said) + " ".join(s.text for s in said)
    said = run(g, ("slay", {"seat": 1, "shooter": 2}))
    assert "Seat 1, Ann dies." in " ".join(s.text for s in said)
    assert g.winner is not None and g.winner.winner == "good"


def test_the_second_use_is_only_while_the_ability_works_twice():
    g = new_game("vortox,slayer,poisoner,oracle,chef,savant,sweetheart,barista",
                 script=SNV, travellers=1)
    barista(g, 3, twice=True, picks={"poisoner": 7})        # the Poisoner, not the Slayer
    to_day(g, {"poisoner": 7})
    run(g, ("slay", {"seat": 4, "shooter": 2}))
    said = run(g, ("slay", {"seat": 1, "shooter": 2}))
    assert "The Slayer has no ability left." in private(said)
    assert g.grim.seat(1).alive


def test_its_alignment_is_the_storytellers_choice_at_setup_as_every_travellers():
    """A Traveller of any script is offered its alignment, not only the Trouble Brewing ones
    (the Barista beside the Deviant once went unmentioned)."""
    lines = " ".join(new_game(SETUP, script=SNV, travellers=1, start=False).setup_lines())
    assert ("Seat 8, Hal is the Barista, a Traveller, good. Say 'seat 8 is evil' or 'good' to "
            "choose their alignment") in lines
