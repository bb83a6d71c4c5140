"""Chef: on the first night, how many pairs of evil players sit next to each other, around
the whole circle and counting the dead; three in a row are two pairs."""
from engine_helpers import new_game, run
from characters.townsfolk.chef import evil_pairs
from tf_steps import game_with, info, poison, private, to_day, until, woken


def chef_truth(setup, picks=None, seed=1, before=()):
    game = game_with(setup, seed=seed)
    run(game, *before)
    until(game, "chef", picks or {})
    return game, info(game)


def test_no_evil_neighbours_is_zero():
    _, w = chef_truth("imp,chef,poisoner,monk,saint", poison(4))
    assert w.truth == 0


def test_two_evil_side_by_side_is_one_pair():
    game, w = chef_truth("imp,poisoner,chef,monk,saint", poison(4))
    assert w.truth == 1
    assert "1 pair" in game.wait.prompt


def test_three_evil_in_a_row_are_two_pairs():
    _, w = chef_truth("imp,poisoner,spy,chef,monk,saint,soldier,empath", poison(4))
    assert w.truth == 2


def test_pairs_wrap_around_the_circle():
    _, w = chef_truth("imp,chef,monk,saint,poisoner", poison(3))
    assert w.truth == 1


def test_two_separate_pairs():
    _, w = chef_truth("imp,poisoner,chef,monk,spy,baron,soldier,empath,saint", poison(4))
    assert w.truth == 2


def test_dead_players_still_count():
    game = game_with("imp,poisoner,chef,monk,saint")
    run(game, ("die", {"seat": 2}))           # the Poisoner dies before the Chef wakes
    assert not game.grim.seat(2).alive
    until(game, "chef", poison(4))
    assert info(game).truth == 1


def test_alignment_not_character_decides():
    game = new_game("imp,chef,monk,saint,poisoner", start=False)
    assert evil_pairs(game) == 1                     # seats 5 and 1, around the circle
    game.set_alignment(game.grim.seat(2), "evil")     # the Chef turned evil: 5-1-2 in a row
    assert evil_pairs(game) == 2


def test_poisoned_chef_gets_a_different_number():
    for seed in range(6):
        game = game_with("imp,poisoner,chef,monk,saint", seed=seed)
        said = until(game, "chef", poison(3))
        w = info(game)
        assert w.truth == 1 and w.proposal != 1 and w.proposal >= 0
        assert "They are poisoned" in private(said)
        run(game, ("answer_number", {"number": 1}))   # the Storyteller may still be truthful


def test_recluse_is_named_when_they_may_register_as_evil(monkeypatch):
    from characters.outsider.recluse import Recluse
    monkeypatch.setattr(Recluse, "may_register_as", frozenset({"evil", "minion", "demon"}))
    _, w = chef_truth("imp,recluse,chef,monk,poisoner", poison(4))
    assert w.truth == 1           # poisoner 5 and imp 1 wrap around
    assert any("Seat 2, Ben is the Recluse" in n for n in w.notes)


def test_first_night_only():
    game = game_with("imp,poisoner,chef,monk,saint")
    to_day(game, poison(4))
    run(game, "end_day")
    assert not woken(game, "chef", {"poisoner": 4, "imp": 5, "monk": 5})
