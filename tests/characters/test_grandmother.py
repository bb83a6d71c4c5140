"""Grandmother: on the first night, learns a good player (the grandchild, a Townsfolk or
Outsider) and their character; if the Demon kills the grandchild, the Grandmother dies too,
unless drunk or poisoned then. Another death of the grandchild (an execution, another
ability at night) does nothing to her."""
import pytest

from bmr_steps import bmr, choose, execute, private, run, walk
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_steps import info

# seats: 1 imp, 2 grandmother, 3 baron, 4 chef, 5 saint, 6 empath, 7 soldier
SETUP = "imp,grandmother,baron,chef,saint,empath,soldier"


def fixed(child=4, seed=1):
    g = bmr(SETUP, seed=seed, start=False)
    g.handle("grandchild", {"seat": child})
    g.handle("next")
    return g


def test_setup_proposes_a_good_townsfolk_or_outsider_other_than_herself():
    for seed in range(6):
        g = bmr(SETUP, seed=seed, start=False)
        unit = g.unit("grandmother")
        child = unit.grandchild(g, g.grim.seat(2))
        assert child.seat in (4, 5, 6, 7)
        assert any("The Grandmother's grandchild, proposed:" in line
                   for line in g.setup_lines())


def test_the_grandchild_must_be_good_and_not_the_grandmother():
    g = bmr(SETUP, start=False)
    with pytest.raises(Rejected):
        g.handle("grandchild", {"seat": 3})
    with pytest.raises(Rejected):
        g.handle("grandchild", {"seat": 2})


def test_first_night_learns_the_player_then_their_character():
    g = fixed(4)
    said = walk(g, "grandmother")
    assert "Wake the Grandmother, seat 2, Ben." in private(said)
    assert info(g).truth == [4]
    said = run(g, "next")
    assert info(g).truth == "chef"
    assert "The true answer: the Chef." in private(said)
    said = run(g, "next")
    assert "Put the Grandmother to sleep." in private(said)
    with pytest.raises(Rejected, match="already knows"):
        run(g, ("grandchild", {"seat": 6}))


def test_a_sober_grandmother_may_be_given_another_good_grandchild_only():
    g = fixed(4)
    walk(g, "grandmother")
    with pytest.raises(Rejected):
        run(g, ("answer_seats", {"seats": [3]}))
    run(g, ("answer_seats", {"seats": [6]}))
    assert info(g).truth == "empath"
    assert g.unit("grandmother").grandchild(g, g.grim.seat(2)).seat == 6


def test_a_drunk_grandmother_gets_a_false_proposal():
    g = bmr(SETUP, start=False)
    g.handle("grandchild", {"seat": 4})
    g.handle("next")
    g.grim.seat(2).add_effect(Effect("drunk", until="dusk"))
    walk(g, "grandmother")
    assert info(g).proposal != [4]
    run(g, "next")
    assert info(g).proposal != info(g).truth


def night_two(child=4):
    g = fixed(child)
    walk(g)
    run(g, "end_day")
    return g


def test_the_demon_kills_the_grandchild_and_the_grandmother_dies_too():
    g = night_two(4)
    said = walk(g, imp=[4])
    assert not g.grim.seat(4).alive and not g.grim.seat(2).alive
    assert "The Grandmother, seat 2, Ben: do not wake them." in private(said)
    assert "the Grandmother dies too" in private(said)


def test_the_grandmother_does_not_wake_on_other_nights():
    g = night_two(4)
    said = walk(g, imp=[6])
    assert "Grandmother" not in private(said)
    assert g.grim.seat(2).alive


def test_an_executed_grandchild_does_not_kill_her():
    g = fixed(4)
    walk(g)
    run(g, execute(4))
    walk(g, imp=[7])
    assert g.grim.seat(2).alive


def test_another_night_death_of_the_grandchild_does_not_kill_her():
    g = night_two(4)
    walk(g, "imp")
    g.kill(g.grim.seat(4), "ability")
    run(g, choose(7))
    walk(g)
    assert g.grim.seat(2).alive


def test_a_drunk_grandmother_lives_when_the_demon_kills_the_grandchild():
    g = night_two(4)
    g.grim.seat(2).add_effect(Effect("drunk", until="dusk"))
    said = walk(g, imp=[4])
    assert g.grim.seat(2).alive
    assert "but the Grandmother is drunk, so lives" in private(said)
