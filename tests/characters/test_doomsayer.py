"""The Doomsayer (Fabled): if 4 or more players live, each living player may publicly choose
(once per game) that a player of their own alignment dies. The almanac's How to Run and its
examples: the Storyteller chooses who dies, of the caller's alignment; once three are left
it no longer works."""
import pytest

from fabled_steps import end_day, fabled_game, fit, private, public, run, walk_night
from statemachine.errors import Rejected

# seats: 1 Imp, 2 Poisoner, 3 Baron, 4 Monk, 5 Washerwoman, 6 Chef, 7 Empath, 8 Saint
SETUP = "imp,poisoner,baron,monk,washerwoman,chef,empath,saint"


def call(seat):
    return ("doomsayer_called", {"seat": seat})


def kills(seat):
    return ("doomsayer_kills", {"seat": seat})


def day_one():
    game = fabled_game(SETUP, "doomsayer")
    walk_night(game)
    return game


def test_declared_at_the_start_and_called_by_day_with_a_proposal_of_the_same_team():
    game = fabled_game(SETUP, "doomsayer", start=False)
    assert "The Storyteller has the Doomsayer" in public(game.opening)
    run(game, "next")
    walk_night(game)
    said = run(game, call(4))
    assert "Seat 4, Dan calls on the Doomsayer" in public(said)
    proposal = private(said)
    assert "A good player dies, your choice. Proposed: seat" in proposal
    proposed = int(proposal.split("Proposed: seat ")[1].split(",")[0])
    assert game.grim.seat(proposed).alignment == "good" and proposed != 4
    fit(said)


def test_the_almanac_example_the_monk_then_the_poisoner():
    game = day_one()
    said = run(game, call(4), kills(5))              # the Monk: the Washerwoman dies
    assert "Seat 5, Eve dies." in public(said)
    assert not game.grim.seat(5).alive and game.last_kill[:2] == (5, "ability")
    said = run(game, call(2), kills(3))              # the Poisoner: the Baron dies
    assert "An evil player dies, your choice." in private(said)
    assert not game.grim.seat(3).alive
    assert game.winner is None
    fit(said)


def test_the_victim_must_be_of_the_callers_alignment_and_alive():
    game = day_one()
    run(game, call(4))
    with pytest.raises(Rejected, match="not good"):
        run(game, kills(2))
    assert game.grim.seat(2).alive
    run(game, kills(4))                              # the caller may be the one who dies
    assert not game.grim.seat(4).alive


def test_once_per_player_per_game():
    game = day_one()
    run(game, call(6), kills(7))
    with pytest.raises(Rejected, match="already this game"):
        run(game, call(6))
    run(game, end_day())
    walk_night(game)
    with pytest.raises(Rejected, match="already this game"):
        run(game, call(6))


def test_only_while_four_or_more_live_and_only_the_living_call():
    game = day_one()
    for seat in (5, 6, 7, 8):
        run(game, ("die", {"seat": seat}))
    with pytest.raises(Rejected, match="dead"):
        run(game, call(5))
    run(game, call(4), kills(4))                     # four alive: it works
    with pytest.raises(Rejected, match="Only 3 players live"):
        run(game, call(2))


def test_killing_the_demon_this_way_ends_the_game():
    game = day_one()
    run(game, call(2), kills(1))
    assert game.winner is not None and game.winner.winner == "good"


def test_not_at_night_and_no_kill_without_a_call():
    game = day_one()
    with pytest.raises(Rejected, match="nobody has called"):
        run(game, kills(5))
    run(game, end_day())
    with pytest.raises(Rejected, match="by day"):
        run(game, call(4))


def test_one_call_at_a_time_and_a_call_answered_the_same_day():
    game = day_one()
    run(game, call(4))
    with pytest.raises(Rejected, match="call waits"):
        run(game, call(6))
    run(game, end_day())
    walk_night(game)
    with pytest.raises(Rejected, match="nobody has called"):
        run(game, kills(5))
