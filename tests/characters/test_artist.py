"""Artist: once per game, during the day, one yes or no question asked in private; the
Storyteller answers, the narrator keeps the once per game."""
import pytest

from engine_helpers import end_day, private, run
from snv_town_steps import drunk, snv, to_day
from statemachine.errors import Rejected

CHARS = "artist,imp,witch,savant,oracle,mutant,juggler"


def day(g):
    to_day(g)
    return g


def test_asks_once_and_the_answer_is_noted():
    g = day(snv(CHARS))
    said = private(run(g, "artist_asks"))
    assert "asks one yes or no question in private" in said
    assert "I do not know if it cannot be known yet" in said
    assert "No Ability" in g.grim.seat(1).reminders
    said = private(run(g, ("artist_answered", {"value": True})))
    assert "Noted: the Artist was answered yes." in said
    with pytest.raises(Rejected, match="already"):
        run(g, ("artist_answered", {"value": False}))
    run(g, end_day())
    to_day(g)
    with pytest.raises(Rejected, match="already asked"):
        run(g, "artist_asks")


def test_asked_and_answered_in_one_command():
    g = day(snv(CHARS))
    run(g, "artist_not_known")
    assert "Artist: answered not known" in g.grim.seat(1).reminders
    assert "artist" in g.grim.seat(1).spent


def test_only_by_day_and_alive():
    g = snv(CHARS)
    with pytest.raises(Rejected, match="during the day"):
        run(g, "artist_asks")
    day(g)
    run(g, ("die", {"seat": 1}))
    with pytest.raises(Rejected, match="dead"):
        run(g, "artist_asks")


def test_drunk_artist_may_be_answered_falsely_and_the_question_is_spent():
    g = day(snv(CHARS))
    drunk(g, 1)
    assert "They are drunk: you may answer falsely." in private(run(g, "artist_asks"))
    assert "artist" in g.grim.seat(1).spent


def test_under_the_vortox_the_answer_must_be_false_and_is_recorded():
    g = snv("artist,vortox,witch,savant,oracle,mutant,juggler")
    to_day(g)
    assert "The Vortox is in play: answer falsely." in private(run(g, "artist_asks"))
    run(g, ("artist_answered", {"value": False}))
    assert [(f.seat, f.ability, f.why) for f in g.info_rules.false_given] == [(1, "artist", "vortox")]
