"""Cult Leader: 'Each night, you become the alignment of an alive neighbour. If all good
players choose to join your cult, your team wins.' (The search tool found the ability and
the night sheet's How to Run only: if the Cult Leader changed alignment, wake them and show
a thumb. No wiki examples were found: here the Storyteller picks between two living
neighbours of different alignments; a cult vote is said by the Storyteller by day, every
good player, dead or alive, Travellers not, must join; the jinxes with the Boffin and the
Pit-Hag as catalogued.)"""
import pytest

from characters.catalogue import build_registry
from characters.scripts import load_script
from engine_helpers import NAMES, new_game, run, text
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.line_rules import assert_fit_to_say
from tf_steps import to_day, until

# 1 Imp, 2 Cult Leader, 3 Poisoner, 4 chef, 5 empath, 6 monk, 7 soldier
CHARS = "imp,cultleader,poisoner,chef,empath,monk,soldier"


def test_neighbours_differ_the_storyteller_picks_and_the_leader_turns_evil():
    g = new_game("imp,cultleader,chef,poisoner,empath,monk,soldier")
    said = until(g, "cultleader", {"poisoner": 6})
    assert "The Cult Leader's living neighbours differ" in g.last_private
    with pytest.raises(Rejected, match="neighbours"):
        run(g, ("choose", {"seats": [5]}))
    said += run(g, ("choose", {"seats": [1]}))
    assert g.grim.seat(2).alignment == "evil"
    assert ("The Cult Leader takes seat 1, Ann's alignment. Wake the Cult Leader, seat 2, "
            "Ben: show the You Are token and a thumb down, evil.") in text(said)
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])


def test_same_alignment_the_leader_stays_and_sleeps():
    g = new_game("chef,cultleader,empath,imp,poisoner,monk,soldier")
    said = to_day(g, {"poisoner": 6})
    assert ("The Cult Leader takes seat 1, Ann's alignment and stays good: do not wake "
            "them.") in text(said)
    assert g.grim.seat(2).alignment == "good"


def test_both_neighbours_evil_the_leader_turns_evil_unasked():
    g = new_game(CHARS)
    said = to_day(g, {"poisoner": 6})
    assert g.grim.seat(2).alignment == "evil" and "differ" not in text(said)


def test_a_poisoned_cult_leader_does_not_change():
    g = new_game(CHARS)
    said = to_day(g, {"poisoner": 2})
    assert g.grim.seat(2).alignment == "good"
    assert "The Cult Leader is poisoned: their alignment stays good." in text(said)


def test_every_good_player_joins_the_good_leader_wins():
    g = new_game(CHARS)
    to_day(g, {"poisoner": 6})
    g.set_alignment(g.grim.seat(2), "good")
    said = run(g, ("cult_joins", {"seats": [4, 5, 6]}))
    assert g.winner is None and "Not every good player joined: seat 7, Gus did not." in text(said)
    run(g, ("cult_joins", {"seats": [4, 5, 6, 7, 3]}))
    assert g.winner is not None and g.winner.winner == "good"


def test_an_evil_leader_wins_for_evil_when_every_good_player_joins():
    g = new_game(CHARS)
    to_day(g, {"poisoner": 6})
    assert g.grim.seat(2).alignment == "evil"
    run(g, ("die", {"seat": 7}))                         # the dead are asked too
    said = run(g, ("cult_joins", {"seats": [4, 5, 6]}))
    assert g.winner is None
    run(g, ("cult_joins", {"seats": [4, 5, 6, 7]}))
    assert g.winner.winner == "evil"


def test_nobody_joins_and_night_only_refused():
    g = new_game(CHARS)
    with pytest.raises(Rejected):
        run(g, ("cult_nobody", {}))
    to_day(g, {"poisoner": 6})
    said = run(g, ("cult_nobody", {}))
    assert g.winner is None and "Nothing happens." in text(said)


def game_on(extra, chars):
    ids = chars.split(",")
    g = Game(GameSetup("Cult", load_script("Trouble Brewing").ids + extra, NAMES[:len(ids)],
                       ids, 1), build_registry())
    g.start()
    run(g, "next")
    return g


def test_pithag_jinx_an_evil_cult_leader_made_by_the_pithag_cannot_turn_good():
    g = game_on(["cultleader", "pithag"], "imp,chef,pithag,empath,monk,soldier,mayor")
    to_day(g, {"pithag": 3})
    run(g, ("end_day", {}))
    p3 = g.grim.seat(3)
    g.change_character(p3, "cultleader")
    p3.reminders.append("Pit-Hag: made")
    said = to_day(g, {"monk": 4, "imp": 6})
    assert "The Pit-Hag made this evil Cult Leader: they cannot turn good (a jinx)." in text(said)
    assert p3.alignment == "evil"


def test_boffin_jinx_a_demon_with_the_ability_cannot_turn_good():
    g = Game(GameSetup("Cult", load_script("Trouble Brewing").ids + ["cultleader", "boffin"],
                       NAMES[:7], "imp,chef,boffin,empath,monk,soldier,mayor".split(","), 1),
             build_registry())
    g.start()
    run(g, ("boffin_gives", {"character": "cultleader"}), "next")
    said = to_day(g, {})
    assert "cultleader" in g.abilities(g.grim.seat(1))
    assert "The Demon holds the Cult Leader's ability and cannot turn good (a jinx)." in \
        text(said)
    assert g.grim.seat(1).alignment == "evil"
