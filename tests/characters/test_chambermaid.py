"""Chambermaid: each night chooses two alive players other than themself and learns how
many of them woke tonight for their own ability (drunk or poisoned or not). Waking for the
Minion or Demon info, by another's ability, or on an earlier night does not count, nor does
an ability used without waking (the Gossip); a Demon the Exorcist kept asleep did not wake.
A player whose step is still to come tonight (after the Chambermaid) counts too."""
import pytest

from bmr_steps import bmr, choose, private, run, walk
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_steps import info

# seats: 1 imp, 2 chambermaid, 3 baron, 4 empath, 5 gossip, 6 exorcist, 7 innkeeper,
# 8 grandmother, 9 professor
SETUP = "imp,chambermaid,baron,empath,gossip,exorcist,innkeeper,grandmother,professor"


def first_night():
    g = bmr(SETUP)
    walk(g, "chambermaid")
    return g


def night_two(**picks):
    g = bmr(SETUP)
    walk(g, chambermaid=[4, 8])
    run(g, "end_day")
    walk(g, "chambermaid", **picks)
    return g


def test_wakes_every_night():
    g = bmr(SETUP)
    assert "chambermaid" in g.night_order_ids(first=True)
    assert "chambermaid" in g.night_order_ids(first=False)


def test_chooses_two_alive_players_not_themself():
    g = first_night()
    with pytest.raises(Rejected, match="other than themself"):
        run(g, choose(2, 4))
    run(g, ("die", {"seat": 5}))
    with pytest.raises(Rejected, match="dead"):
        run(g, choose(4, 5))


def test_the_first_night_counts_abilities_not_the_evil_info():
    g = first_night()
    said = run(g, choose(4, 8))              # the Empath and the Grandmother woke
    assert info(g).truth == 2
    assert "woke tonight for their ability" in private(said)
    g = first_night()
    run(g, choose(1, 3))                     # the Demon and Minion info only
    assert info(g).truth == 0
    g = first_night()
    run(g, choose(6, 7))                     # their abilities start on night 2
    assert info(g).truth == 0


def test_the_exorcist_and_innkeeper_woke():
    g = night_two(innkeeper=[4, 8], exorcist=[3], imp=[9])
    run(g, choose(6, 7))
    assert info(g).truth == 2


def test_a_demon_kept_asleep_by_the_exorcist_did_not_wake():
    g = night_two(innkeeper=[4, 8], exorcist=[1])
    run(g, choose(1, 3))
    assert info(g).truth == 0


def test_woke_on_an_earlier_night_does_not_count_and_the_demon_does():
    g = night_two(innkeeper=[4, 7], exorcist=[3], imp=[9])
    run(g, choose(8, 1))                     # the Grandmother woke only on night 1
    assert info(g).truth == 1


def test_the_gossip_acts_without_waking():
    g = bmr(SETUP)
    walk(g, chambermaid=[4, 8])
    run(g, "gossip_true", "end_day")
    walk(g, "chambermaid", innkeeper=[4, 7], exorcist=[3], imp=[9], gossip=[3])
    run(g, choose(5, 1))
    assert info(g).truth == 1


def test_a_poisoned_player_who_woke_counts():
    g = first_night()
    g.grim.seat(4).add_effect(Effect("poisoned", until="dusk"))
    run(g, choose(4, 3))
    assert info(g).truth == 1


def test_a_player_waking_later_tonight_counts():
    # The Professor brings back the Grandmother: she learns again before dawn, after
    # the Chambermaid.
    g = bmr(SETUP)
    walk(g, chambermaid=[4, 8])
    run(g, ("execute", {"seat": 8}))
    walk(g, "chambermaid", innkeeper=[4, 7], exorcist=[3], imp=[5], professor=[8])
    said = run(g, choose(8, 3))
    assert info(g).truth == 1
    assert "Seat 8, Hal will wake later tonight for their ability." in private(said)


def test_a_drunk_chambermaid_gets_a_false_proposal():
    g = first_night()
    g.grim.seat(2).add_effect(Effect("drunk", until="dusk"))
    run(g, choose(4, 8))
    assert info(g).truth == 2 and info(g).proposal in (0, 1)


def test_not_woken_without_two_other_alive_players():
    g = bmr("imp,chambermaid,baron,empath,gossip,exorcist,innkeeper")
    for seat in (4, 5, 6, 7):
        g.grim.seat(seat).alive = False
    assert "chambermaid" in g.night_order_ids(first=True)
    g.grim.seat(3).alive = False
    assert "chambermaid" not in g.night_order_ids(first=True)


def test_the_mathematician_waking_after_her_is_counted(tmp_path):
    """The jinx: the Chambermaid may count the Mathematician, who wakes after her."""
    import json
    from engine_helpers import new_game
    script = tmp_path / "chambermaid-and-mathematician.json"
    script.write_text(json.dumps([{"id": "_meta", "name": "Maids and sums"}, "imp",
                                  "chambermaid", "mathematician", "empath", "chef", "monk",
                                  "baron", "saint"]))
    # seats: 1 imp, 2 chambermaid, 3 mathematician, 4 empath, 5 chef, 6 monk, 7 baron
    g = new_game("imp,chambermaid,mathematician,empath,chef,monk,baron", str(script))
    walk(g, "chambermaid")
    run(g, choose(3, 5))
    assert info(g).truth == 2          # the Mathematician (later tonight) and the Chef
