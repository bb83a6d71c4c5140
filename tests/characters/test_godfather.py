"""The Godfather: you start knowing which Outsiders are in play. If one died today, choose a
player tonight: they die. [one Outsider more or fewer]"""
import random

from almanac_steps import end_day, execute, private, walk_night
from engine_helpers import new_game, run
from characters.scripts import load_script
from statemachine.bag.counts import Counts
from statemachine.game import Game, GameSetup
from statemachine.model import Effect

BMR = "Bad Moon Rising"
# seats: 1 imp, 2 godfather, 3 monk, 4 saint, 5 empath, 6 chef, 7 soldier, 8 goon
SETUP = "imp,godfather,monk,saint,empath,chef,soldier,goon"


def godfather():
    return new_game(SETUP, BMR).unit("godfather")


def test_the_setup_is_one_outsider_more_or_fewer_proposed_by_the_seeded_generator():
    unit, seen = godfather(), set()
    for seed in range(20):
        counts = Counts(5, 1, 1, 1, rng=random.Random(seed))
        unit.adjust_counts(counts)
        seen.add((counts.townsfolk, counts.outsider))
    assert seen == {(6, 0), (4, 2)}


def test_with_no_outsiders_to_take_away_it_is_one_more():
    unit = godfather()
    counts = Counts(5, 0, 1, 1, rng=random.Random(1))
    unit.adjust_counts(counts)
    assert (counts.townsfolk, counts.outsider) == (4, 1)


def test_a_drawn_bag_with_the_godfather_has_one_outsider_more_or_fewer():
    script = load_script(BMR)
    from characters.scripts import registry_for
    reg = registry_for(script)
    counts = set()
    for seed in range(80):
        game = Game(GameSetup(script.name, script.ids, [f"P{i}" for i in range(8)], None,
                              seed), reg)
        if any(p.character == "godfather" for p in game.grim.players):
            counts.add(sum(1 for p in game.grim.players if game.team_of(p) == "outsider"))
    assert counts == {0, 2}                   # 8 players: one Outsider usually


def test_an_assigned_setup_one_either_way_is_no_surprise_and_the_storyteller_is_told():
    game = new_game(SETUP, BMR, start=False)
    lines = "\n".join(game.setup_lines())
    assert "Outsiders in play where the standard setup" not in lines
    assert ("The Godfather, seat 2, Ben, changes the setup: "
            "2 Outsiders in play, where the usual is 1.") in lines


def test_the_first_night_shows_the_outsiders_in_play():
    game = new_game(SETUP, BMR)
    walk_night(game, until="godfather")
    assert "The true answer: the Goon and the Saint." in game.last_private


def test_a_poisoned_godfather_is_shown_other_outsiders_proposed():
    game = new_game(SETUP, BMR, start=False)
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk", note="test"))
    run(game, "next")
    walk_night(game, until="godfather")
    line = game.last_private
    assert "They are poisoned: give anything. Proposed:" in line
    proposed = line.split("Proposed: ")[1].split(".")[0]
    assert proposed != "the Goon and the Saint"


def day_one():
    game = new_game(SETUP, BMR)
    walk_night(game)
    return game


def test_no_outsider_died_today_no_wake():
    game = day_one()
    run(game, execute(5))
    assert "godfather" not in game.night_order_ids(first=False)


def test_an_outsider_executed_today_the_godfather_kills_tonight_past_the_monk():
    game = day_one()
    run(game, execute(8))
    said = walk_night(game, {"imp": [6], "monk": [5]}, until="godfather")
    assert "An Outsider died by day: seat 8, Hal." in game.last_private
    said = run(game, ("choose", {"seats": [5]}))          # the Monk protected seat 5
    assert not game.grim.seat(5).alive and "Seat 5, Eve dies." in private(said)


def test_the_soldier_is_not_safe_from_the_godfather():
    game = day_one()
    run(game, execute(8))
    walk_night(game, {"imp": [6], "monk": [5], "godfather": [7]})
    assert not game.grim.seat(7).alive


def test_an_outsider_dying_by_day_however_counts():
    game = day_one()
    run(game, ("die", {"seat": 8}), end_day())
    assert "godfather" in game.night_order_ids(first=False)


def test_an_outsider_dying_at_night_does_not_count():
    game = day_one()
    run(game, end_day())
    walk_night(game, {"imp": [4], "monk": [5]})
    assert not game.grim.seat(4).alive
    run(game, end_day())
    assert "godfather" not in game.night_order_ids(first=False)


def test_an_outsider_executed_who_survives_did_not_die():
    game = day_one()
    game.grim.seat(8).add_effect(Effect("survives execution", until="dusk", note="test"))
    run(game, execute(8))
    assert game.grim.seat(8).alive
    assert "godfather" not in game.night_order_ids(first=False)


def test_a_drunk_godfather_kills_nobody():
    game = day_one()
    run(game, execute(8))
    game.grim.seat(2).add_effect(Effect("drunk", until="dusk", note="test"))
    said = walk_night(game, {"imp": [6], "monk": [4], "godfather": [5]})
    assert game.grim.seat(5).alive
    assert "The Godfather is drunk: seat 5, Eve does not die." in private(said)


def test_a_dead_godfather_does_not_wake():
    game = day_one()
    run(game, ("die", {"seat": 2}), execute(8))
    assert "godfather" not in game.night_order_ids(first=False)


def test_the_godfathers_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game = day_one()
    lines = [(s.text, False) for s in run(game, execute(8))]
    while game.phase.at_night:
        cmd = ("choose", {"seats": [5]}) if game.wait and "choose" in game.wait.accepts() \
            else "next"
        lines += [(s.text, game.phase.at_night) for s in run(game, cmd)]
    assert any("Godfather" in t for t, _ in lines)
    assert_fit_to_say(lines)


def test_the_drunk_is_an_outsider_too():
    game = new_game("imp,godfather,monk,drunk,empath,chef,soldier,goon", BMR)
    walk_night(game, until="godfather")
    assert "The true answer: the Drunk and the Goon." in game.last_private


def test_the_storyteller_may_give_other_outsiders_than_the_proposal():
    """Issue 25, item 7: the first night's information was text only: the Storyteller could
    give the proposal and nothing else. A poisoned Godfather may be shown any Outsiders,
    one ("answer the tinker"), two ("answer the tinker and the klutz") or none ("nobody");
    an answer that is not an Outsider on the script is refused; a false one is recorded."""
    import pytest
    from statemachine.errors import Rejected
    game = new_game(SETUP, BMR, start=False)
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk", note="test"))
    run(game, "next")
    walk_night(game, until="godfather")
    assert {"answer_character", "answer_characters", "nobody"} <= set(game.wait.accepts())
    with pytest.raises(Rejected, match="Outsider"):
        run(game, ("answer_character", {"character": "monk"}))
    run(game, ("answer_characters", {"character": "tinker", "other": "moonchild"}))
    assert game.current is None or game.current.ability != "godfather"
    assert any(f.ability == "godfather" for f in game.info_rules.false_given)


def test_a_sober_godfather_given_one_outsider_alone_is_warned():
    game = new_game(SETUP, BMR)
    walk_night(game, until="godfather")
    said = run(game, ("answer_character", {"character": "saint"}))
    assert ("is sober and healthy: they were given false information. The true answer was "
            "the Goon and the Saint") in \
        private(said)


def test_a_named_bag_without_the_godfathers_change_is_said_plainly():
    """Eight players, one Outsider named: it said 'changes the setup: 1 Outsider in play,
    where the usual is 1', under a note that the standard setup has 2."""
    game = new_game("pukka,godfather,tinker,sailor,chambermaid,fool,gossip,pacifist", BMR, start=False)
    lines = "\\n".join(game.setup_lines())
    assert "where the usual is 1." not in lines
    assert ("The Godfather, seat 2, Ben, adds or removes an Outsider, but 1 Outsider is in play, "
            "as without a Godfather.") in lines
