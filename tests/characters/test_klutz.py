"""The Klutz: on learning they died, they publicly choose a living player; an evil one loses
the game for the Klutz's team. The almanac's rulings, one test each."""
import pytest

from statemachine.line_rules import assert_fit_to_say
from snv_steps import end_day, execute, private, public, run, snv, walk_night
from statemachine.errors import Rejected
from statemachine.model import Effect

# seats: 1 Lleech (a Demon the Storyteller runs), 2 Witch, 3 Seamstress, 4 Klutz, 5 Savant, 6 Clockmaker, 7 Juggler
SETUP = "lleech,witch,seamstress,klutz,savant,clockmaker,juggler"


def klutz_chooses(seat):
    return ("choose", {"seats": [seat], "actor": "klutz"})


def day_one(characters=SETUP):
    game = snv(characters)
    walk_night(game)
    return game


def test_the_klutz_executed_chooses_a_good_player_and_night_falls_as_ever():
    game = day_one()
    said = run(game, execute(4))
    assert "say 'the klutz chooses seat' and the number" in private(said)
    assert game.phase.at_night                      # the execution ended the day
    said = run(game, klutz_chooses(3))               # secretly the Seamstress
    assert "The Klutz, seat 4, Dan, chooses seat 3, Cat." in public(said)
    assert "Seat 3, Cat is good: nothing happens." in private(said)
    assert game.winner is None and game.phase.at_night
    assert_fit_to_say([(s.text, True) for s in said])


def test_killed_at_night_the_klutz_chooses_the_demon_in_the_morning_and_good_loses():
    game = snv(SETUP)
    walk_night(game)
    run(game, end_day())
    walk_night(game, until="lleech")
    run(game, ("die", {"seat": 4}))
    walk_night(game)
    assert game.phase.state == "day"
    said = run(game, klutz_chooses(1))
    assert game.winner.winner == "evil" and "The Klutz" in game.winner.reason
    assert "Evil wins." in public(said)


def test_choosing_a_minion_loses_too():
    game = day_one()
    run(game, execute(4), klutz_chooses(2))
    assert game.winner.winner == "evil"


def test_an_evil_klutz_choosing_an_evil_player_makes_good_win():
    game = day_one()
    game.grim.seat(4).alignment = "evil"
    run(game, execute(4), klutz_chooses(2))
    assert game.winner.winner == "good"


def test_the_klutz_chooses_once_and_only_a_living_player():
    game = day_one()
    run(game, ("die", {"seat": 6}), execute(4))
    with pytest.raises(Rejected, match="dead: the Klutz chooses a living player"):
        run(game, klutz_chooses(6))
    with pytest.raises(Rejected, match="one living player"):
        run(game, ("choose", {"seats": [3, 5], "actor": "klutz"}))
    run(game, klutz_chooses(3))
    with pytest.raises(Rejected, match="only once"):
        run(game, klutz_chooses(1))


def test_a_living_klutz_does_not_choose():
    game = day_one()
    with pytest.raises(Rejected, match="The Klutz is alive"):
        run(game, klutz_chooses(1))
    assert game.winner is None


def test_a_poisoned_klutz_choosing_the_demon_loses_nothing():
    game = day_one()
    game.grim.seat(4).add_effect(Effect("poisoned", until="dusk"))
    run(game, ("die", {"seat": 4}))
    said = run(game, klutz_chooses(1))
    assert game.winner is None and "nothing happens" in private(said)


def test_a_player_who_may_register_as_evil_is_left_to_the_storyteller():
    # seats: 1 Lleech (a Demon the Storyteller runs), 2 Witch, 3 Recluse, 4 Klutz, ...
    game = day_one("lleech,witch,recluse,klutz,savant,clockmaker,juggler")
    run(game, ("die", {"seat": 4}))
    said = run(game, klutz_chooses(3))
    assert game.winner is None and "may register as good or evil" in private(said)


def test_the_choice_phrase_is_listened_for_while_a_klutz_is_in_play():
    game = day_one()
    assert "choose" in game.expected_intents()
    assert "choose" not in day_one("lleech,witch,seamstress,dreamer,savant,clockmaker,"
                                   "juggler").expected_intents()


def test_typed_the_choice_that_ends_the_game_is_confirmed_first(tmp_path):
    from console_helpers import Typed, said
    from snv_steps import SNV, typed_night
    t = Typed(tmp_path, SETUP, script=SNV)
    t.type("begin the night")
    typed_night(t)
    t.type("execute seat 4", "yes")
    assert not t.session.game.grim.seat(4).alive
    out = t.type("the klutz chooses seat 1")
    assert "that ends the game" in said(out) and t.session.game.winner is None
    t.type("yes")
    assert t.session.game.winner.winner == "evil"
    t.session.close()


def test_a_good_win_from_the_klutz_waits_while_both_evil_twins_live():
    game = snv("lleech,eviltwin,seamstress,klutz,savant,clockmaker,juggler", start=False)
    run(game, ("evil_twin", {"seat": 3}), "next")
    walk_night(game)
    game.grim.seat(4).alignment = "evil"
    said = run(game, execute(4), klutz_chooses(2))
    assert game.winner is None and "Good cannot win while both twins live" in private(said)
