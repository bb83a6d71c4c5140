"""The Fearmonger: each night, choose a player: if you nominate & execute them, their team
loses. All players know if you choose a new player. (The search tool gave the wiki's
summary points and the first lines of its How to Run: the announcement of a new choice only,
never who; only the current choice counts; executed but surviving still loses. A drunk or
poisoned Fearmonger's choice was not on the page: here it changes nothing.)"""
from engine_helpers import end_day, execute, new_game, nominate, private, public, run, votes
from statemachine.model import Effect
from tf_steps import to_day

# seats: 1 imp, 2 fearmonger, 3 chef, 4 empath, 5 monk, 6 soldier, 7 saint
SETUP = "imp,fearmonger,chef,empath,monk,soldier,saint"


def day_one(fear=4):
    game = new_game(SETUP)
    said = to_day(game, {"fearmonger": fear})
    return game, said


def test_the_first_choice_is_announced_at_dawn_never_who():
    game, said = day_one()
    assert "Fearmonger 2: Fear" in game.grim.seat(4).reminders
    assert "The Fearmonger has chosen a player." in public(said)
    assert not any("Fearmonger" in s.text and "seat" in s.text.lower()
                   for s in said if s.channel == "public")


def test_nominated_and_executed_by_the_fearmonger_their_team_loses():
    game, _ = day_one()
    said = run(game, nominate(2, 4), votes(4), end_day())
    assert game.winner is not None and game.winner.winner == "evil"
    assert "The Fearmonger nominated and executed Dan: the good team loses." in public(said)


def test_executed_by_another_players_nomination_nothing_happens():
    game, _ = day_one()
    run(game, nominate(3, 4), votes(4), end_day())
    assert game.winner is None and not game.grim.seat(4).alive


def test_the_same_choice_again_is_not_announced_and_a_new_one_is():
    game, _ = day_one()
    run(game, end_day())
    said = to_day(game, {"fearmonger": 4, "monk": 3, "imp": 6})
    assert "The Fearmonger has chosen a player." not in public(said)
    run(game, end_day())
    said = to_day(game, {"fearmonger": 3, "monk": 4, "imp": 7})
    assert "The Fearmonger has chosen a player." in public(said)
    assert "Fearmonger 2: Fear" not in game.grim.seat(4).reminders   # only the current one
    assert "Fearmonger 2: Fear" in game.grim.seat(3).reminders


def test_a_poisoned_fearmonger_changes_nothing_and_cannot_win_by_it():
    game = new_game(SETUP, start=False)
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk", note="test"))
    run(game, "next")
    said = to_day(game, {"fearmonger": 4})
    assert "The Fearmonger has chosen a player." not in public(said)
    assert not any("Fearmonger" in r for p in game.grim.players for r in p.reminders)


def test_the_mark_follows_the_fearmonger_when_seats_move():
    game, _ = day_one()
    game.seats.swap(game.grim.seat(2), game.grim.seat(6))     # the Fearmonger to seat 6
    assert "Fearmonger 6: Fear" in game.grim.seat(4).reminders
    run(game, nominate(6, 4), votes(4), end_day())
    assert game.winner is not None and game.winner.winner == "evil"


def test_its_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game = new_game(SETUP, start=False)
    said = run(game, "next") + to_day(game, {"fearmonger": 4})
    said += run(game, nominate(2, 4), votes(4), end_day())
    assert_fit_to_say([(s.text, s.channel == "private") for s in said])
