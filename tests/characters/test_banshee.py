"""Banshee: killed by the Demon, everyone learns it; then nominates twice a day and votes
twice per nomination, even dead."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Once Upon a Baron"
CHARS = "banshee,imp,baron,empath,oracle,alsaahir,steward,minstrel"


def killed_by_demon():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, "end_day")
    said = walk(g, imp=[1])
    return g, said


def test_demon_kill_is_announced_to_all():
    g, said = killed_by_demon()
    pub = text(said, "public")
    assert "Seat 1, Ann, the Banshee, has been killed by the Demon." in pub
    assert "The Banshee, seat 1, Ann: do not wake them." in text(said, "private")


def test_nominates_twice_while_dead():
    g, _ = killed_by_demon()
    run(g, ("nominate", {"nominator": 1, "nominee": 3}), "next")
    run(g, ("nominate", {"nominator": 1, "nominee": 4}), "next")
    with pytest.raises(Rejected):
        run(g, ("nominate", {"nominator": 1, "nominee": 5}))


def test_votes_twice_without_spending_a_vote_token():
    g, _ = killed_by_demon()
    run(g, ("nominate", {"nominator": 5, "nominee": 3}))
    run(g, ("vote", {"seats": [1]}))
    with pytest.raises(Rejected):
        run(g, ("vote", {"seats": [1]}))
    said = run(g, "next")
    assert "2 votes." in text(said, "public")    # one named voter, worth two votes
    run(g, ("nominate", {"nominator": 6, "nominee": 4}), ("vote", {"seats": [1]}))


def test_executed_banshee_gets_nothing():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    said = run(g, ("execute", {"seat": 1}))
    assert "Banshee" not in text(said, "public")
    walk(g, imp=[4])
    with pytest.raises(Rejected):
        run(g, ("nominate", {"nominator": 1, "nominee": 3}))


def test_poisoned_banshee_killed_by_demon_gains_nothing():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, "end_day")
    g.grim.seat(1).add_effect(Effect("poisoned", until="dawn"))
    said = walk(g, imp=[1])
    assert "Banshee" not in text(said, "public")


def test_the_announcement_waits_for_dawn_and_gives_no_night_order_away():
    g, said = killed_by_demon()
    lines = [s for s in said]
    at = next(i for i, s in enumerate(lines) if "the Banshee, has been killed" in s.text)
    dawn = next(i for i, s in enumerate(lines) if s.text.startswith("Dawn."))
    assert at > dawn                                 # not before the Empath woke
    assert lines[at].channel == "public"
    pub = [s.text for s in lines if s.channel == "public"]
    start = pub.index("Dawn. Everyone, open your eyes.")
    assert pub[start:start + 3] == [
        "Dawn. Everyone, open your eyes.", "Seat 1, Ann died in the night.",
        "Seat 1, Ann, the Banshee, has been killed by the Demon."]


def test_any_public_line_said_at_night_is_held_until_dawn():
    g = new_game(CHARS, script=SCRIPT)
    said = []
    g.say_public("Some news of the night.")      # a unit's public line mid-night
    said += g.out
    assert not [s for s in said if s.text == "Some news of the night."]
    said += walk(g)
    pub = text(said, "public").splitlines()
    assert pub.index("Some news of the night.") > pub.index("Dawn. Everyone, open your eyes.")
