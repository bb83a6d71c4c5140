"""Tea Lady: while both her alive neighbours are good, neither can die: not by the Demon,
not by another ability, not executed, not even exiled. Dead neighbours are skipped; an evil
neighbour, or a drunk, poisoned or dead Tea Lady, protects nobody."""
from bmr_steps import bmr, execute, new_game, public, run, walk
from statemachine.model import Effect

# seats: 1 tea lady, 2 chef, 3 baron, 4 imp, 5 saint, 6 soldier, 7 empath
SETUP = "tealady,chef,baron,imp,saint,soldier,empath"


def night_two(setup=SETUP):
    g = bmr(setup)
    walk(g)
    run(g, "end_day")
    return g


def test_good_neighbours_survive_the_demon():
    g = night_two()
    said = walk(g, imp=[2])
    assert g.grim.seat(2).alive
    assert "Seat 2, Ben cannot die: the Tea Lady, seat 1, Ann, has two good alive " \
           "neighbours." in "\n".join(s.text for s in said)
    assert "Nobody died in the night." in public(said)


def test_good_neighbours_survive_an_ability_and_execution():
    g = bmr(SETUP)
    walk(g)
    assert not g.kill(g.grim.seat(7), "ability")
    said = run(g, execute(7))
    assert "does not die" in public(said)
    assert g.grim.seat(7).alive and g.executed_today == 7


def test_the_tea_lady_herself_and_others_are_not_protected():
    g = night_two()
    walk(g, imp=[1])
    assert not g.grim.seat(1).alive
    g = night_two()
    walk(g, imp=[5])
    assert not g.grim.seat(5).alive


def test_an_evil_neighbour_protects_nobody_then_dead_neighbours_are_skipped():
    # The almanac: beside an evil player and a good one, nobody is protected; once the
    # evil neighbour dies the next alive player is her neighbour and both are protected;
    # when one of them turns evil, protection ends at once.
    g = bmr("tealady,baron,chef,imp,saint,soldier,empath")
    walk(g)
    assert g.protected_by(g.grim.seat(7), "demon") is None
    run(g, execute(2))                        # the evil neighbour dies
    assert not g.grim.seat(2).alive
    walk(g, imp=[3])
    assert g.grim.seat(3).alive               # now between seat 3 and seat 7, both good
    g.set_alignment(g.grim.seat(7), "evil")
    run(g, "end_day")
    walk(g, imp=[3])
    assert not g.grim.seat(3).alive


def test_an_exiled_good_traveller_neighbour_remains_alive():
    g = new_game(SETUP + ",gunslinger", script="Bad Moon Rising", travellers=1)
    walk(g)
    said = run(g, ("exile", {"seat": 8}), ("votes", {"count": 8}))
    assert "is exiled" in public(said) and "does not die" in public(said)
    assert g.grim.seat(8).alive


def test_a_poisoned_or_dead_tea_lady_protects_nobody():
    g = night_two()
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk"))
    walk(g, imp=[2])
    assert not g.grim.seat(2).alive
    g = bmr(SETUP)
    walk(g)
    run(g, execute(1))
    walk(g, imp=[2])
    assert not g.grim.seat(2).alive


def test_the_storytellers_own_word_is_not_stopped():
    g = bmr(SETUP)
    walk(g)
    run(g, ("die", {"seat": 2}))
    assert not g.grim.seat(2).alive


def test_a_neighbour_who_may_register_otherwise_is_named(monkeypatch):
    from characters.outsider.recluse import Recluse
    from characters.minion.spy import Spy
    monkeypatch.setattr(Recluse, "may_register_as", frozenset({"evil", "minion", "demon"}))
    g = bmr("tealady,chef,baron,imp,saint,soldier,recluse")     # good Recluse at seat 7
    walk(g)
    line = g.protected_by(g.grim.seat(2), "demon")
    assert "Seat 7, Gus is the Recluse and may register as evil: if so, say 'seat 2 dies'." \
        in line
    monkeypatch.setattr(Spy, "may_register_as", frozenset({"good", "townsfolk", "outsider"}))
    g = bmr("tealady,chef,baron,imp,saint,soldier,spy")         # evil Spy at seat 7
    said = []
    g.out = said
    assert g.protected_by(g.grim.seat(2), "demon") is None      # by the true alignment
    assert "Seat 7, Gus, the Spy, may register as good to the Tea Lady, seat 1, Ann. If " \
           "so, seat 2, Ben cannot die" in said[0].text
