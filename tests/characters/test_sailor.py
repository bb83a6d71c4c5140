"""Sailor: each night choose an alive player; the Storyteller makes one of the two drunk
until dusk (usually the Townsfolk, or the Sailor with an Outsider, Minion or Demon); while
sober the Sailor cannot die, by night or by execution."""
import pytest

from bmr_steps import bmr, choose, execute, private, public, run, walk
from statemachine.errors import Rejected

# seats: 1 sailor, 2 imp, 3 baron, 4 empath, 5 chef, 6 saint, 7 soldier
SETUP = "sailor,imp,baron,empath,chef,saint,soldier"


def at_sailor(night=1):
    g = bmr(SETUP)
    if night == 2:
        walk(g, sailor=[5])
        run(g, "end_day")
    walk(g, "sailor")
    return g


def test_wakes_every_night_including_the_first():
    g = bmr(SETUP)
    assert "sailor" in g.night_order_ids(first=True)
    assert "sailor" in g.night_order_ids(first=False)


def test_a_dead_player_is_refused_and_chosen_again():
    g = at_sailor()
    run(g, ("die", {"seat": 4}))
    before = g.wait
    with pytest.raises(Rejected, match="dead"):
        run(g, choose(4))
    assert g.wait is before


def test_a_townsfolk_chosen_is_proposed_drunk():
    g = at_sailor()
    run(g, choose(4))
    assert g.wait.proposal == [4]
    said = run(g, "next")
    assert "Seat 4, Dan is drunk until dusk." in private(said)
    assert g.impairment(g.grim.seat(4)) == "drunk"
    assert not g.impaired(g.grim.seat(1))


@pytest.mark.parametrize("seat", [2, 3, 6])   # the Demon, a Minion, an Outsider
def test_an_evil_player_or_outsider_chosen_proposes_the_sailor(seat):
    g = at_sailor()
    run(g, choose(seat))
    assert g.wait.proposal == [1]


def test_the_storyteller_may_choose_the_other_and_only_the_two():
    g = at_sailor()
    run(g, choose(4))
    with pytest.raises(Rejected):
        run(g, ("answer_seats", {"seats": [5]}))
    run(g, ("answer_seats", {"seats": [1]}))
    assert g.impaired(g.grim.seat(1)) and not g.impaired(g.grim.seat(4))


def test_sober_sailor_survives_the_demon_and_the_execution():
    # The almanac: the chosen player is drunk; the Demon attacks the Sailor, who lives;
    # executed the next day, the Sailor still lives.
    g = at_sailor(night=2)
    run(g, choose(4), "next")
    walk(g, imp=[1])
    assert g.grim.seat(1).alive
    said = run(g, execute(1))
    assert "does not die" in public(said)
    assert g.grim.seat(1).alive and g.executed_today == 1


def test_sober_before_waking_tonight_the_sailor_cannot_die():
    g = bmr(SETUP)
    walk(g, sailor=[4])
    run(g, "end_day")                        # night 2: the Sailor has not woken yet
    assert g.current.ability == "sailor"
    assert not g.kill(g.grim.seat(1), "ability")
    assert g.grim.seat(1).alive


def test_choosing_themself_the_sailor_is_drunk_and_dies():
    g = at_sailor(night=2)
    said = run(g, choose(1))
    assert "is drunk until dusk, and can die" in private(said)
    walk(g, imp=[1])
    assert not g.grim.seat(1).alive


def test_made_drunk_the_sailor_is_executed_and_dies_then_sober_at_dusk():
    # The almanac: the Sailor chooses an evil player, the Storyteller makes the Sailor
    # drunk; the Sailor is executed the next day and dies.
    g = at_sailor()
    run(g, choose(3), "next")
    walk(g)
    assert g.impairment(g.grim.seat(1)) == "drunk"
    run(g, execute(1))
    assert not g.grim.seat(1).alive


def test_drunk_until_dusk_only():
    g = at_sailor()
    run(g, choose(4), "next")
    walk(g)
    assert g.impaired(g.grim.seat(4))
    run(g, "end_day")
    assert not g.impaired(g.grim.seat(4))


def test_a_drunk_sailor_makes_nobody_drunk():
    from statemachine.model import Effect
    g = at_sailor()
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk"))
    said = run(g, choose(4))
    assert "nobody is made drunk" in private(said)
    assert not g.impaired(g.grim.seat(4))


def test_the_storytellers_own_word_is_not_stopped():
    g = at_sailor()
    run(g, choose(4), "next")
    walk(g)
    run(g, ("die", {"seat": 1}))
    assert not g.grim.seat(1).alive


def test_drunk_on_themself_the_sailor_can_be_the_gossips_kill():
    # The almanac: the Sailor made themself drunk; the Gossip's true statement kills a
    # player that night, and the Storyteller chooses the Sailor.
    g = bmr("sailor,imp,baron,gossip,chef,saint,soldier")
    walk(g, sailor=[4])
    run(g, "gossip_true", "end_day")
    walk(g, "gossip", sailor=[1], imp=[7])
    run(g, choose(1))
    assert not g.grim.seat(1).alive
