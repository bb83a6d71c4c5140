"""Princess: 'On your first day, if you nominated a player and they were executed, the Demon
kills nobody tonight.' (The wiki's Princess page, read whole by the search tool: only the
Princess's own nominee counts; the executee need not die; exiles do not count; drunk by day
and sober at night, the Princess stops the kill, sober by day and drunk at night, not; other
night kills happen; the Demon still wakes and chooses, and the rest of its ability works; a
Princess created mid-game has a first day too. How to Run: mark the Demon Doesn't Kill, wake
the Demon as usual, it does not kill. Its jinxes, with the Cannibal and the Al-Hadikhia, as
that page gives them.)"""
from engine_helpers import execute, nominate, run, text, votes
from statemachine.line_rules import assert_fit_to_say
from statemachine.model import Effect
from tf_steps import game_with, to_day, until

# 1 Imp, 2 Princess, 3 Poisoner, 4 chef, 5 empath, 6 monk, 7 saint (Trouble Brewing + the Princess)
CHARS = "imp,princess,poisoner,chef,empath,monk,soldier"


def day_one(chars=CHARS, poisoned=6):
    g = game_with(chars)
    to_day(g, {"poisoner": poisoned})
    return g


def execute_by(g, nominator, nominee):
    return run(g, nominate(nominator, nominee), votes(4), execute(nominee))


def night_two(g, picks):
    said = until(g, "imp", picks)
    said += run(g, ("choose", {"seats": [picks["imp"]]}))
    return said + to_day(g, picks)


def test_the_princess_nominee_executed_the_demon_kills_nobody_tonight():
    g = day_one()
    said = execute_by(g, 2, 4)
    said += night_two(g, {"poisoner": 7, "monk": 7, "imp": 5})
    assert g.grim.seat(5).alive and not g.grim.seat(4).alive
    private = text(said, "private")
    assert "The Princess's nominee, seat 4, Dan, was executed" in private
    assert "Wake the Imp" in private                     # the Demon still wakes and chooses
    assert "Seat 5, Eve does not die: the Princess stops the Demon's kills tonight." in private
    assert "The Princess, seat 2, Ben: do not wake them." in private
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])


def test_another_players_nominee_does_not_count():
    g = day_one()
    execute_by(g, 3, 4)
    night_two(g, {"poisoner": 7, "monk": 7, "imp": 5})
    assert not g.grim.seat(5).alive


def test_an_exile_does_not_count():
    g = day_one()
    execute_by(g, 2, 4)
    assert g.unit("princess").triggered(g, g.grim.seat(2))
    g.votes_today[-1].exile = True                       # as if it were an exile's vote
    assert not g.unit("princess").triggered(g, g.grim.seat(2))


def test_the_executee_need_not_die():
    """The Princess nominates the Soldier... an execution the executee survives: a Devil's
    Advocate's protected player is executed and lives. Here the executee is dead already."""
    g = day_one()
    run(g, ("die", {"seat": 4}))
    execute_by(g, 2, 4)
    night_two(g, {"poisoner": 7, "monk": 7, "imp": 5})
    assert g.grim.seat(5).alive


def test_only_the_first_day_counts():
    g = day_one()
    run(g, ("end_day", {}))
    to_day(g, {"poisoner": 7, "monk": 7, "imp": 4})
    execute_by(g, 2, 5)
    night_two(g, {"poisoner": 7, "monk": 7, "imp": 6})
    assert not g.grim.seat(6).alive


def test_poisoned_at_night_the_demon_kills_as_usual():
    g = day_one()
    said = execute_by(g, 2, 4)
    said += night_two(g, {"poisoner": 2, "monk": 7, "imp": 5})
    assert not g.grim.seat(5).alive
    assert "but the Princess is poisoned: the Demon kills as usual tonight." in text(said)


def test_poisoned_by_day_sober_at_night_the_demon_kills_nobody():
    g = day_one(poisoned=2)
    assert g.impairment(g.grim.seat(2)) == "poisoned"
    execute_by(g, 2, 4)
    night_two(g, {"poisoner": 7, "monk": 7, "imp": 5})
    assert g.grim.seat(5).alive


def test_the_imp_choosing_itself_does_not_die_either():
    g = day_one()
    execute_by(g, 2, 4)
    night_two(g, {"poisoner": 7, "monk": 7, "imp": 1})
    assert g.grim.seat(1).alive and g.grim.seat(1).character == "imp"


def test_other_night_kills_still_happen():
    """An Assassin's kill is not the Demon's: it happens."""
    g = day_one("imp,princess,assassin,chef,empath,monk,soldier")
    execute_by(g, 2, 4)
    said = until(g, "assassin", {"monk": 7, "imp": 5})
    said += run(g, ("choose", {"seats": [6]}))
    said += to_day(g, {"monk": 7, "imp": 5})
    assert not g.grim.seat(6).alive and g.grim.seat(5).alive


def test_a_princess_created_mid_game_has_her_first_day():
    """Made the Princess in the night (as the Pit-Hag would), day 2 is her first day."""
    g = day_one()
    run(g, ("end_day", {}))
    g.change_character(g.grim.seat(5), "princess")
    to_day(g, {"poisoner": 7, "monk": 7, "imp": 4})
    assert g.grim.seat(5).gained["princess"] == 2
    execute_by(g, 5, 3)
    night_two(g, {"monk": 7, "imp": 6})
    assert g.grim.seat(6).alive


def test_cannibal_jinx_the_cannibal_nominated_the_executed_princess():
    g = day_one("imp,princess,poisoner,cannibal,empath,monk,soldier")
    said = execute_by(g, 4, 2)
    assert not g.grim.seat(2).alive and "princess" in g.grim.seat(4).extra_abilities
    said += night_two(g, {"poisoner": 7, "monk": 7, "imp": 5})
    assert g.grim.seat(5).alive
    assert "The Princess's nominee, seat 2, Ben, was executed" in text(said)


def test_al_hadikhia_jinx_nobody_dies_to_its_choices():
    g = day_one("alhadikhia,princess,poisoner,chef,empath,monk,soldier")
    execute_by(g, 2, 4)
    said = until(g, "alhadikhia", {"poisoner": 7, "monk": 7})
    said += run(g, ("choose", {"seats": [5, 6, 7]}))
    for seat in (5, 6, 7):
        said += run(g, ("alhadikhia_live" if seat != 5 else "alhadikhia_die", {"seat": seat}))
    said += to_day(g, {})
    assert all(g.grim.seat(s).alive for s in (5, 6, 7))
    assert "Seat 5, Eve chose to die but does not die" in text(said)
