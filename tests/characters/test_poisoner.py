"""The Poisoner: each night chooses a player, poisoned tonight and tomorrow day; the poison
ends at dusk, when the Poisoner chooses again, or when the Poisoner dies."""
from engine_helpers import choose, new_game, run, skip_to
from tb_steps import execute, private, walk_night

SETUP = "imp,poisoner,empath,monk,soldier,chef,saint"   # Poisoner 2, Empath 3


def test_the_poisoner_acts_before_the_information_roles_on_both_nights():
    first = new_game(SETUP).night_order_ids(first=True)
    assert first.index("poisoner") < first.index("empath")
    other = new_game(SETUP).night_order_ids(first=False)
    assert other.index("poisoner") < other.index("monk") < other.index("imp")


def test_a_poisoned_empath_gets_a_false_proposal_tonight():
    game = new_game(SETUP)
    skip_to(game, "poisoner")
    said = run(game, choose(3, actor="poisoner"))
    assert "Seat 3, Cat is poisoned tonight and tomorrow." in private(said)
    said += skip_to(game, "empath")
    assert "Wake the Empath, seat 3, Cat. They are poisoned." in private(said)
    w = game.wait
    assert "They are poisoned, so you may give anything." in w.prompt
    assert w.proposal != w.truth


def test_the_poison_lasts_through_tomorrow_day_and_ends_at_dusk():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 3})
    cat = game.grim.seat(3)
    assert game.phase.state == "day" and game.impairment(cat) == "poisoned"
    run(game, ("end_day", {}))
    assert game.impairment(cat) is None


def test_a_poisoned_monk_protects_nobody():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, ("end_day", {}))
    walk_night(game, {"poisoner": 4, "monk": 3}, until="imp")
    run(game, choose(3))
    assert not game.grim.seat(3).alive


def test_the_poison_ends_when_the_poisoner_dies():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 3})
    assert game.impaired(game.grim.seat(3))
    run(game, execute(2))
    assert not game.grim.seat(2).alive
    assert not game.impaired(game.grim.seat(3))


def test_a_dead_poisoner_does_not_wake():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 3})
    run(game, execute(2))
    assert "poisoner" not in game.night_order_ids(first=False)
