"""The Revolutionary (Fabled): 2 neighbouring players are known to be the same alignment.
Once per game, 1 of them registers falsely. The almanac's page gives its purpose (two
players teaming up) and that one of them registers as a different character or alignment,
once per game; its How to Run was not found, so the announcement at the first dawn and the
command marking the false registration used are our rulings."""
import pytest

from fabled_steps import end_day, fabled_game, fit, private, public, run, walk_night
from statemachine.errors import Rejected

# seats: 1 Imp, 2 Poisoner, 3 Empath, 4 Chef, 5 Monk, 6 Saint, 7 Washerwoman
SETUP = "imp,poisoner,empath,chef,monk,saint,washerwoman"
ALIGNED = "Revolutionary: Aligned"


def pair_of(game):
    return [p.seat for p in game.grim.players if ALIGNED in p.reminders]


def with_pair(*seats):
    game = fabled_game(SETUP, "revolutionary", start=False)
    run(game, ("revolutionary_pair", {"seats": list(seats)}))
    return game


def test_a_proposed_pair_is_two_neighbours_of_one_alignment_told_at_setup():
    for seed in range(8):
        game = fabled_game(SETUP, "revolutionary", seed=seed, start=False)
        a, b = pair_of(game)
        assert b - a in (1, 6)
        assert game.grim.seat(a).alignment == game.grim.seat(b).alignment
        assert any(line.startswith("The Revolutionary's pair, proposed:")
                   for line in game.setup_lines())
        fit(game.opening)


def test_the_pair_is_announced_at_the_first_dawn_only():
    game = with_pair(3, 4)
    said = run(game, "next") + walk_night(game)
    assert "The Revolutionary: seat 3, Cat and seat 4, Dan are of the same alignment." in \
        public(said)
    fit(said)
    said = run(game, end_day()) + walk_night(game)
    assert "The Revolutionary:" not in public(said)


def test_the_storyteller_names_another_pair_at_setup_only_and_a_legal_one():
    game = fabled_game(SETUP, "revolutionary", start=False)
    with pytest.raises(Rejected, match="same alignment"):
        run(game, ("revolutionary_pair", {"seats": [2, 3]}))       # evil and good
    with pytest.raises(Rejected, match="same alignment"):
        run(game, ("revolutionary_pair", {"seats": [4, 6]}))       # not neighbours
    run(game, ("revolutionary_pair", {"seats": [1, 2]}))
    assert pair_of(game) == [1, 2]
    run(game, "next")
    with pytest.raises(Rejected, match="at setup"):
        run(game, ("revolutionary_pair", {"seats": [3, 4]}))


def test_one_of_them_may_register_falsely_until_the_storyteller_says_it_was_used():
    game = with_pair(3, 4)
    assert game.misregisters(game.grim.seat(4)) == {"evil", "minion", "demon"}
    assert game.misregisters(game.grim.seat(1)) == frozenset()
    run(game, "next")
    walk_night(game, until="empath")
    assert "Seat 4, Dan is the Chef and may register as evil" in game.wait.prompt
    walk_night(game)
    with pytest.raises(Rejected, match="not one of"):
        run(game, ("revolutionary_used", {"seat": 5}))
    said = run(game, ("revolutionary_used", {"seat": 4}))
    assert "registers truly from now on" in private(said)
    assert game.misregisters(game.grim.seat(4)) == frozenset()
    assert game.misregisters(game.grim.seat(3)) == frozenset()
    with pytest.raises(Rejected, match="used already"):
        run(game, ("revolutionary_used", {"seat": 3}))


def test_an_evil_pair_may_register_as_good():
    game = with_pair(1, 2)
    assert game.misregisters(game.grim.seat(2)) == {"good", "townsfolk", "outsider"}
