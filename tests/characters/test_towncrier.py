"""Town Crier: each night except the first, whether a Minion nominated during the day; a
call for a Traveller's exile is not a nomination abilities see."""
from engine_helpers import end_day, nominate, run, vote
from snv_town_steps import info, snv, to_day, until

# seats: 1 towncrier, 2 imp, 3 witch, 4 cerenovus, 5 savant, 6 oracle, 7 mutant, 8 juggler
CHARS = "towncrier,imp,witch,cerenovus,savant,oracle,mutant,juggler"


def day_one(chars=CHARS, travellers=0):
    g = snv(chars, travellers=travellers)
    to_day(g)
    return g


def test_not_on_the_first_night():
    assert "towncrier" not in to_day(snv(CHARS))


def test_two_of_four_nominators_were_minions():
    g = day_one()
    for nominator, nominee in ((3, 5), (5, 6), (4, 7), (6, 8)):
        run(g, nominate(nominator, nominee), vote(nominator), "next")
    run(g, end_day())
    until(g, "towncrier")
    assert info(g).truth is True
    assert "Nod if a Minion nominated during the day" in g.last_private


def test_no_minion_nominated():
    g = day_one()
    run(g, nominate(5, 3), vote(5), "next", nominate(2, 6), vote(2), "next", end_day())
    until(g, "towncrier")
    assert info(g).truth is False        # the Demon nominating is not a Minion


def test_a_minion_calling_for_an_exile_is_not_a_nomination():
    g = day_one(CHARS + ",harlot", travellers=1)
    run(g, ("exile", {"caller": 3, "seat": 9}), vote(3, 4, 5, 6, 7), "next", end_day())
    until(g, "towncrier")
    assert info(g).truth is False


def test_dawn_clears_the_days_record():
    g = day_one()
    run(g, nominate(3, 5), vote(3), "next", end_day())
    assert "Town Crier: 1 Minion Nominated" in g.grim.seat(1).reminders
    to_day(g)
    assert not [r for r in g.grim.seat(1).reminders if r.startswith("Town Crier:")]


def test_a_nomination_by_the_storyteller_is_no_minions(tmp_path):
    """With a Bishop in play the Storyteller nominates (seat 0 on the vote): no player
    nominated, so it is no Minion's, and nothing breaks."""
    g = day_one(CHARS + ",bishop", travellers=1)
    run(g, ("storyteller_nominates", {"seat": 3}), vote(5), "next", end_day())
    until(g, "towncrier")
    assert info(g).truth is False
