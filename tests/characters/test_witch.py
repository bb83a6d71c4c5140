"""The Witch: each night chooses a player, who dies if they nominate tomorrow; once just three
players live, the Witch loses the ability. The almanac's rulings, one test each."""
from engine_helpers import choose
from line_rules import assert_fit_to_say
from snv_steps import (end_day, execute, next_day, nominate, private, public, run, snv,
                       vote, votes, walk_night)
from statemachine.model import Effect

# seats: 1 No Dashii, 2 Witch, 3 Sage, 4 Dreamer, 5 Savant, 6 Clockmaker, 7 Juggler
SETUP = "nodashii,witch,sage,dreamer,savant,clockmaker,juggler"


def cursed_day(seat, characters=SETUP, travellers=0):
    game = snv(characters, travellers=travellers)
    said = walk_night(game, {"witch": [seat]})
    assert f"is cursed: if they nominate tomorrow, they die." in private(said)
    return game


def test_the_witch_wakes_every_night_in_its_place():
    game = snv(SETUP)
    assert "witch" in game.night_order_ids(first=True)
    assert "witch" in game.night_order_ids(first=False)


def test_the_cursed_sage_dies_on_nominating_and_the_vote_on_the_dreamer_goes_on():
    game = cursed_day(3)
    said = run(game, nominate(3, 4))
    assert not game.grim.seat(3).alive
    assert "Seat 3, Cat dies." in public(said)
    assert game.phase.state == "vote"              # the nomination still counts
    said += run(game, vote(1, 2, 5, 6), votes(4), end_day())
    assert not game.grim.seat(4).alive             # the Dreamer is executed and dies too
    assert_fit_to_say([(s.text, False) for s in said])


def test_the_witch_may_curse_themself_and_dies_on_nominating():
    game = cursed_day(2)
    run(game, nominate(2, 1))
    assert not game.grim.seat(2).alive
    assert game.phase.state == "vote"
    run(game, votes(0))                             # nobody votes: nominations go on
    assert game.grim.seat(1).alive and game.phase.state == "day"
    run(game, nominate(5, 6))                       # the Witch is dead: no more curse
    assert game.grim.seat(5).alive


def test_an_uncursed_nominator_lives():
    game = cursed_day(3)
    run(game, nominate(5, 4))
    assert game.grim.seat(5).alive


def test_the_curse_follows_the_player_into_a_new_character():
    # The curse is on the player: cursed, then made the Demon (as a Fang Gu would jump), the
    # new Demon nominates and dies, and with the old Demon dead good wins.
    game = cursed_day(3)
    run(game, ("become", {"seat": 3, "character": "fanggu"}), ("die", {"seat": 1}))
    assert game.winner is None
    said = run(game, nominate(3, 5))
    assert game.winner and game.winner.winner == "good"
    assert not game.grim.seat(3).alive and "The Demon is dead. Good wins." in public(said)


def test_the_curse_lasts_one_day_only():
    game = cursed_day(3)
    next_day(game, {"witch": [7], "nodashii": [6]})
    run(game, nominate(3, 4))
    assert game.grim.seat(3).alive
    run(game, votes(0), nominate(7, 5))
    assert not game.grim.seat(7).alive


def test_the_same_player_may_be_cursed_night_after_night():
    game = cursed_day(3)
    next_day(game, {"witch": [3], "nodashii": [6]})
    run(game, nominate(3, 4))
    assert not game.grim.seat(3).alive


def test_with_just_three_alive_the_curse_is_lifted_and_the_witch_acts_no_more():
    # Five players. Day 1 seat 4 is executed; on night 2 the Witch curses the Savant, then a
    # death leaves three alive: the curse is lifted, and the Savant nominates safely.
    game = snv("vortox,witch,sage,dreamer,savant")
    walk_night(game)
    run(game, execute(4))
    walk_night(game, {"witch": [5]}, until="vortox")
    said = run(game, ("die", {"seat": 3}))
    assert len(game.grim.living) == 3
    assert "the Witch's curse is lifted" in private(said)
    walk_night(game, {"vortox": [4]})                 # the Vortox attacks the dead seat 4
    run(game, nominate(5, 1))
    assert game.grim.seat(5).alive
    assert "witch" not in game.night_order_ids(first=False)


def test_a_call_for_an_exile_is_not_a_nomination():
    game = cursed_day(7, SETUP + ",deviant", travellers=1)
    run(game, ("exile", {"seat": 8, "caller": 7}))
    assert game.grim.seat(7).alive


def test_a_poisoned_witch_curses_nobody():
    game = snv(SETUP)
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk"))
    said = walk_night(game, {"witch": [3]})
    assert "The Witch is poisoned: nobody is cursed." in private(said)
    run(game, nominate(3, 4))
    assert game.grim.seat(3).alive


def test_the_curse_ends_when_the_witch_dies_before_the_nomination():
    game = cursed_day(3)
    run(game, ("die", {"seat": 2}))
    run(game, nominate(3, 4))
    assert game.grim.seat(3).alive


def test_the_curse_is_shown_in_the_grimoire():
    from statemachine.view.grimoire import build_view
    game = cursed_day(3)
    [effect] = build_view(game).seat(3).effects
    assert effect.startswith("cursed by seat 2, Ben, the Witch")
