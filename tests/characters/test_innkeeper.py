"""Innkeeper: two players can't die tonight; one of them is drunk until dusk."""
import pytest

from engine_helpers import choose, new_game, run, text
from statemachine.errors import Rejected
from tf_helpers import walk

SCRIPT = "Seed Almanac"
CHARS = "innkeeper,imp,baron,oracle,sweetheart,king,librarian,savant"


def to_innkeeper():
    g = new_game(CHARS, script=SCRIPT)
    assert "innkeeper" not in g.night_order_ids(first=True)
    walk(g)
    run(g, "end_day")
    walk(g, "innkeeper")
    return g


def test_two_safe_one_drunk_until_dusk():
    g = to_innkeeper()
    run(g, choose(4, 7, actor="innkeeper"))
    assert g.grim.seat(g.wait.proposal[0]).seat in (4, 7)
    with pytest.raises(Rejected):
        run(g, ("answer_seats", {"seats": [5]}))     # must be one of the two
    said = run(g, ("answer_seats", {"seats": [7]}))
    assert "cannot die tonight" in text(said)
    walk(g, imp=[4])
    assert g.grim.seat(4).alive                       # safe from the Demon
    assert g.impaired(g.grim.seat(7))                 # drunk through the day
    assert not g.impaired(g.grim.seat(4))
    run(g, "end_day")
    assert not g.impaired(g.grim.seat(7))             # sober at dusk


def test_innkeeper_drunk_on_themself_protects_nobody():
    """Issue 25, item 5: the Innkeeper chose themself and is the one made drunk. Their
    ability stops working at once, so neither player is safe, and the narrator says that
    one thing: never "mark both Safe" first. (The search tool gave only the head of the
    Innkeeper's wiki page, not this case: the ruling follows "drunk: the ability does not
    work" applied from the moment the drunkenness begins.)"""
    g = to_innkeeper()
    said = run(g, choose(1, 4, actor="innkeeper"), ("answer_seats", {"seats": [1]}))
    assert "Safe reminder" not in text(said) and "cannot die tonight" not in text(said)
    assert "Their ability stops at once: nobody is safe tonight." in text(said)
    assert not any(e.kind == "safe" for p in g.grim.players for e in p.effects)
    walk(g, imp=[4])
    assert not g.grim.seat(4).alive


def test_poisoned_innkeeper_does_nothing():
    from statemachine.model import Effect
    g = to_innkeeper()
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk"))
    said = run(g, choose(4, 7, actor="innkeeper"))
    assert "nobody is safe" in text(said)
    walk(g, imp=[4])
    assert not g.grim.seat(4).alive
