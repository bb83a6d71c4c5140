"""Preacher: 'Each night, choose a player: a Minion, if chosen, learns this. All chosen
Minions have no ability.' (The search tool found the ability and the night sheet's How to
Run only: the Preacher chooses a player; if a Minion, put the Preacher to sleep, wake the
Minion and show the This Character Selected You token and the Preacher token. No wiki
examples were found. Rulings here from the ability text: the Minion is without ability while
the Preacher's ability works, so a dead, drunk or poisoned Preacher's Minions have theirs
back meanwhile; a Minion without ability is not woken for it; a drunk Preacher's choice does
nothing. Jinx with the Vizier, as catalogued: told so, still cannot die by day.)"""
import pytest

from engine_helpers import execute, nominate, run, text, votes
from statemachine.line_rules import assert_fit_to_say
from statemachine.model import NO_ABILITY, Effect
from tf_steps import game_with, to_day, until

# 1 Imp, 2 Preacher, 3 Poisoner, 4 Scarlet Woman, 5 empath, 6 monk, 7 chef
CHARS = "imp,preacher,poisoner,scarletwoman,empath,monk,chef"


def first_night(picks, chars=CHARS, poisoned=None):
    g = game_with(chars)
    if poisoned:       # as a Storyteller's override would (the Poisoner acts after)
        g.grim.seat(poisoned).add_effect(Effect("poisoned", until="dawn"))
    said = to_day(g, picks)
    return g, said


def test_a_minion_chosen_is_woken_and_loses_the_ability():
    g, said = first_night({"preacher": 3, "poisoner": 5})
    private = text(said, "private")
    assert ("Put the Preacher to sleep. Wake seat 3, Cat: show the This Character Selected "
            "You token, then the Preacher token. The Poisoner has no ability now.") in private
    cat = g.grim.seat(3)
    assert g.impairment(cat, "poisoner") == NO_ABILITY and not g.working(cat, "poisoner")
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])


def test_the_minion_without_ability_no_longer_wakes():
    g, _ = first_night({"preacher": 3, "poisoner": 5})
    run(g, ("end_day", {}))
    assert "poisoner" not in g.night_order_ids(False)
    assert "preacher" in g.night_order_ids(False)


def test_the_poison_chosen_before_the_preacher_ends_with_the_ability():
    """On later nights the Preacher (14) acts before the Poisoner (16) too; last night's
    poison needs its source working: it ends when the Poisoner loses the ability."""
    g, _ = first_night({"preacher": 5, "poisoner": 6})
    assert g.impairment(g.grim.seat(6)) == "poisoned"
    run(g, ("end_day", {}))
    until(g, "preacher", {})
    run(g, ("choose", {"seats": [3]}))
    assert g.impairment(g.grim.seat(6)) is None


def test_a_good_player_chosen_learns_nothing():
    g, said = first_night({"preacher": 5, "poisoner": 6})
    assert "Wake the Poisoner" in text(said)
    assert "Seat 5, Eve is not a Minion: nothing happens." in text(said)
    assert not any(e.kind == NO_ABILITY for p in g.grim.players for e in p.effects)
    assert g.impairment(g.grim.seat(6)) == "poisoned"


def test_a_poisoned_preacher_chooses_and_nothing_happens():
    g, said = first_night({"preacher": 3, "poisoner": 5}, poisoned=2)
    assert "The Preacher is poisoned: nothing happens to seat 3, Cat." in text(said)
    assert g.working(g.grim.seat(3), "poisoner")


def test_the_ability_comes_back_while_the_preacher_is_dead():
    g, _ = first_night({"preacher": 3, "poisoner": 5})
    run(g, ("die", {"seat": 2}))
    assert g.working(g.grim.seat(3), "poisoner")
    run(g, ("end_day", {}))
    assert "poisoner" in g.night_order_ids(False)


def test_a_scarlet_woman_without_ability_does_not_become_the_demon():
    g, _ = first_night({"preacher": 4, "poisoner": 5})
    said = run(g, nominate(5, 1), votes(4), execute(1))
    assert g.winner is not None and g.winner.winner == "good"
    assert g.grim.seat(4).character == "scarletwoman"


def test_a_minion_who_becomes_the_demon_has_the_demons_ability():
    """The Imp passes to a Minion without ability: the new Imp's ability works."""
    g, _ = first_night({"preacher": 3, "poisoner": 5})
    run(g, ("end_day", {}))
    until(g, "imp", {"preacher": 4, "monk": 7})
    g.change_character(g.grim.seat(3), "imp")
    assert g.impairment(g.grim.seat(3), "imp") is None


def with_script(chars, extra):
    """A started game on Trouble Brewing plus ``extra`` (so their jinxes are active)."""
    from characters.catalogue import build_registry
    from characters.scripts import load_script
    from engine_helpers import NAMES
    from statemachine.game import Game, GameSetup
    ids = chars.split(",")
    g = Game(GameSetup("Preached", load_script("Trouble Brewing").ids + extra,
                       NAMES[:len(ids)], ids, 1), build_registry())
    g.start()
    run(g, "next")
    return g


def test_vizier_jinx_without_ability_still_cannot_die_by_day():
    g = with_script("imp,preacher,vizier,chef,empath,monk,soldier", ["preacher", "vizier"])
    said = to_day(g, {"preacher": 3})
    assert not g.working(g.grim.seat(3), "vizier")
    assert "A jinx: tell them they still cannot die by day." in text(said)
    said += run(g, nominate(5, 3), votes(5), execute(3))
    assert g.grim.seat(3).alive
    assert "The Vizier, seat 3, Cat, cannot die by day." in text(said)


def test_without_the_jinx_a_vizier_without_ability_dies_by_day():
    """The jinx is the Vizier's only when both are on the script: here the Preacher is not
    (a Storyteller's change made the Preacher), so the Vizier without ability dies."""
    g = with_script("imp,preacher,vizier,chef,empath,monk,soldier", ["vizier"])
    to_day(g, {"preacher": 3})
    run(g, nominate(5, 3), votes(5), execute(3))
    assert not g.grim.seat(3).alive


@pytest.mark.parametrize("seats", [7, 12])
def test_at_table_sizes(seats):
    base = "imp,preacher,poisoner,empath,monk,chef,soldier,saint,mayor,virgin,slayer,drunk"
    g, said = first_night({"preacher": 3, "poisoner": 5, "butler": 4},
                          ",".join(base.split(",")[:seats]))
    assert not g.working(g.grim.seat(3), "poisoner")
