"""Village Idiot: 'Each night, choose a player: you learn their alignment. [+0 to +2 Village
Idiots. 1 of the extras is drunk]' (The search tool found the ability and the night sheet's
How to Run only: each Village Idiot chooses a player; thumb up for good, down for evil; with
several, one extra is drunk. No wiki examples were found; the rulings below follow the
ability: a drunk one may be shown anything, a sober one the truth or what a Recluse or Spy
may register as.)"""
import random

import pytest

from characters.catalogue import build_registry
from characters.scripts import load_script
from engine_helpers import NAMES, run, text
from statemachine.bag.draw import base_counts, check_counts, draw_bag
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.line_rules import assert_fit_to_say
from tf_steps import to_day, until

TB = load_script("Trouble Brewing").ids


def game(chars, extra=("villageidiot",), seed=1):
    ids = chars.split(",") if isinstance(chars, str) else list(chars)
    g = Game(GameSetup("Idiots", TB + list(extra), NAMES[:len(ids)], ids, seed),
             build_registry())
    said = g.start()
    return g, said


def idiot_step(g, chosen, picks=None):
    said = until(g, "villageidiot", picks or {})
    return said + run(g, ("choose", {"seats": [chosen]}))


def test_one_village_idiot_learns_an_alignment():
    g, _ = game("imp,villageidiot,poisoner,chef,empath,monk,soldier")
    run(g, "next")
    said = idiot_step(g, 3, {"poisoner": 6})
    assert "The true answer: thumb down, evil." in g.last_private
    said += run(g, "next")
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])
    with pytest.raises(Rejected):
        run(g, ("villageidiot_drunk", {"seat": 2}))   # one alone is never the drunk one


def test_three_village_idiots_one_of_them_drunk():
    g, said = game("imp,villageidiot,villageidiot,villageidiot,poisoner,chef,empath")
    idiots = [p for p in g.grim.players if p.character == "villageidiot"]
    drunk = [p for p in idiots if g.impairment(p, "villageidiot") == "drunk"]
    assert len(drunk) == 1
    assert f"3 Village Idiots are in play. Proposed drunk: {drunk[0].label}." in text(said)
    run(g, ("villageidiot_drunk", {"seat": 4}))
    assert [p.seat for p in idiots if g.impaired(p, "villageidiot")] == [4]
    with pytest.raises(Rejected, match="not a Village Idiot"):
        run(g, ("villageidiot_drunk", {"seat": 5}))
    run(g, "next")
    assert g.night_order_ids(True).count("villageidiot") == 3


def test_the_drunk_one_is_proposed_a_false_alignment():
    g, _ = game("imp,villageidiot,villageidiot,poisoner,chef,empath,monk")
    run(g, ("villageidiot_drunk", {"seat": 3}), "next")
    idiot_step(g, 6, {"poisoner": 7})                 # seat 2, sober: the truth
    assert "The true answer: thumb up, good." in g.last_private
    run(g, "next")
    run(g, ("choose", {"seats": [6]}))                # seat 3, drunk
    assert "They are drunk: give anything. Proposed: thumb down, evil." in g.last_private
    run(g, ("villageidiot_learns", {"alignment": "good"}))


def test_a_sober_one_is_not_given_a_false_alignment():
    g, _ = game("imp,villageidiot,poisoner,chef,empath,monk,soldier")
    run(g, "next")
    idiot_step(g, 6, {"poisoner": 7})
    with pytest.raises(Rejected, match="sober"):
        run(g, ("villageidiot_learns", {"alignment": "evil"}))
    run(g, ("villageidiot_learns", {"alignment": "good"}))


def test_the_recluse_may_be_shown_evil():
    g, _ = game("imp,villageidiot,poisoner,recluse,empath,monk,soldier")
    run(g, "next")
    idiot_step(g, 4, {"poisoner": 7})
    assert "Recluse" in g.last_private
    run(g, ("villageidiot_learns", {"alignment": "evil"}))


def test_it_wakes_every_night():
    g, _ = game("imp,villageidiot,poisoner,chef,empath,monk,soldier")
    run(g, "next")
    to_day(g, {"poisoner": 7, "villageidiot": 3})
    run(g, ("end_day", {}))
    assert "villageidiot" in g.night_order_ids(False)


def test_a_drawn_bag_holds_up_to_two_more_in_townsfolk_places():
    reg = build_registry()
    chars = [reg.get(i) for i in TB + ["villageidiot"]]
    extras = set()
    for seed in range(120):
        for players in (5, 9, 15):
            bag = draw_bag(chars, players, random.Random(seed))
            assert len(bag) == players
            n = bag.count("villageidiot")
            if n:
                extras.add(n)
                teams = [reg.get(c).team for c in bag]
                want = base_counts(players)
                assert teams.count("minion") == want.minion and teams.count("demon") == 1
                if "baron" not in bag:       # the copies take Townsfolk places only
                    assert check_counts([reg.get(c) for c in bag], players) == []
    assert extras == {1, 2, 3}


def test_a_drawn_game_with_idiots_proposes_the_drunk_one():
    reg = build_registry()
    chars = [reg.get(i) for i in TB + ["villageidiot"]]
    for seed in range(200):
        bag = draw_bag(chars, 10, random.Random(seed))
        if bag.count("villageidiot") >= 2:
            g, said = game(bag, seed=seed)
            assert "Village Idiots are in play. Proposed drunk" in text(said)
            return
    pytest.fail("no bag drew two Village Idiots")


def test_boffin_jinx_a_spare_token_may_go_to_the_demon():
    g, _ = game("imp,villageidiot,boffin,chef,empath,monk,soldier",
                extra=("villageidiot", "boffin"))
    said = run(g, ("boffin_gives", {"character": "villageidiot"}))
    assert "The Demon has the Village Idiot's ability." in text(said)
    run(g, "next")
    assert "villageidiot" in g.abilities(g.grim.seat(1))


def test_boffin_without_the_jinx_cannot_give_an_in_play_character():
    g, _ = game("imp,villageidiot,boffin,chef,empath,monk,soldier",
                extra=("boffin",))               # the Village Idiot is not on the script
    with pytest.raises(Rejected, match="in play"):
        run(g, ("boffin_gives", {"character": "villageidiot"}))


def test_pithag_jinx_another_village_idiot_and_the_drunk_one_proposed():
    g, _ = game("imp,villageidiot,pithag,chef,empath,monk,soldier",
                extra=("villageidiot", "pithag"))
    run(g, "next")
    to_day(g, {"villageidiot": 4, "pithag": 4})
    run(g, ("end_day", {}))
    until(g, "pithag", {"villageidiot": 4, "monk": 7})
    run(g, ("choose", {"seats": [5]}))
    said = run(g, ("character", {"character": "villageidiot"}))
    assert g.grim.seat(5).character == "villageidiot"
    assert "A jinx: the drunk Village Idiot may change." in text(said)
    assert "Say 'the drunk village idiot is seat' and a number to change it." in text(said)
    drunk = [p.seat for p in g.grim.players if g.impaired(p, "villageidiot")]
    assert len(drunk) == 1 and drunk[0] in (2, 5)
