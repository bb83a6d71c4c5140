"""The Mastermind: if the Demon is executed and dies, ending the game, the game goes on one
more day; whoever is executed then makes their team lose (the postpones_end hook)."""
import pytest

from almanac_steps import end_day, execute, private, public, walk_night
from engine_helpers import new_game, run
from statemachine.errors import Rejected
from statemachine.model import Effect

BMR = "Bad Moon Rising"
# seats: 1 imp, 2 mastermind, 3 monk, 4 soldier, 5 empath, 6 chef, 7 saint
SETUP = "imp,mastermind,monk,soldier,empath,chef,saint"


def demon_executed(impair=None):
    game = new_game(SETUP, BMR)
    walk_night(game)
    if impair:
        game.grim.seat(2).add_effect(Effect(impair, until="dusk", note="test"))
    said = run(game, execute(1))
    return game, said


def extra_day():
    game, _ = demon_executed()
    said = walk_night(game, {"monk": [5]})
    return game, said


def test_the_demon_executed_the_game_goes_on_and_only_the_storyteller_is_told():
    game, said = demon_executed()
    assert game.winner is None and not game.grim.seat(1).alive
    assert "Ann is dead." in public(said) and "game is over" not in public(said).lower()
    assert ("The Demon died by execution, but the Mastermind, seat 2, Ben, plays on. The game "
            "goes on for one more day") in private(said)
    assert game.phase.at_night


def test_the_dead_demon_does_not_attack_and_other_abilities_work():
    game, _ = demon_executed()
    order = game.night_order_ids(first=False)
    assert "imp" not in order and "monk" in order
    said = walk_night(game, {"monk": [5]})
    assert "Seat 5, Eve is safe from the Demon tonight." in private(said)
    assert game.winner is None and game.phase.in_day


def test_a_good_player_executed_on_the_extra_day_evil_wins():
    game, _ = extra_day()
    said = run(game, execute(5))
    assert game.winner.winner == "evil"
    assert "On the Mastermind's extra day, seat 5, Eve, a good player, was executed." in public(said)


def test_an_evil_player_executed_good_wins():
    game, _ = extra_day()
    run(game, execute(2))
    assert game.winner.winner == "good"


def test_nobody_executed_good_wins_at_dusk():
    game, _ = extra_day()
    said = run(game, end_day())
    assert game.winner.winner == "good" and "nobody was executed" in public(said)


def test_executed_but_alive_still_makes_their_team_lose():
    game, _ = extra_day()
    game.grim.seat(5).add_effect(Effect("survives execution", until="dusk", note="test"))
    run(game, execute(5))
    assert game.grim.seat(5).alive and game.winner.winner == "evil"


def test_with_two_players_left_the_game_still_goes_on():
    game = new_game(SETUP, BMR)
    walk_night(game)
    for seat in (3, 4, 6, 7):
        run(game, ("die", {"seat": seat}))
    run(game, execute(1))                       # two alive: Ben and Eve
    assert game.winner is None
    walk_night(game)
    run(game, execute(5))
    assert game.winner.winner == "evil"


def test_a_demon_dying_otherwise_ends_the_game_at_once():
    game = new_game(SETUP, BMR)
    walk_night(game)
    run(game, ("die", {"seat": 1}))
    assert game.winner.winner == "good"


def test_a_drunk_or_poisoned_mastermind_does_nothing():
    game, said = demon_executed(impair="drunk")
    assert game.winner.winner == "good"


def test_a_dead_mastermind_does_nothing():
    game = new_game(SETUP, BMR)
    walk_night(game)
    run(game, ("die", {"seat": 2}), execute(1))
    assert game.winner.winner == "good"


def jinxed():
    from characters.catalogue import build_registry
    from statemachine.game import Game, GameSetup
    script = ["alhadikhia", "mastermind", "monk", "soldier", "empath", "chef", "saint"]
    game = Game(GameSetup("Jinxed", script, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"],
                          list(script)), build_registry())
    game.start()
    run(game, "next")
    walk_night(game)
    said = run(game, execute(1))
    return game, said


def live(seat):
    return ("alhadikhia_live", {"seat": seat})


def test_jinx_the_al_hadikhia_executed_chooses_three_good_players_that_night():
    game, said = jinxed()
    assert game.winner is None and "A jinx: the Al-Hadikhia was executed while the Mastermind" in \
        private(said)
    said = walk_night(game, {"monk": [5]}, until="mastermind")
    assert "Wake the Al-Hadikhia, seat 1, Ann: they choose three good players." in \
        game.last_private
    with pytest.raises(Rejected, match="is not good"):
        run(game, ("choose", {"seats": [2, 3, 4]}))
    run(game, ("choose", {"seats": [3, 4, 5]}), live(3), live(4))
    run(game, live(5))
    assert game.winner.winner == "evil"
    assert game.winner.reason == "The Al-Hadikhia's three chose to live, all of them."


def test_jinx_not_all_three_live_good_wins():
    game, _ = jinxed()
    walk_night(game, {"monk": [5]}, until="mastermind")
    run(game, ("choose", {"seats": [3, 4, 5]}), live(3), ("alhadikhia_die", {"seat": 4}),
        live(5))
    assert game.winner.winner == "good"


def test_the_mastermind_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game = new_game(SETUP, BMR)
    walk_night(game)
    lines = [(s.text, False) for s in run(game, execute(1))]
    while game.phase.at_night:
        cmd = ("choose", {"seats": [5]}) if game.wait and "choose" in game.wait.accepts() \
            else "next"
        lines += [(s.text, game.phase.at_night) for s in run(game, cmd)]
    lines += [(s.text, False) for s in run(game, execute(5))]
    assert any("Mastermind" in t for t, _ in lines)
    assert_fit_to_say(lines)


def test_a_minion_executed_on_the_extra_day_ends_the_game_and_the_minstrel_says_nothing():
    """Issue 25, item 6: the Mastermind executed on their extra day makes evil lose, so the
    game is over; the Minstrel's 'everyone is drunk' is not said for a game that ended."""
    game = new_game("imp,mastermind,monk,soldier,minstrel,chef,saint", BMR)
    walk_night(game)
    run(game, execute(1))
    walk_night(game, {"monk": [5]})
    said = run(game, execute(2))
    assert game.winner is not None and game.winner.winner == "good"
    assert "Everyone Is Drunk" not in private(said)
    assert not any(e.note == "Minstrel" for p in game.grim.players for e in p.effects)
