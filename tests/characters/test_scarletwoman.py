"""The Scarlet Woman: if 5 or more players are alive (Travellers not counted) when the
Demon dies, she becomes the Demon; she is told privately, and shown it that night."""
from engine_helpers import choose, new_game, run, skip_to
from tb_steps import execute, private, public, walk_night

SETUP = "imp,scarletwoman,empath,monk,poisoner,chef,soldier"   # SW seat 2, Poisoner 5


def day_one(setup=SETUP, travellers=0, poison=7):
    game = new_game(setup, travellers=travellers)
    walk_night(game, {"poisoner": poison, "thief": 3, "bureaucrat": 3})
    return game


def test_she_becomes_the_demon_when_the_demon_is_executed():
    game = day_one()
    said = run(game, execute(1))
    sw = game.grim.seat(2)
    assert game.winner is None
    assert sw.character == "imp" and sw.alignment == "evil"
    assert "Scarlet Woman: Is The Demon" in sw.reminders
    assert "The Scarlet Woman, seat 2, Ben, becomes the Imp." in private(said)
    assert "Scarlet Woman" not in public(said)
    assert "Good wins" not in public(said)


def test_she_is_shown_the_demon_token_that_night_then_kills_as_the_imp():
    game = day_one()
    run(game, execute(1))
    skip_to(game, "poisoner")
    run(game, choose(3))
    skip_to(game, "monk")
    said = run(game, choose(3))
    said += skip_to(game, "scarletwoman")
    assert "Wake the Scarlet Woman, seat 2, Ben." in private(said)
    assert "Show them the You Are token, then the Imp token." in game.wait.prompt
    said = skip_to(game, "imp")
    said += run(game, choose(6))
    assert "Seat 6, Fay dies." in private(said)
    assert "scarletwoman" not in game.abilities(game.grim.seat(2))
    walk_night(game)
    assert not game.grim.seat(6).alive
    assert "scarletwoman" not in game.night_order_ids(first=False)


def test_with_exactly_five_alive_counting_the_demon_she_still_takes_over():
    game = day_one()
    run(game, ("die", {"seat": 6}), ("die", {"seat": 7}))
    assert len(game.grim.living_non_travellers()) == 5
    run(game, execute(1))
    assert game.winner is None and game.grim.seat(2).character == "imp"


def test_with_four_alive_good_wins():
    game = day_one()
    run(game, ("die", {"seat": 5}), ("die", {"seat": 6}), ("die", {"seat": 7}))
    said = run(game, execute(1))
    assert game.winner.winner == "good"
    assert game.grim.seat(2).character == "scarletwoman"
    assert "Good wins." in public(said)


def test_travellers_do_not_count_towards_the_five():
    game = day_one("imp,scarletwoman,empath,monk,poisoner,chef,soldier,thief,bureaucrat",
                   travellers=2)
    run(game, ("die", {"seat": 6}), ("die", {"seat": 7}), ("die", {"seat": 5}))
    assert len(game.grim.living) == 6
    run(game, execute(1))
    assert game.winner.winner == "good"


def test_a_poisoned_scarlet_woman_does_not_take_over():
    game = day_one(poison=2)
    run(game, execute(1))
    assert game.winner.winner == "good"


def test_a_dead_scarlet_woman_does_not_take_over():
    game = day_one()
    run(game, ("die", {"seat": 2}), execute(1))
    assert game.winner.winner == "good"


def test_the_imp_star_pass_goes_to_her_first():
    setup = "imp,scarletwoman,empath,monk,poisoner,chef,soldier,baron,saint,recluse"
    for seed in range(1, 6):
        game = new_game(setup, seed=seed)
        walk_night(game, {"poisoner": 7})
        run(game, ("end_day", {}))
        walk_night(game, {"poisoner": 7, "monk": 3}, until="imp")
        said = run(game, choose(1))
        assert game.grim.seat(2).character == "imp"
        assert game.grim.seat(8).character == "baron"
        assert "The Scarlet Woman, seat 2, Ben, becomes the Imp. Wake them now" in private(said)
        assert "Proposed:" not in private(said)
        walk_night(game)
        assert game.winner is None
        assert "scarletwoman" not in game.night_order_ids(first=False)


def test_she_is_never_woken_while_only_a_minion():
    game = day_one()
    assert "scarletwoman" not in game.night_order_ids(first=False)
    assert "scarletwoman" not in game.night_order_ids(first=True)
