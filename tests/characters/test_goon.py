"""The Goon: each night, the first player whose ability chooses you is drunk until dusk,
and you take their alignment (the engine's on_chosen hook)."""
from pathlib import Path

from almanac_steps import end_day, execute, private, walk_night
from engine_helpers import new_game, run
from statemachine.rules.chosen import notify_chosen
from statemachine.model import Effect
from statemachine.waits import ChooseSeats

BMR = "Bad Moon Rising"
# a homebrew Demon the narrator cannot run
WARDEN = str(Path(__file__).parents[1] / "games" / "scripts" /
             "bmr-and-a-homebrew-demon.json")
# seats: 1 imp, 2 poisoner, 3 monk, 4 goon, 5 empath, 6 chef, 7 assassin
SETUP = "imp,poisoner,monk,goon,empath,chef,assassin"


def drunk_by_goon(game):
    return [p.seat for p in game.grim.players
            if any(e.kind == "drunk" and e.note == "Goon" for e in p.effects)]


def night_two(picks):
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]})
    run(game, end_day())
    said = walk_night(game, {"poisoner": [6], "monk": [5], "imp": [6], "assassin": [], **picks})
    return game, said


def test_the_demon_choosing_the_goon_is_drunk_the_goon_lives_and_turns_evil():
    game, said = night_two({"imp": [4]})
    dan = game.grim.seat(4)
    assert dan.alive and dan.alignment == "evil"
    assert drunk_by_goon(game) == [1]
    assert ("Seat 1, Ann chose the Goon, seat 4, Dan, first tonight: the Imp is drunk until "
            "dusk.") in private(said)
    assert ("Wake the Goon, seat 4, Dan. Show the You Are token and a thumbs down: they are "
            "evil now. Put the Goon to sleep.") in private(said)
    assert game.impairment(game.grim.seat(1)) == "drunk"      # all the next day
    run(game, end_day())
    assert game.impairment(game.grim.seat(1)) is None         # until dusk


def test_only_the_first_chooser_each_night():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]})
    run(game, end_day())
    said = walk_night(game, {"poisoner": [4], "monk": [4]}, until="imp")
    dan = game.grim.seat(4)
    assert drunk_by_goon(game) == [2] and dan.alignment == "evil"
    assert not dan.has_effect("poisoned")                     # the Poisoner's poison failed
    assert any(e.kind == "protected" for e in dan.effects)    # the Monk's choice works
    assert "Seat 3, Cat chose the Goon" not in private(said)


def test_a_new_night_a_new_first_chooser():
    game, _ = night_two({"poisoner": [4]})
    assert game.grim.seat(4).alignment == "evil"
    run(game, end_day())
    walk_night(game, {"poisoner": [6], "monk": [4], "imp": [6], "assassin": []})
    assert game.grim.seat(4).alignment == "good" and 3 in drunk_by_goon(game)


def test_a_chooser_already_drunk_or_poisoned_still_counts():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [1]})                       # the Imp is poisoned
    run(game, end_day())
    walk_night(game, {"poisoner": [6], "monk": [5], "imp": [4], "assassin": []})
    assert game.grim.seat(4).alignment == "evil" and 1 in drunk_by_goon(game)


def test_the_same_alignment_drunk_but_no_change_and_no_wake():
    game, said = night_two({"monk": [4]})
    assert drunk_by_goon(game) == [3] and game.grim.seat(4).alignment == "good"
    assert "Wake the Goon" not in private(said)


def test_a_drunk_or_poisoned_goon_does_nothing():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]})
    run(game, end_day())
    game.grim.seat(4).add_effect(Effect("drunk", until="dawn", note="test"))
    walk_night(game, {"poisoner": [6], "monk": [5], "imp": [4], "assassin": []})
    assert not game.grim.seat(4).alive and drunk_by_goon(game) == []


def test_the_assassin_choosing_the_goon_still_kills_and_the_goon_dies_evil():
    game, _ = night_two({"assassin": [4]})
    dan = game.grim.seat(4)
    assert not dan.alive and dan.alignment == "evil" and drunk_by_goon(game) == [7]


def test_the_storytellers_own_choice_does_not_count():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]}, until="poisoner")
    notify_chosen(game, ChooseSeats(actor="poisoner", by_holder=False), [4])
    assert drunk_by_goon(game) == []
    notify_chosen(game, ChooseSeats(actor="poisoner"), [4])
    assert drunk_by_goon(game) == [2]


def test_the_moonchild_kills_a_goon_good_when_chosen_though_evil_by_night():
    game = new_game("imp,poisoner,monk,goon,empath,chef,moonchild", BMR)
    walk_night(game, {"poisoner": [6]})
    run(game, execute(7), ("choose", {"seats": [4], "actor": "moonchild"}))
    walk_night(game, {"poisoner": [6], "monk": [5], "imp": [4]})
    dan = game.grim.seat(4)
    assert dan.alignment == "evil" and not dan.alive


def test_jinx_a_demon_given_the_goons_ability_by_the_boffin_never_turns_good():
    from characters.catalogue import build_registry
    from statemachine.game import Game, GameSetup
    script = ["imp", "boffin", "monk", "empath", "chef", "soldier", "saint", "goon"]
    game = Game(GameSetup("Jinxed", script, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"],
                          ["imp", "boffin", "monk", "empath", "chef", "soldier", "saint"]),
                build_registry())
    game.start()
    run(game, ("boffin_gives", {"character": "goon"}), "next")
    assert "goon" in game.abilities(game.grim.seat(1))
    walk_night(game)
    run(game, end_day())
    said = walk_night(game, {"monk": [1], "imp": [4]})
    ann = game.grim.seat(1)
    assert ann.alignment == "evil" and 3 in drunk_by_goon(game)
    assert "cannot turn good through it" in private(said)
    assert not game.grim.seat(4).alive           # only the chooser is drunk, not the Demon


def test_the_goons_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]})
    lines = [(s.text, False) for s in run(game, end_day())]
    picks = {"poisoner": 4, "monk": 5, "imp": 4, "assassin": None}
    while game.phase.at_night:
        seat = picks.get(game.current.ability) if game.wait else None
        if game.wait and "choose" in game.wait.accepts() and seat:
            cmd = ("choose", {"seats": [seat]})
        elif game.wait and "nobody" in game.wait.accepts():
            cmd = "nobody"
        else:
            cmd = "next"
        lines += [(s.text, game.phase.at_night) for s in run(game, cmd)]
    assert any("Wake the Goon" in t for t, _ in lines)
    assert_fit_to_say(lines)


def test_a_goon_the_pit_hag_made_of_an_evil_player_does_not_turn_good(tmp_path):
    """The jinx: an evil player the Pit-Hag makes the Goon cannot turn good through it."""
    import json
    script = tmp_path / "hag-and-goon.json"
    script.write_text(json.dumps([{"id": "_meta", "name": "Hag and Goon"}, "imp", "pithag",
                                  "poisoner", "monk", "empath", "chef", "saint", "goon",
                                  "soldier", "mayor", "virgin", "recluse"]))
    # seats: 1 imp, 2 pit-hag, 3 poisoner, 4 monk, 5 empath, 6 chef, 7 saint
    game = new_game("imp,pithag,poisoner,monk,empath,chef,saint", str(script))
    walk_night(game, {"poisoner": [6]})
    run(game, end_day())
    walk_night(game, {"poisoner": [6], "monk": [5], "imp": [6], "pithag": [3],
                      "character": "goon"}, until="pithag")
    run(game, ("choose", {"seats": [3]}), ("character", {"character": "goon"}))
    walk_night(game, {"poisoner": [6], "monk": [5], "imp": [5]})
    assert game.grim.seat(3).character == "goon"
    run(game, end_day())
    said = walk_night(game, {"monk": [3], "imp": [7]})
    assert game.grim.seat(3).alignment == "evil"
    assert "The Pit-Hag made this Goon: they cannot turn good through it (a jinx)." in private(said)


def test_a_storyteller_run_step_noting_the_goon_asks_before_the_goon_acts():
    """Issue 25, item 7: a Storyteller-run step notes every seat said, the player's choice
    or the Storyteller's own; the Goon's ability answers only a player's own choice, so
    the narrator asks which it was (one question, only when a Goon is noted) and acts on
    the answer, never silently."""
    from engine_helpers import choose
    from statemachine.waits import YesNo
    # seats: 1 the Warden (a homebrew Demon, Storyteller-run), 2 poisoner, 3 monk, 4 goon,
    # 5 empath, 6 chef, 7 saint
    game = new_game("testwarden,poisoner,monk,goon,empath,chef,saint", WARDEN)
    walk_night(game, {"poisoner": [6]}, until="testwarden")
    run(game, choose(4))
    assert drunk_by_goon(game) == [] and game.grim.seat(4).alignment == "good"
    said = run(game, "next")
    assert isinstance(game.wait, YesNo)
    assert ("Seat 4, Dan is the Goon. Did the Warden choose them with their own ability? "
            "Say yes or no.") in private(said)
    said = run(game, "yes")
    assert drunk_by_goon(game) == [1] and game.grim.seat(4).alignment == "evil"

    game = new_game("testwarden,poisoner,monk,goon,empath,chef,saint", WARDEN)
    walk_night(game, {"poisoner": [6]}, until="testwarden")
    run(game, choose(4), "next", "no")
    assert drunk_by_goon(game) == [] and game.grim.seat(4).alignment == "good"
