"""The Fiddler (Fabled): once per game, the Demon secretly chooses an opposing player: all
players choose which of these 2 players win. The almanac's examples (the players choose the
good player, so good wins) and rulings (a living good player is chosen; evil wins ties; the
game is then over)."""
import pytest

from fabled_steps import end_day, fabled_game, fit, public, run, walk_night
from statemachine.errors import Rejected

# seats: 1 Imp, 2 Poisoner, 3 Empath, 4 Chef, 5 Monk, 6 Saint, 7 Washerwoman
SETUP = "imp,poisoner,empath,chef,monk,saint,washerwoman"


def challenge(seat):
    return ("fiddler_challenge", {"seat": seat})


def day_one(*fabled):
    game = fabled_game(SETUP, "fiddler", *fabled)
    walk_night(game)
    return game


def test_the_players_choose_the_good_player_so_good_wins():
    game = day_one()
    said = run(game, challenge(5))
    line = public(said)
    assert "The Fiddler: seat 1, Ann and seat 5, Eve face each other." in line
    assert "Demon" not in line and "Imp" not in line
    said += run(game, ("fiddler_winner", {"seat": 5}))
    assert game.winner.winner == "good"
    assert "Seat 5, Eve wins the Fiddler's contest. Good wins." in public(said)
    fit(said)


def test_the_demon_chosen_to_win_evil_wins_and_a_tie_is_evils():
    game = day_one()
    run(game, challenge(3), ("fiddler_winner", {"seat": 1}))
    assert game.winner.winner == "evil"
    game = day_one()
    said = run(game, challenge(3), ("fiddler_tie", {}))
    assert game.winner.winner == "evil" and "evil wins a tie" in public(said)


def test_the_demon_chooses_a_living_player_of_the_other_team():
    game = day_one()
    with pytest.raises(Rejected, match="other team"):
        run(game, challenge(2))                      # the Poisoner: evil
    run(game, ("die", {"seat": 4}))
    with pytest.raises(Rejected, match="other team"):
        run(game, challenge(4))                      # dead
    assert not game.grim.fabled_marks


def test_only_a_contestant_wins_and_only_once_per_game_by_day():
    game = day_one()
    with pytest.raises(Rejected, match="No fiddle"):
        run(game, ("fiddler_tie", {}))
    run(game, challenge(5))
    with pytest.raises(Rejected, match="not in the fiddle"):
        run(game, ("fiddler_winner", {"seat": 3}))
    with pytest.raises(Rejected, match="used this game"):
        run(game, challenge(3))
    game = day_one()
    run(game, end_day())
    with pytest.raises(Rejected, match="by day"):
        run(game, challenge(5))


def test_a_win_turned_by_an_ability_is_turned():
    """The Fiddler ends the game as an ability does, so the Heretic turns it."""
    game = fabled_game("imp,poisoner,heretic,chef,monk,saint,washerwoman", "fiddler")
    walk_night(game)
    run(game, challenge(5), ("fiddler_winner", {"seat": 5}))
    assert game.winner.winner == "evil"
