"""The Xaan: on night X, all Townsfolk are poisoned until dusk. [X Outsiders]"""
import random

from almanac_steps import almanac, end_day, private, walk_night
from characters.scripts import load_script, registry_for
from engine_helpers import run
from statemachine.bag.draw import base_counts, draw_bag

TWO_OUTSIDERS = "alhadikhia,xaan,noble,oracle,fisherman,butler,recluse"   # X = 2
ONE_OUTSIDER = "alhadikhia,xaan,noble,oracle,fisherman,savant,butler"     # X = 1
TOWNSFOLK = (3, 4, 5)


def poisoned(game, seats):
    return [bool(game.impairment(game.grim.seat(s))) for s in seats]


def test_x_is_the_number_of_outsiders_at_setup():
    game = almanac(TWO_OUTSIDERS)
    assert game.grim.setup_outsiders == 2
    assert "X is 2" in private(game.start())


def test_the_setup_fixes_the_outsider_count_and_overrides_other_modifiers():
    registry = registry_for(load_script("Seed Almanac"))
    xaan, baron = registry.get("xaan"), registry.get("baron")
    counts = base_counts(7)               # 5 Townsfolk, 0 Outsiders
    xaan.adjust_counts(counts)
    assert counts.outsider == 1 and counts.townsfolk == 4      # proposed X: at least one
    baron.adjust_counts(counts)
    assert counts.outsider == 1                                 # the Baron's +2 is overridden
    counts = base_counts(9)               # 2 Outsiders normally
    xaan.adjust_counts(counts)
    assert counts.outsider == 2
    script = [registry.get(i) for i in load_script("Seed Almanac").ids]
    minions = [c for c in script if c.team != "minion" or c.id == "xaan"]  # the Xaan drawn
    for seed in range(5):
        bag = draw_bag(minions, 7, random.Random(seed))
        assert "xaan" in bag
        assert sum(registry.get(i).team == "outsider" for i in bag) == 1


def test_townsfolk_are_poisoned_on_night_x_only_through_the_next_day():
    game = almanac(TWO_OUTSIDERS)
    walk_night(game)
    assert poisoned(game, TOWNSFOLK) == [False] * 3              # night 1 is not night 2
    said = run(game, end_day())
    said += walk_night(game)
    assert "It is night X" in private(said)
    assert poisoned(game, TOWNSFOLK) == [True] * 3               # tonight and tomorrow day
    assert poisoned(game, (6, 7)) == [False, False]              # only Townsfolk
    run(game, end_day())                                         # dusk ends it
    assert poisoned(game, TOWNSFOLK) == [False] * 3
    walk_night(game)
    assert poisoned(game, TOWNSFOLK) == [False] * 3


def test_one_outsider_poisons_on_the_first_night():
    game = almanac(ONE_OUTSIDER)
    assert "xaan" in game.night_order_ids(first=True)
    said = walk_night(game, until="noble")
    assert "It is night X" in private(said)
    assert poisoned(game, TOWNSFOLK) == [True] * 3      # the Noble's information may be false
    walk_night(game)
    assert poisoned(game, TOWNSFOLK) == [True] * 3


def test_the_night_stays_the_setup_count_even_if_outsiders_change():
    game = almanac(ONE_OUTSIDER)
    walk_night(game)
    run(game, end_day())
    walk_night(game)
    run(game, ("become", {"seat": 6, "character": "recluse"}))   # now two Outsiders
    said = run(game, end_day())
    said += walk_night(game)
    assert "night X" not in private(said)
    assert poisoned(game, TOWNSFOLK) == [False] * 3


def test_a_dead_xaan_poisons_nobody():
    game = almanac(TWO_OUTSIDERS)
    walk_night(game)
    run(game, ("die", {"seat": 2}), end_day())
    walk_night(game)
    assert poisoned(game, TOWNSFOLK) == [False] * 3


def test_a_poisoned_xaan_poisons_nobody():
    from statemachine.model import Effect
    game = almanac(TWO_OUTSIDERS)
    walk_night(game)
    game.grim.seat(2).add_effect(Effect("poisoned", until="dawn"))
    said = run(game, end_day())
    said += walk_night(game)
    assert "nobody is poisoned" in private(said)
    assert poisoned(game, TOWNSFOLK) == [False] * 3


def test_the_poison_ends_if_the_xaan_dies_during_the_day():
    game = almanac(TWO_OUTSIDERS)
    walk_night(game)
    run(game, end_day())
    walk_night(game)
    run(game, ("die", {"seat": 2}))
    assert poisoned(game, TOWNSFOLK) == [False] * 3
