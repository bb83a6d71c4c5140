"""The Widow: 'On your 1st night, look at the Grimoire and choose a player: they are
poisoned. 1 good player knows a Widow is in play.'

From the almanac's How to Run (found whole): the Widow is shown the Grimoire for as long as
they need, points to a player, who is marked Poisoned; then any good player is woken and
shown the Widow token. The almanac's examples were not found (only the How to Run and the
tips were), so these rulings come from the ability text and the rules: the poison lasts
while the Widow's ability works (a dead, drunk or poisoned Widow poisons nobody); a Widow
drunk or poisoned as they act poisons nobody, and showing a good player is then optional.
Jinxes tested: Poppy Grower (no Grimoire while its ability works), Damsel (poisoned once a
Widow has been in play)."""
import json

from engine_helpers import choose, execute, new_game, private, run, skip_to, to_day
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.waits import ChooseSeats, YesNo
from tb_steps import walk_night

import pytest

SETUP = "imp,widow,empath,poisoner,chef,monk,soldier"   # Widow seat 2, Empath seat 3


def to_widow(game, poisoner=6):
    said = skip_to(game, "poisoner")
    said += run(game, choose(poisoner))
    return said + skip_to(game, "widow")


def widow_night(game, poison=3, good=5, read="no"):
    said = to_widow(game)
    said += run(game, read, choose(poison), choose(good), "next")
    return said


def test_the_widow_wakes_on_the_first_night_only_after_the_poisoner():
    game = new_game(SETUP)
    order = game.night_order_ids(first=True)
    assert order.index("poisoner") < order.index("widow")
    widow_night(game)
    walk_night(game, {"poisoner": 6})
    assert game.phase.in_day
    assert "widow" not in game.night_order_ids(first=False)


def test_the_widow_sees_the_grimoire_poisons_and_a_good_player_learns_it():
    game = new_game(SETUP)
    said = to_widow(game)
    assert "Wake the Widow, seat 2, Ben." in private(said)
    assert isinstance(game.wait, YesNo)
    said = run(game, "yes")
    assert "Seat 1, Ann: the Imp, evil, alive." in private(said)
    said = run(game, choose(3))
    assert "Seat 3, Cat is poisoned while the Widow lives." in private(said)
    assert "Put the Widow to sleep." in private(said)
    assert isinstance(game.wait, ChooseSeats) and not game.wait.by_holder
    said = run(game, choose(5))
    assert "Wake seat 5, Eve: show them the Widow token." in private(said)
    run(game, "next")
    assert "Widow: Know" in game.grim.seat(5).reminders
    assert game.impairment(game.grim.seat(3), "empath") == "poisoned"


def test_the_poison_lasts_the_game_while_the_widow_lives():
    game = new_game(SETUP)
    widow_night(game)
    walk_night(game, {"poisoner": 6})
    for _ in range(2):
        to_day(game)
        run(game, "end_day")
        walk_night(game, {"poisoner": 6, "monk": 7, "imp": 7})
    assert game.grim.night == 3
    assert game.impairment(game.grim.seat(3), "empath") == "poisoned"


def test_the_widow_dead_poisons_nobody():
    game = new_game(SETUP)
    widow_night(game)
    walk_night(game, {"poisoner": 6})
    run(game, execute(2))
    assert not game.grim.seat(2).alive
    assert game.impairment(game.grim.seat(3), "empath") is None


def test_the_good_player_shown_must_be_good():
    game = new_game(SETUP)
    to_widow(game)
    run(game, "no", choose(3))
    with pytest.raises(Rejected, match="Seat 4, Dan is not good"):
        run(game, choose(4))
    with pytest.raises(Rejected):
        run(game, "nobody")          # a working Widow: one good player is told


def test_the_widow_may_poison_themself_and_the_poison_then_holds_nobody():
    game = new_game(SETUP)
    widow_night(game, poison=2)
    # Poisoned by their own ability: the ability does not work, so its poison holds nobody.
    assert game.impairment(game.grim.seat(2), "widow") is None


def test_a_poisoned_widow_poisons_nobody_and_may_show_nobody():
    game = new_game(SETUP)
    to_widow(game, poisoner=2)
    said = run(game, "no", choose(3))
    assert "The Widow is poisoned: nobody is poisoned." in private(said)
    assert "or say nobody" in game.wait.prompt
    run(game, "nobody")
    assert game.impairment(game.grim.seat(3), "empath") is None
    assert not any("Widow" in r for p in game.grim.players for r in p.reminders)


def _script(tmp_path, *ids):
    path = tmp_path / "widow.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Widow test"}, *ids]))
    return str(path)


def test_jinx_poppy_grower_keeps_the_grimoire_from_the_widow(tmp_path):
    script = _script(tmp_path, "imp", "widow", "poppygrower", "empath", "chef", "monk",
                     "soldier", "damsel")
    game = new_game("imp,widow,poppygrower,empath,chef,monk,soldier", script=script)
    said = skip_to(game, "widow")
    assert "the Widow is not shown the Grimoire" in game.wait.prompt
    run(game, "next")
    assert isinstance(game.wait, ChooseSeats)


def test_jinx_damsel_is_poisoned_once_a_widow_has_been_in_play(tmp_path):
    script = _script(tmp_path, "imp", "widow", "damsel", "empath", "chef", "monk", "soldier")
    game = new_game("imp,widow,damsel,empath,chef,monk,soldier", script=script)
    damsel = game.grim.seat(3)
    assert game.unit("damsel").setup_lines(game, damsel) == [
        "A jinx: the Damsel, seat 3, Cat, is poisoned for the rest of the game. "
        "A Widow has been in play."]
    assert game.impairment(game.grim.seat(3), "damsel") == "poisoned"


def test_every_line_the_widow_step_says_is_fit_to_say():
    game = new_game(SETUP)
    said = widow_night(game, read="yes")
    line_rules.assert_fit_to_say([(s.text, True) for s in said])
