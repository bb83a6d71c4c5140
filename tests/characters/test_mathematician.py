"""Mathematician: each night, how many players' abilities worked abnormally since dawn
because of another ability (the engine's record, statemachine/rules/abnormal.py)."""
from engine_helpers import end_day, run
from snv_town_steps import drunk, info, poison, snv, to_day, until

# seats: 1 mathematician, 2 imp, 3 witch, 4 oracle, 5 soldier, 6 juggler, 7 klutz, 8 dreamer
CHARS = "mathematician,imp,witch,oracle,soldier,juggler,klutz,dreamer"


def night_two(chars=CHARS):
    g = snv(chars)
    to_day(g, {"dreamer": 2})
    run(g, end_day())
    return g


def test_nothing_went_wrong_on_the_first_night():
    g = snv(CHARS)
    until(g, "mathematician", {"dreamer": 2})
    assert info(g).truth == 0
    assert "worked abnormally tonight because of another ability" in g.last_private


def test_a_poisoned_oracle_given_a_false_number_counts():
    # The poisoned Oracle learns a wrong count: the Mathematician learns a 1.
    g = night_two()
    poison(g, 4)
    until(g, "oracle", {"imp": 7, "dreamer": 2})
    w = info(g)
    run(g, ("answer_number", {"number": w.truth + 1}))
    until(g, "mathematician", {"dreamer": 2})
    assert info(g).truth == 1
    assert "Seat 4, Dan, the Oracle: false information while poisoned." in g.last_private


def test_poisoned_but_given_the_truth_is_normal():
    # A drunk or poisoned player who happens to get true information worked as normal.
    g = night_two()
    drunk(g, 4)
    until(g, "oracle", {"imp": 7, "dreamer": 2})
    run(g, ("answer_number", {"number": info(g).truth}))
    until(g, "mathematician", {"dreamer": 2})
    assert info(g).truth == 0


def test_a_kill_stopped_by_the_soldier_is_the_demons_abnormal_working():
    g = night_two()
    until(g, "mathematician", {"imp": 5, "dreamer": 2})
    assert g.grim.seat(5).alive
    assert info(g).truth == 1
    assert "Seat 2, Ben, the Imp: a kill stopped" in g.last_private


def test_a_poisoned_soldier_who_dies_is_abnormal():
    g = night_two()
    poison(g, 5)
    until(g, "mathematician", {"imp": 5, "dreamer": 2})
    assert not g.grim.seat(5).alive
    assert info(g).truth == 1
    assert "Seat 5, Eve, the Soldier: did not save seat 5, Eve." in g.last_private


def test_a_player_counts_once_and_only_since_dawn():
    g = snv(CHARS)
    drunk(g, 8)
    until(g, "dreamer")
    run(g, ("choose", {"seats": [4]}))
    run(g, ("answer_character", {"character": "savant"}))      # not the Oracle
    run(g, ("answer_character", {"character": "witch"}))       # another wrong one
    until(g, "mathematician")
    assert info(g).truth == 1
    to_day(g)
    run(g, end_day())
    g.grim.seat(8).effects.clear()
    until(g, "mathematician", {"imp": 7, "dreamer": 2})
    assert info(g).truth == 0               # last night's is not since dawn


def test_the_drunk_believing_a_townsfolk_counts_when_given_false_information():
    # The jinx: the Mathematician may count the Drunk's ability giving false information.
    g = night_two("mathematician,imp,witch,drunk,soldier,juggler,klutz,dreamer")
    g.grim.seat(4).believes = "oracle"
    until(g, "oracle", {"imp": 7, "dreamer": 2})
    run(g, ("answer_number", {"number": info(g).truth + 1}))
    until(g, "mathematician", {"dreamer": 2})
    assert info(g).truth == 1


def test_poisoned_mathematician_is_offered_another_number():
    g = snv(CHARS)
    poison(g, 1)
    until(g, "mathematician", {"dreamer": 2})
    assert info(g).truth == 0 and info(g).proposal != 0


def test_vortox_false_information_counts_and_the_mathematician_hears_false_too():
    # With the Vortox, every Townsfolk's information is false: each counts, and the
    # Mathematician's own number must be false as well.
    g = snv("mathematician,vortox,witch,oracle,soldier,juggler,klutz,dreamer")
    until(g, "dreamer")
    run(g, ("choose", {"seats": [4]}))
    run(g, "next")                           # their own token: another Townsfolk
    run(g, "next")
    until(g, "mathematician")
    w = info(g)
    assert w.truth == 1 and w.proposal != 1
    assert "Seat 8, Hal, the Dreamer: false information because of the Vortox." in g.last_private


def test_a_lunatic_on_the_script_may_be_counted_when_its_attacks_differ(tmp_path):
    """The jinx: the Mathematician might count the Lunatic attacking other players than the
    real Demon did; the Storyteller is told so at the Mathematician's step."""
    import json
    from engine_helpers import new_game
    script = tmp_path / "lunatic-and-mathematician.json"
    script.write_text(json.dumps([{"id": "_meta", "name": "Lunatic sums"}, "mathematician",
                                  "imp", "lunatic", "oracle", "soldier", "juggler", "dreamer",
                                  "poisoner", "chef"]))
    # seats: 1 mathematician, 2 imp, 3 lunatic, 4 oracle, 5 soldier, 6 juggler, 7 dreamer
    g = new_game("mathematician,imp,lunatic,oracle,soldier,juggler,dreamer", str(script))
    until(g, "mathematician", {"dreamer": 2})
    assert ("A jinx: if the Lunatic, seat 3, Cat, attacked other players than the Demon did, "
            "you may count the Lunatic.") in g.last_private
    plain = snv(CHARS)                                   # no Lunatic: no such note
    until(plain, "mathematician", {"dreamer": 2})
    assert "A jinx" not in plain.last_private


def test_a_poisoned_philosopher_who_gained_nothing_counts_and_the_reveal_agrees():
    """Issue 25, item 4. A Philosopher poisoned (here by the No Dashii, its neighbour) when
    choosing the Sage gains nothing: their ability worked abnormally because of another
    character's ability, so the Mathematician counts them. The reveal says they only
    thought they had the Sage's ability, as the reminder does."""
    from statemachine.view.questions import reveal_text
    from statemachine.view.grimoire import build_view
    # seats: 1 mathematician, 2 witch, 3 juggler, 4 nodashii, 5 philosopher, 6 klutz,
    # 7 soldier, 8 dreamer: the No Dashii poisons seats 3 and 5
    g = snv("mathematician,witch,juggler,nodashii,philosopher,klutz,soldier,dreamer")
    until(g, "philosopher", {"dreamer": 2})
    assert g.impairment(g.grim.seat(5)) == "poisoned"
    run(g, ("character", {"character": "sage"}))
    until(g, "mathematician", {"dreamer": 2})
    assert info(g).truth == 1
    assert "Seat 5, Eve, the Philosopher" in g.last_private
    reveal = reveal_text(build_view(g))
    assert "Seat 5, Eve: Philosopher (thought they had the Sage ability)" in reveal
    assert "with the Sage ability" not in reveal
