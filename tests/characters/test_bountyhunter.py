"""Bounty Hunter: 'You start knowing one evil player, and a new one each time the one you know
dies. Setup: one Townsfolk is evil.' The almanac's summary was found (the ability and its
two night reminders), its How to Run only in part: built from the ability text and the
night reminders. The evil Townsfolk is woken at the Bounty Hunter's step and shown a thumbs
down, and learns no other evil player (our ruling). The jinx with the Philosopher."""
import pytest

from engine_helpers import (choose, new_game, run, script_file, text, to_day, walk_to)
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.model import Effect

IDS = ["bountyhunter", "chef", "empath", "monk", "soldier", "philosopher", "recluse",
       "saint", "poisoner", "imp"]
# Imp 1, Poisoner 2, Bounty Hunter 3, Chef 4, Empath 5, Monk 6, Soldier 7
SETUP = "imp,poisoner,bountyhunter,chef,empath,monk,soldier"
EVIL_TF = "Bounty Hunter: Evil Townsfolk"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "bh.json", "Bounty mix", IDS)


def heard(said):
    return [(s.text, s.channel == "private", s.channel) for s in said]


def evil_townsfolk(game):
    return [p for p in game.grim.players if EVIL_TF in p.reminders]


def test_setup_turns_one_other_townsfolk_evil_and_says_so(script):
    game = new_game(SETUP, script, start=False)
    evil = evil_townsfolk(game)
    assert len(evil) == 1 and evil[0].seat in (4, 5, 6, 7)
    assert evil[0].alignment == "evil" and game.grim.seat(3).alignment == "good"
    assert any(f"evil Townsfolk, proposed: {evil[0].label}" in line
               for line in game.setup_lines())


def test_the_storyteller_may_pick_the_evil_townsfolk_at_setup_only(script):
    game = new_game(SETUP, script, start=False)
    before = evil_townsfolk(game)[0]
    other = 7 if before.seat != 7 else 6
    with pytest.raises(Rejected, match="another Townsfolk"):
        run(game, ("evil_townsfolk", {"seat": 2}))
    with pytest.raises(Rejected, match="another Townsfolk"):
        run(game, ("evil_townsfolk", {"seat": 3}))
    said = run(game, ("evil_townsfolk", {"seat": other}))
    assert f"The evil Townsfolk is {game.grim.seat(other).label}." in text(said)
    assert before.alignment == "good" and game.grim.seat(other).alignment == "evil"
    assert evil_townsfolk(game) == [game.grim.seat(other)]
    run(game, "next")
    with pytest.raises(Rejected, match="Not now"):
        run(game, ("evil_townsfolk", {"seat": before.seat}))


def test_a_drawn_bag_has_its_evil_townsfolk(tmp_path):
    from characters.scripts import load_script, registry_for
    # Exactly five Townsfolk on the script: seven players draw them all.
    path = script_file(tmp_path / "five.json", "Five", ["bountyhunter", "chef", "empath",
                                                         "monk", "soldier", "poisoner", "imp"])
    loaded = load_script(path)
    for seed in range(3):
        game = Game(GameSetup(loaded.name, loaded.ids, ["A", "B", "C", "D", "E", "F", "G"],
                              [], seed), registry_for(loaded))
        evil = [p for p in game.grim.players if p.alignment == "evil"]
        assert sorted(game.team_of(p) for p in evil) == ["demon", "minion", "townsfolk"]
        assert evil_townsfolk(game)[0].character != "bountyhunter"


def test_the_first_night_points_at_an_evil_player_then_wakes_the_evil_townsfolk(script):
    game = new_game(SETUP, script, start=False)
    run(game, ("evil_townsfolk", {"seat": 6}))
    said = run(game, "next")
    said += walk_to(game, "bountyhunter")
    assert "Wake the Bounty Hunter, seat 3, Cat." in text(said + game.out)
    assert game.last_private.startswith("Point at one evil player.")
    assert game.wait.truth[0] in (1, 2, 6)
    with pytest.raises(Rejected, match="is not evil"):
        run(game, ("answer_seats", {"seats": [4]}))            # Chef: good, cannot be shown
    more = run(game, ("answer_seats", {"seats": [2]}))
    assert "Bounty Hunter 3: Know" in game.grim.seat(2).reminders
    assert "Put the Bounty Hunter to sleep." in text(more)
    assert ("Wake the evil Townsfolk, seat 6, Fay. Show them the You Are token and a thumbs "
            "down") in game.last_private
    assert text(more).index("Put the Bounty Hunter to sleep.") < text(more).index(
        "Wake the evil Townsfolk")
    said += more + run(game, "next")
    to_day(game)
    line_rules.assert_fit_to_say(heard(said))


def test_a_new_evil_player_only_after_the_known_one_dies(script):
    game = new_game(SETUP, script)
    walk_to(game, "bountyhunter")
    run(game, ("answer_seats", {"seats": [2]}))
    to_day(game)
    run(game, "end_day")
    assert "bountyhunter" not in game.night_order_ids(False)     # Poisoner alive
    run(game, ("die", {"seat": 2}))
    assert "bountyhunter" in game.night_order_ids(False)
    said = walk_to(game, "bountyhunter", {"imp": [7], "poisoner": [4], "monk": [5]})
    said += game.out
    assert "Point at another evil player: the one they knew died." in game.last_private
    assert game.wait.truth[0] in [p.seat for p in game.grim.players
                                  if p.alignment == "evil" and p.alive]
    run(game, "next")
    known = [p.seat for p in game.grim.players if "Bounty Hunter 3: Know" in p.reminders]
    assert known == game.wait.truth if game.wait else len(known) == 1
    assert 2 not in known


def test_a_poisoned_bounty_hunter_is_proposed_a_good_player(script):
    game = new_game(SETUP, script)
    game.grim.seat(3).add_effect(Effect("poisoned", until="dusk"))
    walk_to(game, "bountyhunter")
    assert "They are poisoned" in game.last_private
    assert game.grim.seat(game.wait.proposal[0]).alignment == "good"
    run(game, ("answer_seats", {"seats": [4]}))                   # anything may be given
    assert "Bounty Hunter 3: Know" in game.grim.seat(4).reminders


def test_jinx_a_philosopher_taking_the_ability_may_turn_a_townsfolk_evil(script):
    game = new_game("imp,poisoner,philosopher,chef,empath,monk,soldier", script)
    assert not evil_townsfolk(game)              # no Bounty Hunter in play: nobody evil
    walk_to(game, "philosopher")
    run(game, ("character", {"character": "bountyhunter"}))
    said = walk_to(game, "bountyhunter") + game.out
    assert "Wake the Philosopher, seat 3, Cat, with the Bounty Hunter's ability." in text(said)
    run(game, "next")
    assert "you may turn a Townsfolk evil" in game.last_private
    with pytest.raises(Rejected, match="not another good Townsfolk"):
        run(game, choose(2))
    said = run(game, choose(5))
    assert game.grim.seat(5).alignment == "evil"
    assert "Wake the evil Townsfolk, seat 5, Eve." in game.last_private
