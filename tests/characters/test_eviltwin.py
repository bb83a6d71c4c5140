"""The Evil Twin: they and a player of the other side know each other; if the good twin is
executed evil wins, and good cannot win while both live. The almanac's rulings, one test
each."""
import pytest

from statemachine.line_rules import assert_fit_to_say
from snv_steps import execute, private, public, run, snv, walk_night
from statemachine.errors import Rejected
from statemachine.view.grimoire import build_view

# seats: 1 Vortox, 2 Evil Twin, 3 Oracle, 4 Dreamer, 5 Savant, 6 Clockmaker, 7 Juggler
SETUP = "vortox,eviltwin,oracle,dreamer,savant,clockmaker,juggler"


def twin_of(game, seat=2):
    return game.unit("eviltwin").twin(game, game.grim.seat(seat))


def with_twin(seat=3, characters=SETUP):
    game = snv(characters, start=False)
    said = run(game, ("evil_twin", {"seat": seat}))
    assert f"is the Evil Twin's twin." in private(said)
    return game


def test_a_good_twin_is_proposed_at_setup_and_said():
    game = snv(SETUP, start=False)
    twin = twin_of(game)
    assert twin is not None and twin.alignment == "good" and not twin.traveller
    opening = game.start()
    assert f"The Evil Twin's twin, proposed: {twin.label}" in private(opening)


def test_the_proposal_comes_from_the_seed():
    seats = {twin_of(snv(SETUP, seed=s, start=False)).seat for s in range(8)}
    assert len(seats) > 1


def test_the_storyteller_chooses_the_twin_but_never_one_of_the_same_side():
    game = with_twin(5)
    assert twin_of(game).seat == 5
    with pytest.raises(Rejected, match="other side"):
        run(game, ("evil_twin", {"seat": 1}))
    assert twin_of(game).seat == 5


def test_both_twins_wake_on_the_first_night_and_learn_each_others_character():
    game = with_twin(3)
    run(game, "next")
    said = walk_night(game, until="eviltwin")
    said += run(game, "next") if game.current.ability == "eviltwin" else []
    text = private(said)
    assert "Wake the Evil Twin, seat 2, Ben." in text
    assert ("Also wake the twin, seat 3, Cat. Let the twins see each other. Show seat 3, Cat "
            "the Evil Twin token, and show the Evil Twin the Oracle token.") in text
    walk_night(game)
    assert "eviltwin" not in game.night_order_ids(first=False)    # the first night only
    assert_fit_to_say([(s.text, True) for s in said])


def day_one(seat=3):
    game = with_twin(seat)
    run(game, "next")
    walk_night(game)
    return game


def test_both_twins_claim_the_oracle_the_evil_twin_is_executed_and_the_game_goes_on():
    game = day_one()
    run(game, execute(2))
    assert game.winner is None and game.phase.at_night


def test_the_good_twin_executed_evil_wins():
    game = day_one()
    said = run(game, execute(3))
    assert game.winner.winner == "evil" and "good twin" in game.winner.reason
    assert "Evil wins." in public(said)


def test_a_dead_evil_twin_has_no_ability_so_executing_the_good_twin_later_is_safe():
    game = day_one()
    run(game, ("die", {"seat": 2}), execute(3))
    assert game.winner is None


def test_the_good_twin_dying_otherwise_is_no_win():
    game = day_one()
    run(game, ("die", {"seat": 3}))
    assert game.winner is None


def test_good_cannot_win_while_both_twins_live_even_with_the_demon_dead():
    game = day_one()
    said = run(game, execute(1))
    assert game.winner is None
    assert "Good cannot win while both twins live" in private(said)
    walk_night(game)
    run(game, execute(2))                            # the Evil Twin too: now good wins
    assert game.winner.winner == "good"


def test_good_wins_once_the_good_twin_is_dead_and_the_demon_dies():
    game = day_one()
    run(game, ("die", {"seat": 3}), execute(1))
    assert game.winner.winner == "good"


def test_a_good_player_made_the_evil_twin_is_still_good_and_executing_them_wins_for_evil():
    # A good player turned into the Evil Twin: an evil player becomes their twin, and it is
    # the good one (the new Evil Twin) whose execution wins the game for evil.
    game = snv("vortox,witch,oracle,dreamer,savant,clockmaker,juggler")
    walk_night(game)
    run(game, ("become", {"seat": 4, "character": "eviltwin"}))
    dan = game.grim.seat(4)
    assert dan.alignment == "good"
    game.unit("eviltwin").prepare(game, dan)
    assert twin_of(game, 4).alignment == "evil"
    run(game, execute(4))
    assert game.winner.winner == "evil"


def test_twins_on_the_same_side_make_the_storyteller_choose_a_new_twin():
    game = day_one()
    said = run(game, ("alignment", {"seat": 3, "alignment": "evil"}))
    assert "are on one side now. Say 'the twin is seat'" in private(said)
    run(game, ("evil_twin", {"seat": 5}))
    assert twin_of(game).seat == 5


def test_the_pair_is_in_the_grimoire_and_follows_the_player_when_seats_move():
    game = with_twin(3)
    assert build_view(game).seat(3).effects[0].startswith("the twin of seat 2, Ben, the Evil "
                                                         "Twin")
    cat = game.grim.seat(3)
    game.seats.swap(game.grim.seat(3), game.grim.seat(6))
    assert twin_of(game) is cat


def test_the_good_twin_executed_at_night_for_breaking_madness_wins_for_evil():
    # The Pit-Hag made the good twin the Mutant; they hint at it at night and are executed.
    game = with_twin(8, "vortox,eviltwin,oracle,dreamer,savant,clockmaker,juggler,mutant")
    run(game, "next")
    walk_night(game)
    run(game, execute(3))
    assert game.phase.at_night and game.winner is None
    run(game, ("broke_madness", {"seat": 8}))
    assert game.winner.winner == "evil" and "good twin" in game.winner.reason


def test_a_dead_good_twin_executed_again_still_wins_for_evil():
    game = day_one()
    run(game, ("die", {"seat": 3}), execute(3))
    assert game.winner.winner == "evil"


def test_typed_the_twin_is_chosen_at_setup_and_kept_on_resume(tmp_path):
    from console_helpers import Typed
    from snv_steps import SNV
    from statemachine.journal.session import Session
    t = Typed(tmp_path, SETUP, script=SNV)
    t.type("the twin is seat 6", "begin the night")
    assert twin_of(t.session.game).seat == 6
    t.session.close()
    again = Session.resume(tmp_path / "g.sqlite", t.session.game.registry)
    assert twin_of(again.game).seat == 6
    again.close()
