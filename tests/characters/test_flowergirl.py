"""Flowergirl: each night except the first, whether a Demon voted during the day (a dead
Demon's ghost vote too; never a vote on an exile)."""
from engine_helpers import end_day, nominate, run, vote
from snv_town_steps import info, poison, snv, to_day, until

# seats: 1 flowergirl, 2 imp, 3 witch, 4 savant, 5 oracle, 6 mutant, 7 juggler
CHARS = "flowergirl,imp,witch,savant,oracle,mutant,juggler"


def day_one(chars=CHARS, travellers=0):
    g = snv(chars, travellers=travellers)
    to_day(g)
    return g


def test_not_on_the_first_night():
    g = snv(CHARS)
    assert "flowergirl" not in to_day(g)


def test_the_demon_voted_on_one_of_the_nominations():
    g = day_one()
    run(g, nominate(4, 5), vote(4, 6), "next", nominate(5, 6), vote(2, 5), "next", end_day())
    until(g, "flowergirl")
    assert info(g).truth is True
    assert "Nod if a Demon voted during the day" in g.last_private


def test_the_demon_did_not_vote():
    g = day_one()
    run(g, nominate(4, 5), vote(4, 6, 3), "next", end_day())
    until(g, "flowergirl")
    assert info(g).truth is False


def test_a_dead_demon_voting_counts():
    g = day_one()
    # A dead Demon (the game goes on: say another Demon lives) spends its ghost vote.
    g.grim.seat(2).alive = False
    g.grim.seat(3).character = "fanggu"
    run(g, nominate(4, 5), vote(2), "next", end_day())
    until(g, "flowergirl")
    assert info(g).truth is True


def test_a_vote_on_an_exile_does_not_count():
    g = day_one(CHARS + ",harlot", travellers=1)
    run(g, ("exile", {"caller": 4, "seat": 8}), vote(2, 4), "next", end_day())
    until(g, "flowergirl")
    assert info(g).truth is False


def test_yesterdays_vote_is_forgotten():
    g = day_one()
    run(g, nominate(4, 5), vote(2), "next", end_day())
    to_day(g)
    run(g, end_day())
    until(g, "flowergirl")
    assert info(g).truth is False


def test_poisoned_flowergirl_is_offered_the_other_answer():
    g = day_one()
    run(g, nominate(4, 5), vote(2), "next", end_day())
    poison(g, 1)
    until(g, "flowergirl")
    assert info(g).truth is True and info(g).proposal is False


def test_the_grimoire_shows_demon_voted_for_the_night_and_dawn_clears_it():
    from statemachine.view.grimoire import build_view
    g = day_one()
    run(g, nominate(4, 5), vote(2), "next", end_day())
    assert "Flowergirl: Demon Voted" in build_view(g).seats[0].reminders
    to_day(g)
    assert not [r for r in g.grim.seat(1).reminders if r.startswith("Flowergirl:")]
