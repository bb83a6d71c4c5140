"""Harlot: each night except the first, the Harlot chooses a living player, who is woken and
may agree: then the Harlot learns their character, and the Storyteller may decide that both
die. Refused, nothing happens; drunk or poisoned, the character may be false and nobody
dies."""
import pytest

from engine_helpers import choose, new_game, private, public, run
from statemachine.line_rules import assert_fit_to_say
from statemachine.errors import Rejected
from statemachine.waits import Info
from tf_steps import to_day, until, woken

# seats: 1 imp, 2 poisoner, 3 chef, 4 empath, 5 monk, 6 saint; Traveller 7 harlot
SETUP = "imp,poisoner,chef,empath,monk,saint,harlot"
SV = "Sects & Violets"


def night_two(drunk=False, dead=None, said=None):
    game = new_game(SETUP, script=SV, travellers=1)
    to_day(game, {"poisoner": 4})
    if dead:
        run(game, ("die", {"seat": dead}))
    if drunk:       # by day, the Storyteller's "drunk" lasts through the coming night
        run(game, ("status_effect", {"seat": 7, "effect": "drunk"}))
    run(game, "end_day")
    lines = until(game, "harlot", {"poisoner": 4})
    if said is not None:
        said += lines + game.out
    return game


def test_the_harlot_does_not_wake_the_first_night():
    game = new_game(SETUP, script=SV, travellers=1)
    assert not woken(game, "harlot", {"poisoner": 4})


def test_a_refusal_and_nothing_happens():
    game = night_two()
    said = run(game, choose(3))
    assert "Put the Harlot to sleep. Wake seat 3, Cat: the Harlot chose them" in private(said)
    said = run(game, "no")
    assert "Put seat 3, Cat to sleep. Nothing happens." in private(said)
    to_day(game, {"poisoner": 4, "monk": 4, "imp": 6})
    assert game.grim.seat(3).alive and game.grim.seat(7).alive


def test_agreed_the_harlot_learns_the_character_and_nobody_need_die():
    game = night_two()
    run(game, choose(3))
    said = run(game, "yes")
    assert "Wake the Harlot, seat 7, Gus. Show them Cat's character token." in private(said)
    assert isinstance(game.wait, Info) and game.wait.truth == "chef"
    run(game, "next")
    said = run(game, "next")                       # the proposal: nobody dies
    assert "Nobody dies." in private(said)
    said = to_day(game, {"poisoner": 4, "monk": 4, "imp": 6})
    assert game.grim.seat(3).alive and game.grim.seat(7).alive


def test_the_storyteller_may_kill_them_both():
    game = night_two()
    run(game, choose(1), "yes", "next")
    said = run(game, "yes")
    assert "Seat 7, Gus dies." in private(said)
    assert not game.grim.seat(7).alive and not game.grim.seat(1).alive
    assert game.winner and game.winner.winner == "good"      # the Demon died


def test_a_drunk_harlot_may_see_a_false_character_and_nobody_dies():
    game = night_two(drunk=True)
    run(game, choose(3), "yes")
    w = game.wait
    assert w.truth == "chef" and w.proposal != "chef"
    said = run(game, "next")
    assert "The Harlot is drunk: nobody dies." in private(said)
    assert game.wait is None or game.current.ability != "harlot"


def test_only_a_living_player_may_be_chosen():
    game = night_two(dead=5)
    with pytest.raises(Rejected, match="is dead: choose a living player"):
        run(game, choose(5))


def test_the_lines_are_fit_to_say():
    said = []
    game = night_two(said=said)
    said += run(game, choose(3), "yes", "next", "next")
    said += to_day(game, {"poisoner": 4, "monk": 4, "imp": 6})
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])
    assert "Harlot" not in public(said)
