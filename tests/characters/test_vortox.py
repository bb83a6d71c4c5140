"""Vortox: each night* kills; while it works, every Townsfolk ability's information must be
false (drunk, poisoned or sober); at dusk, if nobody was executed today, evil wins. The
almanac's rulings, in our words, one test each where our units can show them."""
import pytest

from engine_helpers import execute, new_game, nominate, run, vote, votes
from statemachine.errors import Rejected
from statemachine.rules.info_rules import MUST_BE_FALSE
from statemachine.model import Effect
from tf_steps import answer_number, info, poison, private, public, to_day, until

SNV = "Sects & Violets"
# seats: 1 vortox, 2 empath, 3 poisoner, 4 oracle, 5 chef, 6 savant, 7 sweetheart
SETUP = "vortox,empath,poisoner,oracle,chef,savant,sweetheart"


def game(setup=SETUP, seed=1):
    return new_game(setup, script=SNV, seed=seed)


def night_two(g, poisoned=7, kill=7):
    """Day 1 ends with an execution of seat 6 (the Savant), then night 2 until the Vortox."""
    to_day(g, poison(poisoned))
    run(g, execute(6))
    return until(g, "vortox", poison(poisoned))


def test_the_vortox_does_not_act_on_the_first_night_and_kills_on_the_others():
    g = game()
    assert "vortox" not in g.night_order_ids(first=True)
    night_two(g)
    said = run(g, ("choose", {"seats": [4], "actor": "demon"}))
    assert "Seat 4, Dan dies." in private(said)
    said += to_day(g, poison(7))
    assert not g.grim.seat(4).alive and g.last_kill[1] == "demon"
    assert "Dan died in the night." in public(said)


def test_a_poisoned_vortox_kills_nobody():
    g = game()
    night_two(g, poisoned=1)
    said = run(g, ("choose", {"seats": [4]}))
    assert "The Vortox is poisoned: seat 4, Dan does not die." in private(said)
    assert g.grim.seat(4).alive


def test_sober_townsfolk_information_must_be_false_and_the_truth_is_refused():
    # How to Run: whenever a Townsfolk ability gives information, give false information.
    g = game()
    said = until(g, "empath", poison(7))
    w = info(g)
    assert w.truth == 2                       # the Vortox and the Poisoner beside the Empath
    assert w.proposal != w.truth and 0 <= w.proposal <= 2
    assert "The Vortox is in play: the information must be false." in private(said)
    with pytest.raises(Rejected, match="true answer"):
        run(g, answer_number(2))
    run(g, answer_number(1))                  # any false answer is taken
    assert g.current.ability != "empath"


def test_the_false_proposal_is_never_the_truth_whatever_the_seed():
    for seed in range(10):
        g = game(seed=seed)
        until(g, "chef", poison(7))
        assert info(g).proposal != info(g).truth


def test_drunk_or_poisoned_townsfolk_still_get_false_information():
    # Even a drunk or poisoned Townsfolk must be told something false: not "anything".
    g = game()
    said = until(g, "empath", poison(2))
    assert "must be false" in private(said) and "you may give anything" not in private(said)
    with pytest.raises(Rejected):
        run(g, answer_number(info(g).truth))


def test_information_given_false_is_recorded_for_counting():
    # A Vortox's false information is an ability working abnormally (the Mathematician).
    g = game()
    until(g, "empath", poison(7))
    run(g, "next")
    record = [f for f in g.info_rules.false_given if f.ability == "empath"]
    assert record and record[0].why == "vortox" and record[0].seat == 2
    assert record[0].phase == "night" and record[0].number == 1
    assert g.phase.state == "day" and record[0] not in g.info_rules.false_since_dawn()


def test_a_poisoned_vortox_leaves_townsfolk_information_true():
    g = game()
    said = until(g, "empath", poison(1))
    assert "must be false" not in private(said)
    assert info(g).proposal == info(g).truth
    run(g, "next")
    assert not [f for f in g.info_rules.false_given if f.ability == "empath"]


def test_the_oracle_learns_a_false_number_of_dead_evil_players():
    g = game()
    night_two(g)
    run(g, ("choose", {"seats": [7]}))
    until(g, "oracle", poison(7))
    w = info(g)
    assert w.truth == 0 and w.proposal != 0   # two good players dead, none evil
    # tonight's false Empath number is among what went wrong since dawn
    assert any(f.ability == "empath" and f.number == 2 for f in g.info_rules.false_since_dawn())


def test_the_savant_hears_two_false_things():
    # Almanac: the Savant's two statements, one true one false, are both false.
    g = game()
    to_day(g, poison(7))
    said = private(run(g, "savant_visits"))
    assert "The Vortox is in play: both must be false." in said
    assert "true:" not in said
    assert [f for f in g.info_rules.false_since_dawn() if f.ability == "savant"]


def test_only_townsfolk_abilities_are_made_false():
    # The Vortox changes what Townsfolk abilities tell, not other news or other abilities.
    g = game()
    vortox, sweetheart, empath = g.grim.seat(1), g.grim.seat(7), g.grim.seat(2)
    unit = g.unit("vortox")
    assert unit.info_rule(g, vortox, empath, "empath") == MUST_BE_FALSE
    assert unit.info_rule(g, vortox, sweetheart, "sweetheart") is None
    assert unit.info_rule(g, vortox, g.grim.seat(3), "poisoner") is None


def test_a_character_change_is_told_truly():
    # Almanac: a player whose character changes learns their new character truly; that news
    # comes from the change, not from a Townsfolk ability: no Info, no false record.
    g = game()
    to_day(g, poison(7))
    said = run(g, ("become", {"seat": 2, "character": "chef"}))
    assert g.grim.seat(2).character == "chef"
    assert "false" not in private(said).lower()
    assert g.info_rules.false_since_dawn() == []


def test_nobody_executed_today_evil_wins_at_dusk():
    # Almanac: deaths, nominations and exiles all day, but no execution: evil wins.
    g = game()
    to_day(g, poison(7))
    run(g, nominate(2, 5), vote(2), votes(1))          # too few votes: nobody on the block
    said = run(g, "end_day")
    assert g.winner and g.winner.winner == "evil"
    assert "Nobody was executed today, and the Demon is the Vortox. Evil wins." in public(said)


def test_an_execution_even_of_a_dead_player_keeps_the_game_going():
    g = game()
    to_day(g, poison(7))
    run(g, ("die", {"seat": 6}), execute(6))
    assert g.winner is None and g.phase.at_night


def test_exiling_a_traveller_is_not_an_execution():
    g = new_game(SETUP + ",beggar", script=SNV, travellers=1)
    to_day(g, poison(7))
    run(g, ("exile", {"seat": 8, "caller": 2}), votes(8))
    assert not g.grim.seat(8).alive and g.winner is None
    run(g, "end_day")
    assert g.winner and g.winner.winner == "evil"


def test_a_vortox_poisoned_at_dusk_loses_its_win():
    g = game()
    to_day(g, poison(7))
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk:2"))
    run(g, "end_day")
    assert g.winner is None and g.phase.at_night


def test_jinx_the_banshee_killed_by_the_vortox_is_announced_truly():
    # Jinx: if the Vortox kills the Banshee, everyone learns the Banshee has died.
    g = game("vortox,banshee,poisoner,oracle,chef,savant,sweetheart")
    night_two(g)
    said = run(g, ("choose", {"seats": [2]}))
    said += to_day(g, poison(7))
    assert "Seat 2, Ben, the Banshee, has been killed by the Demon." in public(said)


def test_the_vortox_is_run_by_its_unit():
    from characters.catalogue import build_registry, level
    assert level(build_registry().get("vortox")) == "automated"
