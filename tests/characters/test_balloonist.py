"""The Balloonist: each night, you learn a player of a different character type than last
night. [+0 or +1 Outsider] (The search tool gave the ability's current wording, the
designer's note on the +0 or +1 and the first How to Run points of the wiki page, not its
examples: the rulings on Travellers and on registration below follow the ability.)"""
import json
import random

import pytest

from characters.scripts import load_script, registry_for
from engine_helpers import end_day, new_game, private, run
from statemachine.bag.counts import Counts
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from tf_steps import info, until

# seats: 1 imp, 2 balloonist, 3 poisoner, 4 chef, 5 recluse, 6 empath, 7 monk, 8 saint
SETUP = "imp,balloonist,poisoner,chef,recluse,empath,monk,saint"
GOOD = ["washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller",
        "undertaker", "monk", "ravenkeeper", "virgin", "slayer", "soldier", "mayor",
        "balloonist", "butler", "drunk", "recluse", "saint"]


def script(tmp_path):
    path = tmp_path / "balloon.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Balloon Brewing"}, "imp",
                                "poisoner", "spy", "scarletwoman", "baron", *GOOD]))
    return str(path)


def unit():
    return new_game(SETUP).unit("balloonist")


def test_the_setup_proposes_one_more_outsider_most_times_and_sometimes_none():
    u, seen = unit(), []
    for seed in range(40):
        counts = Counts(5, 1, 1, 1, rng=random.Random(seed))
        u.adjust_counts(counts)
        seen.append((counts.townsfolk, counts.outsider))
    assert set(seen) == {(5, 1), (4, 2)}
    assert 20 < seen.count((4, 2)) < 40


def test_an_explicit_setup_is_read_and_with_no_townsfolk_to_spare_none_is_added():
    u = unit()
    counts = Counts(5, 1, 1, 1, given_outsiders=1)
    u.adjust_counts(counts)
    assert counts.outsider == 1
    counts = Counts(5, 1, 1, 1, given_outsiders=2)
    u.adjust_counts(counts)
    assert counts.outsider == 2
    counts = Counts(0, 1, 1, 1, rng=random.Random(1))
    u.adjust_counts(counts)
    assert counts.outsider == 1


def test_a_drawn_bag_with_the_balloonist_has_the_usual_outsiders_or_one_more(tmp_path):
    loaded = load_script(script(tmp_path))
    reg = registry_for(loaded)
    seen = set()
    for seed in range(120):
        for n in (7, 10):                       # 0 and 0 usual Outsiders; Baron aside
            game = Game(GameSetup(loaded.name, loaded.ids, [f"P{i}" for i in range(n)],
                                  None, seed), reg)
            ids = [p.character for p in game.grim.players]
            if "balloonist" in ids and "baron" not in ids:
                outsiders = sum(1 for p in game.grim.players if game.team_of(p) == "outsider")
                seen.add((n, outsiders))
    assert {(7, 0), (7, 1), (10, 0), (10, 1)} <= seen and all(o <= 1 for _, o in seen)


def test_the_storyteller_hears_the_setup_change():
    game = new_game(SETUP, start=False)
    lines = "\n".join(game.setup_lines())
    assert ("The Balloonist, seat 2, Ben, may add an Outsider: 2 Outsiders in play, one "
            "more than the usual 1.") in lines
    assert "Outsiders in play where the standard setup" not in lines


def test_each_night_a_player_of_another_type_than_last_nights():
    game = new_game(SETUP)
    until(game, "balloonist", {"poisoner": 6})
    assert "Point to any other player." in info(game).prompt
    run(game, ("answer_seats", {"seats": [4]}))             # the Chef: a Townsfolk
    assert "Balloonist: last shown a townsfolk" in game.grim.seat(2).reminders
    run(game, end_day())
    until(game, "balloonist", {"poisoner": 6, "monk": 8, "imp": 7})
    w = info(game)
    assert "Point to a player who is not a Townsfolk" in w.prompt
    assert game.team_of(game.grim.seat(w.truth[0])) != "townsfolk"
    with pytest.raises(Rejected, match="last night's player was a Townsfolk"):
        run(game, ("answer_seats", {"seats": [6]}))
    with pytest.raises(Rejected, match="another player"):
        run(game, ("answer_seats", {"seats": [2]}))
    run(game, ("answer_seats", {"seats": [3]}))             # the Poisoner
    assert game.grim.seat(2).reminders[-1] == "Balloonist: last shown a minion"


def test_the_recluse_may_register_as_another_type_and_the_type_shown_is_kept():
    game = new_game(SETUP)
    until(game, "balloonist", {"poisoner": 6})
    run(game, ("answer_seats", {"seats": [8]}))             # the Saint: an Outsider
    run(game, end_day())
    until(game, "balloonist", {"poisoner": 6, "monk": 8, "imp": 7})
    assert "Seat 5, Eve is the Recluse" in info(game).prompt
    run(game, ("answer_seats", {"seats": [5]}))             # registering as evil's
    assert game.grim.seat(2).reminders[-1] == "Balloonist: last shown a minion"
    assert not any(f.ability == "balloonist" for f in game.info_rules.false_given)


def test_a_poisoned_balloonist_may_be_shown_the_same_type_and_it_is_recorded():
    game = new_game(SETUP)
    until(game, "balloonist", {"poisoner": 6})
    run(game, ("answer_seats", {"seats": [4]}))
    run(game, end_day())
    until(game, "balloonist", {"poisoner": 2, "monk": 8, "imp": 7})
    w = info(game)
    assert "They are poisoned" in w.prompt
    assert game.team_of(game.grim.seat(w.proposal[0])) == "townsfolk"
    run(game, "next")
    assert any(f.ability == "balloonist" for f in game.info_rules.false_given)


def test_the_balloonists_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game = new_game(SETUP, start=False)
    said = run(game, "next") + until(game, "balloonist", {"poisoner": 6}) + run(game, "next")
    lines = [(s.text, s.channel == "private") for s in said]
    lines += [(t, True) for t in game.setup_lines()]
    assert_fit_to_say(lines)
