"""The Assassin: once per game, at night except the first, choose a player: they die, even
if something would keep them alive (an unstoppable kill: game.kill(..., unstoppable=True))."""
from almanac_steps import end_day, private, walk_night
from engine_helpers import new_game, run
from statemachine.model import Effect

BMR = "Bad Moon Rising"
# seats: 1 imp, 2 assassin, 3 monk, 4 soldier, 5 empath, 6 chef, 7 saint
SETUP = "imp,assassin,monk,soldier,empath,chef,saint"


def night_two(picks=None, poisoned=False):
    game = new_game(SETUP, BMR)
    walk_night(game)
    run(game, end_day())
    if poisoned:
        game.grim.seat(2).add_effect(Effect("poisoned", until="dusk", note="test"))
    said = walk_night(game, {"imp": [6], "monk": [5], "assassin": [], **(picks or {})},
                      until="assassin")
    return game, said


def test_never_on_the_first_night_and_woken_after():
    game = new_game(SETUP, BMR)
    assert "assassin" not in game.night_order_ids(first=True)
    assert "assassin" in game.night_order_ids(first=False)


def test_the_chosen_player_dies_though_the_monk_protects_them():
    game, _ = night_two()
    eve = game.grim.seat(5)
    assert any(e.kind == "protected" for e in eve.effects)
    said = run(game, ("choose", {"seats": [5]}))
    assert not eve.alive and "Seat 5, Eve dies." in private(said)


def test_the_soldier_dies_to_the_assassin_though_safe_from_the_demon():
    game, _ = night_two({"imp": [4]})
    dan = game.grim.seat(4)
    assert dan.alive                      # the Imp could not kill the Soldier
    run(game, ("choose", {"seats": [4]}))
    assert not dan.alive


def test_nothing_that_keeps_a_player_alive_stops_it(monkeypatch):
    game, _ = night_two()
    gus = game.grim.seat(7)
    gus.add_effect(Effect("safe", until="dawn", note="test"))     # safe from every death
    saint = type(game.unit("saint"))
    monkeypatch.setattr(saint, "before_death", lambda self, g, p, cause: False)
    assert not game.kill(gus, "ability")                          # any other kill fails
    run(game, ("choose", {"seats": [7]}))
    assert not gus.alive


def test_once_per_game():
    game, _ = night_two()
    run(game, ("choose", {"seats": [5]}))
    walk_night(game)
    run(game, end_day())
    assert "assassin" not in game.night_order_ids(first=False)
    assert "Assassin: No Ability" in game.grim.seat(2).reminders


def test_the_assassin_may_wait_for_a_later_night():
    game, _ = night_two()
    said = run(game, "nobody")
    assert "keeps their ability" in private(said)
    walk_night(game, {"imp": [6], "monk": [5]})
    run(game, end_day())
    assert "assassin" in game.night_order_ids(first=False)


def test_a_drunk_or_poisoned_assassin_kills_nobody_and_the_ability_is_gone():
    game, said = night_two(poisoned=True)
    assert "Wake the Assassin, seat 2, Ben. They are poisoned." in private(said)
    said = run(game, ("choose", {"seats": [5]}))
    assert game.grim.seat(5).alive
    assert "The Assassin is poisoned: seat 5, Eve does not die" in private(said)
    walk_night(game)
    run(game, end_day())
    assert "assassin" not in game.night_order_ids(first=False)


def test_a_dead_player_chosen_does_not_die_again():
    game, _ = night_two()
    said = run(game, ("choose", {"seats": [6]}))      # the Imp killed seat 6 tonight
    assert "Seat 6, Fay does not die." in private(said)
