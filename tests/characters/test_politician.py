"""The Politician: 'If you were the player most responsible for your team losing, you change
alignment & win, even if dead.' From the almanac page as found (the search gave its summary
and one example: with three alive, the Politician talks the group out of executing, a Minion
was bluffing the Mayor, evil wins and the Politician wins too; the How to Run was not found,
so the rest is built from the ability text): blame is the Storyteller's judgement, asked
when the game would end with the Politician's team losing; a dead Politician is asked too;
a drunk or poisoned one is not. Jinxes: Boffin, Pit-Hag, Vizier (characters/data/jinxes.toml)."""
import pytest

from engine_helpers import (execute, new_game, nominate, private, public, run, script_file,
                            vote)
from statemachine.errors import Rejected
from statemachine.line_rules import assert_fit_to_say
from tb_steps import walk_night

TB = ["imp", "poisoner", "spy", "baron", "scarletwoman", "washerwoman", "librarian", "chef",
      "empath", "monk", "soldier", "mayor", "saint", "recluse", "butler", "politician"]
SETUP = "imp,poisoner,politician,empath,chef,saint,soldier"   # Politician 3, Saint 6


def script(tmp_path, *extra):
    return script_file(tmp_path / "politics.json", "Politics", [*TB, *extra])


def day_one(tmp_path, setup=SETUP, poison=7, *extra):
    game = new_game(setup, script(tmp_path, *extra))
    walk_night(game, {"poisoner": poison})
    return game


def responsible(yes=True):
    return "politician_responsible" if yes else "politician_not_responsible"


def test_good_losing_waits_for_the_storytellers_word_on_the_politician(tmp_path):
    game = day_one(tmp_path)
    said = run(game, execute(6))                            # the Saint: evil would win
    assert game.winner is None
    assert ("Was the Politician, seat 3, Cat, the player most responsible for good losing?"
            in private(said))
    said = run(game, responsible())
    assert game.winner.winner == "evil" and game.grim.seat(3).alignment == "evil"
    assert ("The Politician, seat 3, Cat, was the most responsible for their team losing: "
            "they change alignment and win with evil. Evil wins.") in public(said)


def test_not_responsible_the_game_ends_and_the_politician_loses(tmp_path):
    game = day_one(tmp_path)
    run(game, execute(6))
    said = run(game, responsible(False))
    assert game.winner.winner == "evil" and game.grim.seat(3).alignment == "good"
    assert "change alignment" not in public(said)


def test_a_good_win_asks_nothing(tmp_path):
    game = day_one(tmp_path)
    said = run(game, execute(1))
    assert game.winner.winner == "good" and "Politician" not in private(said)


def test_a_dead_politician_is_asked_too(tmp_path):
    """The almanac's example: the Politician's team loses with three players alive."""
    game = day_one(tmp_path)
    run(game, execute(3))
    walk_night(game, {"poisoner": 7, "imp": 4})
    assert game.winner is None and not game.grim.seat(3).alive
    said = run(game, execute(6))
    assert "Was the Politician, seat 3, Cat" in private(said) and game.winner is None
    run(game, responsible())
    assert game.winner.winner == "evil" and game.grim.seat(3).alignment == "evil"


def test_a_poisoned_politician_is_not_asked(tmp_path):
    game = day_one(tmp_path, SETUP, 3)
    said = run(game, execute(6))
    assert game.winner.winner == "evil" and "Politician" not in private(said)


def test_nothing_to_answer_is_refused(tmp_path):
    game = day_one(tmp_path)
    with pytest.raises(Rejected, match="Nothing waits for the Politician"):
        run(game, responsible())
    assert game.winner is None


def test_the_storytellers_own_end_is_final(tmp_path):
    game = day_one(tmp_path)
    run(game, ("end_game", {"winner": "evil"}))
    assert game.winner.winner == "evil" and game.grim.seat(3).alignment == "good"


def test_jinx_the_boffin_cannot_give_the_politician(tmp_path):
    game = new_game("imp,boffin,empath,chef,monk,saint,soldier",
                    script(tmp_path, "boffin"), start=False)
    with pytest.raises(Rejected, match="A jinx: the Boffin cannot give the Demon the "
                                       "Politician's ability"):
        run(game, ("boffin_gives", {"character": "politician"}))


def test_jinx_an_evil_politician_made_by_the_pit_hag_does_not_turn_good(tmp_path):
    game = day_one(tmp_path, "imp,pithag,politician,empath,chef,saint,soldier", 7, "pithag")
    cat = game.grim.seat(3)
    cat.alignment = "evil"
    cat.reminders.append("Pit-Hag: made")
    said = run(game, execute(1))
    assert game.winner.winner == "good" and cat.alignment == "evil"
    assert "Politician" not in private(said)


def test_jinx_the_politician_may_count_as_evil_to_the_vizier(tmp_path):
    game = day_one(tmp_path, "imp,vizier,politician,empath,chef,saint,soldier", 7, "vizier")
    run(game, nominate(2, 4), vote(1, 3), "next")
    with pytest.raises(Rejected, match="Only the Politician, of the good, voted"):
        run(game, ("vizier_executes", {}))


def test_with_the_heretic_the_turned_result_decides_who_lost(tmp_path):
    """clocktower.fyi (not the almanac): the Politician's change comes after the Heretic's."""
    game = day_one(tmp_path, "imp,poisoner,politician,heretic,chef,saint,soldier", 7,
                   "heretic")
    said = run(game, execute(1))                   # good would win; the Heretic turns it
    assert game.winner is None
    assert "The game would end: evil wins. Was the Politician, seat 3, Cat" in private(said)
    said = run(game, responsible())
    assert game.winner.winner == "evil" and game.grim.seat(3).alignment == "evil"
    assert ("they change alignment and win with evil. The Heretic, seat 4, Dan, turns the "
            "result. Evil wins.") in public(said)


def test_its_lines_are_fit_to_be_said(tmp_path):
    game = day_one(tmp_path)
    said = run(game, execute(6), responsible())
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])
