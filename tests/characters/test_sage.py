"""Sage: if the Demon kills them, they wake that night to learn two players, one of them
the Demon; killed any other way, they learn nothing."""
import pytest

from engine_helpers import end_day, execute, run
from snv_town_steps import drunk, info, snv, to_day, until
from statemachine.errors import Rejected

# seats: 1 sage, 2 imp, 3 witch, 4 savant, 5 oracle, 6 mutant, 7 klutz
CHARS = "sage,imp,witch,savant,oracle,mutant,klutz"


def night_two(imp=1):
    g = snv(CHARS)
    to_day(g)
    run(g, end_day())
    return g


def test_killed_by_the_demon_learns_two_players_one_the_demon():
    g = night_two()
    until(g, "sage", {"imp": 1})
    w = info(g)
    assert len(w.truth) == 2 and 2 in w.truth and 1 not in w.truth
    assert "one of them the Demon, seat 2, Ben" in g.last_private
    with pytest.raises(Rejected, match="must be the Demon"):
        run(g, ("answer_seats", {"seats": [4, 5]}))
    run(g, ("answer_seats", {"seats": [2, 6]}))


def test_drunk_sage_may_be_shown_two_players_neither_the_demon():
    for seed in range(4):
        g = snv(CHARS, seed=seed)
        to_day(g)
        run(g, end_day())
        drunk(g, 1)
        until(g, "sage", {"imp": 1})
        assert 2 not in info(g).proposal and len(info(g).proposal) == 2
        run(g, "next")
        assert [f.seat for f in g.info_rules.false_given] == [1]


def test_not_woken_when_the_demon_kills_another():
    g = night_two()
    assert "sage" not in to_day(g, {"imp": 4})


def test_executed_or_killed_by_the_storyteller_learns_nothing():
    g = snv(CHARS)
    to_day(g)
    run(g, execute(1))
    if g.phase.state == "day":
        run(g, end_day())
    assert "sage" not in to_day(g, {"imp": 4})
    g = night_two()
    run(g, ("die", {"seat": 1}))              # not the Demon's kill
    assert "sage" not in to_day(g, {"imp": 4})


def test_a_recluse_may_be_shown_as_the_demon():
    g = snv("sage,imp,witch,savant,oracle,recluse,klutz")
    to_day(g)
    run(g, end_day())
    until(g, "sage", {"imp": 1})
    assert any("Seat 6, Fay is the Recluse" in n for n in info(g).notes)
    run(g, ("answer_seats", {"seats": [6, 4]}))


def test_under_the_vortox_the_two_players_exclude_the_demon():
    g = snv("sage,vortox,witch,savant,oracle,mutant,juggler")
    to_day(g)
    run(g, execute(7))                      # an execution: the Vortox does not win at dusk
    if g.phase.state == "day":
        run(g, end_day())
    until(g, "sage", {"vortox": 1})
    assert 2 not in info(g).proposal
    with pytest.raises(Rejected, match="Vortox"):
        run(g, ("answer_seats", {"seats": [5, 2]}))     # any pair with the Demon is true
    run(g, ("answer_seats", {"seats": [5, 4]}))
    assert [(f.seat, f.why) for f in g.info_rules.false_given] == [(1, "vortox")]
