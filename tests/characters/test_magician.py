"""Magician: 'To the Demon you look like a Minion; to the Minions you look like a Demon.'
The almanac page was found only in part (its summary and first-night reminder: during the
Minion info and the Demon info, point to the Magician with each group); built from those and
the ability text. The jinxes with the Spy, the Widow, the Vizier, the Marionette and the
Wraith are applied here; those with Legion and Lil' Monsta are tested in their modules."""
import pytest

from engine_helpers import (choose, execute, new_game, nominate, run, script_file, text,
                            to_day, votes, walk_to)
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.model import Effect

BASE = ["magician", "chef", "empath", "monk", "soldier", "saint", "recluse", "poisoner",
        "imp"]
# Imp 1, Poisoner 2, Magician 3, Chef 4, Empath 5, Monk 6, Soldier 7
SETUP = "imp,poisoner,magician,chef,empath,monk,soldier"


def game_with(tmp_path, setup=SETUP, *extra, start=True):
    return new_game(setup, script_file(tmp_path / "mag.json", "Magic", BASE + list(extra)),
                    start=start)


def heard(said):
    return [(s.text, s.channel == "private", s.channel) for s in said]


def test_the_minions_see_the_magician_as_the_demon_and_the_demon_sees_a_minion(tmp_path):
    game = game_with(tmp_path, start=False)
    said = run(game, "next") + walk_to(game, "minioninfo") + game.out
    assert "The Magician, seat 3, Cat: do not wake them." in text(said)
    assert "Show them the Demon: seat 1, Ann and seat 3, Cat." in game.last_private
    assert "Seat 3, Cat is shown as the Demon too." in game.last_private
    said = walk_to(game, "demoninfo") + game.out
    assert "Show the Minions: seat 2, Ben and seat 3, Cat." in text(said)
    assert "Seat 3, Cat is shown as a Minion too." in text(said)
    to_day(game)


def test_a_drunk_or_poisoned_magician_is_not_shown(tmp_path):
    game = game_with(tmp_path, start=False)
    game.grim.seat(3).add_effect(Effect("poisoned", until="dusk"))
    run(game, "next")
    assert "The Magician is poisoned: the Minion and Demon info do not show them." in \
        game.last_private
    said = walk_to(game, "demoninfo") + game.out
    assert "Show them the Demon: seat 1, Ann." in text(said) and "shown as" not in text(said)


def test_its_lines_are_fit_to_be_said(tmp_path):
    game = new_game(SETUP, script_file(tmp_path / "m.json", "Magic", BASE), start=False)
    said = run(game, "next")
    for _ in range(30):
        if not game.phase.at_night:
            break
        said += run(game, choose(5) if type(game.wait).__name__ == "ChooseSeats" else "next")
    line_rules.assert_fit_to_say(heard(said))


def test_jinx_the_spy_sees_the_grimoire_without_the_demon_and_the_magician(tmp_path):
    game = game_with(tmp_path, "imp,spy,magician,chef,empath,monk,soldier", "spy")
    said = walk_to(game, "spy") + game.out
    assert ("A jinx with the Magician: first take out the tokens of seat 1, Ann and seat 3, "
            "Cat.") in text(said)
    said = run(game, "yes")
    assert "Seat 1, Ann: token taken out." in text(said)
    assert "Seat 3, Cat: token taken out." in text(said)
    assert "Seat 4, Dan: the Chef" in text(said)


def test_jinx_the_widow_too(tmp_path):
    game = game_with(tmp_path, "imp,widow,magician,chef,empath,monk,soldier", "widow")
    walk_to(game, "widow")
    said = game.out + run(game, "yes")
    assert "first take out the tokens of seat 1, Ann and seat 3, Cat." in text(said)
    assert "Seat 3, Cat: token taken out." in text(said)


def test_without_the_magician_on_the_script_the_spy_sees_everything(tmp_path):
    path = script_file(tmp_path / "s.json", "Plain", [c for c in BASE if c != "magician"]
                       + ["spy", "virgin"])
    game = new_game("imp,spy,virgin,chef,empath,monk,soldier", path)
    walk_to(game, "spy")
    said = run(game, "yes")
    assert "token taken out" not in text(said) and "Seat 1, Ann: the Imp" in text(said)


def test_jinx_with_the_vizier_the_magician_has_no_ability_and_cannot_be_executed_at_once(
        tmp_path):
    game = game_with(tmp_path, "imp,vizier,magician,chef,empath,monk,soldier", "vizier")
    walk_to(game, "magician")
    assert "the Vizier is in play, so the Magician has no ability" in game.last_private
    said = walk_to(game, "demoninfo") + game.out
    assert "Show the Minion: seat 2, Ben." in text(said)
    to_day(game)
    run(game, nominate(4, 3), ("vote", {"seats": [5]}), "next")
    with pytest.raises(Rejected, match="cannot touch the Magician"):
        run(game, ("vizier_executes", {}))
    assert game.grim.seat(3).alive


def test_jinx_while_the_magician_lives_the_demon_is_not_told_which_neighbour(tmp_path):
    # Imp 1, Marionette 2 (beside the Imp), Magician 3; the Imp's neighbours are 7 and 2.
    game = game_with(tmp_path, "imp,marionette,magician,chef,empath,monk,soldier",
                     "marionette")
    said = walk_to(game, "marionette") + game.out
    assert "do not show which neighbour it is" in game.last_private
    assert "point to both their neighbours, seat 7, Gus and seat 2, Ben." in game.last_private


def test_jinx_the_magician_guesses_the_wraith_after_an_execution(tmp_path):
    game = game_with(tmp_path, "imp,wraith,magician,chef,empath,monk,soldier", "wraith")
    to_day(game)
    guess = ("magician_guesses", {"seat": 2})
    run(game, nominate(4, 5), votes(5), execute(5))
    assert game.phase.at_night
    with pytest.raises(Rejected, match="dead"):
        run(game, ("magician_guesses", {"seat": 5}))
    said = run(game, guess)
    assert "Right: seat 2, Ben is the Wraith. Tonight the Demon must choose them." in text(said)
    with pytest.raises(Rejected, match="has guessed today"):
        run(game, ("magician_guesses", {"seat": 4}))
    said = walk_to(game, "imp", {"monk": [4]}) + game.out
    assert "A jinx: the Demon must choose seat 2, Ben tonight." in text(said)
    run(game, choose(2))
    to_day(game)
    run(game, "end_day")
    walk_to(game, "imp", {"monk": [4]})
    with pytest.raises(Rejected, match="Not now"):            # no execution yesterday
        run(game, guess)
    assert not any(r.startswith("Demon must choose") for r in game.grim.seat(2).reminders)


def test_a_wrong_guess_does_nothing(tmp_path):
    game = game_with(tmp_path, "imp,wraith,magician,chef,empath,monk,soldier", "wraith")
    to_day(game)
    said = run(game, ("magician_guesses", {"seat": 4}))         # by day, before the end
    assert "Wrong: seat 4, Dan is not the Wraith. Nothing happens." in text(said)
