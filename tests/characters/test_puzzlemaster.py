"""The Puzzlemaster: '1 player is drunk, even if you die. If you guess (once) who it is,
learn the Demon player, but guess wrong & get false info.'

Built from the ability text; the almanac page was not found, so these rulings are ours and
listed for checking: the drunk player is another player (not a Traveller), proposed at
setup; they stay drunk when the Puzzlemaster dies and when the Puzzlemaster is drunk or
poisoned; the guess is private and once per game; a right guess by a drunk or poisoned
Puzzlemaster gets false information too."""
import pytest

from engine_helpers import execute, new_game, private, run, to_day
from statemachine import line_rules
from statemachine.errors import Rejected
from tb_steps import walk_night

SCRIPT = "Trouble Brewing"
SETUP = "imp,poisoner,puzzlemaster,empath,chef,monk,soldier"    # Puzzlemaster seat 3


def game_with_drunk(seat=4):
    game = new_game(SETUP, start=False)
    run(game, ("puzzle_drunk", {"seat": seat}))
    run(game, "next")
    return game


def test_a_drunk_player_is_proposed_at_setup_and_may_be_changed():
    game = new_game(SETUP, start=False)
    line = next(x for x in game.setup_lines() if "Puzzlemaster's drunk player" in x)
    drunk = [p for p in game.grim.players if game.impairment(p) == "drunk"]
    assert len(drunk) == 1 and drunk[0].seat != 3 and drunk[0].label in line
    said = run(game, ("puzzle_drunk", {"seat": 5}))
    assert "The Puzzlemaster's drunk player is seat 5, Eve." in private(said)
    assert [p.seat for p in game.grim.players if game.impairment(p) == "drunk"] == [5]
    with pytest.raises(Rejected):
        run(game, ("puzzle_drunk", {"seat": 3}))        # not the Puzzlemaster


def test_the_drunk_stays_drunk_after_the_puzzlemaster_dies():
    game = game_with_drunk(4)
    walk_night(game, {"poisoner": 7})
    run(game, execute(3))
    assert game.impairment(game.grim.seat(4), "empath") == "drunk"


def test_a_right_guess_learns_the_demon():
    game = game_with_drunk(4)
    walk_night(game, {"poisoner": 7})
    said = run(game, ("puzzle_guess", {"seat": 4}))
    assert "The guess is right. Tell seat 3, Cat privately: the Demon is seat 1, Ann." in \
        private(said)
    assert "Puzzlemaster: Guess Used" in game.grim.seat(3).reminders


def test_a_wrong_guess_gets_false_information_and_only_one_guess():
    game = game_with_drunk(4)
    walk_night(game, {"poisoner": 7})
    said = run(game, ("puzzle_guess", {"seat": 5}))
    text = private(said)
    assert "the guess is wrong, so they get false information" in text
    assert "the Demon is seat 1, Ann" not in text
    with pytest.raises(Rejected, match="one guess per game"):
        run(game, ("puzzle_guess", {"seat": 4}))


def test_a_poisoned_puzzlemaster_guessing_right_gets_false_information():
    game = game_with_drunk(4)
    walk_night(game, {"poisoner": 3})
    assert game.impairment(game.grim.seat(4), "empath") == "drunk"   # still drunk
    said = run(game, ("puzzle_guess", {"seat": 4}))
    assert "the Puzzlemaster is poisoned, so they get false information" in private(said)


def test_the_guess_is_refused_at_setup():
    game = new_game(SETUP, start=False)
    with pytest.raises(Rejected):
        run(game, ("puzzle_guess", {"seat": 4}))


def test_every_puzzlemaster_line_is_fit_to_say():
    game = new_game(SETUP, start=False)
    lines = [(x, False) for x in game.setup_lines()]
    lines += [(s.text, False) for s in run(game, ("puzzle_drunk", {"seat": 4}), "next")]
    walk_night(game, {"poisoner": 7})
    lines += [(s.text, False) for s in run(game, ("puzzle_guess", {"seat": 5}))]
    line_rules.assert_fit_to_say(lines)
