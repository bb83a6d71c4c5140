"""The Baron: [+2 Outsiders] at setup."""
import random

from characters.scripts import load_script, registry_for
from statemachine.bag.draw import base_counts, check_counts, draw_bag


def test_the_baron_adds_two_outsiders_taken_from_the_townsfolk():
    script = load_script("Trouble Brewing")
    registry = registry_for(script)
    counts = base_counts(7)
    registry.get("baron").adjust_counts(counts)
    assert (counts.townsfolk, counts.outsider) == (3, 2)
    assert registry.get("baron").setup


def test_a_drawn_bag_with_the_baron_has_two_more_outsiders():
    script = load_script("Trouble Brewing")
    registry = registry_for(script)
    units = [registry.get(i) for i in script.ids]
    seen = 0
    for seed in range(60):
        bag = draw_bag(units, 8, random.Random(seed))
        teams = [registry.get(i).team for i in bag]
        if "baron" in bag:
            seen += 1
            assert teams.count("outsider") == 3 and teams.count("townsfolk") == 3
        else:
            assert teams.count("outsider") == 1 and teams.count("townsfolk") == 5
    assert seen > 0


def test_an_explicit_setup_is_checked_against_the_baron_counts():
    script = load_script("Trouble Brewing")
    registry = registry_for(script)
    ok = [registry.get(i) for i in "baron,imp,saint,recluse,chef,empath,monk".split(",")]
    assert check_counts(ok, 7) == []
    short = [registry.get(i) for i in "baron,imp,saint,chef,empath,monk,soldier".split(",")]
    assert check_counts(short, 7) != []
