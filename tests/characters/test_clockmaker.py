"""Clockmaker: on the first night, the steps from the Demon to its nearest Minion, either
way round; every seat counts, Travellers too, but an evil Traveller is not a Minion."""
from engine_helpers import run
from snv_town_steps import drunk, info, snv, to_day, until


def test_demon_beside_a_minion_is_one():
    g = snv("fanggu,pithag,clockmaker,dreamer,oracle,savant,sage")
    until(g, "clockmaker")
    assert info(g).truth == 1


def test_the_nearer_minion_either_way_round_counts():
    # Clockwise from the No Dashii: Dreamer, Snake Charmer, then the Evil Twin (3 steps);
    # anticlockwise: Mutant, Sweetheart, Philosopher, Sage, then the Witch (5 steps).
    g = snv("nodashii,dreamer,snakecharmer,eviltwin,clockmaker,witch,sage,philosopher,"
            "sweetheart,mutant")
    said = until(g, "clockmaker")
    assert info(g).truth == 3
    assert "to its nearest Minion, seat 4, Dan" in g.last_private
    assert said


def test_travellers_are_seats_but_an_evil_traveller_is_not_a_minion():
    # The Fang Gu (seat 1) sits beside an evil Traveller (seat 8), whose other neighbour
    # is the Cerenovus (seat 7): two steps.
    g = snv("fanggu,clockmaker,dreamer,oracle,savant,sage,cerenovus,harlot", travellers=1)
    g.grim.seat(8).alignment = "evil"
    until(g, "clockmaker")
    assert info(g).truth == 2


def test_only_on_the_first_night():
    g = snv("fanggu,pithag,clockmaker,dreamer,oracle,savant,sage")
    assert "clockmaker" in g.night_order_ids(first=True)
    assert "clockmaker" in to_day(g)
    run(g, "end_day")
    assert "clockmaker" not in to_day(g)


def test_drunk_clockmaker_is_offered_another_number():
    for seed in range(5):
        g = snv("fanggu,pithag,clockmaker,dreamer,oracle,savant,sage", seed=seed)
        drunk(g, 3)
        until(g, "clockmaker")
        w = info(g)
        assert w.truth == 1 and w.proposal != 1 and 0 <= w.proposal <= 3
        assert "They are drunk" in g.last_private


def test_a_false_number_given_is_an_abnormal_working():
    g = snv("fanggu,pithag,clockmaker,dreamer,oracle,savant,sage")
    drunk(g, 3)
    until(g, "clockmaker")
    run(g, ("answer_number", {"number": 3}))
    assert g.abnormal.players_since_dawn() == [3]
