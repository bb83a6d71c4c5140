"""Minstrel: a Minion dying by execution makes everyone else (not Travellers) drunk until
dusk tomorrow."""
from engine_helpers import new_game, run, text
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Once Upon a Baron"
CHARS = "minstrel,imp,baron,empath,oracle,alsaahir,banshee,steward,gunslinger"


def day_one():
    g = new_game(CHARS, script=SCRIPT, travellers=1)
    walk(g)
    return g


def test_executed_minion_makes_everyone_else_drunk_until_dusk_tomorrow():
    g = day_one()
    said = run(g, ("execute", {"seat": 3}))
    assert "every other player" in text(said)
    drunk = [p.seat for p in g.grim.players if g.impaired(p)]
    assert drunk == [2, 3, 4, 5, 6, 7, 8]        # not the Minstrel, not the Traveller
    walk(g, imp=[4])                             # night 2: still drunk, so nobody dies
    assert g.grim.seat(4).alive
    assert g.impaired(g.grim.seat(5))            # all day 2
    run(g, "end_day")
    assert not g.impaired(g.grim.seat(5))        # gone at dusk tomorrow


def test_no_effect_for_a_dead_minion_executed_or_a_minion_dying_otherwise():
    g = day_one()
    run(g, ("die", {"seat": 3}))
    assert not g.impaired(g.grim.seat(4))
    run(g, ("execute", {"seat": 3}))
    assert not any(g.impaired(p) for p in g.grim.players)


def test_executed_good_player_changes_nothing():
    g = day_one()
    run(g, ("execute", {"seat": 4}))
    assert not any(g.impaired(p) for p in g.grim.players)


def test_drunk_minstrel_does_not_trigger():
    g = day_one()
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk"))
    said = run(g, ("execute", {"seat": 3}))
    assert "nothing happens" in text(said)
    assert not g.impaired(g.grim.seat(4))
