"""Choirboy: [+the King]; if the Demon kills the King, learns which player is the Demon."""
import random

from characters.scripts import load_script, registry_for
from engine_helpers import new_game, run, text
from statemachine.bag.draw import base_counts, draw_bag
from tf_helpers import walk

SCRIPT = "Seed Almanac"
CHARS = "king,imp,baron,choirboy,sweetheart,oracle,librarian,savant"


def test_setup_requires_the_king_without_changing_counts():
    reg = registry_for(load_script(SCRIPT))
    counts = base_counts(8)
    reg.get("choirboy").adjust_counts(counts)
    assert counts.required == ["king"] and (counts.townsfolk, counts.outsider) == (5, 1)
    reg.get("choirboy").adjust_counts(counts)
    assert counts.required == ["king"]            # never a second King


def test_every_bag_with_the_choirboy_has_the_king():
    script = load_script(SCRIPT)
    reg = registry_for(script)
    chars = [reg.get(i) for i in script.ids]
    seen = 0
    for seed in range(60):
        bag = draw_bag(chars, 9, random.Random(seed))
        if "choirboy" in bag:
            seen += 1
            assert bag.count("king") == 1
    assert seen


def test_demon_kills_the_king_choirboy_learns_the_demon():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, "end_day")
    said = walk(g, "choirboy", imp=[1])
    assert "Wake the Choirboy, seat 4, Dan." in text(said)
    assert g.wait.truth == [2]
    assert "Point to the Demon player" in g.last_private


def test_executed_king_or_a_missed_attack_teaches_nothing():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, ("execute", {"seat": 1}))
    walk(g, imp=[5])
    assert g.phase.state == "day"                 # no Choirboy step
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, "end_day")
    from statemachine.model import Effect
    g.grim.seat(1).add_effect(Effect("protected", until="dawn"))   # the attack fails
    walk(g, imp=[1])
    assert g.phase.state == "day" and g.grim.seat(1).alive


def test_poisoned_choirboy_may_be_shown_another_player():
    from statemachine.model import Effect
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, "end_day")
    g.grim.seat(4).add_effect(Effect("poisoned", until="dawn"))
    walk(g, "choirboy", imp=[1])
    assert g.wait.proposal != [2]
