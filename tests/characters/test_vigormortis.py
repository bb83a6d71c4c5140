"""Vigormortis: each night* kills; a Minion it kills keeps their ability (their night step
runs, their poison holds although they are dead) and poisons one of their two nearest
Townsfolk, the Storyteller's choice, while the Vigormortis lives; one Outsider fewer. The
almanac's rulings, in our words."""
import pytest

from engine_helpers import choose, new_game, run, walk
from statemachine.bag.counts import Counts
from statemachine.errors import Rejected
from statemachine.model import Effect
from statemachine.waits import ChooseSeats, StorytellerStep
from tf_steps import info, private


def step(g, picks):
    """Choices from picks (the Witch curses seat 2, the Chef, unless told otherwise)."""
    w = g.wait
    if isinstance(w, ChooseSeats) and not isinstance(w, StorytellerStep):
        return run(g, choose(picks.get(g.current.ability, 2)))
    return run(g, "next")


def to_day(g, picks):
    return walk(g, lambda g: step(g, picks))


def until(g, ability, picks):
    return walk(g, lambda g: step(g, picks), until=ability)

SNV = "Sects & Violets"
# seats: 1 vigormortis, 2 chef, 3 poisoner, 4 sweetheart, 5 oracle, 6 savant, 7 witch, 8 empath
SETUP = "vigormortis,chef,poisoner,sweetheart,oracle,savant,witch,empath"


def game():
    return new_game(SETUP, script=SNV)


def to_vigormortis(g, poison=6):
    """The first day passes; night 2 is walked to the Vigormortis."""
    to_day(g, {"poisoner": poison})
    run(g, "end_day")
    return until(g, "vigormortis", {"poisoner": poison})


def kill_the_poisoner(g, poison=6, townsfolk=5):
    to_vigormortis(g, poison)
    said = run(g, choose(3))
    said += run(g, choose(townsfolk))
    return said


def test_setup_removes_one_outsider():
    counts = Counts(townsfolk=5, outsider=2, minion=1, demon=1)
    game().unit("vigormortis").adjust_counts(counts)
    assert (counts.townsfolk, counts.outsider) == (6, 1)


def test_a_player_who_is_not_a_minion_simply_dies():
    g = game()
    to_vigormortis(g)
    said = run(g, choose(5))
    assert "Seat 5, Eve dies." in private(said)
    assert g.wait is None or g.current.ability != "vigormortis"


def test_a_killed_minion_poisons_one_of_their_nearest_townsfolk_skipping_outsiders():
    g = game()
    to_vigormortis(g)
    said = run(g, choose(3))
    assert not g.grim.seat(3).alive
    # the Poisoner's nearest Townsfolk: the Chef on one side, past the Sweetheart the Oracle
    assert ("Seat 3, Cat keeps their ability, and poisons one of their nearest Townsfolk: "
            "seat 2, Ben, or seat 5, Eve.") in private(said)
    with pytest.raises(Rejected, match="Choose seat 2, Ben or seat 5, Eve"):
        run(g, choose(4))
    said = run(g, choose(5))
    assert "Seat 5, Eve is poisoned while the Vigormortis lives." in private(said)
    assert g.impairment(g.grim.seat(5)) == "poisoned"


def test_the_dead_minion_keeps_acting_and_their_poison_works():
    g = game()
    kill_the_poisoner(g)
    to_day(g, {"poisoner": 6})
    said = run(g, "end_day")
    said += until(g, "poisoner", {"poisoner": 8})
    assert "Wake the Poisoner, seat 3, Cat." in private(said)
    run(g, choose(8))                                # a poison from a dead Poisoner
    assert g.impairment(g.grim.seat(8)) == "poisoned"
    until(g, "empath", {"vigormortis": 6})
    assert "They are poisoned" in info(g).prompt


def test_a_dead_townsfolk_may_be_the_one_poisoned():
    g = game()
    run(g, ("die", {"seat": 2}))
    to_vigormortis(g)
    said = run(g, choose(3))
    assert "seat 2, Ben, or seat 5, Eve" in private(said)
    run(g, choose(2))
    assert g.impairment(g.grim.seat(2)) == "poisoned"


def test_every_minion_killed_keeps_their_ability_the_witch_too():
    g = game()
    kill_the_poisoner(g)
    to_day(g, {"poisoner": 6})
    run(g, "end_day")
    until(g, "vigormortis", {"poisoner": 6})
    run(g, choose(7), choose(8))                     # the Witch: Savant or Empath
    assert g.impaired(g.grim.seat(5)) and g.impaired(g.grim.seat(8))
    to_day(g, {"poisoner": 6})
    said = run(g, "end_day")
    said += until(g, "poisoner", {"poisoner": 6})
    while g.current.ability != "witch":
        said += run(g, "next" if g.current.ability != "poisoner" else choose(6))
    assert "Wake the Witch, seat 7, Gus." in private(said)


def test_when_the_vigormortis_loses_its_ability_the_minions_lose_theirs():
    g = game()
    kill_the_poisoner(g)
    to_day(g, {"poisoner": 6})
    g.grim.seat(1).add_effect(Effect("poisoned", until="game", note="Storyteller"))
    assert not g.impaired(g.grim.seat(5))            # the Oracle is healthy again
    said = run(g, "end_day")
    said += to_day(g, {"vigormortis": 6})
    assert "Wake the Poisoner" not in private(said)


def test_a_kept_minion_who_becomes_a_non_minion_loses_ability_and_poison():
    g = game()
    kill_the_poisoner(g)
    to_day(g, {"poisoner": 6})
    run(g, ("become", {"seat": 3, "character": "sweetheart"}))
    assert not g.impaired(g.grim.seat(5))
    assert not g.works_dead(g.grim.seat(3), "sweetheart")
    run(g, ("become", {"seat": 3, "character": "poisoner"}))
    assert not g.works_dead(g.grim.seat(3), "poisoner")   # the ability was lost for good


def test_a_poisoned_vigormortis_kills_nobody():
    g = game()
    to_vigormortis(g, poison=1)
    said = run(g, choose(3))
    assert "The Vigormortis is poisoned: seat 3, Cat does not die." in private(said)
    assert g.grim.seat(3).alive


def test_a_mastermind_the_vigormortis_killed_keeps_its_ability_when_the_vigormortis_dies(
        tmp_path):
    """The jinx: the Vigormortis dying does not take the ability from the Mastermind it
    killed, so its execution gives one more day."""
    import json
    from engine_helpers import end_day, execute
    script = tmp_path / "vigormortis-and-mastermind.json"
    script.write_text(json.dumps([{"id": "_meta", "name": "Kept"}, "vigormortis", "mastermind",
                                  "chef", "empath", "oracle", "savant", "clockmaker",
                                  "sweetheart", "mutant", "witch"]))
    # seats: 1 vigormortis, 2 mastermind, 3 chef, 4 empath, 5 oracle, 6 savant, 7 clockmaker
    g = new_game("vigormortis,mastermind,chef,empath,oracle,savant,clockmaker", str(script))
    to_day(g, {})
    run(g, end_day())
    until(g, "vigormortis", {})
    run(g, choose(2), choose(3))                     # kills the Mastermind; poisons the Chef
    to_day(g, {})
    assert not g.grim.seat(2).alive and g.working(g.grim.seat(2), "mastermind")
    said = run(g, execute(1))
    assert not g.grim.seat(1).alive and g.winner is None
    assert "the Mastermind, seat 2, Ben, plays on" in private(said)
