"""The Bone Collector (Traveller): once per game, at night except the first, chooses a dead
player, who has their ability again until dusk. The almanac's rulings, one test each."""
import pytest

from statemachine.line_rules import assert_fit_to_say
from snv_steps import end_day, execute, nominate, private, public, run, snv, walk_night
from statemachine.errors import Rejected
from statemachine.view.grimoire import build_view

# seats: 1 Lleech (a Demon the Storyteller runs), 2 Witch, 3 Flowergirl, 4 Clockmaker, 5 Virgin, 6 Savant, 7 Juggler,
# 8 Bone Collector (a Traveller)
SETUP = "lleech,witch,flowergirl,clockmaker,virgin,savant,juggler,bonecollector"


def night_two(dead=(3,)):
    """Day 1: the players in ``dead`` die; night 2 waits for the Bone Collector."""
    game = snv(SETUP, travellers=1)
    assert "bonecollector" not in game.night_order_ids(first=True)
    walk_night(game)
    for seat in dead:
        run(game, ("die", {"seat": seat}))
    said = run(game, end_day())
    said += walk_night(game, until="bonecollector")
    game.said_so_far = said          # for the line rules: who was woken
    return game


def collect(game, seat):
    return run(game, ("choose", {"seats": [seat]}))


def test_the_dead_flowergirl_acts_again_tonight():
    game = night_two()
    said = game.said_so_far + collect(game, 3)
    assert "Seat 3, Cat, the Flowergirl, has their ability again until dusk" in private(said)
    assert not game.grim.seat(3).alive              # they stay dead
    said += walk_night(game, until="flowergirl")
    assert "Wake the Flowergirl, seat 3, Cat." in private(said)
    assert_fit_to_say([(s.text, s.channel == "private") for s in said])


def test_a_you_start_knowing_ability_is_used_again_tonight():
    game = night_two(dead=(4,))
    collect(game, 4)
    assert ("clockmaker", 4) in [(e.ability, e.seat) for e in game.night_queue()]


def test_a_used_once_per_game_ability_works_again_by_day_until_dusk():
    # The dead Virgin, already nominated once, is nominated by a Townsfolk again.
    game = night_two(dead=(5,))
    game.grim.seat(5).spent.add("virgin")
    collect(game, 5)
    walk_night(game)
    run(game, nominate(6, 5))
    assert not game.grim.seat(6).alive               # the Savant is executed
    assert game.phase.at_night


def test_the_ability_ends_at_dusk():
    game = night_two()
    collect(game, 3)
    walk_night(game)
    cat = game.grim.seat(3)
    assert game.working(cat, "flowergirl")
    run(game, end_day())
    assert not game.working(cat, "flowergirl")
    assert "flowergirl" not in game.night_order_ids(first=False)


def test_the_ability_ends_when_the_bone_collector_dies():
    game = night_two()
    collect(game, 3)
    walk_night(game)
    run(game, ("die", {"seat": 8}))
    assert not game.working(game.grim.seat(3), "flowergirl")


def test_once_per_game():
    game = night_two()
    collect(game, 3)
    assert "No Ability" in build_view(game).seat(8).reminders[0]
    walk_night(game)
    run(game, end_day())
    assert "bonecollector" not in game.night_order_ids(first=False)


def test_the_bone_collector_may_choose_nobody_and_keeps_the_ability():
    game = night_two()
    run(game, "nobody")
    walk_night(game)
    run(game, end_day())
    assert "bonecollector" in game.night_order_ids(first=False)


def test_only_a_dead_player():
    game = night_two()
    with pytest.raises(Rejected, match="dead player"):
        collect(game, 6)


def test_the_regained_ability_is_shown_in_the_grimoire():
    game = night_two()
    collect(game, 3)
    assert build_view(game).seat(3).effects[0].startswith(
        "has their ability again, from seat 8, Hal, the Bone Collector")


def test_one_mechanism_says_a_dead_players_ability_works():
    """Issue 25, item 7: the Bone Collector's regained ability and the Vigormortis's kept
    one are the same question, ``game.works_dead`` (Character.keeps_ability): every unit
    asking it (the Spy's, the Mastermind's, the Storyteller-run units' wakes) hears yes
    for a player the Bone Collector chose."""
    game = night_two()
    cat = game.grim.seat(3)
    assert not game.works_dead(cat, "flowergirl")
    collect(game, 3)
    assert game.works_dead(cat, "flowergirl") and game.working(cat, "flowergirl")
    assert "flowergirl" in [e.ability for e in game.night_queue() if e.seat == 3]
    game.grim.seat(8).add_effect(__import__("statemachine.model", fromlist=["Effect"]).Effect(
        "poisoned", until="dusk"))
    assert not game.works_dead(cat, "flowergirl")    # the Bone Collector's ability fails


def test_its_alignment_is_the_storytellers_choice_at_setup():
    from engine_helpers import new_game as fresh
    game = fresh("imp,empath,poisoner,chef,recluse,monk,soldier,bonecollector", travellers=1, start=False)
    assert any("Seat 8, Hal is the Bone Collector, a Traveller, good. Say 'seat 8 is evil'" in line
               for line in game.setup_lines())
