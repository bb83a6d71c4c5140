"""Empath: each night, how many of their two alive neighbours are evil; dead neighbours
are skipped; acting after the Demon, they learn about the state at dawn."""
from characters.outsider.recluse import Recluse
from engine_helpers import run
from tf_steps import game_with, info, poison, private, to_day, until

# seats: 1 imp, 2 empath, 3 poisoner, 4 chef, 5 saint, 6 monk, 7 soldier
SETUP = "imp,empath,poisoner,chef,saint,monk,soldier"


def test_counts_evil_alive_neighbours():
    game = game_with(SETUP)
    said = until(game, "empath", poison(4))
    assert info(game).truth == 2
    assert "Their alive neighbours are seat 1, Ann and seat 3, Cat." in private(said)
    game = game_with("chef,empath,monk,imp,poisoner,saint,soldier")
    until(game, "empath", poison(1))
    assert info(game).truth == 0


def test_skips_dead_neighbours():
    game = game_with("chef,empath,monk,imp,poisoner,saint,soldier")
    run(game, ("die", {"seat": 3}))          # the Monk dies: the next alive is the Imp
    until(game, "empath", poison(1))
    assert info(game).truth == 1
    assert "seat 4, Dan" in game.wait.prompt


def test_learns_after_the_demon_kills_a_neighbour():
    game = game_with("chef,empath,monk,imp,poisoner,saint,soldier")
    to_day(game, poison(1))
    run(game, "end_day")
    until(game, "empath", {"poisoner": 1, "imp": 3, "monk": 6})
    assert not game.grim.seat(3).alive
    assert info(game).truth == 1             # seat 1 and seat 4 (the Imp)


def test_poisoned_empath_proposal_differs_and_stays_legal():
    for seed in range(8):
        game = game_with(SETUP, seed=seed)
        said = until(game, "empath", poison(2))
        w = info(game)
        assert w.truth == 2 and w.proposal != 2 and 0 <= w.proposal <= 2
        assert "They are poisoned" in private(said)


def test_drunk_empath_is_told_as_drunk():
    game = game_with("imp,drunk,poisoner,chef,saint,monk,soldier", drunk_as="empath")
    said = until(game, "empath", poison(4))
    assert "They are drunk" in private(said)
    assert info(game).proposal != info(game).truth


def test_recluse_neighbour_is_named(monkeypatch):
    monkeypatch.setattr(Recluse, "may_register_as", frozenset({"evil", "minion", "demon"}))
    game = game_with("imp,empath,recluse,chef,poisoner,monk,soldier")
    until(game, "empath", poison(4))
    assert info(game).truth == 1
    assert any("Seat 3, Cat is the Recluse" in n for n in info(game).notes)
    said = run(game, ("answer_number", {"number": 2}))
    assert "Put the Empath to sleep." in private(said)


def test_a_false_answer_for_a_sober_healthy_empath_is_given_with_a_warning():
    """Issue 25, item 6: the Storyteller may mean it, so the answer stands, but a false
    answer for a sober and healthy player is never accepted in silence (under the Vortox a
    true answer is refused: the same test of what is true, the other way round)."""
    game = game_with(SETUP)
    until(game, "empath", poison(4))
    assert info(game).truth == 2 and not game.impaired(game.grim.seat(2))
    said = run(game, ("answer_number", {"number": 0}))
    assert ("Seat 2, Ben is sober and healthy: they were given false information. The true "
            "answer was the number 2.") in private(said)
    assert game.current.ability != "empath"          # given as said


def test_the_true_answer_or_a_false_one_for_a_poisoned_empath_brings_no_warning():
    game = game_with(SETUP)
    until(game, "empath", poison(2))
    said = run(game, ("answer_number", {"number": 0}))
    assert "sober and healthy" not in private(said)
    game = game_with(SETUP)
    until(game, "empath", poison(4))
    said = run(game, ("answer_number", {"number": 2}))
    assert "sober and healthy" not in private(said)
