"""The Organ Grinder: all players keep their eyes closed when voting and the vote tally is
secret. Each night, choose if you are drunk until dusk. (The search tool gave the wiki's
summary points for the Organ Grinder's earlier wording, whose voting rule is the same: eyes
closed; the count not said aloud, nor how many voted; who is about to die not said; the
execution said as usual; a dead player's vote token removed at the end of the day. The
nightly choice to be drunk is the current wording's, as in characters/data/catalogue.toml.
The Butler jinx is from characters/data/jinxes.toml.)"""
import json

from engine_helpers import end_day, new_game, nominate, private, public, run, vote, votes
from tf_steps import to_day, until

TB = ["washerwoman", "librarian", "chef", "empath", "monk", "soldier", "mayor", "saint",
      "butler", "recluse"]
# seats: 1 imp, 2 organ grinder, 3 chef, 4 empath, 5 monk, 6 soldier, 7 saint, 8 butler
SETUP = "imp,organgrinder,chef,empath,monk,soldier,saint,butler"


def game(tmp_path, drunk=False, butler=3):
    path = tmp_path / "organ.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Grinding"}, "imp", "organgrinder",
                                *TB]))
    g = new_game(SETUP, str(path))
    until(g, "organgrinder", {"butler": butler})
    run(g, "yes" if drunk else "no")
    to_day(g, {"butler": butler})
    return g


def test_votes_are_cast_with_eyes_closed_and_the_tally_is_the_storytellers(tmp_path):
    g = game(tmp_path)
    said = run(g, nominate(3, 4))
    assert "Vote on seat 4, Dan, with your eyes closed. Raise your hands." in public(said)
    assert "needed" not in public(said)
    assert "The tally is secret: 4 votes needed." in private(said)
    said = run(g, votes(5))
    assert "The votes are in. Everyone, open your eyes." in public(said)
    assert "5 votes" not in public(said) and "about to die" not in public(said)
    assert "5 votes. Seat 4, Dan is about to die." in private(said)
    said = run(g, nominate(4, 5), votes(2))
    assert "Dan is about to die" not in public(said)                # not even the block
    said = run(g, end_day())
    assert "Seat 4, Dan is executed." in public(said)


def test_a_dead_voters_token_is_spent_at_dusk_not_at_the_vote(tmp_path):
    g = game(tmp_path)
    run(g, ("die", {"seat": 6}))
    run(g, nominate(3, 4), vote(6), "next")
    assert g.grim.seat(6).ghost_vote
    run(g, nominate(4, 5), vote(6), "next")                        # still may vote today
    run(g, end_day())
    assert not g.grim.seat(6).ghost_vote


def test_drunk_by_their_own_choice_the_votes_are_open(tmp_path):
    g = game(tmp_path, drunk=True)
    said = run(g, nominate(3, 4), votes(5))
    assert "Vote on seat 4, Dan. 4 votes needed." in public(said)
    assert "5 votes. Seat 4, Dan is about to die." in public(said)
    run(g, end_day())
    until(g, "organgrinder", {"butler": 3, "monk": 4, "imp": 7})
    assert not g.impaired(g.grim.seat(2))                           # sober at dusk


def test_exiles_are_not_touched(tmp_path):
    path = tmp_path / "organ.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Grinding"}, "imp", "organgrinder",
                                *TB, "scapegoat"]))
    g = new_game(SETUP + ",scapegoat", str(path), travellers=1)
    to_day(g, {"butler": 3})
    said = run(g, ("exile", {"seat": 9, "caller": 3}))
    assert "with your eyes closed" not in public(said)


def test_jinx_with_eyes_closed_the_butlers_hand_counts_only_if_the_master_voted(tmp_path):
    g = game(tmp_path, butler=3)
    run(g, nominate(4, 5))
    said = run(g, vote(8), vote(1), "next")                        # the master did not vote
    assert "Seat 8, Hal's hand does not count." in private(said)
    assert "1 vote. Not enough" in private(said)
    run(g, nominate(5, 6))
    said = run(g, vote(8), vote(3), "next")                        # the master voted after
    assert "hand does not count" not in private(said)
    assert "2 votes" in private(said)


def test_its_lines_are_fit_to_be_said(tmp_path):
    from statemachine.line_rules import assert_fit_to_say
    g = game(tmp_path)
    said = run(g, nominate(3, 4), votes(5), end_day())
    assert_fit_to_say([(s.text, False) for s in said])
