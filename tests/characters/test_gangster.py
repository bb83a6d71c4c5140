"""The Gangster: "Once per day, you may choose to kill an alive neighbour, if your other
alive neighbour agrees." From the almanac: dead neighbours are skipped; the Gangster and one
living neighbour agree to kill the other, and the Storyteller hears and confirms it (the
example: the Gangster's dead neighbours are passed over, the two living ones are the
Engineer and the Po). A day command, once a day, asked back for a yes as it kills."""
import pytest

from engine_helpers import new_game, run
from statemachine import line_rules
from statemachine.errors import Rejected
from tb_steps import nominate, private, public, walk_night

SETUP = "imp,empath,monk,poisoner,chef,soldier,saint,gangster"   # Gangster seat 8
KILLS = "gangster_kills"


def day_one(poison=6):
    game = new_game(SETUP)
    walk_night(game, {"poisoner": poison})
    return game


def kill(seat, agrees):
    return (KILLS, {"seat": seat, "agrees": agrees})


def fit(said):
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_a_living_neighbour_dies_when_the_other_agrees():
    game = day_one()
    said = run(game, kill(7, 1))
    assert "The Gangster, seat 8, Hal, kills seat 7, Gus, and seat 1, Ann agrees." \
        in public(said)
    assert "Seat 7, Gus dies." in public(said)
    assert not game.grim.seat(7).alive and game.last_kill == (7, "ability", 8)
    fit(said)


def test_the_command_parses_and_is_asked_back_for_a_yes():
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    tb = load_script("Trouble Brewing")
    lang = CommandLanguage(registry_for(tb), tb.ids + ["gangster"])
    for line in ("the gangster kills seat seven and seat one agrees",
                 "the gangster kills seat 7 with seat 1 agreeing"):
        c = lang.parse(line)
        assert (c.intent, c.slots) == (KILLS, {"seat": 7, "agrees": 1}), line
    assert lang.is_destructive(KILLS)


def test_dead_neighbours_are_skipped():
    game = day_one()
    run(game, ("die", {"seat": 7}))
    with pytest.raises(Rejected, match="not a living neighbour"):
        run(game, kill(7, 1))
    said = run(game, kill(6, 1))      # Gus is dead: Fay is the neighbour now
    assert not game.grim.seat(6).alive and "Seat 6, Fay dies." in public(said)


def test_only_a_neighbour_and_only_with_the_other_one_agreeing():
    game = day_one()
    with pytest.raises(Rejected, match="not a living neighbour"):
        run(game, kill(3, 1))
    with pytest.raises(Rejected, match="other living neighbour is seat 1, Ann"):
        run(game, kill(7, 4))
    with pytest.raises(Rejected, match="other living neighbour is seat 1, Ann"):
        run(game, kill(7, 7))
    assert all(p.alive for p in game.grim.players)


def test_once_per_day_and_again_the_next_day():
    game = day_one()
    run(game, kill(7, 1))
    with pytest.raises(Rejected, match="already killed today"):
        run(game, kill(1, 6))
    run(game, ("end_day", {}))
    walk_night(game, {"poisoner": 6, "monk": 2, "imp": 3})
    run(game, kill(6, 1))
    assert not game.grim.seat(6).alive


def test_not_at_night_nor_during_a_nomination():
    game = new_game(SETUP)
    with pytest.raises(Rejected, match="Not now"):
        run(game, kill(7, 1))
    walk_night(game, {"poisoner": 6})
    run(game, nominate(2, 3))
    with pytest.raises(Rejected, match="Not now"):
        run(game, kill(7, 1))


def test_a_dead_gangster_cannot_kill():
    game = day_one()
    run(game, ("die", {"seat": 8}))
    with pytest.raises(Rejected, match="is dead"):
        run(game, kill(7, 1))


def test_a_poisoned_gangster_kills_nobody():
    game = day_one(poison=8)
    said = run(game, kill(7, 1))
    assert game.grim.seat(7).alive
    assert "Seat 7, Gus does not die." in public(said)
    assert "The Gangster is poisoned" in private(said)
    fit(said)


def test_killing_the_demon_wins_for_good():
    game = day_one()
    said = run(game, kill(1, 7))
    assert game.winner.winner == "good" and "Good wins." in public(said)
