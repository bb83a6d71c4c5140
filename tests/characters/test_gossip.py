"""Gossip: each day may make a public statement; the Storyteller says whether it was true.
That night, if it was, the Storyteller chooses a player who dies (the Gossip is not woken).
What counts is the Gossip's state at night: drunk by day but sober at night still kills;
killed by the Demon first, or drunk or poisoned at night, nobody dies for it."""
import pytest

from bmr_steps import bmr, choose, private, public, run, walk
from statemachine.errors import Rejected
from statemachine.model import Effect

# seats: 1 imp, 2 gossip, 3 baron, 4 chef, 5 recluse, 6 empath, 7 soldier
SETUP = "imp,gossip,baron,chef,recluse,empath,soldier"


def day_one():
    g = bmr(SETUP)
    walk(g)
    return g


def test_a_true_statement_kills_a_player_that_night_without_waking_the_gossip():
    g = day_one()
    said = run(g, "gossip_true")
    assert "The Gossip's statement is true: tonight, a player dies." in private(said)
    said = run(g, "end_day")
    said += walk(g, "gossip", imp=[7])
    assert "The Gossip, seat 2, Ben: do not wake them." in private(said)
    assert "choose a player to die" in g.wait.prompt
    said = run(g, choose(4))
    assert "Seat 4, Dan dies." in private(said)
    said += walk(g)
    assert "Seat 4, Dan died in the night." in public(said)
    assert "Gossip" not in public(said)


def test_a_false_statement_kills_nobody():
    # The almanac: the Demon is not wearing a hat, so nobody dies for the Gossip.
    g = day_one()
    run(g, "gossip_false")
    run(g, "end_day")
    assert "gossip" not in g.night_order_ids(first=False)


def test_the_last_word_counts():
    g = day_one()
    run(g, "gossip_true", "gossip_false")
    run(g, "end_day")
    assert "gossip" not in g.night_order_ids(first=False)


def test_drunk_by_day_but_sober_at_night_still_kills():
    g = day_one()
    g.grim.seat(2).add_effect(Effect("drunk", until="dusk"))
    run(g, "gossip_true", "end_day")
    assert not g.impaired(g.grim.seat(2))
    walk(g, "gossip", imp=[7])
    run(g, choose(6))
    assert not g.grim.seat(6).alive


def test_killed_by_the_demon_first_nobody_dies_for_it():
    g = day_one()
    run(g, "gossip_true", "end_day")
    said = walk(g, imp=[2])
    assert not g.grim.seat(2).alive
    assert "choose a player to die" not in private(said)
    assert [p.seat for p in g.grim.players if not p.alive] == [2]


def test_poisoned_at_night_nobody_dies_for_it():
    g = day_one()
    run(g, "gossip_true", "end_day")
    g.grim.seat(2).add_effect(Effect("poisoned", until="dawn"))
    said = walk(g, imp=[7])
    assert "but the Gossip is poisoned: nobody dies for it" in private(said)
    assert all(p.alive for p in g.grim.players)


def test_only_the_night_after_the_statement():
    g = day_one()
    run(g, "gossip_true", "end_day")
    walk(g, gossip=[4], imp=[7])
    run(g, "end_day")
    assert "gossip" not in g.night_order_ids(first=False)


def test_not_by_night_and_not_when_dead():
    g = bmr(SETUP)
    with pytest.raises(Rejected, match="during the day"):
        run(g, "gossip_true")
    walk(g)
    run(g, ("die", {"seat": 2}))
    with pytest.raises(Rejected, match="dead"):
        run(g, "gossip_true")
