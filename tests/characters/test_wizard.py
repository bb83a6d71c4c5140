"""The Wizard: 'Once per game, choose to make a wish. If granted, it might have a price &
leave a clue as to its nature.' From the almanac page as found (summary and How to Run): at
any point in the game the Wizard may choose, publicly or privately, to make a wish; once it
is made the Storyteller picks a price to balance it and gives a clue, with the ? reminders
if needed; a wish's effects stay when the Wizard dies. The narrator keeps the bookkeeping;
the wish's effect is the Storyteller's, by the override commands."""
import pytest

from engine_helpers import choose, new_game, private, run, script_file
from statemachine.errors import Rejected
from statemachine.line_rules import assert_fit_to_say
from tb_steps import walk_night

IDS = ["imp", "wizard", "poisoner", "washerwoman", "librarian", "chef", "empath", "monk",
       "soldier", "mayor", "saint", "recluse", "butler"]
SETUP = "imp,wizard,empath,chef,monk,soldier,saint"          # Wizard 2


def game_of(tmp_path, setup=SETUP, start=True):
    return new_game(setup, script_file(tmp_path / "wish.json", "Wishes", IDS), start=start)


def at_the_wish(game):
    return walk_night(game, {"monk": 4, "poisoner": 2, "imp": 5}, until="wizard")


def test_at_night_the_wizard_wishes_it_is_granted_and_marked(tmp_path):
    game = game_of(tmp_path)
    at_the_wish(game)
    assert "The Wizard may make a wish, once per game." in game.wait.prompt
    said = run(game, "yes", "yes", choose(4, 6))
    wizard = game.grim.seat(2)
    assert "Wizard: wish made" in wizard.reminders and "Wizard: wish granted" in wizard.reminders
    assert all("Wizard: Question Mark" in game.grim.seat(s).reminders for s in (4, 6))
    assert "Make what it does with the override commands" in private(said)
    walk_night(game, {"monk": 4})
    run(game, "end_day")
    assert "wizard" not in game.night_order_ids(False)        # once per game


def test_no_wish_tonight_asks_again_next_night(tmp_path):
    game = game_of(tmp_path)
    at_the_wish(game)
    run(game, "no")
    walk_night(game, {"monk": 4})
    run(game, "end_day")
    assert "wizard" in game.night_order_ids(False) and "wizard" not in game.grim.seat(2).spent


def test_by_day_a_wish_not_granted(tmp_path):
    game = game_of(tmp_path)
    at_the_wish(game)
    run(game, "no")
    walk_night(game, {"monk": 4})
    said = run(game, "wizard_wishes")
    assert "The Wizard, seat 2, Ben, makes their one wish." in private(said)
    said = run(game, "wish_refused")
    assert "The wish is not granted." in private(said)
    with pytest.raises(Rejected, match="decided already"):
        run(game, "wish_granted")
    with pytest.raises(Rejected, match="Only a granted wish"):
        run(game, ("wish_mark", {"seat": 4}))
    with pytest.raises(Rejected, match="one wish already"):
        run(game, "wizard_wishes")


def test_by_day_two_marks_at_most(tmp_path):
    game = game_of(tmp_path)
    at_the_wish(game)
    run(game, "no")
    walk_night(game, {"monk": 4})
    run(game, "wizard_wishes", "wish_granted", ("wish_mark", {"seat": 3}),
        ("wish_mark", {"seat": 5}))
    with pytest.raises(Rejected, match="Both of the Wizard's"):
        run(game, ("wish_mark", {"seat": 6}))


def test_nothing_to_decide_without_a_wish(tmp_path):
    game = game_of(tmp_path)
    at_the_wish(game)
    run(game, "no")
    walk_night(game, {"monk": 4})
    with pytest.raises(Rejected, match="has not made a wish"):
        run(game, "wish_granted")


def test_a_poisoned_wizards_wish_is_spent_and_does_nothing(tmp_path):
    game = game_of(tmp_path, "imp,wizard,poisoner,chef,monk,soldier,saint")
    walk_night(game, {"monk": 4, "poisoner": 2}, until="wizard")
    said = run(game, "yes")
    assert "The Wizard is poisoned: the wish is spent and does nothing." in private(said)
    assert "wizard" in game.grim.seat(2).spent and "Wizard: wish made" not in \
        game.grim.seat(2).reminders


def test_its_lines_are_fit_to_be_said(tmp_path):
    game = game_of(tmp_path, start=False)
    said = run(game, "next") + at_the_wish(game)
    said += run(game, "yes", "yes", choose(4)) + walk_night(game, {"monk": 4})
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])
