"""The Sentinel (Fabled): there might be 1 extra or 1 fewer Outsider in play, applied to a
drawn bag. (The search tool gave the Fabled's wording only, from script pages: the
proposal's odds are ours.)"""
import json
import random

from characters.scripts import load_script, registry_for
from engine_helpers import new_game
from statemachine.bag.counts import Counts
from statemachine.game import Game, GameSetup

TB_GOOD = ["washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller",
           "undertaker", "monk", "ravenkeeper", "virgin", "slayer", "soldier", "mayor",
           "butler", "drunk", "recluse", "saint"]


def script(tmp_path, *extra):
    path = tmp_path / "sentinel.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Sentinel Brewing"}, "imp",
                                "poisoner", "spy", "scarletwoman", *extra, *TB_GOOD,
                                "sentinel"]))
    return str(path)


def outsiders(game):
    return sum(1 for p in game.grim.players if game.team_of(p) == "outsider")


def test_a_drawn_bag_has_the_usual_outsiders_one_more_or_one_fewer(tmp_path):
    loaded = load_script(script(tmp_path))
    reg = registry_for(loaded)
    seen = set()
    for seed in range(60):
        game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(9)], None,
                              seed), reg)
        seen.add(outsiders(game))
    assert seen == {1, 2, 3}                       # 9 players: two Outsiders usually


def test_with_no_outsider_to_take_it_is_none_or_one_more():
    unit = new_game("imp,poisoner,chef,empath,monk").unit("sentinel")
    seen = set()
    for seed in range(30):
        counts = Counts(5, 0, 1, 1, rng=random.Random(seed))
        unit.adjust_counts(counts)
        seen.add(counts.outsider)
    assert seen == {0, 1}


def test_an_explicit_setup_one_either_way_is_no_surprise_and_the_storyteller_is_told(tmp_path):
    path = script(tmp_path)
    # 8 players, usually one Outsider: two assigned
    game = new_game("imp,poisoner,chef,empath,monk,saint,recluse,soldier", path, start=False)
    lines = "\n".join(game.setup_lines())
    assert "Outsiders in play where the standard setup" not in lines
    assert ("With the Sentinel, there may be one Outsider more or fewer than usual: "
            "2 Outsiders in play.") in lines
    game = new_game("imp,poisoner,chef,empath,monk,saint,recluse,butler", path, start=False)
    assert "3 Outsiders in play where the standard setup has 1" in "\n".join(game.setup_lines())


def test_its_setup_lines_are_fit_to_be_said(tmp_path):
    from statemachine.line_rules import assert_fit_to_say
    game = new_game("imp,poisoner,chef,empath,monk,saint,recluse,soldier", script(tmp_path),
                    start=False)
    lines = [(t, True) for t in game.setup_lines()]
    assert_fit_to_say(lines)
