"""The Spy: each night sees the Grimoire (the narrator may read it out privately); might
register as good, and as a Townsfolk or Outsider, even if dead."""
from engine_helpers import choose, new_game, run, skip_to
from statemachine.waits import YesNo
from tb_steps import execute, private, walk_night

SETUP = "imp,spy,empath,monk,poisoner,drunk,soldier"   # Spy seat 2, Drunk seat 6


def test_the_spy_wakes_on_the_first_night_and_every_other_night():
    game = new_game(SETUP)
    assert "spy" in game.night_order_ids(first=True)
    assert "spy" in game.night_order_ids(first=False)
    order = game.night_order_ids(first=False)
    assert order.index("spy") > order.index("imp")      # sees the Grimoire after the kill


def test_the_spy_is_shown_the_grimoire_and_may_hear_it_read_out():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    run(game, choose(3))
    skip_to(game, "spy")
    assert isinstance(game.wait, YesNo)
    assert "Show the Spy the Grimoire" in game.wait.prompt
    said = run(game, "yes")
    lines = private(said)
    assert "Seat 1, Ann: the Imp, evil, alive." in lines
    assert "Seat 3, Cat: the Empath, good, alive; poisoned." in lines
    assert "Seat 6, Fay: the Drunk (thinks they are the" in lines
    assert "Say next when the Spy has seen the Grimoire." in lines
    said = run(game, "next")
    assert "Put the Spy to sleep." in private(said)


def test_the_grimoire_is_not_read_out_unless_asked():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    run(game, choose(3))
    skip_to(game, "spy")
    said = run(game, "no")
    assert "Seat 1, Ann: the Imp" not in private(said)


def test_the_spy_registers_as_good_townsfolk_or_outsider():
    game = new_game(SETUP)
    assert game.misregisters(game.grim.seat(2)) == {"good", "townsfolk", "outsider"}
    skip_to(game, "poisoner")
    run(game, choose(7))
    skip_to(game, "empath")
    # Only what can change the Empath's count is named: good.
    assert "Seat 2, Ben is the Spy and may register as good: if so" in game.wait.prompt
    assert game.wait.truth == 1


def test_a_dead_spy_still_registers_but_no_longer_wakes():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, execute(2))
    assert game.misregisters(game.grim.seat(2)) == {"good", "townsfolk", "outsider"}
    assert "spy" not in game.night_order_ids(first=False)


def test_a_poisoned_spy_registers_truly():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    run(game, choose(2))
    assert game.misregisters(game.grim.seat(2)) == frozenset()
    said = skip_to(game, "spy")
    assert "Wake the Spy, seat 2, Ben. They are poisoned." in private(said)
