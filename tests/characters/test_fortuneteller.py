"""Fortune Teller: each night choose two players (any, even themself or the dead): yes if
either is the Demon or the red herring, a good player chosen at setup."""
import pytest

from engine_helpers import choose, new_game, run
from statemachine.errors import Rejected
from tf_steps import game_with, info, poison, private, to_day, until

# seats: 1 imp, 2 fortuneteller, 3 poisoner, 4 chef, 5 saint, 6 monk, 7 soldier
SETUP = "imp,fortuneteller,poisoner,chef,saint,monk,soldier"


def ft(seats, herring=6, poisoned=4, seed=1):
    game = game_with(SETUP, herring=herring, seed=seed)
    until(game, "fortuneteller", poison(poisoned))
    run(game, choose(*seats))
    return game, info(game)


def test_yes_if_either_is_the_demon():
    _, w = ft([1, 4])
    assert w.truth is True and w.proposal is True


def test_no_if_neither_is():
    game, w = ft([3, 4])
    assert w.truth is False
    assert "no, shake your head" in game.wait.prompt


def test_red_herring_says_yes():
    _, w = ft([6, 4])
    assert w.truth is True


def test_may_choose_themself_and_be_their_own_red_herring():
    _, w = ft([2, 4], herring=2)
    assert w.truth is True
    _, w = ft([2, 4], herring=6)
    assert w.truth is False


def test_poisoned_fortune_teller_proposal_is_the_opposite():
    _, w = ft([1, 4], poisoned=2)
    assert w.truth is True and w.proposal is False


def test_red_herring_is_proposed_at_setup_and_always_good():
    for seed in range(10):
        game = new_game(SETUP, seed=seed, start=False)
        marked = [p for p in game.grim.players if "Fortune Teller: Red herring" in p.reminders]
        assert len(marked) == 1 and marked[0].alignment == "good"
        lines = [s.text for s in game.start()]
        assert any("red herring, proposed: " + marked[0].label in x for x in lines)


def test_red_herring_must_be_good():
    game = new_game(SETUP, start=False)
    with pytest.raises(Rejected):
        game.handle("red_herring", {"seat": 3})
    game.handle("red_herring", {"seat": 7})
    marked = [p.seat for p in game.grim.players if "Fortune Teller: Red herring" in p.reminders]
    assert marked == [7]


def test_the_herring_stays_the_same_all_game():
    game = game_with(SETUP, herring=6)
    to_day(game, {"poisoner": 4, "fortuneteller": (3, 4)})
    run(game, "end_day")
    until(game, "fortuneteller", {"poisoner": 4, "monk": 4, "imp": 7})
    run(game, choose(6, 3))
    assert info(game).truth is True


def test_two_seats_needed():
    game = game_with(SETUP, herring=6)
    until(game, "fortuneteller", poison(4))
    with pytest.raises(Rejected):
        run(game, choose(1))
    with pytest.raises(Rejected):
        run(game, choose(3, 3))
    run(game, choose(3, 4))
    assert info(game).truth is False


def test_prompt_names_the_chosen_players():
    game = game_with(SETUP, herring=6)
    said = until(game, "fortuneteller", poison(4))
    assert "Wake the Fortune Teller, seat 2, Ben." in private(said)
    said = run(game, choose(1, 5))
    assert "They chose seat 1, Ann and seat 5, Eve." in private(said)


def test_the_prompt_says_when_the_red_herring_decides_the_answer():
    game, w = ft([6, 4])
    assert "Seat 6, Fay is the red herring: that makes the answer yes." in game.wait.prompt
    game, w = ft([1, 6])                       # the Demon decides it: no herring note
    assert w.truth is True and "red herring" not in game.wait.prompt


def test_a_registration_note_only_where_it_can_change_the_answer():
    # seats: 1 imp, 2 fortuneteller, 3 poisoner, 4 recluse, 5 spy, 6 monk, 7 soldier
    game = game_with("imp,fortuneteller,poisoner,recluse,spy,monk,soldier", herring=6)
    until(game, "fortuneteller", poison(7))
    run(game, choose(4, 5))
    prompt = info(game).prompt
    assert "Seat 4, Dan is the Recluse and may register as a Demon: if so" in prompt
    assert "Spy" not in prompt                 # the Spy's registrations cannot make a yes
    game = game_with("imp,fortuneteller,poisoner,recluse,spy,monk,soldier", herring=6)
    until(game, "fortuneteller", poison(7))
    run(game, choose(1, 4))                    # yes already: the Recluse changes nothing
    assert info(game).truth is True and "Recluse" not in info(game).prompt
