"""The Huntsman and the Damsel. The Huntsman: once per game, at night, choose a living
player: the Damsel, if chosen, becomes a not-in-play Townsfolk. [+the Damsel]. The Damsel:
all Minions know a Damsel is in play; if a Minion publicly guesses you (once), your team
loses. (The search tool gave the wiki's Damsel page with its How to Run points and examples:
one guess shared by the Minions, the Demon's pretended guess not counting; for the
Huntsman, a script site's How to Run, the ability spent on a wrong choice, and players'
talk on whether the Damsel may be an extra Outsider: here it takes an Outsider's place, and
a Townsfolk's only when the setup has no Outsider. A dead Damsel guessed, and a guess made
at night, were not on those pages: the rulings below follow the abilities.)"""
import json

import pytest

from characters.scripts import load_script, registry_for
from engine_helpers import end_day, new_game, private, public, run
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from tf_steps import to_day, until

TB = ["washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller",
      "undertaker", "monk", "ravenkeeper", "virgin", "slayer", "soldier", "mayor",
      "butler", "drunk", "recluse", "saint"]
# seats: 1 imp, 2 poisoner, 3 huntsman, 4 damsel, 5 chef, 6 empath, 7 monk, 8 scarlet woman
SETUP = "imp,poisoner,huntsman,damsel,chef,empath,monk,scarletwoman"


def script(tmp_path):
    path = tmp_path / "hunt.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Hunting Brewing"}, "imp", "poisoner",
                                "spy", "baron", "scarletwoman", "pithag", *TB, "huntsman",
                                "damsel"]))
    return str(path)


def game(tmp_path, start=True):
    return new_game(SETUP, script(tmp_path), start=start)


# --- setup -------------------------------------------------------------------------------------
def test_a_drawn_bag_with_the_huntsman_holds_the_damsel_in_an_outsiders_place(tmp_path):
    loaded = load_script(script(tmp_path))
    reg = registry_for(loaded)
    found = 0
    for seed in range(150):
        for n in (7, 8):                      # no Outsider usually at 7, one at 8
            g = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(n)], None,
                               seed), reg)
            ids = [p.character for p in g.grim.players]
            if "huntsman" not in ids or "baron" in ids:
                continue
            found += 1
            assert "damsel" in ids
            outsiders = sum(1 for p in g.grim.players if g.team_of(p) == "outsider")
            assert outsiders == 1, (n, ids)
    assert found > 5


def test_an_explicit_setup_without_the_damsel_is_said(tmp_path):
    g = new_game("imp,poisoner,huntsman,saint,chef,empath,monk,soldier", script(tmp_path),
                 start=False)
    assert "Note: the Huntsman is in play without the Damsel." in g.setup_lines()
    g = game(tmp_path, start=False)
    assert "Note: the Huntsman is in play without the Damsel." not in g.setup_lines()
    assert not any("Outsiders in play where" in line for line in g.setup_lines())


# --- the Damsel's first night ------------------------------------------------------------------
def test_the_minions_are_shown_that_a_damsel_is_in_play(tmp_path):
    g = game(tmp_path)
    said = until(g, "damsel", {"poisoner": 6, "huntsman": 5})
    assert "The Damsel, seat 4, Dan: do not wake them." in private(said)
    assert g.wait.prompt.startswith("Wake the Minions, seat 2, Ben and seat 8, Hal: show them "
                                    "the Damsel token")


# --- the Huntsman --------------------------------------------------------------------------------
def test_choosing_the_damsel_makes_them_a_townsfolk_not_in_play(tmp_path):
    g = game(tmp_path)
    until(g, "huntsman", {"poisoner": 6})
    run(g, ("choose", {"seats": [4]}))
    with pytest.raises(Rejected, match="not in play"):
        run(g, ("character", {"character": "chef"}))
    said = run(g, ("character", {"character": "mayor"}))
    dan = g.grim.seat(4)
    assert dan.character == "mayor" and dan.alignment == "good"
    assert ("Seat 4, Dan, the Damsel, is now the Mayor. Wake seat 4, Dan. Show them the You "
            "Are token, then the Mayor token.") in private(said)
    assert "Huntsman: No Ability" in g.grim.seat(3).reminders
    to_day(g, {"poisoner": 6})
    run(g, end_day())
    assert "huntsman" not in g.night_order_ids(first=False)


def test_a_wrong_choice_spends_it_and_nobody_keeps_it(tmp_path):
    g = game(tmp_path)
    until(g, "huntsman", {"poisoner": 6})
    said = run(g, ("nobody", {}))
    assert "keeps the ability" in private(said)
    to_day(g, {"poisoner": 6})
    run(g, end_day())
    until(g, "huntsman", {"poisoner": 6, "monk": 5, "imp": 6})
    with pytest.raises(Rejected, match="living"):
        run(g, ("choose", {"seats": [6]}))                  # the Empath died tonight
    said = run(g, ("choose", {"seats": [5]}))
    assert "Seat 5, Eve is not the Damsel: nothing happens, and the ability is used." \
        in private(said)


def test_a_poisoned_huntsman_choosing_the_damsel_changes_nothing(tmp_path):
    g = game(tmp_path)
    until(g, "huntsman", {"poisoner": 3})
    assert g.impairment(g.grim.seat(3)) == "poisoned"
    said = run(g, ("choose", {"seats": [4]}))
    assert g.grim.seat(4).character == "damsel"
    assert "The Huntsman is poisoned: nothing happens, and the ability is used." \
        in private(said)


# --- the Damsel's guess ------------------------------------------------------------------------
def day_one(tmp_path, poison=6):
    g = game(tmp_path)
    to_day(g, {"poisoner": poison, "huntsman": 5})
    return g


def guess(guesser, seat):
    return ("damsel_guess", {"guesser": guesser, "seat": seat})


def test_a_minion_guessing_the_damsel_wins_for_evil(tmp_path):
    g = day_one(tmp_path)
    said = run(g, guess(2, 4))
    assert "Seat 2, Ben guesses that seat 4, Dan is the Damsel." in public(said)
    assert g.winner is not None and g.winner.winner == "evil"


def test_the_minions_share_one_guess_and_the_demons_does_not_count(tmp_path):
    g = day_one(tmp_path)
    said = run(g, guess(1, 5))                              # the Demon pretending
    assert "is not a Minion: nothing happens, and the Minions' guess is not used." \
        in private(said)
    said = run(g, guess(2, 5))                              # wrong: used
    assert "The guess is wrong" in private(said)
    said = run(g, guess(8, 4))              # the Scarlet Woman, right, too late
    assert "The Minions' one guess is used already: nothing happens." in private(said)
    assert g.winner is None


def test_a_poisoned_damsel_guessed_right_is_safe_and_the_guess_used(tmp_path):
    g = day_one(tmp_path, poison=4)
    said = run(g, guess(2, 4))
    assert g.winner is None
    assert "The guess is right, but the Damsel is poisoned" in private(said)
    assert "Damsel: Guess Used" in g.grim.seat(4).reminders


def test_a_guess_is_made_by_day_only(tmp_path):
    g = game(tmp_path)
    with pytest.raises(Rejected, match="by day"):
        run(g, guess(2, 4))


def test_their_lines_are_fit_to_be_said(tmp_path):
    from statemachine.line_rules import assert_fit_to_say
    g = game(tmp_path, start=False)
    said = run(g, "next") + until(g, "huntsman", {"poisoner": 6})
    said += run(g, ("choose", {"seats": [4]}), "next")
    said += to_day(g, {"poisoner": 6})
    said += run(day_one(tmp_path), guess(2, 5))
    lines = [(s.text, s.channel == "private") for s in said]
    lines += [(t, True) for t in g.setup_lines()]
    assert_fit_to_say(lines)


# --- the jinxes with the Spy and the Pit-Hag ---------------------------------------------------
def test_jinx_once_a_spy_has_been_in_play_the_damsel_is_poisoned(tmp_path):
    g = new_game("imp,poisoner,huntsman,damsel,chef,empath,monk,spy", script(tmp_path),
                 start=False)
    assert ("A jinx: the Damsel, seat 4, Dan, is poisoned for the rest of the game. "
            "A Spy has been in play.") in g.setup_lines()
    assert g.impairment(g.grim.seat(4)) == "poisoned"
    run(g, "next")
    to_day(g, {"poisoner": 6, "huntsman": 5})
    run(g, ("die", {"seat": 8}))                            # the Spy dies: still poisoned
    assert g.impairment(g.grim.seat(4)) == "poisoned"
    said = run(g, guess(2, 4))
    assert g.winner is None and "the Damsel is poisoned" in private(said)


def test_jinx_the_storyteller_picks_who_the_pit_hag_makes_the_damsel(tmp_path):
    from statemachine.waits import ChooseSeats
    g = new_game("imp,pithag,huntsman,saint,chef,empath,monk,soldier", script(tmp_path))
    to_day(g, {"huntsman": 5})
    run(g, end_day())
    until(g, "pithag", {"monk": 5, "imp": 6})
    run(g, ("choose", {"seats": [5]}), ("character", {"character": "damsel"}))
    assert isinstance(g.wait, ChooseSeats) and not g.wait.by_holder
    assert "A jinx: you pick the player who becomes the Damsel." in g.wait.prompt
    run(g, ("choose", {"seats": [7]}))
    assert g.grim.seat(7).character == "damsel" and g.grim.seat(5).character == "chef"
