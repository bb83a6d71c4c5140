"""Professor: once per game, on a night after the first, may choose a dead player: a
Townsfolk comes back to life with their ability (even one used up; a first-night one acts
again that night), announced at dawn after the deaths. Anyone else, or a drunk or poisoned
Professor: nothing happens, and the ability is gone all the same."""
import pytest

from bmr_steps import bmr, choose, execute, private, public, run, walk
from statemachine.errors import Rejected
from statemachine.model import Effect
from statemachine.registry import GAINED_FIRST_NIGHT_STEP

# seats: 1 imp, 2 professor, 3 baron, 4 empath, 5 recluse, 6 grandmother, 7 soldier
SETUP = "imp,professor,baron,empath,recluse,grandmother,soldier"


def with_dead(seat, seed=1):
    """Night 2 at the Professor's step, ``seat`` executed on day 1."""
    g = bmr(SETUP, seed=seed)
    walk(g)
    run(g, execute(seat))
    walk(g, "professor", imp=[7])
    return g


def test_does_not_wake_the_first_night():
    g = bmr(SETUP)
    assert "professor" not in g.night_order_ids(first=True)
    assert "professor" in g.night_order_ids(first=False)


def test_an_alive_player_is_refused_and_chosen_again():
    g = with_dead(4)
    before = g.wait
    with pytest.raises(Rejected, match="chooses a dead player"):
        run(g, choose(5))
    assert g.wait is before


def test_a_dead_townsfolk_comes_back_said_at_dawn_after_the_deaths():
    g = with_dead(4)
    said = run(g, choose(4))
    assert g.grim.seat(4).alive and g.grim.seat(4).ghost_vote
    assert "Seat 4, Dan is alive again." in private(said)
    said += walk(g)
    assert "Wake the Empath, seat 4, Dan." in private(said)     # acts after the Professor
    pub = public(said)
    assert pub.index("Dawn") < pub.index("Seat 4, Dan is alive again.")
    assert "Professor" not in pub


def test_once_per_game():
    g = with_dead(4)
    run(g, choose(4))
    walk(g)
    run(g, "end_day")
    assert "professor" not in g.night_order_ids(first=False)


def test_nobody_keeps_the_ability():
    g = with_dead(4)
    said = run(g, "nobody")
    assert "The Professor waits." in private(said)
    walk(g)
    run(g, "end_day")
    assert "professor" in g.night_order_ids(first=False)


@pytest.mark.parametrize("seat", [3, 5])       # a Minion, an Outsider
def test_anyone_but_a_townsfolk_stays_dead_and_the_ability_is_gone(seat):
    g = with_dead(seat)
    said = run(g, choose(seat))
    assert "is not a Townsfolk: nothing happens" in private(said)
    assert not g.grim.seat(seat).alive
    assert "professor" in g.grim.seat(2).spent


def test_a_drunk_professor_raises_nobody_and_loses_the_ability():
    g = with_dead(4)
    g.grim.seat(2).add_effect(Effect("drunk", until="dusk"))
    said = run(g, choose(4))
    assert "stays dead" in private(said)
    assert not g.grim.seat(4).alive and "professor" in g.grim.seat(2).spent


def test_the_ability_comes_back_even_if_used_up():
    g = with_dead(4)
    g.grim.seat(4).spent.add("empath")
    run(g, choose(4))
    assert "empath" not in g.grim.seat(4).spent


def test_a_raised_grandmother_learns_again_before_dawn():
    g = with_dead(6)
    run(g, choose(6))
    said = walk(g, "grandmother")
    assert g.current.position == GAINED_FIRST_NIGHT_STEP
    assert "Wake the Grandmother, seat 6, Fay." in private(said)
